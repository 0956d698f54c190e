"""One error path for every command and every button: an unexpected failure is answered with the same
private apology and logged once with its traceback; a reply Discord refuses after a commit never stops the
announcement, which still comes after the answer."""

from __future__ import annotations

import logging

import pytest
from test_discord_outbox import announced_once, started_game
from test_discord_two_player import start_challenge
from wc_helpers import World

APOLOGY = "Something went wrong on my side"
REFUSED = "What you did may have gone through"


def failures(caplog: pytest.LogCaptureFixture, text: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR and text in r.getMessage()]


async def test_an_unexpected_failure_in_a_command_or_a_button_gets_the_same_private_apology(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    info = await world.service.get_game(game_id)
    board = await world.board_post(info, 0)

    async def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(world.bot.cog, "resolve_game", broken)
    monkeypatch.setattr(world.bot.cog, "show_hand", broken)
    command = await world.reply(
        await fake.send_slash_command(world.alice, world.place(info), "wc board", {"game": game_id})
    )
    button = await world.reply(await fake.click_button(world.bob, board, f"wc:hand:{game_id}"))
    for answer in (command, button):
        assert answer.ephemeral and APOLOGY in answer.content, answer.content
    logged = failures(caplog, "failed")
    assert len(logged) == 2 and all(r.exc_info and r.exc_info[0] is RuntimeError for r in logged)
    caplog.clear()  # the failures were wanted here
    assert (await world.service.get_game(game_id)).ply == 0


async def test_a_refused_reply_after_a_commit_still_announces_the_move_after_the_answer(
    world: World, caplog: pytest.LogCaptureFixture
):
    info, action, place = await started_game(world)
    user = world.user(info.to_act.user_id)
    hold = world.fake.hold_next("POST", "/callback")
    inter = await world.fake.send_slash_command(
        user, place, "wc play", {"action": action.text, "game": info.id}
    )
    await hold.arrived.wait()  # the move is committed; its answer is on its way
    with pytest.raises(TimeoutError):  # no board while the answer is pending (Discord allows 3 s)
        await world.board_post(info, 1, timeout=1.5)
    hold.release(fail=400)  # Discord refuses "You played …" (the move is committed)
    answer = await world.reply(inter)
    # the move went through: the apology must not claim that nothing changed
    assert answer.ephemeral and REFUSED in answer.content and "nothing was changed" not in answer.content
    post = await announced_once(world, info, 1)
    assert post.id > answer.id  # held until the command had answered
    assert len(failures(caplog, "Discord refused a request")) == 1
    caplog.clear()
