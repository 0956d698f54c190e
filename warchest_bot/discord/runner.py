"""Running the bot (`warchest-bot run`, `python bot.py`) and registering its commands (`warchest-bot sync`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from typing import Any

import aiohttp
import discord

from ..config import ConfigError, Settings, load_settings
from ..service import GameService
from ..storage import ProcessLease, StorageError, is_postgres, redacted
from .bot import ShardedWarchestBot, WarchestBot

# The bot never joins voice channels: skip discord.py's start-up warnings about missing voice libraries.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

log = logging.getLogger("warchest_bot.discord")

LOGIN_FAILED = (
    "warchest-bot: Discord rejected DISCORD_TOKEN; copy the bot token again from the developer portal "
    "(Bot → Reset Token) into .env."
)


def _settings(args: argparse.Namespace | None = None) -> Settings | None:
    try:
        return load_settings(require_token=True, env_file=getattr(args, "env_file", None))
    except ConfigError as exc:
        print(f"warchest-bot: {exc}", file=sys.stderr)
        return None


def _logging(settings: Settings) -> None:
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    # Even at DEBUG, the libraries' own debug lines stay off: discord.py's carry interaction payloads and
    # aiosqlite's the SQL parameters, both of which hold what players typed (a secret army, a hand).
    for library in ("discord", "aiosqlite"):
        logging.getLogger(library).setLevel(max(logging.INFO, logging.getLogger().level))


def run(args: argparse.Namespace | None = None) -> int:
    """Run the bot until interrupted. Exit code 2 for a missing or rejected token."""
    settings = _settings(args)
    if settings is None:
        return 2
    _logging(settings)
    from warchest_bot.render.text import check_shaping

    check_shaping()  # one warning when Persian text in pictures cannot be shaped
    try:
        return asyncio.run(serve(settings, **shard_options(getattr(args, "shard_count", None))))
    except KeyboardInterrupt:
        return 0


def shard_options(shard_count: int | None) -> dict[str, Any]:
    """The client options for ``run --shard-count N``: every shard 0..N-1 in this process (Discord requires
    sharding above 2,500 servers). One process serves a database (see the README), so it runs them all."""
    if not shard_count:
        return {}
    return {"shard_count": shard_count, "shard_ids": list(range(shard_count))}


async def serve(settings: Settings, **client_kwargs: Any) -> int:
    """Open the database, log in, and serve until the client closes. A database the bot cannot use (not
    ours, written by a newer bot, damaged) stops it with one line and exit code 2."""
    client_kwargs.setdefault("render_processes", render_processes(settings))
    client_kwargs.setdefault("ai_processes", ai_processes(settings))
    client_kwargs.setdefault("command_guild", settings.dev_guild)
    opened = await open_service(settings)
    if opened is None:
        return 2
    async with opened as service:
        lease = ProcessLease(service.storage)  # one bot process per database
        try:
            await lease.take()
        except StorageError as exc:  # LeaseHeld (another bot process runs on this file), or busy
            print(f"warchest-bot: {exc}", file=sys.stderr)
            return 2
        bot_class = ShardedWarchestBot if "shard_count" in client_kwargs else WarchestBot
        bot = bot_class(service, **client_kwargs)
        lease.on_lost = bot.close
        stop_on_sigterm(bot)
        try:
            async with bot:
                await bot.start(settings.token)
        except discord.LoginFailure:
            print(LOGIN_FAILED, file=sys.stderr)
            return 2
        except (OSError, aiohttp.ClientError) as exc:
            print(
                f"warchest-bot: cannot reach Discord ({exc}); check the network and retry.", file=sys.stderr
            )
            return 1
        finally:
            await lease.release()
    return 0


async def open_service(settings: Settings) -> GameService | None:
    """The game service over ``settings.db_path``, its pages all readable; None (after one line on
    stderr) when the file cannot be used."""
    path = settings.db_path
    service: GameService | None = None
    try:
        service = await GameService.open(path, limits=settings.limits)
        await service.storage.check_integrity()
    except (StorageError, OSError) as exc:
        if service is not None:
            await service.close()
        where = redacted(str(path)) if is_postgres(path) else str(path)
        text = str(exc) if where in str(exc) else f"cannot use the database {where}: {exc}"
        print(f"warchest-bot: {text}", file=sys.stderr)
        return None
    return service


def stop_on_sigterm(bot: WarchestBot) -> None:
    """SIGTERM (systemctl stop, docker stop) closes the bot like Ctrl-C does: deliveries in flight finish,
    what is still owed stays in the outbox for the next start."""
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []  # keeps the task referenced until it ends

    def close() -> None:
        log.info("SIGTERM: closing (finishing the posts in flight)")
        closing.append(loop.create_task(bot.close()))

    with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: no signal handlers
        loop.add_signal_handler(signal.SIGTERM, close)


def render_processes(settings: Settings | None = None) -> int:
    """Worker processes for drawing (WARCHEST_RENDER_PROCESSES; default: up to 2, one per spare core)."""
    if settings is not None and settings.render_processes is not None:
        return settings.render_processes
    return min(2, os.cpu_count() or 1)


def ai_processes(settings: Settings | None = None) -> int:
    """Worker processes in which the AI opponents think (WARCHEST_AI_PROCESSES; default 1; 0 = threads)."""
    if settings is not None and settings.ai_processes is not None:
        return settings.ai_processes
    return 1


def sync(args: argparse.Namespace) -> int:
    """Register the slash commands with Discord: globally (may take up to an hour to appear) or in one
    guild (instant; ``--guild ID`` or WARCHEST_DEV_GUILD)."""
    settings = _settings(args)
    if settings is None:
        return 2
    _logging(settings)
    logging.getLogger("discord").setLevel(logging.WARNING)  # a one-shot command: its own lines suffice
    guild = getattr(args, "guild", None) or settings.dev_guild
    return asyncio.run(sync_commands(settings.token, guild))


async def sync_commands(token: str, guild_id: int | None = None) -> int:
    bot = WarchestBot(None)  # type: ignore[arg-type]  # registering commands needs no database
    try:
        async with bot:
            await bot.login(token)
            if guild_id is not None:
                target = discord.Object(guild_id)
                bot.tree.copy_global_to(guild=target)
                synced = await bot.tree.sync(guild=target)
                where = f"guild {guild_id}"
            else:
                synced = await bot.tree.sync()
                where = "all servers (global commands can take up to an hour to appear)"
    except discord.LoginFailure:
        print(LOGIN_FAILED, file=sys.stderr)
        return 2
    except (TimeoutError, OSError, aiohttp.ClientError) as exc:
        print(f"warchest-bot: cannot reach Discord ({exc}); check the network and retry.", file=sys.stderr)
        return 2
    except discord.HTTPException as exc:
        print(f"warchest-bot: Discord refused to register the commands ({exc}).", file=sys.stderr)
        return 2
    names = ", ".join(f"/{c.name}" for c in synced)
    print(f"warchest-bot: registered {names} for {where}.")
    return 0
