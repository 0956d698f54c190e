"""Bad values and per-user limits: ids SQLite cannot store, negative ids, unknown AI levels and list sizes
are refused with a clear code and change nothing; open challenges, games in progress and new games per hour
are limited per user (checked in the creating transaction), and challenges expire."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from warchest_bot.service import AiPlayer, Correspondence, GameService, Player, ServiceError
from warchest_bot.service.limits import Limits

from .helpers import ANN, BOB, CAT, DAN, FakeClock, dump

BIG = 2**63


async def refused(db_path, call, code: str) -> ServiceError:
    before = dump(db_path)
    with pytest.raises(ServiceError) as info:
        await call()
    err = info.value
    assert err.code == code, (err.code, err.message())
    assert err.user_caused and err.message() and "{" not in err.message()
    assert dump(db_path) == before
    return err


def bad_id_calls(service: GameService, corr: Correspondence, game_id: int, bad: object) -> list:
    """Every entry point taking a user, server, channel, thread or message id, called with ``bad``."""
    return [
        lambda: service.create_challenge(Player(bad, "X")),
        lambda: service.create_challenge(ANN, invited=[bad]),
        lambda: service.create_challenge(ANN, guild_id=bad),
        lambda: service.create_challenge(ANN, channel_id=bad),
        lambda: service.create_game([ANN, Player(bad, "X")]),
        lambda: service.create_game([ANN, BOB], guild_id=bad),
        lambda: service.join(game_id, Player(bad, "X")),
        lambda: service.games_for_user(bad),
        lambda: service.games_for_user(ANN.user_id, guild_id=bad),
        lambda: service.games_for_server(bad),
        lambda: service.open_challenges(bad),
        lambda: service.challenges_for_user(bad),
        lambda: service.record(bad),
        lambda: service.set_thread(game_id, bad),
        lambda: service.find_game_by_thread(bad),
        lambda: service.set_dm_reachable(bad, False),
        lambda: service.remember_message(game_id, "board", bad),
        lambda: service.find_message(bad),
        lambda: service.user_settings(bad),
        lambda: service.update_user_settings(bad, {"locale": "fa"}),
        lambda: service.server_settings(bad),
        lambda: service.update_server_settings(bad, {"locale": "fa"}),
        lambda: service.locale_for(bad),
        lambda: corr.rating(bad),
        lambda: corr.leaderboard(bad),
        lambda: corr.stats(bad),
        lambda: corr.everywhere(bad),
        lambda: corr.preferences(bad),
        lambda: corr.start_vacation(bad, 2),
    ]


@pytest.mark.slow
async def test_ids_out_of_range_and_negative_ids_are_refused(service: GameService, db_path):
    game = await service.create_game([ANN, BOB], seed=3, options={"units": "first-game"})
    corr = Correspondence(service)
    try:
        for bad in (BIG, 2**70, -1, 0, "7", True):
            for call in bad_id_calls(service, corr, game.id, bad):
                err = await refused(db_path, call, "bad_id")
                assert "is not a valid id" in err.message()
        await refused(db_path, lambda: service.message(BIG, "board"), "unknown_game")
    finally:
        corr.detach()


async def test_unknown_ai_level_and_bad_list_sizes_are_refused(service: GameService, db_path):
    for level in ("impossible", "", None, 3):
        bot = AiPlayer(level, "Bot")  # type: ignore[arg-type]
        err = await refused(db_path, lambda b=bot: service.create_game([ANN, b]), "bad_options")
        assert "easy, normal, hard" in err.message()
    corr = Correspondence(service)
    try:
        for limit in (0, -1, 101, 2**70, True, "5"):
            err = await refused(db_path, lambda n=limit: corr.leaderboard(None, limit=n), "bad_options")
            assert "1 to 100" in err.message()
        assert await corr.leaderboard(None, limit=100) == []
    finally:
        corr.detach()


@pytest.fixture
async def limited(db_path):
    limits = Limits(open_challenges=2, active_games=3, games_per_hour=4)
    clock = FakeClock()
    async with GameService.open(db_path, clock=clock, limits=limits) as svc:
        yield svc, clock


async def test_open_challenges_per_user_are_limited(limited, db_path):
    service, _ = limited
    first = await service.create_challenge(ANN)
    await service.create_challenge(ANN, invited=[BOB.user_id])
    err = await refused(db_path, lambda: service.create_challenge(ANN), "limit_reached")
    assert err.message() == (
        "You already have 2 open challenges waiting for players, which is the most you can have. "
        "Withdraw one with /wc abort, or wait until one is taken up or expires."
    )
    await service.create_challenge(BOB)  # another user is not affected
    await service.abort(first.id, ANN.user_id)
    await service.create_challenge(ANN)  # a withdrawn challenge frees its place


async def test_games_in_progress_per_user_are_limited(limited, db_path):
    service, _ = limited
    await service.create_game([ANN, BOB])
    await service.create_game([ANN, CAT])
    open_game = await service.create_challenge(DAN)
    await service.join(open_game.id, ANN)  # ANN's third game
    err = await refused(db_path, lambda: service.create_challenge(ANN), "limit_reached")
    assert "take part in 3 games" in err.message()
    await refused(db_path, lambda: service.create_game([ANN, AiPlayer("easy", "Bot")]), "limit_reached")
    other = await service.create_challenge(CAT)
    await refused(db_path, lambda: service.join(other.id, ANN), "limit_reached")
    err = await refused(db_path, lambda: service.create_game([DAN, ANN]), "limit_reached")
    assert err.message().startswith("Ann already takes part in 3 games")
    await service.resign(open_game.id, ANN.user_id)  # a finished game frees its place
    await service.join(other.id, ANN)


async def test_new_games_per_hour_are_limited(limited, db_path):
    service, clock = limited
    for opponent in (BOB, CAT, DAN):
        game = await service.create_game([ANN, opponent])
        await service.resign(game.id, ANN.user_id)
    await service.create_game([ANN, AiPlayer("easy", "Bot")])
    err = await refused(db_path, lambda: service.create_challenge(ANN), "limit_reached")
    assert err.message() == (
        "You can start at most 4 games per hour. Please wait a while before starting another."
    )
    clock.now += timedelta(minutes=61)
    await service.create_challenge(ANN)


async def test_limits_hold_for_simultaneous_requests(limited):
    service, _ = limited
    results = await asyncio.gather(*(service.create_challenge(ANN) for _ in range(6)), return_exceptions=True)
    made = [r for r in results if not isinstance(r, BaseException)]
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(made) == 2
    assert all(isinstance(e, ServiceError) and e.code == "limit_reached" for e in errors)
    assert len(await service.challenges_for_user(ANN.user_id)) == 2


async def test_challenges_expire_after_the_configured_time(db_path):
    clock = FakeClock()
    limits = Limits(challenge_expiry=timedelta(days=2))
    async with GameService.open(db_path, clock=clock, limits=limits) as service:
        game = await service.create_challenge(ANN, invited=[BOB.user_id])
        assert await service.expire_challenges(clock.now + timedelta(days=1)) == []
        [ended] = await service.expire_challenges(clock.now + timedelta(days=2, seconds=5))
        assert ended.id == game.id and ended.status == "aborted" and ended.over.reason == "expired"
        assert await service.challenges_for_user(ANN.user_id) == []


def test_limits_come_from_the_environment(monkeypatch):
    from warchest_bot.config import ConfigError, load_limits

    for name in ("OPEN_CHALLENGES", "ACTIVE_GAMES", "GAMES_PER_HOUR"):
        monkeypatch.delenv(f"WARCHEST_MAX_{name}", raising=False)
    monkeypatch.delenv("WARCHEST_CHALLENGE_EXPIRY_HOURS", raising=False)
    assert load_limits() == Limits()
    monkeypatch.setenv("WARCHEST_MAX_OPEN_CHALLENGES", "3")
    monkeypatch.setenv("WARCHEST_MAX_ACTIVE_GAMES", "0")
    monkeypatch.setenv("WARCHEST_MAX_GAMES_PER_HOUR", "7")
    monkeypatch.setenv("WARCHEST_CHALLENGE_EXPIRY_HOURS", "24")
    assert load_limits() == Limits(3, 0, 7, timedelta(hours=24))
    monkeypatch.setenv("WARCHEST_MAX_GAMES_PER_HOUR", "-1")
    with pytest.raises(ConfigError, match="WARCHEST_MAX_GAMES_PER_HOUR"):
        load_limits()
