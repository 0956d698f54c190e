"""Pixel helpers for the render tests."""

from __future__ import annotations

import math

from PIL import Image


def close(a: tuple, b: tuple, tol: float = 40) -> bool:
    return math.dist(a[:3], b[:3]) <= tol


def ring_samples(
    img: Image.Image, center: tuple[float, float], radius: float, n: int = 36, lower_half: bool = False
) -> list[tuple]:
    """Pixels on a circle around ``center`` (only its lower half, away from a stack's height badge)."""
    cx, cy = center
    angles = [2 * math.pi * k / n for k in range(n)]
    if lower_half:
        angles = [a for a in angles if 0.15 < a < math.pi - 0.15]
    return [
        img.getpixel((round(cx + radius * math.cos(a)), round(cy + radius * math.sin(a)))) for a in angles
    ]


def count_close(img: Image.Image, box: tuple[int, int, int, int], colour: tuple, tol: float = 40) -> int:
    """How many pixels inside ``box`` are within ``tol`` of ``colour``."""
    data = img.crop(box).convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3) if close(tuple(data[i : i + 3]), colour, tol))


def hex_box(center: tuple[int, int], size: float) -> tuple[int, int, int, int]:
    x, y = center
    return (round(x - size), round(y - size * 0.87), round(x + size), round(y + size * 0.87))


def region(center: tuple[int, int], half: int) -> tuple[int, int, int, int]:
    x, y = center
    return (x - half, y - half, x + half + 1, y + half + 1)
