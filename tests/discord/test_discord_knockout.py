"""A knockout after a Swiss end to end through the real discord.py client against the fake Discord:
``/wc tournament create playoff:4``, a one-round Swiss, then the semi-finals seeded from its standings and
posted as a bracket; a semi-final drawn by the organiser and replayed with the other player first, its
rematch lost on the move clock (a fake clock), the other won by a resignation over Discord; the final
posted, resigned, and the winner posted once; ``/wc tournament pairings`` shows the bracket in the
reader's language."""

from __future__ import annotations

import asyncio
import io
from datetime import timedelta

from event_helpers import ask, clock_of, event_of, organised, swept
from fakediscord import FakeMessage
from PIL import Image
from wc_helpers import World

from warchest_bot.i18n import t
from warchest_bot.service import knockout as playoff
from warchest_bot.tournaments.bracket_picture import picture_size

NAME = "Winter Cup"


def bracket_posts(w: World) -> list[FakeMessage]:
    heads = [t(f"knockout.stage.{s}", "en", name=NAME) for s in ("semi_finals", "final")]
    return [
        m
        for m in w.fake.messages_in(w.channel)
        if not m.ephemeral and any(m.content.startswith(h) for h in heads)
    ]


async def bracket_until(w: World, count: int) -> list[FakeMessage]:
    await w.fake.wait_until(lambda: len(bracket_posts(w)) >= count, 20)
    return bracket_posts(w)


async def test_a_knockout_of_four_after_a_swiss_on_discord(event_world: World) -> None:
    w = event_world
    time = clock_of(w)
    async with organised(w) as bot:
        made = await ask(
            w,
            w.alice,
            "wc tournament create",
            {"name": NAME, "rounds": 1, "move_hours": 24, "playoff": 4, "playoff_draws": "rematch"},
        )
        assert "a Swiss of 1 rounds, then a knockout of the top 4" in made.content
        event = event_of(made)
        refused = await ask(
            w, w.bob, "wc tournament create", {"name": "RR", "format": "round_robin", "playoff": 4}
        )
        assert refused.ephemeral and t("tournament.error.knockout_swiss_only", "en") in refused.content
        for user in (w.alice, w.bob, w.dave, w.erin):
            await ask(w, user, "wc tournament join", {"event": event})
        await ask(w, w.alice, "wc tournament start", {"event": event})
        ahead = await ask(w, w.bob, "wc tournament standings", {"event": event})
        assert ahead.content.startswith(t("knockout.standings.ahead", "en", size=4))
        assert t("tournament.standings.none", "en", name=NAME) in ahead.content

        # The Swiss's one round: both boards resigned by their second player.
        await w.fake.wait_for_message(w.channel, lambda m: "Round 1 of 1" in m.content, 20)
        _, model = await bot.tournaments.get(event)
        games = await bot.tournaments.round_games(event, 1)
        for g in model.current.games:
            await w.board_post(await w.service.get_game(games[g.table]), 0)
            await w.resign(w.user(model.entrants[g.second].members[0]), games[g.table])
        results = await w.fake.wait_for_message(
            w.channel, lambda m: m.content.startswith(f"Round 1 of 1 of **{NAME}**: results"), 20
        )
        assert t("knockout.swiss_over", "en", name=NAME, size=4) in results.content
        assert "Congratulations" not in results.content

        (semis,) = await bracket_until(w, 1)
        record, model = await bot.tournaments.get(event)
        ko = playoff.bracket(record.state)
        assert ko is not None
        names = [model.entrants[n].name for n in ko.seeds]
        assert f"Match 1: {names[0]} (seed 1) against {names[3]} (seed 4), game 1" in semis.content
        assert f"Match 2: {names[1]} (seed 2) against {names[2]} (seed 3), game 1" in semis.content
        assert semis.content.count("(game #") == 2
        assert t("knockout.rules.rematch", "en", games=3) in semis.content
        assert [a.filename for a in semis.attachments] == ["bracket.png"]
        assert f"Match 1: {names[0]} (seed 1) against" in (semis.attachments[0].description or "")
        # /wc tournament standings: the bracket so far above the Swiss's table (and its picture).
        table = await ask(w, w.dave, "wc tournament standings", {"event": event})
        assert table.ephemeral and table.content.startswith(t("knockout.stage.semi_finals", "en", name=NAME))
        assert f"Match 2: {names[1]} (seed 2) against {names[2]} (seed 3), game 1" in table.content
        assert table.content.index("Match 2:") < table.content.index(
            t("knockout.standings.swiss_final", "en", name=NAME)
        )
        assert [a.filename for a in table.attachments] == ["bracket.png", "standings.png"]
        alt = table.attachments[0].description or ""
        assert alt.startswith(t("knockout.stage.semi_finals", "en", name=NAME).replace("**", ""))
        played = await bot.tournaments.knockout_games(event)
        for game_id in played.values():  # every knockout game opened with its board posted
            await w.board_post(await w.service.get_game(game_id), 0)

        # Semi-final 1 drawn (the organiser): replayed with seed 4 first.
        refused = await ask(
            w, w.bob, "wc tournament adjudicate", {"event": event, "board": 1, "result": "=-="}
        )
        assert refused.ephemeral and "Only the event's organiser may do that." in refused.content
        drawn = await ask(
            w, w.alice, "wc tournament adjudicate", {"event": event, "board": 1, "result": "=-="}
        )
        assert drawn.content == t("knockout.adjudicated", "en", match=1, name=NAME, result="a draw")
        await asyncio.wait_for(bot.tournament_sweep.wait_idle(), 10)  # woken by the command
        played = await bot.tournaments.knockout_games(event)
        rematch = await w.service.get_game(played[(1, 1, 2)])
        await w.board_post(rematch, 0)
        assert rematch.to_act is not None and rematch.to_act.user_id in model.entrants[ko.seeds[3]].members
        # Semi-final 2: seed 3 resigns over Discord.
        await w.resign(w.user(model.entrants[ko.seeds[2]].members[0]), played[(1, 2, 1)])
        # The rematch: seed 4, to move, lets the clock run out; seed 1 goes through on time.
        await swept(bot, time, timedelta(hours=25))
        _, final = await bracket_until(w, 2)
        assert f"Match 1: {names[0]} (seed 1) beat {names[3]} (seed 4)." in final.content
        assert f"Match 2: {names[1]} (seed 2) beat {names[2]} (seed 3)." in final.content
        assert t("knockout.stage.final", "en", name=NAME) in final.content
        assert f"Match 1: {names[0]} (seed 1) against {names[1]} (seed 2), game 1" in final.content

        # The final: seed 1 resigns; seed 2 wins the event, posted once.
        played = await bot.tournaments.knockout_games(event)
        await w.board_post(await w.service.get_game(played[(2, 1, 1)]), 0)
        await w.resign(w.user(model.entrants[ko.seeds[0]].members[0]), played[(2, 1, 1)])
        champion = t("knockout.champion", "en", name=NAME, winner=names[1])
        await w.fake.wait_for_message(w.channel, lambda m: champion in m.content, 20)
        record, _ = await bot.tournaments.get(event)
        assert record.status == "finished"

        shown = await ask(w, w.erin, "wc tournament pairings", {"event": event})
        assert shown.ephemeral and champion in shown.content
        table = await ask(w, w.erin, "wc tournament standings", {"event": event})
        for line in (
            t("knockout.stage.semi_finals", "en", name=NAME),
            f"Match 1: {names[0]} (seed 1) beat {names[3]} (seed 4).",
            f"Match 1: {names[1]} (seed 2) beat {names[0]} (seed 1).",
            champion,
            t("knockout.standings.swiss_final", "en", name=NAME),
        ):
            assert line in table.content
        await ask(w, w.dave, "wc my settings", {"language": "fa"})
        persian = await ask(w, w.dave, "wc tournament pairings", {"event": event})
        assert t("knockout.stage.final", "fa", name=NAME) in persian.content
        assert t("knockout.champion", "fa", name=NAME, winner=names[1]) in persian.content
        persian = await ask(w, w.dave, "wc tournament standings", {"event": event})
        assert t("knockout.stage.final", "fa", name=NAME) in persian.content
        assert t("knockout.champion", "fa", name=NAME, winner=names[1]) in persian.content
        assert t("knockout.standings.swiss_final", "fa", name=NAME) in persian.content
        await swept(bot, time, timedelta(days=2))
        assert sum(champion in m.content and not m.ephemeral for m in w.fake.messages_in(w.channel)) == 1
        assert len(bracket_posts(w)) == 3  # semi-finals, final, and the winner's
        assert all([a.filename for a in m.attachments] == ["bracket.png"] for m in bracket_posts(w))
        won = bracket_posts(w)[-1].attachments[0]
        assert champion.replace("**", "") in (won.description or "")
        assert Image.open(io.BytesIO(won.data)).size == picture_size(ko)


def test_standings_under_a_knockout_keep_the_bracket_whole_and_clip_the_table() -> None:
    from warchest_bot.discord.events import POST_MAX
    from warchest_bot.discord.tournaments import with_knockout

    bracket, table = "B" * 1500, "S" * 1000
    text = with_knockout(bracket, table)
    assert len(text) == POST_MAX and text.startswith(bracket + "\n\n") and text.endswith("S…")
    assert with_knockout(bracket, "short") == bracket + "\n\nshort"
    assert with_knockout("B" * 1999, table) == "B" * 1999  # no room left for the table
    assert with_knockout(None, "T" * 2500) == "T" * 1999 + "…"
