"""Registering the slash commands at start-up, only when they changed.

Discord keeps an application's commands between runs, and a bulk overwrite is rate-limited (and, for global
commands, can take up to an hour to reach every client), so the bot does not re-send them on every start:
it hashes the exact payloads discord.py would send and keeps the hash in the database (`bot_meta`), one
key per target (global, or one development guild). A start with the same tree sends nothing.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:  # pragma: no cover
    from discord import app_commands

    from ..storage import MetaRepository

log = logging.getLogger("warchest_bot.discord")


def meta_key(guild_id: int | None) -> str:
    return "commands.global" if guild_id is None else f"commands.guild.{guild_id}"


async def command_payload(tree: app_commands.CommandTree, guild_id: int | None) -> list[dict[str, Any]]:
    """The JSON discord.py sends on `tree.sync(guild=...)` (global commands are copied to the guild
    first, as a development guild gets the whole tree)."""
    guild = discord.Object(guild_id) if guild_id is not None else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    commands = tree._get_all_commands(guild=guild)
    if tree.translator is not None:
        return [await c.get_translated_payload(tree, tree.translator) for c in commands]
    return [c.to_dict(tree) for c in commands]


def tree_hash(payload: list[dict[str, Any]]) -> str:
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_if_changed(
    tree: app_commands.CommandTree, storage: MetaRepository, guild_id: int | None = None
) -> bool | None:
    """Register the commands with Discord when their payload differs from the last registration recorded
    in `storage`; log one line saying what happened. True = synced, False = unchanged, None = Discord
    refused (logged; the bot keeps running and tries again at its next start)."""
    payload = await command_payload(tree, guild_id)
    digest = tree_hash(payload)
    key = meta_key(guild_id)
    where = "globally" if guild_id is None else f"to guild {guild_id}"
    if await storage.get_meta(key) == digest:
        log.info("Slash commands unchanged since they were last registered %s; nothing to sync.", where)
        return False
    guild = discord.Object(guild_id) if guild_id is not None else None
    try:
        synced = await tree.sync(guild=guild)
    except discord.HTTPException as exc:
        log.warning(
            "Could not register the slash commands %s (%s); retrying at the next start, or run "
            "`warchest-bot sync`.",
            where,
            exc,
        )
        return None
    await storage.set_meta(key, digest)
    names = ", ".join(f"/{c.name}" for c in synced)
    note = "; new global commands can take up to an hour to appear in Discord" if guild_id is None else ""
    log.info("Synced %d slash command(s) (%s) %s%s.", len(synced), names, where, note)
    return True
