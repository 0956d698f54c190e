"""Nothing committed goes unannounced: the transactional outbox end to end (issue 11).

Every accepted action writes the announcements it owes in its own commit; the bot's delivery worker sends
them. Each case here ends with exactly one board post and one ping: a write that waits 4 s for another
process's lock, a bot that dies between the commit and the post (stopped in-process, SIGKILLed, SIGTERMed),
a crash right after the last Accept, and a 5xx from Discord on the board post."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import threading
from pathlib import Path

import pytest
from bot_process import start_bot
from fakediscord import FakeChannel, FakeDiscord, FakeMessage
from test_discord_two_player import start_challenge
from wc_helpers import PNG, World, build_world

from warchest_bot.service import GameInfo, GameService, Legal


def board_posts(world: World, info: GameInfo, ply: int) -> list[FakeMessage]:
    name = f"warchest-{info.id}-{ply}.png"
    return [
        m for m in world.fake.messages_in(world.place(info)) if any(a.filename == name for a in m.attachments)
    ]


def passing(legal: tuple[Legal, ...]) -> Legal:
    """An action that hands the turn to the opponent (no follow-up of one's own)."""
    return next((a for a in legal if a.kind == "pass"), legal[0])


async def announced_once(world: World, info: GameInfo, ply: int) -> FakeMessage:
    """The board post of ``ply``: there is exactly one, it pings exactly the player now to act, and the
    outbox of the game is empty."""
    post = await world.board_post(info, ply, timeout=20)
    await world.bot.flow.drain()
    assert board_posts(world, info, ply) == [post]
    now = await world.service.get_game(info.id)
    assert now.ply == ply and post.mentioned_ids == [now.to_act.user_id]
    assert f"<@{now.to_act.user_id}>" in post.content
    rows = await world.service.storage.outbox_rows(info.id)
    assert rows and all(r.done_at is not None for r in rows)
    return post


async def started_game(world: World) -> tuple[GameInfo, Legal, FakeChannel]:
    game_id = await start_challenge(world, world.alice, world.bob)
    info = await world.service.get_game(game_id)
    await announced_once(world, info, 0)
    info, _user, legal = await world.to_act(game_id)
    return info, passing(legal), world.place(info)


async def test_a_move_waiting_long_for_the_write_lock_is_answered_and_announced_once(world: World):
    info, action, place = await started_game(world)
    user = world.user(info.to_act.user_id)
    locked, release = threading.Event(), threading.Event()

    def hold_the_write_lock() -> None:  # another process (here: a connection of its own) writes meanwhile
        conn = sqlite3.connect(world.db, timeout=10)
        try:
            conn.execute("BEGIN IMMEDIATE")
            locked.set()
            release.wait(60)
            conn.commit()
        finally:
            conn.close()

    holder = threading.Thread(target=hold_the_write_lock)
    holder.start()
    try:
        await asyncio.to_thread(locked.wait)
        inter = await world.fake.send_slash_command(
            user, place, "wc play", {"action": action.text, "game": info.id}
        )
        # the write waits for the lock, held until the bot has deferred (after DEFER_AFTER, within 3 s)
        await inter.wait_response(30)
    finally:
        release.set()
        await asyncio.to_thread(holder.join)
    answer = await world.reply(inter)
    assert inter.response_type == 5  # deferred within Discord's 3 s, answered when the commit was done
    assert "You played" in answer.content and answer.ephemeral
    await announced_once(world, info, 1)


async def test_a_5xx_on_the_board_post_is_retried_until_it_goes_through(world: World):
    info, action, place = await started_game(world)
    world.fake.fail_next("POST", f"/channels/{place.id}/messages", 503)
    answer = await world.play_slash(info.id, action.text, world.user(info.to_act.user_id), place)
    assert "You played" in answer.content
    await announced_once(world, info, 1)
    move = next(r for r in await world.service.storage.outbox_rows(info.id) if r.kind == "move")
    assert move.attempts == 1 and "503" in (move.last_error or "")


async def test_a_move_committed_before_the_bot_died_is_announced_after_the_restart(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        async with world.running() as bot:
            info, action, place = await started_game(world)
            bot.delivery.paused = True  # the process dies right after its commits: nothing goes out
            answer = await world.play_slash(info.id, action.text, world.user(info.to_act.user_id), place)
            assert "You played" in answer.content
            await asyncio.sleep(0.3)
            assert board_posts(world, info, 1) == []
    async with GameService.open(db) as service:  # the next start delivers what is owed
        world.service = service
        async with world.running():
            await announced_once(world, info, 1)
    fake.assert_clean()


async def test_a_crash_right_after_the_last_accept_starts_the_game_at_the_restart(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        async with world.running() as bot:
            inter = await fake.send_slash_command(
                world.alice, world.channel, "wc new", {"opponent": world.bob, "units": "first-game"}
            )
            challenge = await world.reply(inter)
            game_id = int(challenge.content.split("#")[1].split()[0])
            bot.delivery.paused = True
            accept = await fake.click_button(world.bob, challenge, f"wc:ch:join:{game_id}")
            assert (await world.reply(accept)).ephemeral
            assert (await service.get_game(game_id)).status == "active"
            await asyncio.sleep(0.3)
            assert "has started" not in fake.messages[challenge.id].content  # nothing announced yet
    async with GameService.open(db) as service:
        world.service = service
        async with world.running():
            await fake.wait_until(lambda: "has started" in fake.messages[challenge.id].content, 20)
            assert fake.messages[challenge.id].components == []  # no Accept left on it
            info = await service.get_game(game_id)
            assert info.thread_id == challenge.id and world.place(info).is_thread  # the thread, from it
            await announced_once(world, info, 0)
            for user in (world.alice, world.bob):
                dms = [m for m in fake.dms_to(user) if m.attachments]
                assert len(dms) == 1 and dms[0].attachments[0].data.startswith(PNG)
    fake.assert_clean()


# --- a real bot process, killed or stopped between a commit and its post ---------------------------------------


async def _commit_then_hold_the_post(fake: FakeDiscord, tmp_path: Path, *, answered: bool = False):
    """A game played up to its first board in-process; then a bot process commits a move whose board post
    the fake holds (the process is between its commit and its post; ``answered``: the post is made and its
    answer held, the process is between its post and hearing of it)."""
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        async with world.running():
            info, action, place = await started_game(world)
            user = world.user(info.to_act.user_id)
    hold = fake.hold_next("POST", f"/channels/{place.id}/messages", answered=answered)
    proc = await start_bot(fake, db, tmp_path / "bot.log")
    answer = await world.play_slash(info.id, action.text, user, place)
    assert "You played" in answer.content
    await asyncio.wait_for(hold.arrived.wait(), 30)
    return world, info, proc, hold


@pytest.mark.slow
async def test_sigkill_between_the_commit_and_the_board_post(fake, tmp_path):
    world, info, proc, hold = await _commit_then_hold_the_post(fake, tmp_path)
    proc.kill()
    await proc.wait()
    hold.release(fail=503)  # the post died with the process
    assert board_posts(world, info, 1) == []
    async with GameService.open(world.db) as service:
        world.service = service
        async with world.running():
            await announced_once(world, info, 1)


@pytest.mark.slow
async def test_sigterm_finishes_the_post_in_flight_and_leaves_the_rest_for_the_restart(fake, tmp_path):
    world, info, proc, hold = await _commit_then_hold_the_post(fake, tmp_path)
    proc.send_signal(signal.SIGTERM)
    await asyncio.sleep(0.5)
    assert proc.returncode is None  # it waits for the post in flight
    hold.release()
    assert await asyncio.wait_for(proc.wait(), 30) == 0, (tmp_path / "bot.log").read_text()
    assert len(board_posts(world, info, 1)) == 1
    async with GameService.open(world.db) as service:
        world.service = service
        async with world.running():
            await announced_once(world, info, 1)  # not posted again


# --- what the announcements say (play-test findings of issue 12) --------------------------------------------


def _ids(message: FakeMessage) -> list[str]:
    return [c["custom_id"] for c in message.walk_components() if "custom_id" in c]


async def test_no_hand_dm_echoes_ones_own_move_and_play_in_a_waiting_dm_works_on_ones_turn(world: World):
    fake = world.fake
    info, action, place = await started_game(world)
    mover = world.user(info.to_act.user_id)
    waiting = next(world.user(s.user_id) for s in info.seats if s.seat != info.to_act.seat)
    # The hand DM sent at the start, while the other player decides:
    waiting_dm = next(m for m in fake.dms_to(waiting) if m.attachments)
    assert _ids(waiting_dm)[0] == f"wc:menu:{info.id}:now"
    dms_before = {u.id: len(fake.dms_to(u)) for u in (mover, waiting)}
    await world.play_slash(info.id, action.text, mover, place)
    await announced_once(world, info, 1)
    now = await world.service.get_game(info.id)
    assert now.to_act.user_id == waiting.id  # the first move of a round: no new hands
    assert len(fake.dms_to(mover)) == dms_before[mover.id]  # no echo of their own move
    assert len(fake.dms_to(waiting)) == dms_before[waiting.id]  # the board post pinged them: once
    press = await fake.click_button(waiting, waiting_dm, f"wc:menu:{info.id}:now")
    menu = await world.reply(press)
    assert menu.ephemeral and any(i.startswith(f"wc:coin:{info.id}:1") for i in _ids(menu)), menu.text


async def test_in_a_game_against_the_bot_its_turn_pings_nobody_and_offers_no_play_button(world: World):
    fake = world.fake
    inter = await fake.send_slash_command(
        world.alice, world.channel, "wc new", {"ai": "easy", "units": "first-game", "max_rounds": 3}
    )
    answer = await world.reply(inter)
    game_id = int(answer.content.split("#")[1].split(":")[0])
    await fake.wait_until(lambda: "has started" in fake.messages[answer.id].content)
    for _ in range(6):  # a few moves each, the bot's board posts included
        info = await world.service.get_game(game_id)
        if info.status != "active":
            break
        if info.to_act.user_id is None:
            await world.board_post(info, info.ply + 1, timeout=20)
            continue
        legal = await world.service.legal_actions(game_id, world.alice.id)
        await world.play_slash(game_id, passing(legal).text, world.alice, world.place(info))
        await world.board_post(info, info.ply + 1, timeout=20)
    await world.bot.flow.drain()
    info = await world.service.get_game(game_id)
    posts = [m for m in fake.messages_in(world.place(info)) if m.attachments and "thinking" in m.content]
    assert posts, "no board post on the bot's turn"
    for post in posts:
        assert fake.bot_user.id not in post.mentioned_ids and post.mentioned_ids == []
        assert not any(i.startswith("wc:menu:") for i in _ids(post)), post.text
