"""The board as text a screen reader reads (`/wc board text:true`, or the ``text_board`` setting): the
game's `board_text` lines and, on the reader's turn, their legal actions; split into messages within
Discord's 2000 characters, or a .txt attachment when that would take more than `MAX_MESSAGES` messages."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import discord

from ..games import alt_text_of, get_game
from ..i18n import t
from ..service import GameInfo
from .common import names_of

MESSAGE_MAX = 2000
"""Discord's limit on a message's content."""
MAX_MESSAGES = 3
"""More than this many messages of text come as one .txt attachment instead."""


def board_lines(info: GameInfo, view: dict[str, Any], legal: Sequence[str], locale: str) -> list[str]:
    """The board of ``view`` as lines, then ``legal`` (the reader's legal action texts) when there are any."""
    lines = alt_text_of(get_game(info.kind)).board_text(view, names_of(info), locale)
    if legal:
        lines.append(t("alt.text.legal", locale, count=len(legal)))
        lines.extend(f"- {text}" for text in legal)
    return lines


def split(lines: Sequence[str], limit: int = MESSAGE_MAX) -> list[str]:
    """``lines`` packed into messages of at most ``limit`` characters (a longer line is cut)."""
    chunks: list[str] = []
    current = ""
    for line in lines:
        line = line if len(line) <= limit else line[: limit - 1] + "…"
        joined = f"{current}\n{line}" if current else line
        if len(joined) > limit:
            chunks.append(current)
            joined = line
        current = joined
    if current:
        chunks.append(current)
    return chunks


def as_messages(
    info: GameInfo, caption: str, lines: Sequence[str], locale: str
) -> tuple[list[str], discord.File | None]:
    """The messages to send (the first begins with ``caption``), and a .txt file with the whole text when
    it is too long for `MAX_MESSAGES` messages."""
    chunks = split([caption, *lines])
    if len(chunks) <= MAX_MESSAGES:
        return chunks, None
    data = "\n".join(lines).encode()
    note = f"{caption}\n{t('alt.text.attached', locale)}"
    return [note], discord.File(io.BytesIO(data), filename=f"board-{info.id}.txt")
