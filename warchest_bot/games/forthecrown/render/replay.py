"""The replay of a For the Crown game as an animated GIF: one frame per turn (the board post of the
spectator view where each turn ended, the cards that turn played in the column), drawn at half size on
the game's shipped palette. A long game keeps every n-th turn and its end; a GIF over ``max_bytes`` is
redone with every other frame."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from warchest_bot.i18n import DEFAULT_LOCALE
from warchest_bot.render.gif import GifWriter

from . import HEIGHT, WIDTH, palette, render_board

FRAME_MS, FIRST_MS, LAST_MS = 900, 1400, 3000
MAX_FRAMES = 200
MAX_BYTES = 7 * 1024 * 1024
SCALE = 2
"""Frames are drawn at 1/SCALE of the board post's size."""


def _parts(frame: Any) -> tuple[Mapping[str, Any], Mapping[str, Any] | None]:
    if isinstance(frame, Mapping):
        return frame, None
    if isinstance(frame, tuple | list):
        return frame[0], frame[1]
    return frame.view, frame.last_action


def render_frame(
    view: Mapping[str, Any], last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str
) -> Image.Image:
    """One replay frame: the board post, smaller."""
    played = None if not last else last.get("played")
    img = render_board(view, names=names, locale=locale, played=played)
    return img.resize((WIDTH // SCALE, HEIGHT // SCALE), Image.Resampling.LANCZOS)


def render_replay(
    frames: Sequence[Any],
    *,
    names: Sequence[str] | None = None,
    locale: str = DEFAULT_LOCALE,
    max_frames: int = MAX_FRAMES,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """An animated GIF of ``frames`` ((spectator view, public last action) per turn, in order)."""
    chosen = list(frames)
    if not chosen:
        raise ValueError("a replay needs at least one frame")
    while len(chosen) > max_frames:
        chosen = [*chosen[:-1:2], chosen[-1]]
    while True:
        buf = io.BytesIO()
        writer = GifWriter(buf, palette())
        for n, frame in enumerate(chosen):
            view, last = _parts(frame)
            ms = FIRST_MS if n == 0 else LAST_MS if n == len(chosen) - 1 else FRAME_MS
            writer.add(render_frame(view, last, names, locale).convert("RGB"), ms)
        writer.close()
        if buf.tell() <= max_bytes or len(chosen) <= 2:
            return buf.getvalue()
        chosen = [*chosen[:-1:2], chosen[-1]]


__all__ = ["render_frame", "render_replay"]
