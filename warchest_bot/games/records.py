"""Game records: a played game as a text file people keep, share and read back (docs/records.md).

A record is the `PlayedGame` (what the service knows of a game: its kind, options, players, plies by
turn, result and, once the game has ended, its seed) written by the game's `Records` facet
(`warchest_bot.games.facets.Records`). Point-Buy Chess writes PGN (`warchest_bot.games.pointbuy.record`);
War Chest and Castles write `TurnRecords`, a PGN-like record of their own: PGN's tag pairs, then one line
per turn. Reading a record back gives the same `PlayedGame` (its plies without turn numbers).

What a record holds while a game is under way is public only: the plies' public texts, no seed
(`PlayedGame.public`). Once a game has ended it holds every ply's full text and the seed, so that anyone
can replay the game and check every draw (the decision and its reason: docs/records.md).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import GameKind

SITE = "warchest-bot"
"""The Site tag of every record the bot writes."""
UNDER_WAY = "*"
DRAW = "1/2-1/2"


class RecordError(ValueError):
    """A record that cannot be read (``reason``: what is wrong, in English, one line)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True, slots=True)
class RecordPly:
    """One decision of a record: who took it (seat, None: nobody), its text and the ply where its turn
    began (None: not known, e.g. read back from a file)."""

    seat: int | None
    text: str
    turn: int | None = None


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game as a record holds it.

    ``players``: the display name per seat; ``teams``: the team of each seat; ``winner_team`` and
    ``reason`` once it has ended (``winner_team`` None with a reason: a draw; ``loser_team`` a forfeit of
    more than two teams); ``seed`` only once it has ended (a record of a game under way never holds it);
    ``ended``: the game is over (its plies are the full texts then, else the public ones)."""

    kind: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    plies: tuple[RecordPly, ...]
    teams: tuple[int, ...] = ()
    ended: bool = False
    seed: int | None = None
    winner_team: int | None = None
    loser_team: int | None = None
    reason: str | None = None
    played_on: date | None = None
    game_id: int | None = None
    extra: Mapping[str, str] = field(default_factory=dict)

    @property
    def public(self) -> bool:
        """Whether this record may hold public information only (the game is not over)."""
        return not self.ended

    @property
    def texts(self) -> list[str]:
        """The plies' texts in order."""
        return [p.text for p in self.plies]

    def team_count(self) -> int:
        return len(set(self.teams)) if self.teams else len(self.players)

    @property
    def result_tag(self) -> str:
        """PGN's Result: "1-0" (the first team won), "0-1", "1/2-1/2", or "*" while under way; with more
        than two teams "team N" (the winner, from 1) or "1/2-1/2"."""
        if not self.ended:
            return UNDER_WAY
        if self.winner_team is None:
            return DRAW
        if self.team_count() <= 2:
            return "1-0" if self.winner_team == 0 else "0-1"
        return f"team {self.winner_team + 1}"


def result_of_tag(tag: str) -> tuple[bool, int | None]:
    """(ended, winner team) of a Result tag; `RecordError` for a value that is not one."""
    tag = tag.strip()
    if tag == UNDER_WAY:
        return False, None
    if tag == DRAW:
        return True, None
    if tag in ("1-0", "0-1"):
        return True, 0 if tag == "1-0" else 1
    match = re.fullmatch(r"team (\d+)", tag)
    if match and int(match[1]) >= 1:
        return True, int(match[1]) - 1
    raise RecordError(f"the Result tag {tag!r} is not 1-0, 0-1, 1/2-1/2, team N or *")


# --- PGN's tag pairs --------------------------------------------------------------------------------------
def tag_line(name: str, value: str) -> str:
    """``[Name "value"]`` with PGN's escapes (backslash and quote)."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return f'[{name} "{escaped}"]'


_TAG = re.compile(r'^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


def split_record(text: str) -> tuple[dict[str, str], list[str]]:
    """The tag pairs (name → value, in order) and the lines of the movetext after them; `RecordError`
    for a text without tags or with a malformed tag line."""
    if "\x00" in text:
        raise RecordError("the file is not a text record")
    tags: dict[str, str] = {}
    body: list[str] = []
    lines = text.lstrip("\ufeff").splitlines()
    i = 0
    while i < len(lines) and not lines[i].strip():
        i += 1
    while i < len(lines) and lines[i].strip().startswith("["):
        line = lines[i].strip()
        match = _TAG.match(line)
        if match is None:
            raise RecordError(f'line {i + 1} is not a tag pair such as [Result "1-0"]: {line[:60]}')
        tags[match[1]] = re.sub(r"\\(.)", r"\1", match[2])
        i += 1
    if not tags:
        raise RecordError('the record starts with no tag pairs ([Game "..."], [Result "..."], ...)')
    body = lines[i:]
    return tags, body


def pgn_date(day: date | None) -> str:
    """PGN's Date ("2026.12.02", "????.??.??" when not known)."""
    return day.strftime("%Y.%m.%d") if day is not None else "????.??.??"


def date_of_tag(tag: str | None) -> date | None:
    if not tag:
        return None
    try:
        y, m, d = (int(x) for x in tag.split("."))
        return date(y, m, d)
    except ValueError:
        return None


def options_tag(options: Mapping[str, Any]) -> str:
    """The options as compact JSON (keys sorted)."""
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"))


def options_of_tag(tag: str | None) -> dict[str, Any]:
    if not tag:
        return {}
    try:
        options = json.loads(tag)
    except ValueError:
        raise RecordError("the Options tag is not a JSON object") from None
    if not isinstance(options, dict):
        raise RecordError("the Options tag is not a JSON object")
    return options


def seed_of_tag(tag: str | None) -> int | None:
    if tag is None or not tag.strip():
        return None
    if not tag.strip().isdigit():
        raise RecordError("the Seed tag is not a whole number")
    return int(tag)


def event_of(game: PlayedGame, title: str) -> str:
    return f"{title}, {SITE} game #{game.game_id}" if game.game_id is not None else title


def game_id_of_event(tag: str | None) -> int | None:
    match = re.search(r"#(\d+)$", tag or "")
    return int(match[1]) if match else None


def check_kind(tags: Mapping[str, str], kind: str) -> None:
    found = tags.get("Game")
    if found is None:
        raise RecordError("the record has no Game tag saying which game it is")
    if found != kind:
        raise RecordError(f"the record is of the game {found!r}, not {kind!r}")


# --- the PGN-like record of a game of turns ----------------------------------------------------------------
_TURN = re.compile(r"^(\d+)\.\s+(.*)$")
_SEAT = re.compile(r"^P(\d+|\?):\s*(.*)$")
SEPARATOR = "; "


def seat_name(seat: int | None) -> str:
    return "P?" if seat is None else f"P{seat + 1}"


class TurnRecords:
    """The record of a game of turns (War Chest, Castles, …): PGN's tag pairs — Event, Site, Date,
    Round, Game (the kind), Options (JSON), Player1…PlayerN, Teams, Result, Reason, Seed (an ended game
    only), Plies, Notation ("full" or "public") — then one line per turn, ``12. P2: Cr deploy e2; Ar
    bolster e2`` (a seat change inside one turn repeats ``P3:``), then the result. Lines starting with
    ``;`` are comments."""

    suffix = ".txt"
    media_type = "text/plain"

    def __init__(self, game: GameKind) -> None:
        self.game = game

    @staticmethod
    def claims(tags: Mapping[str, str]) -> bool:
        """No: these records always carry their Game tag."""
        return False

    def to_record(self, played: PlayedGame) -> str:
        """The record of ``played``: while it is under way (`PlayedGame.public`) each decision's public
        text and no seed, once ended the full texts and the seed."""
        game = played
        lines = [
            tag_line("Event", event_of(game, self.game.title)),
            tag_line("Site", SITE),
            tag_line("Date", pgn_date(game.played_on)),
            tag_line("Round", "-"),
            tag_line("Game", self.game.kind),
            tag_line("Options", options_tag(game.options)),
        ]
        lines += [tag_line(f"Player{n}", name) for n, name in enumerate(game.players, start=1)]
        if game.teams:
            lines.append(tag_line("Teams", " ".join(str(t + 1) for t in game.teams)))
        lines.append(tag_line("Result", game.result_tag))
        if game.ended and game.reason:
            lines.append(tag_line("Reason", game.reason))
        if game.ended and game.seed is not None:
            lines.append(tag_line("Seed", str(game.seed)))
        lines.append(tag_line("Plies", str(len(game.plies))))
        lines.append(tag_line("Notation", "full" if game.ended else "public"))
        lines.append("")
        plies = game.plies
        if game.public:  # under way: what everyone may see of each decision
            plies = tuple(replace(p, text=self.game.public_text(p.text)) for p in plies)
        lines += turn_lines(plies)
        lines.append(game.result_tag)
        return "\n".join(lines) + "\n"

    def from_record(self, text: str) -> PlayedGame:
        """The game a record written by `to_record` holds (`RecordError` if it cannot be read)."""
        tags, body = split_record(text)
        check_kind(tags, self.game.kind)
        players = players_of_tags(tags)
        teams = teams_of_tag(tags.get("Teams"), len(players))
        ended, winner = result_of_tag(tags.get("Result", UNDER_WAY))
        plies = plies_of_lines(body)
        count = tags.get("Plies")
        if count is not None and count.isdigit() and int(count) != len(plies):
            raise RecordError(f"the Plies tag says {count} plies, the record has {len(plies)}")
        return PlayedGame(
            kind=self.game.kind,
            options=options_of_tag(tags.get("Options")),
            players=players,
            plies=tuple(plies),
            teams=teams,
            ended=ended and tags.get("Notation", "full") == "full",
            seed=seed_of_tag(tags.get("Seed")),
            winner_team=winner,
            reason=tags.get("Reason") if ended else None,
            played_on=date_of_tag(tags.get("Date")),
            game_id=game_id_of_event(tags.get("Event")),
        )


def turn_lines(plies: Sequence[RecordPly]) -> list[str]:
    """One line per turn: ``N. P1: text; text`` (turns by `RecordPly.turn`; a ply whose turn is not known
    begins a turn of its own)."""
    lines: list[str] = []
    current: list[RecordPly] = []

    def flush() -> None:
        if not current:
            return
        parts: list[str] = []
        seat: object = object()
        for p in current:
            parts.append(f"{seat_name(p.seat)}: {p.text}" if p.seat != seat else p.text)
            seat = p.seat
        lines.append(f"{len(lines) + 1}. " + SEPARATOR.join(parts))

    begun: int | None = None
    for ply, p in enumerate(plies):
        start = p.turn if p.turn is not None else ply
        if current and start != begun:
            flush()
            current = []
        if not current:
            begun = start
        current.append(p)
    flush()
    return lines


def plies_of_lines(lines: Iterable[str]) -> list[RecordPly]:
    """The plies of turn lines (with the ply where each one's turn began); the result token and ``;``
    comments are skipped."""
    plies: list[RecordPly] = []
    expected = 1
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith(";") or line.startswith("%"):
            continue
        if line in ("1-0", "0-1", DRAW, UNDER_WAY) or re.fullmatch(r"team \d+", line):
            continue
        match = _TURN.match(line)
        if match is None:
            raise RecordError(f"line {number} is not a turn such as '1. P1: ...': {line[:60]}")
        if int(match[1]) != expected:
            raise RecordError(f"line {number} is turn {match[1]}, turn {expected} was expected")
        expected += 1
        start = len(plies)
        seat: int | None = None
        seen_seat = False
        for part in match[2].split(SEPARATOR.strip()):
            part = part.strip()
            who = _SEAT.match(part)
            if who is not None:
                seat = None if who[1] == "?" else int(who[1]) - 1
                seen_seat = True
                part = who[2].strip()
            if not seen_seat:
                raise RecordError(f"line {number}: a turn starts with its seat, e.g. 'P1: ...'")
            if not part:
                raise RecordError(f"line {number} has an empty ply")
            plies.append(RecordPly(seat, part, start))
    return plies


def players_of_tags(tags: Mapping[str, str]) -> tuple[str, ...]:
    players: list[str] = []
    while f"Player{len(players) + 1}" in tags:
        players.append(tags[f"Player{len(players) + 1}"])
    if not players:
        raise RecordError("the record names no players (Player1, Player2, ...)")
    return tuple(players)


def teams_of_tag(tag: str | None, players: int) -> tuple[int, ...]:
    if not tag:
        return ()
    parts = tag.split()
    if len(parts) != players or not all(p.isdigit() and int(p) >= 1 for p in parts):
        raise RecordError("the Teams tag names a team (from 1) for each player")
    return tuple(int(p) - 1 for p in parts)


def with_turns(played: PlayedGame, turns: Sequence[int | None]) -> PlayedGame:
    """``played`` with each ply's turn start replaced."""
    plies = tuple(replace(p, turn=t) for p, t in zip(played.plies, turns, strict=True))
    return replace(played, plies=plies)


__all__ = [
    "DRAW",
    "SITE",
    "UNDER_WAY",
    "PlayedGame",
    "RecordError",
    "RecordPly",
    "TurnRecords",
    "check_kind",
    "date_of_tag",
    "options_of_tag",
    "options_tag",
    "pgn_date",
    "plies_of_lines",
    "result_of_tag",
    "seed_of_tag",
    "split_record",
    "tag_line",
    "turn_lines",
]
