"""A `Tournament` as plain data (JSON-ready) and back: what storage keeps of an event (``state``).

Versioned (``v``) so that a later shape can still read what an older bot stored."""

from __future__ import annotations

from typing import Any

from .model import Entrant, Format, Game, Outcome, Round, Settings, Status, Tournament

STATE_VERSION = 1


def to_data(t: Tournament) -> dict[str, Any]:
    """The event as plain data (lists, dicts, strings, numbers)."""
    s = t.settings
    return {
        "v": STATE_VERSION,
        "settings": {
            "format": s.format.value,
            "rounds": s.rounds,
            "cycles": s.cycles,
            "half_byes": s.half_byes,
            "missed_deadlines": s.missed_deadlines,
        },
        "started": t.started,
        "entrants": [
            {
                "number": e.number,
                "key": e.key,
                "name": e.name,
                "members": list(e.members),
                "rating": e.rating,
                "joined": e.joined,
                "status": e.status.value,
                "missed": e.missed,
                "half_byes": sorted(e.half_byes),
                "names": list(e.names),
            }
            for e in t.entrants.values()
        ],
        "rounds": [
            {
                "number": r.number,
                "closed": r.closed,
                "games": [
                    [g.table, g.first, g.second, None if g.outcome is None else g.outcome.value]
                    for g in r.games
                ],
            }
            for r in t.rounds
        ],
    }


def from_data(data: dict[str, Any]) -> Tournament:
    """The event `to_data` gave (ValueError when the data is not such an event)."""
    if data.get("v") != STATE_VERSION:
        raise ValueError(f"unknown tournament state version {data.get('v')!r}")
    raw = data["settings"]
    settings = Settings(
        format=Format(raw["format"]),
        rounds=int(raw["rounds"]),
        cycles=int(raw["cycles"]),
        half_byes=int(raw["half_byes"]),
        missed_deadlines=int(raw["missed_deadlines"]),
    )
    t = Tournament(settings, started=bool(data["started"]))
    for e in data["entrants"]:
        entrant = Entrant(
            number=int(e["number"]),
            key=str(e["key"]),
            name=str(e["name"]),
            members=tuple(int(m) for m in e["members"]),
            rating=int(e["rating"]),
            joined=int(e["joined"]),
            status=Status(e["status"]),
            missed=int(e["missed"]),
            half_byes=frozenset(int(n) for n in e["half_byes"]),
            names=tuple(str(n) for n in e.get("names", ())),
        )
        t.entrants[entrant.number] = entrant
    for r in data["rounds"]:
        games = [
            Game(
                int(table),
                int(first),
                None if second is None else int(second),
                None if o is None else Outcome(o),
            )
            for table, first, second, o in r["games"]
        ]
        t.rounds.append(Round(int(r["number"]), games, bool(r["closed"])))
    return t


__all__ = ["STATE_VERSION", "from_data", "to_data"]
