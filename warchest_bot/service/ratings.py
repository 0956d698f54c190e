"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), per game kind, per server and
global: a game moves only the ratings of its own kind (`GameRecord.kind`).

Each finished rated game is one rating period for the players in it: every player is rated against each
seat of the other teams, scored by the seats' outcomes (win over draw over loss; a 4-player game counts as
two results per player), all from the ratings held before the game. Aborted games never count; timeouts and resignations do; casual games (``rated`` False)
and games with an AI seat are left out. Applying a game twice is impossible (`Storage.mark_game_rated`).

Seats that changed hands (`service.seats`, the tenures): a game in which the bot ever played a person's seat is
never rated. In a game whose seats changed hands, the people who held their seat from the first ply to the
last are rated, and so is a seat's first holder who handed it on (their choice: the seat's result counts for
them, so a losing game cannot be handed away), each against the other teams' seats rated so; a silent
player who was replaced, a newcomer, and a person with no such opponent are not rated by it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..games import DEFAULT_KIND
from ..storage import (
    GLOBAL_SCOPE,
    GameRecord,
    GameStatus,
    RatingRecord,
    Repository,
    SeatRecord,
    TenureRecord,
)


def _handed_on(record: GameRecord, tenures: Sequence[TenureRecord]) -> list[SeatRecord]:
    """The seats whose first holder handed them on (their own choice): each rated for that first holder,
    with the seat's result, as if they had played it to the end (so a lost game cannot be handed away)."""
    found = []
    for seat in record.seats:
        mine = [t for t in tenures if t.seat == seat.seat]
        if len(mine) >= 2 and mine[0].how == "start" and mine[1].how == "handed" and mine[0].user_id:
            found.append(replace(seat, user_id=mine[0].user_id, display_name=mine[0].display_name))
    return found


SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT_TAU = 0.5
EPSILON = 1e-6


@dataclass(frozen=True, slots=True)
class Glicko:
    """A rating on the public scale."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def update(player: Glicko, results: Sequence[tuple[Glicko, float]], tau: float = DEFAULT_TAU) -> Glicko:
    """The player's rating after one rating period with `results` = (opponent, score 1/0.5/0)."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not results:  # step 6 only: the deviation grows
        return Glicko(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v_inv = 0.0
    delta_sum = 0.0
    for opponent, score in results:
        mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
        g = _g(opponent.rd / SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    # Step 5: the new volatility by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2.0
        big_b, fb = c, fc
    new_sigma = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * delta_sum
    return Glicko(new_mu * SCALE + DEFAULT_RATING, new_phi * SCALE, new_sigma)


@dataclass(frozen=True, slots=True)
class RatingInfo:
    """A player's rating in one game kind and scope (`guild_id` None: global) for stats and leaderboards."""

    user_id: int
    guild_id: int | None
    rating: float
    rd: float
    volatility: float
    games: int
    kind: str = DEFAULT_KIND

    @property
    def display(self) -> int:
        return round(self.rating)


def counts_for_rating(record: GameRecord) -> bool:
    """Finished, rated, every seat a human: the game goes into the ratings."""
    return (
        record.status is GameStatus.FINISHED
        and record.rated
        and bool(record.seats)
        and all(s.user_id is not None for s in record.seats)
    )


_RANK = {"win": 2, "draw": 1, "loss": 0}


def _score(seat: SeatRecord, other: SeatRecord) -> float:
    """The seat's score against a seat of another team, from their outcomes: the better one scores 1, the
    same 0.5 (a win beats a loss and a draw; a draw beats a loss: the team that forfeited among three)."""
    mine, theirs = _RANK.get(str(seat.outcome), 1), _RANK.get(str(other.outcome), 1)
    return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5


class Ratings:
    """Reads and updates the rating tables through `storage`."""

    def __init__(self, storage: Repository, *, tau: float = DEFAULT_TAU) -> None:
        self.storage = storage
        self.tau = tau

    @staticmethod
    def _scopes(record: GameRecord) -> list[int]:
        return [GLOBAL_SCOPE] + ([record.guild_id] if record.guild_id else [])

    async def apply_game(self, record: GameRecord) -> bool:
        """Update the ratings for a finished game (call inside the finishing transaction, or after it:
        it applies at most once). Returns whether anything was updated."""
        if not counts_for_rating(record):
            return False
        tenures = await self.storage.seat_tenures(record.id)
        if any(t.user_id is None for t in tenures):  # the bot played a person's seat: never rated
            return False
        whole = [s for s in record.seats if not any(t.seat == s.seat for t in tenures)]  # held to the end
        whole.extend(_handed_on(record, tenures))
        if not await self.storage.mark_game_rated(record.id):
            return False
        user_ids = [s.user_id for s in whole if s.user_id is not None]  # every seat: counts_for_rating
        for scope in self._scopes(record):
            stored = await self.storage.get_ratings(scope, user_ids, kind=record.kind)
            before = {uid: Glicko(r.rating, r.rd, r.volatility) for uid, r in stored.items()}
            updated = []
            for seat in whole:
                assert seat.user_id is not None
                me = before.get(seat.user_id, Glicko())
                results = []
                for other in whole:
                    if other.team == seat.team:
                        continue
                    assert other.user_id is not None
                    results.append((before.get(other.user_id, Glicko()), _score(seat, other)))
                if not results:  # nobody of another team played the whole game: no result
                    continue
                new = update(me, results, self.tau)
                games = stored[seat.user_id].games if seat.user_id in stored else 0
                updated.append(
                    RatingRecord(
                        scope, seat.user_id, new.rating, new.rd, new.volatility, games + 1, kind=record.kind
                    )
                )
            await self.storage.put_ratings(updated)
        return True

    @staticmethod
    def _info(r: RatingRecord) -> RatingInfo:
        return RatingInfo(
            r.user_id,
            None if r.scope == GLOBAL_SCOPE else r.scope,
            r.rating,
            r.rd,
            r.volatility,
            r.games,
            r.kind,
        )

    async def rating(
        self, user_id: int, guild_id: int | None = None, *, kind: str = DEFAULT_KIND
    ) -> RatingInfo:
        """The player's rating in game ``kind`` (the starting 1500 ± 350 if they have no rated game of it)."""
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        found = (await self.storage.get_ratings(scope, [user_id], kind=kind)).get(user_id)
        if found is None:
            return RatingInfo(user_id, guild_id, DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY, 0, kind)
        return self._info(found)

    async def leaderboard(
        self, guild_id: int | None = None, *, kind: str = DEFAULT_KIND, limit: int = 20
    ) -> list[RatingInfo]:
        """Highest ratings in game ``kind`` first: on the server, or global (``guild_id`` None)."""
        scope = GLOBAL_SCOPE if guild_id is None else guild_id
        return [self._info(r) for r in await self.storage.leaderboard(scope, kind=kind, limit=limit)]


__all__ = ["Glicko", "RatingInfo", "Ratings", "counts_for_rating", "update"]
