"""Conditional moves through the service (Point-Buy Chess): a line left while the opponent is to move is
played at once when its expected move comes, in the same commit and announced as conditional; cancelled when
the game leaves it; its owner alone lists and cancels it; games without the facet refuse it."""

from __future__ import annotations

import pytest

from warchest_bot.service import Player, ServiceError
from warchest_bot.service.publication import OutboxKind

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")
ARMIES = [
    "army Ki e1, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1, Kn g1",
    "army Ki e8, Qu d8, Ro a8, Ro h8, Bi c8, Bi f8, Kn b8, Kn g8",
]


async def _started(service):
    info = await service.create_game([ANN, BOB], kind="pointbuy", options={"picking": "secret"}, seed=5)
    for user, army in zip((ANN, BOB), ARMIES, strict=True):
        await service.play(info.id, user.user_id, army, expected_ply=None)
    info = await service.get_game(info.id)
    assert info.ply == 2 and info.to_act.user_id == ANN.user_id
    return info


async def _moves(service, game_id):
    return [(e.seat, e.text) for e in await service.action_log(game_id)][2:]


async def test_a_line_is_played_at_once_and_announced_as_conditional(service):
    info = await _started(service)
    line = await service.add_conditional(info.id, BOB.user_id, "Kn b1-c3; Kn g8-f6")
    assert line.number == 1 and line.moves == ("Kn b1-c3", "Kn g8-f6") and line.from_ply == 2
    assert await service.conditional_lines(info.id, ANN.user_id) == []  # only its owner sees it
    result = await service.play(info.id, ANN.user_id, "Kn b1-c3", expected_ply=2)
    assert result.conditional == "Kn g8-f6"
    assert result.ply == 4 and result.next.user_id == ANN.user_id and result.notify == (ANN.user_id,)
    assert await _moves(service, info.id) == [(0, "Kn b1-c3"), (1, "Kn g8-f6")]
    assert (await service.get_game(info.id)).ply == 4
    rows = [r for r in await service.storage.outbox_rows(info.id) if r.kind == OutboxKind.MOVE and r.ply > 2]
    assert [(r.ply, r.payload.get("answered"), r.payload.get("conditional")) for r in rows] == [
        (3, True, None),
        (4, None, True),
    ]
    assert await service.conditional_lines(info.id, BOB.user_id) == []  # used up
    # the cache agrees with the database: Ann plays on from ply 4
    await service.play(info.id, ANN.user_id, "Kn g1-f3", expected_ply=4)
    assert (await service.get_game(info.id)).to_act.user_id == BOB.user_id


async def test_a_deeper_line_goes_on_and_another_move_cancels_it(service):
    info = await _started(service)
    await service.add_conditional(info.id, BOB.user_id, "Kn b1-c3; Kn g8-f6; Kn g1-f3; Kn b8-c6")
    await service.add_conditional(info.id, BOB.user_id, "Kn g1-f3; Kn b8-c6")
    await service.play(info.id, ANN.user_id, "Kn b1-c3", expected_ply=2)
    [rest] = await service.conditional_lines(info.id, BOB.user_id)  # the other line is cancelled
    assert rest.from_ply == 4 and rest.moves == ("Kn g1-f3", "Kn b8-c6") and rest.number == 1
    result = await service.play(info.id, ANN.user_id, "Kn g1-f3", expected_ply=4)
    assert result.conditional == "Kn b8-c6" and result.ply == 6
    # the game leaves a line: Ann plays another move than the one Bob expected
    await service.add_conditional(info.id, BOB.user_id, "Kn c3-d5; Kn f6xd5")
    result = await service.play(info.id, ANN.user_id, "Kn c3-b5", expected_ply=6)
    assert result.conditional is None and result.ply == 7 and result.next.user_id == BOB.user_id
    assert await service.conditional_lines(info.id, BOB.user_id) == []
    assert await _moves(service, info.id) == [
        (0, "Kn b1-c3"),
        (1, "Kn g8-f6"),
        (0, "Kn g1-f3"),
        (1, "Kn b8-c6"),
        (0, "Kn c3-b5"),
    ]


async def test_a_line_whose_owner_moved_first_is_never_played(service):
    info = await _started(service)
    await service.play(info.id, ANN.user_id, "Kn b1-c3", expected_ply=2)
    await service.add_conditional(info.id, ANN.user_id, "Kn g8-f6; Kn g1-f3")
    # Bob resigns nothing, plays another move: Ann's line expected ply 3 and is cancelled by it
    await service.play(info.id, BOB.user_id, "Kn b8-c6", expected_ply=3)
    assert await service.conditional_lines(info.id, ANN.user_id) == []
    # a line left at ply 3 would not fit ply 5 either, even if the same move comes there
    await service.play(info.id, ANN.user_id, "Kn g1-f3", expected_ply=4)
    line = await service.add_conditional(info.id, ANN.user_id, "Kn g8-f6; Kn c3-d5")
    assert line.from_ply == 5
    result = await service.play(info.id, BOB.user_id, "Kn g8-f6", expected_ply=5)
    assert result.conditional == "Kn c3-d5"


async def test_lines_are_checked_listed_replaced_and_cancelled(service):
    info = await _started(service)

    async def refused(user, text, key):
        with pytest.raises(ServiceError) as caught:
            await service.add_conditional(info.id, user.user_id, text)
        assert caught.value.message_id == key, caught.value
        return caught.value

    await refused(ANN, "Kn g8-f6; Kn b1-c3", "conditional.error.your_turn")
    await refused(BOB, "Kn b1-c3", "conditional.error.shape")
    await refused(BOB, "Kn b1-c3; Kn g8-f6; Kn g1-f3", "conditional.error.shape")
    error = await refused(BOB, "Kn b1-c3; Kn g8-e4", "conditional.error.move")
    assert error.params["number"] == 2 and "Move 2" in error.message("en")
    assert "۲" in error.message("fa")
    await refused(BOB, "Kn b1-c3; Kn g8-f6; Kn g8-f6; Kn g1-f3", "conditional.error.move")
    await service.add_conditional(info.id, BOB.user_id, "Kn b1-c3; Kn g8-f6")
    await service.add_conditional(info.id, BOB.user_id, "Kn g1-f3; Kn b8-c6")
    # the same expected move again: the new answer replaces the old one (one answer per move)
    await service.add_conditional(info.id, BOB.user_id, "kn b1-c3\u061b kn b8-c6")  # Persian ';' too
    lines = await service.conditional_lines(info.id, BOB.user_id)
    assert [line.moves for line in lines] == [("Kn g1-f3", "Kn b8-c6"), ("Kn b1-c3", "Kn b8-c6")]
    assert [line.number for line in lines] == [1, 2]
    with pytest.raises(ServiceError) as caught:
        await service.cancel_conditional(info.id, BOB.user_id, 3)
    assert caught.value.message_id == "conditional.error.no_line"
    assert await service.cancel_conditional(info.id, ANN.user_id) == 0  # Ann cannot touch Bob's
    assert await service.cancel_conditional(info.id, BOB.user_id, 1) == 1
    [left] = await service.conditional_lines(info.id, BOB.user_id)
    assert left.moves == ("Kn b1-c3", "Kn b8-c6") and left.number == 1
    assert await service.cancel_conditional(info.id, BOB.user_id) == 1
    assert await service.conditional_lines(info.id, BOB.user_id) == []
    with pytest.raises(ServiceError):
        await service.conditional_lines(info.id, 999)  # not a player of the game


async def test_games_without_the_facet_have_no_conditional_moves(service):
    info = await service.create_game([ANN, BOB], kind="warchest", options={"units": "first-game"}, seed=3)
    with pytest.raises(ServiceError) as caught:
        await service.add_conditional(info.id, BOB.user_id, "a; b")
    assert caught.value.message_id == "conditional.error.not_this_game"
    assert "War Chest" in caught.value.message("en")


async def test_an_answer_that_takes_the_king_ends_the_game_once(service):
    """The answer goes through the same write as any move: a conditional capture of the Sovereign (no check
    rule) ends the game in the triggering move's commit, announced once, the lines gone."""
    info = await _started(service)
    line = "Pa f2-f3; Pa e7-e5; Pa g2-g4; Qu d8-h4; Pa a2-a3; Qu h4xe1"
    await service.add_conditional(info.id, BOB.user_id, line)
    await service.play(info.id, ANN.user_id, "Pa f2-f3", expected_ply=2)
    await service.play(info.id, ANN.user_id, "Pa g2-g4", expected_ply=4)
    result = await service.play(info.id, ANN.user_id, "Pa a2-a3", expected_ply=6)
    assert result.conditional == "Qu h4xe1"
    assert result.game_over is not None and result.game_over.winner_team == 1
    game = await service.get_game(info.id)
    assert game.status == "finished" and game.ply == 8 and game.to_act is None
    assert game.over is not None and game.over.winner_team == 1
    assert [m for _, m in await _moves(service, info.id)] == line.split("; ")
    rows = [r for r in await service.storage.outbox_rows(info.id) if r.ply > 6]
    assert [
        (r.ply, r.payload.get("conditional"), r.payload.get("over"))
        for r in rows
        if r.kind == OutboxKind.MOVE
    ] == [
        (7, None, False),
        (8, True, True),
    ]
    assert sum(r.kind == OutboxKind.END for r in rows) <= 1
    assert await service.conditional_lines(info.id, BOB.user_id) == []
    with pytest.raises(ServiceError):
        await service.play(info.id, ANN.user_id, "Pa a3-a4", expected_ply=8)
