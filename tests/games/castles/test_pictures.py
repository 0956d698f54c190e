"""Castles' pictures, alt text and rules guide, from hand-made views (`render.sample_view`, the view keys of
`scene`): sizes and PNG encoding, the die's roll drawn large where the layout says (mirrored in Persian),
nothing hidden drawn or described (a seat's view draws the same board as a spectator's; a face-down card
shows only its back), Persian words right to left with Persian digits, every card in both languages, a
replay, and every guide page within Discord's limit."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image, ImageChops

from warchest_bot.games.alt_text import ALT_TEXT_MAX
from warchest_bot.games.castles import alt_text, guide
from warchest_bot.games.castles import render as ca
from warchest_bot.games.castles.render import draw
from warchest_bot.games.castles.rules import CARD_CODES
from warchest_bot.games.castles.scene import action_squares, scene_of

NAMES = ["Ann", "Bob"]
PNG = b"\x89PNG\r\n\x1a\n"


def board(kind: str = "middle", locale: str = "en", seat: int | None = None) -> Image.Image:
    return ca.render_board(ca.sample_view(kind, seat=seat), ca.sample_last(kind), names=NAMES, locale=locale)


def colour_columns(
    img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]
) -> set[int]:
    x0, y0, x1, y1 = box
    return {x for x in range(x0, x1) for y in range(y0, y1) if img.getpixel((x, y))[:3] == colour}


@pytest.mark.parametrize("locale", ["en", "fa"])
@pytest.mark.parametrize("kind", ca.SAMPLES)
def test_board_pictures_are_small_palette_pngs(kind: str, locale: str) -> None:
    png = ca.board_png(ca.sample_view(kind), ca.sample_last(kind), names=NAMES, locale=locale)
    assert png.startswith(PNG) and len(png) < ca.MAX_PNG_BYTES
    img = Image.open(io.BytesIO(png))
    assert img.mode == "P" and img.size == (draw.BOARD.width, draw.BOARD.height)


def test_the_last_roll_is_drawn_large_with_its_outcome_and_mirrored_in_persian() -> None:
    for locale, rtl in (("en", False), ("fa", True)):
        img = board(locale=locale)
        cx, cy = draw.die_center(draw.BOARD, rtl)
        assert img.getpixel((cx + 12, cy - 12))[:3] == draw.WHITE  # the die's face, beside a pip
        assert img.getpixel((cx, cy))[:3] == draw.INK  # the middle pip of a 5
        frame = colour_columns(img, (cx - 70, cy - 5, cx + 70, cy + 5), draw.MISS)
        assert frame, "a failed roll is framed red"
        assert (cx < draw.BOARD.width / 2) == rtl
    no_roll = board("opening")
    cx, cy = draw.die_center(draw.BOARD)
    assert no_roll.getpixel((cx, cy))[:3] != draw.INK  # no roll yet: an empty outline


def test_a_seats_own_view_draws_the_same_board_as_a_spectators() -> None:
    """The board post is public: a view that also holds a seat's hand and its own face-down card draws
    exactly the spectator's picture (the hand and the card stay in the private picture)."""
    for kind in ("opening", "middle"):
        for seat in (0, 1):
            mine, public = board(kind, seat=seat), board(kind)
            assert ImageChops.difference(mine.convert("RGB"), public.convert("RGB")).getbbox() is None


def test_a_card_face_down_shows_only_its_back_until_both_are_revealed() -> None:
    view = ca.sample_view("opening")
    scene = scene_of(view)
    assert scene.sides[0].down and scene.sides[0].shown is None
    img = board("opening")
    strip = (draw.BOARD.width - 60, draw.BOARD.bottom_panel, draw.BOARD.width - 10,
             draw.BOARD.bottom_panel + draw.BOARD.panel_h)  # fmt: skip
    assert colour_columns(img, strip, draw.CARD_BACK)
    assert not colour_columns(img, strip, draw.CARD_FACE)
    top = (strip[0], draw.BOARD.top_panel, strip[2], draw.BOARD.top_panel + draw.BOARD.panel_h)
    assert not colour_columns(img, top, draw.CARD_BACK)  # seat 1 has not put one down yet
    revealed = board("middle")
    assert colour_columns(revealed, strip, draw.CARD_FACE) and not colour_columns(
        revealed, strip, draw.CARD_BACK
    )


def test_the_private_picture_shows_the_seats_own_hand_and_refuses_a_spectators_view() -> None:
    own = ca.sample_view("opening", seat=0)
    scene = scene_of(own)
    assert [c.code for c in scene.hand or ()] == ["So", "Cg", "Sb"] and scene.own_down is not None
    png = ca.private_png(own, names=NAMES, locale="fa")
    assert png.startswith(PNG)
    other = scene_of(ca.sample_view("opening", seat=1))
    assert other.own_down is None and other.sides[0].down  # seat 0's card: only its back
    with pytest.raises(ValueError):
        ca.render_private(ca.sample_view("opening"))


def test_persian_pictures_are_laid_out_right_to_left() -> None:
    """The header's words start at the right edge in Persian and at the left in English."""
    for locale, rtl in (("en", False), ("fa", True)):
        img = board(locale=locale).convert("RGB")
        cols = colour_columns(img, (0, 8, draw.BOARD.width, 36), draw.TEXT)
        assert cols
        left_margin, right_margin = min(cols), draw.BOARD.width - max(cols)
        assert (right_margin < left_margin) == rtl


def test_persian_words_use_persian_digits() -> None:
    isolates = str.maketrans("", "", "\u2066\u2067\u2068\u2069")
    assert draw.word("strip.coins", "fa", n=5).translate(isolates) == "۵ از ۱۰"
    assert "۴" in draw.word("die.need", "fa", need=4) and "4" not in draw.word("die.need", "fa", need=4)
    assert draw.word("die.need", "en", need=4) == "needed 4 or less"


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_every_card_has_a_picture_and_a_description(locale: str) -> None:
    for code in CARD_CODES:
        assert ca.unit_card_png(code, locale).startswith(PNG)
        text = alt_text.unit_alt_text(code, locale)
        assert 0 < len(text) <= ALT_TEXT_MAX


def test_a_replay_is_an_animation_of_its_frames() -> None:
    frames = [(ca.sample_view(k), ca.sample_last(k)) for k in ca.SAMPLES]
    gif = ca.render_replay(frames, names=NAMES, locale="fa")
    img = Image.open(io.BytesIO(gif))
    assert gif.startswith(b"GIF89a") and img.n_frames == 3


def test_action_squares_reads_moves_attacks_and_deploys() -> None:
    assert action_squares("So b2-b3") == ((1, 1), (1, 2), False)
    assert action_squares("Cm Kn d3xe5") == ((3, 2), (4, 4), True)
    assert action_squares("deploy So b2") == (None, (1, 1), False)
    assert action_squares("Rf Ch b1") == (None, (1, 0), False)
    assert action_squares("pick") == (None, None, False)


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_alt_text_says_what_the_board_shows_and_nothing_hidden(locale: str) -> None:
    text = alt_text.board_alt_text("Castles", ca.sample_view("middle"), ca.sample_last(), NAMES, locale)
    assert len(text) <= ALT_TEXT_MAX and "f2xf1" in text and "b7" in text
    for seat in (0, 1):
        mine = alt_text.board_alt_text(
            "Castles", ca.sample_view("middle", seat), ca.sample_last(), NAMES, locale
        )
        assert mine == text
    english = alt_text.board_alt_text("Castles", ca.sample_view("middle"), ca.sample_last(), NAMES, "en")
    assert "rolled 5, needing 4 or less: it failed" in english
    assert "Charge" not in english  # a card of Ann's hand
    hand = alt_text.private_alt_text(ca.sample_view("middle", 0), NAMES, "en")
    assert "Charge (event card, cost 2)" in hand and "Rf" not in hand
    lines = alt_text.board_text("Castles", ca.sample_view("middle"), NAMES, locale)
    assert len([line for line in lines if "b3" in line or "e5" in line]) >= 2


def test_a_face_down_card_is_described_without_naming_it() -> None:
    text = alt_text.board_alt_text("Castles", ca.sample_view("opening", seat=0), None, NAMES, "en")
    assert "Ann has put a card face down." in text and "Knight" not in text
    own = alt_text.private_alt_text(ca.sample_view("opening", seat=0), NAMES, "en")
    assert "Your card this round: Knight (unit card, cost 3)." in own


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_every_guide_page_fits_a_discord_message(locale: str) -> None:
    labels = guide.topics(locale)
    assert [topic for topic, _ in labels] == list(guide.TOPICS)
    for topic, label in labels:
        assert 0 < len(label) <= 100
        assert 0 < len(guide.page(topic, locale)) <= 2000
        assert guide.find_topic(label, locale) == topic


def test_guide_topics_are_found_by_code_and_by_name_in_either_language() -> None:
    assert guide.find_topic("kn", "en") == "Kn"
    assert guide.find_topic("Knight", "fa") == "Kn"
    assert guide.find_topic("شوالیه", "fa") == "Kn"
    assert guide.find_topic("مالیات", "fa") == "Tx"
    assert guide.find_topic("zzz", "en") is None
    assert "attack 4 or less" in (guide.rules_page("Knight", "en") or "")


def test_the_command_line_draws_a_positions_pictures(tmp_path, capsys) -> None:
    from warchest_bot.games.castles.cli import main
    from warchest_bot.games.castles.codec import position_to_json

    position = tmp_path / "middle.json"
    position.write_text(json.dumps(position_to_json(ca.sample_position("middle"))))
    board_file, hand_file = tmp_path / "board.png", tmp_path / "hand.png"
    assert main(["render", str(position), "--png", str(board_file), "--locale", "fa"]) == 0
    assert board_file.read_bytes() == ca.board_png(ca.sample_view("middle"), locale="fa")
    assert main(["render", str(position), "--png", str(hand_file), "--seat", "1", "--hand"]) == 0
    assert hand_file.read_bytes() == ca.private_png(ca.sample_view("middle", seat=1))
    assert main(["render", str(position), "--png", str(hand_file), "--hand"]) == 2
    assert "--seat" in capsys.readouterr().err
