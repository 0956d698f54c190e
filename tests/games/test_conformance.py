"""The game interface, checked for every registered game: the core (a new game, legal actions and apply,
notation round-trips and typed errors, views without the seed or RNG state, replay from the action log,
random playouts to a result, the option schema, seats and teams, rules text), then each facet the game
declares against its protocol and its promises (snapshots, pictures or the text pictures that stand in,
units, alt text, computer players, review, rules guide, menus, puzzles, tutorial)."""

from __future__ import annotations

import dataclasses
import io
import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from PIL import Image

from warchest_bot.games import (
    ActionChoice,
    ActionTextError,
    BadOptionsError,
    DuplicateGameError,
    Facets,
    GameKind,
    GameState,
    Outcome,
    UnknownGameError,
    UnparseableActionError,
    ai_levels_of,
    alt_text_of,
    game_kinds,
    get_game,
    menus_of,
    pictures_of,
    register_game,
    unregister_game,
)
from warchest_bot.games.facets import FACET_PROTOCOLS, GROUP_KEY_MAX
from warchest_bot.i18n import has_message

from .dicegame import KIND as DICE_DUEL
from .dicegame import registered as dice_duel_registered
from .pointbuy.helpers import pointbuy_registered
from .tinygame import KIND as TINY_LINES
from .tinygame import registered as tiny_lines_registered

KINDS = tuple(sorted({*game_kinds(), "pointbuy", TINY_LINES, DICE_DUEL}))
"""Every game: the built-in ones, Point-Buy Chess and the test-only Tiny Lines and Dice Duel (registered
for each test)."""


@pytest.fixture(autouse=True)
def _every_game_registered() -> Iterator[None]:
    with pointbuy_registered(), tiny_lines_registered(), dice_duel_registered():
        yield


SEED = 0x5EED_1234_5678_9ABC  # large and distinctive: a view that leaks it shows it
MAX_PLIES = 20_000
BAD_TEXTS = ("", "   ", "zz qq99 ?!", "\x00", "x" * 50)


def option_sets(game: GameKind) -> list[dict[str, Any]]:
    """The defaults, then each offered choice of each option on its own."""
    base = game.default_options()
    sets = [base]
    for spec in game.options:
        sets += [{**base, spec.name: c.value} for c in spec.choices if c.value != spec.default]
    return sets


def cases() -> list[Any]:
    """(kind, options) for every registered game and each of its option sets."""
    with pointbuy_registered(), tiny_lines_registered(), dice_duel_registered():
        return [
            pytest.param(kind, options, id=f"{kind}-{n}")
            for kind in KINDS
            for n, options in enumerate(option_sets(get_game(kind)))
        ]


def random_line(game: GameKind, options: Mapping[str, Any], seed: int, plies: int, choice_seed: int):
    """Play up to ``plies`` random legal actions; the state and the canonical texts of the actions."""
    state = game.new_state(options, seed)
    rnd = random.Random(choice_seed)
    log: list[str] = []
    while len(log) < plies and not state.is_terminal():
        action = rnd.choice(list(state.legal_actions()))
        log.append(game.format_action(state, action))
        state.apply(action)
    return state, log


def walk(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, leaf) of JSON-like data, keys included as leaves."""
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield f"{path}/{k}", k
            yield from walk(v, f"{path}/{k}")
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}[{i}]")
    else:
        yield path, value


def assert_no_secret(view: Mapping[str, Any]) -> None:
    """No seed, no RNG state: no key naming them, the seed's digits nowhere, no 64-bit-sized number."""
    assert str(SEED) not in json.dumps(view, default=str)
    for path, leaf in walk(view):
        if isinstance(leaf, str):
            assert "seed" not in leaf.lower() and "rng" not in leaf.lower(), path
        if isinstance(leaf, int) and not isinstance(leaf, bool):
            assert abs(leaf) < 2**31, (path, leaf)


@pytest.mark.parametrize(
    "leaky", [{"seed": 1}, {"a": [{"rng": 3}]}, {"a": str(SEED)}, {"a": [SEED]}, {"state": 2**40}]
)
def test_the_secret_check_catches_a_leak(leaky: dict[str, Any]) -> None:
    with pytest.raises(AssertionError):
        assert_no_secret(leaky)


def test_the_secret_check_catches_war_chest_full_state() -> None:
    state = get_game("warchest").new_state({}, SEED)
    with pytest.raises(AssertionError):
        assert_no_secret(state.to_json())  # type: ignore[attr-defined]


# --- the registry -----------------------------------------------------------------------------------------
def test_registry_lists_war_chest_and_returns_game_kinds() -> None:
    assert "warchest" in KINDS
    assert list(KINDS) == sorted(KINDS)
    for kind in KINDS:
        game = get_game(kind)
        assert isinstance(game, GameKind)
        assert game.kind == kind and game.title


@pytest.mark.parametrize("kind", ["chess", "", "WARCHEST", None])
def test_unknown_kind_is_a_typed_error_naming_the_known_ones(kind: Any) -> None:
    with pytest.raises(UnknownGameError) as err:
        get_game(kind)
    assert isinstance(err.value, LookupError)
    assert err.value.known == KINDS
    assert "warchest" in str(err.value)


def test_a_kind_is_registered_once() -> None:
    class Impostor:
        kind = "warchest"
        title = "Not War Chest"

    with pytest.raises(DuplicateGameError):
        register_game(Impostor())  # type: ignore[type-var]
    assert get_game("warchest").title == "War Chest"
    register_game(get_game("warchest"))  # the same object again is no conflict


def test_a_registered_game_is_found_and_can_be_forgotten() -> None:
    game = get_game("warchest")

    class Renamed:
        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        kind = "test-renamed"

    register_game(Renamed())  # type: ignore[type-var]
    try:
        assert "test-renamed" in game_kinds()
        assert get_game("test-renamed").title == game.title
    finally:
        unregister_game("test-renamed")
    assert "test-renamed" not in game_kinds()
    with pytest.raises(UnknownGameError):
        get_game("test-renamed")


# --- options, seats and teams -----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_options_schema_defaults_and_validation(kind: str) -> None:
    game = get_game(kind)
    names = [spec.name for spec in game.options]
    assert len(names) == len(set(names)) and set(game.default_options()) == set(names)
    for options in option_sets(game):
        game.check_options(options)
    for spec in game.options:
        assert spec.description
        if spec.choices:
            assert spec.default in [c.value for c in spec.choices]
            assert len(spec.choices) <= 25  # Discord's limit of choices per option
            bad = "no such choice" if isinstance(spec.default, str) else -7
            with pytest.raises(BadOptionsError) as err:
                game.check_options({**game.default_options(), spec.name: bad})
            assert err.value.message_key


@pytest.mark.parametrize("kind", KINDS)
def test_teams_for_every_player_count(kind: str) -> None:
    game = get_game(kind)
    assert game.player_counts
    for players in game.player_counts:
        teams = game.teams(players)
        assert len(teams) == players
        assert set(teams) == set(range(len(set(teams))))  # teams are numbered from 0
    with pytest.raises(BadOptionsError):
        game.teams(max(game.player_counts) + 1)


@pytest.mark.parametrize(("kind", "options"), cases())
def test_seats_forfeits_and_rematches(kind: str, options: dict[str, Any]) -> None:
    """The service's hooks: the seat count of the options, who wins a forfeit, a rematch's seating
    (partners stay partners) and options (ones the game accepts, every option present)."""
    game = get_game(kind)
    players = game.players_of(options)
    assert players in game.player_counts
    teams = game.teams(players)
    seating = game.rematch_seating(players)
    assert sorted(seating) == list(range(players))
    for i in range(players):
        for j in range(players):
            assert (teams[seating[i]] == teams[seating[j]]) == (teams[i] == teams[j])
    for team in set(teams):
        winner = game.forfeit_winner(teams, team)
        if len(set(teams)) == 2:
            assert winner == 1 - team
        else:
            assert winner is None or (winner in teams and winner != team)
    full = {**game.default_options(), **options}
    for outcome in (None, Outcome(None, "x"), *(Outcome(t, "x") for t in set(teams))):
        again = game.rematch_options(full, outcome)
        assert set(again) == set(full)
        game.check_options(again)
        assert game.players_of(again) == players


# --- states ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("kind", "options"), cases())
def test_new_game_has_a_seat_to_act_and_legal_actions(kind: str, options: dict[str, Any]) -> None:
    game = get_game(kind)
    state = game.new_state(options, SEED)
    assert isinstance(state, GameState)
    assert not state.is_terminal() and state.result is None and game.outcome(state) is None
    assert state.ply == 0
    assert state.current_player is not None
    assert state.current_player in range(len(game.teams(options.get("players", game.player_counts[0]))))
    assert len(state.legal_actions()) > 0
    assert game.new_state(options, SEED) == state  # options + seed decide the state


@pytest.mark.parametrize(("kind", "options"), cases())
def test_every_legal_action_applies_from_a_few_positions(kind: str, options: dict[str, Any]) -> None:
    game = get_game(kind)
    for plies in (0, 3, 17, 60):
        state, _ = random_line(game, options, SEED, plies, choice_seed=plies)
        if state.is_terminal():
            continue
        before = state.clone()
        legal = list(state.legal_actions())
        assert len(set(legal)) == len(legal)
        for action in legal:
            child = state.clone()
            child.apply(action)
            assert child.ply == state.ply + 1
        assert state == before  # applying to clones left the original untouched


@pytest.mark.parametrize(("kind", "options"), cases())
def test_notation_round_trips_and_bad_text_is_a_typed_error(kind: str, options: dict[str, Any]) -> None:
    game = get_game(kind)
    for plies in (0, 5, 30):
        state, _ = random_line(game, options, SEED, plies, choice_seed=1 + plies)
        if state.is_terminal():
            continue
        for action in state.legal_actions():
            text = game.format_action(state, action)
            assert game.parse_action(state, text) == action, text
            assert isinstance(game.format_action(state, action, public=True), str)
        for text in BAD_TEXTS:
            with pytest.raises(ActionTextError) as err:
                game.parse_action(state, text)
            assert err.value.text == text and err.value.reason
        with pytest.raises(UnparseableActionError):
            game.parse_action(state, "zz qq99 ?!")


@pytest.mark.parametrize(("kind", "options"), cases())
def test_action_choices_are_the_legal_actions_with_texts_that_parse(
    kind: str, options: dict[str, Any]
) -> None:
    game = get_game(kind)
    state, _ = random_line(game, options, SEED, 9, choice_seed=2)
    choices = game.action_choices(state)
    assert all(isinstance(c, ActionChoice) for c in choices)
    assert [c.action for c in choices] == list(state.legal_actions())
    for c in choices:
        assert c.kind and c.public
        assert game.parse_action(state, c.text) == c.action


@pytest.mark.parametrize(("kind", "options"), cases())
def test_views_carry_no_seed_or_rng_state(kind: str, options: dict[str, Any]) -> None:
    game = get_game(kind)
    players = len(game.teams(options.get("players", game.player_counts[0])))
    for plies in (0, 12, 80):
        state, _ = random_line(game, options, SEED, plies, choice_seed=3)
        for seat in [None, *range(players)]:
            assert_no_secret(state.view_for(seat))


@pytest.mark.parametrize(("kind", "options"), cases())
def test_replaying_the_action_log_reproduces_the_state(kind: str, options: dict[str, Any]) -> None:
    game = get_game(kind)
    state, log = random_line(game, options, SEED, 150, choice_seed=4)
    replayed = game.replay(options, SEED, log)
    assert replayed == state and replayed.ply == len(log)
    assert game.replay(options, SEED, []) == game.new_state(options, SEED)
    if log:
        with pytest.raises(ActionTextError):
            game.replay(options, SEED, [*log[:-1], "zz qq99 ?!"])


@pytest.mark.parametrize(("kind", "options"), cases())
def test_random_playout_reaches_a_result(kind: str, options: dict[str, Any]) -> None:
    game = get_game(kind)
    state, log = random_line(game, options, SEED, MAX_PLIES, choice_seed=5)
    assert state.is_terminal(), f"no result after {MAX_PLIES} plies"
    assert state.current_player is None and list(state.legal_actions()) == []
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome) and outcome.reason
    teams = game.teams(game.players_of(options))
    assert outcome.winner is None or outcome.winner in teams
    assert game.replay(options, SEED, log) == state
    assert has_message(f"result.{outcome.reason}")  # the service announces the end with it
    assert isinstance(game.result_params(options, {"reason": outcome.reason, "winner": outcome.winner}), dict)


# --- pictures, players, rules text ------------------------------------------------------------------------
def png_size(data: bytes) -> tuple[int, int]:
    """The size of a PNG (which it must be)."""
    assert data.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(data)).size


@pytest.mark.parametrize("kind", KINDS)
def test_pictures_from_views(kind: str) -> None:
    """The game's `Pictures` (or the text pictures that stand in for them)."""
    game = get_game(kind)
    pictures = pictures_of(game)
    options = game.default_options()
    state, log = random_line(game, options, SEED, 6, choice_seed=6)
    width, height = png_size(pictures.board_png(state.view_for(None)))
    assert width > 0 and height > 0
    seat = state.current_player
    assert seat is not None
    width, height = png_size(pictures.private_png(state.view_for(seat), locale="fa"))
    assert width > 0 and height > 0
    frames = pictures.replay_frames(options, SEED, log)
    replayed, turns = game.new_state(options, SEED), 0
    for text in log:  # a frame where each turn ends
        replayed.apply(game.parse_action(replayed, text))
        turns += replayed.is_terminal() or game.turn_start(replayed) == replayed.ply
    assert len(frames) == turns + 1
    for frame in frames:  # a frame is the game's own: a view, or a value that holds one
        assert_no_secret(frame if isinstance(frame, Mapping) else frame.view)
    assert pictures.render_replay(frames).startswith(b"GIF8")
    assert isinstance(pictures.last_action_of_text(log[-1], 0), dict)
    pictures.warm_up()


@pytest.mark.parametrize("kind", KINDS)
def test_every_ai_level_picks_a_legal_action(kind: str) -> None:
    players = get_game(kind).facets.players
    if players is None:
        assert ai_levels_of(get_game(kind)) == {}
        return
    game = get_game(kind)
    assert players.ai_levels and set(players.ai_budgets) == set(players.ai_levels)
    state, _ = random_line(game, game.default_options(), SEED, 4, choice_seed=7)
    for level in players.ai_levels:
        player = players.make_player(level, seed=1)
        assert player.choose(state.clone()) in state.legal_actions(), level
        assert player.choose_from_view(state.view_for(state.current_player)) in state.legal_actions()


@pytest.mark.parametrize("kind", KINDS)
def test_rules_text_comes_from_the_catalogue(kind: str) -> None:
    text = get_game(kind).rules_text("en")
    assert text and "{" not in text and "bot.rules" not in text


# --- the facets each game declares ------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_each_declared_facet_has_its_protocol(kind: str) -> None:
    facets = get_game(kind).facets
    assert isinstance(facets, Facets)
    assert set(FACET_PROTOCOLS) == {f.name for f in dataclasses.fields(Facets)}
    for name, facet in facets.declared().items():
        assert isinstance(facet, FACET_PROTOCOLS[name]), name


def declaring(name: str) -> list[str]:
    """The games that declare the facet ``name`` (each is checked against it)."""
    with pointbuy_registered(), tiny_lines_registered(), dice_duel_registered():
        return [kind for kind in KINDS if name in get_game(kind).facets.declared()]


def declared(kind: str, name: str) -> Any:
    """The facet ``name`` of the game."""
    return get_game(kind).facets.declared()[name]


@pytest.mark.parametrize("kind", declaring("snapshots"))
def test_snapshots_restore_the_same_state(kind: str) -> None:
    snapshots = declared(kind, "snapshots")
    game = get_game(kind)
    options = game.default_options()
    for plies in (0, 7, 40):
        state, _ = random_line(game, options, SEED, plies, choice_seed=8)
        again = snapshots.restore(snapshots.snapshot(state))
        assert again == state and snapshots.snapshot_fits(again, options, SEED)


@pytest.mark.parametrize("kind", declaring("units"))
def test_units_are_found_by_code_and_name_and_have_cards(kind: str) -> None:
    units = declared(kind, "units")
    entries = units.units()
    assert entries and len({u.code for u in entries}) == len(entries)
    for locale in ("en", "fa"):
        names = units.unit_names(locale)
        assert all(names.get(u.code) for u in entries)
    for u in entries:
        assert units.lookup_unit(u.code) == u and units.lookup_unit(u.name.upper()) == u
        assert units.unit_alt_text(u.code, "en")
    assert units.unit_card_png(entries[0].code, "fa").startswith(b"\x89PNG")
    assert units.lookup_unit("zz qq99") is None


@pytest.mark.parametrize("kind", KINDS)
def test_alt_text_says_only_what_the_view_shows(kind: str) -> None:
    """The game's alt text, or the common one that stands in for it."""
    game = get_game(kind)
    alt = alt_text_of(game)
    state, log = random_line(game, game.default_options(), SEED, 8, choice_seed=9)
    names = ["Ann", "Bob", "Cy", "Di"]
    for locale in ("en", "fa"):
        board = alt.board_alt_text(state.view_for(None), {"seat": 0, "text": log[-1]}, names, locale)
        assert 0 < len(board) <= 1024 and str(SEED) not in board
        lines = alt.board_text(state.view_for(None), names, locale)
        assert lines and all(isinstance(line, str) for line in lines)
        assert alt.private_alt_text(state.view_for(0), names, locale)


@pytest.mark.parametrize("kind", declaring("review"))
def test_review_has_a_budget(kind: str) -> None:
    review = declared(kind, "review")
    assert isinstance(review.review_budget, int) and review.review_budget > 0


@pytest.mark.parametrize("kind", declaring("guide"))
def test_rules_guide_pages_by_topic(kind: str) -> None:
    guide = declared(kind, "guide")
    for locale in ("en", "fa"):
        topics = guide.rules_topics(locale)
        assert topics and len({topic for topic, _ in topics}) == len(topics)
        for topic, label in topics:
            page = guide.rules_page(topic, locale)
            assert label and page and len(page) <= 2000, topic
    assert guide.rules_page("zz qq99", "en") is None


@pytest.mark.parametrize("kind", KINDS)
def test_menus_group_every_action_with_keys_that_fit(kind: str) -> None:
    """The game's Play menus, or the generic ones by kind."""
    game = get_game(kind)
    menus = menus_of(game)
    for plies in (0, 3, 9):
        state, _ = random_line(game, game.default_options(), SEED, plies, choice_seed=10)
        if state.is_terminal():
            continue
        choices = [(c.text, c.kind) for c in game.action_choices(state)]
        groups = menus.menu_groups(choices)
        assert len(groups) == len(choices)
        for outer, inner in groups:
            for key in (outer, inner):
                assert key and ":" not in key and len(key) <= GROUP_KEY_MAX
                assert isinstance(menus.menu_rank(key), int)
        kinds = [kind for _, kind in choices]
        for level, path in ((0, ()), (1, (groups[0][0],)), (2, groups[0])):
            assert has_message(menus.menu_prompt(level, path, kinds))


@pytest.mark.parametrize("kind", declaring("puzzles"))
def test_puzzles_show_one_seat_and_never_the_seed(kind: str) -> None:
    puzzles = declared(kind, "puzzles").puzzles()
    assert puzzles and len({p.id for p in puzzles}) == len(puzzles)
    for puzzle in puzzles:
        assert puzzle.view.get("seat", puzzle.seat) == puzzle.seat
        assert_no_secret(puzzle.view)


@pytest.mark.parametrize("kind", declaring("tutorial"))
def test_tutorial_lessons_chain_and_have_their_words(kind: str) -> None:
    tutorial = declared(kind, "tutorial")
    lessons = tutorial.lessons()
    assert lessons and [x.number for x in lessons] == list(range(1, len(lessons) + 1))
    for n, lesson in enumerate(lessons):
        assert tutorial.find_lesson(lesson.id) is lesson
        assert tutorial.next_lesson(lesson) is (lessons[n + 1] if n + 1 < len(lessons) else None)
        assert tutorial.replay(lesson, []) == lesson.start()
        assert tutorial.judge(lesson, []).status == "continue"
        assert all(has_message(lesson.key(name)) for name in ("title", "text", "goal", "done"))
        assert lesson.start().current_player == tutorial.learner
