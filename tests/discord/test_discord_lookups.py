"""Look-up commands, resign and abort, decline, the runner (rejected token, command sync)."""

from __future__ import annotations

import argparse

from test_discord_two_player import start_challenge
from wc_helpers import GIF, PNG, World

from warchest_bot.config import Settings
from warchest_bot.discord import runner


async def ask(world: World, user, name: str, options=None, place=None):
    inter = await world.fake.send_slash_command(user, place or world.channel, name, options or {})
    return await world.reply(inter)


async def test_lookups_resign_and_the_end_of_a_game(world: World):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    for _ in range(4):
        info, user, legal = await world.to_act(game_id)
        await world.play_slash(game_id, legal[0].text, user, world.place(info))
        await world.board_post(info, info.ply + 1)
    place = world.place(info)

    board = await ask(world, world.dave, "wc board", {"game": game_id})
    assert board.ephemeral and board.attachments[0].data.startswith(PNG)
    history = await ask(world, world.alice, "wc look history", {"game": game_id})
    assert history.ephemeral and "plies 1 to 4 of 4" in history.content
    games = await ask(world, world.alice, "wc games")
    assert f"Game #{game_id}" in games.content
    assert games.content.startswith("Your games (waiting or in progress):")  # the filter in words
    server = await ask(world, world.dave, "wc games", {"scope": "server", "status": "all"})
    assert f"Game #{game_id}" in server.content and server.content.startswith("Games on this server (all):")
    at = await ask(world, world.dave, "wc look replay", {"game": game_id, "ply": 2})
    assert at.attachments[0].data.startswith(PNG) and "after ply 2" in at.content
    not_over = await ask(world, world.dave, "wc look replay", {"game": game_id})
    assert "not over yet" in not_over.content
    card = await ask(world, world.dave, "wc rules", {"unit": "Archer"})
    assert card.attachments[0].data.startswith(PNG)
    assert "Archer" in (await ask(world, world.dave, "wc rules")).content
    assert "/wc play" in (await ask(world, world.dave, "wc help")).content
    unknown = await ask(world, world.dave, "wc rules", {"unit": "Dragon"})
    assert "no unit" in unknown.content
    choices = await fake.autocomplete(world.dave, world.channel, "wc rules", {"unit": "cav"}, focused="unit")
    assert [c["value"] for c in choices] == ["Cavalry", "Light Cavalry"]
    too_late = await ask(world, world.alice, "wc abort", {"game": game_id})
    assert "can no longer be cancelled" in too_late.content

    resigned = await world.resign(world.bob, place=place)  # the game of this thread, confirmed
    assert resigned.ephemeral and "resigned" in resigned.content
    final = await fake.wait_for_message(place, lambda m: "final board" in m.content and m.attachments)
    assert final.attachments[0].data.startswith(PNG)
    assert sorted(final.mentioned_ids) == sorted([world.alice.id, world.bob.id])
    replay = await fake.wait_for_message(
        place, lambda m: any(a.filename.endswith(".gif") for a in m.attachments)
    )
    assert replay.attachments[0].data.startswith(GIF)
    gif = await ask(world, world.dave, "wc look replay", {"game": game_id})
    assert gif.attachments[0].data.startswith(GIF)
    # drawn once for the post at the end of the game, then served from the cache
    assert gif.attachments[0].data == replay.attachments[0].data
    assert world.bot.renderer.replay_cache.get((game_id, "en")) == replay.attachments[0].data
    stats = await ask(world, world.dave, "wc look stats", {"player": world.alice})
    assert "1 games, 1 wins" in stats.content
    again = await ask(world, world.bob, "wc resign", {"game": game_id})
    assert "is over" in again.content


async def test_decline_abort_and_bad_requests(world: World):
    fake = world.fake
    inter = await fake.send_slash_command(world.alice, world.channel, "wc new", {"opponent": world.bob})
    challenge = await world.reply(inter)
    game_id = int(challenge.content.split("#")[1].split()[0])
    wrong = await world.reply(await fake.click_button(world.dave, challenge, f"wc:ch:decline:{game_id}"))
    assert wrong.ephemeral and "no invitation" in wrong.content
    await (await fake.click_button(world.bob, challenge, f"wc:ch:decline:{game_id}")).wait_response()
    await fake.wait_until(lambda: "declined" in fake.messages[challenge.id].content)
    assert fake.messages[challenge.id].components == []

    game_id = await start_challenge(world, world.alice, world.bob)
    info = await world.service.get_game(game_id)
    bad = await ask(
        world, world.user(info.to_act.user_id), "wc play", {"action": "Zz fly e9", "game": game_id}
    )
    assert bad.ephemeral and "cannot read" in bad.content
    aborted = await ask(world, world.alice, "wc abort", {"game": game_id})
    assert "cancelled" in aborted.content
    note = await fake.wait_for_message(world.place(info), lambda m: "cancelled" in m.content)
    assert not note.attachments
    nothing = await ask(world, world.dave, "wc play", {"action": "Sw deploy e2"})
    assert "no game in progress" in nothing.content
    other_bot = fake.add_user("otherbot", bot=True)  # our own bot is a valid opponent (test_discord_ai)
    bot_vs = await ask(world, world.alice, "wc new", {"opponent": other_bot})
    assert "Bots cannot" in bot_vs.content


async def test_rejected_token_is_one_line_and_exit_2(fake, tmp_path, capsys):
    settings = Settings(
        token="not-the-token", db_path=tmp_path / "db.sqlite3", log_level="INFO", dev_guild=None
    )
    assert await runner.serve(settings) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "rejected DISCORD_TOKEN" in err[0]
    assert await runner.sync_commands("not-the-token") == 2


async def test_sync_registers_the_wc_group(fake, capsys):
    guild = fake.add_guild("Dev")
    assert await runner.sync_commands(fake.token, guild.id) == 0
    [command] = fake.guild_commands[guild.id]
    assert command["name"] == "wc"
    subs = {o["name"]: o for o in command["options"]}
    assert set(subs) >= {"new", "play", "hand", "board", "games", "rules", "help", "resign", "abort"}
    # the rest in groups, so that /wc has room to grow (Discord allows 25 entries under a command)
    assert len(subs) <= 19
    groups = ("my", "look", "admin", "seat", "tournament")
    grouped = {name: {o["name"] for o in subs[name]["options"]} for name in groups}
    assert all(subs[name]["type"] == 2 for name in grouped)  # subcommand groups
    assert grouped == {
        "my": {"settings", "vacation", "turns", "follow", "unfollow", "conditional"},
        "look": {"history", "replay", "review", "stats", "leaderboard", "followers", "export"},
        "admin": {"server", "daily_puzzle", "seats", "digest", "card_table"},
        "seat": {"hand", "replace", "autopilot"},
        "tournament": {
            "create",
            "join",
            "leave",
            "start",
            "pairings",
            "standings",
            "export",
            "withdraw",
            "bye",
            "pause",
            "resume",
            "adjudicate",
            "forfeit",
            "replace",
            "vacations",
            "league",
            "season",
            "close",
            "ladder",
        },
    }
    assert not set(subs) & {"history", "settings", "server", "daily_puzzle"}
    assert await runner.sync_commands(fake.token) == 0
    assert [c["name"] for c in fake.global_commands] == ["wc"]
    assert "registered /wc" in capsys.readouterr().out


def test_cli_has_sync_and_missing_token_exits_2(monkeypatch, capsys, tmp_path):
    from warchest_bot.cli import build_parser, main

    monkeypatch.chdir(tmp_path)  # no .env here

    args = build_parser().parse_args(["sync", "--guild", "42"])
    assert isinstance(args, argparse.Namespace) and args.guild == 42
    monkeypatch.setenv("DISCORD_TOKEN", "")
    assert main(["sync"]) == 2
    assert "DISCORD_TOKEN" in capsys.readouterr().err


def test_intents_are_not_privileged():
    import discord

    from warchest_bot.discord import WarchestBot

    bot = WarchestBot(None)  # type: ignore[arg-type]
    assert not bot.intents.message_content and not bot.intents.members and not bot.intents.presences
    assert discord.Intents.default().value == bot.intents.value
