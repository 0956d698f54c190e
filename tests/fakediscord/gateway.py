"""The fake gateway: one websocket endpoint speaking Discord's gateway protocol (API v10, JSON).

HELLO, IDENTIFY -> READY + GUILD_CREATE, HEARTBEAT -> ACK, RESUME (replays missed dispatches),
sharding as Discord does it (an IDENTIFY with ``shard: [id, count]`` gets only the guilds with
``(guild_id >> 22) % count == id``, their events and interactions; direct messages go to shard 0),
REQUEST_GUILD_MEMBERS -> GUILD_MEMBERS_CHUNK, and dispatches pushed by the fake (interactions,
messages, channels...). Outgoing frames are zlib-stream compressed when the client asks for it with
``?compress=zlib-stream`` (discord.py always does unless zstd is installed); otherwise plain text.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger("fakediscord.gateway")

OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_VOICE_STATE = 4
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15

# Which intent a dispatch needs; events not listed are always sent.
EVENT_INTENTS = {
    "GUILD_CREATE": INTENT_GUILDS,
    "GUILD_UPDATE": INTENT_GUILDS,
    "GUILD_DELETE": INTENT_GUILDS,
    "CHANNEL_CREATE": INTENT_GUILDS,
    "CHANNEL_UPDATE": INTENT_GUILDS,
    "CHANNEL_DELETE": INTENT_GUILDS,
    "THREAD_CREATE": INTENT_GUILDS,
    "THREAD_UPDATE": INTENT_GUILDS,
    "THREAD_DELETE": INTENT_GUILDS,
    "THREAD_MEMBERS_UPDATE": INTENT_GUILDS,
    "GUILD_MEMBER_ADD": INTENT_GUILD_MEMBERS,
    "GUILD_MEMBER_UPDATE": INTENT_GUILD_MEMBERS,
    "GUILD_MEMBER_REMOVE": INTENT_GUILD_MEMBERS,
}
MESSAGE_EVENTS = ("MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE")

CLOSE_CODES_ENDING_SESSION = (1000, 1001)


@dataclass(eq=False)
class GatewaySession:
    """One identified session; survives disconnects until it is resumed, invalidated or ended."""

    id: str
    intents: int
    identify: dict[str, Any]
    seq: int = 0
    buffer: list[dict[str, Any]] = field(default_factory=list)
    connection: GatewayConnection | None = None
    resumable: bool = True
    resumes: int = 0

    @property
    def connected(self) -> bool:
        return self.connection is not None and not self.connection.ws.closed

    @property
    def shard(self) -> tuple[int, int] | None:
        shard = self.identify.get("shard")
        return (int(shard[0]), int(shard[1])) if shard else None

    def serves(self, guild_id: int | str | None) -> bool:
        """Whether this session receives what happens in ``guild_id`` (None: a direct message)."""
        shard = self.shard
        if shard is None:
            return True
        return shard_of(guild_id, shard[1]) == shard[0]


def shard_of(guild_id: int | str | None, count: int) -> int:
    """The shard Discord sends a guild's events to (direct messages: shard 0)."""
    return 0 if guild_id is None else (int(guild_id) >> 22) % count


def _guild_of(event: str, data: dict[str, Any]) -> str | None:
    if data.get("guild_id") is not None:
        return str(data["guild_id"])
    if event.startswith("GUILD_") and "id" in data:
        return str(data["id"])
    return None


class GatewayConnection:
    """One websocket; frames go out through a queue so ordering holds across producers."""

    def __init__(self, ws: web.WebSocketResponse, compress: str | None) -> None:
        self.ws = ws
        self.compress = compress
        self._zlib = zlib.compressobj() if compress == "zlib-stream" else None
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.session: GatewaySession | None = None
        self.heartbeats = 0
        self.closed_by_server = False

    async def close(self, code: int, reason: bytes) -> None:
        """Close from the server side (the session stays resumable)."""
        self.closed_by_server = True
        await self.ws.close(code=code, message=reason)

    def send(self, payload: dict[str, Any]) -> None:
        self.queue.put_nowait(payload)

    async def writer(self) -> None:
        while True:
            payload = await self.queue.get()
            if payload is None or self.ws.closed:
                return
            text = json.dumps(payload, separators=(",", ":"))
            try:
                if self._zlib is not None:
                    await self.ws.send_bytes(
                        self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    )
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return


class Gateway:
    """Websocket handler plus the session table; owned by :class:`FakeDiscord`."""

    def __init__(self, fake: FakeDiscord, heartbeat_interval_ms: int) -> None:
        self.fake = fake
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.sessions: dict[str, GatewaySession] = {}
        self.connections: list[GatewayConnection] = []
        self.identifies: list[dict[str, Any]] = []
        self.resumes: list[dict[str, Any]] = []
        """Every RESUME payload received (successful or not); ``resumed`` counts the successful ones."""
        self.resumed = 0
        self.presence_updates: list[dict[str, Any]] = []
        self.connection_urls: list[str] = []
        self._session_changed = asyncio.Condition()

    # ----------------------------------------------------------------- websocket handler

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.connection_urls.append(str(request.rel_url))
        encoding = request.query.get("encoding", "json")
        conn = GatewayConnection(ws, request.query.get("compress"))
        self.connections.append(conn)
        writer = asyncio.create_task(conn.writer(), name="fakediscord-gateway-writer")
        try:
            if encoding != "json":
                self.fake._problem(f"gateway: unsupported encoding {encoding!r}")
                await ws.close(code=4002, message=b"Decode error")
                return ws
            conn.send(
                {
                    "op": OP_HELLO,
                    "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                    "s": None,
                    "t": None,
                }
            )
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._received(conn, json.loads(msg.data))
                elif msg.type is WSMsgType.BINARY:
                    self.fake._problem("gateway: client sent a binary frame")
                    await ws.close(code=4002, message=b"Decode error")
        finally:
            conn.queue.put_nowait(None)
            with contextlib.suppress(asyncio.CancelledError):
                await writer
            session = conn.session
            if session is not None and session.connection is conn:
                session.connection = None
                if not conn.closed_by_server and ws.close_code in CLOSE_CODES_ENDING_SESSION:
                    session.resumable = False
                async with self._session_changed:
                    self._session_changed.notify_all()
            if conn in self.connections:
                self.connections.remove(conn)
        return ws

    async def _received(self, conn: GatewayConnection, msg: dict[str, Any]) -> None:
        op, data = msg.get("op"), msg.get("d")
        if op == OP_HEARTBEAT:
            conn.heartbeats += 1
            conn.send({"op": OP_HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == OP_IDENTIFY:
            await self._identify(conn, data)
        elif op == OP_RESUME:
            await self._resume(conn, data)
        elif op == OP_REQUEST_MEMBERS:
            self._request_members(conn, data)
        elif op == OP_PRESENCE:
            self.presence_updates.append(data)
        elif op == OP_VOICE_STATE:
            pass
        else:
            self.fake._problem(f"gateway: unknown op {op!r}: {msg!r}")

    async def _identify(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        if conn.session is not None:
            await conn.ws.close(code=4005, message=b"Already authenticated.")
            return
        if data.get("token") != self.fake.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        self.identifies.append(data)
        session = GatewaySession(id=secrets.token_hex(16), intents=int(data.get("intents", 0)), identify=data)
        self.sessions[session.id] = session
        session.connection = conn
        conn.session = session
        guilds = [g for g in self.fake.guilds.values() if session.serves(g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": self.fake._bot_user_payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.fake.gateway_url,
            "application": {"id": str(self.fake.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
            "auth_session_id_hash": "",
            "_trace": ["fakediscord"],
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        self._dispatch_to(session, "READY", ready)
        for guild in guilds:
            self._dispatch_to(
                session, "GUILD_CREATE", self.fake._guild_create_payload(guild, session.intents)
            )
        async with self._session_changed:
            self._session_changed.notify_all()

    async def _resume(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        session = self.sessions.get(data.get("session_id") or "")
        self.resumes.append(data)
        if data.get("token") != self.fake.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        if session is None or not session.resumable or session.connected:
            conn.send({"op": OP_INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        session.connection = conn
        session.resumes += 1
        self.resumed += 1
        conn.session = session
        last_seq = data.get("seq") or 0
        for payload in session.buffer:
            if payload["s"] > last_seq:
                conn.send(payload)
        self._dispatch_to(session, "RESUMED", {"_trace": ["fakediscord"]})
        async with self._session_changed:
            self._session_changed.notify_all()

    def _request_members(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        if conn.session is None:
            return
        guild = self.fake.guilds.get(int(data["guild_id"]))
        if guild is None:
            return
        members = list(guild.members.values())
        user_ids = data.get("user_ids")
        if user_ids:
            wanted = {int(u) for u in ([user_ids] if isinstance(user_ids, (str, int)) else user_ids)}
            members = [m for m in members if m.user.id in wanted]
        query = data.get("query") or ""
        if query:
            members = [m for m in members if m.user.username.lower().startswith(query.lower())]
        if data.get("limit"):
            members = members[: int(data["limit"])]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [m.to_payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        self._dispatch_to(conn.session, "GUILD_MEMBERS_CHUNK", chunk)

    # ----------------------------------------------------------------- dispatching

    def _dispatch_to(self, session: GatewaySession, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        payload = {"op": OP_DISPATCH, "t": event, "s": session.seq, "d": data}
        session.buffer.append(payload)
        if session.connection is not None:
            session.connection.send(payload)

    def dispatch_to_session(self, session: GatewaySession, event: str, data: dict[str, Any]) -> None:
        """Send one dispatch to one session if its intents allow it."""
        if self._wanted(session, event, False):
            self._dispatch_to(session, event, data)

    def live_sessions(self) -> list[GatewaySession]:
        """Sessions that receive dispatches (connected now, or resumable and buffering)."""
        return [s for s in self.sessions.values() if s.connected or s.resumable]

    def dispatch(self, event: str, data: dict[str, Any], *, message_is_dm: bool = False) -> int:
        """Send a dispatch to every live session whose intents allow it; returns how many got it."""
        count = 0
        guild = None if message_is_dm else _guild_of(event, data)
        for session in self.live_sessions():
            if not self._wanted(session, event, message_is_dm) or not session.serves(guild):
                continue
            payload = data
            if event in ("MESSAGE_CREATE", "MESSAGE_UPDATE") and not session.intents & INTENT_MESSAGE_CONTENT:
                payload = self._strip_content(data, message_is_dm)
            self._dispatch_to(session, event, payload)
            count += 1
        return count

    def dispatch_interaction(self, data: dict[str, Any]) -> GatewaySession:
        """Send INTERACTION_CREATE to the most recent live session of the guild's shard (Discord sends it to
        one)."""
        sessions = [s for s in self.live_sessions() if s.serves(data.get("guild_id"))]
        if not sessions:
            raise RuntimeError(
                "no bot is connected to the fake gateway (start the client and wait until it is ready)"
            )
        session = sessions[-1]
        self._dispatch_to(session, "INTERACTION_CREATE", data)
        return session

    @staticmethod
    def _wanted(session: GatewaySession, event: str, message_is_dm: bool) -> bool:
        if event in MESSAGE_EVENTS:
            need = INTENT_DIRECT_MESSAGES if message_is_dm else INTENT_GUILD_MESSAGES
            return bool(session.intents & need)
        need = EVENT_INTENTS.get(event)
        return need is None or bool(session.intents & need)

    def _strip_content(self, data: dict[str, Any], message_is_dm: bool) -> dict[str, Any]:
        """Without the MESSAGE_CONTENT intent Discord blanks other users' guild messages."""
        author_id = (data.get("author") or {}).get("id")
        mentions_bot = any(u.get("id") == str(self.fake.bot_user.id) for u in data.get("mentions", []))
        if message_is_dm or author_id == str(self.fake.bot_user.id) or mentions_bot:
            return data
        return {**data, "content": "", "embeds": [], "attachments": [], "components": []}

    # ----------------------------------------------------------------- test controls

    def current_connection(self) -> GatewayConnection:
        for session in reversed(list(self.sessions.values())):
            if session.connected:
                assert session.connection is not None
                return session.connection
        raise RuntimeError("no bot is connected to the fake gateway")

    async def wait_for_session(
        self, timeout: float, *, identifies: int = 1, resumes: int = 0
    ) -> GatewaySession:
        async def ready() -> GatewaySession:
            async with self._session_changed:
                while True:
                    connected = [s for s in self.sessions.values() if s.connected]
                    if connected and len(self.identifies) >= identifies and self.resumed >= resumes:
                        return connected[-1]
                    await self._session_changed.wait()

        try:
            return await asyncio.wait_for(ready(), timeout)
        except TimeoutError:
            raise TimeoutError(f"no bot identified on the fake gateway within {timeout}s") from None

    async def close_all(self) -> None:
        for conn in list(self.connections):
            if not conn.ws.closed:
                await conn.close(1001, b"fake discord stopping")
