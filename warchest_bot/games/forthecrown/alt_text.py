"""What screen readers read for For the Crown's pictures, from the same view the pictures are drawn from,
so it says nothing a picture hides: the board post (whose turn and phase or the result, each side's units
on the board and in the Barracks, deck, discard and hand counts, the Supply, the cards played this turn,
the Trash), the private hand, and a card (its cost and both effects)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..alt_text import clip, fit, listing, name_of, t
from ..units import square_name
from .card_table import Card
from .render import status_line
from .render.cards import table_of
from .words import card_name, effect_heading, effect_text, unit_name


def _units(view: Mapping[str, Any], seat: int, names: Sequence[str] | None, locale: str) -> list[str]:
    player = name_of(names, seat, locale)
    board = [(sq, p) for sq, p in enumerate(view.get("board") or []) if p and int(p[0]) == seat]
    items = [
        t("alt.ftc.unit_item", locale, unit=unit_name(p[1], locale), square=square_name(sq))
        for sq, p in board
    ]
    out = [t("alt.ftc.units", locale, player=player, units=listing(items, locale)) if items
           else t("alt.ftc.units.none", locale, player=player)]  # fmt: skip
    barracks = (view.get("barracks") or [[], []])[seat]
    out.append(t("alt.ftc.barracks", locale, player=player,
                 units=listing((unit_name(c, locale) for c in barracks), locale)) if barracks
               else t("alt.ftc.barracks.empty", locale, player=player))  # fmt: skip
    return out


def _counts(view: Mapping[str, Any], seat: int, names: Sequence[str] | None, locale: str) -> str:
    return t("alt.ftc.counts", locale, player=name_of(names, seat, locale),
             deck=int((view.get("deck_counts") or [0, 0])[seat]),
             discard=len((view.get("discards") or [[], []])[seat]),
             hand=int((view.get("hand_counts") or [0, 0])[seat]))  # fmt: skip


def board_alt_text(view: Mapping[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The board post's alt text (public parts of ``view`` only)."""
    table = table_of(view)
    status, _ = status_line(view, names, locale)
    head = [t("alt.ftc.board", locale, status=status)]
    counts = [_counts(view, seat, names, locale) for seat in (0, 1)]
    for seat, card in enumerate(view.get("revealed_top") or []):
        if card:
            counts.append(t("alt.ftc.revealed", locale, player=name_of(names, seat, locale),
                            card=card_name(table[card], locale)))  # fmt: skip
    played = list(view.get("play") or [])
    played_text = (t("alt.ftc.played", locale, cards=listing((card_name(table[c], locale) for c in played), locale))
                   if played else t("alt.ftc.played.none", locale))  # fmt: skip
    supply, costs = view.get("supply") or {}, view.get("costs") or {}
    stacks = [t("alt.ftc.stack_item", locale, card=card_name(table[c], locale), cost=int(costs.get(c, 0)),
                n=int(n)) for c, n in supply.items()]  # fmt: skip
    trash = list(view.get("trash") or [])
    trash_text = (t("alt.ftc.trash", locale, cards=listing((card_name(table[c], locale) for c in trash), locale))
                  if trash else t("alt.ftc.trash.empty", locale))  # fmt: skip
    detail = [*_units(view, 0, names, locale), *_units(view, 1, names, locale), *counts, played_text,
              t("alt.ftc.supply", locale, stacks=listing(stacks, locale)), trash_text]  # fmt: skip
    return fit(head, detail, [*counts, played_text], locale)


def board_text(view: Mapping[str, Any], names: Sequence[str] | None = None, locale: str = "en") -> list[str]:
    """The board post as lines of text (no length limit): whose turn and phase or the result, the turn's
    pools, each side's units and Barracks, the counts, a revealed top card, the cards played this turn,
    the Supply and the Trash (public parts of ``view`` only, like the picture)."""
    table = table_of(view)
    status, _ = status_line(view, names, locale)
    lines = [t("alt.ftc.board", locale, status=status)]
    if view.get("result") is None:
        pools = view.get("pools") or {}
        lines.append(
            t(
                "picture.ftc.pools",
                locale,
                **{k: int(pools.get(k) or 0) for k in ("orders", "actions", "buys", "gold")},
            )
        )
    for seat in (0, 1):
        lines += _units(view, seat, names, locale)
        lines.append(_counts(view, seat, names, locale))
    for seat, card in enumerate(view.get("revealed_top") or []):
        if card:
            lines.append(t("alt.ftc.revealed", locale, player=name_of(names, seat, locale),
                           card=card_name(table[card], locale)))  # fmt: skip
    played = list(view.get("play") or [])
    lines.append(t("alt.ftc.played", locale, cards=listing((card_name(table[c], locale) for c in played), locale))
                 if played else t("alt.ftc.played.none", locale))  # fmt: skip
    supply, costs = view.get("supply") or {}, view.get("costs") or {}
    lines.append(t("alt.ftc.supply", locale, stacks=listing(
        (t("alt.ftc.stack_item", locale, card=card_name(table[c], locale), cost=int(costs.get(c, 0)), n=int(n))
         for c, n in supply.items()), locale)))  # fmt: skip
    trash = list(view.get("trash") or [])
    lines.append(t("alt.ftc.trash", locale, cards=listing((card_name(table[c], locale) for c in trash), locale))
                 if trash else t("alt.ftc.trash.empty", locale))  # fmt: skip
    return lines


def hand_alt_text(view: Mapping[str, Any], locale: str = "en") -> str:
    """The private hand's alt text: the cards of the seat's own hand."""
    table = table_of(view)
    hand = list(view.get("hand") or [])
    if not hand:
        return t("alt.ftc.hand.empty", locale)
    return clip(t("alt.ftc.hand", locale, cards=listing((card_name(table[c], locale) for c in hand), locale)))


def card_alt_text(card: Card, locale: str = "en") -> str:
    """A card's alt text: its name, cost and both effects."""
    first, second = (t("alt.ftc.half", locale, kind=effect_heading(e, locale), text=effect_text(e, locale))
                     for e in card.effects)  # fmt: skip
    return clip(
        t("alt.ftc.card", locale, card=card_name(card, locale), cost=card.cost, first=first, second=second)
    )


__all__ = ["board_alt_text", "board_text", "card_alt_text", "hand_alt_text"]
