"""Animated GIFs written frame by frame on one fixed palette (every game's replays use it).

Each frame stores only the box that changed since the one before, and inside it the pixels that did not
change are transparent (they show the frame underneath), which LZW packs into long runs: a long game's
animation stays small, and memory holds one frame, never the whole animation.
"""

from __future__ import annotations

import struct
from typing import IO

from PIL import GifImagePlugin, Image, ImageChops

TRANSPARENT = 255
"""The palette index of "unchanged" pixels: palettes of animations hold at most 255 colours."""


class GifWriter:
    """An animated GIF written frame by frame, looping forever: one global palette (``palette``, a "P"
    image of at most 255 colours), and each frame only the box that changed since the one before (kept
    underneath: disposal 1), its unchanged pixels transparent. Memory holds the previous frame, never the
    whole animation."""

    def __init__(self, fp: IO[bytes], palette: Image.Image) -> None:
        colours = (palette.getpalette() or [])[:768]
        colours += [0] * (768 - len(colours))
        self.fp = fp
        self.palette = palette
        self.frames = 0
        self._previous: Image.Image | None = None
        self._previous_indices: Image.Image | None = None
        self._size: tuple[int, int] | None = None
        self._colours = bytes(colours)

    def add(self, frame: Image.Image, duration_ms: int) -> None:
        """Append one RGB frame (every frame the size of the first), shown for ``duration_ms``."""
        transparency = None
        if self._previous is None:
            self._size = frame.size
            w, h = frame.size
            # Header, logical screen (global table of 256 colours), the table, and "loop forever".
            self.fp.write(b"GIF89a" + struct.pack("<HHBBB", w, h, 0xF7, 0, 0) + self._colours)
            self.fp.write(b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")
            box: tuple[int, int, int, int] = (0, 0, w, h)
        else:
            if frame.size != self._size:
                raise ValueError("every frame of an animation must have the size of the first")
            box = ImageChops.difference(self._previous, frame).getbbox() or (0, 0, 1, 1)
        part = frame.crop(box).quantize(palette=self.palette, dither=Image.Dither.NONE)
        indices = Image.frombytes("L", part.size, part.tobytes())
        if self._previous_indices is None:
            self._previous_indices = Image.new("L", frame.size)
        else:
            was = self._previous_indices.crop(box)
            same = ImageChops.difference(was, indices).point(lambda v: 255 if v == 0 else 0)
            shown = part.copy()
            shown.paste(TRANSPARENT, mask=same)
            part, transparency = shown, TRANSPARENT
        self._previous_indices.paste(indices, box[:2])
        params = {"duration": duration_ms, "disposal": 1}
        if transparency is not None:
            params["transparency"] = transparency
        for chunk in GifImagePlugin.getdata(part, box[:2], **params):
            self.fp.write(chunk)
        self._previous = frame
        self.frames += 1

    def close(self) -> None:
        self.fp.write(b";")
