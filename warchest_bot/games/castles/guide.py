"""Castles' rules guide, page by page (``/wc rules game:castles topic:``): the board and setup, a round, a
turn, attacks and the die, castles and key areas, the end, the decisions the project took, the notation,
then every unit and every event card. General pages are catalogue messages ``rules.castles.page.<id>``
(``messages/<locale>/guide.py``); a unit's or an event's page is made from its card's texts
(``castles.unit.<Code>.*``, ``castles.event.<Code>.*``) and the numbers of `rules`."""

from __future__ import annotations

from ...i18n import t
from .rules import CARD_CODES, UNIT_BY_CODE, UNIT_CODES, card_cost, is_unit_card
from .scene import card_name

GENERAL_TOPICS: tuple[str, ...] = (
    "setup",
    "round",
    "turn",
    "attack",
    "castles",
    "end",
    "decisions",
    "notation",
    "units",
    "events",
)
"""The topics that are not one card, in the guide's order."""
TOPICS: tuple[str, ...] = GENERAL_TOPICS + CARD_CODES
"""Every topic id: the value ``/wc rules topic:`` sends (a card's topic is its code)."""


def topic_label(topic: str, locale: str) -> str:
    """How a topic is listed in ``locale``."""
    if topic in CARD_CODES:
        key = "rules.castles.topic.unit" if is_unit_card(topic) else "rules.castles.topic.event"
        return t(key, locale, name=card_name(topic, locale), card_code=topic)
    return t(f"rules.castles.topic.{topic}", locale)


def topics(locale: str) -> list[tuple[str, str]]:
    """(topic id, label in ``locale``) of every topic, in the guide's order."""
    return [(topic, topic_label(topic, locale)) for topic in TOPICS]


def find_topic(text: str, locale: str) -> str | None:
    """The topic ``text`` names: its id or a card's code (any case), a card's name in English or in
    ``locale``, a topic's label, or the one label that contains it; None otherwise."""
    wanted = " ".join(text.split()).casefold()
    if not wanted:
        return None
    for topic in TOPICS:
        names = {topic.casefold(), topic_label(topic, locale).casefold()}
        if topic in CARD_CODES:
            names |= {card_name(topic, "en").casefold(), card_name(topic, locale).casefold()}
        if wanted in names:
            return topic
    found = [topic for topic, label in topics(locale) if wanted in label.casefold()]
    return found[0] if len(found) == 1 else None


def page(topic: str, locale: str) -> str:
    """The page of ``topic`` (one of `TOPICS`), at most 2000 characters."""
    if topic in UNIT_CODES:
        texts = [t(f"castles.unit.{topic}.{part}", locale) for part in ("move", "attack", "ability")]
        return t("rules.castles.unit.page", locale, name=card_name(topic, locale), card_code=topic,
                 cost=card_cost(topic), attack=UNIT_BY_CODE[topic].attack, move=texts[0], attacks=texts[1],
                 ability=texts[2])  # fmt: skip
    if topic in CARD_CODES:
        return t("rules.castles.event.page", locale, name=card_name(topic, locale), card_code=topic,
                 cost=card_cost(topic), effect=t(f"castles.event.{topic}.effect", locale))  # fmt: skip
    if topic in ("units", "events"):
        codes = UNIT_CODES if topic == "units" else tuple(c for c in CARD_CODES if c not in UNIT_CODES)
        lines = [t(f"rules.castles.page.{topic}", locale)]
        for code in codes:
            detail = f"castles.unit.{code}.ability" if topic == "units" else f"castles.event.{code}.effect"
            lines.append(t("rules.castles.list.item", locale, name=card_name(code, locale), card_code=code,
                           cost=card_cost(code), text=t(detail, locale)))  # fmt: skip
        return "\n".join(lines)[:2000]
    return t(f"rules.castles.page.{topic}", locale)


def rules_page(text: str, locale: str) -> str | None:
    """The page ``text`` names (`find_topic`), or None."""
    topic = find_topic(text, locale)
    return None if topic is None else page(topic, locale)
