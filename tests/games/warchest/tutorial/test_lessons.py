"""Every tutorial lesson: its position is valid, its goal is reachable, the intended solution reaches it, a
wrong legal move is answered with its explanation, and both languages have every text it uses."""

from __future__ import annotations

import re

import pytest

from warchest_bot.games.warchest.ai import make_player
from warchest_bot.games.warchest.engine import format_action, parse_action, to_json
from warchest_bot.games.warchest.tutorial import (
    LEARNER,
    Lesson,
    canonical,
    find_lesson,
    judge,
    lessons,
    next_lesson,
    replay,
)
from warchest_bot.i18n import messages
from warchest_bot.i18n.catalogue import placeholders
from warchest_bot.service.tutorial import HINT_SEED, OPPONENT_SEED

PUZZLES = [x for x in lessons() if x.kind == "puzzle"]
UNITS = [
    "archer",
    "berserker",
    "cavalry",
    "crossbowman",
    "ensign",
    "footman",
    "knight",
    "lancer",
    "light_cavalry",
    "marshall",
    "mercenary",
    "pikeman",
    "royal_guard",
    "scout",
    "swordsman",
    "warrior_priest",
    "bannerman",  # Nobility
    "bishop",
    "earl",
    "herald",
    "sapper",  # Siege
    "siege_tower",
    "trebuchet",
    "war_wagon",
]
BASICS = ["bag", "deploy", "bolster", "move", "control", "attack", "recruit", "initiative", "pass"]


def test_the_lessons_come_in_the_order_of_the_issue() -> None:
    assert [x.id for x in lessons()] == [*BASICS, *UNITS, "game"]
    assert [x.number for x in lessons()] == list(range(1, len(lessons()) + 1))
    assert lessons()[-1].kind == "game" and lessons()[-1].hints
    assert find_lesson("3") is find_lesson("bolster") is lessons()[2]
    assert find_lesson("nonsense") is None
    assert next_lesson(lessons()[-1]) is None


@pytest.mark.parametrize("lesson", lessons(), ids=lambda x: x.id)
def test_position_is_valid_and_the_learner_acts(lesson: Lesson) -> None:
    g = lesson.start()
    assert g.current_player == LEARNER and g.result is None and g.legal_actions()
    again = type(g).from_json(to_json(g))  # the full position round-trips
    assert again == g


def _solve(lesson: Lesson) -> list[str]:
    g = lesson.start()
    played = []
    for text in lesson.solution:
        assert judge(lesson, played).status == "continue", (lesson.id, played)
        action = parse_action(g, text)  # legal, or this raises
        played.append(format_action(g, action))
        g.apply(action)
    return played


@pytest.mark.parametrize("lesson", PUZZLES, ids=lambda x: x.id)
def test_the_intended_solution_reaches_the_goal(lesson: Lesson) -> None:
    played = _solve(lesson)
    assert judge(lesson, played).status == "reached"
    assert judge(lesson, played[:-1]).status == "continue"  # not before its last decision


@pytest.mark.parametrize("lesson", PUZZLES, ids=lambda x: x.id)
def test_a_wrong_legal_move_is_answered_with_why(lesson: Lesson) -> None:
    assert lesson.wrong is not None
    g = lesson.start()
    wrong = canonical(g, lesson.wrong)  # legal
    verdict = judge(lesson, [wrong])
    assert verdict.status == "missed"
    assert verdict.why is not None and verdict.why.startswith(f"tutorial.{lesson.id}.why."), verdict
    assert verdict.why in messages("en") and verdict.why in messages("fa")


@pytest.mark.parametrize("lesson", PUZZLES, ids=lambda x: x.id)
def test_every_other_legal_first_move_is_judged(lesson: Lesson) -> None:
    """No legal first move leaves the lesson hanging: each reaches the goal, misses it with a reason every
    language has, or is followed by a follow-up decision of the learner."""
    g = lesson.start()
    for action in g.legal_actions():
        verdict = judge(lesson, [format_action(g, action)])
        assert verdict.status in ("reached", "missed", "continue")
        if verdict.status == "missed":
            assert verdict.why in messages("en") and verdict.why in messages("fa"), verdict
            en_text = messages("en")[verdict.why].format(
                **{k: "x" for k in placeholders(messages("en")[verdict.why])}
            )
            assert "{" not in en_text
            assert placeholders(messages("en")[verdict.why]) <= set(verdict.params), verdict


def test_the_game_lesson_is_won_by_following_the_hints() -> None:
    lesson = find_lesson("game")
    assert lesson is not None
    g = lesson.start()
    hints = make_player("easy", HINT_SEED)
    opponent = make_player("easy", OPPONENT_SEED)
    played: list[str] = []
    while g.result is None:
        player = hints if g.current_player == LEARNER else opponent
        action = player.choose(g)
        played.append(format_action(g, action))
        g.apply(action)
        assert judge(lesson, played).status in ("continue", "opponent", "reached")
    assert judge(lesson, played).status == "reached"
    assert len(played) < 60  # a short game
    assert replay(lesson, played) == g


def test_the_game_lesson_is_lost_by_passing() -> None:
    lesson = find_lesson("game")
    assert lesson is not None
    g = lesson.start()
    opponent = make_player("easy", OPPONENT_SEED)
    played: list[str] = []
    while g.result is None:
        if g.current_player == LEARNER:
            action = next(a for a in g.legal_actions() if a.kind in ("pass", "decline"))
        else:
            action = opponent.choose(g)
        played.append(format_action(g, action))
        g.apply(action)
    verdict = judge(lesson, played)
    assert verdict.status == "missed" and verdict.why in ("tutorial.why.lost", "tutorial.why.draw")


_LATIN_RUN = re.compile(r"[A-Za-z0-9/#:._-]*[A-Za-z0-9][A-Za-z0-9/#:._-]*")


def _outside_isolates(text: str) -> str:
    text = re.sub("\u2068[^\u2069]*\u2069", "", text)
    return re.sub(r"\{[a-z_]+\}", "", text)


@pytest.mark.parametrize("lesson", lessons(), ids=lambda x: x.id)
def test_both_languages_have_every_text_of_the_lesson(lesson: Lesson) -> None:
    for key in lesson.text_keys():
        assert key in messages("en"), key
        assert key in messages("fa"), key
        assert placeholders(messages("fa")[key]) <= placeholders(messages("en")[key]), key


def test_the_persian_tutorial_translates_every_english_key_and_isolates_latin_text() -> None:
    from warchest_bot.games.warchest.messages.en import tutorial as en_tutorial
    from warchest_bot.games.warchest.messages.fa import tutorial as fa_tutorial

    assert set(fa_tutorial.MESSAGES) == set(en_tutorial.MESSAGES)
    for key, template in fa_tutorial.MESSAGES.items():
        assert placeholders(template) == placeholders(en_tutorial.MESSAGES[key]), key
        assert not re.search("[\u064a\u0643]", template), key  # Persian writes ی and ک, not Arabic forms
        if key not in ("tutorial.reached", "tutorial.choice"):  # placeholders and punctuation only
            assert re.search("[\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]", template), key
        assert not _LATIN_RUN.search(_outside_isolates(template)), (
            key,
            _LATIN_RUN.findall(_outside_isolates(template)),
        )
        assert not re.search("[0-9]", _outside_isolates(template)), key
    used = {k for x in lessons() for k in x.text_keys()}
    lesson_keys = {k for k in en_tutorial.MESSAGES if k.split(".")[1] in {x.id for x in lessons()}}
    assert lesson_keys == used  # no lesson text is left over
