"""Colour-blind safety of the two sides' colours in both games: after simulating protanopia, deuteranopia
and tritanopia (Machado, Oliveira & Fernandes 2009, severity 1.0, applied in linear RGB) the two sides'
colours stay clearly apart (CIE76 ΔE*ab at least `MIN_DELTA_E`), and in grayscale their lightness differs
by at least `MIN_DELTA_L` (L*), so a picture printed or seen without colour still tells the sides apart."""

from __future__ import annotations

import math

import pytest

from warchest_bot.games.pointbuy import render as pb
from warchest_bot.games.warchest.render import theme as wc

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]

MACHADO: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
MIN_DELTA_E = 20.0
"""ΔE*ab between the sides under each deficiency: 20 is plainly different colours at a glance."""
MIN_DELTA_L = 15.0
"""L* between the sides in grayscale."""

SIDE_PAIRS: dict[str, tuple[RGB, RGB]] = {
    "War Chest team": wc.TEAM,
    "War Chest team dark": wc.TEAM_DARK,
    "War Chest team tint": wc.TEAM_TINT,
    "Point-Buy piece face": pb.PIECE_FACE,
    "Point-Buy piece ring": pb.PIECE_RING,
}


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def simulate(rgb: RGB, matrix: Matrix) -> tuple[float, float, float]:
    """The linear RGB a viewer with the deficiency perceives (clamped to the gamut)."""
    lin = [_linear(c) for c in rgb]
    return tuple(min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin, strict=True)))) for row in matrix)  # type: ignore[return-value]


def lab(lin: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear sRGB colour."""
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return math.dist(lab(a), lab(b))


@pytest.mark.parametrize("pair", SIDE_PAIRS)
@pytest.mark.parametrize("deficiency", MACHADO)
def test_sides_stay_apart_under_colour_deficiency(pair: str, deficiency: str) -> None:
    one, two = SIDE_PAIRS[pair]
    matrix = MACHADO[deficiency]
    assert delta_e(simulate(one, matrix), simulate(two, matrix)) >= MIN_DELTA_E


@pytest.mark.parametrize("pair", SIDE_PAIRS)
def test_sides_differ_in_lightness_in_grayscale(pair: str) -> None:
    one, two = ([_linear(c) for c in rgb] for rgb in SIDE_PAIRS[pair])
    grey = [0.2126 * r + 0.7152 * g + 0.0722 * b for r, g, b in (one, two)]
    lightness = [lab((y, y, y))[0] for y in grey]
    assert abs(lightness[0] - lightness[1]) >= MIN_DELTA_L


def test_the_simulation_is_the_published_one() -> None:
    """Machado's matrices keep white white and make red and green alike for protanopes and deuteranopes."""
    for matrix in MACHADO.values():
        assert all(v == pytest.approx(1.0, abs=1e-3) for v in simulate((255, 255, 255), matrix))
    red, green = (200, 60, 40), (60, 160, 40)
    for name in ("protanopia", "deuteranopia"):
        m = MACHADO[name]
        assert delta_e(simulate(red, m), simulate(green, m)) < delta_e(
            simulate(red, MACHADO["tritanopia"]), simulate(green, MACHADO["tritanopia"])
        )
