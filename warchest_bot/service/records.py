"""Game records out of and into the database (docs/records.md): `GameRecords`, beside `GameService`.

- `export_record(game_id)`: the game's record file, written by its `Records` facet (Point-Buy Chess: PGN;
  War Chest, Castles: the PGN-like record of turns). A game under way (or cancelled) gives only what
  everyone may see: public texts, no seed. A finished game's record holds every decision's full text and
  the seed, so anyone can replay it and check every draw.
- `export_json(game_id)` and `export_player(user_id)`: the same as JSON data for analysis (one game, or
  every game of a player), with the same rule for what an unfinished game shows.
- `import_record(text)`: a record read back into a new stored game that review and replay work on. Only
  the record of an ended game can be imported (it replays to its result); the game is stored finished and
  never rated: no server, seats without a Discord account (``ai_level`` "imported", the record's names),
  ``rated`` 0 and ``imported: true`` in its result.

The seed is read here and handed to the game's facet only for a finished game.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from ..games import Records, UnknownGameError, game_kinds, get_game
from ..games.records import PlayedGame, RecordError, RecordPly, result_of_tag, split_record
from ..storage import GameEnd, GameRecord, GameStatus, NewSeat
from .core import check_game_id
from .errors import ErrorCode, ServiceError
from .limits import checks_ids
from .results import GameInfo

if TYPE_CHECKING:
    from .service import GameService

IMPORTED = "imported"
"""The ``ai_level`` of an imported game's seats (people named by the record, no Discord account)."""
JSON_FORMAT = "warchest-bot game"
JSON_PLAYER_FORMAT = "warchest-bot player"
JSON_VERSION = 1
MAX_RECORD_CHARS = 2_000_000
"""The longest record read (a War Chest game of 200 rounds is well under 100 kB)."""
MAX_PLAYER_GAMES = 1000
"""The most games a player's export holds (newest first)."""
NAME_MAX = 64


@dataclass(frozen=True, slots=True)
class RecordFile:
    """A record to send or write: its file name, its text and the game it is of."""

    game_id: int
    kind: str
    filename: str
    text: str
    complete: bool
    """Whether it is a finished game's full record (with the seed); False: public information only."""


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def records_of_kind(kind: str) -> Records | None:
    """The game's `Records` facet, or None (the game is not exportable)."""
    try:
        return get_game(kind).facets.records
    except UnknownGameError:
        return None


def kind_of_record(text: str) -> str:
    """Which game a record is of: its Game tag, else the game that claims its tags (`Records.claims`: a
    chess PGN is Point-Buy Chess's)."""
    tags, _ = split_record(text)
    if "Game" in tags:
        return tags["Game"]
    for kind in game_kinds():
        facet = records_of_kind(kind)
        if facet is not None and facet.claims(tags):
            return kind
    raise RecordError("the record has no Game tag saying which game it is")


class GameRecords:
    """Records of the games of ``service`` (export, import); see the module."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    # --- reading a stored game -------------------------------------------------------------------------
    async def _stored(self, game_id: int) -> tuple[GameRecord, list[Any]]:
        game_id = check_game_id(game_id)
        service = self.service
        with service.storage_errors(game_id):
            record = await service.storage.get_game(game_id)
            entries = await service.storage.action_log(game_id, 0, None)
        return record, entries

    def _facet(self, record: GameRecord) -> Records:
        facet = records_of_kind(record.kind)
        if facet is None:
            raise ServiceError(ErrorCode.NOT_FINISHED, "error.record_unsupported", game_id=record.id)
        return facet

    async def played(self, game_id: int) -> tuple[GameRecord, PlayedGame]:
        """The stored game as a `PlayedGame` (the seed only when it is finished; the plies' full texts,
        which the facet writes in public form while the game is not)."""
        record, entries = await self._stored(game_id)
        rules = self.service.rules_of(record)
        ended = record.status is GameStatus.FINISHED
        texts = [e.notation for e in entries]

        def turns() -> list[int | None]:
            if record.started_at is None:
                return []
            state = rules.new_state(record.options, record.seed)
            out: list[int | None] = []
            for text in texts:
                out.append(rules.turn_start(state))
                state.apply(rules.action_of(state, text))
            return out

        try:
            starts = await asyncio.to_thread(turns)
        except (ServiceError, ValueError) as exc:
            raise ServiceError(ErrorCode.CORRUPT_GAME, game_id=record.id) from exc
        seats = sorted(record.seats, key=lambda s: s.seat)
        played = PlayedGame(
            kind=record.kind,
            options=dict(record.options),
            players=tuple(s.display_name for s in seats),
            plies=tuple(
                RecordPly(e.seat, e.notation, start) for e, start in zip(entries, starts, strict=True)
            ),
            teams=tuple(s.team for s in seats),
            ended=ended,
            seed=record.seed if ended else None,
            winner_team=record.winner_team if ended else None,
            reason=record.end_reason if ended else None,
            played_on=(record.started_at or record.created_at).date(),
            game_id=record.id,
        )
        return record, played

    # --- export ---------------------------------------------------------------------------------------
    async def export_record(self, game_id: int) -> RecordFile:
        """The game's record file (see the module for what it holds); refused (``error.record_unsupported``)
        for a game without a record format."""
        record, _ = await self._stored(check_game_id(game_id))
        facet = self._facet(record)
        record, played = await self.played(record.id)
        text = await asyncio.to_thread(facet.to_record, played)
        return RecordFile(
            game_id=record.id,
            kind=record.kind,
            filename=f"{record.kind}-{record.id}{facet.suffix}",
            text=text,
            complete=played.ended,
        )

    async def export_json(self, game_id: int) -> dict[str, Any]:
        """One game as JSON data: its setup, players, result and every ply with its turn and time (public
        texts and no seed until it is finished)."""
        record, played = await self.played(game_id)
        return {"format": JSON_FORMAT, "version": JSON_VERSION, **self._game_data(record, played)}

    def _game_data(self, record: GameRecord, played: PlayedGame) -> dict[str, Any]:
        rules = self.service.rules_of(record)
        ended = played.ended
        data: dict[str, Any] = {
            "id": record.id,
            "kind": record.kind,
            "title": rules.game.title,
            "status": record.status.value,
            "rated": record.rated,
            "imported": bool((record.result or {}).get(IMPORTED)),
            "options": dict(record.options),
            "created_at": _iso(record.created_at),
            "started_at": _iso(record.started_at),
            "finished_at": _iso(record.finished_at),
            "players": [
                {
                    "seat": s.seat,
                    "name": s.display_name,
                    "team": s.team,
                    "user_id": s.user_id,
                    "ai_level": s.ai_level,
                    "outcome": s.outcome.value if s.outcome is not None else None,
                }
                for s in record.seats
            ],
            "result": ({"winner_team": record.winner_team, "reason": record.end_reason} if ended else None),
            "complete": ended,
        }
        if ended:
            data["seed"] = record.seed
        data["plies"] = [
            {
                "ply": n,
                "seat": p.seat,
                "turn": p.turn,
                "text": p.text if ended else rules.public_text(p.text),
            }
            for n, p in enumerate(played.plies)
        ]
        return data

    @checks_ids("user_id", "guild_id")
    async def export_player(
        self, user_id: int, guild_id: int | None = None, *, limit: int = MAX_PLAYER_GAMES
    ) -> dict[str, Any]:
        """Every game of a player (newest first, at most ``limit``; of one server when ``guild_id`` is
        given) as JSON data, each as `export_json` gives it."""
        limit = max(1, min(limit, MAX_PLAYER_GAMES))
        games: list[dict[str, Any]] = []
        before: int | None = None
        while len(games) < limit:
            page = await self.service.games_for_user(
                user_id, status="all", guild_id=guild_id, limit=100, before=before
            )
            for info in page.games:
                if len(games) >= limit:
                    break
                try:
                    record, played = await self.played(info.id)
                except ServiceError as exc:
                    if exc.code is not ErrorCode.CORRUPT_GAME:
                        raise
                    continue  # a damaged game is left out (the service has logged it)
                games.append(self._game_data(record, played))
            if page.next_before is None:
                break
            before = page.next_before
        return {
            "format": JSON_PLAYER_FORMAT,
            "version": JSON_VERSION,
            "user_id": user_id,
            "guild_id": guild_id,
            "games": games,
        }

    # --- import ---------------------------------------------------------------------------------------
    async def import_record(self, text: str, *, user_id: int | None = None) -> GameInfo:
        """Store the game a record holds as a new finished, unrated game (see the module); `ServiceError`
        ``bad_record`` (with the English reason as ``detail``) for a text that is not the record of an
        ended game, or does not replay to its result."""
        if len(text) > MAX_RECORD_CHARS:
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.record_too_long", limit=MAX_RECORD_CHARS)
        try:
            kind = kind_of_record(text)
        except RecordError as exc:
            raise _bad(exc) from exc
        facet = records_of_kind(kind)
        if facet is None:
            raise ServiceError(ErrorCode.BAD_OPTIONS, "error.record_unknown_game", game=kind[:40])
        rules = self.service.rules_for(kind)
        try:
            played: PlayedGame = await asyncio.to_thread(facet.from_record, text)
        except RecordError as exc:
            raise _bad(exc) from exc
        if not played.ended:
            raise ServiceError(ErrorCode.NOT_FINISHED, "error.record_not_ended")
        options = rules.full_options(played.options)
        count = rules.players_of(options)
        if len(played.players) != count:
            raise _bad(RecordError(f"the game has {count} players, the record names {len(played.players)}"))
        seed = played.seed if played.seed is not None else 0

        def replay() -> tuple[Any, list[int | None]]:
            state = rules.new_state(options, seed)
            seats: list[int | None] = []
            for n, ply in enumerate(played.plies):
                if state.is_terminal():
                    raise RecordError(f"the game is over before ply {n + 1}")
                seats.append(state.current_player)
                try:
                    state.apply(rules.action_of(state, ply.text))
                except ValueError as exc:
                    raise RecordError(f"ply {n + 1} ({ply.text!r}) does not fit: {exc}") from exc
            return state, seats

        try:
            state, seats = await asyncio.to_thread(replay)
        except (RecordError, ValueError) as exc:
            raise _bad(exc if isinstance(exc, RecordError) else RecordError(str(exc))) from exc
        outcome = rules.result(state)
        if outcome is not None:
            winner, reason = outcome
            if played.reason is not None and played.reason != reason or played.winner_team != winner:
                raise _bad(RecordError("the moves do not lead to the record's result"))
        else:
            # Ended off the board (a resignation, a timeout, an agreed draw); a record without a Reason (a
            # chess program's PGN: 1-0 after a mate) is read as the losing side resigning, or as a draw
            # by agreement.
            winner = played.winner_team
            reason = played.reason or ("resign" if winner is not None else "agreement")
        return await self._store(rules, options, seed, played, seats, winner, reason, state, user_id)

    async def _store(
        self,
        rules: Any,
        options: dict[str, Any],
        seed: int,
        played: PlayedGame,
        seats: list[int | None],
        winner: int | None,
        reason: str,
        state: Any,
        user_id: int | None,
    ) -> GameInfo:
        service = self.service
        count = len(played.players)
        teams = played.teams or tuple(rules.team(count, n) for n in range(count))
        new_seats = [
            NewSeat((name.strip() or f"Player {n + 1}")[:NAME_MAX], ai_level=IMPORTED, seat=n, team=teams[n])
            for n, name in enumerate(played.players)
        ]
        result: dict[str, Any] = {"reason": reason, "winner": winner, IMPORTED: True}
        result.update(rules.result_data(state))
        if not state.is_terminal() and winner is not None:
            # the result sentence names who gave up (a resignation, a timeout): a seat of the losing team
            loser = next((n for n, team in enumerate(teams) if team != winner), None)
            if loser is not None:
                result.update({"by_seat": loser, "by_name": new_seats[loser].display_name})
        end = GameEnd(reason=reason, winner_team=winner, result=result)
        with service.storage_errors():
            async with service.committing():
                created = await service.storage.create_game(
                    options=options,
                    seed=seed,
                    kind=rules.kind,
                    created_by=user_id,
                    rated=False,
                    status=GameStatus.ACTIVE,
                    seats=new_seats,
                    turn_seat=None,
                )
            last = len(played.plies) - 1
            for n, ply in enumerate(played.plies):
                async with service.committing():
                    await service.storage.append_action(
                        created.id, n, seats[n], ply.text, turn_seat=None, end=end if n == last else None
                    )
            if last < 0:
                async with service.committing():
                    await service.storage.finish_game(created.id, end)
        return await service.get_game(created.id)


def _bad(exc: RecordError) -> ServiceError:
    return ServiceError(ErrorCode.BAD_OPTIONS, "error.bad_record", detail=exc.reason)


def json_text(data: Any) -> str:
    """JSON data as the export files hold it (indented, UTF-8 names kept)."""
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


__all__ = [
    "IMPORTED",
    "GameRecords",
    "RecordFile",
    "json_text",
    "kind_of_record",
    "records_of_kind",
    "result_of_tag",
]
