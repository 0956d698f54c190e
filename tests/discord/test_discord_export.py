"""`/wc look export` end to end (docs/records.md): a game's record sent privately as a file, the full one
with the seed once the game is over and only what everyone may see while it is under way; its JSON data and
a player's games as JSON; in Persian too; a game of another server refused."""

from __future__ import annotations

import json

from test_discord_two_player import start_challenge
from wc_helpers import World

from warchest_bot.i18n import t


async def ask(world: World, user, options=None, place=None, locale=None):
    inter = await world.fake.send_slash_command(
        user, place or world.channel, "wc look export", options or {}, locale=locale
    )
    return await world.reply(inter)


async def test_export_of_a_game_under_way_and_then_finished(world: World):
    game_id = await start_challenge(world, world.alice, world.bob)
    for _ in range(6):
        info, user, legal = await world.to_act(game_id)
        await world.play_slash(game_id, legal[-1].text, user, world.place(info))
        await world.board_post(info, info.ply + 1)
    record = await world.service.storage.get_game(game_id)
    stored = [e.notation for e in await world.service.storage.action_log(game_id)]
    public = [e.text for e in await world.service.action_log(game_id)]

    under_way = await ask(world, world.alice, {"game": game_id}, place=world.place(info))
    assert under_way.ephemeral
    assert under_way.content == t("bot.export.public", "en", game_id=game_id)
    [file] = under_way.attachments
    assert file.filename == f"warchest-{game_id}.txt"
    text = file.data.decode("utf-8")
    assert '[Game "warchest"]' in text and '[Result "*"]' in text and '[Player1 "Alice"]' in text
    assert str(record.seed) not in text and "Seed" not in text
    for secret, shown in zip(stored, public, strict=True):
        if secret != shown:  # a coin paid face down
            assert f": {secret}\n" not in text
    # a spectator of this server may export it too, and the JSON data
    as_json = await ask(world, world.dave, {"game": game_id, "what": "json"})
    data = json.loads(as_json.attachments[0].data)
    assert as_json.content == t("bot.export.json", "en", game_id=game_id)
    assert "seed" not in data and [p["text"] for p in data["plies"]] == public

    await world.resign(world.bob, game_id)
    finished = await ask(world, world.alice, {"game": game_id}, locale="fa")
    assert finished.content == t("bot.export.complete", "fa", game_id=game_id)
    full = finished.attachments[0].data.decode("utf-8")
    assert f'[Seed "{record.seed}"]' in full and '[Reason "resign"]' in full
    assert all(f": {s}\n" in full for s in stored if s not in public)

    mine = await ask(world, world.alice, {"what": "mine"})
    games = json.loads(mine.attachments[0].data)
    assert mine.content == t("bot.export.mine", "en", count=1)
    assert [g["id"] for g in games["games"]] == [game_id] and games["games"][0]["seed"] == record.seed
    assert not world.fake.problems


async def test_export_of_a_game_of_another_server_is_refused(world: World):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    other_guild = fake.add_guild("Elsewhere")
    elsewhere = fake.add_text_channel(other_guild, "general")
    fake.add_member(other_guild, world.dave)
    fake.add_member(other_guild, world.alice)
    for what in ("record", "json"):
        refused = await ask(world, world.dave, {"game": game_id, "what": what}, place=elsewhere)
        assert refused.ephemeral and not refused.attachments
        assert f"Game #{game_id} belongs to another server" in refused.content
    mine = await ask(world, world.alice, {"game": game_id}, place=elsewhere)
    assert mine.attachments[0].filename == f"warchest-{game_id}.txt"  # a player's own game, anywhere
