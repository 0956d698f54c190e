"""FakeDiscord: a small Discord (REST API v10 + gateway) on 127.0.0.1 for end-to-end tests.

The real, unmodified discord.py client talks to it over loopback. Tests build the world (guilds,
channels, users), inject interactions as the Discord client would, and inspect every message and
interaction response the bot produced. See ``tests/fakediscord/README.md`` for a walkthrough.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any

from aiohttp import web

from . import interactions as ib
from .gateway import INTENT_GUILD_MEMBERS, Gateway, GatewaySession
from .models import (
    ALL_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    DM,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    GUILD_TEXT,
    MENTION_ROLE_RE,
    MENTION_USER_RE,
    PERM_ADMINISTRATOR,
    ApiError,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    SnowflakeFactory,
    guess_content_type,
    iso_now,
    walk_components,
)
from .patching import loopback_only, point_discord_py
from .rest import RestApi
from .validation import validate_message

log = logging.getLogger("fakediscord")

ALL = object()
"""Sentinel for ``add_user(guilds=ALL)``: make the user a member of every guild that exists."""

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
ATTACHMENT_DESCRIPTION_MAX = 1024
NONCE_WINDOW = 180.0
"""How long the fake dedupes a message create by its nonce (``enforce_nonce``): Discord documents "the past
few minutes"; a bot must not count on more."""
"""Discord's limit on an attachment's description (alt text), in characters."""

MessageTarget = int | FakeChannel | FakeUser | None


class Hold:
    """A request held by `FakeDiscord.hold_next` until released (``answered``: held once it was handled,
    before its answer goes back)."""

    def __init__(self, method: str, fragment: str, *, answered: bool = False) -> None:
        self.method, self.fragment, self.answered = method, fragment, answered
        self.arrived = asyncio.Event()
        self._released = asyncio.Event()
        self._fail: int | None = None

    def release(self, fail: int | None = None) -> None:
        self._fail = fail
        self._released.set()


class FakeDiscord:
    """A fake Discord server. Use ``async with FakeDiscord() as fake:`` (starts it on an ephemeral
    port of 127.0.0.1 and points discord.py at it until the block ends).

    Parameters:
        bot_name: the bot user's name (its id is also the application id unless given).
        token: the bot token the client must log in with (``fake.token``).
        interaction_ack_timeout: seconds the bot has to answer an interaction, like Discord's 3 s;
            later answers get 404 / 10062 "Unknown interaction" and are recorded as a problem.
            ``None`` disables the deadline.
        heartbeat_interval_ms: sent in HELLO.
        guard_loopback: while inside ``async with``, refuse (and record as a problem) every
            connection or name lookup that is not 127.0.0.1 / localhost.
    """

    def __init__(
        self,
        *,
        bot_name: str = "Warchest",
        token: str = "fake-bot-token",
        application_id: int | None = None,
        interaction_ack_timeout: float | None = 3.0,
        heartbeat_interval_ms: int = 41250,
        guard_loopback: bool = True,
    ) -> None:
        self.snowflake = SnowflakeFactory()
        self.token = token
        self.interaction_ack_timeout = interaction_ack_timeout
        self.guard_loopback = guard_loopback
        self.bot_user = FakeUser(id=self.snowflake(), username=bot_name, bot=True)
        self.application_id = application_id or self.bot_user.id
        self.owner = FakeUser(id=self.snowflake(), username="app-owner")

        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.posted: list[FakeMessage] = []
        self.deduped: list[FakeMessage] = []
        """Messages a create returned again instead of posting (same author and nonce, ``enforce_nonce``)."""
        """Every message created, in order (bot messages, interaction responses, injected user messages)."""
        self.interactions: dict[int, FakeInteraction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.command_syncs: list[tuple[int | None, list[dict[str, Any]]]] = []
        """Every bulk overwrite received: (guild id or None, the commands as sent)."""
        self.cdn: dict[str, tuple[bytes, str]] = {}

        self.requests: list[tuple[str, str, int]] = []
        """(method, path with query, status) of every HTTP request, in order."""
        self.unknown_routes: list[str] = []
        """``"METHOD /path"`` of every request that no route handled (also logged at ERROR)."""
        self.problems: list[str] = []
        """Anything the real Discord would have refused or the fake could not handle (logged at ERROR)."""
        self._injected_errors: list[tuple[str, str, int, dict[str, Any]]] = []
        self._holds: list[Hold] = []
        self.nonce_window = NONCE_WINDOW
        """Seconds a create with ``enforce_nonce`` is deduped against an earlier one (Discord: "the past few
        minutes")."""
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}

        self.gateway = Gateway(self, heartbeat_interval_ms)
        self.rest = RestApi(self)
        self._dm_by_user: dict[int, int] = {}
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._patch: contextlib.ExitStack | None = None
        self.port = 0

    # ================================================================== lifecycle

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return f"{self.http_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` must be set to."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        """Listen on an ephemeral port of 127.0.0.1."""
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=4 * ATTACHMENT_SIZE_LIMIT)
        app.router.add_get("/gateway", self.gateway.handle)
        self.rest.add_routes(app)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        log.info("fake discord listening on %s", self.http_url)

    async def stop(self) -> None:
        """Close every gateway connection and the HTTP server."""
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def point_discord_py(self) -> contextlib.AbstractContextManager[None]:
        """Context manager pointing discord.py's REST base, gateway and CDN at this fake, then restoring."""
        return point_discord_py(self.api_base, self.gateway_url, self.http_url)

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self._patch = contextlib.ExitStack()
        self._patch.enter_context(self.point_discord_py())
        if self.guard_loopback:
            self._patch.enter_context(loopback_only(self._problem))
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            await self.stop()
        finally:
            if self._patch is not None:
                self._patch.close()
                self._patch = None

    @contextlib.asynccontextmanager
    async def run_client(self, client: Any, *, timeout: float = 5.0) -> AsyncIterator[Any]:
        """Start ``client`` (a discord.Client) against this fake, wait until it is ready, yield it,
        then close it and wait for its task to finish (re-raising anything it raised).

        Build the client with ``guild_ready_timeout=0.05`` or so: discord.py otherwise waits 2 s
        after the last GUILD_CREATE before it fires ``on_ready``.
        """
        identifies = len(self.gateway.identifies) + 1
        task = asyncio.create_task(client.start(self.token), name="fakediscord-client")
        try:
            waiter = asyncio.create_task(self._client_ready(client, identifies, timeout))
            done, _ = await asyncio.wait(
                {task, waiter}, timeout=timeout + 1, return_when=asyncio.FIRST_COMPLETED
            )
            if waiter not in done:
                waiter.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await waiter
                if task in done:
                    task.result()
                    raise RuntimeError("client.start() returned before the client was ready")
                raise TimeoutError(f"client not ready within {timeout}s")
            waiter.result()
            yield client
        finally:
            await client.close()
            if not task.done():
                try:
                    await asyncio.wait_for(task, timeout)
                except TimeoutError:
                    task.cancel()
                    raise
            elif not task.cancelled() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]

    async def _client_ready(self, client: Any, identifies: int, timeout: float) -> None:
        await self.gateway.wait_for_session(timeout, identifies=identifies)
        await asyncio.wait_for(client.wait_until_ready(), timeout)

    # ================================================================== world building

    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        owner: FakeUser | None = None,
        locale: str = "en-US",
        bot_permissions: int = PERM_ADMINISTRATOR,
    ) -> FakeGuild:
        """A guild the bot is in, with an @everyone role and a managed role for the bot."""
        owner = owner or self.owner
        guild = FakeGuild(id=self.snowflake(), name=name, owner_id=owner.id, locale=locale)
        guild.roles[guild.id] = FakeRole(
            id=guild.id, guild_id=guild.id, name="@everyone", permissions=DEFAULT_EVERYONE_PERMISSIONS
        )
        bot_role = FakeRole(
            id=self.snowflake(),
            guild_id=guild.id,
            name=self.bot_user.username,
            permissions=bot_permissions,
            position=1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        self.guilds[guild.id] = guild
        self.add_member(guild, self.bot_user, roles=[bot_role])
        self.add_member(guild, owner)
        for session in self.gateway.live_sessions():
            if not session.serves(guild.id):
                continue
            self.gateway.dispatch_to_session(
                session, "GUILD_CREATE", self._guild_create_payload(guild, session.intents)
            )
        return guild

    def add_text_channel(
        self, guild: FakeGuild, name: str, *, topic: str | None = None, bot_can_send: bool = True
    ) -> FakeChannel:
        """A text channel; ``bot_can_send=False`` makes posts there fail with 403 / 50013."""
        channel = FakeChannel(
            id=self.snowflake(),
            type=GUILD_TEXT,
            name=name,
            guild_id=guild.id,
            position=len(guild.channel_ids),
            topic=topic,
            bot_can_send=bot_can_send,
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self.gateway.dispatch("CHANNEL_CREATE", channel.to_payload())
        return channel

    def add_user(
        self,
        username: str,
        *,
        dm_closed: bool = False,
        global_name: str | None = None,
        bot: bool = False,
        locale: str = "en-US",
        guilds: Any = ALL,
    ) -> FakeUser:
        """A user; a member of every existing guild unless ``guilds`` lists some (or is empty)."""
        user = FakeUser(
            id=self.snowflake(),
            username=username,
            global_name=global_name,
            bot=bot,
            dm_closed=dm_closed,
            locale=locale,
        )
        self.users[user.id] = user
        for guild in self.guilds.values() if guilds is ALL else guilds:
            self.add_member(guild, user)
        return user

    def add_member(
        self, guild: FakeGuild, user: FakeUser, *, roles: Sequence[FakeRole] = (), nick: str | None = None
    ) -> FakeMember:
        member = FakeMember(user=user, guild_id=guild.id, role_ids=[r.id for r in roles], nick=nick)
        guild.members[user.id] = member
        if user.id != self.bot_user.id:
            self.gateway.dispatch("GUILD_MEMBER_ADD", {**member.to_payload(), "guild_id": str(guild.id)})
        return member

    def add_role(self, guild: FakeGuild, name: str, *, permissions: int = 0) -> FakeRole:
        role = FakeRole(
            id=self.snowflake(),
            guild_id=guild.id,
            name=name,
            permissions=permissions,
            position=len(guild.roles),
        )
        guild.roles[role.id] = role
        self.gateway.dispatch("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.to_payload()})
        return role

    def set_dm_closed(self, user: FakeUser, closed: bool = True) -> None:
        user.dm_closed = closed

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (created on first use, like POST /users/@me/channels)."""
        channel_id = self._dm_by_user.get(user.id)
        if channel_id is None:
            channel = FakeChannel(id=self.snowflake(), type=DM, recipient_id=user.id)
            self.channels[channel.id] = channel
            self._dm_by_user[user.id] = channel.id
            return channel
        return self.channels[channel_id]

    def make_attachment(
        self, filename: str, data: bytes, *, content_type: str | None = None
    ) -> FakeAttachment:
        """An uploaded file, for attachment options of slash commands."""
        attachment_id = self.snowflake()
        return FakeAttachment(
            id=attachment_id,
            filename=filename,
            data=data,
            url=self._store_cdn(0, attachment_id, filename, data, content_type),
            content_type=content_type or guess_content_type(filename, data),
            ephemeral=True,
        )

    # ================================================================== injecting interactions

    async def send_slash_command(
        self,
        user: FakeUser,
        channel: FakeChannel | None,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        subcommand: str | Sequence[str] | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        """The user runs a slash command the bot synced, e.g. ``("game move", {"action": "..."})``.

        ``name`` may hold the whole path (``"game move"``) or the subcommand path may be given with
        ``subcommand``. ``channel=None`` means the bot's DM with the user. Option values: str, int,
        float, bool, FakeUser / FakeRole / FakeChannel (resolved), FakeAttachment.
        """
        path = ib.split_path(name, subcommand)
        channel = channel or self.dm_channel(user)
        command = self._lookup_command(path[0], channel, 1)
        leaf, chain = ib.find_leaf(command, path)
        resolver = ib.Resolver(self, channel.guild_id)
        values = ib.build_options(self, leaf, options or {}, resolver, where="/" + " ".join(path))
        data = self._command_data(command, ib.nest(chain, values), resolver)
        return self._inject(2, user, channel, data, locale=locale)

    async def send_autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel | None,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        focused: str,
        subcommand: str | Sequence[str] | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        """The user is typing option ``focused`` (its text in ``options[focused]``, default "")."""
        path = ib.split_path(name, subcommand)
        channel = channel or self.dm_channel(user)
        command = self._lookup_command(path[0], channel, 1)
        leaf, chain = ib.find_leaf(command, path)
        resolver = ib.Resolver(self, channel.guild_id)
        values = ib.build_options(
            self, leaf, options or {}, resolver, where="/" + " ".join(path), focused=focused
        )
        data = self._command_data(command, ib.nest(chain, values), resolver)
        return self._inject(4, user, channel, data, locale=locale)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel | None,
        name: str,
        options: Mapping[str, Any] | None = None,
        *,
        focused: str,
        subcommand: str | Sequence[str] | None = None,
        timeout: float = 5.0,
    ) -> list[dict[str, Any]]:
        """send_autocomplete + wait: the choices the bot offered."""
        inter = await self.send_autocomplete(
            user, channel, name, options, focused=focused, subcommand=subcommand
        )
        body = await inter.wait_response(timeout)
        if body.get("type") != 8:
            raise AssertionError(f"autocomplete answered with callback type {body.get('type')}")
        return body["data"]["choices"]

    async def click_button(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str
    ) -> FakeInteraction:
        """The user clicks a button of a message (it must exist there and be enabled)."""
        msg = self._clickable(user, message, custom_id, (2,))
        comp = msg.find_component(custom_id)
        assert comp is not None
        if comp.get("style") in (5, 6):
            raise ib.OptionError(
                f"button {custom_id!r} is a link / premium button: clicking it sends no interaction"
            )
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if "id" in comp:
            data["id"] = comp["id"]
        return self._inject(3, user, self.channels[msg.channel_id], data, message=msg)

    async def select_option(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str, values: Sequence[Any]
    ) -> FakeInteraction:
        """The user picks ``values`` in a select menu (string values, or users/roles/channels)."""
        msg = self._clickable(user, message, custom_id, (3, 5, 6, 7, 8))
        comp = msg.find_component(custom_id)
        assert comp is not None
        ctype = comp["type"]
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ib.OptionError(f"select {custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        channel = self.channels[msg.channel_id]
        resolver = ib.Resolver(self, channel.guild_id)
        out: list[str] = []
        for value in values:
            if ctype == 3:
                allowed = [o["value"] for o in comp.get("options", [])]
                if value not in allowed:
                    raise ib.OptionError(f"select {custom_id!r}: {value!r} is not one of {allowed}")
                out.append(value)
            elif isinstance(value, FakeUser):
                out.append(resolver.add_user(value))
            elif isinstance(value, FakeRole):
                out.append(resolver.add_role(value))
            elif isinstance(value, FakeChannel):
                out.append(resolver.add_channel(value))
            else:
                raise ib.OptionError(
                    f"select {custom_id!r} (type {ctype}) needs FakeUser/FakeRole/FakeChannel values"
                )
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype, "values": out}
        if "id" in comp:
            data["id"] = comp["id"]
        if resolver.resolved:
            data["resolved"] = resolver.resolved
        return self._inject(3, user, channel, data, message=msg)

    async def submit_modal(
        self, user: FakeUser, modal_interaction: FakeInteraction, values: Mapping[str, Any]
    ) -> FakeInteraction:
        """The user fills in and submits the modal the bot opened in answer to ``modal_interaction``."""
        if modal_interaction.response_type != 9 or modal_interaction.response is None:
            raise ib.OptionError(f"interaction {modal_interaction.describe()} was not answered with a modal")
        modal = modal_interaction.response["data"]
        data = {"custom_id": modal["custom_id"], "components": ib.modal_submit_components(modal, values)}
        message = self.messages.get(modal_interaction.message_id or 0)
        channel = self.channels[modal_interaction.channel_id]
        return self._inject(5, user, channel, data, message=message)

    async def send_user_message(
        self,
        user: FakeUser,
        channel: FakeChannel | None,
        content: str,
        *,
        reply_to: FakeMessage | None = None,
    ) -> FakeMessage:
        """A user posts a message (``channel=None``: in their DM with the bot); dispatches MESSAGE_CREATE."""
        channel = channel or self.dm_channel(user)
        payload: dict[str, Any] = {"content": content}
        if reply_to is not None:
            payload["message_reference"] = {
                "message_id": str(reply_to.id),
                "channel_id": str(reply_to.channel_id),
            }
        return self.create_message(channel, user, payload, {}, source="user")

    def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Send any gateway dispatch to the connected bot(s); returns how many sessions got it."""
        return self.gateway.dispatch(event, data)

    # ================================================================== waiting and reading

    async def wait_for_interaction_response(
        self, interaction: FakeInteraction | int, timeout: float = 5.0
    ) -> dict[str, Any]:
        """The callback body (``{"type": 4, "data": {...}}``) the bot answered the interaction with."""
        inter = (
            interaction if isinstance(interaction, FakeInteraction) else self.interactions[int(interaction)]
        )
        return await inter.wait_response(timeout)

    def mark(self) -> int:
        """A position in :attr:`posted`; pass it as ``since`` to only wait for messages created later."""
        return len(self.posted)

    async def wait_for_message(
        self,
        channel: MessageTarget = None,
        predicate: Callable[[FakeMessage], bool] | None = None,
        timeout: float = 5.0,
        *,
        since: int = 0,
    ) -> FakeMessage:
        """The first message (from position ``since`` of :attr:`posted`) in ``channel`` matching
        ``predicate``, waiting up to ``timeout`` seconds. ``channel`` may be a channel, its id, a
        FakeUser (their DM with the bot) or None (anywhere). Messages already posted count, and the
        predicate is re-checked when messages are edited. Deleted messages never match.
        """
        channel_id = self._target_channel_id(channel)
        deadline = time.monotonic() + timeout
        while True:
            for msg in self.posted[since:]:
                if msg.deleted or (channel_id is not None and msg.channel_id != channel_id):
                    continue
                if predicate is None or predicate(msg):
                    return msg
            changed = self._changed
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                where = f"channel {channel_id}" if channel_id is not None else "any channel"
                recent = [f"{m.channel_id}: {m.text[:80]!r}" for m in self.posted[since:][-5:]]
                raise TimeoutError(f"no matching message in {where} within {timeout}s; last posted: {recent}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)

    async def wait_until(self, condition: Callable[[], bool], timeout: float = 5.0) -> None:
        """Wait until ``condition()`` is true; it is re-checked whenever a message is created,
        edited or deleted and whenever the bot answers an interaction."""
        deadline = time.monotonic() + timeout
        while not condition():
            changed = self._changed
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"condition still false after {timeout}s")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)

    def messages_in(self, channel: MessageTarget, *, include_deleted: bool = False) -> list[FakeMessage]:
        """Messages posted in a channel (or a user's DM), oldest first."""
        channel_id = self._target_channel_id(channel)
        return [m for m in self.posted if m.channel_id == channel_id and (include_deleted or not m.deleted)]

    def dms_to(self, user: FakeUser) -> list[FakeMessage]:
        """Messages the bot sent to ``user`` by DM."""
        return [m for m in self.messages_in(user) if m.author.id == self.bot_user.id]

    def get_command(self, name: str, guild: FakeGuild | None = None) -> dict[str, Any] | None:
        """A synced command (global, or of ``guild``) as the bot registered it, with its id."""
        commands = self.guild_commands.get(guild.id, []) if guild else self.global_commands
        return next((c for c in commands if c["name"] == name), None)

    def assert_clean(self) -> None:
        """Fail if any request hit an unknown route or anything else went wrong in the fake."""
        issues = [f"unknown route: {r}" for r in self.unknown_routes] + self.problems
        if issues:
            raise AssertionError("fake discord saw problems:\n  " + "\n  ".join(issues))

    # ================================================================== gateway controls

    async def wait_for_connection(
        self, timeout: float = 5.0, *, identifies: int = 1, resumes: int = 0
    ) -> GatewaySession:
        """Wait until a client is connected, at least ``identifies`` IDENTIFYs and ``resumes``
        successful RESUMEs happened in total; returns the connected session."""
        return await self.gateway.wait_for_session(timeout, identifies=identifies, resumes=resumes)

    async def disconnect_gateway(self, code: int = 4000) -> None:
        """Drop the bot's websocket (code 4000 lets discord.py reconnect and RESUME)."""
        await self.gateway.current_connection().close(code, b"fake disconnect")

    def send_reconnect(self) -> None:
        """Ask the bot to reconnect (op 7); it resumes its session."""
        self.gateway.current_connection().send({"op": 7, "d": None, "s": None, "t": None})

    def invalidate_session(self, *, resumable: bool = False) -> None:
        """Op 9: the bot must identify again (or resume if ``resumable``)."""
        conn = self.gateway.current_connection()
        if conn.session is not None and not resumable:
            conn.session.resumable = False
        conn.send({"op": 9, "d": resumable, "s": None, "t": None})

    # ================================================================== error injection

    def fail_next(
        self, method: str, path_contains: str, status: int, code: int = 0, message: str = ""
    ) -> None:
        """Make the next ``method`` request whose path contains ``path_contains`` fail."""
        self._injected_errors.append(
            (method.upper(), path_contains, status, {"message": message or f"{status}", "code": code})
        )

    def hold_next(self, method: str, path_contains: str, *, answered: bool = False) -> Hold:
        """Hold the next ``method`` request whose path contains ``path_contains`` until the test
        releases it (``hold.release()`` handles it, ``hold.release(fail=503)`` answers that status
        without handling it); ``await hold.arrived.wait()`` waits for the request. For crashes
        between a bot's commit and its post. ``answered``: handle the request at once (the message is
        made) and hold only its answer, until ``hold.release()``: for a crash after a post went through
        and before the bot heard of it."""
        hold = Hold(method.upper(), path_contains, answered=answered)
        self._holds.append(hold)
        return hold

    def _hold_answer(self, method: str, path: str) -> Hold | None:
        """The `Hold` of an answer to hold (``answered``) matching this request, taken off the list."""
        for hold in self._holds:
            if hold.answered and hold.method == method and hold.fragment in path:
                self._holds.remove(hold)
                return hold
        return None

    async def _wait_if_held(self, method: str, path: str) -> int | None:
        for hold in self._holds:
            if not hold.answered and hold.method == method and hold.fragment in path:
                self._holds.remove(hold)
                hold.arrived.set()
                await hold._released.wait()
                return hold._fail
        return None

    def _take_injected_error(self, method: str, path: str) -> tuple[int, dict[str, Any]] | None:
        for index, (m, fragment, status, body) in enumerate(self._injected_errors):
            if m == method and fragment in path:
                del self._injected_errors[index]
                return status, body
        return None

    # ================================================================== internals used by rest/gateway

    def _problem(self, text: str) -> None:
        log.error("FAKE DISCORD PROBLEM: %s", text)
        self.problems.append(text)

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def _target_channel_id(self, channel: MessageTarget) -> int | None:
        if channel is None:
            return None
        if isinstance(channel, FakeUser):
            return self.dm_channel(channel).id
        if isinstance(channel, FakeChannel):
            return channel.id
        return int(channel)

    def _bot_user_payload(self) -> dict[str, Any]:
        return {
            **self.bot_user.to_payload(),
            "verified": True,
            "mfa_enabled": False,
            "email": None,
            "flags": 0,
        }

    def _dm_recipients(self, channel: FakeChannel) -> list[FakeUser]:
        if channel.recipient_id is None:
            return []
        return [self.users[channel.recipient_id]]

    def _permissions_in(self, channel: FakeChannel, user_id: int) -> int:
        if channel.guild_id is None:
            return ALL_PERMISSIONS
        return self.guilds[channel.guild_id].permissions_of(user_id)

    def _find_role(self, role_id: int) -> FakeRole | None:
        for guild in self.guilds.values():
            if role_id in guild.roles:
                return guild.roles[role_id]
        return None

    def _guild_create_payload(self, guild: FakeGuild, intents: int | None) -> dict[str, Any]:
        members = list(guild.members.values())
        if intents is not None and not intents & INTENT_GUILD_MEMBERS:
            members = [m for m in members if m.user.id == self.bot_user.id]
        channels = [self.channels[c] for c in guild.channel_ids if c in self.channels]
        return {
            **guild.to_payload(),
            "joined_at": guild.joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "members": [m.to_payload() for m in members],
            "channels": [c.to_payload() for c in channels if not c.is_thread],
            "threads": [c.to_payload() for c in channels if c.is_thread and not c.archived],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _store_cdn(
        self, channel_id: int, attachment_id: int, filename: str, data: bytes, ctype: str | None
    ) -> str:
        path = f"/attachments/{channel_id}/{attachment_id}/{filename}"
        self.cdn[path] = (data, ctype or guess_content_type(filename, data))
        return self.http_url + path

    def _lookup_command(self, name: str, channel: FakeChannel, ctype: int) -> dict[str, Any]:
        candidates: list[dict[str, Any]] = []
        if channel.guild_id is not None:
            candidates += self.guild_commands.get(channel.guild_id, [])
        candidates += self.global_commands
        command = next((c for c in candidates if c["name"] == name and c.get("type", 1) == ctype), None)
        if command is None:
            known = sorted({c["name"] for c in candidates})
            raise ib.OptionError(
                f"/{name} is not registered here (did the bot call tree.sync()?); registered: {known}"
            )
        if channel.is_dm:
            contexts = command.get("contexts")
            if (
                command.get("guild_id")
                or command.get("dm_permission") is False
                or (contexts and 1 not in contexts)
            ):
                raise ib.OptionError(f"/{name} is not available in DMs")
        return command

    @staticmethod
    def _command_data(
        command: dict[str, Any], options: list[dict[str, Any]], resolver: ib.Resolver
    ) -> dict[str, Any]:
        data: dict[str, Any] = {"id": command["id"], "name": command["name"], "type": command.get("type", 1)}
        if options:
            data["options"] = options
        if resolver.resolved:
            data["resolved"] = resolver.resolved
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        return data

    def _clickable(
        self, user: FakeUser, message: FakeMessage | int, custom_id: str, types: tuple[int, ...]
    ) -> FakeMessage:
        msg = message if isinstance(message, FakeMessage) else self.messages[int(message)]
        msg = self.messages.get(msg.id, msg)
        if msg.deleted:
            raise ib.OptionError(f"message {msg.id} was deleted")
        if (
            msg.ephemeral
            and msg.interaction_metadata
            and msg.interaction_metadata["user"]["id"] != str(user.id)
        ):
            raise ib.OptionError(f"message {msg.id} is ephemeral: only its recipient can use it")
        comp = msg.find_component(custom_id)
        if comp is None or comp.get("type") not in types:
            present = [c.get("custom_id") for c in msg.walk_components() if c.get("custom_id")]
            raise ib.OptionError(
                f"message {msg.id} has no component {custom_id!r} of type {types}; it has {present}"
            )
        if comp.get("disabled"):
            raise ib.OptionError(f"component {custom_id!r} is disabled")
        return msg

    def _inject(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        message: FakeMessage | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        guild = self.guilds.get(channel.guild_id) if channel.guild_id else None
        interaction_id = self.snowflake()
        token = "fake-interaction-" + secrets.token_urlsafe(32)
        channel_payload = channel.to_payload(self._dm_recipients(channel))
        channel_payload["permissions"] = str(self._permissions_in(channel, user.id))
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "locale": locale or user.locale,
            "app_permissions": str(self._permissions_in(channel, self.bot_user.id)),
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "channel": channel_payload,
            "channel_id": str(channel.id),
            "context": 0 if guild else 1,
            "authorizing_integration_owners": {"0": str(guild.id) if guild else "0"},
        }
        if guild is not None:
            member = guild.members.get(user.id)
            if member is None:
                raise ib.OptionError(f"{user.username} is not a member of guild {guild.name!r}")
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            payload["guild_locale"] = guild.locale
            payload["member"] = {**member.to_payload(), "permissions": str(guild.permissions_of(user.id))}
        else:
            payload["user"] = user.to_payload()
        if message is not None:
            payload["message"] = message.to_payload()
        inter = FakeInteraction(
            id=interaction_id,
            token=token,
            type=itype,
            user=user,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            payload=payload,
            message_id=message.id if message is not None else None,
        )
        self.interactions[interaction_id] = inter
        self.gateway.dispatch_interaction(payload)
        return inter

    # ------------------------------------------------------------------ messages

    def create_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        payload: dict[str, Any],
        files: Mapping[int, tuple[str, bytes]],
        *,
        source: str,
        interaction: FakeInteraction | None = None,
        extra_flags: int = 0,
    ) -> FakeMessage:
        """Create, record and dispatch a message (already authorised by the caller)."""
        loading = bool(extra_flags & FLAG_LOADING)
        validate_message(payload, len(files), require_body=not loading)
        flags = int(payload.get("flags") or 0) | extra_flags
        msg = FakeMessage(
            id=self.snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            source=source,
            content=payload.get("content") or "",
            embeds=[{"type": "rich", **e} for e in payload.get("embeds") or []],
            components=_number_components(payload.get("components") or []),
            flags=flags,
            tts=bool(payload.get("tts")),
            allowed_mentions=payload.get("allowed_mentions"),
            message_reference=self._message_reference(channel, payload.get("message_reference")),
            dm_recipient_id=channel.recipient_id,
        )
        msg.attachments = self._attachments(channel, payload, files, [], ephemeral=msg.ephemeral)
        if msg.message_reference is not None:
            msg.type = 19
        if interaction is not None:
            msg.interaction_id = interaction.id
            msg.webhook_id = self.application_id
            msg.type = 20 if interaction.type == 2 and source == "interaction" else msg.type
            msg.interaction_metadata = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.to_payload(),
                "authorizing_integration_owners": interaction.payload["authorizing_integration_owners"],
            }
            if interaction.type == 3 and interaction.message_id is not None:
                msg.interaction_metadata["interacted_message_id"] = str(interaction.message_id)
        self._compute_mentions(msg)
        self.messages[msg.id] = msg
        self.posted.append(msg)
        channel.last_message_id = msg.id
        channel.message_count += 1
        self._notify()
        if not msg.ephemeral:
            self.gateway.dispatch("MESSAGE_CREATE", self._gateway_message(msg), message_is_dm=channel.is_dm)
        return msg

    def nonce_message(self, author: FakeUser, nonce: str) -> FakeMessage | None:
        """The message ``author`` created with ``nonce`` within `nonce_window` seconds (and still there),
        which a create with the same nonce and ``enforce_nonce`` returns instead of posting again."""
        seen = self._nonces.get((author.id, nonce))
        if seen is None or time.monotonic() - seen[1] > self.nonce_window:
            return None
        msg = self.messages.get(seen[0])
        return None if msg is None or msg.deleted else msg

    def remember_nonce(self, msg: FakeMessage) -> None:
        """Note ``msg``'s nonce for `nonce_message` (its author, its nonce, now)."""
        if msg.nonce is not None:
            self._nonces[(msg.author.id, msg.nonce)] = (msg.id, time.monotonic())

    def edit_message(
        self, msg: FakeMessage, payload: dict[str, Any], files: Mapping[int, tuple[str, bytes]]
    ) -> FakeMessage:
        """Apply a PATCH body (content, embeds, components, attachments, flags, allowed_mentions)."""
        validate_message(payload, len(files), require_body=False)
        msg.history.append(msg.snapshot())
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.embeds = [{"type": "rich", **e} for e in payload["embeds"] or []]
        if "components" in payload:
            msg.components = _number_components(payload["components"] or [])
        if "allowed_mentions" in payload:
            msg.allowed_mentions = payload["allowed_mentions"]
        if payload.get("flags") is not None:
            keep = msg.flags & (FLAG_EPHEMERAL | (1 << 15))
            msg.flags = keep | (int(payload["flags"]) & ~FLAG_EPHEMERAL)
        if "attachments" in payload or files:
            channel = self.channels[msg.channel_id]
            msg.attachments = self._attachments(
                channel, payload, files, msg.attachments, ephemeral=msg.ephemeral
            )
        msg.flags &= ~FLAG_LOADING
        if not (msg.content or msg.embeds or msg.components or msg.attachments):
            msg.history.pop()
            raise ApiError(400, 50006, "Cannot send an empty message")
        msg.edited_at = iso_now()
        self._compute_mentions(msg)
        self._notify()
        if not msg.ephemeral:
            channel = self.channels[msg.channel_id]
            self.gateway.dispatch("MESSAGE_UPDATE", self._gateway_message(msg), message_is_dm=channel.is_dm)
        return msg

    def delete_message(self, msg: FakeMessage) -> None:
        msg.deleted = True
        self._notify()
        if not msg.ephemeral:
            channel = self.channels[msg.channel_id]
            data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
            self.gateway.dispatch("MESSAGE_DELETE", data, message_is_dm=channel.is_dm)

    def _gateway_message(self, msg: FakeMessage) -> dict[str, Any]:
        data = msg.to_payload()
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
            member = self.guilds[msg.guild_id].members.get(msg.author.id)
            if member is not None:
                data["member"] = member.to_payload(with_user=False)
        return data

    def _message_reference(self, channel: FakeChannel, ref: dict[str, Any] | None) -> dict[str, Any] | None:
        if not ref:
            return None
        target = self.messages.get(int(ref.get("message_id") or 0))
        if target is None or target.deleted:
            if ref.get("fail_if_not_exists", True):
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {
                        "message_reference": {
                            "_errors": [
                                {"code": "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "message": "Unknown message"}
                            ]
                        }
                    },
                )
            return None
        out = {"type": 0, "message_id": str(target.id), "channel_id": str(target.channel_id)}
        if target.guild_id:
            out["guild_id"] = str(target.guild_id)
        return out

    def _attachments(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        files: Mapping[int, tuple[str, bytes]],
        existing: list[FakeAttachment],
        *,
        ephemeral: bool,
    ) -> list[FakeAttachment]:
        entries = payload.get("attachments")
        result: list[FakeAttachment]
        if entries is None:
            result, entries = list(existing), [{"id": i} for i in sorted(files)]
        else:
            result = []
        by_id = {a.id: a for a in existing}
        used: set[int] = set()
        for entry in entries:
            key = int(entry["id"])
            if key in by_id:
                result.append(by_id[key])
            elif key in files:
                used.add(key)
                filename, data = files[key]
                filename = entry.get("filename") or filename
                if len(entry.get("description") or "") > ATTACHMENT_DESCRIPTION_MAX:
                    raise ApiError(
                        400,
                        50035,
                        "Invalid Form Body",
                        {
                            "attachments": {
                                "_errors": [
                                    {
                                        "code": "BASE_TYPE_MAX_LENGTH",
                                        "message": "Must be 1024 or fewer in length.",
                                    }
                                ]
                            }
                        },
                    )
                attachment_id = self.snowflake()
                result.append(
                    FakeAttachment(
                        id=attachment_id,
                        filename=filename,
                        data=data,
                        url=self._store_cdn(channel.id, attachment_id, filename, data, None),
                        content_type=guess_content_type(filename, data),
                        description=entry.get("description"),
                        ephemeral=ephemeral,
                    )
                )
            else:
                raise ApiError(
                    400,
                    50035,
                    "Invalid Form Body",
                    {
                        "attachments": {
                            "_errors": [
                                {"code": "UNKNOWN_ATTACHMENT", "message": f"Unknown attachment {key}"}
                            ]
                        }
                    },
                )
        for key in sorted(set(files) - used):
            if payload.get("attachments") is not None:
                self._problem(f"file files[{key}] uploaded but not listed in payload_json.attachments")
        return result

    def _compute_mentions(self, msg: FakeMessage) -> None:
        allowed = msg.allowed_mentions
        parse = {"users", "roles", "everyone"} if allowed is None else set(allowed.get("parse") or [])
        allowed_users = {int(u) for u in (allowed or {}).get("users") or []}
        allowed_roles = {int(r) for r in (allowed or {}).get("roles") or []}
        users: list[FakeUser] = []
        for raw in MENTION_USER_RE.findall(msg.content):
            user = self.users.get(int(raw))
            if user is not None and user not in users and ("users" in parse or user.id in allowed_users):
                users.append(user)
        if msg.message_reference is not None and (allowed is None or allowed.get("replied_user")):
            target = self.messages.get(int(msg.message_reference["message_id"]))
            if target is not None and target.author not in users:
                users.append(target.author)
        msg.mentions = users
        roles: list[int] = []
        for raw in MENTION_ROLE_RE.findall(msg.content):
            role_id = int(raw)
            if role_id not in roles and ("roles" in parse or role_id in allowed_roles):
                roles.append(role_id)
        msg.mention_role_ids = roles
        msg.mention_everyone = "everyone" in parse and ("@everyone" in msg.content or "@here" in msg.content)


def _number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Discord gives every component a numeric ``id`` unique in the message when none is set."""
    taken = {c["id"] for c in walk_components(components) if isinstance(c.get("id"), int)}
    counter = iter(i for i in range(1, 10_000) if i not in taken)
    for comp in walk_components(components):
        if "id" not in comp:
            comp["id"] = next(counter)
    return components
