"""The tutorial (`/wc tutorial`): lessons of the default game a user plays alone, with progress stored per
user.

A lesson is a position and a goal (the game's `warchest_bot.games.facets.Tutorial`); nothing of it is a stored game
(no game record, no rating, no outbox). The user's place — the lesson and the actions of the attempt in
progress — is one row of storage (`TutorialRepository`), so `/wc tutorial` resumes where the user stopped,
after a restart too. Each change counts up ``attempt``; a button or menu made for an older attempt is
refused as stale, like a stale button of a game.

The moves are checked by the game's rules: an illegal one is refused as in a game (`GameRules.parse`), a legal one
that misses the goal is answered with why, and the lesson starts over; one that reaches it moves the user
on. In the last lesson the user plays a short game against the easy AI (its moves are made here, off the
event loop), and may ask for a hint: the easy AI's choice for the user's own seat.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..games import DEFAULT_KIND, Lesson, Tutorial, get_game
from ..games.completion import matching
from ..storage import TutorialRecord
from .core import ServiceCore
from .errors import ErrorCode, ServiceError
from .limits import checks_ids
from .results import Legal
from .rules import GameRules

KIND = DEFAULT_KIND
"""The game whose tutorial `/wc tutorial` teaches."""
FINISHED = "-"
"""The lesson name stored once every lesson is done."""
OPPONENT_LEVEL = "easy"
OPPONENT_SEED = 100
"""The seed of the opponent's AI in a game lesson (its choices are then the same every time)."""
HINT_SEED = 0


@dataclass(frozen=True, slots=True)
class TutorialStep:
    """What to show the learner: the lesson (``lesson`` None once the tutorial is finished), its position
    from the learner's view, the legal actions, and what happened to the learner's last move.

    ``outcome``: None (nothing was just played), "continue" (a follow-up of the same turn is owed, or the
    game lesson goes on), "missed" (the move did not reach the goal: ``why``/``params`` say why; the
    lesson starts over) or "reached" (``finished`` names the lesson just done; the step shows the next)."""

    lesson: Lesson | None
    total: int
    attempt: int
    view: Mapping[str, Any] = field(default_factory=dict)
    legal: tuple[Legal, ...] = ()
    last_action: Mapping[str, Any] | None = None
    outcome: str | None = None
    why: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    played: tuple[str, ...] = ()
    """The actions just played: the learner's and, in a game lesson, the opponent's replies."""
    finished: Lesson | None = None
    completed: tuple[str, ...] = ()


def lessons() -> Tutorial:
    """The tutorial of `KIND` (`ServiceError` ``unknown_game`` when that game has none)."""
    tutorial = get_game(KIND).facets.tutorial
    if tutorial is None:
        raise ServiceError(ErrorCode.BAD_OPTIONS, "error.unknown_kind", kind=KIND)
    return tutorial


State = Any
"""A state of the tutorial's game."""


class Tutorials(ServiceCore):
    """The tutorial part of `GameService`."""

    def _tutorial_lock(self, user_id: int) -> asyncio.Lock:
        locks: dict[int, asyncio.Lock] = self.__dict__.setdefault("_tutorial_locks", {})
        if len(locks) > 10_000:
            for key in [k for k, lock in locks.items() if not lock.locked()]:
                del locks[key]
        return locks.setdefault(user_id, asyncio.Lock())

    async def _tutorial_record(self, user_id: int) -> TutorialRecord:
        with self.storage_errors():
            record = await self.storage.get_tutorial(user_id)
        if record is None or (record.lesson != FINISHED and lessons().find_lesson(record.lesson) is None):
            record = TutorialRecord(
                user_id, lessons().lessons()[0].id, attempt=(record.attempt if record else 0)
            )
        return record

    async def _tutorial_save(self, record: TutorialRecord) -> None:
        with self.storage_errors():
            await self.storage.put_tutorial(record)

    @staticmethod
    def _tutorial_state(lesson: Lesson, actions: Sequence[str]) -> State:
        try:
            return lessons().replay(lesson, actions)
        except (ValueError, LookupError):  # the lesson changed since the actions were stored: start over
            return lesson.start()

    def _tutorial_step(self, record: TutorialRecord, **facts: Any) -> TutorialStep:
        total = len(lessons().lessons())
        if record.lesson == FINISHED:
            return TutorialStep(None, total, record.attempt, completed=record.completed, **facts)
        lesson = lessons().find_lesson(record.lesson)
        assert lesson is not None
        g = self._tutorial_state(lesson, record.actions)
        rules = GameRules.of(KIND)
        legal: tuple[Legal, ...] = ()
        if g.current_player == lessons().learner:
            followup = rules.is_followup(g)
            legal = tuple(
                Legal(rules.text(a, public=False), rules.text(a, public=True), rules.action_kind(a), followup)
                for a in g.legal_actions()
            )
        return TutorialStep(
            lesson,
            total,
            record.attempt,
            g.view_for(lessons().learner),
            legal,
            completed=record.completed,
            **facts,
        )

    # --- reading and moving around ---------------------------------------------------------------------------
    @checks_ids("user_id")
    async def tutorial(self, user_id: int) -> TutorialStep:
        """Where the user is in the tutorial (the first lesson if they never started)."""
        async with self._tutorial_lock(user_id):
            return self._tutorial_step(await self._tutorial_record(user_id))

    @checks_ids("user_id")
    async def tutorial_go(
        self, user_id: int, lesson: str | None = None, *, restart: bool = False
    ) -> TutorialStep:
        """Start ``lesson`` (a name or a number; None: the current one) afresh; with ``restart`` and no
        lesson, the whole tutorial from the first lesson (forgetting the lessons done)."""
        async with self._tutorial_lock(user_id):
            record = await self._tutorial_record(user_id)
            if lesson is not None:
                found = lessons().find_lesson(lesson)
                if found is None:
                    raise ServiceError(ErrorCode.UNPARSEABLE, "tutorial.error.no_lesson", value=lesson[:40])
                name = found.id
            elif restart or record.lesson == FINISHED:
                name = lessons().lessons()[0].id
            else:
                name = record.lesson
            completed = () if restart and lesson is None else record.completed
            record = TutorialRecord(user_id, name, (), record.attempt + 1, completed)
            await self._tutorial_save(record)
            return self._tutorial_step(record)

    def _check_attempt(self, record: TutorialRecord, attempt: int | None) -> Lesson:
        if attempt is not None and attempt != record.attempt:
            raise ServiceError(ErrorCode.STALE, "tutorial.error.stale")
        lesson = lessons().find_lesson(record.lesson) if record.lesson != FINISHED else None
        if lesson is None:
            raise ServiceError(ErrorCode.GAME_OVER, "tutorial.error.finished")
        return lesson

    async def _learners_decision(
        self, user_id: int, attempt: int | None
    ) -> tuple[TutorialRecord, Lesson, State]:
        """The user's lesson and its position, refused unless the learner decides now (call with the
        user's tutorial lock held)."""
        record = await self._tutorial_record(user_id)
        lesson = self._check_attempt(record, attempt)
        g = self._tutorial_state(lesson, record.actions)
        if g.current_player != lessons().learner:
            raise ServiceError(ErrorCode.GAME_OVER, "tutorial.error.not_now")
        return record, lesson, g

    # --- playing ---------------------------------------------------------------------------------------------
    @checks_ids("user_id")
    async def tutorial_play(self, user_id: int, text: str, *, attempt: int | None = None) -> TutorialStep:
        """Play ``text`` (action notation) in the user's lesson. An illegal or unreadable action is refused
        (ServiceError, nothing changes); a legal one is judged (see `TutorialStep.outcome`)."""
        async with self._tutorial_lock(user_id):
            record, lesson, g = await self._learners_decision(user_id, attempt)
            rules = GameRules.of(KIND)
            action = rules.parse(g, text, 0)
            before = g.clone()
            played = [rules.game.format_action(g, action)]
            g.apply(action)
            last = rules.last_action(before, g, action, lessons().learner)
            actions = [*record.actions, played[0]]
            verdict = lessons().judge(lesson, actions)
            if verdict.status == "opponent":
                replies = await asyncio.to_thread(_opponent_moves, g)
                played += replies
                actions += replies
                verdict = lessons().judge(lesson, actions)
            if verdict.status == "reached":
                following = lessons().next_lesson(lesson)
                completed = tuple(dict.fromkeys((*record.completed, lesson.id)))
                name = following.id if following is not None else FINISHED
                record = TutorialRecord(user_id, name, (), record.attempt + 1, completed)
                await self._tutorial_save(record)
                return self._tutorial_step(record, outcome="reached", played=tuple(played), finished=lesson)
            if verdict.status == "missed":
                record = replace(record, actions=(), attempt=record.attempt + 1)
                await self._tutorial_save(record)
                return self._tutorial_step(
                    record,
                    outcome="missed",
                    why=verdict.why,
                    params=dict(verdict.params),
                    played=tuple(played),
                )
            record = replace(record, actions=tuple(actions), attempt=record.attempt + 1)
            await self._tutorial_save(record)
            return self._tutorial_step(record, outcome="continue", played=tuple(played), last_action=last)

    @checks_ids("user_id")
    async def tutorial_hint(self, user_id: int, *, attempt: int | None = None) -> dict[str, Any]:
        """The easy AI's choice for the user's decision now, as data (`Tutorial.hint`: War Chest's kind,
        coin, unit, hexes and the notation ``text``)."""
        async with self._tutorial_lock(user_id):
            _, _, g = await self._learners_decision(user_id, attempt)
            return await asyncio.to_thread(_hint, g)

    @checks_ids("user_id")
    async def tutorial_suggest(self, user_id: int, typed: str) -> tuple[str, ...]:
        """The legal actions of the user's lesson now that match ``typed`` (for autocomplete)."""
        step = await self.tutorial(user_id)
        texts = [a.text for a in step.legal]
        return tuple(texts[n] for n in matching(texts, typed))


def _ai_choice(g: State, seed: int) -> Any:
    """The easy AI's action in ``g`` (the tutorial's game has computer players)."""
    players = get_game(KIND).facets.players
    if players is None:
        raise ServiceError(ErrorCode.GAME_OVER, "tutorial.error.not_now")
    return players.make_player(OPPONENT_LEVEL, seed).choose(g)


def _opponent_moves(g: State) -> list[str]:
    """The opponent's (easy AI) decisions until the learner is to act or the game ends; applied to ``g``."""
    game, out = get_game(KIND), []
    while not g.is_terminal() and g.current_player != lessons().learner:
        action = _ai_choice(g, OPPONENT_SEED)
        out.append(game.format_action(g, action))
        g.apply(action)
    return out


def _hint(g: State) -> dict[str, Any]:
    return lessons().hint(g, _ai_choice(g, HINT_SEED))


__all__ = ["FINISHED", "TutorialStep", "Tutorials"]
