"""The tutorial's service part: progress per user on disk, resuming, going to a lesson, the judging of moves,
stale presses and refusals that change nothing."""

from __future__ import annotations

import pytest

from warchest_bot.games.warchest.tutorial import find_lesson, lessons
from warchest_bot.service import GameService, ServiceError
from warchest_bot.service.tutorial import FINISHED
from warchest_bot.storage import TutorialRecord, open_storage

from .helpers import FakeClock, dump

ANN, BOB = 101, 102


async def test_a_new_learner_starts_at_the_first_lesson_and_nothing_is_stored(
    service: GameService, db_path
) -> None:
    step = await service.tutorial(ANN)
    assert step.lesson is lessons()[0] and step.outcome is None and step.total == len(lessons())
    assert {a.text for a in step.legal} >= {"Sw deploy e2", "Sw pass"}
    assert step.view["viewer"] == 0 and "rng" not in step.view  # the learner's own view only
    assert await service.storage.get_tutorial(ANN) is None


async def test_wrong_move_then_right_move_then_resume_after_a_restart(db_path) -> None:
    async with GameService.open(db_path, clock=FakeClock()) as service:
        step = await service.tutorial_play(ANN, "Sw pass")
        assert step.outcome == "missed" and step.why == "tutorial.bag.why.face_down"
        assert step.lesson is not None and step.lesson.id == "bag" and step.played == ("Sw pass",)
        assert {a.text for a in step.legal} >= {"Sw deploy e2"}  # the lesson starts over
        step = await service.tutorial_play(ANN, "sw deploy e2", attempt=step.attempt)
        assert step.outcome == "reached" and step.finished is not None and step.finished.id == "bag"
        assert step.lesson is not None and step.lesson.id == "deploy" and step.completed == ("bag",)
        attempt = step.attempt
    async with GameService.open(db_path, clock=FakeClock()) as service:
        step = await service.tutorial(ANN)
        assert step.lesson is not None and step.lesson.id == "deploy" and step.attempt == attempt
        assert (await service.tutorial(BOB)).lesson is lessons()[0]  # per user


async def test_a_follow_up_is_kept_across_a_restart(db_path) -> None:
    async with GameService.open(db_path, clock=FakeClock()) as service:
        await service.tutorial_go(ANN, "swordsman")
        step = await service.tutorial_play(ANN, "Sw attack f4xf5")
        assert step.outcome == "continue" and step.legal and step.legal[0].followup
        assert step.last_action is not None and step.last_action["kind"] == "attack"
    async with GameService.open(db_path, clock=FakeClock()) as service:
        record = await service.storage.get_tutorial(ANN)
        assert record is not None and record.actions == ("Sw attack f4xf5",)
        step = await service.tutorial_play(ANN, "move f4-e5")
        assert step.outcome == "reached" and step.lesson is not None and step.lesson.id == "warrior_priest"


async def test_illegal_unreadable_and_stale_moves_are_refused_and_change_nothing(
    service: GameService, db_path
) -> None:
    await service.tutorial_go(ANN, "knight")
    before = dump(db_path)
    with pytest.raises(ServiceError) as illegal:
        await service.tutorial_play(ANN, "Sw attack d5xe5")  # a Swordsman of one coin may not attack a Knight
    assert illegal.value.code == "illegal"
    with pytest.raises(ServiceError) as unreadable:
        await service.tutorial_play(ANN, "fly to the moon")
    assert unreadable.value.code == "unparseable"
    step = await service.tutorial(ANN)
    with pytest.raises(ServiceError) as stale:
        await service.tutorial_play(ANN, "Pi attack f5xe5", attempt=step.attempt - 1)
    assert stale.value.code == "stale" and stale.value.message_id == "tutorial.error.stale"
    with pytest.raises(ServiceError) as nowhere:
        await service.tutorial_go(ANN, "lesson 99")
    assert nowhere.value.message_id == "tutorial.error.no_lesson"
    assert dump(db_path) == before


async def test_picking_restarting_and_finishing(service: GameService) -> None:
    step = await service.tutorial_go(ANN, "7")
    assert step.lesson is find_lesson("recruit")
    await service.tutorial_play(ANN, "RC recruit Kn")
    step = await service.tutorial_go(ANN)  # this lesson again, from its start
    assert step.lesson is find_lesson("initiative") and step.completed == ("recruit",)
    step = await service.tutorial_go(ANN, restart=True)
    assert step.lesson is lessons()[0] and step.completed == ()
    await service.storage.put_tutorial(TutorialRecord(ANN, FINISHED, (), step.attempt + 1, ("bag",)))
    step = await service.tutorial(ANN)
    assert step.lesson is None and not step.legal
    with pytest.raises(ServiceError) as finished:
        await service.tutorial_play(ANN, "Sw pass")
    assert finished.value.message_id == "tutorial.error.finished"
    step = await service.tutorial_go(ANN)  # a finished tutorial starts again at the first lesson
    assert step.lesson is lessons()[0]


async def test_the_game_lesson_plays_the_opponent_and_gives_hints(service: GameService) -> None:
    step = await service.tutorial_go(ANN, "game")
    hint = await service.tutorial_hint(ANN, attempt=step.attempt)
    assert hint["text"] in {a.text for a in step.legal}
    step = await service.tutorial_play(ANN, hint["text"])
    assert step.outcome == "continue" and len(step.played) >= 2  # the easy AI answered at once
    moves = 1
    while step.lesson is not None and step.lesson.id == "game":
        hint = await service.tutorial_hint(ANN)
        step = await service.tutorial_play(ANN, hint["text"])
        moves += 1
        assert moves < 40
    assert step.outcome == "reached" and step.lesson is None  # the last lesson: the tutorial is done


async def test_storage_keeps_one_record_per_user(db_path) -> None:
    async with open_storage(db_path) as storage:
        assert await storage.get_tutorial(5) is None
        await storage.put_tutorial(TutorialRecord(5, "deploy", ("Sw pass",), 3, ("bag",)))
        await storage.put_tutorial(TutorialRecord(5, "bolster", (), 4, ("bag", "deploy")))
        assert await storage.get_tutorial(5) == TutorialRecord(5, "bolster", (), 4, ("bag", "deploy"))
        with pytest.raises(ValueError):
            await storage.put_tutorial(TutorialRecord(5, "", (), 5))
