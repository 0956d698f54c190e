"""Text pictures (the stand-in board of a game that draws none): the lines are drawn in ink, from the left
in a left-to-right locale and from the right in a right-to-left one, as PNG and as a GIF of pages."""

from __future__ import annotations

import io

from PIL import Image

from warchest_bot.render.text_picture import INK, WIDTH, text_gif, text_png


def ink_box(data: bytes) -> tuple[int, int, int, int]:
    """The box of the dark pixels of a picture."""
    grey = Image.open(io.BytesIO(data)).convert("L")
    box = grey.point(lambda v: 255 if v < 128 else 0).getbbox()
    assert box is not None, "nothing drawn"
    return box


def test_lines_are_drawn_in_ink_from_the_reading_side() -> None:
    en = text_png(["Board of Tiny Lines after move 1.", "X . ."], "en")
    assert en.startswith(b"\x89PNG")
    left, _, right, bottom = ink_box(en)
    assert left < WIDTH // 4 and right < WIDTH and bottom > 30  # two lines, from the left
    fa_left, _, fa_right, _ = ink_box(text_png(["صفحهٔ بازی"], "fa"))
    assert fa_left > WIDTH // 2 and fa_right > WIDTH - WIDTH // 8  # from the right
    colours = Image.open(io.BytesIO(en)).convert("RGB").getcolors()
    assert colours is not None and max(colours)[1] != INK  # mostly paper


def test_a_gif_has_one_frame_per_page_of_one_size() -> None:
    gif = Image.open(io.BytesIO(text_gif([["a"], ["b", "c", "d"], []], "en")))
    assert gif.n_frames == 3
    sizes = set()
    for n in range(3):
        gif.seek(n)
        sizes.add(gif.size)
    assert len(sizes) == 1
