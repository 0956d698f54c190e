"""Nothing hidden is drawn: states that differ only in hidden information render to the same bytes."""

from __future__ import annotations

import copy

import pytest

from warchest_bot.games.warchest.render import board_png, hand_png, render_hand

from .positions import TWO_PLAYER, TWO_PLAYER_OTHER_SECRETS, game, view

LAST = {"seat": 1, "kind": "recruit", "coin": None, "unit": "Scout", "hexes": [], "text": "recruit Scout"}


def test_the_two_positions_really_differ_in_secrets_only():
    a, b = game(TWO_PLAYER), game(TWO_PLAYER_OTHER_SECRETS)
    assert a.seats[1].hand != b.seats[1].hand and a.seats[1].bag != b.seats[1].bag
    assert a.seats[1].discard_down != b.seats[1].discard_down and a.rng != b.rng
    assert a.view_for(None) == b.view_for(None)
    assert a.view_for(0) == b.view_for(0)
    assert a.view_for(1) != b.view_for(1)


@pytest.mark.parametrize("seat", [None, 0])
def test_board_bytes_identical_for_spectator_and_seat_0(seat):
    a = board_png(view(TWO_PLAYER, seat), LAST)
    b = board_png(view(TWO_PLAYER_OTHER_SECRETS, seat), LAST)
    assert a == b


def test_board_is_public_whoever_asked():
    """The board posted in the channel shows counts only: every seat's view gives the same picture apart
    from the "You" tag, so the owner's own secrets are not drawn either."""
    mine = view(TWO_PLAYER, 1)
    theirs = view(TWO_PLAYER_OTHER_SECRETS, 1)
    mine["viewer"] = theirs["viewer"] = None
    assert board_png(mine) == board_png(theirs) == board_png(view(TWO_PLAYER, None))


def test_hand_image_of_seat_0_does_not_depend_on_seat_1_secrets():
    assert hand_png(view(TWO_PLAYER, 0)) == hand_png(view(TWO_PLAYER_OTHER_SECRETS, 0))
    # ... while seat 1's own hand image does show its coins.
    assert hand_png(view(TWO_PLAYER, 1)) != hand_png(view(TWO_PLAYER_OTHER_SECRETS, 1))


def test_hand_needs_the_seats_own_view():
    with pytest.raises(ValueError):
        render_hand(view(TWO_PLAYER, None))
    v = view(TWO_PLAYER, 0)
    v = copy.deepcopy(v)
    v["viewer"] = 1  # seat 1's hand is only a count in seat 0's view
    with pytest.raises(ValueError):
        render_hand(v)


def test_warrior_priest_draw_of_another_seat_is_not_drawn():
    """A pending Warrior Priest draw names the coin only for its owner; the board never shows it."""
    pos = copy.deepcopy(TWO_PLAYER)
    # Give seat 1 the Warrior Priest instead of the Scout, with a coin drawn and pending.
    pos["seats"][1]["units"] = ["Archer", "Cavalry", "Lancer", "Warrior Priest"]
    pos["seats"][1]["hand"] = ["Ar", "La"]
    pos["seats"][1]["discard_down"] = {"WP": 1}
    pos["seats"][1]["supply"] = {"Ar": 1, "Ca": 1, "La": 2, "WP": 1}
    pos["board"].pop("h2")
    pos["board"]["h2"] = "WP"
    pos["turn"] = 1
    other = copy.deepcopy(pos)
    pos["pending"] = [{"kind": "priest", "seat": 1, "coin": "Ca"}]
    pos["seats"][1]["bag"] = {"Royal": 1, "La": 1, "WP": 1}
    other["pending"] = [{"kind": "priest", "seat": 1, "coin": "WP"}]
    other["seats"][1]["bag"] = {"Royal": 1, "La": 1, "Ca": 1}
    for seat in (None, 0):
        assert board_png(view(pos, seat)) == board_png(view(other, seat))
    assert hand_png(view(pos, 1)) != hand_png(view(other, 1))
