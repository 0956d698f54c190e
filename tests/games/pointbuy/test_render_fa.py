"""Point-Buy Chess pictures in Persian: words from the Persian catalogue, shaped and drawn right to left;
header, panels, Barracks picture and unit cards mirrored; numbers in Persian digits; the board and the move
diagram oriented as in English (squares are Latin notation).

The Persian words are registered by the tests themselves (a few keys), so these tests do not depend on
the wording of the translation."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from warchest_bot.games.pointbuy import render as pb
from warchest_bot.i18n import catalogue
from warchest_bot.render import text
from warchest_bot.render.cache import clear_all

BARRACKS = "پادگان"
BARRACKS_SHAPED = "\ufee5\ufe8e\ufb94\ufea9\ufe8e\ufb58"
"""پادگان in presentation forms, in visual order (left to right): noon isolated, alef final, gaf initial,
dal isolated, alef final, peh initial."""
FA = {
    "picture.pb.panel.barracks": BARRACKS,
    "picture.pb.status.to_move": "نوبت {player}",
    "picture.pb.status.turn": "دور {n}",
    "picture.pb.panel.budget": "بودجه: {n}",
    "picture.pb.unit.Qu": "ملکه",
    "picture.pb.card.price": "قیمت: {n}",
    "picture.pb.private.barracks": "{player}: پادگان شما",
}
NAMES = ["آنا", "بابک"]


@pytest.fixture(autouse=True)
def persian_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for key, value in FA.items():
        monkeypatch.setitem(catalogue._CATALOGUES["fa"], key, value)
    clear_all()
    yield
    clear_all()


def board(locale: str) -> Image.Image:
    return pb.render_board(pb.sample_view("middle"), pb.sample_last(), names=NAMES, locale=locale)


def ring_spans(img: Image.Image, y0: int, y1: int, colour: tuple[int, int, int]) -> list[tuple[int, int]]:
    """Runs of columns between rows y0 and y1 holding ``colour`` (the rings of tokens and chips), left to
    right, as (first, last) columns."""
    cols = sorted({x for x in range(img.width) for y in range(y0, y1) if img.getpixel((x, y)) == colour})
    spans: list[tuple[int, int]] = []
    for x in cols:
        if spans and x <= spans[-1][1] + 3:
            spans[-1] = (spans[-1][0], x)
        else:
            spans.append((x, x))
    return spans


def test_header_token_and_panels_run_right_to_left() -> None:
    en, fa = board("en"), board("fa")
    blue = pb.PIECE_RING[0]
    half = pb.BOARD.width / 2
    # The token of the seat to move (player 0, blue) in the header's first line, and in its own panel.
    y = round(pb.BOARD.header_h * 0.32)
    for img, on_right in ((en, False), (fa, True)):
        header = ring_spans(img, y - 12, y + 12, blue)
        assert len(header) == 1 and (header[0][0] > half) == on_right
        panel_y = pb.BOARD.panel_y[0] + 24
        token = ring_spans(img, panel_y - 12, panel_y + 12, blue)
        assert len(token) == 1 and (token[0][0] > half) == on_right
    # The Barracks chips (Im, Pa ×2, Sx): from the right in Persian, each count after (left of) its chip.
    cy = pb.BOARD.panel_y[0] + 66
    chips_en = ring_spans(en, cy - 24, cy + 24, blue)
    chips_fa = ring_spans(fa, cy - 24, cy + 24, blue)
    assert len(chips_en) == len(chips_fa) == 3
    assert chips_en[-1][1] < half < chips_fa[0][0]
    gaps_en = [b[0] - a[1] for a, b in zip(chips_en, chips_en[1:], strict=False)]
    gaps_fa = [b[0] - a[1] for a, b in zip(chips_fa, chips_fa[1:], strict=False)]
    assert gaps_en[1] > gaps_en[0] + 15  # Im Pa ×2 Sx
    assert gaps_fa[0] > gaps_fa[1] + 15  # Sx ×2 Pa Im, read right to left: Im Pa ×2 Sx
    # Mirrored positions: each Persian chip stands where the English one would, seen in a mirror.
    w = pb.BOARD.width
    from_label_en = chips_en[0][0] - (18 + pb.text_width("Barracks", 18) + 14)
    from_label_fa = (w - 1 - chips_fa[-1][1]) - (18 + pb.text_width(BARRACKS, 18) + 14)
    assert abs(from_label_en - from_label_fa) <= 2


def test_the_board_keeps_its_orientation() -> None:
    en, fa = board("en"), board("fa")
    lay = pb.BOARD
    box = (lay.bx - 40, lay.by, lay.bx + 8 * lay.sq + 6, lay.by + 8 * lay.sq + 28)  # squares and labels
    assert ImageChops.difference(en.crop(box), fa.crop(box)).getbbox() is None


def _ink(img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> Image.Image:
    """How much of ``colour`` over the panel each pixel of ``box`` holds (antialiased text), as an L mask."""
    crop = img.crop(box)
    base = pb.PANEL
    axis = [c - b for c, b in zip(colour, base, strict=True)]
    norm = sum(a * a for a in axis)
    out = Image.new("L", crop.size, 0)
    for x in range(crop.width):
        for y in range(crop.height):
            p = crop.getpixel((x, y))
            share = sum((c - b) * a for c, b, a in zip(p, base, axis, strict=True)) / norm
            out.putpixel((x, y), round(255 * min(1.0, max(0.0, share))))
    return out


def stray_ink(a: Image.Image, b: Image.Image) -> float:
    ink_a = a.point(lambda p: 255 if p > 128 else 0)
    near_b = b.point(lambda p: 255 if p > 64 else 0).filter(ImageFilter.MaxFilter(3))
    return ImageChops.subtract(ink_a, near_b).histogram()[255] / max(1, ink_a.histogram()[255])


LABEL_BOX = 62
"""Width of the picture's strip (at the panel's right edge) where the Barracks label stands, short of the
first chip."""


def _barracks_word(shaping: str) -> Image.Image:
    with text.use_shaping(shaping):
        img = board("fa")
    cy = pb.BOARD.panel_y[0] + 66
    w = pb.BOARD.width
    return _ink(img, (w - 10 - LABEL_BOX, cy - 16, w - 10, cy + 16), pb.MUTED)


def _barracks_reference() -> Image.Image:
    """The word as it must look: hand-shaped presentation forms in visual order, drawn at the panel's right
    edge (right-anchored, as the panel draws it)."""
    f = ImageFont.truetype(
        str(text._FONTS / "Vazirmatn-Regular.ttf"), 18, layout_engine=ImageFont.Layout.BASIC
    )
    ref = Image.new("L", (LABEL_BOX, 32), 0)
    ImageDraw.Draw(ref).text((LABEL_BOX - 8, 16), BARRACKS_SHAPED, fill=255, font=f, anchor="rm")
    return ref


def same_shape(drawn: Image.Image, ref: Image.Image) -> bool:
    """Whether the two masks hold the same letters, allowing a shift of up to 2 pixels (raqm places glyphs
    a pixel or two away from the basic layout at this size; a wrongly shaped word differs by letters)."""
    for dx in range(-2, 3):
        for dy in range(-2, 3):
            moved = ImageChops.offset(ref, dx, dy)
            if stray_ink(drawn, moved) <= 0.1 and stray_ink(moved, drawn) <= 0.1:
                return True
    return False


@pytest.mark.parametrize("shaping", ["raqm", "python"])
def test_a_persian_word_in_the_picture_is_shaped_and_right_aligned(shaping: str) -> None:
    drawn, ref = _barracks_word(shaping), _barracks_reference()
    assert drawn.getbbox() is not None
    assert same_shape(drawn, ref)


def test_the_comparison_catches_unshaped_letters() -> None:
    assert not same_shape(_barracks_word("basic"), _barracks_reference())


def test_numbers_in_persian_pictures_use_persian_digits() -> None:
    assert pb.msg("picture.pb.panel.budget", "fa", n=22).endswith("۲۲\u2069")
    assert pb.msg("picture.pb.panel.budget", "en", n=22) == "Budget left: 22"
    assert "۲" in pb.msg("picture.pb.replay.ply", "fa", n=2, total=40)
    # Square names stay Latin notation inside a Persian sentence.
    last = pb.last_action_text(pb.sample_view("middle"), pb.sample_last(), NAMES, "fa")
    assert "h8" in last and "g5" in last
    assert pb.status_text(pb.sample_view("middle"), NAMES, "fa")[0].startswith("نوبت")


def test_private_pictures_and_cards_in_persian() -> None:
    view = dict(pb.sample_view("middle"), seat=0)
    en = pb.render_private(view, names=NAMES)
    fa = pb.render_private(view, names=NAMES, locale="fa")
    assert en.size == fa.size
    blue = pb.PIECE_RING[0]
    # The first Barracks entry (its chip) is in the left column in English, the right one in Persian.
    y = 72 + 84 // 2
    assert ring_spans(en, y - 30, y + 30, blue)[0][0] < 60
    assert ring_spans(fa, y - 30, y + 30, blue)[-1][1] > en.width - 60
    card_en, card_fa = pb.render_unit_card("Qu"), pb.render_unit_card("Qu", "fa")
    assert card_en.size == card_fa.size
    # The big piece of the card moves to the right; the move diagram stays as it is.
    assert card_en.getpixel((40, 160)) != card_fa.getpixel((40, 160))
    diag_y = 80 + 170 + 40
    dx = (pb.CARD_W - 8 * pb.DIAGRAM_SQ) // 2
    box = (dx - 30, diag_y, dx + 8 * pb.DIAGRAM_SQ + 3, diag_y + 8 * pb.DIAGRAM_SQ + 24)
    assert ImageChops.difference(card_en.crop(box), card_fa.crop(box)).getbbox() is None
    assert pb.unit_card_png("Qu", "fa") != pb.unit_card_png("Qu")
    frame = pb.render_frame(pb.sample_view("middle"), pb.sample_last(), 3, 40, NAMES, "fa")
    assert frame.size == (pb.FRAME.width, pb.FRAME.height)


def test_readme_command_draws_the_persian_sample(tmp_path) -> None:
    out = tmp_path / "fa.png"
    assert pb.main(["--locale", "fa", str(out)]) == 0
    assert Image.open(out).size == (pb.BOARD.width, pb.BOARD.height)
