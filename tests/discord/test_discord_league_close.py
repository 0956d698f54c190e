"""A league closed between two seasons, through the real discord.py client against the fake Discord: its
season's end was posted, the organiser closes it instead of starting the next one, and its end ("that
season was the last") is posted in the league's channel from the outbox, exactly once, also when the bot
died between the close's commit and the post (the next bot posts it; in a real process killed with
SIGKILL there, the restart posts it)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from bot_process import start_bot
from event_helpers import ask, clock_of, event_of, organised, swept
from fakediscord import FakeMessage
from wc_helpers import World

from warchest_bot.i18n import t
from warchest_bot.service import GameService
from warchest_bot.service.leagues import LeagueService

NAME = "Short League"


def _ends(w: World, season: int = 1) -> list[FakeMessage]:
    finished = t("league.ladder.finished", "en", season=season, name=NAME)
    return [m for m in w.fake.messages_in(w.channel) if not m.ephemeral and m.content == finished]


async def _season_played(w: World) -> int:
    """A league of Alice and Bob, its first season's one game resigned by Bob, its end posted; the
    league's number."""
    async with organised(w) as bot:
        league = event_of(await ask(w, w.alice, "wc tournament league", {"name": NAME, "group_size": 3}))
        for user in (w.alice, w.bob):
            await ask(w, user, "wc tournament join", {"event": league})
        await ask(w, w.alice, "wc tournament season", {"event": league})
        await asyncio.wait_for(bot.tournament_sweep.wait_idle(), 10)  # type: ignore[union-attr]
        leagues = LeagueService(bot.tournaments)  # type: ignore[arg-type]
        ((group,),) = await leagues.groups(league)
        assert group is not None
        (game_id,) = (await leagues.tournaments.round_games(group.id, 1)).values()
        await w.board_post(await w.service.get_game(game_id), 0)
        await w.resign(w.bob, game_id)
        over = t("league.ladder.over", "en", season=1)
        await w.fake.wait_for_message(w.channel, lambda m: over in m.content and not m.ephemeral, 60)
    return league


async def test_a_league_closed_between_seasons_posts_its_end_once_also_after_a_crash(
    event_world: World,
) -> None:
    w = event_world
    league = await _season_played(w)
    async with organised(w) as bot:
        bot.delivery.paused = True  # the bot dies right after the close's commit: nothing goes out
        closed = await ask(w, w.alice, "wc tournament close", {"event": league})
        assert not closed.ephemeral and closed.content == t("league.closed", "en", name=NAME)
        assert (await bot.tournaments.get(league))[0].status == "finished"  # type: ignore[union-attr]
        await asyncio.sleep(0.3)
        assert _ends(w) == []
    async with organised(w) as bot:  # the next bot posts what the close owed
        await w.fake.wait_until(lambda: len(_ends(w)) == 1, 20)
        await swept(bot, clock_of(w), timedelta(minutes=5))
        await asyncio.sleep(0.3)
        assert len(_ends(w)) == 1


@pytest.mark.slow
async def test_sigkill_between_the_close_and_its_post(event_world: World, tmp_path) -> None:  # type: ignore[no-untyped-def]
    w = event_world
    league = await _season_played(w)
    hold = w.fake.hold_next("POST", f"/channels/{w.channel.id}/messages")
    proc = await start_bot(w.fake, w.db, tmp_path / "bot.log")
    try:
        closed = await ask(w, w.alice, "wc tournament close", {"event": league})
        assert closed.content == t("league.closed", "en", name=NAME)
        await asyncio.wait_for(hold.arrived.wait(), 30)
        proc.kill()
        await proc.wait()
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    hold.release(fail=503)  # the post died with the process
    assert _ends(w) == []
    async with GameService.open(w.db) as service:  # restarted (on the real clock, as the killed bot)
        w.service = service
        async with w.running():
            await w.fake.wait_until(lambda: len(_ends(w)) == 1, 30)
            await asyncio.sleep(0.5)
            assert len(_ends(w)) == 1
