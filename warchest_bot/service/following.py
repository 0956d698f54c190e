"""Spectators: following a game or a player, and what the followers are told.

A user follows a game (``/wc my follow game:12``) or a player (every game that player sits in), either at
every turn (``turns``: the start, each turn, the result) or for the results only (``results``), by DM or by
a mention in the game's thread (``how``). Followers see exactly what a spectator sees: the messages are
built at delivery from the game's public facts and the board picture from the spectator view, never a hand.

`Following` is a `GameListener`: in the transaction that commits a turn, a start or an end it writes one
``follow`` outbox row naming the followers owed (never the game's own players, who are told anyway), so the
notices go out exactly once, after a crash too, like every announcement (`publication`). The players see
who follows their game (`followers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..storage import FOLLOW_HOWS, FOLLOW_MODES, FollowRecord, GameStatus
from .core import check_game_id
from .errors import ErrorCode, ServiceError
from .publication import OutboxKind

if TYPE_CHECKING:  # pragma: no cover
    from .service import GameService

MAX_FOLLOWS = 50
"""How many games and players one user may follow at once."""

START, TURN, END = "start", "turn", "end"
"""The events of a ``follow`` row (``event`` in its payload)."""


@dataclass(frozen=True, slots=True)
class Followers:
    """Who follows a game: directly, or through one of its players (user ids, each once, oldest first)."""

    game_id: int
    user_ids: tuple[int, ...]


def owed(follows: Sequence[FollowRecord], event: str, seated: set[int]) -> dict[str, list[int]]:
    """The followers an ``event`` owes a notice, by how they want it (``dm`` / ``mention``); a user who
    follows in several ways is told once, by DM if any of their matching follows says so. The start is
    told by DM only: its row is delivered before the game's thread is opened (the listener writes it ahead
    of the start's own row), so there is no thread to mention anyone in yet."""
    how: dict[int, str] = {}
    for follow in follows:
        if follow.user_id in seated or (follow.mode == "results" and event != END):
            continue
        if event == START and follow.how == "mention":
            continue
        if how.get(follow.user_id) != "dm":
            how[follow.user_id] = follow.how
    return {way: sorted(u for u, h in how.items() if h == way) for way in FOLLOW_HOWS}


class Following:
    """Follows and the notices they owe, over a `GameService` (registers itself as its listener)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.storage = service.storage
        service.listeners.append(self)

    def detach(self) -> None:
        if self in self.service.listeners:
            self.service.listeners.remove(self)

    # --- following -----------------------------------------------------------------------------------

    @staticmethod
    def _target(game_id: int | None, player_id: int | None) -> tuple[str, int]:
        if (game_id is None) == (player_id is None):
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.follow_what")
        if game_id is not None:
            return "game", check_game_id(game_id)
        assert player_id is not None
        if isinstance(player_id, bool) or not isinstance(player_id, int) or not 0 < player_id < 2**63:
            raise ServiceError(ErrorCode.BAD_ID, game_id=None)
        return "player", player_id

    async def follow(
        self,
        user_id: int,
        *,
        game_id: int | None = None,
        player_id: int | None = None,
        mode: str = "turns",
        how: str = "dm",
        guild_id: int | None = None,
    ) -> FollowRecord:
        """Follow a game that is not over, or a player (not oneself) in their games on the server
        ``guild_id`` (where the command was given: a follow made outside a server follows no player's
        games); following again changes ``mode`` and ``how``. Refused past `MAX_FOLLOWS`. The caller checks
        that the follower may see the game (the adapter: their own, or one of this server)."""
        target, target_id = self._target(game_id, player_id)
        if mode not in FOLLOW_MODES or how not in FOLLOW_HOWS:
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.follow_choices")
        if target == "player" and target_id == user_id:
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.follow_self")
        if target == "game":
            info = await self.service.get_game(target_id)
            if info.status in (GameStatus.FINISHED, GameStatus.ABORTED):
                raise ServiceError(ErrorCode.GAME_OVER, game_id=target_id)
        with self.service.storage_errors(game_id):
            current = await self.storage.follows_of_user(user_id)
            again = any(f.target == target and f.target_id == target_id for f in current)
            if not again and len(current) >= MAX_FOLLOWS:
                raise ServiceError(ErrorCode.LIMIT_REACHED, "error.follow_limit", limit=MAX_FOLLOWS)
            return await self.storage.put_follow(
                user_id, target, target_id, mode=mode, how=how, guild_id=guild_id
            )

    async def unfollow(
        self, user_id: int, *, game_id: int | None = None, player_id: int | None = None
    ) -> None:
        """Stop following; refused (``error.not_following``) if the user did not follow it."""
        target, target_id = self._target(game_id, player_id)
        with self.service.storage_errors(game_id):
            if not await self.storage.delete_follow(user_id, target, target_id):
                raise ServiceError(ErrorCode.BAD_OPTIONS, "error.not_following")

    async def follows(self, user_id: int) -> list[FollowRecord]:
        """What the user follows."""
        with self.service.storage_errors():
            return await self.storage.follows_of_user(user_id)

    async def followers(self, game_id: int) -> Followers:
        """Who follows the game (directly or through one of its players), for its players to see."""
        info = await self.service.get_game(game_id)
        with self.service.storage_errors(game_id):
            follows = await self.storage.followers_of(info.id, info.user_ids, guild_id=info.guild_id)
        seated = set(info.user_ids)
        users = tuple(dict.fromkeys(f.user_id for f in follows if f.user_id not in seated))
        return Followers(info.id, users)

    async def may_watch(self, user_id: int, game_id: int) -> bool:
        """Whether the user follows this game or one of its players (a follower's board button)."""
        info = await self.service.get_game(game_id)
        with self.service.storage_errors(game_id):
            follows = await self.storage.followers_of(info.id, info.user_ids, guild_id=info.guild_id)
        return any(f.user_id == user_id for f in follows)

    # --- the listener: what a turn, a start, an end owes the followers -------------------------------

    async def _owe(self, game_id: int, event: str, extra: dict[str, Any]) -> None:
        record = await self.storage.get_game(game_id)
        seated = {s.user_id for s in record.seats if s.user_id is not None}
        follows = await self.storage.followers_of(game_id, seated, guild_id=record.guild_id)
        if not follows:
            return
        to = owed(follows, event, seated)
        if not any(to.values()):
            return
        await self.service.owe(game_id, record.ply_count, OutboxKind.FOLLOW, {"event": event, **to, **extra})

    async def turn_changed(self, game_id: int, ply: int, seat: int | None) -> None:
        await self._owe(game_id, START if ply == 0 else TURN, {"next": seat})

    async def game_ended(self, game_id: int) -> None:
        record = await self.storage.get_game(game_id)
        if record.started_at is None:
            return  # a challenge that never started: nothing to follow
        await self._owe(game_id, END, {})


__all__ = ["MAX_FOLLOWS", "Followers", "Following", "owed"]
