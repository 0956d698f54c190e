"""A league end to end through the real discord.py client against the fake Discord: ``/wc tournament
league`` with two divisions, sign-ups with ``join``, ``season`` (the organiser only; ``start`` refused for a
league), the duty making each division's group as an event that pairs and posts its round, the games
resigned over Discord, ``ladder`` (in English and Persian), and the next season promoting the winner of
the lower division and relegating the loser of the upper one."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from event_helpers import ask, clock_of, event_of, organised, swept
from wc_helpers import World

from warchest_bot.i18n import t
from warchest_bot.service.leagues import LeagueService, group_name

NAME = "Ladder League"


async def _play(w: World, leagues: LeagueService, league: int, seen: int) -> list[str]:
    """Resign each group's one game (its second player resigns); the winners' names, by division."""
    sweep = w.bot.tournament_sweep  # type: ignore[union-attr]
    await asyncio.wait_for(sweep.wait_idle(), 10)
    winners = []
    for division in await leagues.groups(league):
        (group,) = division
        assert group is not None and group.status == "running"
        title = t("tournament.pairings.title", "en", round=1, rounds=1, name=group.name)
        await w.fake.wait_for_message(w.channel, lambda m, title=title: title in m.content, 20)
        _, model = await leagues.tournaments.get(group.id)
        (board,) = model.current.games  # type: ignore[union-attr]
        (game_id,) = (await leagues.tournaments.round_games(group.id, 1)).values()
        await w.board_post(await w.service.get_game(game_id), 0)
        await w.resign(w.user(model.entrants[board.second].members[0]), game_id)
        winners.append(model.entrants[board.first].name)
    await w.fake.wait_until(
        lambda: sum(m.content.startswith("Round 1 of 1 of **") and ": results" in m.content
                    for m in w.fake.messages_in(w.channel)) >= seen,
        20,
    )  # fmt: skip
    return winners


async def test_a_league_of_two_divisions_over_two_seasons_on_discord(event_world: World) -> None:
    w = event_world
    time = clock_of(w)
    async with organised(w) as bot:
        made = await ask(
            w,
            w.alice,
            "wc tournament league",
            {"name": NAME, "group_size": 3, "divisions": 2, "movers": 1, "vacations": True},
        )
        assert not made.ephemeral and "League #" in made.content and "in 2 divisions" in made.content
        league = event_of(made)
        for command in ("wc tournament season", "wc tournament close", "wc tournament ladder"):
            choices = await w.fake.autocomplete(w.bob, w.channel, command, {"event": ""}, focused="event")
            assert any(c["value"] == league and NAME in c["name"] for c in choices), command
        games = await w.fake.autocomplete(
            w.bob, w.channel, "wc tournament league", {"name": "x", "game": "war"}, focused="game"
        )
        assert [c["value"] for c in games] == ["warchest"]
        for user in (w.alice, w.bob, w.dave, w.erin):
            joined = await ask(w, user, "wc tournament join", {"event": league})
            assert joined.content == t("league.joined", "en", name=NAME)
        none = await ask(w, w.bob, "wc tournament ladder", {"event": league})
        assert none.content == t("league.ladder.none", "en", name=NAME, count=4)
        refused = await ask(w, w.alice, "wc tournament start", {"event": league})
        assert refused.ephemeral and t("tournament.error.league_seasons", "en") in refused.content
        refused = await ask(w, w.bob, "wc tournament season", {"event": league})
        assert refused.ephemeral and "Only the event's organiser may do that." in refused.content

        started = await ask(w, w.alice, "wc tournament season", {"event": league})
        assert not started.ephemeral
        assert t("league.season_started", "en", season=1, name=NAME) in started.content
        assert (
            "Division 1: Alice and Bob" in started.content and "Division 2: Dave and Erin" in started.content
        )
        leagues = LeagueService(bot.tournaments)
        await asyncio.wait_for(bot.tournament_sweep.wait_idle(), 10)
        groups = await leagues.groups(league)
        assert [[g.name for g in d if g is not None] for d in groups] == [
            [group_name(NAME, 1, 0, 0)],
            [group_name(NAME, 1, 1, 0)],
        ]
        assert all(g.state["vacations"] == 1 for d in groups for g in d if g is not None)  # the league's
        again = await ask(w, w.alice, "wc tournament season", {"event": league})
        assert again.ephemeral and t("tournament.error.league_season_open", "en") in again.content

        top, bottom = await _play(w, leagues, league, 2)
        over = t("league.ladder.over", "en", season=1)
        await w.fake.wait_for_message(w.channel, lambda m: over in m.content and not m.ephemeral, 90)
        ladder = await ask(w, w.erin, "wc tournament ladder", {"event": league})
        assert ladder.ephemeral and t("league.ladder.over", "en", season=1) in ladder.content
        assert f"Group A: event #{groups[0][0].id}, finished" in ladder.content  # type: ignore[union-attr]

        second = await ask(w, w.alice, "wc tournament season", {"event": league})
        relegated = ({"Alice", "Bob"} - {top}).pop()
        assert f"Up to division 1: {bottom}" in second.content
        assert f"Down to division 2: {relegated}" in second.content
        await asyncio.wait_for(bot.tournament_sweep.wait_idle(), 10)
        await ask(w, w.dave, "wc my settings", {"language": "fa"})
        persian = await ask(w, w.dave, "wc tournament ladder", {"event": league})
        assert t("league.ladder.title", "fa", name=NAME, season=2) in persian.content
        groups = await leagues.groups(league)
        assert all(g is not None and g.status == "running" for d in groups for g in d)

        # Closed by its organiser during season 2: the season plays out, then the league is over.
        refused = await ask(w, w.bob, "wc tournament close", {"event": league})
        assert refused.ephemeral and "Only the event's organiser may do that." in refused.content
        closing = await ask(w, w.alice, "wc tournament close", {"event": league})
        assert not closing.ephemeral
        assert closing.content == t("league.closing", "en", name=NAME, season=2)
        late = await ask(w, w.bob, "wc tournament season", {"event": league})
        assert late.ephemeral and t("tournament.error.league_closed", "en") in late.content
        ladder = await ask(w, w.erin, "wc tournament ladder", {"event": league})
        assert t("league.ladder.closing", "en") in ladder.content
        await ask(w, w.dave, "wc my settings", {"language": "en"})  # (the resign helper reads English)
        await _play(w, leagues, league, 4)
        finished = t("league.ladder.finished", "en", season=2, name=NAME)
        await w.fake.wait_for_message(w.channel, lambda m: finished in m.content and not m.ephemeral, 90)
        record, _ = await bot.tournaments.get(league)
        assert record.status == "finished"
        await swept(bot, time, timedelta(minutes=5))
        posts = [m for m in w.fake.messages_in(w.channel) if finished in m.content and not m.ephemeral]
        assert len(posts) == 1 and t("league.ladder.over", "en", season=2) not in posts[0].content
        await ask(w, w.dave, "wc my settings", {"language": "fa"})
        persian = await ask(w, w.dave, "wc tournament ladder", {"event": league})
        assert t("league.ladder.finished", "fa", season=2, name=NAME) in persian.content
        again = await ask(w, w.alice, "wc tournament close", {"event": league})
        assert again.ephemeral and t("tournament.error.league_closed", "en") in again.content
