"""Spectators (schema v14): who follows a game or a player, how and how often.

A follow is (follower, target, target id): ``target`` "game" (a game id) or "player" (a user id); ``mode``
"turns" (told at every turn and at the end) or "results" (told when a game ends); ``how`` "dm" (a direct
message) or "mention" (a mention in the game's thread); a player is followed on one server (``guild_id``)
and only their games there are followed. `repositories.FollowRepository` says what storage
offers; `sqlite.follows.SQLiteFollows` implements it (and PostgreSQL runs the same SQL).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

FOLLOW_TARGETS = ("game", "player")
FOLLOW_MODES = ("turns", "results")
FOLLOW_HOWS = ("dm", "mention")


@dataclass(frozen=True, slots=True)
class FollowRecord:
    """One follow: ``user_id`` follows the game or player ``target_id``."""

    user_id: int
    target: str
    target_id: int
    mode: str
    how: str
    guild_id: int | None
    """Where a player was followed: the follow covers that player's games on that server only."""
    created_at: datetime


__all__ = ["FOLLOW_HOWS", "FOLLOW_MODES", "FOLLOW_TARGETS", "FollowRecord"]
