"""Games against the bot: `/wc new ai:` (or the bot as opponent) starts at once, the bot answers each move
with a board post (thinking off the event loop), a whole game is played to the end, and a game in which the
bot was to move when the client stopped is resumed after the restart."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from wc_helpers import GIF, PNG, World, build_world

from warchest_bot.discord import WarchestBot
from warchest_bot.service import GameService


@contextlib.asynccontextmanager
async def running(world: World, **budgets: float) -> AsyncIterator[WarchestBot]:
    """A client whose AI levels think for the given budgets (ms), e.g. ``normal=20``."""
    world.bot = WarchestBot(world.service, guild_ready_timeout=0.05, ai_budgets=budgets)
    async with world.fake.run_client(world.bot):
        await world.bot.tree.sync()
        yield world.bot
    world.bot = None


async def new_ai_game(world: World, options: dict) -> int:
    inter = await world.fake.send_slash_command(world.alice, world.channel, "wc new", options)
    answer = await world.reply(inter)
    assert not answer.ephemeral and answer.mentioned_ids == []  # nobody pinged by the announcement
    game_id = int(answer.content.split("#")[1].split(":")[0])
    await world.fake.wait_until(lambda: "has started" in world.fake.messages[answer.id].content)
    return game_id


async def play_until(world: World, game_id: int, *, moves: int | None = None, buttons: int = 0) -> int:
    """Alice plays (her first ``buttons`` moves through the menu, then by /wc play) and waits for the bot's
    board posts, until the game ends or she made ``moves`` moves. Checks every post pings only Alice."""
    fake, made = world.fake, 0
    while moves is None or made < moves:
        info = await world.service.get_game(game_id)
        if info.status != "active":
            break
        post = await world.board_post(info, info.ply)
        assert set(post.mentioned_ids) <= {world.alice.id}
        if info.to_act.user_id is None:  # the bot's decision: wait for its post
            await world.board_post(info, info.ply + 1)
            continue
        assert info.to_act.user_id == world.alice.id and post.mentioned_ids == [world.alice.id]
        legal = await world.service.legal_actions(game_id, world.alice.id)
        action = world.rng.choice(legal)
        if made < buttons:
            answer = await world.play_buttons(info, action, world.alice)
        else:
            answer = await world.play_slash(game_id, action.text, world.alice, world.place(info))
        assert answer.ephemeral and action.text in answer.content
        await world.board_post(info, info.ply + 1)
        made += 1
    assert not fake.problems
    return made


async def test_easy_bot_game_is_played_to_the_end(world: World):
    fake = world.fake
    game_id = await new_ai_game(world, {"ai": "easy", "units": "first-game", "max_rounds": 3})
    info = await world.service.get_game(game_id)
    assert info.status == "active" and not info.rated and world.place(info).is_thread
    bot_seat = next(s for s in info.seats if s.user_id is None)
    assert bot_seat.ai_level == "easy" and "easy" in bot_seat.name
    first = await world.board_post(info, 0)
    assert first.attachments[0].data.startswith(PNG)
    assert await play_until(world, game_id, buttons=2) > 3
    info = await world.service.get_game(game_id)
    assert info.status == "finished" and info.over is not None and not info.rated
    final = await world.board_post(info, info.ply)
    assert info.over.message() in final.content and final.mentioned_ids == [world.alice.id]
    replay = await fake.wait_for_message(
        world.place(info), lambda m: any(a.filename.endswith(".gif") for a in m.attachments)
    )
    assert replay.attachments[0].data.startswith(GIF)
    bot_posts = [p for p in fake.messages_in(world.place(info)) if f"{bot_seat.name} played" in p.content]
    assert bot_posts  # the bot's moves are announced like anyone's
    assert all(not p.is_dm for p in bot_posts)
    boards = [
        int(a.filename.rsplit("-", 1)[1].removesuffix(".png"))
        for m in fake.messages_in(world.place(info))
        for a in m.attachments
        if a.filename.startswith(f"warchest-{game_id}-") and a.filename.endswith(".png")
    ]
    assert boards == list(range(info.ply + 1))  # one board per ply, in order: the bot never overtakes
    # stored and listed like any other game; never rated
    listed = await fake.send_slash_command(world.alice, world.channel, "wc games", {"status": "finished"})
    assert f"#{game_id}" in (await world.reply(listed)).content
    stats = await world.bot.corr.stats(world.alice.id, None)
    assert stats.record.overall.games == 1 and not stats.rating.games


async def test_normal_bot_thinks_off_the_loop_and_resumes_after_a_restart(fake, tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:  # the first process
        world = build_world(fake, service, db)
        async with running(world, normal=20.0) as bot:  # a tiny budget to get going
            # the bot as opponent means the normal level
            game_id = await new_ai_game(world, {"opponent": fake.bot_user, "units": "first-game"})
            info = await service.get_game(game_id)
            assert next(s for s in info.seats if s.user_id is None).ai_level == "normal"
            await play_until(world, game_id, moves=2)
            # Alice's second move may have been the last: the bot's answer to it is recorded a moment later
            await fake.wait_until(lambda: len(bot.ai.decisions) >= 2, 30)

            info = await service.get_game(game_id)
            if info.to_act.user_id is None:  # its answer still on the way
                await world.board_post(info, info.ply + 1)
                info = await service.get_game(game_id)

            # now let it think for a long time, and play Alice's move so that the bot must answer
            bot.ai.levels["normal"] = ("search", 3000.0)
            thinking = asyncio.Event()
            think = bot.ai._think

            async def observed(*args):
                thinking.set()
                return await think(*args)

            bot.ai._think = observed  # the real search, seen starting
            while info.to_act.user_id is not None:
                legal = await service.legal_actions(game_id, world.alice.id)
                await world.play_slash(game_id, legal[0].text, world.alice, world.place(info))
                info = await service.get_game(game_id)
            await asyncio.wait_for(thinking.wait(), 30)
            thought = len(bot.ai.decisions)

            help_inter = await fake.send_slash_command(world.alice, world.channel, "wc help", {})
            assert "Play the bot" in (await world.reply(help_inter)).content
            # the event loop answered while the bot thinks: its decision is not made yet
            assert len(bot.ai.decisions) == thought and bot.ai.busy(game_id)
            waiting = await service.get_game(game_id)
            assert waiting.ply == info.ply and waiting.to_act.user_id is None  # still thinking
        # the client stopped mid-thought: nothing was played
        assert (await service.get_game(game_id)).ply == info.ply

    async with GameService.open(db) as service:  # a new process on the same file resumes the bot's turn
        world.service = service
        async with running(world, normal=20.0) as bot:
            post = await world.board_post(info, info.ply + 1)
            assert set(post.mentioned_ids) <= {world.alice.id}
            assert (await service.get_game(game_id)).ply > info.ply and bot.ai.decisions
            await play_until(world, game_id, moves=1)
    fake.assert_clean()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]


async def test_four_player_game_against_the_bot_fills_every_other_seat(world: World):
    game_id = await new_ai_game(world, {"ai": "easy", "players": 4, "units": "first-game", "max_rounds": 1})
    info = await world.service.get_game(game_id)
    assert [s.user_id is None for s in info.seats] == [False, True, True, True]
    assert len({s.name for s in info.seats}) == 4
    await play_until(world, game_id, moves=3)


async def test_bot_game_refuses_human_players(world: World):
    inter = await world.fake.send_slash_command(
        world.alice, world.channel, "wc new", {"ai": "hard", "opponent": world.bob}
    )
    answer = await world.reply(inter)
    assert answer.ephemeral and "you and the bot only" in answer.content


async def test_a_failing_ai_is_logged_with_the_game_and_leaves_it_unchanged(
    world: World, monkeypatch, caplog
):
    from warchest_bot.discord import ai

    def broken(*args):
        raise RuntimeError("the search fell over")

    monkeypatch.setattr(ai, "think", broken)
    game_id = await new_ai_game(world, {"ai": "easy", "units": "first-game"})
    info = await world.service.get_game(game_id)
    if info.to_act.user_id is not None:  # Alice first: her move, then it is the bot's
        legal = await world.service.legal_actions(game_id, world.alice.id)
        await world.play_slash(game_id, legal[0].text, world.alice, world.place(info))
        info = await world.service.get_game(game_id)
    notice = await world.fake.wait_for_message(
        world.place(info), lambda m: "could not make its move" in m.content
    )
    assert notice.mentioned_ids == []
    failures = [r for r in caplog.records if r.name == "warchest_bot.discord.ai" and r.levelname == "ERROR"]
    assert [r.getMessage() for r in failures] == [
        f"game {game_id}: the AI could not move; the game is unchanged"
    ]
    after = await world.service.get_game(game_id)
    assert after.ply == info.ply and after.to_act.user_id is None and not world.bot.ai.busy(game_id)
    caplog.clear()  # the expected error, checked above


async def test_the_ai_can_think_in_a_worker_process():
    from warchest_bot.discord.ai import AiRunner
    from warchest_bot.games.warchest.engine import GameState, Options

    g = GameState.new(Options(players=2, units="first-game", seed=9))
    runner = AiRunner(None, processes=1)  # type: ignore[arg-type]
    try:
        for player, budget in (("greedy", None), ("search", 20.0)):
            action = await runner._think(player, budget, 1, g.view_for(g.current_player))
            assert action in g.legal_actions()
    finally:
        await runner.stop()


def _custom_ids(message) -> list[str]:
    return [c.get("custom_id", "") for row in message.components for c in row.get("components", [])]


async def test_bot_games_have_no_move_clock_and_no_undo_button(world: World):
    inter = await world.fake.send_slash_command(
        world.alice, world.channel, "wc new", {"ai": "easy", "clock": 24}
    )
    answer = await world.reply(inter)
    assert answer.ephemeral and "no move clock" in answer.content
    assert (await world.service.games_for_user(world.alice.id)).games == ()

    game_id = await new_ai_game(world, {"ai": "easy", "units": "first-game", "max_rounds": 2})
    await play_until(world, game_id, moves=4)
    info = await world.service.get_game(game_id)
    posts = [m for m in world.fake.messages_in(world.place(info)) if m.attachments]
    assert len(posts) > 4
    assert not any(cid.startswith("wc:undo") for m in posts for cid in _custom_ids(m))
    assert any(cid for m in posts for cid in _custom_ids(m))  # the other buttons are there
