"""Discord's documented limits, enforced so that a payload the real API would refuse fails here too.

Each check raises :class:`ApiError` (400 / 50035 "Invalid Form Body") naming the offending field.
"""

from __future__ import annotations

import re
from typing import Any

from .models import ApiError, invalid_form, walk_components

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
MAX_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_CHOICES = 25
MAX_OPTIONS = 25
COMMAND_NAME_RE = re.compile(r"^[-_'\w]{1,32}$")

EMBED_LIMITS = {"title": 256, "description": 4096}
MAX_NONCE = 25
"""A message nonce: a string of up to 25 characters or a 64-bit integer (Discord's Create Message)."""


def validate_nonce(nonce: Any) -> str | None:
    """A create body's ``nonce`` as the string Discord keeps (None: none given); a nonce longer than 25
    characters, or an integer outside 64 bits, is refused."""
    if nonce is None:
        return None
    if isinstance(nonce, bool) or not isinstance(nonce, (str, int)):
        raise invalid_form("nonce", "Must be a string or an integer")
    if isinstance(nonce, int) and not -(2**63) <= nonce < 2**63:
        raise invalid_form("nonce", "Integer out of 64-bit range")
    if isinstance(nonce, str) and len(nonce) > MAX_NONCE:
        raise invalid_form("nonce", f"Must be {MAX_NONCE} or fewer in length")
    return str(nonce)


def validate_message(payload: dict[str, Any], n_files: int, *, require_body: bool = True) -> None:
    """Check a message create/edit body against Discord's limits."""
    content = payload.get("content")
    if content is not None and len(content) > MAX_CONTENT:
        raise invalid_form("content", f"Must be {MAX_CONTENT} or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    embeds = payload.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        raise invalid_form("embeds", f"Must be {MAX_EMBEDS} or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    for index, embed in enumerate(embeds):
        _validate_embed(embed, index)
    if n_files > MAX_FILES:
        raise invalid_form("files", f"Must be {MAX_FILES} or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    _validate_components(payload.get("components") or [], bool((payload.get("flags") or 0) & (1 << 15)))
    if require_body and not (
        content or embeds or payload.get("components") or n_files or payload.get("poll")
    ):
        raise ApiError(400, 50006, "Cannot send an empty message")


def _validate_embed(embed: dict[str, Any], index: int) -> None:
    total = 0
    for key, limit in EMBED_LIMITS.items():
        value = embed.get(key) or ""
        if len(value) > limit:
            raise invalid_form(
                f"embeds.{index}.{key}", f"Must be {limit} or fewer in length.", "BASE_TYPE_MAX_LENGTH"
            )
        total += len(value)
    fields = embed.get("fields") or []
    if len(fields) > 25:
        raise invalid_form(f"embeds.{index}.fields", "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    for n, fld in enumerate(fields):
        name, value = fld.get("name") or "", fld.get("value") or ""
        if not name or len(name) > 256:
            raise invalid_form(f"embeds.{index}.fields.{n}.name", "Must be between 1 and 256 in length.")
        if not value or len(value) > 1024:
            raise invalid_form(f"embeds.{index}.fields.{n}.value", "Must be between 1 and 1024 in length.")
        total += len(name) + len(value)
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    if len(footer) > 2048:
        raise invalid_form(f"embeds.{index}.footer.text", "Must be 2048 or fewer in length.")
    if len(author) > 256:
        raise invalid_form(f"embeds.{index}.author.name", "Must be 256 or fewer in length.")
    total += len(footer) + len(author)
    if total > MAX_EMBED_TOTAL:
        raise invalid_form(
            "embeds", f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}", "MAX_EMBED_SIZE_EXCEEDED"
        )


def _validate_components(components: list[dict[str, Any]], v2: bool) -> None:
    if not v2:
        if len(components) > MAX_ROWS:
            raise invalid_form(
                "components", f"Must be {MAX_ROWS} or fewer in length.", "BASE_TYPE_MAX_LENGTH"
            )
        for index, row in enumerate(components):
            if row.get("type") != 1:
                raise invalid_form(f"components.{index}.type", "Top-level components must be action rows.")
            items = row.get("components") or []
            if not 1 <= len(items) <= MAX_ROW_ITEMS:
                raise invalid_form(f"components.{index}.components", "Must be between 1 and 5 in length.")
            if any(c.get("type") in (3, 5, 6, 7, 8) for c in items) and len(items) != 1:
                raise invalid_form(
                    f"components.{index}.components", "A select menu must be alone in its row."
                )
    seen: set[str] = set()
    for comp in walk_components(components):
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            if not 1 <= len(custom_id) <= 100:
                raise invalid_form("components.custom_id", "Must be between 1 and 100 in length.")
            if custom_id in seen:
                raise invalid_form(
                    "components.custom_id",
                    "Component custom id cannot be duplicated",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                )
            seen.add(custom_id)
        if comp.get("type") == 2:
            if len(comp.get("label") or "") > 80:
                raise invalid_form("components.label", "Must be 80 or fewer in length.")
            if comp.get("style") == 5 and not comp.get("url"):
                raise invalid_form("components.url", "Link buttons need a url.")
            if comp.get("style") not in (5, 6) and custom_id is None:
                raise invalid_form("components.custom_id", "This field is required", "BASE_TYPE_REQUIRED")
        if comp.get("type") == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= 25:
                raise invalid_form("components.options", "Must be between 1 and 25 in length.")
            for opt in options:
                if not 1 <= len(opt.get("label") or "") <= 100 or not 1 <= len(opt.get("value") or "") <= 100:
                    raise invalid_form("components.options", "Option label and value must be 1 to 100 long.")
                if len(opt.get("description") or "") > 100:
                    raise invalid_form("components.options.description", "Must be 100 or fewer in length.")
        if len(comp.get("placeholder") or "") > 150:
            raise invalid_form("components.placeholder", "Must be 150 or fewer in length.")


def validate_choices(choices: list[dict[str, Any]]) -> None:
    """Autocomplete results: at most 25 choices, names 1..100 characters."""
    if len(choices) > MAX_CHOICES:
        raise invalid_form(
            "data.choices", f"Must be {MAX_CHOICES} or fewer in length.", "BASE_TYPE_MAX_LENGTH"
        )
    for index, choice in enumerate(choices):
        if not 1 <= len(choice.get("name") or "") <= 100:
            raise invalid_form(f"data.choices.{index}.name", "Must be between 1 and 100 in length.")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            raise invalid_form(f"data.choices.{index}.value", "Must be 100 or fewer in length.")


def validate_modal(data: dict[str, Any]) -> None:
    if not 1 <= len(data.get("title") or "") <= 45:
        raise invalid_form("data.title", "Must be between 1 and 45 in length.")
    if not 1 <= len(data.get("custom_id") or "") <= 100:
        raise invalid_form("data.custom_id", "Must be between 1 and 100 in length.")
    if not 1 <= len(data.get("components") or []) <= 5:
        raise invalid_form("data.components", "Must be between 1 and 5 in length.")


def validate_command(command: dict[str, Any], index: int) -> None:
    """An application command definition as sent by tree.sync()."""
    where = f"{index}"
    ctype = command.get("type", 1)
    name = command.get("name") or ""
    if ctype == 1 and (not COMMAND_NAME_RE.match(name) or name != name.lower()):
        raise invalid_form(f"{where}.name", "Command name is invalid", "APPLICATION_COMMAND_INVALID_NAME")
    if ctype == 1 and not 1 <= len(command.get("description") or "") <= 100:
        raise invalid_form(f"{where}.description", "Must be between 1 and 100 in length.")
    _validate_options(command.get("options") or [], f"{where}.options")


def _validate_options(options: list[dict[str, Any]], where: str) -> None:
    if len(options) > MAX_OPTIONS:
        raise invalid_form(where, f"Must be {MAX_OPTIONS} or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    seen_optional = False
    names: set[str] = set()
    for n, opt in enumerate(options):
        name = opt.get("name") or ""
        if not COMMAND_NAME_RE.match(name) or name != name.lower():
            raise invalid_form(
                f"{where}.{n}.name", "Command name is invalid", "APPLICATION_COMMAND_INVALID_NAME"
            )
        if name in names:
            raise invalid_form(
                f"{where}.{n}.name",
                "Option names must be unique",
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
            )
        names.add(name)
        if not 1 <= len(opt.get("description") or "") <= 100:
            raise invalid_form(f"{where}.{n}.description", "Must be between 1 and 100 in length.")
        if opt.get("type") in (1, 2):
            _validate_options(opt.get("options") or [], f"{where}.{n}.options")
            continue
        if opt.get("required"):
            if seen_optional:
                raise invalid_form(
                    f"{where}.{n}.required",
                    "Required options must be placed before non-required options",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                )
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > MAX_CHOICES:
            raise invalid_form(
                f"{where}.{n}.choices", "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH"
            )
        if choices and opt.get("autocomplete"):
            raise invalid_form(f"{where}.{n}.autocomplete", "Autocomplete cannot be set with choices.")
