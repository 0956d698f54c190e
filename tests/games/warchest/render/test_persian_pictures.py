"""War Chest's pictures in Persian: words from the Persian catalogue, shaped and right to left, Persian digits,
side panels and header mirrored (the hex board as it is), caches kept per locale, and the two catalogue
modules of the pictures (en and fa) holding the same ids with the same placeholders."""

from __future__ import annotations

import re

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from warchest_bot.games import get_game
from warchest_bot.games.warchest.engine import UNITS
from warchest_bot.games.warchest.messages.en import pictures as en_pictures
from warchest_bot.games.warchest.messages.fa import pictures as fa_pictures
from warchest_bot.games.warchest.render import board as board_mod
from warchest_bot.games.warchest.render import (
    board_png,
    hand_png,
    render_board,
    render_hand,
    render_unit_card,
    theme,
    unit_card_png,
)
from warchest_bot.games.warchest.render import cards as cards_mod
from warchest_bot.games.warchest.render import hand as hand_mod
from warchest_bot.games.warchest.render import panels as panels_mod
from warchest_bot.games.warchest.render import replay as replay_mod
from warchest_bot.games.warchest.render.board import image_layout
from warchest_bot.games.warchest.render.replay import collect_frames, render_frames
from warchest_bot.i18n import placeholders, t
from warchest_bot.render import text

from .pixels import close
from .positions import TWO_PLAYER, game, view

NAMES = ["Ann", "Bob"]
ARABIC = re.compile("[\u0600-\u06ff]")


# ------------------------------------------------------------------------------------------ catalogue
def test_both_languages_have_every_picture_message_with_the_same_placeholders():
    en, fa = en_pictures.MESSAGES, fa_pictures.MESSAGES
    assert set(en) == set(fa)
    for key, template in en.items():
        assert placeholders(fa[key]) == placeholders(template), key
        # A unit without a tactic (attribute, restriction) has none in any language.
        assert bool(fa[key]) == bool(template), key
        if re.search("[A-Za-z]", re.sub(r"\{\w+\}", "", template)):
            assert ARABIC.search(fa[key]), key  # translated, not English left in place


def test_every_unit_has_its_words_in_both_languages():
    for u in UNITS:
        for field in ("name", "short", "tactic", "attribute", "restriction"):
            key = f"unit.{u.code}.{field}"
            assert key in en_pictures.MESSAGES and key in fa_pictures.MESSAGES, key
    names = [fa_pictures.MESSAGES[f"unit.{u.code}.name"] for u in UNITS]
    assert len(set(names)) == len(names)  # no two units share a Persian name


def test_picture_ids_are_prefixed_so_that_they_cannot_collide():
    for key in en_pictures.MESSAGES:
        assert key.startswith(("picture.wc.", "picture.last.", "unit.")), key


# ------------------------------------------------------------------------------------------ shaping
SIZE = 34


def _ink(img: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """The light (text) pixels of ``box`` as a black-and-white mask."""
    return img.crop(box).convert("L").point(lambda p: 255 if p > 150 else 0)


def _stray(a: Image.Image, b: Image.Image) -> float:
    """The share of ``a``'s ink more than a pixel away from ``b``'s (see tests/render/test_persian.py)."""
    near_b = b.filter(ImageFilter.MaxFilter(3))
    return ImageChops.subtract(a, near_b).histogram()[255] / max(1, a.histogram()[255])


def _reference(visual: str, box_w: int, box_h: int, xy: tuple[float, float]) -> Image.Image:
    """``visual`` (presentation forms in visual order, shaped by hand) drawn with the basic layout."""
    f = ImageFont.truetype(
        str(text._FONTS / "Vazirmatn-Bold.ttf"), SIZE, layout_engine=ImageFont.Layout.BASIC
    )
    img = Image.new("L", (box_w, box_h), 0)
    ImageDraw.Draw(img).text(xy, visual, fill=255, font=f, anchor="mm")
    return img.point(lambda p: 255 if p > 150 else 0)


# "شوالیه" (Knight) as it must look: heh final, farsi yeh medial, lam initial, alef isolated, waw final,
# sheen initial (left to right).
KNIGHT_SHAPED = "\ufeea\ufbff\ufedf\ufe8d\ufeee\ufeb7"


def test_a_persian_unit_card_draws_the_shaped_name():
    assert t("unit.Kn.name", "fa") == "شوالیه"
    assert text.visual_order("شوالیه") == KNIGHT_SHAPED
    card = render_unit_card("Knight", locale="fa")
    box = (0, 10, card.width, 82)  # the title band; the name is centred at (width / 2, 46)
    drawn = _ink(card, box)
    xy = (card.width / 2, 46 - box[1])
    ref = _reference(KNIGHT_SHAPED, box[2] - box[0], box[3] - box[1], xy)
    assert _stray(drawn, ref) <= 0.1 and _stray(ref, drawn) <= 0.1
    # The comparison would catch separate letters drawn left to right (no shaping).
    broken = _reference("شوالیه", box[2] - box[0], box[3] - box[1], xy)
    assert _stray(broken, drawn) > 0.1 or _stray(drawn, broken) > 0.1


# ------------------------------------------------------------------------------------------ words and digits
@pytest.fixture
def drawn_lines(monkeypatch):
    """Every line of text the War Chest renderer draws (the real drawing still happens)."""
    lines: list[str] = []
    real = text.draw_text

    def spy(draw, xy, line, *args, **kwargs):
        lines.append(line)
        return real(draw, xy, line, *args, **kwargs)

    for mod in (board_mod, panels_mod, hand_mod, cards_mod, replay_mod):
        monkeypatch.setattr(mod, "draw_text", spy)
    # The static layers (headings, card texts) are cached: draw them afresh through the spy.
    for cached in (board_mod._canvas, hand_mod._canvas, cards_mod._card):
        cached.cache_clear()  # type: ignore[attr-defined]
    yield lines
    for cached in (board_mod._canvas, hand_mod._canvas, cards_mod._card):
        cached.cache_clear()  # type: ignore[attr-defined]


HEX = re.compile(r"\b[a-k][1-9]\b")


def _latin_left(line: str) -> str:
    """What is left of a line once hex names (notation) and the players' names are taken out."""
    line = HEX.sub("", line)
    for name in NAMES:
        line = line.replace(name, "")
    return line


def test_persian_pictures_draw_persian_words_and_digits_only(drawn_lines):
    g = game(TWO_PLAYER)
    last = {"seat": 0, "kind": "move", "coin": "Swordsman", "hexes": ["e2", "e3"], "text": "Sw move e2-e3"}
    render_board(g.view_for(None), last, names=NAMES, locale="fa")
    render_hand(g.view_for(0), names=NAMES, locale="fa")
    render_unit_card("Royal Guard", locale="fa")
    frames = collect_frames(game(TWO_PLAYER), [], 0)
    replay_mod.render_frame(frames[0], 0, NAMES, "fa")
    assert len(drawn_lines) > 40
    for line in drawn_lines:
        rest = _latin_left(line)
        assert not re.search("[0-9]", rest), line  # numbers in Persian digits
        assert not re.search("[A-Za-z]", rest), line  # no English word
    joined = " ".join(drawn_lines).replace("\u2068", "").replace("\u2069", "")
    for word in ("دور ۳", "ذخیره", "دورریز", "کیسه", "شمشیرزن", "نیزه‌دار", "تاکتیک", "گارد سلطنتی"):
        assert word in joined, word
    assert "e2" in joined and "e3" in joined  # hex names stay Latin


def test_english_pictures_keep_english_words(drawn_lines):
    g = game(TWO_PLAYER)
    render_board(g.view_for(None), None, names=NAMES)
    joined = " ".join(drawn_lines)
    assert "Round 3" in joined and "Supply" in joined and "Swordsman" in joined
    assert not ARABIC.search(joined)


# ------------------------------------------------------------------------------------------ right to left
def _clusters(xs: list[int], gap: int = 8) -> list[tuple[int, int]]:
    """Runs of x positions no more than ``gap`` apart, as (first, last)."""
    out: list[tuple[int, int]] = []
    for x in sorted(set(xs)):
        if out and x - out[-1][1] <= gap:
            out[-1] = (out[-1][0], x)
        else:
            out.append((x, x))
    return out


def _row_ink(img: Image.Image, y: int, x0: int, x1: int, colour: tuple) -> list[int]:
    return [
        x for x in range(x0, x1) for yy in range(y - 9, y + 10) if close(img.getpixel((x, yy)), colour, 12)
    ]


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_side_panels_run_right_to_left_in_persian(locale):
    """Side A's box (seat 0) is at the left in English and at the right in Persian; in a seat's card the
    unit's name comes first (left in English, right in Persian), then the supply column, then discard
    and lost: the supply number stands left of the other columns in English and right of them in Persian.
    Measured from the pixels of the panels: side A's dark band, the Pikeman's row (supply 2 in bold
    text colour, nothing discarded or lost: two zeros in the faint colour)."""
    img = render_board(view(TWO_PLAYER), None, names=NAMES, locale=locale)
    lay = image_layout(2)
    half = lay.width // 2
    band_y = lay.panel_y + panels_mod.BAND_H // 2 + 12
    left_band = sum(close(img.getpixel((x, band_y)), theme.TEAM_DARK[0], 4) for x in range(half))
    right_band = sum(close(img.getpixel((x, band_y)), theme.TEAM_DARK[0], 4) for x in range(half, lay.width))
    rtl = locale == "fa"
    assert (right_band > 10 * max(1, left_band)) if rtl else (left_band > 10 * max(1, right_band))

    x0, x1 = (half, lay.width) if rtl else (0, half)
    m = panels_mod.metrics(2, lay.width)
    _, cy0, _, _ = panels_mod.card_box(m, 0, 0)
    row = 1  # seat 0's units: Swordsman, Pikeman, …
    y = round(lay.panel_y + cy0 + panels_mod.PAD + panels_mod.CARD_HEAD + panels_mod.COL_HEAD)
    y += round(panels_mod.ROW_H * row + panels_mod.ROW_H / 2)
    texts = _clusters(_row_ink(img, y, x0, x1, theme.TEXT))
    assert len(texts) == 2  # the name and the supply number
    # Faint ink away from the text's antialiased edges: the two zeros.
    zeros = [
        (a, b)
        for a, b in _clusters(_row_ink(img, y, x0, x1, theme.FAINT))
        if not any(a <= tb + 3 and b >= ta - 3 for ta, tb in texts)
    ]
    assert len(zeros) == 2
    zmin, zmax = zeros[0][0], zeros[-1][1]
    centres = [(a + b) / 2 for a, b in texts]
    supply = min(centres, key=lambda c: min(abs(c - zmin), abs(c - zmax)))
    name = max(centres, key=lambda c: abs(c - supply))
    if rtl:
        assert zmax < supply < name
    else:
        assert name < supply < zmin


def test_the_hex_board_is_not_mirrored():
    """Only the header and panels run right to left: the board between them is the same picture."""
    v = view(TWO_PLAYER)
    en, fa = render_board(v, None, names=NAMES), render_board(v, None, names=NAMES, locale="fa")
    lay = image_layout(2)
    box = (0, lay.board_y, lay.width, lay.panel_y - 2)
    assert en.crop(box).tobytes() == fa.crop(box).tobytes()
    header = (0, 0, lay.width, board_mod.HEADER_H - 6)
    assert en.crop(header).tobytes() != fa.crop(header).tobytes()


def test_persian_header_starts_at_the_right():
    """The round (highlight colour) is at the header's left end in English, at its right end in Persian."""
    v = view(TWO_PLAYER)
    for locale, at_right in (("en", False), ("fa", True)):
        img = render_board(v, None, names=NAMES, locale=locale)
        xs = [
            x
            for x in range(img.width)
            for y in range(18, 42)
            if close(img.getpixel((x, y)), theme.HIGHLIGHT, 20)
        ]
        centre = (min(xs) + max(xs)) / 2
        assert (centre > img.width * 0.75) if at_right else (centre < img.width * 0.25), locale


# ------------------------------------------------------------------------------------------ caches and hooks
def test_caches_keep_each_locale_apart():
    v, hv = view(TWO_PLAYER), view(TWO_PLAYER, 0)
    pictures = (
        lambda loc: render_board(v, None, names=NAMES, locale=loc),
        lambda loc: render_hand(hv, names=NAMES, locale=loc),
        lambda loc: render_unit_card("Kn", locale=loc),
    )
    for draw in pictures:
        en = draw("en").tobytes()
        fa = draw("fa").tobytes()
        assert en != fa
        assert draw("en").tobytes() == en and draw("fa").tobytes() == fa
    assert unit_card_png("Kn", locale="fa") != unit_card_png("Kn", locale="en")
    assert unit_card_png("Kn", locale="fa-IR") == unit_card_png("Kn", locale="fa")  # the same locale
    assert unit_card_png("Kn", locale=None) == unit_card_png("Kn")  # English


def test_the_game_hooks_honour_the_locale():
    wc = get_game("warchest")
    v, hv = view(TWO_PLAYER), view(TWO_PLAYER, 0)
    assert wc.board_png(v, None, names=NAMES, locale="fa") == board_png(v, None, names=NAMES, locale="fa")
    assert wc.board_png(v, None, names=NAMES, locale="fa") != wc.board_png(v, None, names=NAMES)
    assert wc.private_png(hv, names=NAMES, locale="fa") == hand_png(hv, names=NAMES, locale="fa")
    assert wc.private_png(hv, names=NAMES, locale="fa") != wc.private_png(hv, names=NAMES)
    assert wc.unit_card_png("Kn", "fa") == unit_card_png("Kn", locale="fa")
    assert wc.render_board(v, None, locale="fa").tobytes() == render_board(v, None, locale="fa").tobytes()
    assert wc.render_private(hv, locale="fa").tobytes() == render_hand(hv, locale="fa").tobytes()
    frames = collect_frames(game(TWO_PLAYER), [], 0)
    fa_gif = wc.render_replay(frames, names=NAMES, locale="fa")
    assert fa_gif == render_frames(frames, 0, names=NAMES, locale="fa")
    assert fa_gif != wc.render_replay(frames, names=NAMES)
