"""A replay keeps one frame per turn, as each game declares its turns (`GameKind.turn_start`, read through
`ends_turn`): War Chest's and Point-Buy Chess's turns are single decisions, so their replays keep every ply
(tests/service/test_service_replay_data.py), and the same replay code groups the frames of turns of several
decisions (here both games with turns made three decisions long, as a game of such turns would declare)."""

from __future__ import annotations

import random
from typing import Any

from warchest_bot.games import ends_turn
from warchest_bot.games.pointbuy import PointBuyChess
from warchest_bot.games.warchest import WarChest

TURN = 3


class ThreeDecisionTurns:
    """A game whose turns are three decisions each (the first three, the next three, ...)."""

    def turn_start(self, state: Any) -> int:
        return int(state.ply) - int(state.ply) % TURN


class WarChestByThrees(ThreeDecisionTurns, WarChest):
    pass


class PointBuyByThrees(ThreeDecisionTurns, PointBuyChess):
    pass


def _log(game: Any, options: dict[str, Any], plies: int) -> list[str]:
    state = game.new_state(options, 7)
    rng = random.Random(3)
    log = []
    for _ in range(plies):
        action = rng.choice(state.legal_actions())
        log.append(game.format_action(state, action))
        state.apply(action)
    assert not state.is_terminal()
    return log


def test_ends_turn_reads_the_games_turns() -> None:
    game = WarChestByThrees()
    state = game.new_state({"units": "first-game"}, 7)
    ended = []
    for _ in range(7):
        state.apply(state.legal_actions()[0])
        ended.append(ends_turn(game, state))
    assert ended == [False, False, True, False, False, True, False]
    assert ends_turn(WarChest(), state)  # War Chest's own turns: every decision


def test_war_chest_replay_keeps_a_frame_where_each_turn_ended() -> None:
    options = {"units": "first-game"}
    log = _log(WarChest(), options, 10)
    assert [f.ply for f in WarChest().replay_frames(options, 7, log)] == list(range(11))
    frames = WarChestByThrees().replay_frames(options, 7, log)
    assert [f.ply for f in frames] == [0, 3, 6, 9, 10]  # and the position the log ends in


def test_point_buy_replay_keeps_a_frame_where_each_turn_ended() -> None:
    options: dict[str, Any] = {}
    log = _log(PointBuyChess(), options, 9)
    every = PointBuyChess().replay_frames(options, 7, log)
    assert len(every) == 10
    grouped = PointBuyByThrees().replay_frames(options, 7, log)
    assert [f.view for f in grouped] == [every[0].view, every[3].view, every[6].view, every[9].view]
    assert [f.last_action for f in grouped[1:]] == [
        every[3].last_action,
        every[6].last_action,
        every[9].last_action,
    ]
