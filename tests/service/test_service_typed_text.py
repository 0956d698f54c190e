"""Typed actions as people type them: full-width letters are read (NFKC), refusals quote the text without
bidirectional controls, and they speak to the player ("your hand"), not of seat numbers."""

from __future__ import annotations

import pytest

from warchest_bot.service import GameService, ServiceError

from .helpers import ANN, BOB

BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"


def full_width(text: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else "\u3000" for c in text)


async def test_full_width_actions_are_read(service: GameService):
    game = await service.create_game([ANN, BOB], seed=11, options={"units": "first-game"})
    me = game.to_act.user_id
    legal = await service.legal_actions(game.id, me)
    typed = full_width(legal[0].text)
    assert typed != legal[0].text
    result = await service.play(game.id, me, typed, expected_ply=0)
    assert result.ply == 1 and result.private_action == legal[0].text


async def test_refusals_quote_typed_text_without_bidi_controls(service: GameService):
    game = await service.create_game([ANN, BOB], seed=11, options={"units": "first-game"})
    me = game.to_act.user_id
    for text in ("Zz\u202e fly e2", "\u202eSw deploy z9", "Kn\u2067 deploy e2\u0007"):
        with pytest.raises(ServiceError) as info:
            await service.play(game.id, me, text, expected_ply=0)
        message = info.value.message()
        assert not set(message) & set(BIDI + "\u0007"), repr(message)


async def test_refusals_name_the_player_not_a_seat(service: GameService):
    game = await service.create_game([ANN, BOB], seed=11, options={"units": "first-game"})
    me = game.to_act.user_id
    view = await service.view(game.id, me)
    seat = game.to_act.seat
    own = {c for c in view["seats"][seat]["units"]}
    other = next(c for s in view["seats"] for c in s["units"] if c not in own)
    with pytest.raises(ServiceError) as info:
        await service.play(game.id, me, f"{other} deploy e2", expected_ply=0)
    message = info.value.message()
    assert "seat" not in message and "one of your units" in message, message


async def test_a_secret_army_of_many_units_is_not_too_long_to_type(service: GameService):
    """Point-Buy Chess's secret army is one action: at the largest budget it names 200 units."""
    game = await service.create_game(
        [ANN, BOB], kind="pointbuy", options={"picking": "secret", "budget": 200}
    )
    squares = [f"{f}1" for f in "abcdefgh"]
    army = "army " + ", ".join(["Ki e1"] + [f"Pa {s}" for s in squares if s != "e1"] + ["Pa barracks"] * 186)
    assert len(army) > 2000
    result = await service.play(game.id, ANN.user_id, army, expected_ply=0)
    assert result.ply == 1 and result.action == "army (secret)"
    with pytest.raises(ServiceError) as refused:
        await service.play(game.id, BOB.user_id, "army " + "Pa barracks, " * 400, expected_ply=1)
    assert refused.value.message_id == "error.long_action.pointbuy"  # in the game's own words
