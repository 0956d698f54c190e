"""The War Chest tutorial: lessons as data and the rules that judge a learner's moves. Pure, no I/O.

Each lesson is one JSON file in ``lessons/`` (``NN_name.json``, played in file order):

```json
{
  "kind": "puzzle",                       // or "game": play on against the easy AI until the game ends
  "position": { ... },                    // the JSON position format (engine/position.py); the learner is seat 0
  "goal": {"type": "unit_on", "unit": "Sw", "hex": "e3"},
  "solution": ["Sw move e2-e3"],          // the intended actions (follow-ups included), canonical notation
  "wrong": "Sw pass",                     // a legal move that misses the goal (the tests answer it)
  "mistakes": [{"kind": "move", "why": "other_unit"}]
}
```

Texts come from the message catalogue under ``tutorial.<id>.*`` (``<id>`` is the file name without its
number): ``title``, ``text`` (what the lesson teaches and asks), ``goal`` (the task in one line), ``done``
(said when it is reached), ``why.<name>`` (a specific mistake). A move that misses the goal and matches no
mistake is answered with the generic ``tutorial.why.<goal type>`` reason.

Goals (all checked on the position after the learner's turn, follow-ups included):
``unit_on`` (a unit of yours — or ``unit`` — on ``hex``, or anywhere on the board without ``hex``),
``height`` (your ``unit`` has at least ``height`` coins), ``control`` (your marker on ``hex``),
``coins_lost`` (the enemy ``unit`` lost at least ``count`` coins), ``enemy_off`` (no enemy unit on ``hex``), ``fort_on`` (Siege: a fort on ``hex``), ``keep_coins`` (no unit of yours lost a
coin), ``initiative`` (you hold it), ``recruited`` (you recruited ``unit``), ``new_round`` (a new round
began), ``passed`` (you passed), ``win`` (you won the game), ``all`` (every goal of ``goals``).
A mistake matches the learner's first action by ``kind`` (deploy, move, …), ``coin`` (the unit code paid)
and/or ``text`` (exact canonical action); all given fields must match.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import (
    UNITS,
    Action,
    GameState,
    action_to_json,
    format_action,
    from_json,
    lookup_unit,
    parse_action,
)
from ..engine.geometry import NAME_INDEX

LESSONS_DIR = Path(__file__).parent / "lessons"
LEARNER = 0
"""The learner's seat in every lesson (seat 0, side A)."""
GOAL_TYPES = (
    "unit_on",
    "height",
    "control",
    "coins_lost",
    "enemy_off",
    "fort_on",
    "keep_coins",
    "initiative",
    "recruited",
    "new_round",
    "passed",
    "win",
    "all",
)
LESSON_KINDS = ("puzzle", "game")


class LessonError(ValueError):
    """A lesson file that cannot be used (the message says what is wrong)."""


@dataclass(frozen=True)
class Mistake:
    """A likely wrong move and the catalogue key explaining it (``tutorial.<lesson>.why.<why>``)."""

    why: str
    kind: str | None = None
    coin: str | None = None
    text: str | None = None

    def matches(self, kind: str, coin: str | None, text: str) -> bool:
        return (
            (self.kind is None or self.kind == kind)
            and (self.coin is None or (coin is not None and self.coin.lower() == coin.lower()))
            and (self.text is None or self.text.lower() == text.lower())
        )


@dataclass(frozen=True)
class Lesson:
    """One lesson (see the module docstring)."""

    id: str
    number: int
    kind: str
    position: Mapping[str, Any]
    goal: Mapping[str, Any]
    solution: tuple[str, ...]
    wrong: str | None = None
    mistakes: tuple[Mistake, ...] = ()
    hints: bool = False
    """Whether the lesson offers hints (the easy AI's suggestion for the learner)."""

    def key(self, name: str) -> str:
        """The catalogue key of one of this lesson's texts (``title``, ``text``, ``goal``, ``done``)."""
        return f"tutorial.{self.id}.{name}"

    def start(self) -> GameState:
        """The lesson's position, fresh."""
        return from_json(dict(self.position))

    def text_keys(self) -> list[str]:
        """Every catalogue key the lesson uses."""
        keys = [self.key(n) for n in ("title", "text", "goal", "done")]
        keys += [self.key(f"why.{m.why}") for m in self.mistakes]
        return keys


@dataclass(frozen=True)
class Verdict:
    """What the learner's moves so far amount to.

    ``status``: "continue" (the learner owes a follow-up decision of the same turn, or — in a game lesson —
    plays on), "opponent" (a game lesson: the opponent is to act), "reached" (the goal is reached) or
    "missed" (it is not: ``why`` is the catalogue key saying why, filled with ``params``)."""

    status: str
    why: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)


def _unit(text: object, where: str) -> int:
    if not isinstance(text, str) or (u := lookup_unit(text)) is None:
        raise LessonError(f"{where}: unknown unit {text!r}")
    return u


def _hex(text: object, where: str) -> int:
    if not isinstance(text, str) or text.lower() not in NAME_INDEX:
        raise LessonError(f"{where}: unknown hex {text!r}")
    return NAME_INDEX[text.lower()]


def _check_goal(goal: object, where: str) -> None:
    if not isinstance(goal, dict) or goal.get("type") not in GOAL_TYPES:
        raise LessonError(f"{where}: a goal needs a type, one of {', '.join(GOAL_TYPES)}")
    kind = goal["type"]
    if "unit" in goal:
        _unit(goal["unit"], where)
    if "hex" in goal:
        _hex(goal["hex"], where)
    if kind in ("height", "coins_lost", "recruited") and "unit" not in goal:
        raise LessonError(f"{where}: a {kind} goal names its unit")
    if kind in ("control", "enemy_off", "fort_on") and "hex" not in goal:
        raise LessonError(f"{where}: a {kind} goal names its hex")
    if kind == "all":
        goals = goal.get("goals")
        if not isinstance(goals, list) or not goals:
            raise LessonError(f"{where}: an 'all' goal lists its goals")
        for n, sub in enumerate(goals):
            _check_goal(sub, f"{where}.goals[{n}]")


def load_lesson(path: Path) -> Lesson:
    """Read one lesson file; raises `LessonError` (or the engine's `PositionError`) if it is unusable."""
    stem = path.stem
    number_text, _, name = stem.partition("_")
    if not number_text.isdigit() or not name:
        raise LessonError(f"{path.name}: lesson files are named NN_name.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    kind = data.get("kind", "puzzle")
    if kind not in LESSON_KINDS:
        raise LessonError(f"{path.name}: kind must be one of {', '.join(LESSON_KINDS)}")
    _check_goal(data.get("goal"), f"{path.name} goal")
    mistakes = tuple(
        Mistake(m["why"], m.get("kind"), m.get("coin"), m.get("text")) for m in data.get("mistakes", [])
    )
    lesson = Lesson(
        id=name,
        number=int(number_text),
        kind=kind,
        position=data["position"],
        goal=data["goal"],
        solution=tuple(data.get("solution", [])),
        wrong=data.get("wrong"),
        mistakes=mistakes,
        hints=bool(data.get("hints", kind == "game")),
    )
    g = lesson.start()
    if g.current_player != LEARNER:
        raise LessonError(f"{path.name}: the learner (seat 0) must be the one to act")
    return lesson


@functools.cache
def lessons() -> tuple[Lesson, ...]:
    """Every lesson, in order."""
    found = tuple(load_lesson(p) for p in sorted(LESSONS_DIR.glob("*.json")))
    ids = [x.id for x in found]
    if len(set(ids)) != len(ids):
        raise LessonError("two lessons have the same name")
    return found


def find_lesson(text: str) -> Lesson | None:
    """A lesson by its name (``deploy``) or number (``2``), or None."""
    key = text.strip().lower()
    for x in lessons():
        if key in (x.id, str(x.number), f"{x.number:02d}"):
            return x
    return None


def next_lesson(lesson: Lesson) -> Lesson | None:
    """The lesson after ``lesson`` (None after the last)."""
    all_ = lessons()
    n = all_.index(lesson)
    return all_[n + 1] if n + 1 < len(all_) else None


# --- judging ---------------------------------------------------------------------------------------------------
def replay(lesson: Lesson, actions: Sequence[str]) -> GameState:
    """The lesson's position after ``actions`` (canonical texts, both seats' in a game lesson)."""
    g = lesson.start()
    for text in actions:
        g.apply(parse_action(g, text))
    return g


def _team_units(g: GameState, seat: int) -> list[int]:
    return list(g.seats[seat].units)


def _goal_met(
    goal: Mapping[str, Any], start: GameState, g: GameState, first: str | None
) -> tuple[bool, str, dict]:
    """Whether ``goal`` holds in ``g`` (reached from ``start``); if not, the generic reason and its values."""
    kind = goal["type"]
    unit = lookup_unit(goal["unit"]) if "unit" in goal else None
    params: dict[str, Any] = {}
    if unit is not None:
        params["unit"] = goal["unit"]
    if "hex" in goal:
        params["hex"] = goal["hex"]
    me = LEARNER
    if kind == "all":
        for sub in goal["goals"]:
            ok, why, p = _goal_met(sub, start, g, first)
            if not ok:
                return ok, why, p
        return True, "", {}
    why = f"tutorial.why.{kind}" + ("_unit" if kind == "unit_on" and unit is not None else "")
    if kind == "unit_on":
        hexes = [_hex(goal["hex"], "goal")] if "hex" in goal else list(g.board.hexes)
        ok = any(
            (st := g.stacks[h]) is not None and st[0] == me and (unit is None or st[1] == unit) for h in hexes
        )
        if "hex" not in goal:
            why = "tutorial.why.on_board"
    elif kind == "height":
        params["height"] = goal.get("height", 2)
        ok = any(g.stacks[h][2] >= params["height"] for h in g.positions[unit])  # type: ignore[index]
    elif kind == "control":
        ok = g.controller(_hex(goal["hex"], "goal")) == g.team_of[me]
    elif kind == "coins_lost":
        owner = g.owner[unit]  # type: ignore[index]
        params["count"] = goal.get("count", 1)
        lost = g.seats[owner].eliminated[unit] - start.seats[owner].eliminated[unit]  # type: ignore[index]
        ok = owner != me and lost >= params["count"]
    elif kind == "enemy_off":
        st = g.stacks[_hex(goal["hex"], "goal")]
        ok = st is None or g.team_of[st[0]] == g.team_of[me]
    elif kind == "fort_on":
        ok = _hex(goal["hex"], "goal") in g.forts
    elif kind == "keep_coins":
        ok = all(g.seats[me].eliminated[u] == start.seats[me].eliminated[u] for u in _team_units(g, me))
    elif kind == "initiative":
        ok = g.initiative == me
    elif kind == "recruited":
        ok = g.seats[me].supply[unit] < start.seats[me].supply[unit]  # type: ignore[index]
    elif kind == "new_round":
        ok = g.round > start.round
    elif kind == "passed":
        ok = first is not None and first.split()[1:2] == ["pass"]
    elif kind == "win":
        ok = g.result is not None and g.result.winner == g.team_of[me]
        if g.result is not None and not ok:
            why = "tutorial.why.lost" if g.result.winner is not None else "tutorial.why.draw"
    else:  # pragma: no cover - load_lesson checks the types
        raise LessonError(f"unknown goal type {kind!r}")
    return ok, why, params


def judge(lesson: Lesson, actions: Sequence[str]) -> Verdict:
    """Judge the actions played so far in ``lesson`` (the learner's and, in a game lesson, the opponent's).

    A puzzle lesson is judged once the learner's turn is over (no follow-up of the learner is owed): the
    goal holds, or it does not and a mistake (or the generic reason) says why. A game lesson goes on until
    the game ends."""
    start = lesson.start()
    g = replay(lesson, actions)
    first = actions[0] if actions else None
    if lesson.kind == "game":
        if g.result is None:
            return Verdict("continue" if g.current_player == LEARNER else "opponent")
        ok, why, params = _goal_met(lesson.goal, start, g, first)
        return Verdict("reached") if ok else Verdict("missed", why, params)
    if not actions:
        return Verdict("continue")
    if g.result is None and g.pending and g.current_player == LEARNER:
        return Verdict("continue")
    ok, why, params = _goal_met(lesson.goal, start, g, first)
    if ok:
        return Verdict("reached")
    action = parse_action(start, actions[0])
    coin = actions[0].split()[0] if action.coin >= 0 else None
    for m in lesson.mistakes:
        if m.matches(action.kind, coin, actions[0]):
            return Verdict("missed", lesson.key(f"why.{m.why}"), params)
    return Verdict("missed", why, params)


def canonical(g: GameState, text: str) -> str:
    """The canonical text of the action ``text`` names in ``g`` (raises the engine's `NotationError`)."""
    return format_action(g, parse_action(g, text))


# --- in words ----------------------------------------------------------------------------------------------
def unit_name(code: str, locale: str) -> str:
    """A unit's name in ``locale`` (the catalogue's ``unit.<code>.name`` when there is one; the Royal Coin
    as ``tutorial.royal_coin``); anything that is not a unit as it is."""
    from ....i18n import has_message, t

    found = lookup_unit(code)
    if found is None:
        return code
    entry = UNITS[found]
    if entry.code == "RC":
        return t("tutorial.royal_coin", locale)
    key = f"unit.{entry.code}.name"
    return t(key, locale) if has_message(key) else entry.name


def hint_text(hint: Mapping[str, Any], locale: str) -> str:
    """A hint in words (``tutorial.hint.<kind>``, ``…_free`` for a follow-up paid with no coin), then its
    notation."""
    from ....i18n import has_message, t

    kind, hexes = str(hint["kind"]), list(hint.get("hexes") or [])
    key = f"tutorial.hint.{kind}" + ("" if hint.get("coin") else "_free")
    if not has_message(key):
        key = "tutorial.hint.other"
    coin = unit_name(str(hint.get("coin") or ""), locale)
    royal = hint.get("coin") == "Royal"
    sentence = t(
        key,
        locale,
        coin=coin,
        paid=coin if royal else t("tutorial.coin", locale, unit=coin),
        unit=unit_name(str(hint.get("unit") or ""), locale),
        first=hexes[0] if hexes else "",
        last=hexes[-1] if hexes else "",
    )
    return t("tutorial.hint", locale, hint=sentence, action=hint["text"])


class WarChestTutorial:
    """The War Chest tutorial as the game's `warchest_bot.games.facets.Tutorial`."""

    learner: int = LEARNER

    @staticmethod
    def lessons() -> tuple[Lesson, ...]:
        """Every lesson, in order."""
        return lessons()

    @staticmethod
    def find_lesson(text: str) -> Lesson | None:
        """A lesson by name or number."""
        return find_lesson(text)

    @staticmethod
    def next_lesson(lesson: Lesson) -> Lesson | None:
        """The lesson after ``lesson``."""
        return next_lesson(lesson)

    @staticmethod
    def replay(lesson: Lesson, actions: Sequence[str]) -> GameState:
        """The lesson's position after ``actions``."""
        return replay(lesson, actions)

    @staticmethod
    def judge(lesson: Lesson, actions: Sequence[str]) -> Verdict:
        """The verdict on the actions so far (`judge`)."""
        return judge(lesson, actions)

    @staticmethod
    def hint(state: GameState, action: Action) -> dict[str, Any]:
        """The action as data (`action_to_json`: kind, coin, unit, hexes and the notation ``text``)."""
        return action_to_json(action, LEARNER)

    @staticmethod
    def hint_text(hint: Mapping[str, Any], locale: str) -> str:
        """The hint in words (`hint_text`)."""
        return hint_text(hint, locale)

    @staticmethod
    def reason_params(params: Mapping[str, Any], locale: str) -> dict[str, Any]:
        """The reason's values with a unit named in ``locale``."""
        out = dict(params)
        if "unit" in out:
            out["unit"] = unit_name(str(out["unit"]), locale)
        return out


TUTORIAL = WarChestTutorial()
"""The War Chest tutorial facet."""


__all__ = [
    "GOAL_TYPES",
    "LEARNER",
    "LESSONS_DIR",
    "Lesson",
    "TUTORIAL",
    "LessonError",
    "Mistake",
    "Verdict",
    "WarChestTutorial",
    "canonical",
    "find_lesson",
    "hint_text",
    "judge",
    "lessons",
    "load_lesson",
    "next_lesson",
    "replay",
    "unit_name",
]
