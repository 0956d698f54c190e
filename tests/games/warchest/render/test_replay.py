"""Replay animations."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

from warchest_bot.games.warchest.engine import GameState, Options
from warchest_bot.games.warchest.render import MAX_BYTES, render_replay
from warchest_bot.games.warchest.render.coins import LABEL_MIN
from warchest_bot.games.warchest.render.replay import (
    AUTO_PLY_LIMIT,
    MAX_FRAMES,
    TAIL_PLIES,
    frame_layout,
    frames_of,
    render_frame,
    render_frames,
)


def _random_game(players: int, seed: int, max_rounds: int = 60) -> tuple[Options, GameState]:
    options = Options(players=players, units="random", seed=seed, max_rounds=max_rounds)
    g = GameState.new(options)
    rnd = random.Random(seed)
    while not g.is_terminal():
        g.apply(rnd.choice(g.legal_actions()))
    return options, g


@pytest.mark.slow
def test_sixty_round_game_fits_discord_upload_limit():
    options, g = _random_game(2, 3)
    assert g.round == 60
    data = render_replay(options, g.history)
    assert data.startswith(b"GIF89a")
    assert len(data) < MAX_BYTES
    anim = Image.open(io.BytesIO(data))
    assert anim.n_frames == len(g.history) + 1  # one frame per ply, plus the start


def test_long_four_player_game_is_sampled():
    options, g = _random_game(4, 3)
    assert len(g.history) > AUTO_PLY_LIMIT
    frames = frames_of(options, g.history, "auto")  # round ends and the last plies
    plies = [f.ply for f in frames]
    assert plies[0] == 0 and plies[-1] == len(g.history) and plies == sorted(set(plies))
    assert plies[-TAIL_PLIES:] == list(range(len(g.history) - TAIL_PLIES + 1, len(g.history) + 1))
    assert len(frames) <= MAX_FRAMES
    data = render_replay(options, g.history)
    assert len(data) < MAX_BYTES
    assert Image.open(io.BytesIO(data)).n_frames == len(frames)


def test_frames_per_round_and_webp():
    options, g = _random_game(2, 5, max_rounds=4)
    frames = frames_of(options, g.history, "round")
    assert frames[0].ply == 0 and frames[-1].ply == len(g.history)
    assert len(frames) <= g.round + 2
    data = render_replay(options, g.history, per="round", fmt="webp")
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP"


def test_replay_is_drawn_from_public_views_only():
    """Every frame is drawn from a spectator's view and a public action (face-down coins not named)."""
    options, g = _random_game(2, 9, max_rounds=2)
    for frame in frames_of(options, g.history, "ply"):
        assert frame.view["viewer"] is None
        assert all(isinstance(s["hand"], int) and isinstance(s["bag"], int) for s in frame.view["seats"])
        assert (
            frame.last is None
            or frame.last["coin"] is None
            or frame.last["kind"] not in ("claim", "recruit", "pass")
        )


def test_bad_arguments():
    options, g = _random_game(2, 1, max_rounds=1)
    with pytest.raises(ValueError):
        render_replay(options, g.history, per="turn")
    with pytest.raises(ValueError):
        render_replay(options, g.history, fmt="avi")


def test_streamed_gif_decodes_to_the_drawn_frames():
    """Each frame is written as the box that changed: decoded, every frame is the whole picture again."""
    options, g = _random_game(2, 6, max_rounds=2)
    frames = frames_of(options, g.history, "ply")[:12]
    data = render_frames(frames, len(g.history))
    anim = Image.open(io.BytesIO(data))
    assert anim.n_frames == len(frames)
    for k, frame in enumerate(frames):
        anim.seek(k)
        decoded = anim.convert("RGB")
        drawn = render_frame(frame, len(g.history))
        diff = ImageChops.difference(decoded, drawn).convert("L")
        assert diff.getextrema()[1] < 90  # only palette rounding, no stale or missing regions
        assert sum(diff.histogram()[40:]) < decoded.width * decoded.height // 100


@pytest.mark.parametrize("players", [2, 4])
def test_replay_coins_are_large_enough_to_carry_unit_codes(players):
    """Coins smaller than LABEL_MIN are drawn without their code (the 4-player replay lost them)."""
    assert frame_layout(players).geometry.coin_diameter >= LABEL_MIN
