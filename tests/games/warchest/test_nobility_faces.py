"""What players see of the Nobility expansion: the /wc new option, emblems, the decree strip in the board
picture, hand pictures, alt text and the text board, the last-action sentence, the rules guide, and the
computer players (which know the decrees) in English and Persian."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games import get_game
from warchest_bot.games.base import BadOptionsError
from warchest_bot.games.warchest import guide
from warchest_bot.games.warchest.ai import make_player
from warchest_bot.games.warchest.ai.evaluate import DEFAULT_WEIGHTS, evaluate
from warchest_bot.games.warchest.engine import GameState, Options, action_to_json
from warchest_bot.games.warchest.render.board import render_board
from warchest_bot.games.warchest.render.decrees import STRIP_H
from warchest_bot.games.warchest.render.emblems import emblem_mask
from warchest_bot.games.warchest.render.hand import render_hand
from warchest_bot.games.warchest.render.lastaction import describe

GAME = get_game("warchest")
NOBILITY_CODES = ("Bn", "Bi", "Ea", "He")


def _with_a_proclamation(seed: int = 4) -> tuple[GameState, dict]:
    """A Nobility game played at random until a Royal Coin proclaims; the proclamation's public JSON."""
    g = GameState.new(Options(seed=seed, expansions="nobility"))
    rnd = random.Random(seed)
    while not g.is_terminal():
        legal = g.legal_actions()
        proclaim = [a for a in legal if a.kind == "proclaim" and a.coin >= 0]
        a = proclaim[0] if proclaim else rnd.choice(legal)
        seat = g.current_player
        g.apply(a)
        if proclaim:
            return g, action_to_json(a, seat, public=True)
    raise AssertionError("no proclamation")


def test_the_expansions_option_is_offered_off_by_default_and_checked():
    spec = next(s for s in GAME.options if s.name == "expansions")
    assert spec.default == "none" and [c.value for c in spec.choices] == [
        "none",
        "nobility",
        "siege",
        "nobility,siege",
    ]
    GAME.check_options({"expansions": "nobility"})
    with pytest.raises(BadOptionsError):
        GAME.check_options({"expansions": "dragons"})
    assert GAME.engine_options({}, 1).expansions == ""  # stored games without the option: the base game
    state = GAME.new_state({"expansions": "nobility"}, 1)
    assert state.options.nobility and len(state.decrees) == 3


def test_each_new_unit_has_its_own_emblem():
    masks = [emblem_mask(code, 64).tobytes() for code in NOBILITY_CODES + ("En", "RC")]
    assert len(set(masks)) == len(masks)
    for code in NOBILITY_CODES:
        assert 300 < sum(emblem_mask(code, 64).histogram()[129:]) < 64 * 64 * 0.7, code


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_board_picture_shows_the_decrees_only_in_nobility_games(locale):
    base = render_board(GameState.new(Options(seed=4)).view_for(None), locale=locale)
    g, _ = _with_a_proclamation()
    img = render_board(g.view_for(None), locale=locale)
    assert img.width == base.width and img.height == base.height + STRIP_H
    strip = img.crop((0, base.height, img.width, img.height))
    assert len(strip.getcolors(1 << 16) or ()) > 10  # names and seals are drawn


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_hand_pictures_draw_nobility_units(locale):
    for seed in range(30):
        g = GameState.new(Options(seed=seed, expansions="nobility"))
        seat = next((s for s in range(2) if any(u >= 17 for u in g.seats[s].units)), None)
        if seat is not None:
            img = render_hand(g.view_for(seat), locale=locale)
            assert img.width > 0
            return
    raise AssertionError("no seat was dealt a Nobility unit")


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_alt_text_text_board_and_last_action_name_the_decrees(locale):
    from warchest_bot.i18n import t

    g, last = _with_a_proclamation()
    view = g.view_for(None)
    name = t(f"decree.wc.{last['decree']}.name", locale)
    assert name in GAME.board_alt_text(view, last, None, locale)
    assert any(name in line for line in GAME.board_text(view, None, locale))
    sentence = describe(last, view, None, locale)
    assert sentence is not None and name in sentence
    assert "RC proclaim" in last["text"]
    base = GameState.new(Options(seed=4)).view_for(None)
    assert not any(
        t("alt.wc.decrees", locale, decrees="")[:6] in line for line in GAME.board_text(base, None, locale)
    )


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_the_rules_guide_has_a_page_per_new_unit_and_one_on_the_expansion(locale):
    for code in NOBILITY_CODES:
        assert code in guide.TOPICS
        page = guide.page(code, locale)
        title = page.split("\n")[0]
        assert guide.unit_name(code, locale) in title and code in title and len(page) > 300
    page = guide.page("nobility", locale)
    for code in NOBILITY_CODES:
        assert guide.unit_name(code, locale) in page
    assert guide.find_topic(guide.unit_name("He", locale), locale) == "He"
    assert GAME.unit_alt_text("Bi", locale)


def test_the_evaluation_counts_unsealed_decrees_and_the_bishops_defence():
    g = GameState.new(Options(seed=2, expansions="nobility"))
    before = evaluate(g)
    g.seals[0] = [g.decrees[0]]
    assert evaluate(g) == pytest.approx(before - DEFAULT_WEIGHTS.decree)
    base = GameState.new(Options(seed=2))
    assert base.decrees == []  # base games: the term is absent


@pytest.mark.parametrize("name", ["greedy", "search"])
def test_computer_players_play_nobility_games(name):
    for seed in range(2):
        g = GameState.new(Options(seed=seed, expansions="nobility", units="draft", max_rounds=6))
        seats = [make_player(name, seed=seed * 10 + s, iterations=8) for s in range(2)]
        while not g.is_terminal():
            legal = g.legal_actions()
            action = seats[g.current_player].choose(g)
            assert action in legal
            g.apply(action)


def test_selfplay_and_arena_take_the_expansion(capsys):
    import json

    from warchest_bot.cli import main

    assert main(["selfplay", "--expansions", "nobility", "--games", "2", "--units", "draft", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and report["plies"] > 100 and report["invariant_violations"] == 0
    args = ["arena", "--a", "random", "--b", "random", "--games", "2", "--max-rounds", "5", "--json"]
    assert main([*args, "--option", "expansions=nobility"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert main([*args, "--option", "expansions=dragons"]) == 2
    assert "dragons" in capsys.readouterr().err
