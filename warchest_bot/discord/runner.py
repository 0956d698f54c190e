"""Running the bot (`warchest-bot run`, `python bot.py`) and registering its commands (`warchest-bot sync`)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

import aiohttp
import discord

from ..config import ConfigError, Settings, load_settings
from ..service import GameService
from ..storage import (
    SERVICE_LEASE,
    LeaseHeld,
    LeaseRepository,
    ProcessLease,
    StorageError,
    is_postgres,
    live_leases,
    redacted,
    retire_holder,
    running_holder,
    shard_lease,
    shard_of_lease,
)
from .bot import ShardedWarchestBot, WarchestBot

# The bot never joins voice channels: skip discord.py's start-up warnings about missing voice libraries.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

log = logging.getLogger("warchest_bot.discord")

LOGIN_FAILED = (
    "warchest-bot: Discord rejected DISCORD_TOKEN; copy the bot token again from the developer portal "
    "(Bot → Reset Token) into .env."
)


UNREACHABLE = 1
"""The exit code of `run` and `sync` when Discord cannot be reached: worth trying again (a service manager's
restart-on-failure does), unlike code 2, which means something to fix first (settings, token, database)."""


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
    """Run the bot until interrupted (Ctrl-C or SIGTERM: exit code 0). Exit code 2 for what must be fixed
    first (a setting, the token, the database, shards another process serves), `UNREACHABLE` (1) when
    Discord cannot be reached."""
    settings = _settings(args)
    if settings is None:
        return 2
    _logging(settings)
    from warchest_bot.render.text import check_shaping

    check_shaping()  # one warning when Persian text in pictures cannot be shaped
    try:
        options = shard_options(getattr(args, "shard_count", None), getattr(args, "shards", None))
    except ValueError as exc:
        print(f"warchest-bot: {exc}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(serve(settings, **options))
    except KeyboardInterrupt:
        return 0


def shard_options(shard_count: int | None, shards: list[int] | None = None) -> dict[str, Any]:
    """The client options for ``run --shard-count N [--shards RANGE]``: the shards this process serves
    (all N unless ``shards`` names some; Discord requires sharding above 2,500 servers). `ValueError` for
    a range without a count or beyond it."""
    if not shard_count:
        if shards:
            raise ValueError(
                "--shards needs --shard-count (how many shards all the processes serve together)"
            )
        return {}
    if shards and shards[-1] >= shard_count:
        raise ValueError(
            f"--shards names shard {shards[-1]}, but --shard-count {shard_count} has shards 0-{shard_count - 1}"
        )
    return {"shard_count": shard_count, "shard_ids": list(shards) if shards else list(range(shard_count))}


async def serve(settings: Settings, **client_kwargs: Any) -> int:
    """Open the database, log in, and serve until the client closes. A database the bot cannot use (not
    ours, written by a newer bot, damaged), or shards another process serves, stop it with one line and
    exit code 2."""
    client_kwargs.setdefault("render_processes", render_processes(settings))
    client_kwargs.setdefault("ai_processes", ai_processes(settings))
    client_kwargs.setdefault("command_guild", settings.dev_guild)
    sharded = bool(client_kwargs.get("shard_count"))
    count: int = client_kwargs.get("shard_count") or 1  # an unsharded bot serves shard 0 of 1
    shard_ids: list[int] = client_kwargs.get("shard_ids") or list(range(count))
    opened = await open_service(settings)
    if opened is None:
        return 2
    async with opened as service:
        # Several processes share the database when it is a server's, or when this one serves some shards.
        client_kwargs.setdefault("shared", is_postgres(settings.db_path) or len(shard_ids) < count)
        # The shards' leases first, the client only once they are this process's: a refused process has
        # started nothing to stop (closing a sharded client that never connected fails inside discord.py).
        holder = running_holder()
        bot: WarchestBot | None = None

        async def lost() -> None:
            if bot is not None:
                await bot.close()

        names = [shard_lease(i, count) for i in shard_ids]
        lease = ProcessLease(service.storage, names=names, holder=holder, on_lost=lost)
        try:
            await check_shard_count(service.storage, count)
            await lease.take()  # one process per shard
        except StorageError as exc:  # LeaseHeld (another bot process serves these shards), or busy
            print(f"warchest-bot: {exc}", file=sys.stderr)
            retire_holder(holder)
            return 2
        bot = (ShardedWarchestBot if sharded else WarchestBot)(service, holder=holder, **client_kwargs)
        try:
            await start_web(settings, bot)
        except OSError as exc:
            print(f"warchest-bot: cannot serve the web pages on WARCHEST_WEB ({exc}).", file=sys.stderr)
            await lease.release()
            return 2
        stop_handling = stop_on_signals(bot)
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
            return UNREACHABLE
        finally:
            stop_handling()
            if bot.web is not None:
                await bot.web.stop()
            await lease.release()
    return 0


async def start_web(settings: Settings, bot: WarchestBot) -> None:
    """Serve the read-only web pages (WARCHEST_WEB) from this process, with the bot's renderer and
    correspondence service, and let the board posts link to them (``bot.web``). Nothing when unset."""
    if settings.web is None:
        return
    from ..web import WebServer

    host, port = settings.web
    web = WebServer(
        bot.service, host, port, base_url=settings.web_url, renderer=bot.renderer, correspondence=bot.corr
    )
    await web.start()
    bot.web = web


async def check_shard_count(storage: LeaseRepository, count: int) -> None:
    """Refuse to serve shards of ``count`` while a live process on the database serves shards of another
    count (`ShardCountMismatch`: Discord would send some servers to both, or to neither), or while a
    database operation runs on it (`LeaseHeld`)."""
    for lease in await live_leases(storage):
        shard = shard_of_lease(lease.name)
        if lease.name == SERVICE_LEASE:
            raise LeaseHeld(lease)
        if shard is not None and shard[1] != count:
            raise ShardCountMismatch(
                f"another bot process serves this database with --shard-count {shard[1]} (holder {lease.holder});"
                f" start every process with the same --shard-count (stop them all to change it)"
            )


class ShardCountMismatch(StorageError):
    """A process on the database serves another shard count."""


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


def stop_on_signals(bot: WarchestBot) -> Callable[[], None]:
    """SIGTERM (systemctl stop, docker stop) and SIGINT (Ctrl-C) close the bot the same way: deliveries
    in flight finish, what is still owed stays in the outbox for the next start, worker processes end. A
    second signal while it closes stops the process at once (the database is safe: every action is
    committed before it is announced). Returns what puts the signals' previous handling back."""
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []  # keeps the task referenced until it ends

    def close(sig: signal.Signals) -> None:
        if closing:
            log.warning("%s again: stopping now", sig.name)
            os._exit(128 + sig)
        log.info("%s: closing (finishing the posts in flight)", sig.name)
        closing.append(loop.create_task(bot.close()))

    handled: list[signal.Signals] = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: no signal handlers
            loop.add_signal_handler(sig, close, sig)
            handled.append(sig)

    def stop_handling() -> None:
        for sig in handled:
            loop.remove_signal_handler(sig)

    return stop_handling


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
        return UNREACHABLE
    except discord.HTTPException as exc:
        print(f"warchest-bot: Discord refused to register the commands ({exc}).", file=sys.stderr)
        return 2
    names = ", ".join(f"/{c.name}" for c in synced)
    print(f"warchest-bot: registered {names} for {where}.")
    return 0
