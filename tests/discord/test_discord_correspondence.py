"""Correspondence play through the fake Discord with injected time: move clocks and deadlines on the board,
reminders (DM, mention, closed-DM fallback), timeout claims, take-backs, rematches, vacations, settings,
the everywhere view, ratings."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import datetime, timedelta

import pytest
from fakediscord import FakeDiscord, FakeMessage
from faketime import START, FakeTime
from wc_helpers import Clocked, build_world, clocked_world

from warchest_bot.discord import WarchestBot
from warchest_bot.service import Correspondence, GameService

DAY = timedelta(days=1)


def stamp(moment: datetime) -> str:
    return f"<t:{int(moment.timestamp())}:R>"


@pytest.fixture
async def clocked(fake: FakeDiscord, tmp_path, caplog: pytest.LogCaptureFixture) -> AsyncIterator[Clocked]:
    async with clocked_world(fake, tmp_path / "games.sqlite3", caplog) as world:
        yield world


def ids(message: FakeMessage) -> list[str]:
    return [c["custom_id"] for c in message.walk_components() if "custom_id" in c]


# --- clocks, deadlines, reminders ----------------------------------------------------------------------------


async def test_clocked_game_shows_the_deadline_and_reminds_by_dm(clocked: Clocked):
    w = clocked.world
    challenge_game = await clocked.start(w.alice, w.bob, clock=24)
    info = await w.service.get_game(challenge_game)
    assert info.rated  # human games are rated by default
    assert "Move clock: 1 day per decision. Rated game." in clocked.challenges[-1]
    first = await w.board_post(info, 0)
    deadline = START + DAY
    assert stamp(deadline) in first.content  # the seat to act sees its deadline in its own time zone
    to_act = w.user(info.to_act.user_id)
    clock = await clocked.corr.clock_of(info.id)
    assert clock.deadline == deadline and clock.user_id == to_act.id

    await clocked.advance(timedelta(hours=11))
    assert not [m for m in clocked.fake.messages_in(to_act) if "Your time runs out" in m.content]
    await clocked.advance(timedelta(hours=1))  # half the move time: the default reminder
    reminder = await clocked.fake.wait_for_message(to_act, lambda m: "Your time runs out" in m.content)
    assert reminder.is_dm and stamp(deadline) in reminder.content and f"#{info.id}" in reminder.content
    await clocked.fake.wait_until(lambda: bool(clocked.bot.notifier.sent))
    assert [(n.kind, how) for n, how in clocked.bot.notifier.sent] == [("reminder", "dm")]

    # the move resets the clock: the next board shows the opponent's deadline
    user, post = await clocked.move(info.id)
    assert user is to_act
    assert stamp(clocked.time.now + DAY) in post.content
    assert f"wc:undo:{info.id}:1" in ids(post)


async def test_reminder_by_mention_per_preference(clocked: Clocked):
    w = clocked.world
    for user in (w.alice, w.bob):
        answer = await clocked.ask(user, "wc my settings", {"notify": "mention", "reminders": "25, 75"})
        assert (
            answer.ephemeral
            and "mention in the game's thread" in answer.content
            and "25% and 75%" in answer.content
        )
    game_id = await clocked.start(w.alice, w.bob, clock_hours=8)
    info = await w.service.get_game(game_id)
    to_act = w.user(info.to_act.user_id)
    await clocked.advance(timedelta(hours=2))  # 25% of 8 hours
    place = w.place(info)
    note = await clocked.fake.wait_for_message(place, lambda m: "Your time runs out" in m.content)
    assert note.mentioned_ids == [to_act.id] and not note.is_dm
    assert not [m for m in clocked.fake.messages_in(to_act) if "Your time runs out" in m.content]


async def test_closed_dms_fall_back_to_a_mention(clocked: Clocked):
    w = clocked.world
    game_id = await clocked.start(w.carol, w.bob, clock=24)
    info = await w.service.get_game(game_id)
    if info.to_act.user_id != w.carol.id:
        await clocked.move(game_id)
        info = await w.service.get_game(game_id)
    assert info.to_act.user_id == w.carol.id
    await clocked.advance(timedelta(hours=12, minutes=1))
    note = await clocked.fake.wait_for_message(w.place(info), lambda m: "Your time runs out" in m.content)
    assert note.mentioned_ids == [w.carol.id]
    await clocked.fake.wait_until(lambda: bool(clocked.bot.notifier.sent))
    assert [(n.user_id, how) for n, how in clocked.bot.notifier.sent] == [(w.carol.id, "mention")]


# --- timeouts ------------------------------------------------------------------------------------------------


async def test_timeout_claim_button_ends_the_game(clocked: Clocked):
    w = clocked.world
    game_id = await clocked.start(w.alice, w.bob, clock=24)
    info = await w.service.get_game(game_id)
    late = w.user(info.to_act.user_id)
    other = w.bob if late is w.alice else w.alice
    place = w.place(info)

    early = await clocked.ask(other, "wc claim", {"game": game_id}, channel=place)  # refused, privately
    assert early.ephemeral and "still has time" in early.content
    own = await clocked.ask(late, "wc claim", {"game": game_id}, channel=place)
    assert own.ephemeral and "Only the opponents" in own.content

    await clocked.advance(DAY + timedelta(minutes=1))
    notice = await clocked.fake.wait_for_message(other, lambda m: "ran out of time" in m.content)
    assert notice.is_dm and ids(notice) == [f"wc:claim:{game_id}:0"]
    refused = await clocked.press(late, notice, f"wc:claim:{game_id}:0")  # not the late player's to press
    assert refused.ephemeral and "Only the opponents" in refused.content

    done = await clocked.press(other, notice, f"wc:claim:{game_id}:0")
    assert done.ephemeral and "claimed" in done.content
    result = await clocked.fake.wait_for_message(
        place, lambda m: "ran out of time" in m.content and m.attachments
    )
    assert f"wc:rematch:{game_id}" in ids(result)
    info = await w.service.get_game(game_id)
    assert info.status == "finished" and info.over.reason == "timeout"
    assert info.seat_of(other.id).outcome == "win"
    again = await clocked.press(other, notice, f"wc:claim:{game_id}:0")
    assert again.ephemeral and info.status == "finished"


# --- take-backs ----------------------------------------------------------------------------------------------


async def test_undo_requested_and_accepted_by_buttons(clocked: Clocked):
    w = clocked.world
    game_id = await clocked.start(w.alice, w.bob, clock=24)
    mover, post = await clocked.move(game_id)
    opponent = w.bob if mover is w.alice else w.alice
    refused = await clocked.press(opponent, post, f"wc:undo:{game_id}:1")  # only the mover may ask
    assert refused.ephemeral and "your own last action" in refused.content

    asked = await clocked.press(mover, post, f"wc:undo:{game_id}:1")
    assert asked.ephemeral and "You asked" in asked.content
    info = await w.service.get_game(game_id)
    place = w.place(info)
    request = await clocked.fake.wait_for_message(place, lambda m: "asks to take back" in m.content)
    assert request.mentioned_ids == [opponent.id]
    assert ids(request) == [f"wc:undoans:yes:{game_id}:1", f"wc:undoans:no:{game_id}:1"]
    own = await clocked.press(mover, request, f"wc:undoans:yes:{game_id}:1")
    assert own.ephemeral and "your own take-back" in own.content

    accepted = await clocked.press(opponent, request, f"wc:undoans:yes:{game_id}:1")
    assert accepted.ephemeral and "accepted" in accepted.content
    assert "was taken back" in clocked.fake.messages[request.id].content
    assert clocked.fake.messages[request.id].components == []
    board = await clocked.fake.wait_for_message(place, lambda m: "after the take-back" in m.content)
    info = await w.service.get_game(game_id)
    assert info.ply == 0 and info.to_act.user_id == mover.id
    assert board.mentioned_ids == [mover.id] and f"wc:menu:{game_id}:0" in ids(board)
    assert stamp(clocked.time.now + DAY) in board.content  # a fresh clock for the take-back
    stale = await clocked.press(mover, post, f"wc:undo:{game_id}:1")  # the old Undo is stale now
    assert stale.ephemeral and info.ply == 0


async def test_undo_declined_by_button(clocked: Clocked):
    w = clocked.world
    game_id = await clocked.start(w.alice, w.bob)
    mover, post = await clocked.move(game_id)
    opponent = w.bob if mover is w.alice else w.alice
    info = await w.service.get_game(game_id)
    await clocked.ask(mover, "wc undo", {"game": game_id}, channel=w.place(info))
    request = await clocked.fake.wait_for_message(w.place(info), lambda m: "asks to take back" in m.content)
    declined = await clocked.press(opponent, request, f"wc:undoans:no:{game_id}:1")
    assert declined.ephemeral and "declined" in declined.content
    assert "declined" in clocked.fake.messages[request.id].content
    assert (await w.service.get_game(game_id)).ply == 1
    assert clocked.fake.messages[request.id].components == []
    answer = await clocked.ask(opponent, "wc undo", {"game": game_id}, channel=w.place(info))
    assert answer.ephemeral and "your own last action" in answer.content  # nothing of theirs to take back


# --- rematch and ratings --------------------------------------------------------------------------------------


async def test_rematch_button_swaps_seats_and_leaderboard_counts_the_rated_game(clocked: Clocked):
    w = clocked.world
    game_id = await clocked.start(w.alice, w.bob, clock=72)
    old = await w.service.get_game(game_id)
    place = w.place(old)
    await w.resign(w.bob, game_id, place)
    final = await clocked.fake.wait_for_message(place, lambda m: "resigned" in m.content and m.attachments)
    assert ids(final) == [f"wc:rematch:{game_id}"]
    await clocked.fake.wait_for_message(
        place, lambda m: any(a.filename.endswith(".gif") for a in m.attachments)
    )

    inter = await clocked.fake.click_button(w.bob, final, f"wc:rematch:{game_id}")
    answer = await w.reply(inter)
    assert not answer.ephemeral and "rematch of game" in answer.content
    new = next(g for g in (await w.service.games_for_user(w.bob.id, status="active")).games)
    assert new.id != game_id and new.status == "active"
    seats = {s.seat: s.user_id for s in old.seats}
    assert {s.seat: s.user_id for s in new.seats} == {0: seats[1], 1: seats[0]}
    assert new.thread_id not in (None, old.thread_id)
    board = await w.board_post(new, 0)
    assert stamp(clocked.time.now + 3 * DAY) in board.content  # same clock
    again = await clocked.press(w.alice, final, f"wc:rematch:{game_id}")
    assert again.ephemeral and f"#{new.id}" in again.content

    board = await clocked.ask(w.dave, "wc look leaderboard")
    lines = board.content.splitlines()
    assert "this server" in lines[0] and f"<@{w.alice.id}>" in lines[1] and f"<@{w.bob.id}>" in lines[2]
    assert board.mentioned_ids == []
    glob = await clocked.ask(w.dave, "wc look leaderboard", {"scope": "global"})
    assert "all servers" in glob.content and f"<@{w.alice.id}>" in glob.content
    stats = await clocked.ask(w.dave, "wc look stats", {"player": w.alice})
    assert "1 games, 1 wins" in stats.content and "Rating: 16" in stats.content
    assert "Rating on this server" in stats.content
    fresh = await clocked.ask(w.dave, "wc look stats")
    assert "No rated games yet" in fresh.content


async def test_casual_game_is_not_rated(clocked: Clocked):
    w = clocked.world
    game_id = await clocked.start(w.alice, w.bob, rated=False)
    info = await w.service.get_game(game_id)
    assert not info.rated and (await clocked.corr.clock_of(game_id)) is None
    assert "No move clock. Casual game" in clocked.challenges[-1]
    help_text = await clocked.ask(w.bob, "wc help")
    assert "/wc my vacation" in help_text.content and "/wc new" in help_text.content
    await w.resign(w.bob, game_id, w.place(info))
    board = await clocked.ask(w.dave, "wc look leaderboard")
    assert "Nobody has finished a rated game" in board.content


# --- everywhere, vacation, settings ---------------------------------------------------------------------------


async def test_games_and_turns_show_deadlines_everywhere(clocked: Clocked):
    w = clocked.world
    one = await clocked.start(w.alice, w.bob, clock=24)
    two = await clocked.start(w.alice, w.dave, clock=168)
    infos = [await w.service.get_game(g) for g in (one, two)]
    alice_turns = sum(1 for i in infos if i.to_act.user_id == w.alice.id)
    turns = await clocked.ask(w.alice, "wc my turns")
    expected = {0: "not your turn in any game", 1: "your turn in 1 game", 2: "your turn in 2 games"}
    assert turns.ephemeral and expected[alice_turns] in turns.content
    for info in infos:
        if info.to_act.user_id == w.alice.id:
            assert f"Game #{info.id}: your turn, decide <t:" in turns.content
    games = await clocked.ask(w.alice, "wc games")
    for info, days in zip(infos, (1, 7), strict=True):
        assert f"Game #{info.id}" in games.content and stamp(START + days * DAY) in games.content
    await clocked.advance(DAY + timedelta(minutes=5))
    games = await clocked.ask(w.bob, "wc games")
    assert "ran out of time" in games.content or "your time ran out" in games.content
    nothing = await clocked.ask(w.erin, "wc my turns")
    assert "no game in progress" in nothing.content


async def test_vacation_pauses_clocks_and_tells_opponents(clocked: Clocked):
    w = clocked.world
    game_id = await clocked.start(w.alice, w.bob, clock=24)
    info = await w.service.get_game(game_id)
    to_act = w.user(info.to_act.user_id)
    other = w.bob if to_act is w.alice else w.alice
    left = await clocked.ask(to_act, "wc my vacation")
    assert "30 vacation days left" in left.content
    booked = await clocked.ask(to_act, "wc my vacation", {"days": 3})
    assert (
        booked.ephemeral
        and "Your vacation runs until" in booked.content
        and "27 vacation days" in booked.content
    )
    told = await clocked.fake.wait_for_message(other, lambda m: "on vacation" in m.content)
    assert told.is_dm and f"<t:{int((START + 3 * DAY).timestamp())}:f>" in told.content
    assert (await clocked.corr.clock_of(game_id)).deadline == START + 4 * DAY
    again = await clocked.ask(to_act, "wc my vacation", {"days": 30})
    assert again.ephemeral and "vacation" in again.content


async def test_settings_shown_changed_refused_and_hand_dms_respected(clocked: Clocked):
    w = clocked.world
    shown = await clocked.ask(w.bob, "wc my settings")
    assert shown.ephemeral and shown.content.startswith("Your settings:")
    assert "direct message" in shown.content and "50%" in shown.content and "No quiet hours" in shown.content
    changed = await clocked.ask(
        w.bob,
        "wc my settings",
        {
            "notify": "both",
            "reminders": "off",
            "quiet_hours": "22:00-07:30",
            "timezone": "Asia/Tehran",
            "hand_dms": False,
        },
    )
    assert changed.content.startswith("Your settings were saved:")
    assert "No reminders" in changed.content and "22:00-07:30 (Asia/Tehran)" in changed.content
    assert "does not come by direct message" in changed.content
    prefs = await clocked.corr.preferences(w.bob.id)
    assert prefs.notify == "both" and prefs.reminders == () and not prefs.hand_dms
    bad = await clocked.ask(w.bob, "wc my settings", {"timezone": "Mars/Olympus"})
    assert bad.ephemeral and "Mars/Olympus" in bad.content
    assert (await clocked.corr.preferences(w.bob.id)).timezone == "Asia/Tehran"
    bad = await clocked.ask(w.bob, "wc my settings", {"reminders": "soon"})
    assert "percentages" in bad.content
    choices = await clocked.fake.autocomplete(
        w.bob, w.channel, "wc my settings", {"timezone": "berl"}, focused="timezone"
    )
    assert [c["value"] for c in choices] == ["Europe/Berlin"]

    game_id = await clocked.start(w.alice, w.bob)
    await clocked.fake.wait_for_message(w.alice, lambda m: m.attachments and "Your hand" in m.content)
    await clocked.bot.flow.drain()
    assert not [m for m in clocked.fake.messages_in(w.bob) if m.attachments]  # hand DMs off for Bob
    info = await w.service.get_game(game_id)
    hand = await clocked.ask(w.bob, "wc hand", {"game": game_id}, channel=w.place(info))
    assert hand.ephemeral and hand.attachments


# --- restart -------------------------------------------------------------------------------------------------


async def test_after_downtime_the_overdue_deadline_fires_once_late_with_the_claim_button(
    fake: FakeDiscord, tmp_path, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.WARNING)
    time = FakeTime()
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db, clock=time) as service:
        world = build_world(fake, service, db)
        for _run in range(2):
            corr = Correspondence(service, clock=time, sleep=time.sleep)
            corr.scheduler.max_sleep = 1e9
            bot = WarchestBot(service, correspondence=corr, guild_ready_timeout=0.05)
            world.bot = bot
            async with fake.run_client(bot):
                await bot.tree.sync()
                if _run == 0:
                    clocked = Clocked(world, corr, time, bot)
                    game_id = await clocked.start(world.alice, world.bob, clock=24)
                    await bot.flow.drain()
                    info = await service.get_game(game_id)
                    late = world.user(info.to_act.user_id)
                    other = world.bob if late is world.alice else world.alice
                else:
                    notice = await fake.wait_for_message(other, lambda m: "ran out of time" in m.content)
                    assert "while the bot was offline" in notice.content
                    assert ids(notice) == [f"wc:claim:{game_id}:0"]
                    sent = bot.notifier.sent
                    await fake.wait_until(lambda: bool(sent))  # noqa: B023 (awaited at once)
                    # the reminder step missed while down is not sent as well: no burst
                    assert [n.kind for n, _ in sent] == ["timeout_claimable"]
                    inter = await fake.click_button(other, notice, f"wc:claim:{game_id}:0")
                    await world.reply(inter)
                    assert (await service.get_game(game_id)).over.reason == "timeout"
                    await fake.wait_for_message(
                        world.place(info), lambda m: "ran out of time" in m.content and m.attachments
                    )
            corr.detach()
            time.advance(3 * DAY)  # the bot is down for three days
    fake.assert_clean()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
