"""The words of For the Crown's cards in a reader's language, from the catalogue
(`warchest_bot.games.forthecrown.messages`): a card's name, the heading and text of each of its effects,
and which of its values are house values. Pictures, alt text and the rules guide read them from here.

A table a server loads may hold cards the catalogue does not name: such a card is shown by the table's
own name; its effects are always the engine's, so their texts always exist."""

from __future__ import annotations

from warchest_bot.i18n import DEFAULT_LOCALE, has_message, t

from . import messages as _messages  # noqa: F401  (registers the game's words)
from .card_table import TREASURE, Card, Effect


def card_name(card: Card, locale: str = DEFAULT_LOCALE) -> str:
    """The card's name in ``locale`` (the table's own name for a card the catalogue does not know)."""
    key = f"forthecrown.card.{card.id}"
    return t(key, locale) if has_message(key) else card.name


def unit_name(code: str, locale: str = DEFAULT_LOCALE) -> str:
    """A unit type's name (Point-Buy Chess's words: the same 24 units)."""
    return t(f"picture.pb.unit.{code}", locale)


def effect_kind_key(effect: Effect) -> str:
    """The catalogue key of the heading of ``effect``: Order, Action, Treasure or Training Action."""
    return "forthecrown.kind.train" if effect.trains is not None else f"forthecrown.kind.{effect.phase}"


def effect_key(effect: Effect) -> str:
    """The catalogue key of the text of ``effect`` (its variant by parameters for gold and training)."""
    if effect.trains is not None:
        return "forthecrown.effect.train.many" if effect.trains[1] > 1 else "forthecrown.effect.train"
    if effect.name == "gold" and effect.phase == TREASURE:
        if effect.param("discount"):
            return "forthecrown.effect.gold.discount"
        return "forthecrown.effect.gold.buys" if effect.param("buys") else "forthecrown.effect.gold"
    return f"forthecrown.effect.{effect.name}"


def effect_text(effect: Effect, locale: str = DEFAULT_LOCALE) -> str:
    """The text of one half of a card in ``locale``, its numbers and unit filled in."""
    values: dict[str, object] = {k: v for k, v in effect.params.items() if isinstance(v, int)}
    if effect.trains is not None:
        values["unit"] = unit_name(effect.trains[0], locale)
        values["count"] = effect.trains[1]
    return t(effect_key(effect), locale, **values)


def effect_heading(effect: Effect, locale: str = DEFAULT_LOCALE) -> str:
    """The heading of one half of a card in ``locale`` (Order, Action, Treasure, Training Action)."""
    return t(effect_kind_key(effect), locale)


def is_house(card: Card, value: str) -> bool:
    """Whether ``value`` of ``card`` (``cost``, ``pile``, ``effect1`` or ``effect2``) is a house value:
    for an effect, when the effect itself or any of its parameters is."""
    if value == "cost":
        return card.cost_source == "house"
    if value == "pile":
        return card.pile_source == "house"
    effect = card.effects[int(value.removeprefix("effect")) - 1]
    return "house" in effect.sources.values()


def house_mark(card: Card, value: str, locale: str = DEFAULT_LOCALE) -> str:
    """The mark written after a house value (empty when the value is not one)."""
    return t("forthecrown.house.mark", locale) if is_house(card, value) else ""


__all__ = [
    "card_name",
    "effect_heading",
    "effect_key",
    "effect_kind_key",
    "effect_text",
    "house_mark",
    "is_house",
    "unit_name",
]
