"""Turns and chance: the small values a game uses to say what a decision revealed, after it is applied.

A *turn* is the run of consecutive decisions one seat makes (or several seats make, in one simultaneous
step) before play passes on; a game says where its turns begin (`GameKind.turn_start`). A decision's words
are computed *after* the decision is applied, from (before, action, after) (`GameKind.announce`), so that
what a random step decided (a die roll, a drawn card) can be told: the `Announcement`'s public phrase to
everyone, a private phrase instead to each seat that may see more.

Chance. Random steps happen inside ``apply``, drawn from the state's own RNG seeded from the game's secret
seed (as War Chest's bag draws always have), and the announcement exposes their outcome afterwards. The
seed and the action log determine every outcome, so a replay, a restart and a snapshot reproduce them, and
nothing a player sees lets them be predicted. (The alternative, chance nodes resolved by the service and
logged as rows of their own, would give the log rows without a seat and change what a ply is for buttons,
undo and clocks, for no gain in secrecy.)

Phrases are catalogue message ids with their values, so every reader gets them in their own language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

ACTION_PHRASE = "summary.action"
"""The phrase of a decision told by its notation alone (``{action}``): every game's default."""
SILENT_PHRASE = "summary.silent"
"""The phrase of a decision a turn's summary leaves out (a phase closed: "end"); it reads as nothing."""


@dataclass(frozen=True, slots=True)
class Phrase:
    """Part of a turn's summary: a catalogue message id (a phrase such as "rolled a {roll}") and the values
    it is filled with (JSON data: notation, numbers)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def as_data(self) -> list[Any]:
        """The phrase as JSON data (stored with the announcement a turn owes)."""
        return [self.key, dict(self.params)]

    @classmethod
    def from_data(cls, data: Any) -> Phrase:
        """The phrase ``as_data`` wrote."""
        key, params = data
        return cls(str(key), dict(params))

    def words(self, locale: str | None) -> str:
        """The phrase in ``locale`` (`SILENT_PHRASE`: empty); a value made by `said` (a card's or a unit's
        name) is itself said in ``locale`` first."""
        from ..i18n import t

        if self.key == SILENT_PHRASE:
            return ""
        return t(self.key, locale, **{k: _value(v, locale) for k, v in self.params.items()})


def said(key: str, fallback: str = "", **params: Any) -> dict[str, Any]:
    """A phrase's value that is itself a catalogue message (a card's name), said in each reader's language;
    ``fallback`` when the catalogue has no such message (a card of a loaded table). JSON data."""
    return {"said": key, "params": params, "or": fallback}


def _value(value: Any, locale: str | None) -> Any:
    from ..i18n import has_message, t

    if isinstance(value, Mapping) and "said" in value:
        key = str(value["said"])
        if not has_message(key):
            return str(value.get("or", ""))
        return t(key, locale, **{k: _value(v, locale) for k, v in dict(value.get("params") or {}).items()})
    return value


@dataclass(frozen=True, slots=True)
class Announcement:
    """What one decision says: ``public`` for everyone, and for each seat in ``private`` that seat's own
    phrase instead (what only it may see: its hidden pick, the card it drew)."""

    public: Phrase
    private: Mapping[int, Phrase] = field(default_factory=dict)

    def for_seat(self, seat: int | None) -> Phrase:
        """The phrase ``seat`` (None: a spectator) may read."""
        if seat is not None and seat in self.private:
            return self.private[seat]
        return self.public


def plain_announcement(public: str, private: str, seat: int) -> Announcement:
    """A decision told by its notation: the public text to everyone, the private text to its seat."""
    return Announcement(
        Phrase(ACTION_PHRASE, {"action": public}), {seat: Phrase(ACTION_PHRASE, {"action": private})}
    )


class DeclaresTurns(Protocol):
    """What `ends_turn` asks of a game: where the turn under way began (`GameKind.turn_start`)."""

    def turn_start(self, state: Any) -> int:
        """The ply at which the turn under way in ``state`` began."""
        ...


def ends_turn(game: DeclaresTurns, after: Any) -> bool:
    """Whether the decision that led to ``after`` ended its turn (or the game): where the service posts a
    board and a replay keeps a frame (a game whose every decision is a turn: after each one)."""
    return bool(after.is_terminal()) or game.turn_start(after) == after.ply


def phrases_of(data: Iterable[Any]) -> list[Phrase]:
    """The phrases stored as JSON data (`Phrase.as_data`)."""
    return [Phrase.from_data(item) for item in data]


__all__ = [
    "ACTION_PHRASE",
    "SILENT_PHRASE",
    "Announcement",
    "DeclaresTurns",
    "Phrase",
    "ends_turn",
    "phrases_of",
    "plain_announcement",
    "said",
]
