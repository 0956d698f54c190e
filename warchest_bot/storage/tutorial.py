"""The record of a user's place in the tutorial (backend-neutral, like the other record modules)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class TutorialRecord:
    """Where a user is in the tutorial: the ``lesson`` (its name), the actions of the attempt in progress
    (canonical notation, both seats' in a game lesson), ``attempt`` (counts every change, so a press on an
    older tutorial message is recognised as stale) and the lessons finished so far."""

    user_id: int
    lesson: str
    actions: tuple[str, ...] = ()
    attempt: int = 0
    completed: tuple[str, ...] = ()
