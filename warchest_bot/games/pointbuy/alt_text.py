"""Point-Buy Chess's alt text: the board (whose turn, the last move, each unit with its owner, the
Barracks and budgets), the private picture (the seat's own secret army, else its Barracks) and unit cards.
Made from the view the picture is drawn from: a secret army appears only in its owner's private view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...i18n import format_list
from ..alt_text import clip, common_head, fit, has_message, listing, name_of, t
from ..units import BY_CODE, square_name


def unit_name(code: Any, locale: str) -> str:
    """A unit's name in ``locale`` (its code when unknown)."""
    key = f"picture.pb.unit.{code}"
    return t(key, locale) if isinstance(code, str) and has_message(key) else str(code)


def captured_units(last: Mapping[str, Any], captured: Sequence[int]) -> list[tuple[int, str]] | None:
    """The (square, type) of each unit on ``captured`` that the last move took, when its data names them
    (``victims``; older data does not: None)."""
    names = last.get("victims")
    caps = list(last.get("captures") or ())
    if not isinstance(names, list) or len(names) != len(caps) or not all(isinstance(n, str) for n in names):
        return None
    by_square = dict(zip((int(c) for c in caps), names, strict=True))
    if not captured or any(sq not in by_square for sq in captured):
        return None
    return [(sq, by_square[sq]) for sq in captured]


def victims_text(victims: Sequence[tuple[int, str]], locale: str) -> str:
    """ "the Pawn on c4 and the Knight on d5": each captured unit with its square."""
    return format_list(
        (
            t("picture.pb.victim", locale, unit=unit_name(code, locale), square=square_name(sq))
            for sq, code in victims
        ),
        locale,
    )


def _last(last: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> str:
    who = name_of(names, last.get("seat"), locale)
    unit = unit_name(last.get("code"), locale)
    kind, origin, dest = last.get("kind"), last.get("from"), last.get("to")
    if kind == "move" and isinstance(origin, int) and isinstance(dest, int):
        squares = {"player": who, "unit": unit, "from_sq": square_name(origin), "to_sq": square_name(dest)}
        victims = captured_units(last, [int(c) for c in last.get("captures") or ()])
        if victims is not None:
            return t("alt.pb.last.capture", locale, victims=victims_text(victims, locale), **squares)
        if isinstance(last.get("partner"), str):
            return t("alt.pb.last.swap", locale, partner=unit_name(last["partner"], locale), **squares)
        return t(
            "alt.pb.last.move",
            locale,
            player=who,
            unit=unit,
            from_sq=square_name(origin),
            to_sq=square_name(dest),
        )
    if kind == "deploy" and isinstance(dest, int):
        return t("alt.pb.last.deploy", locale, player=who, unit=unit, square=square_name(dest))
    if kind == "pick" and last.get("code"):
        return t("alt.pb.last.pick", locale, player=who, unit=unit)
    return t("alt.pb.last.other", locale, player=who)


def board_alt_text(
    title: str,
    view: Mapping[str, Any],
    last: Mapping[str, Any] | None,
    names: Sequence[str] | None,
    locale: str,
) -> str:
    """The board picture's description (see the module)."""
    head = common_head(title, view, names, locale, view.get("to_move"))
    if view.get("phase") == "secret":
        head.append(t("alt.pb.secret", locale))
    if last:
        head.append(_last(last, names, locale))
    by_seat: dict[int, list[str]] = {0: [], 1: []}
    for square, piece in enumerate(view.get("board", ())):
        if piece is not None:
            seat, code = piece
            item = t("alt.pb.unit.item", locale, unit=unit_name(code, locale), square=square_name(square))
            by_seat.setdefault(seat, []).append(item)
    detail: list[str] = []
    summary: list[str] = []
    if not any(by_seat.values()):
        detail.append(t("alt.pb.empty", locale))
        summary.append(t("alt.pb.empty", locale))
    for seat, items in by_seat.items():
        if items:
            player = name_of(names, seat, locale)
            detail.append(t("alt.pb.units", locale, player=player, units=listing(items, locale)))
            summary.append(t("alt.pb.units.count", locale, player=player, count=len(items)))
    budgets = view.get("budgets", ())
    for seat, barracks in enumerate(view.get("barracks", ())):
        player = name_of(names, seat, locale)
        line = (
            t(
                "alt.pb.barracks",
                locale,
                player=player,
                units=listing((unit_name(c, locale) for c in barracks), locale),
            )
            if barracks
            else t("alt.pb.barracks.empty", locale, player=player)
        )
        detail.append(line)
        if seat < len(budgets) and view.get("phase") in ("pick", "secret"):
            detail.append(t("alt.pb.budget", locale, player=player, budget=budgets[seat]))
            summary.append(t("alt.pb.budget", locale, player=player, budget=budgets[seat]))
    return fit(head, detail, summary, locale)


def private_alt_text(view: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> str:
    """The private picture's description: the viewer's own secret army while armies are chosen in secret,
    else their Barracks and budget."""
    seat = view.get("seat")
    if not isinstance(seat, int):
        return t("alt.private", locale, game="Point-Buy Chess")
    out: list[str] = []
    if view.get("phase") == "secret":
        army = view.get("my_army")
        if army:
            items = [
                t("alt.pb.army.item", locale, unit=unit_name(code, locale), square=square_name(sq))
                if isinstance(sq, int)
                else t("alt.pb.army.barracks_item", locale, unit=unit_name(code, locale))
                for code, sq in army
            ]
            out.append(t("alt.pb.army", locale, units=listing(items, locale)))
        else:
            out.append(t("alt.pb.army.none", locale))
    player = name_of(names, seat, locale)
    barracks = list(view.get("barracks", ([], []))[seat]) if seat < len(view.get("barracks", ())) else []
    out.append(
        t(
            "alt.pb.barracks",
            locale,
            player=player,
            units=listing((unit_name(c, locale) for c in barracks), locale),
        )
        if barracks
        else t("alt.pb.barracks.empty", locale, player=player)
    )
    budgets = view.get("budgets", ())
    if seat < len(budgets):
        out.append(t("alt.pb.budget", locale, player=player, budget=budgets[seat]))
    return clip(" ".join(out))


def unit_alt_text(code: str, locale: str) -> str:
    """A unit card's description: its name, price and what is special about it."""
    unit = BY_CODE[code]
    note_key = f"picture.pb.card.note.{code}"
    note = t(note_key, locale) if has_message(note_key) else ""
    return clip(
        t("alt.pb.unit_card", locale, unit=unit_name(code, locale), price=unit.price, note=note).strip()
    )


def board_text(title: str, view: Mapping[str, Any], names: Sequence[str] | None, locale: str) -> list[str]:
    """The board as text: whose turn, each unit with its owner, the Barracks and budgets."""
    lines = common_head(title, view, names, locale, view.get("to_move"))
    if view.get("phase") == "secret":
        lines.append(t("alt.pb.secret", locale))
    board = view.get("board", ())
    for square, piece in enumerate(board):
        if piece is not None:
            seat, code = piece
            player = name_of(names, seat, locale)
            lines.append(
                t(
                    "alt.pb.text.unit",
                    locale,
                    square=square_name(square),
                    player=player,
                    unit=unit_name(code, locale),
                )
            )
    if not any(p is not None for p in board):
        lines.append(t("alt.pb.empty", locale))
    budgets = view.get("budgets", ())
    for seat, barracks in enumerate(view.get("barracks", ())):
        player = name_of(names, seat, locale)
        lines.append(
            t(
                "alt.pb.barracks",
                locale,
                player=player,
                units=listing((unit_name(c, locale) for c in barracks), locale),
            )
            if barracks
            else t("alt.pb.barracks.empty", locale, player=player)
        )
        if seat < len(budgets):
            lines.append(t("alt.pb.budget", locale, player=player, budget=budgets[seat]))
    return lines
