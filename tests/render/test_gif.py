"""The animated GIF writer: frames come back exactly (as mapped on the palette), and what did not change
inside a frame's changed box is stored as transparent runs."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw, ImageSequence

from warchest_bot.render.gif import TRANSPARENT, GifWriter

COLOURS = [(240, 230, 210), (30, 30, 30), (200, 40, 40), (40, 90, 200), (90, 160, 60)]


def _palette() -> Image.Image:
    pal = Image.new("P", (1, 1))
    pal.putpalette([c for rgb in COLOURS for c in rgb])
    return pal


def _frames() -> list[Image.Image]:
    """A busy picture, then the same with two small changes in opposite corners (their box is the whole
    picture), then one more change."""
    first = Image.new("RGB", (320, 240), COLOURS[0])
    draw = ImageDraw.Draw(first)
    for n in range(0, 320, 16):
        draw.rectangle((n, (n * 7) % 200, n + 11, (n * 7) % 200 + 30), fill=COLOURS[1 + n % 4])
    second = first.copy()
    ImageDraw.Draw(second).rectangle((2, 2, 9, 9), fill=COLOURS[2])
    ImageDraw.Draw(second).rectangle((308, 228, 317, 237), fill=COLOURS[3])
    third = second.copy()
    ImageDraw.Draw(third).ellipse((140, 100, 180, 140), fill=COLOURS[4])
    return [first, second, third]


def _write(frames: list[Image.Image]) -> tuple[bytes, list[int]]:
    buf = io.BytesIO()
    writer = GifWriter(buf, _palette())
    sizes = []
    for frame in frames:
        before = buf.tell()
        writer.add(frame, 100)
        sizes.append(buf.tell() - before)
    writer.close()
    return buf.getvalue(), sizes


def test_every_frame_comes_back_as_drawn():
    frames = _frames()
    data, _ = _write(frames)
    decoded = [f.convert("RGB") for f in ImageSequence.Iterator(Image.open(io.BytesIO(data)))]
    assert len(decoded) == len(frames)
    for got, drawn in zip(decoded, frames, strict=True):
        assert ImageChops.difference(got, drawn).getbbox() is None


def test_unchanged_pixels_in_a_changed_box_are_stored_as_transparent():
    frames = _frames()
    _, sizes = _write(frames)
    # The second frame's box is the whole picture, yet it changed two small squares only.
    assert sizes[1] < sizes[0] / 4
    assert len(COLOURS) <= TRANSPARENT
