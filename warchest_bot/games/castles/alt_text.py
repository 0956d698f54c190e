"""What screen readers read for Castles' pictures, from the same view the pictures are drawn from
(`scene_of`), so it says nothing a picture hides: the round and whose decision, the last action, the die's
last roll, each side's coins, tokens, bag, hand and card of the round, the units, the castles and the key
areas; the private picture's hand; a unit or event card; and the text board (``/wc board text:true``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..alt_text import clip, common_head, fit, listing, name_of, t
from .rules import UNIT_BY_CODE, card_cost, is_unit_card
from .scene import Card, Scene, card_name, scene_of
from .state import square_name


def _sq(square: tuple[int, int]) -> str:
    return square_name(*square)


def _card(card: Card, locale: str) -> str:
    key = "alt.ca.card.unit" if card.kind == "unit" else "alt.ca.card.event"
    return t(key, locale, card=card_name(card.code, locale), cost=card.cost)


def _round(scene: Scene, locale: str) -> str:
    if scene.phase == "pick" and not scene.over:
        return t("alt.ca.round.pick", locale, n=scene.round)
    return t("alt.ca.round", locale, n=scene.round)


def _roll(scene: Scene, names: Sequence[str] | None, locale: str) -> str | None:
    roll = scene.roll
    if roll is None:
        return None
    key = "alt.ca.roll.hit" if roll.hit else "alt.ca.roll.miss"
    unit = card_name(roll.code, locale) if roll.code else "?"
    target = _sq(roll.target) if roll.target else "?"
    return t(key, locale, player=name_of(names, roll.seat, locale), unit=unit, square=target, roll=roll.face,
             need=roll.need)  # fmt: skip


def _side(scene: Scene, seat: int, names: Sequence[str] | None, locale: str) -> list[str]:
    side = scene.sides[seat]
    player = name_of(names, seat, locale)
    colour = t("alt.ca.colour.blue" if seat == 0 else "alt.ca.colour.red", locale)
    out = [t("alt.ca.side", locale, player=player, colour=colour, coins=side.coins, tokens=side.tokens,
             bag=side.bag, hand=side.hand, deck=side.deck)]  # fmt: skip
    if side.shown is not None:
        out.append(t("alt.ca.side.revealed", locale, player=player, card=_card(side.shown, locale)))
    elif side.down:
        out.append(t("alt.ca.side.down", locale, player=player))
    if side.drawn:
        left = [card_name(c, locale) for c in side.drawn if c not in side.used]
        out.append(t("alt.ca.side.drawn", locale, player=player,
                     units=listing((card_name(c, locale) for c in side.drawn), locale),
                     left=listing(left, locale) if left else t("alt.ca.none", locale)))  # fmt: skip
    return out


def _units(scene: Scene, seat: int, names: Sequence[str] | None, locale: str) -> str:
    items = [
        t("alt.ca.unit.item", locale, unit=card_name(p.code, locale), square=_sq(p.square))
        for p in scene.pieces
        if p.owner == seat
    ]
    player = name_of(names, seat, locale)
    if not items:
        return t("alt.ca.units.none", locale, player=player)
    return t("alt.ca.units", locale, player=player, units=listing(items, locale))


def _castles(scene: Scene, names: Sequence[str] | None, locale: str) -> str:
    items = []
    for castle in scene.castles:
        owner = name_of(names, castle.owner, locale)
        if castle.taken_by is None:
            items.append(t("alt.ca.castle.standing", locale, square=_sq(castle.square), player=owner))
        else:
            taker = name_of(names, castle.taken_by, locale)
            items.append(
                t("alt.ca.castle.taken", locale, square=_sq(castle.square), player=owner, taker=taker)
            )
    return t("alt.ca.castles", locale, castles=listing(items, locale))


def _keys(scene: Scene, names: Sequence[str] | None, locale: str) -> str:
    items = [
        t("alt.ca.key.free", locale, square=_sq(sq))
        if holder is None
        else t("alt.ca.key.held", locale, square=_sq(sq), player=name_of(names, holder, locale))
        for sq, holder in scene.keys
    ]
    return t("alt.ca.keys", locale, areas=listing(items, locale))


def _last(last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str) -> str | None:
    if not last or last.get("seat") is None or not last.get("text"):
        return None
    return t("alt.last", locale, player=name_of(names, last["seat"], locale), action=str(last["text"]))


def board_alt_text(
    title: str,
    view: Mapping[str, Any],
    last: Mapping[str, Any] | None,
    names: Sequence[str] | None,
    locale: str,
) -> str:
    """The board picture's description (at most 1024 characters)."""
    scene = scene_of(view)
    head = common_head(title, view, names, locale, scene.to_move)
    head.append(_round(scene, locale))
    for line in (_last(last, names, locale), _roll(scene, names, locale)):
        if line:
            head.append(line)
    detail: list[str] = []
    summary: list[str] = []
    for seat in (0, 1):
        sides = _side(scene, seat, names, locale)
        detail += sides
        summary.append(sides[0])
    detail += [_units(scene, 0, names, locale), _units(scene, 1, names, locale)]
    detail += [_castles(scene, names, locale), _keys(scene, names, locale)]
    summary.append(_castles(scene, names, locale))
    return fit(head, detail, summary, locale)


def private_alt_text(view: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> str:
    """The private picture's description: the seat's own hand, its card face down, its drawn pieces,
    coins, bag and reserve."""
    scene = scene_of(view)
    if scene.seat is None or scene.hand is None:
        return t("alt.private", locale, game=t("title.castles", locale))
    side = scene.sides[scene.seat]
    cards = (
        listing((_card(c, locale) for c in scene.hand), locale) if scene.hand else t("alt.ca.none", locale)
    )
    out = [t("alt.ca.hand", locale, cards=cards)]
    own = side.shown or scene.own_down
    if own is not None:
        out.append(t("alt.ca.hand.down", locale, card=_card(own, locale)))
    if side.drawn:
        left = [card_name(c, locale) for c in side.drawn if c not in side.used]
        out.append(
            t("alt.ca.hand.drawn", locale, units=listing(left, locale) if left else t("alt.ca.none", locale))
        )
    reserve = [
        t("alt.ca.reserve.item", locale, unit=card_name(code, locale), n=n)
        for code, n in side.reserve.items()
        if n
    ]
    out.append(t("alt.ca.hand.counts", locale, coins=side.coins, bag=side.bag, deck=side.deck,
                 reserve=listing(reserve, locale) if reserve else t("alt.ca.none", locale)))  # fmt: skip
    return clip(" ".join(out))


def unit_alt_text(code: str, locale: str) -> str:
    """A card's description: a unit's name, cost, attack number, moves and ability, or an event's name,
    cost and effect."""
    name = card_name(code, locale)
    if is_unit_card(code):
        parts = [t(f"castles.unit.{code}.{part}", locale) for part in ("move", "attack", "ability")]
        return clip(t("alt.ca.unit_card", locale, unit=name, cost=card_cost(code),
                      attack=UNIT_BY_CODE[code].attack, text=" ".join(parts)))  # fmt: skip
    return clip(t("alt.ca.event_card", locale, event=name, cost=card_cost(code),
                  text=t(f"castles.event.{code}.effect", locale)))  # fmt: skip


def board_text(title: str, view: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> list[str]:
    """The board as lines of text: whose turn or the result, the round, the last roll, each side, every
    unit square by square, the castles and the key areas."""
    scene = scene_of(view)
    lines = common_head(title, view, names, locale, scene.to_move)
    lines.append(_round(scene, locale))
    roll = _roll(scene, names, locale)
    if roll:
        lines.append(roll)
    for seat in (0, 1):
        lines += _side(scene, seat, names, locale)
    for piece in sorted(scene.pieces, key=lambda p: (p.square[1], p.square[0])):
        lines.append(t("alt.ca.text.unit", locale, square=_sq(piece.square), player=name_of(names, piece.owner, locale),
                       unit=card_name(piece.code, locale)))  # fmt: skip
    if not scene.pieces:
        lines.append(t("alt.ca.empty", locale))
    lines += [_castles(scene, names, locale), _keys(scene, names, locale)]
    return lines
