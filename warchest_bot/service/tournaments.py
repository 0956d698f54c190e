"""Tournaments through the service: entries, the start, and the step that drives a running event.

An event is stored whole (`storage.tournaments`): the tournament model (`warchest_bot.tournaments`) and,
beside it, one secret ticket per board. Every change reads the event, applies one rule of the model and
stores it by compare-and-swap, so two processes never both apply a step; the service retries a step that
lost the race on the new state.

`TournamentService.advance` is the step the duties-lease holder runs for each running event:

1. no round open: pair the next one (one compare-and-swap: the pairing exists exactly once);
2. every board of the open round without a game: open it through `GameService.create_game` (its start
   announcement goes through the outbox in the game's commit) with the board's ticket as its seed, then
   link it to the board. A restart between the two finds the game by its ticket (the seed, which never
   leaves the service and storage) and links it, so no board ever opens a second game. The first entrant
   of a board takes the side that decides first (no game has an option for it; War Chest draws its
   starting initiative from the seed, so the seats follow the ticket); a team's players sit 0 and 2
   against 1 and 3;
3. with a `Correspondence` (move clocks), a game whose turn deadline passed is claimed at once for the
   waiting side (inside a tournament nobody has to claim a timeout);
4. finished games give their boards' results; an aborted game waits for the organiser's `adjudicate`;
5. every board decided: the round closes, and the event finishes after its last round;
6. a round's deadline (``round_time`` per event) passed with games unfinished: the clocks decided what
   they could (3.); the entrants to act in the others count a missed deadline (removed, their games
   forfeited, past the event's limit), and what is left waits for the organiser's `adjudicate`.

A Swiss created with a knockout (`service.knockout`) goes on after its last round: the same step seeds
the bracket from the standings, opens each match's game, claims timeouts, records the games (a draw
replayed or decided by the draw rule) and pairs the next knockout round, until the final is won.

`TournamentSweep` runs `advance_all` on the bot that holds the worker lease (discord/coordinator.py):
every `SWEEP_SECONDS`, and at once when a game ends or a command changed an event. A round's pairings and
its results (after the last round with the final standings) are owed to the event's channel as outbox
rows (kind ``tournament``) in the commit that records them, so each is posted exactly once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from ..storage import (
    GameRecord,
    GameStatus,
    Repository,
    TournamentConflict,
    TournamentGameRecord,
    TournamentRecord,
)
from ..tasks import cancel_and_wait
from ..tournaments import (
    DEFAULT_ENGINE,
    Entrant,
    Game,
    Outcome,
    PairingEngine,
    Settings,
    Status,
    Tournament,
    TournamentError,
)
from ..tournaments.records import from_data, to_data
from . import knockout as playoff
from . import leagues
from .errors import ErrorCode, ServiceError
from .publication import OutboxKind
from .results import Player
from .scheduler import Sleep
from .service import GameService

if TYPE_CHECKING:  # pragma: no cover
    from .correspondence import Correspondence

log = logging.getLogger(__name__)

_T = TypeVar("_T")
_RETRIES = 5


@dataclass(frozen=True, slots=True)
class Advance:
    """What one `TournamentService.advance` did: the round paired (or None), the games opened and linked
    now, the results recorded now, whether a round closed and whether the event finished."""

    paired: int | None = None
    opened: tuple[int, ...] = ()
    timeouts: tuple[int, ...] = ()
    recorded: int = 0
    closed: int | None = None
    finished: bool = False
    missed: tuple[int, ...] = ()
    """The entrants who let the round's deadline pass now (each counts a missed deadline)."""


def _waiting(record: TournamentRecord, model: Tournament) -> set[tuple[int, int]]:
    """The boards, as (round, board), whose games the event still waits for: those of the open Swiss
    round without a result, and the knockout games being played."""
    waiting = set()
    rnd = model.current
    if rnd is not None:
        waiting = {(rnd.number, g.table) for g in rnd.games if g.outcome is None}
    ko = playoff.bracket(record.state)
    if ko is not None and not ko.finished:
        waiting |= {
            (stored, playoff.board_of(match, game))
            for _r, match, game, _f, _s, stored in playoff.pending(model, ko)
        }
    return waiting


def _state(record: TournamentRecord) -> tuple[Tournament, dict[str, int]]:
    data = record.state
    return from_data(data["model"]), {str(k): int(v) for k, v in data.get("tickets", {}).items()}


_TERMS = ("move_seconds", "round_seconds", "vacations")
"""The event's clock terms kept beside the model: each game's move time, each round's length, and whether
a player's vacation pauses their games of the event (1) or not (0 or missing: the default)."""


def _data(model: Tournament, notes: Mapping[str, int], terms: Mapping[str, Any]) -> dict[str, Any]:
    """The stored state: the model, the notes (``r:t`` a board's ticket, ``deadline:r`` a round's
    deadline in Unix seconds, ``counted:r`` its missed deadlines counted) and the clock terms."""
    data: dict[str, Any] = {"model": to_data(model), "tickets": dict(notes)}
    data.update({k: int(terms[k]) for k in _TERMS if terms.get(k) is not None})
    # The knockout after a Swiss (`service.knockout`), a league's seasons and a league group's tag
    # (`service.leagues`).
    data.update({k: terms[k] for k in (playoff.KEY, leagues.KEY, leagues.TAG) if terms.get(k) is not None})
    return data


def _board(round_number: int, table: int) -> str:
    return f"{round_number}:{table}"


@dataclass(frozen=True, slots=True)
class RoundPost:
    """A post owed to the event's channel: a round's ``pairings`` or its ``results`` (after the last
    round with the final standings), delivered from the outbox row of one game of the round."""

    game_id: int
    round: int
    post: str


SWEEP_SECONDS = 60.0
"""How often the duties-lease holder advances every running event when nothing wakes it earlier (a
tournament game ending and a command that changes an event wake it at once)."""

TIDY_EVERY = 10
"""Every how many sweeps `TournamentSweep` looks for games whose boards were decided without them in all
running events, not only in those its step changed (`TournamentService.advance_all`)."""


class TournamentService:
    """Tournaments over a `GameService` (and its storage). Refusals raise `TournamentError` (its ``code``
    names the catalogue message the adapter shows)."""

    def __init__(
        self,
        games: GameService,
        engine: PairingEngine = DEFAULT_ENGINE,
        *,
        correspondence: Correspondence | None = None,
    ) -> None:
        self.games = games
        self.storage = games.storage
        self.engine = engine
        self.correspondence = correspondence

    # ---- reading and changing an event -----------------------------------------------------------------

    async def get(self, tournament_id: int) -> tuple[TournamentRecord, Tournament]:
        """The stored event and its model."""
        record = await self.storage.get_tournament(tournament_id)
        if record is None:
            raise TournamentError("tournament.not_found", str(tournament_id))
        return record, _state(record)[0]

    async def _change(
        self,
        tournament_id: int,
        change: Callable[[TournamentRecord, Tournament, dict[str, int]], _T],
        *,
        status: str | None = None,
        posts: Callable[[TournamentRecord, Tournament, _T], Sequence[RoundPost]] | None = None,
        threaded: bool = False,
    ) -> tuple[TournamentRecord, _T]:
        """Apply ``change`` to the event and store it by compare-and-swap (again on the new state when
        another process changed it first). ``change`` returning None stores nothing. ``status``: the
        event's new status with the change; ``posts``: the round posts the change owes, written to the
        outbox in the same commit (so each is owed exactly once). ``threaded``: ``change`` runs in a worker
        thread (pairing a large Swiss takes seconds; the bot keeps answering meanwhile); it touches only
        the fresh copies it is given."""
        for _ in range(_RETRIES):
            record, _model = await self.get(tournament_id)
            model, tickets = _state(record)
            if threaded:
                result = await asyncio.to_thread(change, record, model, tickets)
            else:
                result = change(record, model, tickets)
            if result is None:
                return record, result
            new_status = status or record.status
            if model.finished and playoff.settled(record.state):
                new_status = "finished"
            elif model.started and new_status == "entry":
                new_status = "running"
            owed = list(posts(record, model, result)) if posts is not None else []
            try:
                async with self.storage.transaction():
                    saved = await self.storage.save_tournament(
                        tournament_id,
                        expected_version=record.version,
                        state=_data(model, tickets, record.state),
                        status=new_status,
                    )
                    for post in owed:
                        payload = {"tournament": tournament_id, "round": post.round, "post": post.post}
                        await self.games.owe(post.game_id, 0, OutboxKind.TOURNAMENT, payload)
            except TournamentConflict:
                continue
            for post in owed:
                self.games.announce(post.game_id)
            return saved, result
        raise TournamentError("tournament.busy", str(tournament_id))

    # ---- entries ---------------------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int | None,
        organiser: int,
        name: str,
        kind: str,
        options: Mapping[str, Any],
        settings: Settings,
        move_time: timedelta | None = None,
        round_time: timedelta | None = None,
        vacations: bool = False,
        knockout: Mapping[str, Any] | None = None,
        tag: Mapping[str, Any] | None = None,
    ) -> TournamentRecord:
        """A new event, open for entries; ``options`` are the game's, fixed for every game of the event,
        ``move_time`` each game's move clock and ``round_time`` each round's length (None: none);
        ``vacations``: a player's vacation pauses their games of the event (by default it does not);
        ``knockout``: a Swiss's knockout after its last round (`service.knockout.terms_of`); ``tag``: kept
        in the state as it is (a league's group: `service.leagues`)."""
        full = self.games.rules_for_new(kind).full_options(options)
        if knockout is not None and settings.format.value != "swiss":
            raise TournamentError("tournament.knockout_swiss_only")
        state = _data(
            Tournament(settings),
            {},
            {
                "move_seconds": None if move_time is None else int(move_time.total_seconds()),
                "round_seconds": None if round_time is None else int(round_time.total_seconds()),
                "vacations": int(vacations),
            },
        )
        if knockout is not None:
            state[playoff.KEY] = dict(knockout)
        state.update(tag or {})
        return await self.storage.create_tournament(
            guild_id=guild_id,
            channel_id=channel_id,
            name=name,
            kind=kind,
            options=full,
            organiser=organiser,
            state=state,
        )

    async def join(self, tournament_id: int, players: Sequence[Player], rating: int = 0) -> Entrant:
        """Enter a player (or a team: the players of one entrant, in seat order)."""
        key = "+".join(str(p.user_id) for p in players)
        name = " & ".join(p.name for p in players)
        members = [p.user_id for p in players]
        names = tuple(p.name for p in players)

        def change(r: TournamentRecord, m: Tournament, _t: dict[str, int]) -> Entrant:
            if leagues.closed(r.state):
                raise TournamentError("tournament.league_closed")
            return m.join(key, name, members, rating, names=names)

        _, entrant = await self._change(tournament_id, change)
        return entrant

    async def start(self, tournament_id: int, by: int, *, admin: bool = False) -> TournamentRecord:
        """Close the entry list (the organiser only: the creator, or a server admin, ``admin``, as the adapter
        knows); `advance` pairs the first round."""

        def change(record: TournamentRecord, model: Tournament, _t: dict[str, int]) -> bool:
            self._organiser(record, by, admin)
            if leagues.league_of(record.state) is not None:
                raise TournamentError("tournament.league_seasons")  # a league starts by seasons
            model.start()
            return True

        record, _ = await self._change(tournament_id, change)
        return record

    async def request_bye(self, tournament_id: int, user_id: int) -> int:
        """A half-point bye for the next round, asked by one of the entrant's players before it is paired."""

        def change(record: TournamentRecord, m: Tournament, _t: dict[str, int]) -> int:
            if leagues.league_of(record.state) is not None:
                raise TournamentError("tournament.league_seasons")
            return m.request_bye(self._entrant_of(m, user_id).number)

        _, number = await self._change(tournament_id, change)
        return number

    async def withdraw(
        self, tournament_id: int, user_id: int, *, by: int | None = None, admin: bool = False
    ) -> list[Game]:
        """Withdraw the entrant of ``user_id`` (themselves, or the organiser with ``by``); the games of the
        open round it still plays are forfeited (and closed: `close_decided`)."""

        def change(record: TournamentRecord, model: Tournament, notes: dict[str, int]) -> list[Game]:
            if by is not None and by != user_id:
                self._organiser(record, by, admin)
            number = self._entrant_of(model, user_id).number
            forfeited = model.withdraw(number)
            ko = playoff.bracket(record.state)
            if ko is not None and not ko.finished and playoff.forfeit_entrant(ko, number):
                # In the knockout: the match being played goes to the opponent.
                now[:] = [ko.finished]
                playoff.store(record.state, ko)
                playoff.issue_tickets(ko, notes)
            return forfeited

        links = await self.storage.tournament_games(tournament_id)
        now: list[bool] = []
        _, forfeited = await self._change(tournament_id, change, posts=self._champion_post(links, now))
        await self.close_decided(tournament_id)
        return forfeited

    async def adjudicate(
        self,
        tournament_id: int,
        by: int,
        round_number: int,
        table: int,
        outcome: Outcome,
        *,
        admin: bool = False,
    ) -> None:
        """The organiser decides (or corrects) a board of the open round: a result, or a forfeit
        (`Outcome.FIRST_BY_FORFEIT`, `SECOND_BY_FORFEIT`, `DOUBLE_FORFEIT`)."""

        def change(record: TournamentRecord, model: Tournament, _t: dict[str, int]) -> bool:
            self._organiser(record, by, admin)
            model.record(round_number, table, outcome)
            return True

        await self._change(tournament_id, change)
        await self.close_decided(tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> None:
        """Take the entrant of ``user_id`` off the entry list before the start (after it: `withdraw`)."""

        def change(_r: TournamentRecord, m: Tournament, _t: dict[str, int]) -> bool:
            m.leave(self._entrant_of(m, user_id).number)
            return True

        await self._change(tournament_id, change)

    async def pause(self, tournament_id: int, by: int, *, admin: bool = False) -> TournamentRecord:
        """The organiser pauses a running event: nothing is paired, claimed or counted until `resume` (the
        games go on; the round's deadline moves on by the time paused)."""

        def change(record: TournamentRecord, _m: Tournament, notes: dict[str, int]) -> bool:
            self._organiser(record, by, admin)
            if record.status != "running":
                raise TournamentError("tournament.not_running")
            notes["paused_at"] = int(self.storage.clock().timestamp())
            return True

        record, _ = await self._change(tournament_id, change, status="paused")
        return record

    async def resume(self, tournament_id: int, by: int, *, admin: bool = False) -> TournamentRecord:
        """The organiser resumes a paused event (the open round's deadline moves on by the pause)."""

        def change(record: TournamentRecord, m: Tournament, notes: dict[str, int]) -> bool:
            self._organiser(record, by, admin)
            if record.status != "paused":
                raise TournamentError("tournament.not_paused")
            paused = int(self.storage.clock().timestamp()) - notes.pop("paused_at", 0)
            if m.current is not None and f"deadline:{m.current.number}" in notes:
                notes[f"deadline:{m.current.number}"] += max(0, paused)
            return True

        record, _ = await self._change(tournament_id, change, status="running")
        return record

    async def replace(
        self, tournament_id: int, by: int, old: int, new: Player, *, admin: bool = False
    ) -> Entrant:
        """The organiser puts ``new`` in ``old``'s place in their entrant, from the next game on (the game
        being played keeps its seats: the seats' own replacement hands it on); the entrant keeps its
        points."""

        def change(record: TournamentRecord, m: Tournament, notes: dict[str, int]) -> Entrant:
            self._organiser(record, by, admin)
            entrant = self._entrant_of(m, old)
            if any(new.user_id in e.members for e in m.entrants.values() if e.status is Status.ACTIVE):
                raise TournamentError("tournament.already_entered", str(new.user_id))
            index = entrant.members.index(old)
            names = list(entrant.names or [entrant.name] * len(entrant.members))
            names[index] = new.name
            members = list(entrant.members)
            members[index] = new.user_id
            entrant.members, entrant.names = tuple(members), tuple(names)
            entrant.name = " & ".join(names)
            notes[f"replaced:{old}"] = entrant.number
            return entrant

        _, entrant = await self._change(tournament_id, change)
        return entrant

    async def allow_vacations(
        self, tournament_id: int, by: int, allowed: bool, *, admin: bool = False
    ) -> TournamentRecord:
        """The organiser allows (or stops allowing) vacations to pause the event's games; a vacation
        already running keeps what it paused, the change counts for the vacations started after it."""

        def change(record: TournamentRecord, _m: Tournament, _n: dict[str, int]) -> bool:
            self._organiser(record, by, admin)
            record.state["vacations"] = int(allowed)  # (the clock terms are stored from the record's state)
            return True

        record, _ = await self._change(tournament_id, change)
        return record

    async def trf16(self, tournament_id: int) -> str:
        """The event's pairings and results as a FIDE TRF16 file."""
        record, model = await self.get(tournament_id)
        return model.to_trf16(record.name, next_round=model.current is None and not model.finished)

    async def of_guild(self, guild_id: int, statuses: Sequence[str] | None = None) -> list[TournamentRecord]:
        """A server's events (of ``statuses``, default all), newest first."""
        return await self.storage.tournaments_of_guild(guild_id, statuses)

    async def round_games(self, tournament_id: int, round_number: int) -> dict[int, int]:
        """The games of a round, by board."""
        return {g.board: g.game_id for g in await self.storage.tournament_games(tournament_id, round_number)}

    @staticmethod
    def _organiser(record: TournamentRecord, user_id: int, admin: bool = False) -> None:
        if user_id != record.organiser and not admin:
            raise TournamentError("tournament.organiser_only")

    @staticmethod
    def _entrant_of(model: Tournament, user_id: int) -> Entrant:
        entrant = next((e for e in model.entrants.values() if user_id in e.members), None)
        if entrant is None:
            raise TournamentError("tournament.not_entered")
        return entrant

    # ---- the duty --------------------------------------------------------------------------------------

    async def advance(self, tournament_id: int) -> Advance:
        """One step of a running event (see the module docstring); safe to repeat and to run after a crash
        at any point (the duties-lease holder runs it)."""
        record, model = await self.get(tournament_id)
        if record.status != "running":
            return Advance()
        if leagues.league_of(record.state) is not None:
            return await leagues.LeagueService(self).advance(record)
        if playoff.in_play(record.state, model):
            return await self._advance_knockout(record)
        paired = None
        if model.current is None and not model.finished:

            def pair(r: TournamentRecord, m: Tournament, tickets: dict[str, int]) -> int | None:
                if m.current is not None or m.finished:
                    return None
                rnd = m.pair_next_round(self.engine)
                for g in rnd.games:
                    if g.outcome is None:
                        tickets[_board(rnd.number, g.table)] = secrets.randbits(62)
                if r.state.get("round_seconds"):
                    now = int(self.storage.clock().timestamp())
                    tickets[f"deadline:{rnd.number}"] = now + int(r.state["round_seconds"])
                return rnd.number

            record, paired = await self._change(tournament_id, pair, threaded=True)
        opened = await self._open_games(record)
        record = await self._post_pairings(record)
        timeouts = await self._claim_timeouts(record)
        results = await self._finished(record)
        # The links name the game whose outbox carries the results post. They are read whenever a round
        # is open, not only when this record says it may close: the organiser may decide its last board
        # between this read and the change below, which closes the round on the state it reads again.
        current = _state(record)[0].current
        links = await self.storage.tournament_games(tournament_id) if current is not None else []
        record, done = await self._change(
            tournament_id, self._results_of(results), posts=self._results_post(links)
        )
        recorded, closed = done if done is not None else (0, None)
        missed: tuple[int, ...] = ()
        if closed is None:
            record, missed = await self._round_deadline(record)
            if missed:
                posts = self._results_post(await self.storage.tournament_games(tournament_id))
                record, done = await self._change(tournament_id, self._results_of({}), posts=posts)
                closed = done[1] if done is not None else None
        return Advance(
            paired, tuple(opened), tuple(timeouts), recorded, closed, record.status == "finished", missed
        )

    # ---- the knockout after a Swiss (`service.knockout`) -------------------------------------------------

    async def knockout_games(self, tournament_id: int) -> dict[tuple[int, int, int], int]:
        """The knockout's games so far, by (knockout round, match, game), all 1-based."""
        _, model = await self.get(tournament_id)
        out = {}
        for link in await self.storage.tournament_games(tournament_id):
            if link.round > model.total_rounds:
                match, game = divmod(link.board, playoff.GAME_SLOTS)
                out[(link.round - model.total_rounds, match, game)] = link.game_id
        return out

    async def adjudicate_knockout(
        self, tournament_id: int, by: int, match: int, outcome: Outcome, *, admin: bool = False
    ) -> int:
        """The organiser decides the game being played in match ``match`` (1-based) of the knockout's
        current round: ``outcome`` seen from that game's first entrant, as a board's (a draw under the
        rematch rule opens the next game). The knockout round is returned."""
        links = await self.storage.tournament_games(tournament_id)
        now: list[bool] = []

        def change(record: TournamentRecord, model: Tournament, notes: dict[str, int]) -> int:
            self._organiser(record, by, admin)
            ko = playoff.bracket(record.state)
            if ko is None or ko.finished or not model.finished:
                raise TournamentError("tournament.no_round")
            number = len(ko.rounds)
            ko.record(number, match, outcome)
            now[:] = [ko.finished]
            playoff.store(record.state, ko)
            playoff.issue_tickets(ko, notes)
            return number

        _, number = await self._change(tournament_id, change, posts=self._champion_post(links, now))
        await self.close_decided(tournament_id)
        return number

    @staticmethod
    def _champion_post(
        links: Sequence[TournamentGameRecord], now: list[bool]
    ) -> Callable[[TournamentRecord, Tournament, Any], list[RoundPost]]:
        """The winner's post owed by a change that decided the final (``now`` set by the change)."""

        def posts(r: TournamentRecord, m: Tournament, _result: Any) -> list[RoundPost]:
            ko = playoff.bracket(r.state)
            if not now or not now[0] or ko is None or r.channel_id is None or not links:
                return []
            return [
                RoundPost(max(g.game_id for g in links), playoff.round_of(m, ko.total_rounds), "champion")
            ]

        return posts

    async def _advance_knockout(self, record: TournamentRecord) -> Advance:
        """One step of the knockout after the Swiss: seed it (once), open the games to play now, post the
        bracket of a new round, claim timeouts, record the finished games (a draw replayed or decided by
        the draw rule, the next round paired once a round is decided, the event finished with the final).
        Safe to repeat and to run after a crash at any point, as the Swiss's step."""
        tid = record.id
        paired = None
        if playoff.bracket(record.state) is None:

            def seed(r: TournamentRecord, m: Tournament, notes: dict[str, int]) -> int | None:
                if playoff.bracket(r.state) is not None or playoff.settled(r.state):
                    return None
                return playoff.seed(r.state, m, notes)

            record, seeded = await self._change(tid, seed)
            if seeded:
                paired = playoff.round_of(_state(record)[0], 1)
        model, notes = _state(record)
        ko = playoff.bracket(record.state)
        if ko is None or ko.finished or record.status != "running":
            return Advance(paired, finished=record.status == "finished")
        links = await self.storage.tournament_games(tid)
        linked = {(g.round, g.board): g.game_id for g in links}
        opened = []
        playing = list(playoff.pending(model, ko))
        for r, match, game, first, second, stored in playing:
            board = playoff.board_of(match, game)
            if (stored, board) in linked:
                continue
            ticket = notes[playoff.ticket_key(r, match, game)]
            game_id = await self._board_game(record, model.entrants[first], model.entrants[second], ticket)
            if await self.storage.link_tournament_game(tid, stored, board, game_id):
                opened.append(game_id)
            linked[(stored, board)] = game_id
        of_now = {
            (r, match, game): linked[(stored, playoff.board_of(match, game))]
            for r, match, game, _f, _s, stored in playing
        }
        record = await self._post_bracket(record, len(ko.rounds), of_now)
        timeouts = await self._claim_games(record, list(of_now.values()))
        results = {}
        for r, match, game, first, _second, _stored in playing:
            info = await self.storage.get_game(of_now[(r, match, game)])
            if info.status != GameStatus.FINISHED:
                continue  # (an aborted game waits for the organiser)
            if info.winner_team is None:
                results[(r, match, game)] = Outcome.DRAW
            else:
                won = info.winner_team == self._first_team(info, model.entrants[first], notes)
                results[(r, match, game)] = Outcome.FIRST_WINS if won else Outcome.SECOND_WINS
        recorded, closed = 0, None
        if results:
            now: list[bool] = []

            def apply(r: TournamentRecord, m: Tournament, n: dict[str, int]) -> tuple[int, int | None] | None:
                ko = playoff.bracket(r.state)
                if ko is None or ko.finished:
                    return None
                before = len(ko.rounds)
                count = sum(playoff.record(ko, *key, outcome) for key, outcome in results.items())
                if not count:
                    return None
                now[:] = [ko.finished]
                playoff.store(r.state, ko)
                playoff.issue_tickets(ko, n)
                return count, before if len(ko.rounds) > before or ko.finished else None

            links = await self.storage.tournament_games(tid)
            record, done = await self._change(tid, apply, posts=self._champion_post(links, now))
            if done is not None:
                recorded = done[0]
                closed = None if done[1] is None else playoff.round_of(model, done[1])
        step = Advance(paired, tuple(opened), tuple(timeouts), recorded, closed, record.status == "finished")
        if recorded and not step.finished:
            # A rematch or the next round's games: opened in this step, not at the next sweep.
            return _merged(step, await self._advance_knockout(record))
        return step

    async def _post_bracket(
        self, record: TournamentRecord, number: int, games: Mapping[tuple[int, int, int], int]
    ) -> TournamentRecord:
        """Once every game to play now in knockout round ``number`` is open, owe the bracket's post to the
        event's channel (once: the note ``kposted:r`` and the outbox row go in one commit)."""
        _, notes = _state(record)
        key = f"kposted:{number}"
        if record.channel_id is None or notes.get(key) or not games:
            return record

        def change(r: TournamentRecord, _m: Tournament, n: dict[str, int]) -> int | None:
            ko = playoff.bracket(r.state)
            if n.get(key) or ko is None or len(ko.rounds) != number:
                return None
            n[key] = 1
            return number

        def posts(_r: TournamentRecord, m: Tournament, _n: int | None) -> list[RoundPost]:
            return [RoundPost(min(games.values()), playoff.round_of(m, number), "bracket")]

        record, _ = await self._change(record.id, change, posts=posts)
        return record

    async def _post_pairings(self, record: TournamentRecord) -> TournamentRecord:
        """Once every board of the open round that is to be played has its game: owe the round's pairings
        post to the event's channel (once: the note ``posted:r`` and the outbox row go in one commit)."""
        model, notes = _state(record)
        rnd = model.current
        if rnd is None or record.channel_id is None or notes.get(f"posted:{rnd.number}"):
            return record
        links = {g.board: g.game_id for g in await self.storage.tournament_games(record.id, rnd.number)}
        if any(g.second is not None and g.outcome is None and g.table not in links for g in rnd.games):
            return record  # a board's game is still to be opened
        number = rnd.number

        def change(_r: TournamentRecord, m: Tournament, n: dict[str, int]) -> int | None:
            if n.get(f"posted:{number}") or m.current is None or m.current.number != number:
                return None
            n[f"posted:{number}"] = 1
            return number

        def posts(_r: TournamentRecord, _m: Tournament, _n: int | None) -> list[RoundPost]:
            return [RoundPost(min(links.values()), number, "pairings")] if links else []

        record, _ = await self._change(record.id, change, posts=posts)
        return record

    @staticmethod
    def _results_post(
        links: Sequence[TournamentGameRecord],
    ) -> Callable[[TournamentRecord, Tournament, tuple[int, int | None] | None], list[RoundPost]]:
        """The results post a closing round owes to the event's channel (on its last game's outbox, or,
        for a round without a game, on the event's last game)."""

        def posts(
            r: TournamentRecord, _m: Tournament, done: tuple[int, int | None] | None
        ) -> list[RoundPost]:
            closed = done[1] if done is not None else None
            if closed is None or r.channel_id is None or not links:
                return []
            of_round = [g.game_id for g in links if g.round == closed]
            return [RoundPost(max(of_round or [g.game_id for g in links]), closed, "results")]

        return posts

    async def _round_deadline(self, record: TournamentRecord) -> tuple[TournamentRecord, tuple[int, ...]]:
        """When the open round's deadline passed (once): the entrants to act in its unfinished games
        count a missed deadline (those over the event's limit are removed, their games forfeited); the
        boards still open wait for the organiser's `adjudicate`. The entrants counted are returned."""
        model, notes = _state(record)
        rnd = model.current
        if rnd is None:
            return record, ()
        deadline = notes.get(f"deadline:{rnd.number}")
        now = int(self.storage.clock().timestamp())
        if deadline is None or now < deadline or notes.get(f"counted:{rnd.number}"):
            return record, ()
        links = {g.board: g.game_id for g in await self.storage.tournament_games(record.id, rnd.number)}
        late_users = {}
        for g in rnd.games:
            if g.outcome is None and g.table in links:
                game = await self.storage.get_game(links[g.table])
                late_users[g.table] = next((s.user_id for s in game.seats if s.seat == game.turn_seat), None)

        def change(_r: TournamentRecord, m: Tournament, n: dict[str, int]) -> tuple[int, ...] | None:
            current = m.current
            if current is None or current.number != rnd.number or n.get(f"counted:{rnd.number}"):
                return None
            n[f"counted:{rnd.number}"] = 1
            counted = []
            for g in current.games:
                user = late_users.get(g.table)
                if g.outcome is None and user is not None:
                    number = n.get(f"replaced:{user}") or next(
                        (e.number for e in m.entrants.values() if user in e.members), None
                    )
                    if number is None:
                        continue
                    m.missed_deadline(number)
                    counted.append(number)
            return tuple(counted)

        record, counted = await self._change(record.id, change)
        return record, counted or ()

    async def close_decided(self, tournament_id: int) -> list[int]:
        """Close the event's games that it no longer waits for: games still open or active whose board
        has a result without them (a forfeit, the organiser's decision, a withdrawal, a knockout match
        decided). Each ends as cancelled, so it counts in no rating, and its thread is told why
        (`GameService.close_for_event`); the event keeps its result. Run after the commands that decide
        boards and by every sweep (which also closes what a crash after such a command left); safe to
        repeat. The games closed now are returned."""
        playing = await self.storage.tournament_games(tournament_id, playing=True)
        if not playing:
            return []
        # Read after the links: a board is linked only once its round is in the stored state.
        record, model = await self.get(tournament_id)
        waiting = _waiting(record, model)
        closed = []
        for link in playing:
            if (link.round, link.board) not in waiting and await self.games.close_for_event(link.game_id):
                log.info("tournament %s: game %s closed, its board decided", tournament_id, link.game_id)
                closed.append(link.game_id)
        return closed

    async def advance_all(self, *, tidy: bool = False) -> dict[int, Advance]:
        """`advance` every running event (the duties-lease holder's sweep); an event whose step fails is
        logged with its id and left as it was for the next sweep. Then `close_decided` for the events whose
        step did something, and with ``tidy`` for all (the sweep tidies on its first pass and every
        `TIDY_EVERY` passes: a command closes what it decided itself, so only a crash in between leaves a
        game to close, and the idle sweep stays one read per event)."""
        done = {}
        running = await self.storage.tournaments_with_status(["running"])
        # Leagues last: a league sees its groups as this sweep left them (a season just over).
        for record in sorted(running, key=lambda r: leagues.league_of(r.state) is not None):
            try:
                step = last = await self.advance(record.id)
                # A round that closed now is followed by the next one's pairing in the same sweep, not
                # at the next (nothing else may wake the sweep before then).
                for _ in range(_RETRIES * 4):
                    if last.closed is None or last.finished:
                        break
                    last = await self.advance(record.id)
                    step = _merged(step, last)
                if tidy or step != Advance():
                    await self.close_decided(record.id)
                done[record.id] = step
            except Exception:
                log.exception("tournament %s: advancing failed", record.id)
        return done

    async def _claim_timeouts(self, record: TournamentRecord) -> list[int]:
        """Claim, for the waiting side, every game of the open round whose turn deadline passed."""
        if self.correspondence is None:
            return []
        model, _ = _state(record)
        rnd = model.current
        if rnd is None:
            return []
        links = await self.storage.tournament_games(record.id, rnd.number)
        return await self._claim_games(record, [link.game_id for link in links])

    async def _claim_games(self, record: TournamentRecord, game_ids: Sequence[int]) -> list[int]:
        """Claim, for the waiting side, every game of ``game_ids`` whose turn deadline passed."""
        if self.correspondence is None:
            return []
        now = self.correspondence.clock()
        claimed = []
        for game_id in game_ids:
            clock = await self.storage.get_game_clock(game_id)
            if clock is None or clock.deadline is None or now < clock.deadline:
                continue
            game = await self.storage.get_game(game_id)
            late = next((s for s in game.seats if s.seat == game.turn_seat), None)
            if game.status != GameStatus.ACTIVE or late is None:
                continue
            claimer = next((s.user_id for s in game.seats if s.team != late.team and s.user_id), None)
            if claimer is None:
                continue
            try:
                await self.correspondence.claim_timeout(game_id, claimer)
            except ServiceError as exc:  # a move or another process got there first
                if exc.code not in (ErrorCode.NOT_TIMED_OUT, ErrorCode.GAME_OVER):
                    raise
                log.info("tournament %s: game %s not claimed (%s)", record.id, game_id, exc.code)
                continue
            claimed.append(game_id)
        return claimed

    async def _open_games(self, record: TournamentRecord) -> list[int]:
        model, tickets = _state(record)
        rnd = model.current
        if rnd is None:
            return []
        linked = {g.board for g in await self.storage.tournament_games(record.id, rnd.number)}
        opened = []
        for g in rnd.games:
            if g.second is None or g.outcome is not None or g.table in linked:
                continue
            ticket = tickets[_board(rnd.number, g.table)]
            first, second = model.entrants[g.first], model.entrants[g.second]
            game_id = await self._board_game(record, first, second, ticket)
            if await self.storage.link_tournament_game(record.id, rnd.number, g.table, game_id):
                opened.append(game_id)
        return opened

    async def _board_game(
        self, record: TournamentRecord, first: Entrant, second: Entrant, ticket: int
    ) -> int:
        """The game of a board with ``ticket`` as its seed: the one a crash left unlinked, else a new one."""
        game_id = await self._game_with_ticket(record, first.members[0], ticket)
        if game_id is not None:
            return game_id
        # The first entrant takes the seat that decides first (War Chest draws its starting initiative
        # from the seed: the board's seats follow the ticket).
        rules = self.games.rules_for(record.kind)
        starter = rules.new_state(rules.full_options(record.options), ticket).current_player
        seats = _seating(first, second) if not starter or starter % 2 == 0 else _seating(second, first)
        move_seconds = record.state.get("move_seconds")
        info = await self.games.create_game(
            seats,
            kind=record.kind,
            options=record.options,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            seed=ticket,
            move_time=None if move_seconds is None else timedelta(seconds=int(move_seconds)),
        )
        return info.id

    async def _game_with_ticket(self, record: TournamentRecord, user_id: int, ticket: int) -> int | None:
        """The game a crash left unlinked for a board: its first player's, with the board's ticket as seed."""
        for game in await self.storage.list_games_for_user(user_id, guild_id=record.guild_id, limit=50):
            if game.seed == ticket and game.kind == record.kind:
                return game.id
        return None

    async def _finished(self, record: TournamentRecord) -> dict[int, Outcome]:
        """The results of the open round's finished games, by board."""
        model, notes = _state(record)
        rnd = model.current
        if rnd is None:
            return {}
        results = {}
        boards = {g.table: g for g in rnd.games}
        for link in await self.storage.tournament_games(record.id, rnd.number):
            game = await self.storage.get_game(link.game_id)
            if game.status != GameStatus.FINISHED:
                continue
            first_team = self._first_team(game, model.entrants[boards[link.board].first], notes)
            if game.winner_team is None:
                results[link.board] = Outcome.DRAW
            else:
                won = game.winner_team == first_team
                results[link.board] = Outcome.FIRST_WINS if won else Outcome.SECOND_WINS
        return results

    @staticmethod
    def _first_team(game: GameRecord, first: Entrant, notes: Mapping[str, int]) -> int:
        """The team the board's first entrant plays as: the team of a seat of one of its members, or of a
        player the organiser replaced in it since (the note ``replaced:<user>`` names the entrant), who
        may still sit in the game."""

        def of_first(user_id: int | None) -> bool:
            return user_id in first.members or notes.get(f"replaced:{user_id}") == first.number

        seat0 = next(s for s in game.seats if s.seat == 0)
        return 0 if of_first(seat0.user_id) else 1

    @staticmethod
    def _results_of(
        results: Mapping[int, Outcome],
    ) -> Callable[[TournamentRecord, Tournament, dict[str, int]], tuple[int, int | None] | None]:
        def change(_r: TournamentRecord, m: Tournament, _t: dict[str, int]) -> tuple[int, int | None] | None:
            rnd = m.current
            if rnd is None:
                return None
            recorded = 0
            for g in rnd.games:
                if g.outcome is None and g.table in results:
                    m.record(rnd.number, g.table, results[g.table])
                    recorded += 1
            if m.unfinished():
                return (recorded, None) if recorded else None
            m.close_round()
            return recorded, rnd.number

        return change


class TournamentSweep:
    """The duty that drives the events: `TournamentService.advance_all` every `SWEEP_SECONDS`, and at once
    when a game ends or a command changed an event (`wake`). Run by the bot that holds the worker lease
    (`start` / `stop`); time is injected (``sleep``), so tests drive it with a fake clock. It listens to the
    game service for game ends (told inside the committing transaction: it only sets a flag)."""

    def __init__(
        self, tournaments: TournamentService, *, sleep: Sleep = asyncio.sleep, every: float = SWEEP_SECONDS
    ) -> None:
        self.tournaments = tournaments
        self.sleep = sleep
        self.every = every
        self._wakeup = asyncio.Event()
        self._idle = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.passes = 0
        """How many sweeps ran (tests)."""

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start the sweep (the first one at once) and listen for game ends."""
        if self.running:
            return
        listeners = self.tournaments.games.listeners
        if self not in listeners:
            listeners.append(self)
        self._task = asyncio.get_running_loop().create_task(self._run(), name="tournament-sweep")

    async def stop(self) -> None:
        if self in self.tournaments.games.listeners:
            self.tournaments.games.listeners.remove(self)
        task, self._task = self._task, None
        await cancel_and_wait(task)

    def wake(self) -> None:
        """Sweep again now (an event changed, or a game ended)."""
        self._idle.clear()
        self._wakeup.set()

    async def wait_idle(self) -> None:
        """Wait until the sweep ran for everything that woke it and sleeps again (tests)."""
        await self._idle.wait()

    async def turn_changed(self, game_id: int, ply: int, seat: int | None) -> None:
        """(A `GameListener`: turns change nothing here.)"""

    async def game_ended(self, game_id: int) -> None:
        """A game ended: its board may have a result now."""
        self.wake()

    async def _run(self) -> None:
        storage = self.tournaments.storage
        while True:
            self._wakeup.clear()
            self._idle.clear()
            self.passes += 1
            try:
                await storage.settled()  # woken from inside a commit: read after it
                await self.tournaments.advance_all(tidy=self.passes % TIDY_EVERY == 1)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("tournament sweep failed; trying again at the next one")
            if not self._wakeup.is_set():
                self._idle.set()
            await self._sleep_or_wake(self.every)

    async def _sleep_or_wake(self, seconds: float) -> None:
        sleeper = asyncio.ensure_future(self.sleep(seconds))
        waker = asyncio.ensure_future(self._wakeup.wait())
        try:
            await asyncio.wait((sleeper, waker), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for fut in (sleeper, waker):
                if not fut.done():
                    fut.cancel()
            for fut in (sleeper, waker):
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await fut


def _merged(first: Advance, then: Advance) -> Advance:
    """What two steps of one event did together."""
    return Advance(
        then.paired if then.paired is not None else first.paired,
        first.opened + then.opened,
        first.timeouts + then.timeouts,
        first.recorded + then.recorded,
        then.closed if then.closed is not None else first.closed,
        then.finished,
        first.missed + then.missed,
    )


async def vacation_exempt(storage: Repository, game_ids: Iterable[int]) -> set[int]:
    """The games among ``game_ids`` that a player's vacation does not pause: those of events whose
    organiser did not allow vacations (`TournamentService.allow_vacations`); `Clocks` asks."""
    exempt = set()
    for game_id in game_ids:
        link = await storage.tournament_of_game(game_id)
        if link is None:
            continue
        record = await storage.get_tournament(link.tournament_id)
        if record is not None and not record.state.get("vacations"):
            exempt.add(game_id)
    return exempt


def _seating(first: Entrant, second: Entrant) -> list[Player]:
    """The players of a board in seat order: ``first``'s in the even seats, ``second``'s in the odd."""
    seats: list[Player] = []
    for i, (a, b) in enumerate(zip(first.members, second.members, strict=True)):
        seats += [Player(a, first.member_name(i)), Player(b, second.member_name(i))]
    return seats


__all__ = ["SWEEP_SECONDS", "Advance", "RoundPost", "TournamentService", "TournamentSweep", "vacation_exempt"]
