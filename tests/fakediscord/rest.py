"""The fake's REST API (``/api/v10``): the routes a discord.py bot uses, with Discord's error bodies.

Any other request is answered 404, logged at ERROR and recorded in ``fake.unknown_routes`` so a test
can assert that none was hit (``fake.assert_clean()``).
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .models import (
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    GUILD_FORUM,
    GUILD_TEXT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    ApiError,
    FakeChannel,
    FakeInteraction,
    FakeMessage,
    invalid_form,
    make_png,
)
from .validation import validate_choices, validate_command, validate_modal, validate_nonce

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger("fakediscord.rest")

API = "/api/v10"
NO_AUTH_PREFIXES = (f"{API}/webhooks/", f"{API}/interactions/")

# A 1x1 transparent PNG, served for avatars and other CDN images.
TINY_PNG = make_png(1, 1)

Files = dict[int, tuple[str, bytes]]


def _json(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json", like Discord: discord.py only decodes that exact content type.
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def _no_content() -> web.Response:
    return web.Response(status=204)


def _truthy(value: str | None) -> bool:
    return (value or "").lower() in ("1", "true")


class RestApi:
    """Route table and handlers; all state lives in the :class:`FakeDiscord`."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    # ------------------------------------------------------------------ plumbing

    def add_routes(self, app: web.Application) -> None:
        r = app.router
        a = API
        routes = [
            ("GET", f"{a}/gateway", self.get_gateway),
            ("GET", f"{a}/gateway/bot", self.get_gateway_bot),
            ("GET", f"{a}/users/@me", self.get_me),
            ("GET", f"{a}/users/@me/guilds", self.get_my_guilds),
            ("POST", f"{a}/users/@me/channels", self.create_dm),
            ("GET", f"{a}/users/{{user_id}}", self.get_user),
            ("GET", f"{a}/oauth2/applications/@me", self.get_application),
            ("GET", f"{a}/applications/@me", self.get_application),
            # application commands, global and per guild
            ("GET", f"{a}/applications/{{app_id}}/commands", self.get_commands),
            ("PUT", f"{a}/applications/{{app_id}}/commands", self.put_commands),
            ("POST", f"{a}/applications/{{app_id}}/commands", self.post_command),
            ("GET", f"{a}/applications/{{app_id}}/commands/{{command_id}}", self.get_command),
            ("PATCH", f"{a}/applications/{{app_id}}/commands/{{command_id}}", self.patch_command),
            ("DELETE", f"{a}/applications/{{app_id}}/commands/{{command_id}}", self.delete_command),
            (
                "GET",
                f"{a}/applications/{{app_id}}/guilds/{{guild_id}}/commands/permissions",
                self.get_command_permissions,
            ),
            ("GET", f"{a}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self.get_commands),
            ("PUT", f"{a}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self.put_commands),
            ("POST", f"{a}/applications/{{app_id}}/guilds/{{guild_id}}/commands", self.post_command),
            (
                "GET",
                f"{a}/applications/{{app_id}}/guilds/{{guild_id}}/commands/{{command_id}}",
                self.get_command,
            ),
            (
                "PATCH",
                f"{a}/applications/{{app_id}}/guilds/{{guild_id}}/commands/{{command_id}}",
                self.patch_command,
            ),
            (
                "DELETE",
                f"{a}/applications/{{app_id}}/guilds/{{guild_id}}/commands/{{command_id}}",
                self.delete_command,
            ),
            # interactions and their webhook
            ("POST", f"{a}/interactions/{{interaction_id}}/{{token}}/callback", self.interaction_callback),
            ("POST", f"{a}/webhooks/{{app_id}}/{{token}}", self.webhook_execute),
            ("GET", f"{a}/webhooks/{{app_id}}/{{token}}/messages/{{message_id}}", self.webhook_get_message),
            (
                "PATCH",
                f"{a}/webhooks/{{app_id}}/{{token}}/messages/{{message_id}}",
                self.webhook_edit_message,
            ),
            (
                "DELETE",
                f"{a}/webhooks/{{app_id}}/{{token}}/messages/{{message_id}}",
                self.webhook_delete_message,
            ),
            # channels and messages
            ("GET", f"{a}/channels/{{channel_id}}", self.get_channel),
            ("PATCH", f"{a}/channels/{{channel_id}}", self.edit_channel),
            ("DELETE", f"{a}/channels/{{channel_id}}", self.delete_channel),
            ("GET", f"{a}/channels/{{channel_id}}/messages", self.get_messages),
            ("POST", f"{a}/channels/{{channel_id}}/messages", self.post_message),
            ("GET", f"{a}/channels/{{channel_id}}/messages/{{message_id}}", self.get_message),
            ("PATCH", f"{a}/channels/{{channel_id}}/messages/{{message_id}}", self.edit_message),
            ("DELETE", f"{a}/channels/{{channel_id}}/messages/{{message_id}}", self.delete_message),
            ("POST", f"{a}/channels/{{channel_id}}/typing", self.typing),
            (
                "PUT",
                f"{a}/channels/{{channel_id}}/messages/{{message_id}}/reactions/{{emoji}}/@me",
                self.add_reaction,
            ),
            (
                "DELETE",
                f"{a}/channels/{{channel_id}}/messages/{{message_id}}/reactions/{{emoji}}/@me",
                self.remove_reaction,
            ),
            # threads
            ("POST", f"{a}/channels/{{channel_id}}/threads", self.create_thread),
            (
                "POST",
                f"{a}/channels/{{channel_id}}/messages/{{message_id}}/threads",
                self.create_thread_from_message,
            ),
            ("GET", f"{a}/channels/{{channel_id}}/thread-members", self.get_thread_members),
            ("GET", f"{a}/channels/{{channel_id}}/thread-members/{{user_id}}", self.get_thread_member),
            ("PUT", f"{a}/channels/{{channel_id}}/thread-members/{{user_id}}", self.add_thread_member),
            ("DELETE", f"{a}/channels/{{channel_id}}/thread-members/{{user_id}}", self.remove_thread_member),
            # guilds
            ("GET", f"{a}/guilds/{{guild_id}}", self.get_guild),
            ("GET", f"{a}/guilds/{{guild_id}}/channels", self.get_guild_channels),
            ("GET", f"{a}/guilds/{{guild_id}}/roles", self.get_roles),
            ("GET", f"{a}/guilds/{{guild_id}}/members", self.get_members),
            ("GET", f"{a}/guilds/{{guild_id}}/members/{{user_id}}", self.get_member),
            ("GET", f"{a}/guilds/{{guild_id}}/threads/active", self.get_active_threads),
            # CDN
            ("GET", "/attachments/{channel_id}/{attachment_id}/{filename}", self.get_attachment),
            ("GET", "/embed/avatars/{name}", self.get_image),
            ("GET", "/avatars/{user_id}/{name}", self.get_image),
        ]
        for method, path, handler in routes:
            r.add_route(method, path, handler)
        r.add_route("*", "/{tail:.*}", self.unknown)

    @web.middleware
    async def middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        fake = self.fake
        try:
            held = await fake._wait_if_held(request.method, request.path)
            injected = fake._take_injected_error(request.method, request.path)
            if held is not None:
                response: web.StreamResponse = _json({"message": f"{held}", "code": 0}, held)
            elif injected is not None:
                status, body = injected
                response = _json(body, status)
            else:
                if self._needs_auth(request) and request.headers.get("Authorization") != f"Bot {fake.token}":
                    raise ApiError(401, 0, "401: Unauthorized")
                answer_hold = fake._hold_answer(request.method, request.path)
                response = await handler(request)
                if answer_hold is not None:
                    answer_hold.arrived.set()
                    await answer_hold._released.wait()
        except ApiError as exc:
            response = _json(exc.body(), exc.status)
        except web.HTTPException:
            raise
        except ConnectionResetError:  # the client went away mid-request (a bot process stopped): not a bug
            log.info("client went away during %s %s", request.method, request.path)
            raise
        except Exception as exc:  # a bug in the fake: make it loud, and don't let discord.py retry
            log.exception("fake discord crashed on %s %s", request.method, request.path_qs)
            fake._problem(f"fake crashed on {request.method} {request.path_qs}: {exc!r}")
            response = _json({"message": f"fakediscord crashed: {exc!r}", "code": 0}, 503)
        fake.requests.append((request.method, request.path_qs, response.status))
        return response

    @staticmethod
    def _needs_auth(request: web.Request) -> bool:
        path = request.path
        return path.startswith(API) and not path.startswith(NO_AUTH_PREFIXES) and path != f"{API}/gateway"

    async def unknown(self, request: web.Request) -> web.Response:
        text = f"{request.method} {request.path_qs}"
        log.error("FAKE DISCORD: no route for %s", text)
        self.fake.unknown_routes.append(text)
        return _json({"message": "404: Not Found", "code": 0}, 404)

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], Files]:
        """A JSON body, or a multipart body (``payload_json`` + ``files[n]``)."""
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            files: Files = {}
            reader = await request.multipart()
            while (part := await reader.next()) is not None:
                name = getattr(part, "name", None) or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())  # type: ignore[union-attr]
                elif name.startswith("files[") and name.endswith("]"):
                    data = bytes(await part.read(decode=False))  # type: ignore[union-attr]
                    if len(data) > 10 * 1024 * 1024:
                        raise ApiError(413, 40005, "Request entity too large")
                    files[int(name[6:-1])] = (getattr(part, "filename", None) or f"file{name[6:-1]}", data)
                else:
                    self.fake._problem(
                        f"unexpected multipart field {name!r} in {request.method} {request.path}"
                    )
            return payload, files
        if request.can_read_body:
            text = await request.text()
            if text:
                try:
                    return json.loads(text), {}
                except ValueError:
                    raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
        return {}, {}

    @staticmethod
    def _id(request: web.Request, key: str) -> int:
        raw = request.match_info[key]
        try:
            return int(raw)
        except ValueError:
            raise invalid_form(key, f'Value "{raw}" is not snowflake.', "NUMBER_TYPE_COERCE") from None

    def _channel(self, request: web.Request) -> FakeChannel:
        channel = self.fake.channels.get(self._id(request, "channel_id"))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _message(self, request: web.Request, channel: FakeChannel) -> FakeMessage:
        msg = self.fake.messages.get(self._id(request, "message_id"))
        if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    def _guild(self, request: web.Request):
        guild = self.fake.guilds.get(self._id(request, "guild_id"))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    def _check_app(self, request: web.Request) -> None:
        if self._id(request, "app_id") != self.fake.application_id:
            raise ApiError(403, 50001, "Missing Access")

    def _channel_payload(self, channel: FakeChannel) -> dict[str, Any]:
        return channel.to_payload(self.fake._dm_recipients(channel))

    # ------------------------------------------------------------------ gateway, users, application

    async def get_gateway(self, request: web.Request) -> web.Response:
        return _json({"url": self.fake.gateway_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return _json(
            {
                "url": self.fake.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def get_me(self, request: web.Request) -> web.Response:
        return _json(self.fake._bot_user_payload())

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.fake.users.get(self._id(request, "user_id"))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return _json(user.to_payload())

    async def get_my_guilds(self, request: web.Request) -> web.Response:
        bot_id = self.fake.bot_user.id
        return _json(
            [
                {
                    "id": str(g.id),
                    "name": g.name,
                    "icon": None,
                    "banner": None,
                    "owner": False,
                    "permissions": str(g.permissions_of(bot_id)),
                    "features": [],
                }
                for g in self.fake.guilds.values()
            ]
        )

    async def create_dm(self, request: web.Request) -> web.Response:
        payload, _ = await self._body(request)
        user = self.fake.users.get(int(payload.get("recipient_id") or 0))
        if user is None:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return _json(self._channel_payload(self.fake.dm_channel(user)))

    async def get_application(self, request: web.Request) -> web.Response:
        fake = self.fake
        return _json(
            {
                "id": str(fake.application_id),
                "name": fake.bot_user.username,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "flags": 0,
                "owner": fake.owner.to_payload(),
                "team": None,
                "bot": fake.bot_user.to_payload(),
                "redirect_uris": [],
                "interactions_endpoint_url": None,
                "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
                "integration_types_config": {"0": {}},
                "approximate_guild_count": len(fake.guilds),
            }
        )

    # ------------------------------------------------------------------ application commands

    def _commands_scope(self, request: web.Request) -> tuple[int | None, list[dict[str, Any]]]:
        self._check_app(request)
        if "guild_id" in request.match_info:
            guild = self._guild(request)
            return guild.id, self.fake.guild_commands.setdefault(guild.id, [])
        return None, self.fake.global_commands

    def _normalise_command(
        self, command: dict[str, Any], guild_id: int | None, old: dict[str, Any] | None
    ) -> dict[str, Any]:
        fake = self.fake
        out: dict[str, Any] = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "name_localizations": None,
            "description_localizations": None,
            **command,
            "id": old["id"] if old else str(fake.snowflake()),
            "application_id": str(fake.application_id),
        }
        if guild_id is not None:
            out["guild_id"] = str(guild_id)
        out["version"] = str(fake.snowflake())
        if old is not None and _without_version(old) == _without_version(out):
            out["version"] = old["version"]
        return out

    async def get_commands(self, request: web.Request) -> web.Response:
        _, commands = self._commands_scope(request)
        return _json(commands)

    async def put_commands(self, request: web.Request) -> web.Response:
        guild_id, existing = self._commands_scope(request)
        incoming, _ = await self._body(request)
        if not isinstance(incoming, list):
            raise invalid_form("_", "Must be an array.")
        seen: set[tuple[str, int]] = set()
        for index, command in enumerate(incoming):
            validate_command(command, index)
            key = (command["name"], command.get("type", 1))
            if key in seen:
                raise invalid_form(
                    f"{index}.name",
                    "Application command names must be unique",
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                )
            seen.add(key)
        by_key = {(c["name"], c.get("type", 1)): c for c in existing}
        stored = [
            self._normalise_command(c, guild_id, by_key.get((c["name"], c.get("type", 1)))) for c in incoming
        ]
        existing[:] = stored
        self.fake.command_syncs.append((guild_id, incoming))
        return _json(stored)

    async def post_command(self, request: web.Request) -> web.Response:
        guild_id, existing = self._commands_scope(request)
        command, _ = await self._body(request)
        validate_command(command, 0)
        key = (command["name"], command.get("type", 1))
        old = next((c for c in existing if (c["name"], c.get("type", 1)) == key), None)
        stored = self._normalise_command(command, guild_id, old)
        if old is not None:
            existing[existing.index(old)] = stored
        else:
            existing.append(stored)
        return _json(stored, 200 if old else 201)

    def _find_command(self, request: web.Request) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        _, existing = self._commands_scope(request)
        command_id = request.match_info["command_id"]
        command = next((c for c in existing if c["id"] == command_id), None)
        if command is None:
            raise ApiError(404, 10063, "Unknown application command")
        return existing, command

    async def get_command(self, request: web.Request) -> web.Response:
        return _json(self._find_command(request)[1])

    async def patch_command(self, request: web.Request) -> web.Response:
        existing, command = self._find_command(request)
        changes, _ = await self._body(request)
        command.update(changes)
        command["version"] = str(self.fake.snowflake())
        return _json(command)

    async def delete_command(self, request: web.Request) -> web.Response:
        existing, command = self._find_command(request)
        existing.remove(command)
        return _no_content()

    async def get_command_permissions(self, request: web.Request) -> web.Response:
        self._check_app(request)
        return _json([])

    # ------------------------------------------------------------------ interactions

    async def interaction_callback(self, request: web.Request) -> web.Response:
        fake = self.fake
        inter = fake.interactions.get(self._id(request, "interaction_id"))
        if inter is None or inter.token != request.match_info["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        payload, files = await self._body(request)
        elapsed = time.monotonic() - inter.created_at
        if fake.interaction_ack_timeout is not None and elapsed > fake.interaction_ack_timeout:
            inter.late = True
            fake._problem(
                f"{inter.describe()} answered after {elapsed:.2f}s; Discord allows {fake.interaction_ack_timeout}s"
            )
            raise ApiError(404, 10062, "Unknown interaction")
        if inter.response is not None:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        rtype = payload.get("type")
        data = payload.get("data") or {}
        allowed_for = {4: (2, 3, 5), 5: (2, 3, 5), 6: (3, 5), 7: (3, 5), 8: (4,), 9: (2, 3)}
        if rtype not in allowed_for:
            raise invalid_form("type", f"Value must be one of {sorted(allowed_for)}.", "BASE_TYPE_CHOICES")
        if inter.type not in allowed_for[rtype] or (rtype in (6, 7) and inter.message_id is None):
            raise ApiError(
                400, 50035, f"Interaction response type {rtype} is not valid for {inter.describe()}"
            )
        channel = fake.channels[inter.channel_id]
        msg: FakeMessage | None = None
        if rtype == 4:
            msg = fake.create_message(
                channel, fake.bot_user, data, files, source="interaction", interaction=inter
            )
            inter.original_message_id = msg.id
        elif rtype == 5:
            flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            msg = fake.create_message(
                channel,
                fake.bot_user,
                {"flags": flags},
                {},
                source="interaction",
                interaction=inter,
                extra_flags=FLAG_LOADING,
            )
            inter.original_message_id = msg.id
        elif rtype == 6:
            inter.original_message_id = inter.message_id
        elif rtype == 7:
            assert inter.message_id is not None
            msg = fake.edit_message(fake.messages[inter.message_id], data, files)
            inter.original_message_id = msg.id
        elif rtype == 8:
            validate_choices(data.get("choices") or [])
        elif rtype == 9:
            validate_modal(data)
        inter.response = payload
        inter.response_type = rtype
        inter.responded.set()
        fake._notify()
        if not _truthy(request.query.get("with_response")):
            return _no_content()
        body: dict[str, Any] = {"interaction": {"id": str(inter.id), "type": inter.type}}
        if msg is not None:
            body["interaction"].update(
                response_message_id=str(msg.id),
                response_message_loading=rtype == 5,
                response_message_ephemeral=msg.ephemeral,
            )
            body["resource"] = {"type": rtype, "message": msg.to_payload()}
        return _json(body)

    def _webhook_interaction(self, request: web.Request) -> FakeInteraction:
        if self._id(request, "app_id") != self.fake.application_id:
            raise ApiError(404, 10015, "Unknown Webhook")
        token = request.match_info["token"]
        inter = next((i for i in self.fake.interactions.values() if i.token == token), None)
        if inter is None or inter.response is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        return inter

    def _webhook_message(self, request: web.Request, inter: FakeInteraction) -> FakeMessage:
        raw = request.match_info["message_id"]
        if raw == "@original":
            message_id = inter.original_message_id
        else:
            message_id = self._id(request, "message_id")
            if message_id != inter.original_message_id and message_id not in inter.followup_ids:
                message_id = None
        msg = self.fake.messages.get(message_id or 0)
        if msg is None or msg.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    async def webhook_execute(self, request: web.Request) -> web.Response:
        fake = self.fake
        inter = self._webhook_interaction(request)
        payload, files = await self._body(request)
        original = fake.messages.get(inter.original_message_id or 0)
        if inter.response_type == 5 and original is not None and original.loading:
            # The first follow-up after a "thinking" defer replaces the loading message.
            payload = {k: v for k, v in payload.items() if k != "flags"}
            msg = fake.edit_message(original, payload, files)
        else:
            channel = fake.channels[inter.channel_id]
            msg = fake.create_message(
                channel, fake.bot_user, payload, files, source="followup", interaction=inter
            )
            inter.followup_ids.append(msg.id)
        if _truthy(request.query.get("wait")):
            return _json(msg.to_payload())
        return _no_content()

    async def webhook_get_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        return _json(self._webhook_message(request, inter).to_payload())

    async def webhook_edit_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        msg = self._webhook_message(request, inter)
        payload, files = await self._body(request)
        return _json(self.fake.edit_message(msg, payload, files).to_payload())

    async def webhook_delete_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        self.fake.delete_message(self._webhook_message(request, inter))
        return _no_content()

    # ------------------------------------------------------------------ channels and messages

    async def get_channel(self, request: web.Request) -> web.Response:
        return _json(self._channel_payload(self._channel(request)))

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        changes, _ = await self._body(request)
        for key in ("name", "topic", "archived", "locked", "auto_archive_duration", "invitable"):
            if key in changes:
                setattr(channel, key, changes[key])
        payload = self._channel_payload(channel)
        self.fake.gateway.dispatch("THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", payload)
        return _json(payload)

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        payload = self._channel_payload(channel)
        if channel.is_dm:
            return _json(payload)
        del self.fake.channels[channel.id]
        guild = self.fake.guilds.get(channel.guild_id or 0)
        if guild is not None and channel.id in guild.channel_ids:
            guild.channel_ids.remove(channel.id)
        self.fake.gateway.dispatch("THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE", payload)
        return _json(payload)

    async def get_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        query = request.query
        limit = max(1, min(100, int(query.get("limit", 50))))
        visible = sorted(
            (
                m
                for m in self.fake.messages.values()
                if m.channel_id == channel.id and not m.deleted and not m.ephemeral
            ),
            key=lambda m: m.id,
        )
        if "after" in query:
            after = int(query["after"])
            chosen = [m for m in visible if m.id > after][:limit]
        elif "around" in query:
            around = int(query["around"])
            older = [m for m in visible if m.id <= around][-(limit // 2 + 1) :]
            newer = [m for m in visible if m.id > around][: limit - len(older)]
            chosen = older + newer
        else:
            before = int(query.get("before", 1 << 63))
            chosen = [m for m in visible if m.id < before][-limit:]
        return _json([m.to_payload() for m in reversed(chosen)])

    async def post_message(self, request: web.Request) -> web.Response:
        fake = self.fake
        channel = self._channel(request)
        payload, files = await self._body(request)
        if channel.is_dm:
            recipient = fake.users[channel.recipient_id or 0]
            if recipient.dm_closed or recipient.bot:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        elif not channel.bot_can_send:
            raise ApiError(403, 50013, "Missing Permissions")
        if channel.is_thread:
            if channel.locked:
                raise ApiError(400, 50083, "Thread is archived")
            channel.archived = False
        # Discord dedupes a create with ``enforce_nonce`` per author: a nonce the same author used in the
        # past few minutes returns that message, and no new one is made (Create Message, `enforce_nonce`).
        nonce = validate_nonce(payload.get("nonce"))
        if nonce is not None and payload.get("enforce_nonce"):
            earlier = fake.nonce_message(fake.bot_user, nonce)
            if earlier is not None:
                fake.deduped.append(earlier)
                return _json(earlier.to_payload())
        msg = fake.create_message(channel, fake.bot_user, payload, files, source="channel")
        msg.nonce = nonce
        fake.remember_nonce(msg)
        return _json(msg.to_payload())

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        return _json(self._message(request, channel).to_payload())

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._message(request, channel)
        payload, files = await self._body(request)
        if msg.author.id != self.fake.bot_user.id and set(payload) - {"flags"}:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        return _json(self.fake.edit_message(msg, payload, files).to_payload())

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self.fake.delete_message(self._message(request, channel))
        return _no_content()

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return _no_content()

    async def add_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._message(request, channel)
        msg.reactions.setdefault(request.match_info["emoji"], set()).add(self.fake.bot_user.id)
        return _no_content()

    async def remove_reaction(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        msg = self._message(request, channel)
        msg.reactions.get(request.match_info["emoji"], set()).discard(self.fake.bot_user.id)
        return _no_content()

    # ------------------------------------------------------------------ threads

    def _new_thread(
        self, parent: FakeChannel, thread_id: int, body: dict[str, Any], ttype: int
    ) -> FakeChannel:
        if parent.type not in (GUILD_TEXT, GUILD_FORUM):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise invalid_form("name", "Must be between 1 and 100 in length.")
        fake = self.fake
        thread = FakeChannel(
            id=thread_id,
            type=ttype,
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=fake.bot_user.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 4320),
            invitable=bool(body.get("invitable", True)),
            thread_member_ids={fake.bot_user.id},
        )
        fake.channels[thread.id] = thread
        fake.guilds[parent.guild_id or 0].channel_ids.append(thread.id)
        fake.gateway.dispatch("THREAD_CREATE", {**thread.to_payload(), "newly_created": True})
        return thread

    def _thread_payload(self, thread: FakeChannel) -> dict[str, Any]:
        payload = thread.to_payload()
        payload["member"] = self._thread_member(thread, self.fake.bot_user.id)
        return payload

    def _thread_member(self, thread: FakeChannel, user_id: int) -> dict[str, Any]:
        return {
            "id": str(thread.id),
            "user_id": str(user_id),
            "join_timestamp": thread.to_payload()["thread_metadata"]["create_timestamp"],
            "flags": 0,
        }

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        body, files = await self._body(request)
        if parent.type == GUILD_FORUM:
            thread = self._new_thread(parent, self.fake.snowflake(), body, PUBLIC_THREAD)
            starter = self.fake.create_message(
                thread, self.fake.bot_user, body.get("message") or {}, files, source="channel"
            )
            return _json({**self._thread_payload(thread), "message": starter.to_payload()}, 201)
        ttype = int(body.get("type") or PRIVATE_THREAD)
        if ttype not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise invalid_form("type", "Value must be one of {11, 12}.", "BASE_TYPE_CHOICES")
        thread = self._new_thread(parent, self.fake.snowflake(), body, ttype)
        return _json(self._thread_payload(thread), 201)

    async def create_thread_from_message(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        msg = self._message(request, parent)
        body, _ = await self._body(request)
        if msg.thread_id is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = self._new_thread(parent, msg.id, body, PUBLIC_THREAD)
        msg.thread_id = thread.id
        return _json(self._thread_payload(thread), 201)

    def _thread(self, request: web.Request) -> FakeChannel:
        channel = self._channel(request)
        if not channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def _thread_user_id(self, request: web.Request) -> int:
        if request.match_info["user_id"] == "@me":
            return self.fake.bot_user.id
        user_id = self._id(request, "user_id")
        if user_id not in self.fake.users:
            raise ApiError(404, 10013, "Unknown User")
        return user_id

    async def get_thread_members(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        return _json([self._thread_member(thread, u) for u in sorted(thread.thread_member_ids)])

    async def get_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user_id = self._thread_user_id(request)
        if user_id not in thread.thread_member_ids:
            raise ApiError(404, 10007, "Unknown Member")
        return _json(self._thread_member(thread, user_id))

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user_id = self._thread_user_id(request)
        if thread.guild_id is not None and user_id not in self.fake.guilds[thread.guild_id].members:
            raise ApiError(404, 10007, "Unknown Member")
        thread.thread_member_ids.add(user_id)
        return _no_content()

    async def remove_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        thread.thread_member_ids.discard(self._thread_user_id(request))
        return _no_content()

    # ------------------------------------------------------------------ guilds

    async def get_guild(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        payload = guild.to_payload()
        if _truthy(request.query.get("with_counts")):
            payload["approximate_member_count"] = len(guild.members)
            payload["approximate_presence_count"] = 0
        return _json(payload)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        channels = [self.fake.channels[c] for c in guild.channel_ids if c in self.fake.channels]
        return _json([c.to_payload() for c in channels if not c.is_thread])

    async def get_roles(self, request: web.Request) -> web.Response:
        return _json([r.to_payload() for r in self._guild(request).roles.values()])

    async def get_members(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        limit = max(1, min(1000, int(request.query.get("limit", 1))))
        after = int(request.query.get("after", 0))
        members = sorted((m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id)
        return _json([m.to_payload() for m in members[:limit]])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        member = guild.members.get(self._id(request, "user_id"))
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return _json(member.to_payload())

    async def get_active_threads(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        threads = [self.fake.channels[c] for c in guild.channel_ids if c in self.fake.channels]
        threads = [t for t in threads if t.is_thread and not t.archived]
        members = [
            self._thread_member(t, self.fake.bot_user.id)
            for t in threads
            if self.fake.bot_user.id in t.thread_member_ids
        ]
        return _json({"threads": [t.to_payload() for t in threads], "members": members})

    # ------------------------------------------------------------------ CDN

    async def get_attachment(self, request: web.Request) -> web.Response:
        entry = self.fake.cdn.get(request.path)
        if entry is None:
            return await self.unknown(request)
        data, content_type = entry
        return web.Response(body=data, content_type=content_type.split(";")[0])

    async def get_image(self, request: web.Request) -> web.Response:
        return web.Response(body=TINY_PNG, content_type="image/png")


def _without_version(command: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in command.items() if k != "version"}
