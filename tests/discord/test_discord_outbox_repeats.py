"""A crash while an announcement is being delivered repeats nothing (issue 30, item 16).

A row the bot was delivering when it died stays owed and is delivered again after the restart. Its messages
are not posted twice: one that went through and was recorded in the row (`OutboxRecord.posted`) is skipped,
and one that went through in the instant before its record is sent again with the same nonce, which Discord
(and the fake) answer with the message already made."""

from __future__ import annotations

import asyncio

from test_discord_outbox import _commit_then_hold_the_post, announced_once, board_posts, started_game
from wc_helpers import World

from warchest_bot.service import GameService


async def test_a_board_post_that_went_through_as_the_bot_was_killed_is_not_posted_again(fake, tmp_path):
    world, info, proc, hold = await _commit_then_hold_the_post(fake, tmp_path, answered=True)
    assert len(board_posts(world, info, 1)) == 1  # the post went through; its answer is on its way
    proc.kill()
    await proc.wait()
    hold.release()  # too late: the bot never heard of it, nor marked its row done
    async with GameService.open(world.db) as service:
        rows = await service.storage.outbox_rows(info.id)
        assert any(r.done_at is None and r.kind == "move" for r in rows)
        world.service = service
        async with world.running():
            await announced_once(world, info, 1)  # the repeat got the same message back
    assert len(fake.deduped) == 1
    fake.assert_clean()


async def test_a_row_delivered_again_minutes_later_skips_the_messages_it_recorded(world: World):
    """Past Discord's nonce window only the row's record prevents the repeat: the bot delivers the row again
    (as a restart would, the row still owed) and posts nothing new."""
    fake, bot = world.fake, world.bot
    assert bot is not None
    info, action, place = await started_game(world)
    bot.delivery.paused = True
    await world.play_slash(info.id, action.text, world.user(info.to_act.user_id), place)
    storage = world.service.storage
    row = next(r for r in await storage.pending_outbox(info.id) if r.kind == "move")
    async with bot.flow.lock_for(info.id):
        await bot.delivery.post(row, None)  # posted; the process dies before marking the row done
    assert len(board_posts(world, info, 1)) == 1
    again = next(r for r in await storage.pending_outbox(info.id) if r.id == row.id)
    assert list(again.posted.values()) == [board_posts(world, info, 1)[0].id]
    fake.nonce_window = 0.0  # Discord has forgotten the nonce
    async with bot.flow.lock_for(info.id):
        await bot.delivery.post(again, None)
    assert len(board_posts(world, info, 1)) == 1 and fake.deduped == []
    bot.delivery.paused = False
    bot.delivery.announce(info.id)
    await asyncio.sleep(0)
    await announced_once(world, info, 1)
