"""The service and storage speak of games through the registry only: a new game's options are its game's
(checked, defaults filled in, stored whole), ratings and records are kept per game kind, a rematch takes
the options its game gives it, and a forfeit's winner is the game's to say. A War Chest variant
registered under a kind of its own stands for "another game" here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from warchest_bot.games import GameKindDefaults, Outcome, register_game, unregister_game
from warchest_bot.games.warchest import WAR_CHEST, WarChest
from warchest_bot.service import ServiceError

from .conftest import ANN, BOB, CAT, DAN, GUILD

VARIANT = "wc-variant"


class Variant(WarChest):
    """War Chest under another kind, whose rematch gives the loser of a series one more round each time
    (a stand-in for Point-Buy Chess's series budget rule)."""

    kind = VARIANT
    title = "War Chest variant"

    def rematch_options(self, options: Mapping[str, Any], outcome: Outcome | None) -> dict[str, Any]:
        return {**options, "max_rounds": int(options["max_rounds"]) + 1}


@pytest.fixture
def variant():
    game = register_game(Variant())
    yield game
    unregister_game(VARIANT)


async def _refusal(call) -> ServiceError:
    with pytest.raises(ServiceError) as err:
        await call
    return err.value


async def test_a_new_game_stores_every_option_of_its_game(corr):
    service = corr.service
    info = await service.create_challenge(ANN)
    assert info.kind == "warchest" and info.players == 2
    assert dict(info.options) == WAR_CHEST.default_options()
    four = await service.create_challenge(BOB, players=4, options={"units": "draft"})
    assert four.players == 4 and four.free_seats == (1, 2, 3)
    assert dict(four.options) == {**WAR_CHEST.default_options(), "players": 4, "units": "draft"}
    assert dict((await service.get_game(four.id)).options) == dict(four.options)


async def test_options_are_checked_by_the_game_and_refusals_name_it(corr):
    service = corr.service
    err = await _refusal(service.create_challenge(ANN, options={"units": "all"}))
    assert err.code == "bad_options" and err.message_id == "error.bad_units"
    err = await _refusal(service.create_challenge(ANN, options={"bogus": 1}))
    assert err.code == "bad_options"
    err = await _refusal(service.create_challenge(ANN, kind="no-such-game"))
    assert err.code == "bad_options" and err.message_id == "error.unknown_kind"
    err = await _refusal(service.create_challenge(ANN, players=4, options={"players": 2}))
    assert err.code == "bad_options" and err.message_id == "error.bad_player_count"
    assert "War Chest" in err.message() and "2, 4" in err.message()
    assert await service.games_for_user(ANN.user_id, status="open") is not None
    assert (await service.games_for_user(ANN.user_id)).games == ()  # nothing was stored


async def test_ratings_and_records_are_kept_per_game(corr, variant):
    service = corr.service
    wc = await service.create_game([ANN, BOB], options={"units": "first-game"}, rated=True, guild_id=GUILD)
    await service.resign(wc.id, BOB.user_id)
    other = await service.create_game(
        [ANN, BOB], kind=VARIANT, options={"units": "first-game"}, rated=True, guild_id=GUILD
    )
    assert other.kind == VARIANT
    await service.resign(other.id, ANN.user_id)
    wc_ann, wc_bob = await corr.rating(ANN.user_id), await corr.rating(BOB.user_id)
    v_ann, v_bob = [await corr.rating(u.user_id, kind=VARIANT) for u in (ANN, BOB)]
    assert wc_ann.games == v_ann.games == 1 and wc_ann.kind == "warchest" and v_ann.kind == VARIANT
    assert wc_ann.rating > 1500 > wc_bob.rating  # Ann won War Chest...
    assert v_bob.rating > 1500 > v_ann.rating  # ...and lost the variant: neither moved the other
    assert [r.user_id for r in await corr.leaderboard(GUILD)] == [ANN.user_id, BOB.user_id]
    assert [r.user_id for r in await corr.leaderboard(GUILD, kind=VARIANT)] == [BOB.user_id, ANN.user_id]
    stats = await corr.stats(ANN.user_id, GUILD, kind=VARIANT)
    assert (stats.record.overall.wins, stats.record.overall.losses) == (0, 1)
    assert stats.rating.rating == pytest.approx(v_ann.rating)
    both = await service.record(ANN.user_id)
    assert (both.overall.wins, both.overall.losses) == (1, 1)


async def test_a_rematch_is_of_the_same_game_with_the_options_its_game_gives(corr, variant):
    service = corr.service
    first = await service.create_game([ANN, BOB], kind=VARIANT, options={"max_rounds": 7})
    await service.resign(first.id, ANN.user_id)
    again = await corr.rematch(first.id, BOB.user_id)
    assert again.kind == VARIANT and again.options["max_rounds"] == 8
    assert [s.user_id for s in again.seats] == [BOB.user_id, ANN.user_id]
    wc = await service.create_game([ANN, BOB], options={"max_rounds": 7})
    await service.resign(wc.id, ANN.user_id)
    assert dict((await corr.rematch(wc.id, ANN.user_id)).options) == dict(wc.options)  # War Chest: the same


def test_default_hooks():
    class Solo(GameKindDefaults):
        player_counts = (3,)

    hooks = Solo()
    assert hooks.players_of({}) == 3
    assert WAR_CHEST.players_of({"players": 4}) == 4 and WAR_CHEST.players_of({}) == 2
    assert hooks.forfeit_winner((0, 1), 0) == 1 and hooks.forfeit_winner((0, 1, 0, 1), 1) == 0
    assert hooks.forfeit_winner((0, 1, 2), 1) is None  # two teams left: a draw
    assert hooks.forfeit_winner((0, 1, 2, 1), 0) is None and hooks.forfeit_winner((0, 1, 1), 0) == 1
    assert hooks.rematch_seating(2) == (1, 0) and hooks.rematch_seating(4) == (1, 0, 3, 2)
    assert hooks.rematch_seating(3) == (1, 2, 0)
    assert hooks.rematch_options({"a": 1}, Outcome(0, "x")) == {"a": 1}
    assert WAR_CHEST.result_params({"max_rounds": 9}, {}) == {"rounds": 9}


class FreeForAll(WarChest):
    """4-player War Chest where every seat is a team of its own (the service's view of more than two
    teams: only forfeits are played here)."""

    kind = "wc-ffa"
    title = "War Chest free-for-all"

    def teams(self, players: int) -> tuple[int, ...]:
        return tuple(range(players))


async def test_a_forfeit_among_more_than_two_teams_loses_alone_and_the_others_draw(corr):
    register_game(FreeForAll())
    try:
        service = corr.service
        game = await service.create_game([ANN, BOB, CAT, DAN], kind="wc-ffa", rated=True, guild_id=GUILD)
        assert [s.team for s in game.seats] == [0, 1, 2, 3]
        ended = await service.resign(game.id, BOB.user_id)
        over = ended.over
        assert over.winner_team is None and over.draw and over.reason == "resign"
        assert [s.name for s in over.losers] == ["Bob"] and over.winners == ()
        assert over.message() == f"Bob resigned game #{game.id}; the other players draw."
        assert [s.outcome for s in ended.seats] == ["draw", "loss", "draw", "draw"]
        ratings = {p.name: await corr.rating(p.user_id, kind="wc-ffa") for p in (ANN, BOB, CAT, DAN)}
        assert ratings["Bob"].rating < 1500 < ratings["Ann"].rating
        assert ratings["Ann"].rating == pytest.approx(ratings["Cat"].rating)
        assert (await corr.stats(BOB.user_id, kind="wc-ffa")).record.overall.losses == 1
    finally:
        unregister_game("wc-ffa")
