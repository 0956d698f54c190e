"""Which game, and its settings, as people type them in `/wc new`: the ``game`` parameter (a registered game
by its title or kind, offered by autocomplete) and the ``settings`` text ("budget=40 picking=secret"), read
against the game's `OptionSpec`s. Every refusal names what is valid instead."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from discord import app_commands

from ..games import DEFAULT_KIND, GameKind, OptionSpec, game_kinds, get_game, title_in
from ..i18n import locales
from ..service import ErrorCode, ServiceError
from .common import TextOption

_SETTING = re.compile(r"^(?P<name>[^=\s]+)\s*=\s*(?P<value>\S+)$")
CHOICES_MAX = 25
CallbackT = TypeVar("CallbackT", bound=Callable[..., Any])


def _annotation(spec: OptionSpec) -> Any:
    """The Discord type of an option: a whole number (in its bounds) or a bounded text, as its default."""
    if isinstance(spec.default, int):
        if spec.bounds is not None and not spec.choices:
            low, high = spec.bounds
            return app_commands.Range[int, low, high]
        return int
    return TextOption


def option_parameters(game: GameKind, *, after: str) -> Callable[[CallbackT], CallbackT]:
    """Give a slash command's callback one optional parameter per option of ``game`` (its `OptionSpec`s:
    name, type, choices, bounds, description), placed after its parameter ``after``. The callback takes
    them as ``**named`` (None: not given), so the command's options follow the game's, never a list of
    names written twice."""

    def decorate(callback: CallbackT) -> CallbackT:
        signature = inspect.signature(callback)
        own = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
        at = next(i for i, p in enumerate(own) if p.name == after) + 1
        added = [
            inspect.Parameter(
                spec.name,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=None,
                annotation=_annotation(spec) | None,
            )
            for spec in game.options
        ]
        # what inspect.signature (and so discord.py) reads for the callback's parameters
        vars(callback)["__signature__"] = signature.replace(parameters=[*own[:at], *added, *own[at:]])
        app_commands.describe(**{spec.name: spec.description or spec.name for spec in game.options})(callback)
        choices = {
            spec.name: [app_commands.Choice(name=c.name, value=c.value) for c in spec.choices]
            for spec in game.options
            if spec.choices
        }
        app_commands.choices(**choices)(callback)
        return callback

    return decorate


def find_kind(text: str | None) -> str:
    """The kind of the game ``text`` names (its kind or its title in any language, any case; None: the
    default game)."""
    if text is None or not text.strip():
        return DEFAULT_KIND
    wanted = " ".join(text.split()).lower()
    for kind in game_kinds():
        titles = {get_game(kind).title.lower(), *(title_in(kind, loc).lower() for loc in locales())}
        if wanted == kind.lower() or wanted in titles:
            return kind
    games = ", ".join(get_game(k).title for k in game_kinds())
    raise ServiceError(
        ErrorCode.BAD_OPTIONS, "bot.error.unknown_game_kind", game=text.strip()[:40], games=games
    )


def game_choices(current: str, locale: str = "en") -> list[tuple[str, str]]:
    """(title in ``locale``, kind) of the registered games whose title (in ``locale`` or English) or kind
    contains ``current``, default first."""
    needle = current.strip().lower()
    kinds = sorted(game_kinds(), key=lambda k: (k != DEFAULT_KIND, get_game(k).title))
    found = [(title_in(k, locale), get_game(k).title, k) for k in kinds]
    return [
        (title, kind)
        for title, english, kind in found
        if needle in title.lower() or needle in english.lower() or needle in kind
    ][:CHOICES_MAX]


def _value_text(value: Any) -> str:
    if isinstance(value, Mapping):  # an option written out as data (For the Crown's card table): its name
        return str(value.get("table") or value.get("name") or "-")
    return str(value)


def _allowed(spec: OptionSpec) -> str:
    """The choice names of an option with choices (notation, the same in every language)."""
    return ", ".join(c.name for c in spec.choices)


def _read_value(spec: OptionSpec, text: str) -> str | int:
    if spec.choices:
        for choice in spec.choices:
            if text.lower() in (choice.name.lower(), _value_text(choice.value).lower()):
                return choice.value
        raise ServiceError(
            ErrorCode.BAD_OPTIONS,
            "bot.error.bad_setting_value",
            name=spec.name,
            value=text[:40],
            allowed=_allowed(spec),
        )
    if isinstance(spec.default, int):
        try:
            return int(text)
        except ValueError:
            raise ServiceError(
                ErrorCode.BAD_OPTIONS, "bot.error.bad_setting_number", name=spec.name, value=text[:40]
            ) from None
    return text


def parse_settings(game: GameKind, text: str | None) -> dict[str, Any]:
    """The options ``text`` sets ("name=value" pairs, separated by spaces or commas), read against the
    game's options (names and choices in any case). The game checks the whole set later."""
    out: dict[str, Any] = {}
    specs = {spec.name.lower(): spec for spec in game.options}
    for part in re.split(r"[,\s]+(?=[^=\s,]+\s*=)", (text or "").strip()):
        part = part.strip().strip(",")
        if not part:
            continue
        match = _SETTING.match(part)
        spec = specs.get(match["name"].lower()) if match else None
        if match is None or spec is None:
            raise ServiceError(
                ErrorCode.BAD_OPTIONS,
                "bot.error.bad_setting_name",
                setting=part[:40],
                game=game.title,
                names=", ".join(s.name for s in game.options) or "-",
            )
        out[spec.name] = _read_value(spec, match["value"])
    return out


def settings_suggestions(game: GameKind, current: str) -> list[str]:
    """Autocomplete for the settings text: what is typed so far, completed by each option not yet set (its
    choices, or its default as an example)."""
    typed = current.rstrip()
    done, _, last = typed.rpartition(" ") if not current.endswith(" ") else (typed, "", "")
    head = f"{done} " if done else ""
    given = {p.split("=", 1)[0].lower() for p in done.replace(",", " ").split() if "=" in p}
    name, eq, value = last.partition("=")
    out: list[str] = []
    for spec in game.options:
        if spec.name.lower() in given:
            continue
        if eq and spec.name.lower() != name.lower():
            continue
        if not eq and not spec.name.lower().startswith(name.lower()):
            continue
        values = [c.name for c in spec.choices] or [_value_text(spec.default)]
        out += [f"{head}{spec.name}={v}" for v in values if not eq or v.lower().startswith(value.lower())]
    if not out and typed:
        out = [typed]
    return [s for s in out if len(s) <= 100][:CHOICES_MAX]


def describe_options(game: GameKind, options: Mapping[str, Any]) -> str:
    """The options of a game that differ from their defaults, as people read them ("budget: 40, picking:
    secret"), by their choice names ("": every option as it usually is)."""
    parts = []
    for spec in game.options:
        if spec.name not in options or options[spec.name] == spec.default:
            continue
        value = options[spec.name]
        shown = next((c.name for c in spec.choices if c.value == value), _value_text(value))
        parts.append(f"{spec.name}: {shown}")
    return ", ".join(parts)
