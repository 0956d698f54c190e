"""The seed never leaves the service: with it and the public log anyone could rebuild every hand and the bag
order. No view, history, result, AI input or replay frame carries the seed or the RNG state, and an attacker
holding a view (a seat's or a spectator's) and even the full action log cannot rebuild the hidden state."""

from __future__ import annotations

import json
import random
import re
from dataclasses import asdict, is_dataclass

from warchest_bot.games.warchest.engine import GameError, GameState, Options, format_action, parse_action
from warchest_bot.service import AiPlayer, GameService

from .helpers import ANN, BOB, reference

SEED = 0x5EED_1234_5678_9ABC  # large, so that it cannot turn up in a view by chance


def _text(obj: object) -> str:
    """Everything an object shows outside the service, as text (dataclasses and dicts as JSON)."""
    if is_dataclass(obj) and not isinstance(obj, type):
        return repr(obj) + json.dumps(asdict(obj), default=str)
    if isinstance(obj, (dict, list, tuple)):
        return repr(obj) + json.dumps(obj, default=lambda o: asdict(o) if is_dataclass(o) else str(o))
    return repr(obj)


def _assert_no_secret(obj: object, secrets: set[int]) -> None:
    text = _text(obj)
    assert not re.search(r"\bseed\b|\brng\b", text), text[:300]
    for value in secrets:
        assert str(value) not in text


def _rebuild(options: dict, log: list[str], seed: int | None = None) -> GameState | None:
    """The attack: start a game with the setup read from a view (and a guessed seed) and replay the whole
    private log on it. None when the log does not even replay."""
    found = dict(options)
    if seed is not None:
        found["seed"] = seed
    g = GameState.new(Options(**found))
    try:
        for text in log:
            g.apply(parse_action(g, text))
    except (GameError, ValueError):
        return None
    return g


async def _play(service: GameService, game_id: int, ref: GameState, rng: random.Random, plies: int, seen):
    users = {s.seat: s.user_id for s in (await service.get_game(game_id)).seats}
    played = []
    for _ in range(plies):
        if ref.is_terminal():
            break
        action = rng.choice(ref.legal_actions())
        text = format_action(ref, action)
        seen.append(await service.play(game_id, users[ref.current_player], text, expected_ply=ref.ply))
        ref.apply(action)
        played.append(text)
    return played


async def test_nothing_the_service_returns_carries_the_seed_or_rng(service: GameService):
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "random", "max_rounds": 3})
    ref = reference(game, SEED)
    secrets = {SEED, ref.rng}
    seen: list[object] = [game]
    rng = random.Random(1)
    while not ref.is_terminal():
        await _play(service, game.id, ref, rng, 1, seen)
        secrets.add(ref.rng)
        seen += [
            await service.get_game(game.id),
            await service.view(game.id),
            await service.view(game.id, ANN.user_id),
            await service.view(game.id, BOB.user_id),
        ]
        if not ref.is_terminal():
            seen.append(await service.legal_actions(game.id, ANN.user_id))
    seen += [
        await service.action_log(game.id),
        await service.action_log(game.id, ANN.user_id),
        await service.state_at(game.id, 3),
        await service.games_for_user(ANN.user_id, status="all"),
        await service.replay_frames(game.id),
    ]
    for obj in seen:
        _assert_no_secret(obj, secrets)


async def test_the_ai_is_given_no_seed(service: GameService):
    game = await service.create_game([ANN, AiPlayer("easy", "Bot")], seed=SEED, options={"units": "random"})
    ref = reference(game, SEED)
    rng = random.Random(2)
    checked = 0
    for _ in range(40):
        turn = await service.ai_turn(game.id)
        if turn is not None:
            _assert_no_secret(turn, {SEED, ref.rng})
            checked += 1
            action = rng.choice(ref.legal_actions())
            await service.play_ai(game.id, turn.seat, action, expected_ply=turn.ply)
        else:
            await _play(service, game.id, ref, rng, 1, [])
            continue
        ref.apply(action)
    assert checked > 5


async def test_a_view_does_not_rebuild_the_hidden_state(service: GameService):
    """From seat 0's view and from a spectator's, search for the seed (every number the view holds, and the
    setup as written in it) and replay the full private log: no guess reproduces seat 1's hand or the bag
    order. With the real seed the same attack succeeds, so the seed alone is what it lacks."""
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "random"})
    ref = reference(game, SEED)
    log = await _play(service, game.id, ref, random.Random(3), 40, [])
    hidden = (sorted(ref.seats[1].hand), ref.seats[1].bag, ref.rng)
    for viewer in (ANN.user_id, None):
        view = await service.view(game.id, viewer)
        assert "seed" not in view["options"] and "rng" not in view
        guesses = {int(n) for n in re.findall(r"\d+", json.dumps(view))} | {None}
        for guess in guesses:
            rebuilt = _rebuild(view["options"], log, guess)
            assert (
                rebuilt is None
                or (
                    sorted(rebuilt.seats[1].hand),
                    rebuilt.seats[1].bag,
                    rebuilt.rng,
                )
                != hidden
            ), f"seed guess {guess} rebuilt the hidden state"
        with_seed = _rebuild(view["options"], log, SEED)  # what the seed would have given away
        assert with_seed is not None
        assert (sorted(with_seed.seats[1].hand), with_seed.seats[1].bag, with_seed.rng) == hidden
