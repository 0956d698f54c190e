"""Building INTERACTION_CREATE ``data`` the way the Discord client does, from the synced command.

Options are typed from the command definition that the bot registered (so a test cannot send an
option the bot did not declare), nested under subcommand groups / subcommands, and user, member,
role, channel and attachment values are added to ``resolved``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .models import FakeAttachment, FakeChannel, FakeRole, FakeUser

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)


class OptionError(ValueError):
    """The test asked for an invocation that the Discord client would not allow."""


def split_path(name: str, subcommand: str | Sequence[str] | None) -> list[str]:
    """``"game move"`` + ``subcommand=None`` -> ``["game", "move"]``; also accepts an explicit path."""
    path = name.split()
    if isinstance(subcommand, str):
        path += subcommand.split()
    elif subcommand:
        path += list(subcommand)
    if not path:
        raise OptionError("empty command name")
    return path


def find_leaf(command: dict[str, Any], path: list[str]) -> tuple[list[dict[str, Any]], list[tuple[int, str]]]:
    """Walk the subcommand path; return the leaf's option definitions and the (type, name) chain."""
    options = command.get("options") or []
    chain: list[tuple[int, str]] = []
    for part in path[1:]:
        sub = next((o for o in options if o.get("name") == part and o.get("type") in (1, 2)), None)
        if sub is None:
            names = [o["name"] for o in options if o.get("type") in (1, 2)]
            raise OptionError(f"/{' '.join(path)}: no subcommand {part!r} (has {names})")
        chain.append((sub["type"], part))
        options = sub.get("options") or []
    if any(o.get("type") in (1, 2) for o in options):
        names = [o["name"] for o in options]
        raise OptionError(f"/{' '.join(path)} is a group: pick one of its subcommands {names}")
    return options, chain


def nest(chain: list[tuple[int, str]], leaf_options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Wrap leaf options into the subcommand chain: group -> subcommand -> options."""
    options = leaf_options
    for otype, name in reversed(chain):
        options = [{"type": otype, "name": name, "options": options}]
    return options


class Resolver:
    """Collects ``resolved`` data for user/member/role/channel/attachment option values."""

    def __init__(self, fake: Any, guild_id: int | None) -> None:
        self.fake = fake
        self.guild_id = guild_id
        self.resolved: dict[str, dict[str, Any]] = {}

    def add_user(self, user: FakeUser) -> str:
        self.resolved.setdefault("users", {})[str(user.id)] = user.to_payload()
        guild = self.fake.guilds.get(self.guild_id) if self.guild_id else None
        if guild is not None and user.id in guild.members:
            member = guild.members[user.id].to_payload(with_user=False)
            member["permissions"] = str(guild.permissions_of(user.id))
            self.resolved.setdefault("members", {})[str(user.id)] = member
        return str(user.id)

    def add_role(self, role: FakeRole) -> str:
        self.resolved.setdefault("roles", {})[str(role.id)] = role.to_payload()
        return str(role.id)

    def add_channel(self, channel: FakeChannel) -> str:
        payload = channel.to_payload(self.fake._dm_recipients(channel))
        payload["permissions"] = str(self.fake._permissions_in(channel, self.fake.bot_user.id))
        self.resolved.setdefault("channels", {})[str(channel.id)] = payload
        return str(channel.id)

    def add_attachment(self, attachment: FakeAttachment) -> str:
        self.resolved.setdefault("attachments", {})[str(attachment.id)] = attachment.to_payload()
        return str(attachment.id)


def build_options(
    fake: Any,
    definitions: list[dict[str, Any]],
    values: Mapping[str, Any],
    resolver: Resolver,
    *,
    where: str,
    focused: str | None = None,
) -> list[dict[str, Any]]:
    """Typed option payloads for ``values`` against the command's option ``definitions``."""
    by_name = {d["name"]: d for d in definitions}
    unknown = [n for n in values if n not in by_name]
    if unknown:
        raise OptionError(f"{where}: unknown option(s) {unknown}; the command declares {list(by_name)}")
    if focused is not None:
        if focused not in by_name:
            raise OptionError(f"{where}: cannot focus unknown option {focused!r}")
        if not by_name[focused].get("autocomplete"):
            raise OptionError(f"{where}: option {focused!r} has no autocomplete")
    else:
        missing = [d["name"] for d in definitions if d.get("required") and d["name"] not in values]
        if missing:
            raise OptionError(f"{where}: missing required option(s) {missing}")
    out: list[dict[str, Any]] = []
    for definition in definitions:  # Discord sends options in declaration order
        name = definition["name"]
        if name not in values and name != focused:
            continue
        otype = definition["type"]
        if name == focused:
            # While typing, the client sends the raw text, whatever the option type.
            raw = values.get(name, "")
            out.append(
                {"type": otype, "name": name, "value": "" if raw is None else str(raw), "focused": True}
            )
            continue
        value = _convert(fake, definition, values[name], resolver, where)
        out.append({"type": otype, "name": name, "value": value})
    return out


def _convert(fake: Any, definition: dict[str, Any], value: Any, resolver: Resolver, where: str) -> Any:
    otype, name = definition["type"], definition["name"]
    label = f"{where}: option {name!r}"
    if otype == STRING:
        value = str(value)
        if "min_length" in definition and len(value) < definition["min_length"]:
            raise OptionError(f"{label} is shorter than {definition['min_length']}")
        if "max_length" in definition and len(value) > definition["max_length"]:
            raise OptionError(f"{label} is longer than {definition['max_length']}")
    elif otype in (INTEGER, NUMBER):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise OptionError(f"{label} needs a number, got {value!r}")
        if otype == INTEGER and int(value) != value:
            raise OptionError(f"{label} needs an integer, got {value!r}")
        if "min_value" in definition and value < definition["min_value"]:
            raise OptionError(f"{label} is below {definition['min_value']}")
        if "max_value" in definition and value > definition["max_value"]:
            raise OptionError(f"{label} is above {definition['max_value']}")
    elif otype == BOOLEAN:
        if not isinstance(value, bool):
            raise OptionError(f"{label} needs a bool, got {value!r}")
    elif otype in (USER, MENTIONABLE) and isinstance(value, FakeUser):
        return resolver.add_user(value)
    elif otype in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        return resolver.add_role(value)
    elif otype == USER:
        user = fake.users.get(int(value))
        if user is None:
            raise OptionError(f"{label}: unknown user {value!r}")
        return resolver.add_user(user)
    elif otype == ROLE:
        role = fake._find_role(int(value))
        if role is None:
            raise OptionError(f"{label}: unknown role {value!r}")
        return resolver.add_role(role)
    elif otype == CHANNEL:
        channel = value if isinstance(value, FakeChannel) else fake.channels.get(int(value))
        if channel is None:
            raise OptionError(f"{label}: unknown channel {value!r}")
        allowed = definition.get("channel_types")
        if allowed and channel.type not in allowed:
            raise OptionError(f"{label}: channel type {channel.type} not in {allowed}")
        return resolver.add_channel(channel)
    elif otype == ATTACHMENT:
        if not isinstance(value, FakeAttachment):
            raise OptionError(f"{label} needs fake.make_attachment(filename, data)")
        return resolver.add_attachment(value)
    else:
        raise OptionError(f"{label}: cannot fill an option of type {otype} with {value!r}")
    choices = definition.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise OptionError(f"{label}: {value!r} is not one of the choices {[c['value'] for c in choices]}")
    return value


def modal_submit_components(modal: dict[str, Any], values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The submitted ``components`` for a modal definition, mirroring its rows / labels."""
    used: set[str] = set()

    def submitted(comp: dict[str, Any]) -> dict[str, Any] | None:
        ctype = comp.get("type")
        custom_id = comp.get("custom_id")
        if ctype == 4:  # text input
            used.add(custom_id)
            value = values.get(custom_id, comp.get("value") or "")
            if comp.get("required", True) and not value:
                raise OptionError(f"modal field {custom_id!r} is required")
            return {"type": 4, "custom_id": custom_id, "value": str(value)}
        if ctype in (3, 5, 6, 7, 8):  # selects inside a label
            used.add(custom_id)
            chosen = values.get(custom_id, [])
            chosen = [chosen] if isinstance(chosen, str) else list(chosen)
            return {"type": ctype, "custom_id": custom_id, "values": [str(v) for v in chosen]}
        return None

    out: list[dict[str, Any]] = []
    for comp in modal.get("components") or []:
        if comp.get("type") == 1:
            inner = [s for c in comp.get("components") or [] if (s := submitted(c)) is not None]
            out.append({"type": 1, "components": inner})
        elif comp.get("type") == 18:
            inner_comp = submitted(comp["component"])
            if inner_comp is not None:
                out.append({"type": 18, "component": inner_comp})
        else:
            sub = submitted(comp)
            if sub is not None:
                out.append(sub)
    unknown = set(values) - used
    if unknown:
        raise OptionError(f"modal {modal.get('custom_id')!r} has no field(s) {sorted(unknown)}")
    return out
