"""Single elimination after a Swiss: the top 4 or 8 of the standings play a seeded knockout.

Pure, like `model`: the service keeps a `Knockout` (as the plain dict of `to_dict`) and tells it each game's
result; everything here is a rule of the knockout.

- **Seeds** follow the Swiss standings (its tie-breaks included): seed 1 is the winner. Entrants who withdrew
  or were removed are passed over, so the next ones in the standings move up. The bracket is the usual one
  in which the seeds 1 and 2 can meet only in the final: with 8, 1-8 and 4-5 in the top half, 3-6 and 2-7
  in the bottom half; with 4, 1-4 and 2-3. The winners of two neighbouring matches meet in the next round.
- **A match** is one game; the higher seed moves first (the game's first decision, as in the Swiss).
- **A drawn game** (decide per knockout with `DrawRule`): ``REMATCH`` (the default) plays it again with the
  other entrant moving first, up to ``max_games`` games in all; if every one of them is drawn the higher
  seed advances. ``HIGHER_SEED`` lets the higher seed advance at once.
- **Forfeits**: a forfeit win decides the match like a win; a double forfeit lets the higher seed advance
  (neither played: the Swiss standing decides).
- No match for third place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .model import Outcome, StandingRow, Status, TournamentError

SIZES = (2, 4, 8)
"""How many entrants a knockout may take (2: a final between the Swiss's top two)."""


class DrawRule(StrEnum):
    """What a drawn knockout game leads to."""

    REMATCH = "rematch"
    HIGHER_SEED = "higher_seed"


def bracket_order(size: int) -> list[int]:
    """The seeds in bracket order, neighbours meeting in the first round: ``[1, 8, 4, 5, 2, 7, 3, 6]`` for 8
    (each round folds the list so that the best seed meets the worst one left)."""
    if size not in SIZES:
        raise TournamentError("tournament.bad_settings", str(size))
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


@dataclass(slots=True)
class Match:
    """One match: ``high`` the higher seed (the smaller seed number), ``low`` the other; ``games`` the
    outcomes so far, each seen from the entrant who moved first in that game (``first_of(i)``)."""

    high: int
    low: int
    games: list[Outcome] = field(default_factory=list)
    winner: int | None = None

    def first_of(self, game: int) -> int:
        """The seed who moves first in game ``game`` (0-based): the higher seed, then each rematch the other."""
        return self.high if game % 2 == 0 else self.low

    def second_of(self, game: int) -> int:
        """The other seed of game ``game``."""
        return self.low if game % 2 == 0 else self.high


@dataclass(slots=True)
class Knockout:
    """The knockout after a Swiss. ``seeds[k]`` is the Swiss entrant number of seed ``k + 1``; ``rounds``
    the matches of each round paired so far, in bracket order (the final is the last round, one match)."""

    seeds: list[int]
    draw_rule: DrawRule = DrawRule.REMATCH
    max_games: int = 3
    rounds: list[list[Match]] = field(default_factory=list)

    @classmethod
    def from_standings(
        cls,
        standings: list[StandingRow],
        size: int,
        draw_rule: DrawRule = DrawRule.REMATCH,
        max_games: int = 3,
    ) -> Knockout:
        """The knockout of the top ``size`` entrants still in the event, by the order of ``standings``."""
        bracket_order(size)
        seeds = [row.entrant.number for row in standings if row.entrant.status is Status.ACTIVE][:size]
        if len(seeds) < size:
            raise TournamentError("tournament.too_few", f"{len(seeds)} of {size}")
        return cls.seeded(seeds, draw_rule, max_games)

    @classmethod
    def seeded(cls, seeds: list[int], draw_rule: DrawRule = DrawRule.REMATCH, max_games: int = 3) -> Knockout:
        """The knockout of ``seeds`` (entrant numbers, seed 1 first), its first round paired."""
        order = bracket_order(len(seeds))
        if max_games < 1:
            raise TournamentError("tournament.bad_settings", f"max_games {max_games}")
        ko = cls(list(seeds), draw_rule, max_games)
        ko.rounds.append([Match(order[i], order[i + 1]) for i in range(0, len(seeds), 2)])
        return ko

    # ---- state ----------------------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """How many entrants it began with."""
        return len(self.seeds)

    @property
    def total_rounds(self) -> int:
        """Its number of rounds (the final included)."""
        return self.size.bit_length() - 1

    @property
    def finished(self) -> bool:
        """Whether the final has a winner."""
        return len(self.rounds) == self.total_rounds and self.rounds[-1][0].winner is not None

    @property
    def champion(self) -> int | None:
        """The entrant number of the winner of the final, once there is one."""
        winner = self.rounds[-1][0].winner if self.finished else None
        return None if winner is None else self.entrant(winner)

    def entrant(self, seed: int) -> int:
        """The Swiss entrant number of seed ``seed``."""
        return self.seeds[seed - 1]

    def pending(self) -> list[tuple[int, int, int, int]]:
        """The games to play now, as (round, match index, first entrant, second entrant): round and match
        index 1-based, the entrants by their Swiss numbers."""
        if not self.rounds:
            return []
        number = len(self.rounds)
        out = []
        for i, m in enumerate(self.rounds[-1], start=1):
            if m.winner is None:
                g = len(m.games)
                out.append((number, i, self.entrant(m.first_of(g)), self.entrant(m.second_of(g))))
        return out

    # ---- results --------------------------------------------------------------------------------------

    def record(self, round_number: int, match: int, outcome: Outcome) -> Match:
        """Record the result of the game being played in match ``match`` (1-based) of round
        ``round_number``; ``outcome`` is seen from that game's first entrant. Pairs the next round once every
        match of this one has a winner."""
        if round_number != len(self.rounds) or not 1 <= match <= len(self.rounds[-1]):
            raise TournamentError("tournament.no_board", f"round {round_number} match {match}")
        m = self.rounds[-1][match - 1]
        if m.winner is not None:
            raise TournamentError("tournament.no_board", f"round {round_number} match {match}")
        if outcome is Outcome.PAIRING_BYE:
            raise ValueError("a knockout has no pairing bye")
        game = len(m.games)
        m.games.append(outcome)
        first, second = m.first_of(game), m.second_of(game)
        if outcome in (Outcome.FIRST_WINS, Outcome.FIRST_BY_FORFEIT):
            m.winner = first
        elif outcome in (Outcome.SECOND_WINS, Outcome.SECOND_BY_FORFEIT):
            m.winner = second
        elif (
            outcome is Outcome.DOUBLE_FORFEIT
            or self.draw_rule is DrawRule.HIGHER_SEED
            or len(m.games) >= self.max_games
        ):
            m.winner = m.high
        if all(x.winner is not None for x in self.rounds[-1]) and len(self.rounds) < self.total_rounds:
            winners = [x.winner for x in self.rounds[-1] if x.winner is not None]
            self.rounds.append(
                [Match(min(a, b), max(a, b)) for a, b in zip(winners[::2], winners[1::2], strict=True)]
            )
        return m

    # ---- storage --------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data (JSON-ready) from which `from_dict` rebuilds it."""
        return {
            "seeds": list(self.seeds),
            "draw_rule": self.draw_rule.value,
            "max_games": self.max_games,
            "rounds": [
                [
                    {"high": m.high, "low": m.low, "games": [g.value for g in m.games], "winner": m.winner}
                    for m in r
                ]
                for r in self.rounds
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Knockout:
        """The knockout `to_dict` gave."""
        return cls(
            seeds=[int(s) for s in data["seeds"]],
            draw_rule=DrawRule(data["draw_rule"]),
            max_games=int(data["max_games"]),
            rounds=[
                [
                    Match(int(m["high"]), int(m["low"]), [Outcome(g) for g in m["games"]], m["winner"])
                    for m in r
                ]
                for r in data["rounds"]
            ],
        )


__all__ = ["SIZES", "DrawRule", "Knockout", "Match", "bracket_order"]
