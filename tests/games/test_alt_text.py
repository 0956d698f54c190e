"""Alt text of the games' pictures: made from the view the picture is drawn from, so a public board never
names a coin in a hand or bag (War Chest) nor a secret army before the reveal (Point-Buy Chess); always
within Discord's 1024 characters (a crowded board summarised); the defaults serve any game (Tiny Lines)."""

from __future__ import annotations

import copy
import random

from warchest_bot.games import alt_text_of, get_game
from warchest_bot.games.alt_text import ALT_TEXT_MAX
from warchest_bot.games.facets import CommonAltText

NAMES = ["Alice", "Bob"]


def _played(kind: str, plies: int, seed: int, **options):
    game = get_game(kind)
    state = game.new_state({**game.default_options(), **options}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(rng.choice(list(state.legal_actions())))
    return game, state


def test_war_chest_public_board_alt_text_names_nothing_of_hands_or_bags() -> None:
    for seed in range(6):
        game, state = _played("warchest", 10 + 7 * seed, seed)
        view = state.view_for(None)
        text = game.board_alt_text(view, None, NAMES, "en")
        assert "It is" in text or "over" in text
        # the same text with every hand, bag and discard replaced: it depends on none of them
        other = copy.deepcopy(view)
        for seat in other["seats"]:
            seat["hand"], seat["bag"], seat["discard_down"], seat["discard_up"] = 0, 0, 0, {}
            seat["supply"] = {}
        assert game.board_alt_text(other, None, NAMES, "en") == text
        assert "hand" not in text and "bag" not in text
        # a seat's own view shows its hand, but the public alt text is made from the public view only
        seat = state.current_player if state.current_player is not None else 0
        hand = state.view_for(seat)["seats"][seat]["hand"]
        private = game.private_alt_text(state.view_for(seat), NAMES, "en")
        assert all(coin in private for coin in hand)


def test_point_buy_secret_army_not_in_public_alt_text_before_the_reveal() -> None:
    game = get_game("pointbuy")
    state = game.new_state({**game.default_options(), "budget": 16, "picking": "secret"}, 0)
    state.apply(game.parse_action(state, "army Qu d1, Ki e1"))
    public = game.board_alt_text(state.view_for(None), None, NAMES, "en")
    opponent = game.private_alt_text(state.view_for(1), NAMES, "en")
    own = game.private_alt_text(state.view_for(0), NAMES, "en")
    for text in (public, opponent):
        assert "Queen" not in text and "d1" not in text and "e1" not in text
    assert own.startswith("Your secret army: Queen on d1, King on e1.")
    state.apply(game.parse_action(state, "army Ki e8, Qu d8"))
    revealed = game.board_alt_text(state.view_for(None), None, NAMES, "en")
    assert "Queen on d1" in revealed and "King on e8" in revealed


def test_a_crowded_board_is_summarised_within_the_limit() -> None:
    game = get_game("pointbuy")
    state = game.new_state(game.default_options(), 0)
    view = state.view_for(None)
    view["board"] = [[n % 2, "Ni"] for n in range(64)]  # 64 Nightriders: too long to list
    long_names = ["A" * 32, "B" * 32]
    text = game.board_alt_text(view, None, long_names, "en")
    assert len(text) <= ALT_TEXT_MAX
    assert f"{'A' * 32} has 32 units on the board." in text and "/wc board text:true" in text
    wc = get_game("warchest")
    _, state = _played("warchest", 40, 3)
    assert len(wc.board_alt_text(state.view_for(None), None, long_names, "en")) <= ALT_TEXT_MAX


def test_unit_cards_say_the_ability() -> None:
    assert get_game("warchest").unit_alt_text("Ar", "en") == (
        "The card of the Archer: Tactic: attack 2 hexes away. No normal attack."
    )
    assert get_game("pointbuy").unit_alt_text("Sp", "en") == (
        "The card of the Spy: it costs 4 points. Moves only by swapping places with any friendly unit on the board."
    )


def test_the_common_alt_text_serves_a_game_that_declares_none(tiny_game) -> None:
    state = tiny_game.new_state(tiny_game.default_options(), 1)
    state.apply(state.legal_actions()[0])
    last = {"seat": 0, "text": "mark a1"}
    common = CommonAltText(tiny_game.title)
    text = common.board_alt_text(state.view_for(None), last, NAMES, "en")
    assert text.startswith(f"Board of {tiny_game.title} after move 1.")
    assert "It is Bob's turn." in text and "Last move: Alice played mark a1." in text
    assert (
        common.private_alt_text(state.view_for(0), NAMES, "en") == f"Your private view of {tiny_game.title}."
    )
    assert common.board_text(state.view_for(None), NAMES, "en")[0].startswith(f"Board of {tiny_game.title}")
    if tiny_game.facets.alt_text is None:
        assert isinstance(alt_text_of(tiny_game), CommonAltText)
