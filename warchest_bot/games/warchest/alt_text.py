"""War Chest's alt text: the board (whose turn, the last action, each unit's stack and owner, control),
the hand (its coins) and the unit cards (the ability in brief). Made from the view the picture is drawn
from; a public board names nothing of any hand or bag."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..alt_text import clip, common_head, fit, listing, name_of, t
from .engine import UNITS, lookup_unit


def _owners(view: Mapping[str, Any]) -> dict[str, int]:
    """Unit name → the seat that drafted it (each unit belongs to one seat)."""
    return {unit: s for s, seat in enumerate(view.get("seats", ())) for unit in seat.get("units", ())}


def board_alt_text(
    title: str,
    view: Mapping[str, Any],
    last: Mapping[str, Any] | None,
    names: Sequence[str] | None,
    locale: str,
) -> str:
    """The board picture's description (see the module)."""
    head = common_head(title, view, names, locale, view.get("to_act"))
    if view.get("phase") == "draft":
        head.append(t("alt.wc.draft", locale))
    if last and last.get("text"):
        head.append(
            t("alt.last", locale, player=name_of(names, last.get("seat"), locale), action=last["text"])
        )
    owners = _owners(view)
    seats = range(len(view.get("seats", ())))
    by_seat: dict[int, list[str]] = {s: [] for s in seats}
    for hex_name, (unit, count) in sorted(view.get("board", {}).items()):
        seat = owners.get(unit, -1)
        item = t("alt.wc.stack.item", locale, unit=unit, hex=hex_name, count=count)
        by_seat.setdefault(seat, []).append(item)
    detail: list[str] = []
    summary: list[str] = []
    if not any(by_seat.values()):
        detail.append(t("alt.wc.empty", locale))
        summary.append(t("alt.wc.empty", locale))
    for seat, items in by_seat.items():
        if items:
            player = name_of(names, seat, locale)
            detail.append(t("alt.wc.units", locale, player=player, units=listing(items, locale)))
            summary.append(t("alt.wc.units.count", locale, player=player, count=len(items)))
    control: dict[int, list[str]] = {s: [] for s in seats}
    for hex_name, seat in sorted(view.get("control", {}).items()):
        control.setdefault(seat, []).append(hex_name)
    for seat, hexes in control.items():
        player = name_of(names, seat, locale)
        line = (
            t("alt.wc.control", locale, player=player, hexes=listing(hexes, locale))
            if hexes
            else t("alt.wc.control.none", locale, player=player)
        )
        detail.append(line)
        summary.append(line)
    if (decrees := decrees_line(view, locale)) is not None:
        detail.append(decrees)
    if (forts := forts_line(view, locale)) is not None:
        detail.append(forts)
        summary.append(forts)
    return fit(head, detail, summary, locale)


def forts_line(view: Mapping[str, Any], locale: str) -> str | None:
    """Siege: the hexes holding a fort (None without the expansion)."""
    if "forts" not in view:
        return None
    forts = list(view["forts"])
    return t("alt.wc.forts", locale, hexes=listing(forts, locale)) if forts else t("alt.wc.no_forts", locale)


def decrees_line(view: Mapping[str, Any], locale: str) -> str | None:
    """Nobility: the decrees dealt, each with its effect and the sides that sealed it (None without)."""
    decrees = view.get("decrees")
    if not decrees or not decrees.get("dealt"):
        return None
    sealed = decrees.get("sealed") or [[], []]
    items = []
    for key in decrees["dealt"]:
        name, text = t(f"decree.wc.{key}.name", locale), t(f"decree.wc.{key}.text", locale)
        teams = [t(f"picture.wc.side.{team}", locale) for team in (0, 1) if key in sealed[team]]
        if teams:
            items.append(
                t("alt.wc.decree_sealed", locale, decree=name, teams=listing(teams, locale), text=text)
            )
        else:
            items.append(t("alt.wc.decree", locale, decree=name, text=text))
    return t("alt.wc.decrees", locale, decrees=listing(items, locale))


def private_alt_text(view: Mapping[str, Any], locale: str) -> str:
    """The hand picture's description: the coins in the viewer's hand and the size of their bag."""
    seat = view.get("viewer")
    seats = view.get("seats", ())
    if not isinstance(seat, int) or not 0 <= seat < len(seats):
        return t("alt.private", locale, game="War Chest")
    own = seats[seat]
    hand = own.get("hand", [])
    coins = [t("alt.wc.coin.item", locale, unit=c) for c in hand] if isinstance(hand, list) else []
    out = [
        t("alt.wc.hand", locale, coins=listing(coins, locale)) if coins else t("alt.wc.hand.empty", locale)
    ]
    bag = own.get("bag", {})
    count = sum(bag.values()) if isinstance(bag, Mapping) else int(bag or 0)
    out.append(t("alt.wc.bag", locale, count=count))
    return clip(" ".join(out))


def unit_alt_text(code: str, locale: str) -> str:
    """A unit card's description: its name and its ability in one line."""
    found = lookup_unit(code)
    unit_code = UNITS[found].code if found is not None else code
    return clip(
        t(
            "alt.wc.unit_card",
            locale,
            unit=t(f"unit.{unit_code}.name", locale),
            ability=t(f"unit.{unit_code}.short", locale),
        )
    )


def board_text(title: str, view: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> list[str]:
    """The board as text: whose turn, each stack, control, and each seat's public coin counts."""
    lines = common_head(title, view, names, locale, view.get("to_act"))
    if view.get("phase") == "draft":
        lines.append(t("alt.wc.draft", locale))
    owners = _owners(view)
    for hex_name, (unit, count) in sorted(view.get("board", {}).items()):
        player = name_of(names, owners.get(unit, -1), locale)
        lines.append(t("alt.wc.text.stack", locale, hex=hex_name, player=player, unit=unit, count=count))
    if not view.get("board"):
        lines.append(t("alt.wc.empty", locale))
    control: dict[int, list[str]] = {s: [] for s in range(len(view.get("seats", ())))}
    for hex_name, seat in sorted(view.get("control", {}).items()):
        control.setdefault(seat, []).append(hex_name)
    for seat, hexes in control.items():
        player = name_of(names, seat, locale)
        lines.append(
            t("alt.wc.control", locale, player=player, hexes=listing(hexes, locale))
            if hexes
            else t("alt.wc.control.none", locale, player=player)
        )
    if (decrees := decrees_line(view, locale)) is not None:
        lines.append(decrees)
    if (forts := forts_line(view, locale)) is not None:
        lines.append(forts)
    for seat, data in enumerate(view.get("seats", ())):
        face_down = _count(data.get("discard_down"))
        lines.append(
            t(
                "alt.wc.text.counts",
                locale,
                player=name_of(names, seat, locale),
                supply=_count(data.get("supply")),
                discard=_count(data.get("discard_up")) + face_down,
                face_down=face_down,
                bag=_count(data.get("bag")),
                hand=_count(data.get("hand")),
            )
        )
    return lines


def _count(value: Any) -> int:
    """How many coins a zone of a view holds (a count, a list of coins or counts by unit)."""
    if isinstance(value, Mapping):
        return sum(value.values())
    if isinstance(value, list):
        return len(value)
    return int(value or 0)
