"""`/wc look review` end to end: a player of a finished game asks in its thread, one message shows the progress
and becomes the review (the costliest moves, the picture with alt text); asked again it comes at once from
the cache; others are refused; asked away from the game, the review is made in the game's thread."""

from __future__ import annotations

from test_discord_two_player import start_challenge
from wc_helpers import PNG, World


async def finished_game(world: World, moves: int = 8) -> int:
    game_id = await start_challenge(world, world.alice, world.bob)
    for _ in range(moves):
        info, user, legal = await world.to_act(game_id)
        await world.play_slash(game_id, legal[-1].text, user, world.place(info))
        await world.board_post(info, info.ply + 1)
    await world.resign(world.bob, game_id)
    info = await world.service.get_game(game_id)
    assert info.status == "finished"
    await world.board_post(info, info.ply)
    return game_id


async def test_review_in_the_thread_with_progress_and_picture(world: World):
    fake = world.fake
    world.bot.ai.review_budget = 4  # tiny searches: the test is about the flow
    game_id = await finished_game(world)
    info = await world.service.get_game(game_id)
    place = world.place(info)

    inter = await fake.send_slash_command(world.alice, place, "wc look review", {})
    answer = await world.reply(inter)
    assert not answer.ephemeral and answer.mentioned_ids == []
    await fake.wait_until(lambda: fake.messages[answer.id].attachments, timeout=60)
    review = fake.messages[answer.id]
    assert review.content.startswith(f"Review of game #{game_id}.")
    picture = review.attachments[0]
    assert picture.filename == f"review-{game_id}.png" and picture.data.startswith(PNG)
    assert (
        picture.description and f"game #{game_id}" in picture.description and "Alice" in picture.description
    )
    shown = [h.get("content", "") for h in review.history]  # what the message said before each edit
    assert shown[0].startswith(f"Reviewing game #{game_id}: move 0 of ")
    total = int(shown[0].split(" of ")[1].rstrip("…"))
    assert total > 0 and all(c.startswith(f"Reviewing game #{game_id}: move ") for c in shown)
    stored = await world.service.storage.get_review(game_id)
    assert stored is not None and stored.requested_by == world.alice.id

    # Bob asks too: the stored review, at once, in a new answer.
    again = await world.reply(
        await fake.send_slash_command(world.bob, place, "wc look review", {"game": game_id})
    )
    assert again.content == review.content and again.attachments[0].data.startswith(PNG)
    assert not again.content.startswith("Reviewing")

    # Dave did not play: refused privately, nothing made.
    refused = await world.reply(
        await fake.send_slash_command(world.dave, place, "wc look review", {"game": game_id})
    )
    assert refused.ephemeral and "Only the players" in refused.content
    assert not fake.problems


async def test_review_asked_elsewhere_is_made_in_the_games_thread(world: World):
    fake = world.fake
    world.bot.ai.review_budget = 2
    game_id = await finished_game(world, moves=4)
    info = await world.service.get_game(game_id)
    place = world.place(info)
    assert place.id != world.channel.id

    inter = await fake.send_slash_command(world.alice, world.channel, "wc look review", {"game": game_id})
    pointer = await world.reply(inter)
    assert pointer.ephemeral and f"<#{place.id}>" in pointer.content
    posted = await fake.wait_for_message(
        place, lambda m: m.content.startswith("Review of") and m.attachments, 60
    )
    assert posted.attachments[0].data.startswith(PNG) and posted.attachments[0].description
    # A game still being played cannot be reviewed.
    running = await start_challenge(world, world.alice, world.bob)
    early = await world.reply(
        await fake.send_slash_command(world.alice, world.channel, "wc look review", {"game": running})
    )
    assert early.ephemeral and "not over yet" in early.content
    assert not fake.problems
