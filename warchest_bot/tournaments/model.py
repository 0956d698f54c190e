"""The tournament model: events, entrants, rounds, results, scores, tie-breaks and the TRF16 export.

Pure: no I/O, no clock, no chat platform. The service keeps a `Tournament` in storage and drives it (who may
join, when a round is paired or closed, which game decides a board); everything here is a rule of the event.

- **Formats**: Swiss (FIDE Dutch, a fixed number of rounds) and round robin (Berger tables, single or
  double). Pairing goes through `pairing.PairingEngine`.
- **Entrants** are players or teams (War Chest's 4-player games: two players per entrant); an entrant is
  known by ``number``, its starting rank, given by rating when the event starts (late joiners come after).
- **Scoring**: a win 1, a draw ½, a loss 0; a forfeit win 1; the pairing bye (at most once per entrant) 1;
  a requested half-point bye ½ (at most ``Settings.half_byes`` per entrant); a round an entrant was not in
  (joined later, withdrew, was removed) 0.
- **Tie-breaks** (FIDE C.07): Buchholz cut-1 and Sonneborn–Berger (an opponent's unplayed rounds count as
  draws for them, the entrant's own unplayed rounds count its own score in Buchholz), direct encounter
  (the points scored among the tied entrants, only when all of them have met). A Swiss ranks by points,
  Buchholz cut-1, Sonneborn–Berger, direct encounter; a round robin by points, direct encounter,
  Sonneborn–Berger; then the starting rank.
- **Withdrawals** are never paired again (in a round robin their remaining games are forfeited); an
  entrant who missed ``Settings.missed_deadlines`` round deadlines is removed the same way.
- **Late joins** are accepted in a Swiss until half the rounds have been paired.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import NamedTuple

from .pairing import DEFAULT_ENGINE, PairingEngine, Standing, round_robin_rounds


class TournamentError(Exception):
    """A request the event's rules refuse; ``code`` says which (stable, for the message catalogue)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code

    @property
    def message_id(self) -> str:
        """The catalogue message that explains the refusal (``tournament.error.<x>`` for ``tournament.<x>``)."""
        return "tournament.error." + self.code.split(".", 1)[-1]


class Format(StrEnum):
    """How rounds are paired."""

    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"


class Status(StrEnum):
    """Whether an entrant is still paired."""

    ACTIVE = "active"
    WITHDRAWN = "withdrawn"
    REMOVED = "removed"


class Outcome(StrEnum):
    """The result of one board (stored as its value, the TRF16 codes of both sides)."""

    FIRST_WINS = "1-0"
    SECOND_WINS = "0-1"
    DRAW = "=-="
    FIRST_BY_FORFEIT = "+--"
    SECOND_BY_FORFEIT = "--+"
    DOUBLE_FORFEIT = "---"
    PAIRING_BYE = "U"

    @property
    def played(self) -> bool:
        """Whether the game was played (forfeits and the bye were not: they meet no opponent)."""
        return self in (Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW)

    def points(self, first: bool) -> float:
        """The points of the first (``first``) or the second entrant."""
        if self is Outcome.PAIRING_BYE:
            return 1.0 if first else 0.0
        if self is Outcome.DRAW:
            return 0.5
        won = {
            True: (Outcome.FIRST_WINS, Outcome.FIRST_BY_FORFEIT),
            False: (Outcome.SECOND_WINS, Outcome.SECOND_BY_FORFEIT),
        }
        return 1.0 if self in won[first] else 0.0


@dataclass(frozen=True, slots=True)
class Settings:
    """An event's rules, fixed when it is created. ``rounds`` is the Swiss's number of rounds (a round
    robin's follows from its entrants and ``cycles``); ``half_byes`` the requested half-point byes each
    entrant may have; ``missed_deadlines`` the round deadlines an entrant may miss before it is removed
    (0: never removed)."""

    format: Format = Format.SWISS
    rounds: int = 5
    cycles: int = 1
    half_byes: int = 1
    missed_deadlines: int = 2

    def __post_init__(self) -> None:
        if self.format is Format.SWISS and not 1 <= self.rounds <= 50:
            raise TournamentError("tournament.bad_rounds", str(self.rounds))
        if self.cycles not in (1, 2):
            raise TournamentError("tournament.bad_cycles", str(self.cycles))
        if not 0 <= self.half_byes <= 2 or self.missed_deadlines < 0:
            raise TournamentError("tournament.bad_settings")


@dataclass(slots=True)
class Entrant:
    """A player or a team in the event. ``key`` identifies it (the service's choice, e.g. the user ids),
    ``members`` the user ids who play its games, ``joined`` the first round it can be paired in."""

    number: int
    key: str
    name: str
    members: tuple[int, ...]
    rating: int = 0
    joined: int = 1
    status: Status = Status.ACTIVE
    missed: int = 0
    half_byes: frozenset[int] = frozenset()
    """The rounds it asked to sit out for half a point."""
    names: tuple[str, ...] = ()
    """The display names of ``members`` (empty: ``name`` stands for all of them)."""

    def member_name(self, index: int) -> str:
        """The display name of ``members[index]``."""
        return self.names[index] if index < len(self.names) else self.name


@dataclass(slots=True)
class Game:
    """One board of a round: ``first`` moves first, ``second`` None is the pairing bye; ``outcome`` None
    while it is being played."""

    table: int
    first: int
    second: int | None
    outcome: Outcome | None = None


@dataclass(slots=True)
class Round:
    """A paired round; ``closed`` once every board has its result and the scores count."""

    number: int
    games: list[Game]
    closed: bool = False
    _boards: dict[int, Game] | None = field(default=None, repr=False, compare=False)

    def game_of(self, number: int) -> Game | None:
        """The board ``number`` plays on in this round, if any."""
        if self._boards is None or len(self._boards) < len(self.games):
            self._boards = {n: g for g in self.games for n in (g.first, g.second) if n is not None}
        return self._boards.get(number)


class RoundEntry(NamedTuple):
    """One entrant's round as the TRF16 records it: ``opponent`` 0 for none, ``colour`` ``w``/``b``/``-``,
    ``code`` its result (1 0 = + - U H Z; ``*`` not decided yet). A tuple: standings build thousands."""

    opponent: int
    colour: str
    code: str
    points: float

    @property
    def played(self) -> bool:
        """Whether a game was played over the board."""
        return self.opponent != 0 and self.code in ("1", "0", "=")


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    entrant: Entrant
    points: float
    buchholz_cut1: float
    sonneborn_berger: float
    direct_encounter: float


_SIDE_CODES = {
    Outcome.FIRST_WINS: ("1", "0"),
    Outcome.SECOND_WINS: ("0", "1"),
    Outcome.DRAW: ("=", "="),
    Outcome.FIRST_BY_FORFEIT: ("+", "-"),
    Outcome.SECOND_BY_FORFEIT: ("-", "+"),
    Outcome.DOUBLE_FORFEIT: ("-", "-"),
    Outcome.PAIRING_BYE: ("U", "U"),
}
"""Each outcome's TRF16 result code for the first and the second entrant."""
_CODES = {"1": 1.0, "0": 0.0, "=": 0.5, "+": 1.0, "-": 0.0, "U": 1.0, "H": 0.5, "Z": 0.0}


@dataclass(slots=True)
class Tournament:
    """An event and everything that happened in it."""

    settings: Settings
    entrants: dict[int, Entrant] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    started: bool = False

    # ---- entrants -------------------------------------------------------------------------------------

    @property
    def total_rounds(self) -> int:
        """How many rounds the event has (a round robin's once it started)."""
        if self.settings.format is Format.ROUND_ROBIN:
            return round_robin_rounds(len(self.entrants), self.settings.cycles) if self.entrants else 0
        return self.settings.rounds

    def entrant(self, number: int) -> Entrant:
        """The entrant with starting rank ``number``."""
        try:
            return self.entrants[number]
        except KeyError:
            raise TournamentError("tournament.no_entrant", str(number)) from None

    def by_key(self, key: str) -> Entrant | None:
        """The entrant known by ``key``, if it entered."""
        return next((e for e in self.entrants.values() if e.key == key), None)

    def join(
        self, key: str, name: str, members: Sequence[int], rating: int = 0, *, names: Sequence[str] = ()
    ) -> Entrant:
        """Enter ``key``: before the start, or in a Swiss as a late join until half the rounds are paired
        (it scores 0 for the rounds it missed)."""
        if self.by_key(key) is not None:
            raise TournamentError("tournament.already_entered", key)
        members_in = {m for e in self.entrants.values() if e.status is Status.ACTIVE for m in e.members}
        if members_in & set(members):
            raise TournamentError("tournament.already_entered", key)
        if self.started:
            if self.settings.format is not Format.SWISS or len(self.rounds) > self.settings.rounds // 2:
                raise TournamentError("tournament.too_late")
            joined = len(self.rounds) + 1
        else:
            joined = 1
        number = max(self.entrants, default=0) + 1
        entrant = Entrant(number, key, name, tuple(members), rating, joined, names=tuple(names))
        self.entrants[number] = entrant
        return entrant

    def leave(self, number: int) -> None:
        """Take an entrant out before the start (after it, `withdraw`)."""
        if self.started:
            raise TournamentError("tournament.started")
        del self.entrants[self.entrant(number).number]
        self._renumber()

    def start(self) -> None:
        """Close the entry list: starting ranks by rating (highest first), then by order of entry."""
        if self.started:
            raise TournamentError("tournament.started")
        if len(self.entrants) < 2:
            raise TournamentError("tournament.too_few")
        if self.settings.format is Format.ROUND_ROBIN and len(self.entrants) > 40:
            raise TournamentError("tournament.too_many")
        self._renumber()
        self.started = True

    def _renumber(self) -> None:
        order = sorted(self.entrants.values(), key=lambda e: (-e.rating, e.number))
        self.entrants = {}
        for n, e in enumerate(order, start=1):
            e.number = n
            self.entrants[n] = e

    def request_bye(self, number: int) -> int:
        """A half-point bye for the next round to be paired (its number is returned)."""
        e = self.entrant(number)
        if e.status is not Status.ACTIVE:
            raise TournamentError("tournament.not_active")
        if self.settings.format is not Format.SWISS:
            raise TournamentError("tournament.no_byes_here")
        upcoming = len(self.rounds) + 1
        if upcoming > self.settings.rounds:
            raise TournamentError("tournament.over")
        if upcoming in e.half_byes:
            raise TournamentError("tournament.bye_already")
        if len(e.half_byes) >= self.settings.half_byes:
            raise TournamentError("tournament.no_byes_left", str(self.settings.half_byes))
        e.half_byes = e.half_byes | {upcoming}
        return upcoming

    def withdraw(self, number: int, status: Status = Status.WITHDRAWN) -> list[Game]:
        """Take an entrant out for good: never paired again. Its unfinished game of the open round and (in a
        round robin) its games of later rounds are forfeited; the games forfeited now are returned."""
        e = self.entrant(number)
        if e.status is not Status.ACTIVE:
            raise TournamentError("tournament.not_active")
        e.status = status
        forfeited = []
        current = self.rounds[-1] if self.rounds and not self.rounds[-1].closed else None
        game = current.game_of(number) if current else None
        if game is not None and game.outcome is None:
            if game.second is None:
                game.outcome = Outcome.PAIRING_BYE
            else:
                game.outcome = Outcome.SECOND_BY_FORFEIT if game.first == number else Outcome.FIRST_BY_FORFEIT
                forfeited.append(game)
        return forfeited

    def missed_deadline(self, number: int) -> bool:
        """Count a round deadline ``number`` let pass without finishing its game; True when this removes it."""
        e = self.entrant(number)
        e.missed += 1
        limit = self.settings.missed_deadlines
        if limit and e.missed >= limit and e.status is Status.ACTIVE:
            self.withdraw(number, Status.REMOVED)
            return True
        return False

    # ---- rounds ---------------------------------------------------------------------------------------

    @property
    def current(self) -> Round | None:
        """The round being played (paired, not closed)."""
        return self.rounds[-1] if self.rounds and not self.rounds[-1].closed else None

    @property
    def finished(self) -> bool:
        """Whether the last round is closed."""
        return self.started and len(self.rounds) == self.total_rounds and self.rounds[-1].closed

    def pairable(self, round_number: int) -> list[Entrant]:
        """The entrants paired in a Swiss round: active, joined, not sitting out for a half-point bye."""
        return [
            e
            for e in self.entrants.values()
            if e.status is Status.ACTIVE and e.joined <= round_number and round_number not in e.half_byes
        ]

    def pair_next_round(self, engine: PairingEngine = DEFAULT_ENGINE) -> Round:
        """Pair the next round (the previous one must be closed). The pairing bye scores at once; in a round
        robin a game against an entrant who left is forfeited at once."""
        if not self.started:
            raise TournamentError("tournament.not_started")
        if self.current is not None:
            raise TournamentError("tournament.round_open")
        number = len(self.rounds) + 1
        if number > self.total_rounds:
            raise TournamentError("tournament.over")
        if self.settings.format is Format.SWISS:
            standings = self.pairing_standings(number)
            boards = engine.swiss(standings, number, self.total_rounds)
        else:
            boards = engine.round_robin(sorted(self.entrants), number, self.settings.cycles)
        games = [Game(b.table, b.first, b.second) for b in boards]
        for g in games:
            if g.second is None:
                g.outcome = Outcome.PAIRING_BYE
                continue
            gone_first = self.entrants[g.first].status is not Status.ACTIVE
            gone_second = self.entrants[g.second].status is not Status.ACTIVE
            if gone_first or gone_second:
                g.outcome = (
                    Outcome.DOUBLE_FORFEIT
                    if gone_first and gone_second
                    else Outcome.SECOND_BY_FORFEIT
                    if gone_first
                    else Outcome.FIRST_BY_FORFEIT
                )
        new = Round(number, games)
        self.rounds.append(new)
        return new

    def record(self, round_number: int, table: int, outcome: Outcome) -> Game:
        """Set (or, by the organiser's adjudication, correct) the result of a board of the open round."""
        rnd = self.current
        if rnd is None or rnd.number != round_number:
            raise TournamentError("tournament.round_closed", str(round_number))
        game = next((g for g in rnd.games if g.table == table), None)
        if game is None or game.second is None or outcome is Outcome.PAIRING_BYE:
            raise TournamentError("tournament.no_board", str(table))
        game.outcome = outcome
        return game

    def unfinished(self) -> list[Game]:
        """The boards of the open round still without a result."""
        rnd = self.current
        return [g for g in rnd.games if g.outcome is None] if rnd else []

    def close_round(self) -> Round:
        """Close the open round once every board has its result."""
        rnd = self.current
        if rnd is None:
            raise TournamentError("tournament.no_round")
        if any(g.outcome is None for g in rnd.games):
            raise TournamentError("tournament.round_unfinished")
        rnd.closed = True
        return rnd

    # ---- scores ---------------------------------------------------------------------------------------

    def entries(self, number: int, upto: int | None = None) -> list[RoundEntry]:
        """Entrant ``number``'s rounds 1..``upto`` (default: every paired round) as the TRF16 records them."""
        out = []
        for rnd in self.rounds[: len(self.rounds) if upto is None else upto]:
            game = rnd.game_of(number)
            if game is None:
                code = "H" if rnd.number in self.entrants[number].half_byes else "Z"
                out.append(RoundEntry(0, "-", code, _CODES[code]))
                continue
            if game.second is None:
                out.append(RoundEntry(0, "-", "U", 1.0))
                continue
            first = game.first == number
            if first:
                opponent, colour = game.second, "w"
            else:
                opponent, colour = game.first, "b"
            if game.outcome is None:
                out.append(RoundEntry(opponent, colour, "*", 0.0))
                continue
            code = _SIDE_CODES[game.outcome][0 if first else 1]
            out.append(RoundEntry(opponent, colour, code, _CODES[code]))
        return out

    def points(self, number: int, upto: int | None = None) -> float:
        """Entrant ``number``'s score after round ``upto`` (default: every round with a result)."""
        return sum(e.points for e in self.entries(number, upto) if e.code != "*")

    def pairing_standings(self, round_number: int) -> list[Standing]:
        """What pairing round ``round_number`` needs of each entrant to be paired in it."""
        before = round_number - 1
        entries = {n: self.entries(n, before) for n in self.entrants}
        score_before: dict[int, list[float]] = {}
        for n, rows in entries.items():
            running, acc = [], 0.0
            for row in rows:
                running.append(acc)
                acc += row.points
            score_before[n] = [*running, acc]
        result = []
        for e in self.pairable(round_number):
            rows = entries[e.number]
            floats = []
            for i, row in enumerate(rows):
                if not row.played:
                    floats.append("down" if row.code == "U" else "none")
                    continue
                mine, theirs = score_before[e.number][i], score_before[row.opponent][i]
                floats.append("down" if mine > theirs else "up" if mine < theirs else "none")
            result.append(
                Standing(
                    number=e.number,
                    score=score_before[e.number][-1],
                    rating=e.rating,
                    colours=tuple(r.colour if r.played else "-" for r in rows),
                    floats=tuple(floats),
                    opponents=frozenset(r.opponent for r in rows if r.played),
                    pairing_byes=sum(r.code == "U" for r in rows),
                )
            )
        return result

    def standings(self) -> list[StandingRow]:
        """The ranking after the rounds with results, with its tie-breaks."""
        entries = {n: [r for r in self.entries(n) if r.code != "*"] for n in self.entrants}
        points = {n: sum(r.points for r in rows) for n, rows in entries.items()}
        # An opponent's unplayed rounds count as draws for the tie-breaks of those who met it.
        adjusted = {n: sum(r.points if r.played else 0.5 for r in rows) for n, rows in entries.items()}
        buchholz, sb = {}, {}
        for n, rows in entries.items():
            parts = [adjusted[r.opponent] if r.played else points[n] for r in rows]
            buchholz[n] = sum(parts) - min(parts) if len(parts) > 1 else 0.0
            sb[n] = sum(adjusted[r.opponent] * r.points for r in rows if r.played)
        direct = _direct_encounter(points, entries)
        if self.settings.format is Format.SWISS:

            def key(n: int) -> tuple[float, ...]:
                return (-points[n], -buchholz[n], -sb[n], -direct[n], n)
        else:

            def key(n: int) -> tuple[float, ...]:
                return (-points[n], -direct[n], -sb[n], n)

        order = sorted(self.entrants, key=key)
        rows_out, rank = [], 0
        for i, n in enumerate(order):
            if i == 0 or key(n)[:-1] != key(order[i - 1])[:-1]:
                rank = i + 1
            rows_out.append(StandingRow(rank, self.entrants[n], points[n], buchholz[n], sb[n], direct[n]))
        return rows_out

    # ---- export ---------------------------------------------------------------------------------------

    def to_trf16(self, name: str, *, next_round: bool = False) -> str:
        """The event as a FIDE TRF16 file: header, one line per entrant with every paired round. With
        ``next_round`` (between rounds), the entrants who sit the next round out already carry it (``H`` a
        requested half-point bye, ``Z`` not in), as pairing programs read it (JaVaFo's TRF(x))."""
        kind = "Swiss-System (Dutch)" if self.settings.format is Format.SWISS else "Round robin (Berger)"
        lines = [
            f"012 {_ascii(name)}",
            f"062 {len(self.entrants)}",
            f"092 Individual: {kind}",
            f"XXR {self.total_rounds}",
        ]
        ranks = {row.entrant.number: row.rank for row in self.standings()}
        upcoming = len(self.rounds) + 1
        announce = next_round and self.current is None and upcoming <= self.total_rounds
        for n in sorted(self.entrants):
            e = self.entrants[n]
            rows = self.entries(n)
            if announce and upcoming in e.half_byes:
                rows.append(RoundEntry(0, "-", "H", 0.5))
            elif announce and (e.status is not Status.ACTIVE or e.joined > upcoming):
                rows.append(RoundEntry(0, "-", "Z", 0.0))
            rating = f"{e.rating:4d}" if 0 < e.rating < 10000 else "    "
            points = sum(r.points for r in rows if r.code != "*")
            line = (
                f"001 {n:4d}      {_ascii(e.name)[:33]:<33} {rating}     {'':11} {'':10} "
                f"{points:4.1f} {ranks[n]:4d}"
            )
            for r in rows:
                opponent = f"{r.opponent:4d}" if r.opponent else "0000"
                line += f"  {opponent} {r.colour} {r.code if r.code != '*' else ' '}"
            lines.append(line.rstrip())
        return "\n".join(lines) + "\n"


def _ascii(text: str) -> str:
    """TRF16 is a fixed-width text format: names keep to printable ASCII (others become ``?``)."""
    return "".join(c if " " <= c <= "~" else "?" for c in text).strip() or "?"


def _direct_encounter(points: dict[int, float], entries: dict[int, list[RoundEntry]]) -> dict[int, float]:
    """Per entrant, the points it scored against the others on its score, when all of them have met."""
    groups: dict[float, list[int]] = {}
    for n, p in points.items():
        groups.setdefault(p, []).append(n)
    result = dict.fromkeys(points, 0.0)
    for group in groups.values():
        if len(group) < 2:
            continue
        members = set(group)
        met: dict[int, set[int]] = {n: set() for n in group}
        scored = dict.fromkeys(group, 0.0)
        for n in group:
            for r in entries[n]:
                if r.played and r.opponent in members:
                    met[n].add(r.opponent)
                    scored[n] += r.points
        if all(met[n] == members - {n} for n in group):
            result.update(scored)
    return result


__all__ = [
    "Entrant",
    "Format",
    "Game",
    "Outcome",
    "Round",
    "RoundEntry",
    "Settings",
    "StandingRow",
    "Status",
    "Tournament",
    "TournamentError",
]
