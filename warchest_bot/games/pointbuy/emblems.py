"""The project's own emblem for each of the 24 Point-Buy Chess unit types, drawn with Pillow primitives.

Each glyph is a simple geometric picture of the unit's name (a candle for the Acolyte, a crosshair for the
Sniper, two swap arrows for the Spy, …) drawn in a unit square (``u``, ``v`` from 0 to 1, ``v``
downwards) onto a supersampled greyscale mask and scaled down, so it is smooth at any size. No chess font
or other outside artwork is used. :func:`emblem_mask` is cached.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image

from warchest_bot.render.cache import memo
from warchest_bot.render.pen import Pen, arc_points, glyph_mask


def _star(cu: float, cv: float, outer: float, inner: float, points: int = 5, turn: float = -90):
    out = []
    for i in range(2 * points):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + 180 / points * i)
        out.append((cu + r * math.cos(a), cv + r * math.sin(a)))
    return out


def _acolyte(p: Pen) -> None:
    # A candle with its flame.
    p.rect(0.36, 0.42, 0.64, 0.90, radius=0.03)
    p.rect(0.24, 0.86, 0.76, 0.96, radius=0.03)
    p.poly([(0.5, 0.04), (0.62, 0.24), (0.60, 0.32), (0.5, 0.37), (0.40, 0.32), (0.38, 0.24)])
    p.line([(0.5, 0.36), (0.5, 0.44)], 0.03, caps=False)


def _anointed(p: Pen) -> None:
    # A halo over a cross.
    p.arc((0.22, 0.02, 0.78, 0.26), 0, 360, 0.07)
    p.rect(0.43, 0.32, 0.57, 0.96)
    p.rect(0.20, 0.46, 0.80, 0.59)


def _banshee(p: Pen) -> None:
    # A wailing ghost: round head, ragged hem, hollow eyes and open mouth.
    top = arc_points(0.5, 0.42, 0.36, 0.36, 180, 360, 18)
    hem = [(0.86, 0.96), (0.74, 0.84), (0.62, 0.96), (0.5, 0.84), (0.38, 0.96), (0.26, 0.84), (0.14, 0.96)]
    p.poly(top + hem)
    p.circle(0.38, 0.40, 0.07, on=False)
    p.circle(0.62, 0.40, 0.07, on=False)
    p.rect(0.44, 0.56, 0.56, 0.72, on=False, radius=0.05)


def _bishop(p: Pen) -> None:
    # A mitre: a pointed arch with a slanted cut, on a band.
    left = arc_points(0.80, 0.78, 0.56, 0.74, 180, 250, 10)
    right = [(1 - u, v) for u, v in reversed(left)]
    p.poly([*left, (0.5, 0.04), *right])
    p.line([(0.58, 0.22), (0.40, 0.48)], 0.06, on=False)
    p.rect(0.20, 0.80, 0.80, 0.94, radius=0.03)


def _chancellor(p: Pen) -> None:
    # A scroll: a sheet between two rolls, written lines cut out.
    p.rect(0.22, 0.14, 0.78, 0.86)
    p.rect(0.12, 0.06, 0.88, 0.18, radius=0.06)
    p.rect(0.12, 0.82, 0.88, 0.94, radius=0.06)
    for v in (0.32, 0.46, 0.60):
        p.line([(0.32, v), (0.68, v)], 0.05, on=False)
    p.line([(0.32, 0.72), (0.52, 0.72)], 0.05, on=False)


def _charger(p: Pen) -> None:
    # Three chevrons one after another: the charge up a line.
    for v in (0.06, 0.36, 0.66):
        p.poly(
            [
                (0.5, v),
                (0.92, v + 0.28),
                (0.92, v + 0.40),
                (0.5, v + 0.14),
                (0.08, v + 0.40),
                (0.08, v + 0.28),
            ]
        )


def _dragoon(p: Pen) -> None:
    # A horseshoe crowned.
    p.arc((0.16, 0.34, 0.84, 0.98), 165, 15, 0.14)
    p.rect(0.17, 0.64, 0.30, 0.96)
    p.rect(0.70, 0.64, 0.83, 0.96)
    p.poly([(0.24, 0.30), (0.20, 0.04), (0.37, 0.16), (0.5, 0.02), (0.63, 0.16), (0.80, 0.04), (0.76, 0.30)])


def _gryphon(p: Pen) -> None:
    # A raised wing: a curved leading edge and feathers fanning down to the shoulder.
    p.poly(
        [
            (0.10, 0.94),
            (0.08, 0.60),
            (0.22, 0.32),
            (0.50, 0.12),
            (0.96, 0.04),
            (0.78, 0.34),
            (0.88, 0.36),
            (0.64, 0.56),
            (0.74, 0.60),
            (0.48, 0.76),
            (0.56, 0.80),
            (0.30, 0.96),
        ]
    )
    p.line([(0.22, 0.78), (0.40, 0.48), (0.70, 0.22)], 0.04, on=False, caps=False)


def _hero(p: Pen) -> None:
    # A five-pointed star with a hollow heart.
    p.poly(_star(0.5, 0.54, 0.48, 0.20))
    p.circle(0.5, 0.54, 0.08, on=False)


def _immortal(p: Pen) -> None:
    # The infinity sign: it comes back.
    p.arc((0.04, 0.28, 0.52, 0.72), 0, 360, 0.11)
    p.arc((0.48, 0.28, 0.96, 0.72), 0, 360, 0.11)


def _king(p: Pen) -> None:
    # A crown topped by a cross.
    p.poly([(0.16, 0.86), (0.10, 0.42), (0.32, 0.60), (0.5, 0.36), (0.68, 0.60), (0.90, 0.42), (0.84, 0.86)])
    p.rect(0.16, 0.88, 0.84, 0.97)
    p.rect(0.455, 0.02, 0.545, 0.32)
    p.rect(0.38, 0.09, 0.62, 0.18)


def _knight(p: Pen) -> None:
    # A horse's head facing left.
    p.poly(
        [
            (0.32, 0.96),
            (0.86, 0.96),
            (0.84, 0.70),
            (0.86, 0.48),
            (0.78, 0.28),
            (0.66, 0.15),
            (0.64, 0.03),
            (0.55, 0.12),
            (0.44, 0.16),
            (0.30, 0.26),
            (0.14, 0.46),
            (0.08, 0.58),
            (0.14, 0.66),
            (0.26, 0.66),
            (0.38, 0.58),
            (0.48, 0.56),
            (0.42, 0.74),
        ]
    )
    p.circle(0.44, 0.31, 0.05, on=False)


def _monk(p: Pen) -> None:
    # A hood over a shadowed face, shoulders below.
    p.poly(arc_points(0.5, 0.96, 0.44, 0.92, 180, 360, 24))
    p.poly(arc_points(0.5, 0.56, 0.17, 0.22, 180, 360, 16) + [(0.67, 0.62), (0.33, 0.62)], on=False)


def _nightrider(p: Pen) -> None:
    # A crescent moon and a star: the rider of the night.
    p.circle(0.42, 0.5, 0.40)
    p.circle(0.58, 0.42, 0.34, on=False)
    p.poly(_star(0.76, 0.64, 0.20, 0.08))


def _oracle(p: Pen) -> None:
    # A crystal ball on a stand, with a glint.
    p.circle(0.5, 0.42, 0.36)
    p.circle(0.38, 0.30, 0.08, on=False)
    p.poly([(0.26, 0.96), (0.34, 0.76), (0.66, 0.76), (0.74, 0.96)])


def _pawn(p: Pen) -> None:
    # A plain footman: a round head over a cone.
    p.circle(0.5, 0.25, 0.17)
    p.poly([(0.5, 0.34), (0.78, 0.88), (0.22, 0.88)])
    p.rect(0.16, 0.84, 0.84, 0.96, radius=0.04)


def _phantom(p: Pen) -> None:
    # A masquerade mask: wide, with two eye holes.
    p.poly(
        [
            (0.04, 0.30),
            (0.5, 0.38),
            (0.96, 0.30),
            (0.92, 0.58),
            (0.74, 0.76),
            (0.58, 0.70),
            (0.5, 0.58),
            (0.42, 0.70),
            (0.26, 0.76),
            (0.08, 0.58),
        ]
    )
    p.poly([(0.16, 0.48), (0.30, 0.44), (0.40, 0.52), (0.28, 0.60)], on=False)
    p.poly([(0.84, 0.48), (0.70, 0.44), (0.60, 0.52), (0.72, 0.60)], on=False)


def _queen(p: Pen) -> None:
    # A tiara: five points, each with a pearl.
    tips = [(0.08, 0.30), (0.29, 0.20), (0.5, 0.14), (0.71, 0.20), (0.92, 0.30)]
    p.poly([(0.18, 0.84), tips[0], (0.24, 0.58), tips[1], (0.40, 0.54), tips[2], (0.60, 0.54), tips[3],
            (0.76, 0.58), tips[4], (0.82, 0.84)])  # fmt: skip
    for u, v in tips:
        p.circle(u, v, 0.065)
    p.rect(0.16, 0.86, 0.84, 0.96, radius=0.03)


def _rook(p: Pen) -> None:
    # A tower with three merlons.
    p.rect(0.24, 0.30, 0.76, 0.86)
    p.rect(0.14, 0.84, 0.86, 0.96)
    for u in (0.14, 0.42, 0.70):
        p.rect(u, 0.08, u + 0.16, 0.32)
    p.rect(0.14, 0.24, 0.86, 0.34)
    p.rect(0.44, 0.56, 0.56, 0.86, on=False, radius=0.05)


def _sniper(p: Pen) -> None:
    # A crosshair.
    p.arc((0.10, 0.10, 0.90, 0.90), 0, 360, 0.09)
    for a, b in (((0.5, 0.02), (0.5, 0.36)), ((0.5, 0.64), (0.5, 0.98))):
        p.line([a, b], 0.08, caps=False)
        p.line([(a[1], a[0]), (b[1], b[0])], 0.08, caps=False)
    p.circle(0.5, 0.5, 0.07)


def _sphinx(p: Pen) -> None:
    # A pyramid of courses of stone.
    p.poly([(0.5, 0.06), (0.96, 0.90), (0.04, 0.90)])
    for v in (0.36, 0.58):
        p.line([(0.0, v), (1.0, v)], 0.05, on=False, caps=False)
    p.rect(0.04, 0.90, 0.96, 0.97)


def _spy(p: Pen) -> None:
    # Two arrows passing each other: it swaps places.
    p.rect(0.10, 0.22, 0.70, 0.34)
    p.poly([(0.94, 0.28), (0.66, 0.08), (0.66, 0.48)])
    p.rect(0.30, 0.66, 0.90, 0.78)
    p.poly([(0.06, 0.72), (0.34, 0.52), (0.34, 0.92)])


def _striker(p: Pen) -> None:
    # A lightning bolt.
    p.poly([(0.62, 0.02), (0.20, 0.56), (0.46, 0.56), (0.36, 0.98), (0.80, 0.40), (0.54, 0.40), (0.70, 0.02)])


def _warlord(p: Pen) -> None:
    # Two crossed swords.
    for flip in (False, True):

        def q(u: float, v: float, flip: bool = flip) -> tuple[float, float]:
            return (1 - u, v) if flip else (u, v)

        p.poly([q(0.08, 0.06), q(0.20, 0.08), q(0.74, 0.62), q(0.64, 0.70), q(0.10, 0.18)])
        p.line([q(0.58, 0.78), q(0.80, 0.54)], 0.07)
        p.line([q(0.72, 0.70), q(0.90, 0.88)], 0.08)


GLYPHS: dict[str, Callable[[Pen], None]] = {
    "Ac": _acolyte,
    "An": _anointed,
    "Ba": _banshee,
    "Bi": _bishop,
    "Ch": _chancellor,
    "Cr": _charger,
    "Dr": _dragoon,
    "Gr": _gryphon,
    "He": _hero,
    "Im": _immortal,
    "Ki": _king,
    "Kn": _knight,
    "Mo": _monk,
    "Ni": _nightrider,
    "Or": _oracle,
    "Pa": _pawn,
    "Ph": _phantom,
    "Qu": _queen,
    "Ro": _rook,
    "Sn": _sniper,
    "Sx": _sphinx,
    "Sp": _spy,
    "St": _striker,
    "Wa": _warlord,
}
"""Glyph drawer per unit code (the 24 codes of ``warchest_bot.games.units``)."""


@memo
def emblem_mask(code: str, size: int) -> Image.Image:
    """The emblem of unit ``code`` as a ``size``×``size`` antialiased ``L`` mask (shared: do not modify)."""
    return glyph_mask(GLYPHS[code], size)
