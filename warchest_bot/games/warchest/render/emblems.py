"""The project's own emblem for each unit type: simple geometric glyphs drawn with Pillow.

Each glyph is drawn in a unit square (``u``, ``v`` from 0 to 1, ``v`` downwards) onto a supersampled
greyscale mask, then scaled down, so it is smooth at any size. :func:`emblem_mask` is cached.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image

from warchest_bot.render.cache import memo
from warchest_bot.render.pen import Pen, arc_points, glyph_mask


# ---------------------------------------------------------------------------------------- the glyphs
def _archer(p: Pen) -> None:
    # Bow bulging right, string on the left, arrow nocked and pointing right.
    cu, cv, ru, rv = 0.30, 0.5, 0.40, 0.44
    p.arc((cu - ru, cv - rv, cu + ru, cv + rv), -68, 68, 0.085)
    top = (cu + ru * math.cos(math.radians(-68)), cv + rv * math.sin(math.radians(-68)))
    bot = (top[0], 2 * cv - top[1])
    p.line([top, bot], 0.03, caps=False)
    p.line([(0.12, 0.5), (0.80, 0.5)], 0.06)
    p.poly([(0.97, 0.5), (0.76, 0.38), (0.80, 0.5), (0.76, 0.62)])
    p.poly([(0.04, 0.38), (0.14, 0.38), (0.22, 0.5), (0.14, 0.62), (0.04, 0.62), (0.12, 0.5)])


def _berserker(p: Pen) -> None:
    # A double-bladed axe.
    p.line([(0.5, 0.10), (0.5, 0.95)], 0.085)
    outer = arc_points(0.60, 0.36, 0.46, 0.33, 220, 140, 16)
    left = [(0.5, 0.25), (0.36, 0.19), *outer, (0.36, 0.53), (0.5, 0.47)]
    p.poly(left)
    p.poly([(1 - u, v) for u, v in left])
    p.circle(0.5, 0.09, 0.06)


def _cavalry(p: Pen) -> None:
    # A horse's head facing left.
    p.poly(
        [
            (0.30, 0.95),
            (0.86, 0.95),
            (0.84, 0.72),
            (0.86, 0.50),
            (0.80, 0.30),
            (0.68, 0.16),
            (0.66, 0.03),
            (0.56, 0.13),
            (0.50, 0.06),
            (0.44, 0.17),
            (0.30, 0.26),
            (0.16, 0.44),
            (0.08, 0.56),
            (0.12, 0.64),
            (0.22, 0.66),
            (0.34, 0.58),
            (0.46, 0.54),
            (0.42, 0.70),
        ]
    )
    p.circle(0.42, 0.32, 0.045, on=False)
    p.circle(0.15, 0.55, 0.025, on=False)
    # Mane notches.
    for v in (0.30, 0.45, 0.60, 0.75):
        p.poly([(0.86, v - 0.05), (0.95, v + 0.02), (0.85, v + 0.07)])


def _crossbowman(p: Pen) -> None:
    # A crossbow seen from above: bow across the top, stock down the middle, a bolt pointing up.
    p.arc((0.06, 0.22, 0.94, 0.78), 195, 345, 0.08)
    left = (0.5 + 0.44 * math.cos(math.radians(195)), 0.5 + 0.28 * math.sin(math.radians(195)))
    right = (1 - left[0], left[1])
    p.line([left, (0.5, 0.58), right], 0.03, caps=False)
    p.poly([(0.44, 0.40), (0.56, 0.40), (0.60, 0.96), (0.40, 0.96)])
    p.line([(0.5, 0.12), (0.5, 0.45)], 0.05)
    p.poly([(0.5, 0.02), (0.60, 0.18), (0.40, 0.18)])


def _ensign(p: Pen) -> None:
    # A swallow-tailed flag on a pole.
    p.line([(0.24, 0.10), (0.24, 0.95)], 0.075)
    p.circle(0.24, 0.08, 0.065)
    p.poly([(0.27, 0.14), (0.92, 0.14), (0.74, 0.34), (0.92, 0.54), (0.27, 0.54)])


def _footman(p: Pen) -> None:
    # A round shield with a boss and rim.
    p.circle(0.5, 0.5, 0.44)
    p.circle(0.5, 0.5, 0.35, on=False)
    p.circle(0.5, 0.5, 0.30)
    p.circle(0.5, 0.5, 0.13, on=False)
    p.circle(0.5, 0.5, 0.09)
    for a in range(45, 360, 90):
        u = 0.5 + 0.215 * math.cos(math.radians(a))
        v = 0.5 + 0.215 * math.sin(math.radians(a))
        p.circle(u, v, 0.035, on=False)


def _knight(p: Pen) -> None:
    # A great helm with a cross-shaped visor.
    p.rect(0.18, 0.08, 0.82, 0.94, radius=0.22)
    p.rect(0.18, 0.50, 0.82, 0.94)
    p.rect(0.25, 0.38, 0.75, 0.47, on=False)
    p.rect(0.455, 0.47, 0.545, 0.80, on=False)
    for v in (0.60, 0.70):
        p.circle(0.33, v, 0.025, on=False)
        p.circle(0.67, v, 0.025, on=False)


def _lancer(p: Pen) -> None:
    # A couched lance with its cone-shaped guard, pointing up and right.
    p.poly([(0.96, 0.04), (0.30, 0.58), (0.42, 0.70)])
    p.poly([(0.14, 0.50), (0.50, 0.86), (0.44, 0.60), (0.40, 0.56)])
    p.line([(0.30, 0.70), (0.07, 0.93)], 0.10)


def _light_cavalry(p: Pen) -> None:
    # A horseshoe with speed lines: the fast rider.
    p.arc((0.30, 0.10, 0.92, 0.78), 150, 30, 0.15)
    p.rect(0.31, 0.58, 0.43, 0.92)
    p.rect(0.79, 0.58, 0.91, 0.92)
    for u, v in ((0.61, 0.115), (0.36, 0.36), (0.86, 0.36)):
        p.circle(u, v, 0.028, on=False)
    for v, u0 in ((0.32, 0.02), (0.50, 0.06), (0.68, 0.02)):
        p.line([(u0, v), (u0 + 0.16, v)], 0.06)


def _marshall(p: Pen) -> None:
    # A five-pointed star on a baton.
    pts = []
    for i in range(10):
        r = 0.44 if i % 2 == 0 else 0.18
        a = math.radians(-90 + 36 * i)
        pts.append((0.5 + r * math.cos(a), 0.48 + r * math.sin(a)))
    p.poly(pts)


def _mercenary(p: Pen) -> None:
    # A purse of coins, tied at the neck.
    p.circle(0.5, 0.64, 0.32)
    p.poly([(0.38, 0.36), (0.62, 0.36), (0.58, 0.26), (0.42, 0.26)])
    p.poly([(0.42, 0.27), (0.28, 0.10), (0.42, 0.16), (0.5, 0.08), (0.58, 0.16), (0.72, 0.10), (0.58, 0.27)])
    p.rect(0.34, 0.31, 0.66, 0.37, radius=0.03)
    p.circle(0.5, 0.66, 0.13, on=False)
    p.circle(0.5, 0.66, 0.08)


def _pikeman(p: Pen) -> None:
    # A wall of three upright pikes.
    for u, top in ((0.20, 0.20), (0.5, 0.04), (0.80, 0.20)):
        p.line([(u, top + 0.2), (u, 0.95)], 0.07)
        p.poly([(u, top), (u + 0.09, top + 0.14), (u, top + 0.26), (u - 0.09, top + 0.14)])
    p.rect(0.10, 0.58, 0.90, 0.66)


def _royal_guard(p: Pen) -> None:
    # A heater shield bearing a crown.
    side = arc_points(0.5, 0.40, 0.34, 0.56, 0, 90, 12)
    right = [(u, v) for u, v in side if v >= 0.40]
    left = [(1 - u, v) for u, v in reversed(right)]
    p.poly([(0.16, 0.08), (0.84, 0.08)] + right + left[1:])
    p.poly(
        [(0.30, 0.56), (0.30, 0.30), (0.40, 0.42), (0.5, 0.24), (0.60, 0.42), (0.70, 0.30), (0.70, 0.56)],
        on=False,
    )


def _scout(p: Pen) -> None:
    # An open eye.
    top = arc_points(0.5, 0.86, 0.58, 0.62, 220, 320, 20)
    bottom = arc_points(0.5, 0.14, 0.58, 0.62, 40, 140, 20)
    p.poly(top + bottom)
    p.circle(0.5, 0.5, 0.21, on=False)
    p.circle(0.5, 0.5, 0.15)
    p.circle(0.45, 0.45, 0.045, on=False)


def _swordsman(p: Pen) -> None:
    # A sword, point up.
    p.poly([(0.5, 0.02), (0.59, 0.14), (0.59, 0.64), (0.41, 0.64), (0.41, 0.14)])
    p.line([(0.5, 0.12), (0.5, 0.58)], 0.02, on=False, caps=False)
    p.rect(0.22, 0.64, 0.78, 0.72, radius=0.03)
    p.rect(0.455, 0.72, 0.545, 0.88)
    p.circle(0.5, 0.91, 0.06)


def _warrior_priest(p: Pen) -> None:
    # A flared cross (cross pattée).
    c, n, w = 0.5, 0.07, 0.44
    arms = []
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        # Each arm: narrow at the centre, wide at the end.
        ex, ey = c + dx * w, c + dy * w
        px, py = -dy, dx
        arms.append(
            [
                (c + dx * 0.05 + px * n, c + dy * 0.05 + py * n),
                (ex + px * 0.17, ey + py * 0.17),
                (ex - px * 0.17, ey - py * 0.17),
                (c + dx * 0.05 - px * n, c + dy * 0.05 - py * n),
            ]
        )
    for arm in arms:
        p.poly(arm)
    p.circle(0.5, 0.5, 0.11)


def _royal(p: Pen) -> None:
    # A crown.
    p.poly([(0.12, 0.76), (0.08, 0.28), (0.32, 0.50), (0.5, 0.18), (0.68, 0.50), (0.92, 0.28), (0.88, 0.76)])
    p.rect(0.12, 0.80, 0.88, 0.90)
    for u, v in ((0.08, 0.26), (0.5, 0.15), (0.92, 0.26)):
        p.circle(u, v, 0.06)
    p.circle(0.5, 0.62, 0.07, on=False)


# --- Nobility -------------------------------------------------------------------------------------------
def _bannerman(p: Pen) -> None:
    # A gonfalon: a banner hanging from a crossbar, pointed at the bottom.
    p.line([(0.14, 0.12), (0.86, 0.12)], 0.07)
    p.line([(0.5, 0.02), (0.5, 0.12)], 0.06)
    p.poly([(0.24, 0.18), (0.76, 0.18), (0.76, 0.70), (0.5, 0.96), (0.24, 0.70)])
    p.poly([(0.5, 0.34), (0.60, 0.50), (0.5, 0.66), (0.40, 0.50)], on=False)


def _bishop(p: Pen) -> None:
    # A mitre: a pointed cap split by a cleft, with a band and a cross.
    p.poly([(0.20, 0.88), (0.20, 0.40), (0.50, 0.06), (0.80, 0.40), (0.80, 0.88)])
    p.line([(0.34, 0.26), (0.56, 0.50)], 0.05, on=False, caps=False)
    p.rect(0.20, 0.70, 0.80, 0.78, on=False)
    p.rect(0.47, 0.40, 0.53, 0.64, on=False)
    p.rect(0.40, 0.48, 0.60, 0.54, on=False)


def _earl(p: Pen) -> None:
    # A coronet: a band with pearls on tall points and strawberry leaves between.
    p.rect(0.10, 0.62, 0.90, 0.84, radius=0.03)
    for u in (0.14, 0.5, 0.86):
        p.line([(u, 0.62), (u, 0.30)], 0.06)
        p.circle(u, 0.24, 0.08)
    for u in (0.32, 0.68):
        p.poly([(u - 0.09, 0.62), (u, 0.44), (u + 0.09, 0.62)])
    p.circle(0.5, 0.73, 0.05, on=False)


def _herald(p: Pen) -> None:
    # A trumpet with a hanging flag.
    p.poly([(0.06, 0.26), (0.12, 0.22), (0.12, 0.34), (0.06, 0.30)])
    p.line([(0.10, 0.28), (0.66, 0.28)], 0.07, caps=False)
    p.poly([(0.62, 0.28), (0.96, 0.08), (0.96, 0.48)])
    p.poly([(0.24, 0.32), (0.64, 0.32), (0.64, 0.78), (0.44, 0.66), (0.24, 0.78)])
    p.circle(0.44, 0.50, 0.07, on=False)


def _sapper(p: Pen) -> None:
    # A pickaxe: a curved head on a slanted haft.
    p.line([(0.22, 0.94), (0.62, 0.30)], 0.085)
    head = arc_points(0.62, 0.62, 0.50, 0.46, 235, 305, 14)
    p.line(head, 0.09)
    p.circle(0.62, 0.28, 0.08)


def _siege_tower(p: Pen) -> None:
    # A tall tower on wheels, battlements on top and a drawbridge let down on the right.
    p.rect(0.24, 0.20, 0.70, 0.84)
    for u in (0.24, 0.40, 0.56):
        p.rect(u, 0.06, u + 0.14, 0.20)
    p.rect(0.39, 0.30, 0.55, 0.46, on=False)
    p.line([(0.70, 0.30), (0.96, 0.56)], 0.06)
    for u in (0.34, 0.60):
        p.circle(u, 0.88, 0.09)
        p.circle(u, 0.88, 0.035, on=False)


def _trebuchet(p: Pen) -> None:
    # A frame with a long throwing arm, its counterweight low on the left and the sling up on the right.
    p.poly([(0.22, 0.92), (0.46, 0.44), (0.54, 0.44), (0.78, 0.92), (0.68, 0.92), (0.50, 0.56), (0.32, 0.92)])
    p.line([(0.10, 0.92), (0.90, 0.92)], 0.06)
    p.line([(0.24, 0.62), (0.88, 0.14)], 0.06)
    p.rect(0.12, 0.58, 0.32, 0.78)
    p.circle(0.50, 0.46, 0.06)
    p.line([(0.88, 0.14), (0.84, 0.34)], 0.03, caps=False)
    p.circle(0.84, 0.38, 0.06)


def _war_wagon(p: Pen) -> None:
    # A covered wagon: a box with a hooped cover and two spoked wheels.
    p.rect(0.10, 0.42, 0.90, 0.66, radius=0.02)
    p.arc((0.14, 0.10, 0.86, 0.74), 180, 360, 0.07)
    p.line([(0.38, 0.16), (0.38, 0.42)], 0.05, caps=False)
    p.line([(0.62, 0.16), (0.62, 0.42)], 0.05, caps=False)
    for u in (0.27, 0.73):
        p.circle(u, 0.78, 0.15)
        p.circle(u, 0.78, 0.09, on=False)
        p.circle(u, 0.78, 0.035)


GLYPHS: dict[str, Callable[[Pen], None]] = {
    "RC": _royal,
    "Ar": _archer,
    "Be": _berserker,
    "Ca": _cavalry,
    "Cr": _crossbowman,
    "En": _ensign,
    "Fo": _footman,
    "Kn": _knight,
    "La": _lancer,
    "LC": _light_cavalry,
    "Ma": _marshall,
    "Me": _mercenary,
    "Pi": _pikeman,
    "RG": _royal_guard,
    "Sc": _scout,
    "Sw": _swordsman,
    "WP": _warrior_priest,
    "Bn": _bannerman,
    "Bi": _bishop,
    "Ea": _earl,
    "He": _herald,
    "Sp": _sapper,
    "ST": _siege_tower,
    "Tr": _trebuchet,
    "WW": _war_wagon,
}
"""Glyph drawer per unit code (``RC`` is the Royal Coin)."""


@memo
def emblem_mask(code: str, size: int) -> Image.Image:
    """The emblem of unit ``code`` as a ``size``×``size`` antialiased ``L`` mask (shared: do not modify)."""
    return glyph_mask(GLYPHS[code], size)
