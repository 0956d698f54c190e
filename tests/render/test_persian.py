"""Persian text in pictures: shaped (joined letter forms) and ordered (right to left, Latin and digit runs
left to right inside), with each path (raqm, the pure-Python fallback) compared against the correct form
written by hand as presentation forms (U+FB50–U+FEFF) in visual order and drawn with the basic layout."""

from __future__ import annotations

import logging

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont, features

from warchest_bot.render import text

SIZE = 32
# logical text -> its correctly shaped form, in visual order (left to right)
WORDS = {
    "سلام": "\ufee1\ufefc\ufeb3",  # meem isolated, lam-alef ligature, seen initial
    "بازی": "\ufbfc\ufeaf\ufe8e\ufe91",  # farsi yeh isolated, zain, alef final, beh initial
    "نوبت شما": "\ufe8e\ufee4\ufeb7 \ufe96\ufe91\ufeee\ufee7",
}
# a Latin word and digits inside a Persian sentence: "turn Ann in round 12"
MIXED = "نوبت Ann در دور 12"
MIXED_SHAPED = "12 \ufead\ufeed\ufea9 \ufead\ufea9 Ann \ufe96\ufe91\ufeee\ufee7"


def drawn(s: str, mode: str | None = None) -> Image.Image:
    img = Image.new("L", (420, 60), 0)
    if mode is None:
        text.draw_text(ImageDraw.Draw(img), (210, 30), s, SIZE, (255,), anchor="mm")
    else:
        with text.use_shaping(mode):
            text.draw_text(ImageDraw.Draw(img), (210, 30), s, SIZE, (255,), anchor="mm")
    return img


def reference(visual: str) -> Image.Image:
    """The correct form: hand-shaped presentation forms in visual order, basic layout, shipped face."""
    f = ImageFont.truetype(
        str(text._FONTS / "Vazirmatn-Regular.ttf"), SIZE, layout_engine=ImageFont.Layout.BASIC
    )
    img = Image.new("L", (420, 60), 0)
    ImageDraw.Draw(img).text((210, 30), visual, fill=255, font=f, anchor="mm")
    return img


def stray_ink(a: Image.Image, b: Image.Image) -> float:
    """The share of ``a``'s ink lying more than one pixel away from any ink of ``b`` (raqm's glyph
    positions may differ from the basic layout's by a pixel; a wrongly shaped or ordered line differs by
    whole letters)."""
    ink_a = a.point(lambda p: 255 if p > 128 else 0)
    near_b = b.point(lambda p: 255 if p > 64 else 0).filter(ImageFilter.MaxFilter(3))
    return ImageChops.subtract(ink_a, near_b).histogram()[255] / ink_a.histogram()[255]


def same_shape(a: Image.Image, b: Image.Image) -> bool:
    return stray_ink(a, b) <= 0.1 and stray_ink(b, a) <= 0.1


CASES = [
    *WORDS.items(),
    (MIXED, MIXED_SHAPED),
    (text.persian_digits(MIXED), MIXED_SHAPED.replace("12", "۱۲")),
]


def test_machine_has_raqm_and_uses_it():
    """scripts/setup.sh installs FriBiDi when missing, so Pillow's raqm layout is there and chosen."""
    assert features.check("raqm")
    assert text.shaping() == "raqm"


@pytest.mark.parametrize(("logical", "visual"), CASES)
def test_raqm_draws_the_shaped_form(logical, visual):
    assert same_shape(drawn(logical, "raqm"), reference(visual))


@pytest.mark.parametrize(("logical", "visual"), CASES)
def test_python_fallback_draws_exactly_the_shaped_form(logical, visual):
    assert text.visual_order(logical) == visual
    assert drawn(logical, "python").tobytes() == reference(visual).tobytes()


@pytest.mark.parametrize(("logical", "visual"), CASES)
def test_the_comparison_catches_the_broken_path(logical, visual):
    """Basic layout of unshaped logical text (separate letters, left to right) is not the shaped form."""
    assert not same_shape(drawn(logical, "basic"), reference(visual))


def test_isolates_around_latin_runs_are_ordered_and_invisible():
    isolated = "نوبت \u2066Ann\u2069 در دور \u206612\u2069"
    for mode in ("raqm", "python"):
        assert same_shape(drawn(isolated, mode), reference(MIXED_SHAPED)), mode


def test_widths_and_wrapping_use_the_shaped_line():
    for mode in ("raqm", "python"):
        with text.use_shaping(mode):
            w = text.text_width("نوبت شما", SIZE)
            assert (
                abs(
                    w
                    - ImageFont.truetype(str(text._FONTS / "Vazirmatn-Regular.ttf"), SIZE).getlength(
                        WORDS["نوبت شما"]
                    )
                )
                <= 2
            )
            lines = text.wrap("نوبت شما است " * 6, 20, 200)
            assert len(lines) > 1 and all(text.text_width(line, 20) <= 200 for line in lines)


def test_latin_lines_keep_their_font_and_pixels():
    """Only lines holding Arabic-script letters use the Persian face; English pictures are unchanged."""
    img = drawn("Round 3", None)
    ref = Image.new("L", (420, 60), 0)
    f = ImageFont.truetype(str(text.font_path(False)), SIZE, layout_engine=text.LAYOUT)
    ImageDraw.Draw(ref).text((210, 30), "Round 3", fill=255, font=f, anchor="mm")
    assert img.tobytes() == ref.tobytes()


def test_persian_digits():
    assert text.persian_digits("Round 12, 3/4") == "Round ۱۲, ۳/۴"


def test_start_up_check_warns_once_only_when_nothing_shapes(caplog):
    with caplog.at_level(logging.INFO, logger="warchest_bot.render"):
        assert text.check_shaping() == "raqm"
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
        with text.use_shaping("python"):
            assert text.check_shaping() == "python"
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
        with text.use_shaping("basic"):
            assert text.check_shaping() == "basic"
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert (
        len(warnings) == 1 and "Persian" in warnings[0].getMessage() and "FriBiDi" in warnings[0].getMessage()
    )


def test_shipped_persian_font_and_licence():
    fonts = text._FONTS
    assert (fonts / "Vazirmatn-Regular.ttf").is_file() and (fonts / "Vazirmatn-Bold.ttf").is_file()
    assert "SIL Open Font License" in (fonts / "OFL-Vazirmatn.txt").read_text()
