"""War Chest's rules guide, page by page (``/wc rules topic:``): setup, a round, the nine actions, the Royal
Coin, winning, teams, and every unit. The words are catalogue messages ``rules.warchest.*``
(``messages/<locale>/rules.py``); the coin counts come from the engine's unit catalogue."""

from __future__ import annotations

from warchest_bot.i18n import t

from .engine.units import BASE_UNITS, NOBILITY_UNITS, SIEGE_UNITS, UNITS

ACTIONS: tuple[str, ...] = (
    "deploy",
    "bolster",
    "move",
    "control",
    "attack",
    "tactic",
    "recruit",
    "pass",
    "claim",
)
"""The nine actions, each a topic."""

GENERAL_TOPICS: tuple[str, ...] = (
    "setup",
    "round",
    "actions",
    *ACTIONS,
    "royal",
    "winning",
    "teams",
    "units",
    "nobility",
    "siege",
)
"""The topics that are not one unit, in the guide's order."""

BASE_CODES: tuple[str, ...] = tuple(UNITS[u].code for u in BASE_UNITS)
"""The 16 base units, in the engine's (alphabetical) order: the ``units`` page lists them."""
NOBILITY_CODES: tuple[str, ...] = tuple(UNITS[u].code for u in NOBILITY_UNITS)
SIEGE_CODES: tuple[str, ...] = tuple(UNITS[u].code for u in SIEGE_UNITS)
UNIT_CODES: tuple[str, ...] = BASE_CODES + NOBILITY_CODES + SIEGE_CODES
"""Every unit, each a topic (its code), in the engine's order: the base units, then Nobility's and Siege's
(whose ``nobility`` and ``siege`` pages list them)."""

TOPICS: tuple[str, ...] = GENERAL_TOPICS + UNIT_CODES
"""Every topic id: the value ``/wc rules topic:`` sends."""


def unit_name(code: str, locale: str) -> str:
    """The unit's name in the guide's words (``rules.warchest.name.<Code>``)."""
    return t(f"rules.warchest.name.{code}", locale)


def topic_label(topic: str, locale: str) -> str:
    """How a topic is listed (autocomplete labels)."""
    if topic in UNIT_CODES:
        return t("rules.warchest.topic.unit", locale, name=unit_name(topic, locale))
    return t(f"rules.warchest.topic.{topic}", locale)


def topics(locale: str) -> list[tuple[str, str]]:
    """(topic id, label) of every topic, in the guide's order."""
    return [(topic, topic_label(topic, locale)) for topic in TOPICS]


def find_topic(text: str, locale: str) -> str | None:
    """The topic ``text`` names: its id (any case), its label, a unit's code or name in English or in
    ``locale``, or the one topic whose label contains it; None if none or several do."""
    key = text.strip().casefold()
    if not key:
        return None
    by_code = {topic.casefold(): topic for topic in TOPICS}
    if key in by_code:
        return by_code[key]
    for code in UNIT_CODES:
        names = {unit_name(code, "en").casefold(), unit_name(code, locale).casefold()}
        if key in names or key.replace("-", " ") in names:
            return code
    labels = topics(locale)
    exact = [topic for topic, label in labels if label.casefold() == key]
    if exact:
        return exact[0]
    partial = [topic for topic, label in labels if key in label.casefold()]
    return partial[0] if len(partial) == 1 else None


def page(topic: str, locale: str) -> str:
    """The page of ``topic`` (one of `TOPICS`): one message of at most 2000 characters."""
    if topic in UNIT_CODES:
        info = UNITS[UNIT_CODES.index(topic) + 1]
        title = t(
            "rules.warchest.unit.title",
            locale,
            name=unit_name(topic, locale),
            unit_code=topic,
            coins=info.coins,
            supply=info.coins - 2,
        )
        return f"{title}\n{t(f'rules.warchest.unit.{topic}', locale)}"
    if topic == "units":
        lines = [t("rules.warchest.page.units", locale)]
        for code in BASE_CODES:
            info = UNITS[UNIT_CODES.index(code) + 1]
            lines.append(
                t(
                    "rules.warchest.units.item",
                    locale,
                    name=unit_name(code, locale),
                    unit_code=code,
                    coins=info.coins,
                    summary=t(f"rules.warchest.unit.{code}.summary", locale),
                )
            )
        return "\n".join(lines)
    if topic in ("nobility", "siege"):
        lines = [t(f"rules.warchest.page.{topic}", locale)]
        for code in NOBILITY_CODES if topic == "nobility" else SIEGE_CODES:
            info = UNITS[UNIT_CODES.index(code) + 1]
            lines.append(
                t(
                    "rules.warchest.units.item",
                    locale,
                    name=unit_name(code, locale),
                    unit_code=code,
                    coins=info.coins,
                    summary=t(f"rules.warchest.unit.{code}.summary", locale),
                )
            )
        return "\n".join(lines)
    return t(f"rules.warchest.page.{topic}", locale)
