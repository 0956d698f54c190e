"""Board image: sizes, stacks, control markers, the last action's highlight, header and panels."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image, ImageChops

from warchest_bot.games.warchest.engine import BOARDS, HEX_NAMES, GameState, Options, action_to_json
from warchest_bot.games.warchest.render import (
    board_png,
    coin_center,
    hex_center,
    highlight_plan,
    render_board,
    theme,
)
from warchest_bot.games.warchest.render.board import image_layout
from warchest_bot.games.warchest.render.cli import random_position

from .pixels import close, count_close, hex_box, region, ring_samples
from .positions import FOUR_PLAYER, TWO_PLAYER, view

POSITIONS = {2: TWO_PLAYER, 4: FOUR_PLAYER}


def _empty_board(v: dict) -> dict:
    v = copy.deepcopy(v)
    v["board"] = {}
    return v


@pytest.mark.parametrize("players, width", [(2, 860), (4, 1280)])
def test_size_and_png(players, width):
    v = view(POSITIONS[players])
    img = render_board(v)
    assert img.mode == "RGB"
    assert img.width == width
    assert 1100 <= img.height <= 1500
    data = board_png(v)
    assert data.startswith(b"\x89PNG")
    assert len(data) <= 100 * 1024
    png = Image.open(io.BytesIO(data))
    assert png.size == img.size and png.mode == "P"  # an 8-bit palette PNG


@pytest.mark.parametrize("players", [2, 4])
def test_every_stack_is_drawn_on_its_hex_and_nowhere_else(players):
    v = view(POSITIONS[players])
    full = render_board(v)
    empty = render_board(_empty_board(v))
    stacks = set(v["board"])
    half = image_layout(players).geometry.coin_diameter // 3
    for h in BOARDS[players].hexes:
        name = HEX_NAMES[h]
        box = region(coin_center(players, name), half)
        differs = ImageChops.difference(full.crop(box), empty.crop(box)).getbbox() is not None
        assert differs == (name in stacks), name


@pytest.mark.parametrize("players", [2, 4])
def test_stacks_show_their_side_by_colour_and_ring_pattern(players):
    v = view(POSITIONS[players])
    img = render_board(v)
    owner = {u: s for s, sd in enumerate(v["seats"]) for u in sd["units"]}
    d = image_layout(players).geometry.coin_diameter
    for name, (unit, _height) in ((n, s if isinstance(s, list) else (s, 1)) for n, s in v["board"].items()):
        team = owner[unit] % 2
        samples = ring_samples(img, coin_center(players, name), d * 0.45, lower_half=True)
        in_colour = sum(close(p, theme.TEAM[team], 45) for p in samples)
        stripes = sum(close(p, theme.STRIPE, 30) for p in samples)
        assert in_colour >= len(samples) // 3, (name, unit)
        if team == 0:
            assert stripes == 0, name  # side A: a solid ring
        else:
            assert stripes >= 4, name  # side B: notched with cream stripes


@pytest.mark.parametrize("players", [2, 4])
def test_control_markers_in_team_colour_at_controlled_locations_only(players):
    v = view(POSITIONS[players])
    img = render_board(_empty_board(v))
    size = image_layout(players).hex_size
    control = v["control"]
    for h in BOARDS[players].locations:
        name = HEX_NAMES[h]
        ring = ring_samples(img, coin_center(players, name), size * 0.62)
        x, y = hex_center(players, name)
        inside = img.getpixel((x, round(y - 0.32 * size)))  # inside the circle, above the hex's name
        team = control.get(name)
        if team is None:
            assert not any(close(p, theme.TEAM[0], 45) or close(p, theme.TEAM[1], 45) for p in ring), name
            assert close(inside, theme.LOCATION_FILL, 12), name
        else:
            assert sum(close(p, theme.TEAM[team], 45) for p in ring) >= len(ring) // 2, name
            assert close(inside, theme.TEAM_TINT[team], 12), name
            other = 1 - team
            assert not any(close(p, theme.TEAM[other], 45) for p in ring), name


def _highlight(img, players, name, colour):
    return count_close(img, hex_box(hex_center(players, name), image_layout(players).hex_size), colour, 45)


@pytest.mark.parametrize(
    "last, marks",
    [
        (
            {"seat": 0, "kind": "move", "coin": "Pikeman", "hexes": ["f3", "f4"], "text": "Pi move f3-f4"},
            {"f3": "y", "f4": "y"},
        ),
        (
            {
                "seat": 1,
                "kind": "attack",
                "coin": "Cavalry",
                "hexes": ["e5", "f4"],
                "text": "Ca attack e5xf4",
            },
            {"f4": "r"},
        ),
        (
            {"seat": 0, "kind": "control", "coin": "Crossbowman", "hexes": ["d4"], "text": "Cr control d4"},
            {"d4": "y"},
        ),
        (
            {"seat": 0, "kind": "bolster", "coin": "Swordsman", "hexes": ["e2"], "text": "Sw bolster e2"},
            {"e2": "y"},
        ),
        (
            {
                "seat": 1,
                "kind": "tactic",
                "coin": "Cavalry",
                "hexes": ["f6", "e5", "f4"],
                "text": "Ca tactic f6-e5xf4",
            },
            {"f6": "y", "e5": "y", "f4": "r"},
        ),
        (
            {"seat": 1, "kind": "tactic", "coin": "Archer", "hexes": ["g6", "f4"], "text": "Ar tactic g6xf4"},
            {"f4": "r"},
        ),
    ],
)
def test_last_action_is_highlighted_at_its_hexes(last, marks):
    v = view(TWO_PLAYER)
    plain = render_board(v)
    lit = render_board(v, last)
    colours = {"y": theme.HIGHLIGHT, "r": theme.ATTACK}
    for name, c in marks.items():
        before = _highlight(plain, 2, name, colours[c])
        after = _highlight(lit, 2, name, colours[c])
        assert after >= before + 300, (name, before, after)
    # Hexes far from the action are untouched.
    for name in ("c7", "i1"):
        box = hex_box(hex_center(2, name), image_layout(2).hex_size)
        assert ImageChops.difference(plain.crop(box), lit.crop(box)).getbbox() is None


def test_attack_that_eliminates_marks_the_empty_hex():
    v = view(TWO_PLAYER)
    last = {"seat": 0, "kind": "attack", "coin": "Pikeman", "hexes": ["f4", "f5"], "text": "Pi attack f4xf5"}
    img = render_board(v, last)
    assert _highlight(img, 2, "f5", theme.ATTACK) > 500


def test_highlight_plan():
    assert highlight_plan(None) == ([], [])
    assert highlight_plan({"kind": "pass", "hexes": []}) == ([], [])
    assert highlight_plan({"kind": "deploy", "hexes": ["e2"]}) == ([("e2", "place")], [])
    marks, arrows = highlight_plan({"kind": "tactic", "coin": "Lancer", "hexes": ["g2", "g4", "g5"]})
    assert ("g5", "target") in marks and arrows == [("g2", "g4", "move"), ("g4", "g5", "attack")]
    marks, arrows = highlight_plan({"kind": "tactic", "coin": "Light Cavalry", "hexes": ["e2", "e4"]})
    assert arrows == [("e2", "e4", "move")]
    marks, arrows = highlight_plan({"kind": "tactic", "coin": "Marshall", "hexes": ["e4", "e5"]})
    assert arrows == [("e4", "e5", "attack")] and ("e5", "target") in marks
    assert highlight_plan({"kind": "tactic", "coin": "Footman", "hexes": []}) == ([], [])


def test_random_positions_render_in_every_phase():
    """Seeded random plies through draft, play and game over, 2 and 4 players, with real last actions."""
    for players, units, plies in ((2, "draft", 3), (4, "draft", 5), (2, "random", 40), (4, "first-game", 90)):
        g = GameState.new(Options(players=players, units=units, seed=players + plies))
        rnd = random.Random(plies)
        last = None
        for _ in range(plies):
            seat = g.current_player
            a = rnd.choice(g.legal_actions())
            g.apply(a)
            last = action_to_json(a, seat, public=True)
        for seat in (None, 0):
            img = render_board(g.view_for(seat), last)
            assert img.width == image_layout(players).width
    g = GameState.new(Options(players=2, seed=11, max_rounds=3))
    rnd = random.Random(11)
    while not g.is_terminal():
        g.apply(rnd.choice(g.legal_actions()))
    assert render_board(g.view_for(None)).size == render_board(view(TWO_PLAYER)).size


def test_names_are_drawn_instead_of_player_numbers():
    v = view(TWO_PLAYER)
    default = render_board(v)
    named = render_board(v, names=["Ava", "ليلا"])
    assert ImageChops.difference(default, named).getbbox() is not None


@pytest.mark.parametrize("players, plies", [(2, 120), (2, 260), (4, 240), (4, 400)])
def test_encoded_board_is_a_small_palette_png_that_looks_the_same(players, plies):
    """Crowded late-game boards: an 8-bit palette PNG within 100 KiB whose pixels are those drawn (mean
    difference under 1 level of 255, hardly any pixel off by more than 24)."""
    g, last = random_position(Options(players=players, units="random", seed=plies), plies, plies)
    img = render_board(g.view_for(None), last, names=["Ann", "Bob", "Cy", "Dee"][:players])
    data = board_png(g.view_for(None), last, names=["Ann", "Bob", "Cy", "Dee"][:players])
    assert len(data) <= 100 * 1024
    png = Image.open(io.BytesIO(data))
    assert png.format == "PNG" and png.mode == "P" and png.size == img.size
    diff = ImageChops.difference(img, png.convert("RGB")).convert("L")
    hist = diff.histogram()
    pixels = img.width * img.height
    assert sum(i * n for i, n in enumerate(hist)) / pixels < 1.0
    assert sum(hist[25:]) < pixels / 1000
