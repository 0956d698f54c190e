"""End-to-end tests of the fake Discord (tests/fakediscord) with the real, unmodified discord.py client.

A tiny throwaway bot is defined here; the real bot lives in warchest_bot/discord and has its own tests.
Everything runs on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import io
import logging
import struct
import threading
import warnings
import zlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import discord
import pytest
from discord import app_commands
from discord.http import Route
from fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser, NonLoopbackConnection, OptionError

UNITS = ["Archer", "Berserker", "Cavalry", "Crossbowman", "Footman", "Knight", "Lancer", "Swordsman"]


def hand_made_png(width: int = 3, height: int = 2) -> bytes:
    """A valid red RGB PNG written by hand (no Pillow)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    raw = (b"\x00" + b"\xff\x00\x00" * width) * height
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


PNG = hand_made_png()


class RenameModal(discord.ui.Modal, title="Rename the game"):
    name = discord.ui.TextInput(label="New name", custom_id="rename:name", max_length=40)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}")


class PingView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Again", custom_id="ping:again", style=discord.ButtonStyle.primary)
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        button.disabled = True
        await interaction.response.edit_message(content="pong again", view=self)

    @discord.ui.button(label="Rename", custom_id="ping:rename")
    async def rename(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_modal(RenameModal())

    @discord.ui.button(label="Later", custom_id="ping:later")
    async def later(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # type 6: acknowledge now, edit the message afterwards
        await interaction.edit_original_response(content="pong, later")

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="ping:who")
    async def who(self, interaction: discord.Interaction, select: discord.ui.UserSelect) -> None:
        await interaction.response.send_message(f"you chose {select.values[0].name}")

    @discord.ui.select(
        custom_id="ping:unit",
        options=[discord.SelectOption(label=u, value=u.lower()) for u in UNITS[:3]],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


class PingBot(discord.Client):
    """The throwaway bot: /ping (file + view), /move (autocomplete), /game start (group, user option),
    /notify (DMs a user), /slow (defer + follow-up)."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.dm_errors: list[discord.Forbidden] = []
        tree = self.tree

        @tree.command(name="ping", description="Answer with a picture and buttons")
        async def ping(interaction: discord.Interaction) -> None:
            file = discord.File(io.BytesIO(PNG), filename="board.png")
            await interaction.response.send_message("pong", file=file, view=PingView())

        @tree.command(name="move", description="Move a unit")
        @app_commands.describe(unit="The unit to move", steps="How far")
        async def move(interaction: discord.Interaction, unit: str, steps: int = 1) -> None:
            await interaction.response.send_message(f"moved {unit} {steps}")

        @move.autocomplete("unit")
        async def unit_autocomplete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=u, value=u) for u in UNITS if current.lower() in u.lower()]

        game = app_commands.Group(name="game", description="Game commands")

        @game.command(name="start", description="Start a game against someone")
        async def start(interaction: discord.Interaction, opponent: discord.Member) -> None:
            await interaction.response.send_message(
                f"{interaction.user.mention} challenges {opponent.mention}",
                embed=discord.Embed(title="New game", description="Waiting for the opponent"),
                allowed_mentions=discord.AllowedMentions(users=[opponent]),
            )

        tree.add_command(game)

        @tree.command(name="notify", description="Send someone a DM")
        async def notify(interaction: discord.Interaction, user: discord.User) -> None:
            try:
                await user.send("It is your turn")
            except discord.Forbidden as exc:
                self.dm_errors.append(exc)
                await interaction.response.send_message(f"cannot DM {user.name}", ephemeral=True)
            else:
                await interaction.response.send_message("sent", ephemeral=True)

        @tree.command(name="slow", description="Think first")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send("done thinking")  # replaces the "thinking..." message
            extra = await interaction.followup.send("extra", wait=True)
            await extra.edit(content="extra edited")
            original = await interaction.original_response()
            await original.edit(content=f"{original.content} (edited)")
            await extra.delete()


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    carol: FakeUser  # DMs closed
    bot: PingBot = field(default_factory=PingBot)


def build_world(fake: FakeDiscord) -> World:
    guild = fake.add_guild("War Room")
    channel = fake.add_text_channel(guild, "games")
    alice = fake.add_user("alice", global_name="Alice")
    carol = fake.add_user("carol", dm_closed=True)
    return World(fake, guild, channel, alice, carol)


@contextlib.asynccontextmanager
async def cleanly_closed() -> AsyncIterator[None]:
    """Fail if the block leaks asyncio tasks, keep-alive threads or unclosed aiohttp sessions."""
    before = asyncio.all_tasks()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        yield
        gc.collect()
    me = asyncio.current_task()
    for _ in range(100):  # give finished connections a few loop turns to wind down (bounded, ~1 s)
        leaked = {t for t in asyncio.all_tasks() - before if t is not me and not t.done()}
        threads = [t for t in threading.enumerate() if "KeepAlive" in type(t).__name__]
        if not leaked and not threads:
            break
        await asyncio.sleep(0.01)
    assert not leaked, f"leaked tasks: {leaked}"
    assert not threads, f"keep-alive threads still running: {threads}"
    unclosed = [w for w in caught if issubclass(w.category, ResourceWarning)]
    assert not unclosed, [str(w.message) for w in unclosed]


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake


@pytest.fixture
async def world(fake: FakeDiscord) -> AsyncIterator[World]:
    world = build_world(fake)
    async with cleanly_closed(), fake.run_client(world.bot):
        await world.bot.tree.sync()
        yield world
    fake.assert_clean()


# --------------------------------------------------------------------------- connection


async def test_discord_py_is_pointed_at_the_fake_and_restored():
    original_base, original_gateway = Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    async with FakeDiscord() as fake:
        assert fake.api_base == Route.BASE and fake.api_base.startswith("http://127.0.0.1:")
        assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == fake.gateway_url
    assert original_base == Route.BASE
    assert original_gateway == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


async def test_login_and_ready(fake: FakeDiscord, caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.WARNING)
    world = build_world(fake)
    bot = PingBot()
    async with cleanly_closed():
        async with fake.run_client(bot):
            assert bot.is_ready()
            assert bot.user is not None and bot.user.id == fake.bot_user.id
            assert bot.application_id == fake.application_id
            guild = bot.get_guild(world.guild.id)
            assert guild is not None and guild.name == "War Room"
            assert guild.get_channel(world.channel.id) is not None
            assert guild.me is not None  # the bot's own member came with GUILD_CREATE
            conn = fake.gateway.current_connection()
            assert conn.compress == "zlib-stream"  # discord.py insists; the fake speaks it
            assert conn.heartbeats >= 1  # discord.py beats right after HELLO
        assert bot.is_closed()
    assert fake.gateway.identifies[0]["intents"] == discord.Intents.default().value
    assert not [r for r in caplog.records if "Unclosed" in r.getMessage()]
    fake.assert_clean()


async def test_wrong_token_is_refused(fake: FakeDiscord):
    bot = PingBot()
    async with cleanly_closed():
        with pytest.raises(discord.LoginFailure):
            await bot.login("not-the-token")
        await bot.close()


# --------------------------------------------------------------------------- commands


async def test_sync_stores_commands(world: World):
    fake = world.fake
    names = sorted(c["name"] for c in fake.global_commands)
    assert names == ["game", "move", "notify", "ping", "slow"]
    move = fake.get_command("move")
    assert move is not None and int(move["id"]) > 0
    assert [o["name"] for o in move["options"]] == ["unit", "steps"]
    assert move["options"][0]["autocomplete"] is True
    ids_before = {c["name"]: c["id"] for c in fake.global_commands}
    synced = await world.bot.tree.sync()
    assert {c.name: str(c.id) for c in synced} == ids_before  # ids survive a re-sync
    fetched = await world.bot.tree.fetch_commands()
    assert {c.name for c in fetched} == set(ids_before)


async def test_slash_command_replies_with_png_and_button(world: World):
    fake = world.fake
    inter = await fake.send_slash_command(world.alice, world.channel, "ping")
    assert inter.data["id"] == fake.get_command("ping")["id"]
    body = await fake.wait_for_interaction_response(inter.id)
    assert body["type"] == 4 and body["data"]["content"] == "pong"
    msg = fake.messages[inter.original_message_id]
    assert msg.channel_id == world.channel.id and msg.source == "interaction"
    [attachment] = msg.attachments
    assert attachment.filename == "board.png"
    assert attachment.data.startswith(b"\x89PNG\r\n\x1a\n") and attachment.data == PNG
    assert attachment.image_size == (3, 2)
    assert [b["custom_id"] for b in msg.buttons] == ["ping:again", "ping:rename", "ping:later"]


async def test_autocomplete_returns_choices(world: World):
    fake = world.fake
    choices = await fake.autocomplete(world.alice, world.channel, "move", {"unit": "ar"}, focused="unit")
    assert [c["value"] for c in choices] == ["Archer"]
    inter = await fake.send_autocomplete(world.alice, world.channel, "move", focused="unit")
    body = await inter.wait_response()
    assert body["type"] == 8 and len(body["data"]["choices"]) == len(UNITS)


async def test_button_click_updates_the_message(world: World):
    fake = world.fake
    inter = await fake.send_slash_command(world.alice, world.channel, "ping")
    await inter.wait_response()
    msg = fake.messages[inter.original_message_id]
    click = await fake.click_button(world.alice, msg, "ping:again")
    body = await click.wait_response()
    assert body["type"] == 7
    assert msg.content == "pong again" and msg.edit_count == 1
    assert msg.find_component("ping:again")["disabled"] is True
    assert msg.attachments and msg.attachments[0].data == PNG  # edit kept the picture
    with pytest.raises(OptionError, match="disabled"):
        await fake.click_button(world.alice, msg, "ping:again")


async def test_select_and_modal(world: World):
    fake = world.fake
    inter = await fake.send_slash_command(world.alice, world.channel, "ping")
    await inter.wait_response()
    msg = fake.messages[inter.original_message_id]

    pick = await fake.select_option(world.alice, msg, "ping:unit", ["berserker"])
    body = await pick.wait_response()
    assert body["data"]["content"] == "picked berserker" and body["data"]["flags"] & 64

    rename = await fake.click_button(world.alice, msg, "ping:rename")
    body = await rename.wait_response()
    assert body["type"] == 9 and body["data"]["title"] == "Rename the game"
    submit = await fake.submit_modal(world.alice, rename, {"rename:name": "Evening game"})
    body = await submit.wait_response()
    assert body["data"]["content"] == "renamed to Evening game"


async def test_subcommand_group_with_user_option_and_mentions(world: World):
    fake = world.fake
    bob = fake.add_user("bob")
    inter = await fake.send_slash_command(world.alice, world.channel, "game start", {"opponent": bob})
    [sub] = inter.data["options"]
    assert sub["type"] == 1 and sub["name"] == "start"
    assert inter.data["resolved"]["users"][str(bob.id)]["username"] == "bob"
    await inter.wait_response()
    msg = await fake.wait_for_message(world.channel, lambda m: "challenges" in m.content)
    assert msg.content == f"<@{world.alice.id}> challenges <@{bob.id}>"
    assert msg.embeds[0]["title"] == "New game" and "Waiting for the opponent" in msg.text
    assert msg.mentioned_ids == [bob.id]  # allowed_mentions kept alice from being pinged
    with pytest.raises(OptionError, match="unknown option"):
        await fake.send_slash_command(world.alice, world.channel, "game start", {"rival": bob})
    with pytest.raises(OptionError, match="group"):
        await fake.send_slash_command(world.alice, world.channel, "game")


async def test_defer_then_followup_and_edit(world: World):
    fake = world.fake
    inter = await fake.send_slash_command(world.alice, world.channel, "slow")
    body = await inter.wait_response()
    assert body["type"] == 5
    # The handler ends by deleting its extra follow-up: wait for that, then read the record.
    await fake.wait_until(
        lambda: len(inter.followup_ids) == 1 and fake.messages[inter.followup_ids[0]].deleted
    )
    original = fake.messages[inter.original_message_id]
    assert original.content == "done thinking (edited)" and not original.loading
    assert [h["content"] for h in original.history] == ["", "done thinking"]  # the first follow-up filled it
    extra = fake.messages[inter.followup_ids[0]]
    assert (
        extra.source == "followup"
        and extra.content == "extra edited"
        and extra.history[0]["content"] == "extra"
    )


async def test_deferred_update_and_user_select(world: World):
    fake = world.fake
    bob = fake.add_user("bob")
    inter = await fake.send_slash_command(world.alice, world.channel, "ping")
    await inter.wait_response()
    msg = fake.messages[inter.original_message_id]
    later = await fake.click_button(world.alice, msg, "ping:later")
    assert (await later.wait_response())["type"] == 6
    await fake.wait_for_message(world.channel, lambda m: m.id == msg.id and m.content == "pong, later")
    who = await fake.select_option(world.alice, msg, "ping:who", [bob])
    assert who.data["resolved"]["users"][str(bob.id)]["username"] == "bob"
    assert (await who.wait_response())["data"]["content"] == "you chose bob"


async def test_guild_sync_and_guild_command_payload(world: World):
    fake, tree = world.fake, world.bot.tree
    guild = discord.Object(world.guild.id)
    tree.copy_global_to(guild=guild)
    await tree.sync(guild=guild)
    assert {c["name"] for c in fake.guild_commands[world.guild.id]} == {
        c["name"] for c in fake.global_commands
    }
    command = fake.get_command("move", world.fake.guilds[world.guild.id])
    inter = await fake.send_slash_command(world.alice, world.channel, "move", {"unit": "Knight"})
    assert inter.data["id"] == command["id"] and inter.data["guild_id"] == str(world.guild.id)
    assert (await inter.wait_response())["data"]["content"] == "moved Knight 1"
    assert fake.command_syncs[-1][0] == world.guild.id


async def test_discord_limits_are_enforced(world: World):
    channel = world.bot.get_channel(world.channel.id)
    with pytest.raises(discord.HTTPException) as info:
        await channel.send("x" * 2001)
    assert info.value.status == 400 and info.value.code == 50035
    with pytest.raises(discord.HTTPException) as info:
        await channel.send(embed=discord.Embed(description="y" * 4097))
    assert info.value.code == 50035


# --------------------------------------------------------------------------- DMs


async def test_closed_dm_raises_forbidden_50007(world: World):
    fake, bot = world.fake, world.bot
    carol = await bot.fetch_user(world.carol.id)
    with pytest.raises(discord.Forbidden) as info:
        await carol.send("hello")
    assert info.value.code == 50007 and info.value.status == 403
    assert info.value.text == "Cannot send messages to this user"

    inter = await fake.send_slash_command(world.alice, world.channel, "notify", {"user": world.carol})
    body = await inter.wait_response()
    assert body["data"]["content"] == "cannot DM carol"
    assert [e.code for e in bot.dm_errors] == [50007]
    assert fake.dms_to(world.carol) == []


async def test_open_dm_is_recorded(world: World):
    fake = world.fake
    inter = await fake.send_slash_command(world.alice, world.channel, "notify", {"user": world.alice})
    await inter.wait_response()
    msg = await fake.wait_for_message(world.alice, timeout=2)
    assert msg.is_dm and msg.content == "It is your turn" and msg.dm_recipient_id == world.alice.id
    assert fake.dms_to(world.alice) == [msg]


# --------------------------------------------------------------------------- channel REST


async def test_channel_messages_files_and_threads(world: World):
    fake, bot = world.fake, world.bot
    channel = bot.get_channel(world.channel.id)
    sent = await channel.send(
        "board", files=[discord.File(io.BytesIO(PNG), "a.png"), discord.File(io.BytesIO(b"log"), "log.txt")]
    )
    msg = fake.messages[sent.id]
    assert [a.filename for a in msg.attachments] == ["a.png", "log.txt"]
    assert msg.attachments[1].data == b"log" and msg.source == "channel"
    assert await sent.attachments[0].read() == PNG  # served by the fake's CDN
    edited = await sent.edit(content="board v2", attachments=[sent.attachments[0]])
    assert edited.content == "board v2" and [a.filename for a in msg.attachments] == ["a.png"]

    thread = await sent.create_thread(name="game-1")
    assert thread.id == sent.id and fake.channels[thread.id].parent_id == world.channel.id
    await thread.add_user(discord.Object(world.alice.id))
    await thread.send("your move")
    assert [m.content for m in fake.messages_in(thread.id)] == ["your move"]
    private = await channel.create_thread(name="secret", type=discord.ChannelType.private_thread)
    assert fake.channels[private.id].type == 12

    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == "board v2"
    history = [m.id async for m in channel.history(limit=10)]
    assert history == [sent.id]
    await sent.delete()
    assert msg.deleted
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(sent.id)


async def test_a_repeated_nonce_returns_the_first_message_as_discord_documents(world: World):
    """Create Message with ``nonce`` and ``enforce_nonce`` (discord.py sets it with every nonce): the same author
    and nonce within the past few minutes returns the message made then, and posts nothing new; once the
    window passed, or with another nonce, a new message is made; a nonce longer than 25 characters is refused."""
    fake, bot = world.fake, world.bot
    channel = bot.get_channel(world.channel.id)
    first = await channel.send("board", nonce="row-1:0")
    again = await channel.send("board, sent again after a crash", nonce="row-1:0")
    assert again.id == first.id and again.content == "board" and again.nonce == "row-1:0"
    assert [m.content for m in fake.messages_in(world.channel)] == ["board"]
    assert fake.deduped == [fake.messages[first.id]]
    dm = await (await bot.fetch_user(world.alice.id)).create_dm()
    assert (await dm.send("elsewhere", nonce="row-1:0")).id == first.id  # per author, not per channel
    other = await channel.send("board", nonce="row-2:0")
    assert other.id != first.id
    fake.nonce_window = 0.0  # a few minutes later
    late = await channel.send("board", nonce="row-1:0")
    assert late.id not in (first.id, other.id)
    with pytest.raises(discord.HTTPException) as info:
        await channel.send("x", nonce="n" * 26)
    assert info.value.status == 400 and info.value.code == 50035


async def test_unknown_routes_are_recorded(world: World):
    fake, bot = world.fake, world.bot
    with pytest.raises(discord.NotFound):
        await bot.http.request(Route("GET", "/voice/regions"))
    assert fake.unknown_routes == ["GET /api/v10/voice/regions"]
    with pytest.raises(AssertionError, match="voice/regions"):
        fake.assert_clean()
    fake.unknown_routes.clear()


async def test_late_answer_is_refused(fake: FakeDiscord):
    fake.interaction_ack_timeout = 0.0  # every answer is "too late"
    world = build_world(fake)
    failed: asyncio.Future[BaseException] = asyncio.get_running_loop().create_future()

    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        failed.set_result(error.__cause__ or error)

    world.bot.tree.on_error = on_error  # type: ignore[method-assign]
    async with cleanly_closed(), fake.run_client(world.bot):
        await world.bot.tree.sync()
        await fake.send_slash_command(world.alice, world.channel, "move", {"unit": "Archer"})
        error = await asyncio.wait_for(failed, 5)
    assert isinstance(error, discord.NotFound) and error.code == 10062
    assert any("answered after" in p for p in fake.problems)


# --------------------------------------------------------------------------- reconnecting


async def test_restart_with_a_new_client(fake: FakeDiscord):
    world = build_world(fake)
    async with cleanly_closed():
        first = PingBot()
        async with fake.run_client(first):
            await first.tree.sync()
            await (
                await fake.send_slash_command(world.alice, world.channel, "move", {"unit": "Archer"})
            ).wait_response()
        assert first.is_closed()
        second = PingBot()
        async with fake.run_client(second):
            assert len(fake.gateway.identifies) == 2
            inter = await fake.send_slash_command(
                world.alice, world.channel, "move", {"unit": "Knight", "steps": 2}
            )
            body = await inter.wait_response()
            assert body["data"]["content"] == "moved Knight 2"
    fake.assert_clean()


async def test_resume_replays_missed_events(world: World):
    fake, bot = world.fake, world.bot
    session = fake.gateway.current_connection().session
    await fake.disconnect_gateway(code=4000)
    late = fake.add_text_channel(world.guild, "late")  # dispatched while the bot is away
    await fake.wait_for_connection(resumes=1)
    assert session.resumes == 1 and len(fake.gateway.identifies) == 1
    inter = await fake.send_slash_command(world.alice, world.channel, "move", {"unit": "Lancer"})
    assert (await inter.wait_response())["data"]["content"] == "moved Lancer 1"
    assert bot.get_channel(late.id) is not None


# --------------------------------------------------------------------------- more of the protocol


async def test_slash_command_in_a_dm(world: World):
    fake = world.fake
    inter = await fake.send_slash_command(world.alice, None, "move", {"unit": "Footman"})
    assert inter.payload["context"] == 1 and "user" in inter.payload and "member" not in inter.payload
    body = await inter.wait_response()
    assert body["data"]["content"] == "moved Footman 1"
    assert fake.messages[inter.original_message_id].is_dm


async def test_privileged_intents_chunking_and_user_messages(fake: FakeDiscord):
    world = build_world(fake)
    seen: asyncio.Queue[discord.Message] = asyncio.Queue()

    class ListeningBot(discord.Client):
        async def on_message(self, message: discord.Message) -> None:
            if message.author != self.user:
                seen.put_nowait(message)

    bot = ListeningBot(intents=discord.Intents.all(), guild_ready_timeout=0.05)
    async with cleanly_closed(), fake.run_client(bot):
        guild = bot.get_guild(world.guild.id)
        assert guild is not None and guild.chunked
        assert {m.name for m in guild.members} >= {"alice", "carol"}
        await fake.send_user_message(world.alice, world.channel, "hello bot")
        message = await asyncio.wait_for(seen.get(), 5)
        assert message.content == "hello bot" and message.author.id == world.alice.id
        await message.reply("hi alice")
        reply = await fake.wait_for_message(world.channel, lambda m: m.author.id == fake.bot_user.id)
        assert reply.mentioned_ids == [world.alice.id]  # replies ping the author by default
    fake.assert_clean()


async def test_no_connection_leaves_loopback(fake: FakeDiscord):
    with pytest.raises(NonLoopbackConnection):
        await asyncio.get_running_loop().getaddrinfo("discord.com", 443)
    assert fake.problems and "discord.com" in fake.problems[0]
    fake.problems.clear()
