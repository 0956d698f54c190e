"""The knockout after a Swiss, as the service keeps it: pure helpers over an event's stored state.

An event created with a playoff keeps its terms beside the model, ``state["knockout"]`` (``size``: the top
2, 4 or 8; ``draw_rule`` and ``max_games``, `warchest_bot.tournaments.knockout`). After the Swiss's last
round the duties-lease holder seeds the bracket from the standings (``state["knockout"]["bracket"]``, the
plain data of `Knockout.to_dict`) and plays it out like the Swiss's rounds (`TournamentService.advance`):
every game of a match is a board of the event's ``tournament_games`` (so each opens exactly once, as a
Swiss board), in round ``swiss rounds + knockout round`` with board ``100 × match + game``; its seed is a
secret ticket kept with the other notes (``k<round>:<match>:<game>``). The event finishes when the final
has a winner (or when too few entrants were left for any knockout: ``skipped``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, MutableMapping
from typing import Any

from ..tournaments import DrawRule, Knockout, Outcome, Status, Tournament, TournamentError
from ..tournaments.knockout import SIZES

KEY = "knockout"
"""The state's key of the knockout's terms and bracket."""

GAME_SLOTS = 100
"""Boards per match: board ``100 × match + game`` (``max_games`` stays below it)."""


def terms_of(size: int, draw_rule: DrawRule = DrawRule.REMATCH, max_games: int = 3) -> dict[str, Any]:
    """The stored terms of a knockout of the top ``size`` (refused unless 2, 4 or 8, and 1 to 9 games)."""
    if size not in SIZES or not 1 <= max_games < 10:
        raise TournamentError("tournament.knockout_bad", f"{size} {max_games}")
    return {"size": size, "draw_rule": DrawRule(draw_rule).value, "max_games": max_games}


def terms(state: MutableMapping[str, Any]) -> dict[str, Any] | None:
    """The event's knockout terms, or None (no knockout)."""
    value = state.get(KEY)
    return value if isinstance(value, dict) else None


def bracket(state: MutableMapping[str, Any]) -> Knockout | None:
    """The seeded knockout, or None (none, or not seeded yet)."""
    found = terms(state)
    data = found.get("bracket") if found is not None else None
    return Knockout.from_dict(data) if data else None


def store(state: MutableMapping[str, Any], ko: Knockout) -> None:
    """Keep ``ko`` in the state."""
    found = terms(state)
    assert found is not None
    found["bracket"] = ko.to_dict()


def settled(state: MutableMapping[str, Any]) -> bool:
    """Whether nothing is left to play after the Swiss: no knockout, one skipped, or its final won."""
    found = terms(state)
    if found is None or found.get("skipped"):
        return True
    ko = bracket(state)
    return ko is not None and ko.finished


def in_play(state: MutableMapping[str, Any], model: Tournament) -> bool:
    """Whether the event is in its knockout: the Swiss is over and the knockout is not."""
    return model.finished and not settled(state)


def seed(state: MutableMapping[str, Any], model: Tournament, notes: MutableMapping[str, int]) -> int:
    """Seed the bracket from the Swiss standings (the top ``size`` still in; fewer, the largest bracket
    they fill, when entrants withdrew), its games' tickets among ``notes``: 1, the knockout round paired;
    0 when fewer than two entrants are left (the knockout is skipped)."""
    found = terms(state)
    assert found is not None
    left = sum(1 for e in model.entrants.values() if e.status is Status.ACTIVE)
    fits = [s for s in SIZES if s <= min(left, int(found["size"]))]
    if not fits:
        found["skipped"] = 1
        return 0
    ko = Knockout.from_standings(
        model.standings(), fits[-1], DrawRule(found["draw_rule"]), int(found["max_games"])
    )
    store(state, ko)
    issue_tickets(ko, notes)
    return 1


def game_number(ko: Knockout, match: int) -> int:
    """The 1-based number of the game to play now in match ``match`` (1-based) of the current round."""
    return len(ko.rounds[-1][match - 1].games) + 1


def ticket_key(round_number: int, match: int, game: int) -> str:
    return f"k{round_number}:{match}:{game}"


def issue_tickets(ko: Knockout, notes: MutableMapping[str, int]) -> None:
    """A secret seed for every game to be played now that has none."""
    for round_number, match, _first, _second in ko.pending():
        key = ticket_key(round_number, match, game_number(ko, match))
        if key not in notes:
            notes[key] = secrets.randbits(62)


def board_of(match: int, game: int) -> int:
    """The ``tournament_games`` board of game ``game`` of match ``match``."""
    return GAME_SLOTS * match + game


def round_of(model: Tournament, round_number: int) -> int:
    """The ``tournament_games`` round of knockout round ``round_number``."""
    return model.total_rounds + round_number


def pending(model: Tournament, ko: Knockout) -> Iterator[tuple[int, int, int, int, int, int]]:
    """The games to play now: (knockout round, match, game, first entrant, second entrant, its stored
    round) with board `board_of` (match, game)."""
    for round_number, match, first, second in ko.pending():
        yield round_number, match, game_number(ko, match), first, second, round_of(model, round_number)


def record(ko: Knockout, round_number: int, match: int, game: int, outcome: Outcome) -> bool:
    """Record the result of game ``game`` of a match if it is the game being played (a result read
    twice, or of a game the organiser decided meanwhile, is left out): whether it was recorded."""
    if round_number != len(ko.rounds) or not 1 <= match <= len(ko.rounds[-1]):
        return False
    m = ko.rounds[-1][match - 1]
    if m.winner is not None or len(m.games) + 1 != game:
        return False
    ko.record(round_number, match, outcome)
    return True


def forfeit_entrant(ko: Knockout, number: int) -> bool:
    """The match being played by entrant ``number`` (who withdrew) is forfeited to its opponent."""
    for round_number, match, first, second in ko.pending():
        if number in (first, second):
            outcome = Outcome.SECOND_BY_FORFEIT if first == number else Outcome.FIRST_BY_FORFEIT
            ko.record(round_number, match, outcome)
            return True
    return False


__all__ = [
    "GAME_SLOTS",
    "KEY",
    "bracket",
    "board_of",
    "forfeit_entrant",
    "game_number",
    "in_play",
    "issue_tickets",
    "pending",
    "record",
    "round_of",
    "seed",
    "settled",
    "store",
    "terms",
    "terms_of",
    "ticket_key",
]
