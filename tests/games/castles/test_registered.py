"""Castles as registered (`entry.Castles`): the engine's games drawn and described through its facets. The
face-down reveal hides the first card until the second is in, everywhere the other seat or the public
could see it: the view, the board picture, the private picture, the alt text, the public action text and
the announcement (compared between two games that differ only in the first card put down); a whole random
game draws every picture and tells every decision; titles per language."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games import get_game, title_in
from warchest_bot.games.castles.entry import CASTLES
from warchest_bot.games.castles.scene import scene_of
from warchest_bot.i18n import t

NAMES = ["Ann", "Bob"]


def first_pick(card_index: int, seed: int = 3):
    state = CASTLES.new_state({}, seed)
    picks = [a for a in state.legal_actions() if a.verb == "pick"]
    before = state.clone()
    action = picks[card_index]
    state.apply(action)
    return before, action, state


def test_castles_is_registered_with_its_facets() -> None:
    game = get_game("castles")
    assert game is CASTLES
    assert set(game.facets.declared()) >= {"snapshots", "pictures", "units", "alt_text", "guide"}
    assert title_in("castles", "en") == "Castles" and title_in("castles", "fa").startswith("قلعه‌ها")


@pytest.mark.parametrize("seed", [3, 11])
def test_the_first_card_stays_hidden_until_the_second_is_in(seed: int) -> None:
    state = CASTLES.new_state({}, seed)
    picks = [a for a in state.legal_actions() if a.verb == "pick"]
    assert len({a.card for a in picks}) >= 2
    games = [first_pick(n, seed) for n in (0, 1)]
    (b0, a0, s0), (b1, a1, s1) = games
    assert a0.card != a1.card
    for seat in (None, 1):  # the public and the other seat see the same in both games
        v0, v1 = s0.view_for(seat), s1.view_for(seat)
        assert v0 == v1
        assert CASTLES.board_png(v0, None, names=NAMES, locale="fa") == CASTLES.board_png(
            v1, None, names=NAMES, locale="fa"
        )
        assert CASTLES.board_alt_text(v0, None, NAMES, "en") == CASTLES.board_alt_text(v1, None, NAMES, "en")
        assert CASTLES.board_text(v0, NAMES, "fa") == CASTLES.board_text(v1, NAMES, "fa")
    assert CASTLES.private_png(s0.view_for(1), names=NAMES) == CASTLES.private_png(
        s1.view_for(1), names=NAMES
    )
    assert CASTLES.format_action(b0, a0, public=True) == CASTLES.format_action(b1, a1, public=True) == "pick"
    assert CASTLES.public_text(CASTLES.format_action(b0, a0)) == "pick"
    words = [CASTLES.announce(b, a, s, 0) for b, a, s in games]
    assert words[0].for_seat(1) == words[1].for_seat(1) == words[0].for_seat(None)
    assert a0.card in t(words[0].for_seat(0).key, "en", **words[0].for_seat(0).params)
    # the picker's own view shows its card; the second pick reveals both to everyone
    assert scene_of(s0.view_for(0)).own_down is not None
    second = next(a for a in s0.legal_actions() if a.verb == "pick")
    before = s0.clone()
    s0.apply(second)
    reveal = CASTLES.announce(before, second, s0, 1)
    said = t(reveal.public.key, "en", **reveal.public.params)
    assert a0.card in said and second.card in said
    assert scene_of(s0.view_for(None)).sides[0].shown is not None


def test_a_random_game_draws_and_tells_every_decision() -> None:
    rng = random.Random(5)
    state = CASTLES.new_state({}, 8)
    rolls = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        attacks = [a for a in legal if a.verb == "attack"]
        action = rng.choice(attacks or legal)
        seat = state.current_player
        assert seat is not None
        before = state.clone()
        state.apply(action)
        words = CASTLES.announce(before, action, state, seat)
        for reader in (None, 0, 1):
            phrase = words.for_seat(reader)
            for locale in ("en", "fa"):
                assert t(phrase.key, locale, **phrase.params)
        rolls += phrase.key.startswith("castles.phrase.attack")
        last = CASTLES.describe_last_action(before, state, action, seat)
        if state.ply % 7 == 0 or state.is_terminal():
            for locale in ("en", "fa"):
                view = state.view_for(None)
                assert CASTLES.board_png(view, last, names=NAMES, locale=locale)
                assert len(CASTLES.board_alt_text(view, last, NAMES, locale)) <= 1024
                if not state.is_terminal():
                    own = state.view_for(state.current_player)
                    assert CASTLES.private_png(own, names=NAMES, locale=locale)
    assert rolls > 0
    result = state.position.result
    assert result is not None
    assert t(f"result.{result.reason}", "fa", winners="Ann", game_id=1)
    frames = CASTLES.replay_frames({}, 8, [])
    assert len(frames) == 1
