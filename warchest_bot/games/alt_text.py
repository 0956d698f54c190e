"""What every game's alt text shares: Discord's length limit, lists in the reader's language, and how a
description too long for the limit is summarised (`fit`).

Alt text is made from the same view the picture is drawn from, so it can say nothing the picture hides.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any


def t(msg_id: str, locale: str, **params: Any) -> str:
    """The catalogue's message (`warchest_bot.i18n.t`; imported when first needed, since the catalogue
    imports the games' unit lists)."""
    from ..i18n import t as translate

    return translate(msg_id, locale, **params)


def has_message(msg_id: str) -> bool:
    """Whether the catalogue has ``msg_id`` (`warchest_bot.i18n.has_message`)."""
    from ..i18n import has_message as known

    return known(msg_id)


ALT_TEXT_MAX = 1024
"""Discord's limit on an attachment's description (characters)."""


def listing(items: Iterable[str], locale: str) -> str:
    """Items joined by the locale's list separator."""
    return t("alt.list_separator", locale).join(items)


def fit(head: Sequence[str], detail: Sequence[str], summary: Sequence[str], locale: str) -> str:
    """``head`` and ``detail`` sentences when they fit `ALT_TEXT_MAX`, else ``head`` and ``summary`` (the
    shorter form of the detail) followed by a pointer to the text board; clipped as a last resort."""
    full = " ".join([*head, *detail])
    if len(full) <= ALT_TEXT_MAX:
        return full
    short = " ".join([*head, *summary, t("alt.more", locale)])
    return clip(short)


def clip(text: str) -> str:
    """``text`` cut to `ALT_TEXT_MAX` characters (with an ellipsis when cut)."""
    return text if len(text) <= ALT_TEXT_MAX else text[: ALT_TEXT_MAX - 1].rstrip() + "…"


def name_of(names: Sequence[str] | None, seat: Any, locale: str) -> str:
    """The display name of ``seat`` (the catalogue's "Player N" when unknown)."""
    if names is not None and isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    n = seat + 1 if isinstance(seat, int) else "?"
    return t("alt.player", locale, n=n)


def common_head(
    title: str, view: Mapping[str, Any], names: Sequence[str] | None, locale: str, to_move: Any
) -> list[str]:
    """The sentences every board starts with: the game and its length, then the result or whose turn."""
    out = [t("alt.board", locale, game=title, plies=view.get("ply", 0))]
    result = view.get("result")
    if isinstance(result, Mapping):
        winner = result.get("winner")
        if isinstance(winner, int):
            out.append(t("alt.over.win", locale, winner=name_of(names, winner, locale)))
        else:
            out.append(t("alt.over.draw", locale))
    elif isinstance(to_move, int):
        out.append(t("alt.turn", locale, player=name_of(names, to_move, locale)))
    return out
