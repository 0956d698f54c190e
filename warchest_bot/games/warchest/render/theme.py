"""Colours and the two sides' visual identity.

Side A is blue with *solid* rings and round markers; side B is orange with *striped* rings. The blue /
orange pair stays distinct for the common colour-vision deficiencies, and the ring pattern is a second cue
that needs no colour at all.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

BACKGROUND: RGB = (32, 30, 28)
PLATE: RGB = (74, 62, 48)
PLATE_EDGE: RGB = (104, 88, 66)
HEX_FILL: RGB = (234, 224, 198)
HEX_EDGE: RGB = (150, 134, 102)
HEX_LABEL: RGB = (96, 82, 58)
LOCATION_FILL: RGB = (216, 203, 170)
LOCATION_RING: RGB = (140, 110, 50)

INK: RGB = (38, 33, 28)
WHITE: RGB = (255, 255, 255)
TEXT: RGB = (238, 232, 220)
MUTED: RGB = (170, 160, 144)
FAINT: RGB = (112, 104, 94)
PANEL: RGB = (50, 46, 42)
PANEL_EDGE: RGB = (76, 70, 63)
HEADER: RGB = (24, 22, 20)

HIGHLIGHT: RGB = (255, 208, 0)
HIGHLIGHT_EDGE: RGB = (40, 32, 0)
ATTACK: RGB = (225, 36, 42)
ATTACK_EDGE: RGB = (60, 0, 0)

TEAM: tuple[RGB, RGB] = ((38, 110, 214), (236, 124, 20))
TEAM_DARK: tuple[RGB, RGB] = ((20, 58, 124), (156, 76, 8))
TEAM_EDGE: tuple[RGB, RGB] = ((12, 40, 92), (92, 42, 0))
TEAM_TINT: tuple[RGB, RGB] = ((140, 176, 234), (250, 214, 176))
TEAM_FACE: tuple[RGB, RGB] = ((236, 243, 253), (254, 242, 228))
STRIPE: RGB = (255, 246, 232)

NEUTRAL = (150, 118, 62)
NEUTRAL_DARK = (98, 74, 36)
NEUTRAL_FACE = (244, 238, 226)

ROYAL_FACE: RGB = (246, 214, 120)
ROYAL_RING: RGB = (176, 128, 30)


def team_of(seat: int) -> int:
    """Seats 0 and 2 are side A (team 0); seats 1 and 3 are side B (team 1)."""
    return seat % 2
