"""What players see of the Siege expansion: the /wc new option, emblems, forts on the board picture, hand
pictures, alt text and the text board, the last-action sentence, the rules guide, and the computer
players (whose evaluation knows forts) in English and Persian."""

from __future__ import annotations

import json
import random

import pytest

from tests.games.warchest.engine.conftest import pos
from warchest_bot.games import get_game
from warchest_bot.games.warchest import guide
from warchest_bot.games.warchest.ai import make_player
from warchest_bot.games.warchest.ai.evaluate import DEFAULT_WEIGHTS, evaluate
from warchest_bot.games.warchest.engine import NAME_INDEX, GameState, Options, action_to_json
from warchest_bot.games.warchest.render.board import image_layout, render_board
from warchest_bot.games.warchest.render.emblems import emblem_mask
from warchest_bot.games.warchest.render.forts import STONE
from warchest_bot.games.warchest.render.hand import render_hand
from warchest_bot.games.warchest.render.lastaction import describe
from warchest_bot.games.warchest.render.viewdata import seat_name
from warchest_bot.i18n import t

GAME = get_game("warchest")
SIEGE_CODES = ("Sp", "ST", "Tr", "WW")


def test_the_option_offers_siege_and_both_expansions():
    GAME.check_options({"expansions": "siege"})
    GAME.check_options({"expansions": "nobility,siege"})
    state = GAME.new_state({"expansions": "siege"}, 1)
    assert state.options.siege and len(state.forts) == 4 and state.decrees == []
    both = GAME.new_state({"expansions": "nobility,siege"}, 1)
    assert both.options.nobility and both.options.siege and len(both.forts) == 4 and len(both.decrees) == 3


def test_each_new_unit_has_its_own_emblem():
    masks = [emblem_mask(code, 64).tobytes() for code in SIEGE_CODES + ("Bn", "Ca", "RC")]
    assert len(set(masks)) == len(masks)
    for code in SIEGE_CODES:
        assert 300 < sum(emblem_mask(code, 64).histogram()[129:]) < 64 * 64 * 0.7, code


def _stone_near(img, players: int, hex_name: str) -> int:
    """Pixels of the fort's stone colour in a hex's box of the board picture."""
    lay = image_layout(players)
    x, y = lay.geometry.hex_xy(NAME_INDEX[hex_name])
    cx, cy, r = lay.board_x + x, lay.board_y + y, lay.hex_size
    box = img.crop((round(cx - r), round(cy - r), round(cx + r), round(cy + r))).convert("RGB")
    return sum(n for n, rgb in box.getcolors(1 << 16) or () if rgb == STONE)


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_board_picture_draws_forts_where_they_are(locale):
    g = GameState.new(Options(seed=4, expansions="siege"))
    img = render_board(g.view_for(None), locale=locale)
    fort = g.view_for(None)["forts"][0]
    assert _stone_near(img, 2, fort) > 50
    others = [
        n
        for n in ("e2", "h1", "i2", "g3", "d4", "h4", "e5", "c6", "g6", "d7")
        if n not in g.view_for(None)["forts"]
    ]
    assert all(_stone_near(img, 2, n) == 0 for n in others)
    base = render_board(GameState.new(Options(seed=4)).view_for(None), locale=locale)
    assert all(_stone_near(base, 2, n) == 0 for n in others + [fort])
    assert base.size == img.size


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_hand_pictures_draw_siege_units(locale):
    g = pos(expansions="siege", hand0=["Sp", "ST", "WW"], units0=["Tr"], hand1=["Ar"])
    assert render_hand(g.view_for(0), locale=locale).width > 0


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_alt_text_and_text_board_list_the_forts(locale):
    g = pos(expansions="siege", forts=["e5", "g3"], hand0=["Sp"], board0={"f3": "Sp"}, hand1=["Ar"])
    view = g.view_for(None)
    line = t("alt.wc.forts", locale, hexes="")[:5]
    assert "g3" in GAME.board_alt_text(view, None, None, locale) and line in GAME.board_alt_text(
        view, None, None, locale
    )
    assert any(line in text and "e5" in text for text in GAME.board_text(view, None, locale))
    base = GameState.new(Options(seed=4)).view_for(None)
    assert not any(line in text for text in GAME.board_text(base, None, locale))


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_last_action_names_a_fort_built_and_the_siege_tactics(locale):
    g = pos(expansions="siege", hand0=["Sp"], board0={"f3": "Sp"}, hand1=["Ar"])
    g.apply(g.parse_action("Sp move f3-g3"))
    a = g.parse_action("fortify g3")
    g.apply(a)
    last = action_to_json(a, 0, public=True)
    sentence = describe(last, g.view_for(None), None, locale)
    assert sentence == t("picture.last.fortify", locale, player=seat_name(0, None, locale), hex="g3")
    g = pos(expansions="siege", hand0=["Tr"], board0={"e4": ["Tr", 2]}, board1={"g4": "Ar"}, hand1=["Ar"])
    a = g.parse_action("Tr tactic e4xg4")
    g.apply(a)
    sentence = describe(action_to_json(a, 0, public=True), g.view_for(None), None, locale)
    assert sentence is not None and "g4" in sentence


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_rules_guide_has_a_page_per_new_unit_and_one_on_the_expansion(locale):
    for code in SIEGE_CODES:
        assert code in guide.TOPICS
        page = guide.page(code, locale)
        title = page.split("\n")[0]
        assert guide.unit_name(code, locale) in title and code in title and len(page) > 250
        assert GAME.unit_alt_text(code, locale)
    page = guide.page("siege", locale)
    for code in SIEGE_CODES:
        assert guide.unit_name(code, locale) in page
    assert "siege" in guide.TOPICS
    assert guide.find_topic(guide.unit_name("Tr", locale), locale) == "Tr"


def test_the_evaluation_counts_forts_for_whoever_they_shield():
    g = pos(
        expansions="siege", forts=["e5"], control={"e2": 0, "h1": 0, "d7": 1, "g6": 1, "e5": 1}, hand0=["Sw"]
    )
    with_fort = evaluate(g)
    g.forts = []
    assert with_fort == pytest.approx(evaluate(g) - DEFAULT_WEIGHTS.fort)  # side B's fort counts against A
    neutral = pos(expansions="siege", forts=["e5"], hand0=["Sw"])
    empty = pos(expansions="siege", hand0=["Sw"])
    assert evaluate(neutral) == pytest.approx(evaluate(empty))  # nobody's yet


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_computer_players_play_siege_games(name):
    g = GameState.new(Options(seed=7, expansions="nobility,siege", units="draft", max_rounds=6))
    seats = [make_player(name, seed=s, iterations=8) for s in range(2)]
    rnd = random.Random(0)
    while not g.is_terminal():
        legal = g.legal_actions()
        action = seats[g.current_player].choose(g) if rnd.random() < 0.5 else rnd.choice(legal)
        assert action in legal
        g.apply(action)


def test_selfplay_and_arena_take_siege(capsys):
    from warchest_bot.cli import main

    assert main(["selfplay", "--expansions", "siege", "--games", "2", "--units", "draft", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and report["plies"] > 100 and report["invariant_violations"] == 0
    args = ["arena", "--a", "random", "--b", "random", "--games", "2", "--max-rounds", "5", "--json"]
    assert main([*args, "--option", "expansions=nobility,siege"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
