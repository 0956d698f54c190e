"""A damaged database page, met while serving Discord: the player reads "the database is damaged" (not
"Something went wrong"), privately, and nothing else happens."""

from __future__ import annotations

import logging

from wc_helpers import build_world

from tests.storage.test_storage_damage import corrupt_table_page
from warchest_bot.service import GameService, Player


async def test_a_damaged_page_is_reported_as_such_in_discord(fake, tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        game = await service.create_game(
            [Player(world.alice.id, "Alice"), Player(world.bob.id, "Bob")], guild_id=world.guild.id, seed=4
        )
    corrupt_table_page(db, "games")
    async with GameService.open(db) as service:
        world.service = service
        async with world.running():
            commands = (("wc board", {"game": game.id}), ("wc games", {}), ("wc my turns", {}))
            for name, options in commands:
                inter = await fake.send_slash_command(world.alice, world.channel, name, options)
                answer = await world.reply(inter)
                assert answer.ephemeral, name
                assert "database is damaged" in answer.content, (name, answer.content)
                assert "went wrong" not in answer.content
    assert any("database is damaged" in r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR)
