"""The fake Discord's world: users, guilds, channels, messages, interactions, and their JSON payloads.

Every ``to_payload`` method returns what the real Discord API v10 returns for that object, trimmed
to the fields discord.py reads. Ids are snowflakes made by :class:`SnowflakeFactory`.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import struct
import time
import zlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Channel types (https://discord.com/developers/docs/resources/channel#channel-object-channel-types).
GUILD_TEXT = 0
DM = 1
GUILD_CATEGORY = 4
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
GUILD_FORUM = 15
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags.
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Permission bits used by the fake.
PERM_ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = (1 << 51) - 1
DEFAULT_EVERYONE_PERMISSIONS = 0x000006FFFFF9FFF1 & ~PERM_ADMINISTRATOR & ~(1 << 2) & ~(1 << 1)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class SnowflakeFactory:
    """Makes strictly increasing snowflakes whose timestamp part is the current time."""

    def __init__(self) -> None:
        self._last = 0
        self._counter = itertools.count()

    def __call__(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17) | (next(self._counter) & 0xFFF)
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value


def iso_now() -> str:
    """The current time as Discord formats timestamps."""
    return datetime.now(UTC).isoformat()


def snowflake_time(snowflake: int) -> str:
    """The creation time encoded in a snowflake, ISO formatted."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat()


class ApiError(Exception):
    """An error answered to the client as Discord's JSON error body."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        """The JSON body Discord sends with this error."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def invalid_form(path: str, message: str, code: str = "BASE_TYPE_INVALID") -> ApiError:
    """Discord's 400 / 50035 "Invalid Form Body" error for one field (``path`` like ``"content"``)."""
    errors: dict[str, Any] = {"_errors": [{"code": code, "message": message}]}
    for part in reversed(path.split(".")):
        errors = {part: errors}
    return ApiError(400, 50035, "Invalid Form Body", errors)


@dataclass(eq=False)
class FakeUser:
    """A Discord user. ``dm_closed`` users refuse DMs from the bot (403 / 50007)."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    dm_closed: bool = False
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
        }


@dataclass(eq=False)
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    color: int = 0
    managed: bool = False
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {"primary_color": self.color, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            payload["tags"] = {"bot_id": str(self.bot_id)}
        return payload


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild_id: int
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    def to_payload(self, *, with_user: bool = True) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            payload["user"] = self.user.to_payload()
        return payload


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)

    @property
    def everyone_role(self) -> FakeRole:
        return self.roles[self.id]

    def permissions_of(self, user_id: int) -> int:
        """The guild-level permissions of a member (channel overwrites are not modelled)."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        value = self.everyone_role.permissions
        if member is not None:
            for role_id in member.role_ids:
                role = self.roles.get(role_id)
                if role is not None:
                    value |= role.permissions
        if value & PERM_ADMINISTRATOR:
            return ALL_PERMISSIONS
        return value

    def to_payload(self) -> dict[str, Any]:
        """The guild object as GET /guilds/{id} returns it (no channels or members)."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.to_payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "max_members": 500000,
        }


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel, a thread, or a DM channel (``recipient_id`` set)."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    recipient_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    thread_member_ids: set[int] = field(default_factory=set)
    bot_can_send: bool = True
    last_message_id: int | None = None
    message_count: int = 0

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def to_payload(self, recipients: list[FakeUser] | None = None) -> dict[str, Any]:
        if self.is_dm:
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": _opt_str(self.last_message_id),
                "flags": 0,
                "recipients": [u.to_payload() for u in recipients or []],
            }
        payload: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "parent_id": _opt_str(self.parent_id),
            "last_message_id": _opt_str(self.last_message_id),
            "rate_limit_per_user": 0,
            "flags": 0,
            "nsfw": False,
        }
        if self.is_thread:
            payload.update(
                owner_id=str(self.owner_id),
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=len(self.thread_member_ids),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": snowflake_time(self.id),
                    "locked": self.locked,
                    "invitable": self.invitable,
                    "create_timestamp": snowflake_time(self.id),
                },
                applied_tags=[],
            )
        else:
            payload.update(
                position=self.position,
                topic=self.topic,
                permission_overwrites=[],
                default_auto_archive_duration=1440,
            )
        return payload


@dataclass(eq=False)
class FakeAttachment:
    """A file uploaded with a message; ``data`` holds its bytes."""

    id: int
    filename: str
    data: bytes
    url: str
    content_type: str | None = None
    description: str | None = None
    ephemeral: bool = False

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def image_size(self) -> tuple[int, int] | None:
        """(width, height) read from a PNG header, or None if the bytes are not a PNG."""
        return png_size(self.data)

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "ephemeral": self.ephemeral,
        }
        if self.description is not None:
            payload["description"] = self.description
        dims = self.image_size
        if dims is not None:
            payload["width"], payload["height"] = dims
        return payload


def png_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) from a PNG's IHDR chunk, or None."""
    if len(data) >= 24 and data.startswith(PNG_SIGNATURE) and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return None


def make_png(width: int, height: int, rgba: tuple[int, int, int, int] = (0, 0, 0, 0)) -> bytes:
    """A valid PNG of one colour, built by hand (no Pillow)."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    row = b"\x00" + bytes(rgba) * width
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        PNG_SIGNATURE
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(row * height))
        + chunk(b"IEND", b"")
    )


def guess_content_type(filename: str, data: bytes) -> str:
    if data.startswith(PNG_SIGNATURE):
        return "image/png"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:3] == b"\xff\xd8\xff":
        return "image/jpeg"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if filename.endswith((".txt", ".md")):
        return "text/plain; charset=utf-8"
    if filename.endswith(".json"):
        return "application/json; charset=utf-8"
    return "application/octet-stream"


@dataclass(eq=False)
class FakeMessage:
    """A message as the fake stores it; every message the bot posts is recorded as one of these.

    ``source`` says how it was posted: ``"channel"`` (POST /channels/{id}/messages),
    ``"interaction"`` (an interaction callback), ``"followup"`` (interaction webhook) or ``"user"``
    (injected by a test). ``mentioned_ids`` are the users the message really pings, after
    ``allowed_mentions`` were applied.
    """

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    source: str
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    tts: bool = False
    allowed_mentions: dict[str, Any] | None = None
    mentions: list[FakeUser] = field(default_factory=list)
    mention_role_ids: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    message_reference: dict[str, Any] | None = None
    type: int = 0
    webhook_id: int | None = None
    interaction_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    dm_recipient_id: int | None = None
    thread_id: int | None = None
    edited_at: str | None = None
    deleted: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)
    reactions: dict[str, set[int]] = field(default_factory=dict)
    nonce: str | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is the "Bot is thinking..." placeholder of a deferred interaction."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def is_dm(self) -> bool:
        return self.dm_recipient_id is not None

    @property
    def mentioned_ids(self) -> list[int]:
        return [u.id for u in self.mentions]

    @property
    def edit_count(self) -> int:
        return len(self.history)

    @property
    def text(self) -> str:
        """Content plus every embed text, joined by newlines: handy for ``in`` checks."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for fld in embed.get("fields", []):
                parts += [fld.get("name", ""), fld.get("value", "")]
            parts += [embed.get("footer", {}).get("text", ""), embed.get("author", {}).get("name", "")]
        for comp in self.walk_components():
            if comp.get("type") == 10:  # components v2 text display
                parts.append(comp.get("content", ""))
        return "\n".join(p for p in parts if p)

    def walk_components(self) -> list[dict[str, Any]]:
        """Every component of the message, depth first (rows, buttons, selects, v2 containers...)."""
        return list(walk_components(self.components))

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.walk_components() if c.get("type") == 2]

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.walk_components() if c.get("custom_id") == custom_id), None)

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": list(self.attachments),
            "flags": self.flags,
            "edited_at": self.edited_at,
        }

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.to_payload(),
            "content": self.content,
            "timestamp": snowflake_time(self.id),
            "edited_timestamp": self.edited_at,
            "tts": self.tts,
            "mention_everyone": self.mention_everyone,
            "mentions": [u.to_payload() for u in self.mentions],
            "mention_roles": [str(r) for r in self.mention_role_ids],
            "attachments": [a.to_payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "reactions": [
                {"emoji": {"id": None, "name": name}, "count": len(users), "me": False, "burst_count": 0}
                for name, users in self.reactions.items()
                if users
            ],
        }
        if self.webhook_id is not None:
            payload["webhook_id"] = str(self.webhook_id)
            payload["application_id"] = str(self.webhook_id)
        if self.interaction_metadata is not None:
            payload["interaction_metadata"] = self.interaction_metadata
        if self.message_reference is not None:
            payload["message_reference"] = self.message_reference
        if self.thread_id is not None:
            payload["position"] = 0
        if self.nonce is not None:
            payload["nonce"] = self.nonce
        return payload


def walk_components(components: list[dict[str, Any]]):
    """Yield components depth first, descending into rows, containers, sections and labels."""
    for comp in components:
        yield comp
        if "components" in comp:
            yield from walk_components(comp["components"])
        if isinstance(comp.get("accessory"), dict):
            yield from walk_components([comp["accessory"]])
        if isinstance(comp.get("component"), dict):
            yield from walk_components([comp["component"]])


@dataclass(eq=False)
class FakeInteraction:
    """An interaction a test sent to the bot, and what the bot answered.

    ``response`` is the callback body (``{"type": ..., "data": ...}``) once the bot responded;
    ``original_message_id`` the message that ``@original`` refers to; ``followup_ids`` the follow-up
    messages; ``late`` is True if the bot answered after the acknowledgement deadline.
    """

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    message_id: int | None = None
    created_at: float = field(default_factory=time.monotonic)
    response: dict[str, Any] | None = None
    response_type: int | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    late: bool = False
    responded: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def data(self) -> dict[str, Any]:
        return self.payload.get("data", {})

    async def wait_response(self, timeout: float = 5.0) -> dict[str, Any]:
        """Wait until the bot answered this interaction; return the callback body."""
        try:
            await asyncio.wait_for(self.responded.wait(), timeout)
        except TimeoutError:
            raise TimeoutError(
                f"the bot did not answer interaction {self.id} ({self.describe()}) within {timeout}s"
            ) from None
        assert self.response is not None
        return self.response

    def describe(self) -> str:
        kind = {2: "command", 3: "component", 4: "autocomplete", 5: "modal submit"}.get(
            self.type, str(self.type)
        )
        name = self.data.get("name") or self.data.get("custom_id") or "?"
        return f"{kind} {name!r} by {self.user.username}"


MENTION_USER_RE = re.compile(r"<@!?(\d+)>")
MENTION_ROLE_RE = re.compile(r"<@&(\d+)>")


def _opt_str(value: int | None) -> str | None:
    return None if value is None else str(value)
