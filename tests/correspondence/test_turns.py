"""Turns of several decisions, a die, a hidden hand and a simultaneous step through the service, on each
database backend: Dice Duel (`tests/games/dicegame`, registered here alone). Every decision is committed as
it is made, but the board post (its summary), the next player's ping and the move clock's deadline are per
turn; within a turn only the seat to decide hears of it, privately; a restart (or a SIGKILL) in the middle
of a turn resumes it; an undo takes back a whole turn and never one that rolled or drew."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from games.dicegame import registered

from warchest_bot.games import GameKind
from warchest_bot.service import GameService, ServiceError, turn_steps

from .conftest import ANN, BOB, GUILD, START

DAY = timedelta(days=1)
KIND = "dicegame"


@pytest.fixture
def dice_game():
    with registered() as game:
        yield game


async def _rows(service: GameService, game_id: int, after: int = 0):
    return [r for r in await service.storage.outbox_rows(game_id) if r.id > after]


async def _last_row(service: GameService, game_id: int) -> int:
    rows = await service.storage.outbox_rows(game_id)
    return rows[-1].id if rows else 0


async def _play(service: GameService, game_id: int, text: str):
    info = await service.get_game(game_id)
    return await service.play(game_id, info.to_act.user_id, text, expected_ply=info.ply)


async def _new_game(corr):
    info = await corr.service.create_game([ANN, BOB], kind=KIND, seed=11, move_time=DAY, guild_id=GUILD)
    assert info.status == "active" and info.to_act.user_id == ANN.user_id
    return info


async def test_one_post_ping_and_deadline_per_turn(corr, dice_game, fake_time):
    assert isinstance(dice_game, GameKind)
    service = corr.service
    info = await _new_game(corr)
    game_id = info.id
    assert (await corr.clock_of(game_id)).deadline == START + DAY
    seen = await _last_row(service, game_id)

    # The simultaneous step: Ann bids, then Bob; one turn of two decisions.
    fake_time.advance(timedelta(hours=2))
    bid = await _play(service, game_id, "bid 1")
    assert not bid.turn_over and bid.notify == () and bid.next.user_id == BOB.user_id
    rows = await _rows(service, game_id, seen)
    # nothing public within the turn: only Bob's private prompt (pinged in the place if his DM fails)
    assert [(r.kind, r.payload) for r in rows] == [("hands", {"seats": [1], "decide": True, "quiet": True})]
    clock = await corr.clock_of(game_id)
    assert clock.deadline == START + DAY and clock.user_id == BOB.user_id  # the turn's deadline, kept
    assert (await service.view(game_id))["bids"] == [None, None]  # secret until the step is over
    assert (await service.view(game_id, BOB.user_id))["bids"] == [None, None]
    seen = await _last_row(service, game_id)
    bid = await _play(service, game_id, "bid 3")
    assert bid.turn_over and bid.notify == (BOB.user_id,)  # the higher bid begins
    (move,) = [r for r in await _rows(service, game_id, seen) if r.kind == "move"]
    assert [(n, p.key, dict(p.params)) for n, p in turn_steps(move.payload)] == [
        (0, "dice.bid_secret", {}),
        (1, "dice.bids_shown", {"first": 1, "second": 3}),
    ]
    assert (await corr.clock_of(game_id)).deadline == fake_time.now + DAY

    # Bob's turn: roll, play, draw — three decisions, one post, one deadline.
    turn_began = fake_time.now
    seen = await _last_row(service, game_id)
    fake_time.advance(timedelta(hours=3))
    rolled = await _play(service, game_id, "roll")
    assert not rolled.turn_over and rolled.drew
    roll = (await service.view(game_id))["roll"]
    hand = (await service.view(game_id, BOB.user_id))["hand"]
    fake_time.advance(timedelta(hours=3))
    played = await _play(service, game_id, f"play {hand[0]}")
    assert not played.turn_over
    assert (await corr.clock_of(game_id)).deadline == turn_began + DAY  # not restarted per decision
    drawn = await _play(service, game_id, "draw")
    assert drawn.turn_over and drawn.next.user_id == ANN.user_id and drawn.notify == (ANN.user_id,)
    rows = await _rows(service, game_id, seen)
    assert [r.kind for r in rows] == ["hands", "hands", "move"]  # Bob's two private prompts, one post
    assert [r.payload["seats"] for r in rows if r.kind == "hands"] == [[1], [1]]
    steps = turn_steps(rows[-1].payload)
    assert [(n, p.key) for n, p in steps] == [(1, "dice.rolled"), (1, "dice.played"), (1, "dice.drew")]
    assert steps[0][1].params == {"roll": roll}  # the die told after it was thrown
    assert steps[1][1].params == {"card": hand[0], "score": roll + hand[0]}
    assert steps[2][1].params == {}  # the drawn card is Bob's alone
    assert (await corr.clock_of(game_id)).deadline == fake_time.now + DAY
    assert "hand" not in json.dumps([r.payload for r in await service.storage.outbox_rows(game_id)])
    assert (await service.view(game_id))["hand"] is None  # a spectator sees no hand

    # History by turn, each decision as the reader may see it (the drawn card: Bob's alone).
    kept = list(hand)
    kept.remove(hand[0])
    drew = list((await service.view(game_id, BOB.user_id))["hand"])
    for card in kept:
        drew.remove(card)
    bobs, anns, spectators = [
        await service.action_log(game_id, viewer) for viewer in (BOB.user_id, ANN.user_id, None)
    ]
    assert [e.turn for e in bobs] == [0, 0, 2, 2, 2]
    assert [e.words() for e in bobs] == [
        "placed a secret bid",
        "placed a secret bid: the bids are 1 and 3",
        f"rolled a {roll}",
        f"played a {hand[0]} and scores {roll + hand[0]}",
        f"drew a {drew[0]}",
    ]
    assert [e.words() for e in anns][:2] == ["bid 1 in secret", "placed a secret bid: the bids are 1 and 3"]
    assert anns[-1].words() == spectators[-1].words() == "drew a card"
    assert [e.text for e in spectators] == ["bid", "bid", "roll", f"play {hand[0]}", "draw"]


async def test_a_restart_in_the_middle_of_a_turn_resumes_it(corr, dice_game, db_path, fake_time):
    info = await _new_game(corr)
    game_id = info.id
    service = corr.service
    for text in ("bid 2", "bid 1", "roll"):  # Ann begins; she has rolled
        await _play(service, game_id, text)
    roll = (await service.view(game_id))["roll"]
    async with GameService.open(db_path, clock=fake_time) as again:  # a new process on the same database
        info = await again.get_game(game_id)
        assert info.to_act.user_id == ANN.user_id and info.ply == 3
        hand = (await again.view(game_id, ANN.user_id))["hand"]
        legal = await again.legal_actions(game_id, ANN.user_id)
        assert [entry.text for entry in legal] == [f"play {c}" for c in sorted(set(hand))]
        seen = await _last_row(again, game_id)
        await _play(again, game_id, f"play {hand[-1]}")
        done = await _play(again, game_id, "draw")
        assert done.turn_over
        (move,) = [r for r in await _rows(again, game_id, seen) if r.kind == "move"]
        # the summary still names the roll made before the restart
        assert [(p.key, dict(p.params)) for _, p in turn_steps(move.payload)] == [
            ("dice.rolled", {"roll": roll}),
            ("dice.played", {"card": hand[-1], "score": roll + hand[-1]}),
            ("dice.drew", {}),
        ]


async def test_undo_takes_back_a_turn_but_never_a_roll(corr, dice_game):
    info = await _new_game(corr)
    game_id = info.id
    service = corr.service
    await _play(service, game_id, "bid 3")
    with pytest.raises(ServiceError) as err:  # Bob has not acted yet, but the step is not over either
        await corr.request_undo(game_id, BOB.user_id)
    assert err.value.code == "undo_refused"
    await _play(service, game_id, "bid 1")
    with pytest.raises(ServiceError) as err:  # the simultaneous step was both seats': nobody's alone
        await corr.request_undo(game_id, BOB.user_id)
    assert err.value.message_id == "error.undo_not_last"
    await _play(service, game_id, "roll")
    hand = (await service.view(game_id, ANN.user_id))["hand"]
    await _play(service, game_id, f"play {hand[0]}")
    with pytest.raises(ServiceError) as err:  # the turn rolled the die: never taken back
        await corr.request_undo(game_id, ANN.user_id)
    assert err.value.message_id == "error.undo_draw"  # Dice Duel has no words of its own: the shared ones
    for locale, bag in (("en", "bag"), ("fa", "کیسه")):  # which speak of no game's bag
        assert bag not in err.value.message(locale)
    assert (await service.get_game(game_id)).ply == 4


async def test_turns_of_one_decision_stay_as_they_were(corr):
    """War Chest declares no turns of its own: every coin and follow-up is its own turn and post."""
    service = corr.service
    info = await service.create_game([ANN, BOB], seed=5, guild_id=GUILD, options={"units": "first-game"})
    seen = await _last_row(service, info.id)
    legal = await service.legal_actions(info.id, info.to_act.user_id)
    played = await service.play(info.id, info.to_act.user_id, legal[0].text, expected_ply=info.ply)
    assert played.turn_over
    (move,) = [r for r in await _rows(service, info.id, seen) if r.kind == "move"]
    assert [(n, p.key, dict(p.params)) for n, p in turn_steps(move.payload)] == [
        (played.seat, "summary.action", {"action": played.action})
    ]


async def test_a_whole_game_to_its_result_and_its_replay_by_turn(corr, dice_game):
    info = await _new_game(corr)
    service = corr.service
    for text in ("bid 2", "bid 1"):
        await _play(service, info.id, text)
    for _ in range(4):  # two turns each: roll, play the first card, draw
        await _play(service, info.id, "roll")
        seat = await service.get_game(info.id)
        hand = (await service.view(info.id, seat.to_act.user_id))["hand"]
        await _play(service, info.id, f"play {hand[0]}")
        last = await _play(service, info.id, "draw")
    over = last.game_over
    assert over is not None and over.reason in ("score", "tie")
    scores = (await service.state_at(info.id))["scores"]
    if over.reason == "score":
        assert over.winner_team == (0 if scores[0] > scores[1] else 1) and "on points" in over.message()
    else:
        assert scores[0] == scores[1] and "draw" in over.message()
    frames = await service.replay_frames(info.id)
    assert len(frames) == 1 + 1 + 4  # the start, the bids' step, four turns: one frame per turn
    assert dice_game.render_replay(frames)[:3] == b"GIF"
    assert all(frame["hand"] is None and "seed" not in frame for frame in frames)


# Registers Dice Duel, plays the secret bids and the first roll of a turn through the service, prints
# "acked <ply>" after each commit, then waits to be killed in the middle of the turn.
PLAYER = """
import asyncio, sys
sys.path.insert(0, sys.argv[3])
from games.dicegame import registered
from warchest_bot.service import GameService

async def main(path, game_id):
    with registered():
        async with GameService.open(path) as service:
            for text in ("bid 1", "bid 2", "roll"):
                game = await service.get_game(game_id)
                result = await service.play(game_id, game.to_act.user_id, text, expected_ply=game.ply)
                print("acked", result.ply, flush=True)
            await asyncio.sleep(3600)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


async def test_sigkill_in_the_middle_of_a_turn_resumes_it(dice_game, tmp_path):
    tests = Path(__file__).resolve().parents[1]
    path = tmp_path / "crash.sqlite3"
    async with GameService.open(path) as service:
        game = await service.create_game([ANN, BOB], kind=KIND, seed=11, guild_id=GUILD)
    proc = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(path), str(game.id), str(tests)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(tests.parent)},
        cwd=tests.parent,
    )
    acked: list[str] = []
    deadline = time.monotonic() + 60
    try:
        assert proc.stdout is not None
        while len(acked) < 3 and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            acked.append(line.strip())
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert acked == ["acked 1", "acked 2", "acked 3"], proc.stderr.read() if proc.stderr else ""

    async with GameService.open(path) as service:  # a new process after the kill, mid-turn
        info = await service.get_game(game.id)
        assert info.ply == 3 and info.to_act.user_id == BOB.user_id  # Bob bid higher, began, rolled
        pending = [r for r in await service.storage.outbox_rows(game.id) if r.kind == "hands" and r.ply == 3]
        assert [r.payload["seats"] for r in pending] == [[1]]  # his private prompt is still owed
        view = await service.view(game.id, BOB.user_id)
        assert view["step"] == "play"
        seen = await _last_row(service, game.id)
        await _play(service, game.id, f"play {view['hand'][0]}")
        await _play(service, game.id, "draw")
        (move,) = [r for r in await _rows(service, game.id, seen) if r.kind == "move"]
        assert [p.key for _, p in turn_steps(move.payload)] == ["dice.rolled", "dice.played", "dice.drew"]
        assert turn_steps(move.payload)[0][1].params == {"roll": view["roll"]}
