"""The game-neutral arena (warchest_bot/ai/arena.py) and ``warchest-bot arena --game``, on Tiny Lines
(the test-only game of tests/games/tinygame.py, registered by the ``tiny_game`` fixture)."""

from __future__ import annotations

import functools
import json

from games.dicegame import registered

from warchest_bot.ai.arena import format_result, kind_player, play_game_arena_game, run_game_arena
from warchest_bot.cli import main


def test_run_game_arena_alternates_seats_and_counts_every_game(tiny_game) -> None:
    seen = []
    result = run_game_arena(
        "tinylines",
        functools.partial(kind_player, "tinylines", "easy", None),
        functools.partial(kind_player, "tinylines", "first", None),
        games=6,
        seed=2,
        on_game=lambda i, record: seen.append(i),
    )
    assert seen == list(range(6))
    assert [r.a_team for r in result.records] == [0, 1, 0, 1, 0, 1]
    assert result.wins("a") + result.wins("b") + result.draws == 6
    assert all(r.reason in ("line", "full") for r in result.records)
    assert all(r.decisions["a"] >= 1 and r.decisions["b"] >= 1 for r in result.records)

    # Both sides play first-legal and each pair of games shares its seed: a pair ends alike, seat for seat.
    def winning_seat(record):
        if record.winner is None:
            return None
        return record.a_team if record.winner == "a" else 1 - record.a_team

    for first, second in zip(result.records[::2], result.records[1::2], strict=True):
        assert first.seed == second.seed
        assert winning_seat(first) == winning_seat(second) and first.plies == second.plies
    text = format_result(result)
    assert text.startswith("6 games, 2 players") and "turns" in text


def test_arena_command_takes_a_game_and_its_options(tiny_game, capsys) -> None:
    code = main(
        [
            "arena",
            "--game",
            "tinylines",
            "--a",
            "easy",
            "--b",
            "first",
            "--games",
            "2",
            "--option",
            "blockers=0",
            "--json",
        ]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "tinylines" and data["games"] == 2 and data["options"]["blockers"] == 0
    assert data["a_wins"] + data["b_wins"] + data["draws"] == 2
    assert sum(data["endings"].values()) == 2


def test_arena_command_refuses_what_a_game_cannot_take(tiny_game, capsys) -> None:
    assert main(["arena", "--game", "tinylines", "--a", "grandmaster", "--games", "1"]) == 2
    assert "--a" in capsys.readouterr().err
    assert main(["arena", "--game", "tinylines", "--option", "first=nobody", "--games", "1"]) == 2
    assert "bad options" in capsys.readouterr().err
    assert main(["arena", "--game", "tinylines", "--players", "4", "--games", "1"]) == 2
    assert main(["arena", "--game", "tinylines", "--iterations", "5", "--games", "1"]) == 2
    assert main(["arena", "--game", "nosuchgame", "--games", "1"]) == 2
    assert "unknown game kind" in capsys.readouterr().err
    assert main(["arena", "--option", "budget=3", "--games", "1"]) == 2  # War Chest takes no --option


class _FirstLegal:
    """Plays the first legal action (any game)."""

    def choose(self, state):
        return state.legal_actions()[0]


def test_a_record_counts_the_games_turns_not_its_decisions() -> None:
    """Dice Duel: one simultaneous step of secret bids, then two turns each of three decisions (roll, play,
    draw): 14 decisions in 5 turns, as the game's `turn_start` declares them."""
    with registered():
        record = play_game_arena_game("dicegame", lambda seed: _FirstLegal(), lambda seed: _FirstLegal(), 0)
    assert (record.plies, record.rounds) == (14, 5)
