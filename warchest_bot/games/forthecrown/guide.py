"""For the Crown's rules guide, page by page (``/wc rules game:forthecrown topic:``): setup, a turn and
its phases, orders, cards, buying, winning, the house values, the options, the notation, then the list of
cards and one page per card, each marking its house values. The card pages and the list are those of a
given table (``/wc rules`` passes the table new games on that server use: the one its admins loaded, else
the shipped one), the shipped table by default. General pages are
catalogue messages ``rules.forthecrown.page.<id>`` (``messages/<locale>/guide.py``); a card's page is made
from its words (`words`: name, both effects, house marks) and its numbers in the table."""

from __future__ import annotations

from ...i18n import format_number, t
from .card_table import Card, CardTable, standard_table
from .words import card_name, effect_heading, effect_text, house_mark

GENERAL_TOPICS: tuple[str, ...] = (
    "setup",
    "turn",
    "orders",
    "cards",
    "buying",
    "winning",
    "house",
    "options",
    "notation",
    "list",
)
"""The topics that are not one card, in the guide's order."""


def card_ids(table: CardTable | None = None) -> tuple[str, ...]:
    """Every card of ``table`` (default: the shipped one), in its order."""
    return tuple((table or standard_table()).cards)


def topics_ids(table: CardTable | None = None) -> tuple[str, ...]:
    """Every topic id: the value ``/wc rules topic:`` sends (a card's topic is its id)."""
    return GENERAL_TOPICS + card_ids(table)


def topic_label(topic: str, locale: str, table: CardTable | None = None) -> str:
    """How a topic is listed in ``locale``."""
    table = table or standard_table()
    if topic in table.cards:
        return t("rules.forthecrown.topic.card", locale, name=card_name(table[topic], locale))
    return t(f"rules.forthecrown.topic.{topic}", locale)


def topics(locale: str, table: CardTable | None = None) -> list[tuple[str, str]]:
    """(topic id, label in ``locale``) of every topic, in the guide's order."""
    return [(topic, topic_label(topic, locale, table)) for topic in topics_ids(table)]


def find_topic(text: str, locale: str, table: CardTable | None = None) -> str | None:
    """The topic ``text`` names: its id, a card's name in English or in ``locale``, a topic's label, or
    the one label that contains it; None otherwise."""
    wanted = " ".join(text.split()).casefold()
    if not wanted:
        return None
    table = table or standard_table()
    for topic in topics_ids(table):
        names = {topic.casefold(), topic_label(topic, locale, table).casefold()}
        if topic in table.cards:
            names |= {table[topic].name.casefold(), card_name(table[topic], locale).casefold()}
        if wanted in names:
            return topic
    found = [topic for topic, label in topics(locale, table) if wanted in label.casefold()]
    return found[0] if len(found) == 1 else None


def _marked(number: int, mark: str, locale: str) -> str:
    """A number in the locale's digits with its house-value mark, as one value (no empty isolate)."""
    return format_number(number, locale) + mark


def card_page(card: Card, locale: str) -> str:
    """A card's page: its name, cost and pile (marked where they are house values), both effects (each
    marked), what it trains, and the legend of the mark."""
    halves = [
        t(
            "rules.forthecrown.card.half",
            locale,
            kind=effect_heading(e, locale) + house_mark(card, f"effect{n}", locale),
            text=effect_text(e, locale),
        )
        for n, e in enumerate(card.effects, 1)
    ]
    role = t(f"rules.forthecrown.role.{card.role}", locale)
    lines = [
        t("rules.forthecrown.card.page", locale, name=card_name(card, locale), role=role,
          cost=_marked(card.cost, house_mark(card, "cost", locale), locale),
          pile=_marked(card.pile, house_mark(card, "pile", locale), locale)),
        *halves,
    ]  # fmt: skip
    if any(house_mark(card, v, locale) for v in ("cost", "pile", "effect1", "effect2")):
        lines.append(t("forthecrown.house.legend", locale))
    return "\n".join(lines)[:2000]


def page(topic: str, locale: str, table: CardTable | None = None) -> str:
    """The page of ``topic`` (one of `topics_ids`) with ``table``'s cards, at most 2000 characters."""
    table = table or standard_table()
    if topic in table.cards:
        return card_page(table[topic], locale)
    if topic == "list":
        lines = [t("rules.forthecrown.page.list", locale)]
        for card in table.cards.values():
            lines.append(t("rules.forthecrown.list.item", locale, name=card_name(card, locale),
                           cost=_marked(card.cost, house_mark(card, "cost", locale), locale),
                           role=t(f"rules.forthecrown.role.{card.role}", locale)))  # fmt: skip
        return "\n".join(lines)[:2000]
    return t(f"rules.forthecrown.page.{topic}", locale)[:2000]


def rules_page(text: str, locale: str, table: CardTable | None = None) -> str | None:
    """The page ``text`` names (`find_topic`) with ``table``'s cards (default: the shipped ones), or None."""
    topic = find_topic(text, locale, table)
    return None if topic is None else page(topic, locale, table)


__all__ = ["GENERAL_TOPICS", "card_page", "find_topic", "page", "rules_page", "topic_label", "topics"]
