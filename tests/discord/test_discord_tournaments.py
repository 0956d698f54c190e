"""A small tournament end to end through the real discord.py client against the fake Discord: created,
joined, started with ``/wc tournament …``; the worker's duty pairs the rounds and opens their games (each
with its board posted through the outbox); a game resigned, a board forfeited by the organiser; one post
per round in the event's channel (pairings, then results with the standings picture); the bot restarted in
the middle; the last round decided by the move clocks on a fake clock; the standings and the TRF16 export
on request, in English and in Persian."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import event_helpers
from caissify_pairings.trf import TRFParser
from event_helpers import MANAGE_GUILD, ask, clock_of, event_of, organised, running, swept
from fakediscord import FakeMessage
from wc_helpers import World

from warchest_bot.i18n import format_number, t
from warchest_bot.tournaments import Outcome

NAME = "Spring Swiss"


def round_posts(world: World) -> list[FakeMessage]:
    return event_helpers.round_posts(world, NAME)


async def posts_until(world: World, count: int) -> list[FakeMessage]:
    return await event_helpers.posts_until(world, count, NAME)


async def test_a_small_swiss_is_run_on_discord_across_a_restart(event_world: World) -> None:
    w = event_world
    time = clock_of(w)  # the service's fake clock: one time for games, clocks and duties
    players = [w.alice, w.bob, w.dave, w.erin]
    w.guild.everyone_role.permissions &= ~MANAGE_GUILD  # members are not server admins
    async with running(w, time) as bot:
        made = await ask(w, w.alice, "wc tournament create", {"name": NAME, "rounds": 2, "move_hours": 24})
        assert not made.ephemeral and f"**{NAME}** is open for entries: a Swiss of 2 rounds" in made.content
        event = event_of(made)

        choices = await w.fake.autocomplete(
            w.bob, w.channel, "wc tournament join", {"event": ""}, focused="event"
        )
        assert any(c["value"] == event and NAME in c["name"] for c in choices)

        for user in players:
            joined = await ask(w, user, "wc tournament join", {"event": event})
            assert joined.ephemeral and f"You play in **{NAME}** now" in joined.content
        again = await ask(w, w.bob, "wc tournament join", {"event": event})
        assert "You (or your partner) already play in this event." in again.content
        refused = await ask(w, w.bob, "wc tournament start", {"event": event})
        assert refused.ephemeral and "Only the event's organiser may do that." in refused.content

        started = await ask(w, w.alice, "wc tournament start", {"event": event})
        assert f"**{NAME}** has started with 4 entries" in started.content
        (pairings,) = await posts_until(w, 1)
        assert f"Round 1 of 2 of **{NAME}**: pairings" in pairings.content
        assert pairings.content.count("(game #") == 2

        record, model = await bot.tournaments.get(event)
        games = await bot.tournaments.round_games(event, 1)
        assert sorted(games) == [1, 2]
        for game_id in games.values():  # every pairing opened its game, its board posted
            await w.board_post(await w.service.get_game(game_id), 0)

        # Board 1: a resignation over Discord; board 2: the organiser forfeits its second player.
        board1 = model.current.games[0]
        loser = w.user(model.entrants[board1.second].members[0])
        await w.resign(loser, games[1])
        forfeit = await ask(w, w.alice, "wc tournament forfeit", {"event": event, "board": 2, "loser": "+--"})
        assert "Board 2 of round 1" in forfeit.content and "wins by forfeit" in forfeit.content

        first, results, second = await posts_until(w, 3)
        assert f"Round 1 of 2 of **{NAME}**: results" in results.content
        assert "Board 1:" in results.content and "1–0" in results.content and "+ –" in results.content
        assert [a.filename for a in results.attachments] == ["standings.png"]
        assert "Standings of" in (results.attachments[0].description or "")
        assert f"Round 2 of 2 of **{NAME}**: pairings" in second.content

    # The bot stops in the middle of round 2 and a new process takes over.
    async with running(w, time) as bot:
        await asyncio.wait_for(bot.tournament_sweep.wait_idle(), 10)
        assert len(round_posts(w)) == 3  # nothing posted twice after the restart
        await swept(bot, time, timedelta(hours=25))  # every player to act lets the clock run out
        posts = await posts_until(w, 4)
        final = posts[3]
        assert f"Round 2 of 2 of **{NAME}**: results" in final.content
        assert f"**{NAME}** is over. Congratulations to" in final.content
        record, model = await bot.tournaments.get(event)
        assert record.status == "finished"

        standings = await ask(w, w.bob, "wc tournament standings", {"event": event})
        assert standings.ephemeral and f"Final standings of {NAME}" in standings.content
        assert [a.filename for a in standings.attachments] == ["standings.png"]
        exported = await ask(w, w.bob, "wc tournament export", {"event": event})
        assert [a.filename for a in exported.attachments] == [f"tournament-{event}.trf"]
        trf = exported.attachments[0].data.decode()
        assert trf == await bot.tournaments.trf16(event)  # every round's pairings and results
        parsed = TRFParser(trf).parse()  # read back by another parser
        assert parsed["tournament"]["name"] == NAME
        players = {p["starting_number"]: p for p in parsed["players"]}
        assert sorted(players) == [1, 2, 3, 4]
        for n, p in players.items():  # both rounds of every entrant, with their scores
            assert p["score"] == model.points(n) and sorted(p["results"]) == [1, 2]

        await ask(w, w.dave, "wc my settings", {"language": "fa"})
        persian = await ask(w, w.dave, "wc tournament standings", {"event": event})
        assert t("tournament.standings.title_final", "fa", name=NAME) in persian.content
        await swept(bot, time, timedelta(days=3))
        assert len(round_posts(w)) == 4


async def test_team_entries_for_four_player_war_chest(event_world: World) -> None:
    w = event_world
    time = clock_of(w)
    async with running(w, time) as bot:
        made = await ask(
            w, w.alice, "wc tournament create", {"name": NAME, "rounds": 1, "settings": "players=4"}
        )
        event = event_of(made)
        alone = await ask(w, w.alice, "wc tournament join", {"event": event})
        assert alone.ephemeral and t("tournament.error.partner_needed", "en") in alone.content
        for user, partner in ((w.alice, w.bob), (w.dave, w.erin)):
            joined = await ask(w, user, "wc tournament join", {"event": event, "partner": partner})
            assert f"You play in **{NAME}** now" in joined.content
        await ask(w, w.alice, "wc tournament start", {"event": event})
        (pairings,) = await posts_until(w, 1)
        assert "Alice & Bob against Dave & Erin" in pairings.content or (
            "Dave & Erin against Alice & Bob" in pairings.content
        )
        (game_id,) = (await bot.tournaments.round_games(event, 1)).values()
        info = await w.service.get_game(game_id)
        assert info.players == 4
        await w.board_post(info, 0)


async def test_round_posts_in_the_servers_language_and_a_server_admin_organises(event_world: World) -> None:
    """The server speaks Persian: the round posts are Persian; a member with Manage Server who did not
    create the event pauses, resumes and adjudicates it."""
    w = event_world
    time = clock_of(w)
    async with running(w, time):
        await ask(w, w.alice, "wc admin server", {"language": "fa"})
        made = await ask(w, w.alice, "wc tournament create", {"name": NAME, "rounds": 1})
        event = event_of(made)
        for user in (w.bob, w.dave):
            await ask(w, user, "wc tournament join", {"event": event})
        await ask(w, w.alice, "wc tournament start", {"event": event})
        title = t("tournament.pairings.title", "fa", round="۱", rounds="۱", name=NAME)
        pairings = await w.fake.wait_for_message(w.channel, lambda m: title in m.content, 20)
        assert t("tournament.pairings.title", "en", round=1, rounds=1, name=NAME) not in pairings.content

        paused = await ask(w, w.erin, "wc tournament pause", {"event": event})  # Manage Server
        assert paused.content == t("tournament.paused", "fa", name=NAME)
        resumed = await ask(w, w.erin, "wc tournament resume", {"event": event})
        assert resumed.content == t("tournament.resumed", "fa", name=NAME)
        await ask(w, w.erin, "wc tournament adjudicate", {"event": event, "board": 1, "result": "=-="})
        results_title = t("tournament.results.title", "fa", round="۱", rounds="۱", name=NAME)
        results = await w.fake.wait_for_message(w.channel, lambda m: results_title in m.content, 20)
        assert "½–½" in results.content and [a.filename for a in results.attachments] == ["standings.png"]


async def test_the_organiser_allows_vacations(event_world: World) -> None:
    """``vacations:`` at creation and ``/wc tournament vacations`` later (the organiser only) decide
    whether a player's vacation pauses their games of the event."""
    w = event_world
    async with organised(w) as bot:
        made = await ask(w, w.alice, "wc tournament create", {"name": NAME, "rounds": 1, "vacations": True})
        event = event_of(made)
        record, _ = await bot.tournaments.get(event)
        assert record.state["vacations"] == 1
        refused = await ask(w, w.bob, "wc tournament vacations", {"event": event, "allowed": False})
        assert refused.ephemeral and "Only the event's organiser may do that." in refused.content
        answer = await ask(w, w.alice, "wc tournament vacations", {"event": event, "allowed": False})
        assert answer.content == t("tournament.vacations_refused", "en", name=NAME)
        record, _ = await bot.tournaments.get(event)
        assert record.state["vacations"] == 0
        answer = await ask(w, w.alice, "wc tournament vacations", {"event": event, "allowed": True})
        assert answer.content == t("tournament.vacations_allowed", "en", name=NAME)


async def test_a_late_join_and_a_removal_after_a_missed_round_deadline(event_world: World) -> None:
    """Erin joins after round 1 is paired and plays from round 2; the player who lets round 1's deadline
    pass without moving is removed (the event allows 1 missed deadline), their board forfeited, and is not
    paired again; once half the rounds are paired, entries are closed."""
    w = event_world
    time = clock_of(w)
    async with running(w, time) as bot:
        made = await ask(
            w, w.alice, "wc tournament create", {"name": NAME, "rounds": 2, "round_days": 1, "missed": 1}
        )
        event = event_of(made)
        for user in (w.alice, w.bob, w.dave):
            await ask(w, user, "wc tournament join", {"event": event})
        await ask(w, w.alice, "wc tournament start", {"event": event})
        await posts_until(w, 1)
        late = await ask(w, w.erin, "wc tournament join", {"event": event})
        assert late.content == t("tournament.joined_late", "en", name=NAME, round=2)

        _, model = await bot.tournaments.get(event)
        (board,) = [g for g in model.current.games if g.second is not None]
        (game_id,) = (await bot.tournaments.round_games(event, 1)).values()
        info = await w.service.get_game(game_id)
        silent = info.to_act.user_id
        removed = next(e for e in model.entrants.values() if silent in e.members)

        await swept(bot, time, timedelta(days=1, hours=1))  # round 1's deadline passes, nobody moved
        _, results, second = await posts_until(w, 3)
        assert "Board 1:" in results.content and ("+ –" in results.content or "– +" in results.content)
        assert f"Round 2 of 2 of **{NAME}**: pairings" in second.content and "Erin" in second.content
        assert removed.name not in second.content
        _, model = await bot.tournaments.get(event)
        assert model.entrant(removed.number).status.value == "removed"
        assert model.rounds[0].games[board.table - 1].outcome in (
            Outcome.FIRST_BY_FORFEIT,
            Outcome.SECOND_BY_FORFEIT,
        )

        closed = await ask(w, w.carol, "wc tournament join", {"event": event})
        assert closed.ephemeral and t("tournament.error.too_late", "en") in closed.content


async def test_a_vacation_names_the_tournament_games_it_does_not_pause(event_world: World) -> None:
    w = event_world
    time = clock_of(w)
    async with running(w, time) as bot:
        made = await ask(w, w.alice, "wc tournament create", {"name": NAME, "rounds": 1, "move_hours": 24})
        event = event_of(made)
        for user in (w.bob, w.dave):
            await ask(w, user, "wc tournament join", {"event": event})
        await ask(w, w.alice, "wc tournament start", {"event": event})
        await posts_until(w, 1)
        (game_id,) = (await bot.tournaments.round_games(event, 1)).values()
        away = await ask(w, w.bob, "wc my vacation", {"days": 2})
        assert away.ephemeral and t("tournament.vacation_kept", "en", games=f"#{game_id}") in away.content
        await ask(w, w.dave, "wc my settings", {"language": "fa"})
        away = await ask(w, w.dave, "wc my vacation", {"days": 2})
        games = "#" + format_number(game_id, "fa")
        assert t("tournament.vacation_kept", "fa", games=games) in away.content
