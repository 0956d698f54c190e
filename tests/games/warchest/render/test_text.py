"""The text helper: fonts, layout engine, fallback."""

from __future__ import annotations

import threading
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont, features

from warchest_bot.render import text


def test_layout_engine_is_raqm_when_available():
    expected = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
    assert expected == text.LAYOUT


def test_shipped_font_is_used():
    path = text.font_path(False)
    assert path is not None and path.name == "DejaVuSans.ttf"
    assert path.parent == Path(text.__file__).resolve().parent / "fonts"  # shipped in the package


def test_fallback_to_pillows_default_font(monkeypatch):
    monkeypatch.setattr(text, "_font_bytes", lambda bold: None)
    out = {}

    def work():  # a fresh thread has an empty font cache
        img = Image.new("RGB", (200, 40), "white")
        text.draw_text(ImageDraw.Draw(img), (5, 5), "Round 3", 18, (0, 0, 0))
        out["font"] = text.font(18)
        out["inked"] = ImageChops.invert(img).getbbox() is not None

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert out["inked"]
    assert out["font"] is not None


def test_fit_and_wrap():
    assert text.fit_size("Warrior Priest", 16, 60) < 16
    assert text.ellipsize("Warrior Priest", 16, 60).endswith("…")
    lines = text.wrap("Move 1-2 hexes in a straight line, then attack the next hex in that line.", 22, 300)
    assert len(lines) >= 2 and all(text.text_width(line, 22) <= 300 for line in lines)


def test_text_caches_stay_bounded():
    """Short lines (names, numbers, labels) are kept as masks; long sentences are not, and no cache grows
    past its limit however many different lines are drawn."""
    img = Image.new("RGB", (900, 40), "white")
    d = ImageDraw.Draw(img)
    for i in range(300):
        text.draw_text(d, (5, 20), f"Last: Ann's Knight attacked f5 on move {i}", 18, (0, 0, 0), anchor="lm")
    assert not any(len(key[1]) > text.CACHED_TEXT_LEN for key in text._thread_cache("masks"))
    for i in range(text.TEXT_CACHE_SIZE + 10):
        text.draw_text(d, (5, 20), str(i), 18, (0, 0, 0), anchor="lm")
    assert len(text._thread_cache("masks")) <= text.TEXT_CACHE_SIZE
    assert len(text._thread_cache("widths")) <= text.TEXT_CACHE_SIZE
