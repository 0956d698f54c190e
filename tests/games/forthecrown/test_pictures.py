"""For the Crown's pictures on fixed positions: sizes, the board post drawn from public parts only (a
seat's view, a spectator's, and a position that differs only in hidden cards draw the same picture), the
private hand, one picture per card in both languages, right to left in Persian with Persian digits, and
alt text that says no more than the picture."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from warchest_bot.games.forthecrown import render
from warchest_bot.games.forthecrown.alt_text import board_alt_text, card_alt_text, hand_alt_text
from warchest_bot.games.forthecrown.card_table import standard_table
from warchest_bot.games.forthecrown.render.cards import BIG_H, BIG_W, CARD_W, MARGIN
from warchest_bot.games.pointbuy import render as pb

NAMES = ("Ann", "Bob")


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def hidden_twin():
    """The sample position with other cards in both hands and both decks (same counts, same public
    zones): what only a seat may see differs, nothing else."""
    state = render.sample_state()
    for seat in (0, 1):
        state.hands[seat] = sorted(["tower"] * len(state.hands[seat]))
        state.decks[seat] = ["consort"] * len(state.decks[seat])
    return state


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_board_post_has_its_size_and_a_small_palette_png(locale):
    img = render.render_board(render.sample_view(), names=NAMES, locale=locale)
    assert img.size == (render.WIDTH, render.HEIGHT) == (pb.BOARD.width + render.SIDE_W, pb.BOARD.height)
    png = render.board_png(render.sample_view(), names=NAMES, locale=locale)
    decoded = Image.open(io.BytesIO(png))
    assert decoded.mode == "P" and decoded.size == img.size and len(png) <= render.MAX_PNG_BYTES


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_board_post_draws_nothing_hidden(locale):
    spectator = render.render_board(render.sample_view(), names=NAMES, locale=locale)
    for seat in (0, 1):
        assert same(render.render_board(render.sample_view(seat), names=NAMES, locale=locale), spectator)
    twin = hidden_twin()
    for seat in (None, 0, 1):
        assert same(render.render_board(twin.view_for(seat), names=NAMES, locale=locale), spectator)
    assert board_alt_text(twin.view_for(0), NAMES, locale) == board_alt_text(
        render.sample_view(), NAMES, locale
    )


def test_the_board_post_shows_what_is_public():
    state = render.sample_state()
    before = render.render_board(state.view_for(None), names=NAMES)
    state.trash.append("tower")
    assert not same(render.render_board(state.view_for(None), names=NAMES), before)
    state.supply["consort"] -= 1
    state.revealed_top[1] = "tower"
    text = board_alt_text(state.view_for(None), NAMES)
    assert "Consort (cost 7, 11 left)" in text and "Trash: Peon, Peon, Guard, Tower." in text
    assert "Bob's deck shows Tower on top." in text


def test_the_cards_of_a_turn_just_ended_can_be_shown():
    state = render.sample_state()
    shown = render.render_board(state.view_for(None), names=NAMES)
    state.play = []
    assert not same(render.render_board(state.view_for(None), names=NAMES), shown)
    assert same(render.render_board(state.view_for(None), names=NAMES, played=["tower", "peon"]), shown)


def test_persian_is_right_to_left_with_persian_digits():
    en = render.render_board(render.sample_view(), names=NAMES, locale="en").convert("RGB")
    fa = render.render_board(render.sample_view(), names=NAMES, locale="fa").convert("RGB")
    x, y = pb.square_center(0)  # a1 stays bottom left of the board, the board moves right of the column
    assert en.getpixel((x, y)) == fa.getpixel((x + render.SIDE_W, y))
    assert fa.getpixel((x, y)) == pb.PANEL != en.getpixel((x, y))  # the column, left of the board
    status, seat = render.status_line(render.sample_view(), NAMES, "fa")
    assert "۹" in status and "9" not in status and seat == 0


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_private_hand_shows_the_seats_cards(locale):
    view = render.sample_view(0)
    img = render.render_private(view, names=NAMES, locale=locale)
    assert img.width == 2 * MARGIN + 5 * CARD_W + 4 * 10
    assert not same(render.render_private(hidden_twin().view_for(0), names=NAMES, locale=locale), img)
    with pytest.raises(ValueError):
        render.render_private(render.sample_view(), locale=locale)
    assert Image.open(io.BytesIO(render.private_png(view, locale=locale))).mode == "P"


def test_an_empty_hand_is_a_picture_too():
    state = render.sample_state()
    state.hands[0] = []
    img = render.render_private(state.view_for(0))
    assert img.width == 720
    assert "empty" in hand_alt_text(state.view_for(0))


@pytest.mark.parametrize("card_id", list(standard_table().cards))
def test_every_card_has_a_picture_in_both_languages(card_id):
    en, fa = render.render_card(card_id, "en"), render.render_card(card_id, "fa")
    assert en.size == fa.size == (BIG_W, BIG_H)
    assert not same(en, fa)
    assert Image.open(io.BytesIO(render.card_png(card_id, "fa"))).size == (BIG_W, BIG_H)
    card = standard_table()[card_id]
    assert card.name in card_alt_text(card, "en")


def test_an_unknown_card_is_refused():
    with pytest.raises(ValueError):
        render.render_card("library")


def test_alt_text_of_the_hand_and_a_card():
    assert (
        hand_alt_text(render.sample_view(0))
        == "Your hand in For the Crown: Clergy, Guard, Heir, Stables, Tower."
    )
    assert card_alt_text(standard_table()["tower"]) == (
        "Tower, cost 6. Treasure: +3 gold. Training Action: Trash this card: train Rook into your Barracks."
    )
    assert "۶" in card_alt_text(standard_table()["tower"], "fa")
