"""The Discord adapter reaches games only through the registry: pictures, unit cards, replays, warm-up and
AI decisions go to the game registered under the game's kind (here a toy game registered by the test), by
functions of the kind string and plain data that a worker process can run."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from warchest_bot.discord import menus, rendering
from warchest_bot.discord.ai import AiRunner, think
from warchest_bot.discord.rendering import Renderer
from warchest_bot.games import DEFAULT_KIND, Facets, UnitEntry, register_game, unregister_game


class ToyPlayer:
    def __init__(self, seed: int, budget_ms: float | None) -> None:
        self.seed, self.budget_ms = seed, budget_ms

    def choose(self, state: Any) -> Any:
        return self.choose_from_view(state.view_for(state.current_player))

    def choose_from_view(self, view: Any) -> Any:
        return ("took", view["cells"][0], self.seed, self.budget_ms)


class ToyGame:
    """Only the hooks the adapter calls."""

    kind = "toy-dispatch"
    title = "Toy"

    def __init__(self) -> None:
        self.warmed = 0

    @property
    def facets(self) -> Facets:
        return Facets(pictures=self, players=self, units=self)  # type: ignore[arg-type]

    ai_levels = {"normal": "first"}
    ai_budgets = {"normal": 7.0}

    def board_png(
        self, view: Any, last_action: Any = None, *, names: Any = None, locale: str = "en"
    ) -> bytes:
        return f"board {view['cells']} {last_action} {names} {locale}".encode()

    def private_png(self, view: Any, *, names: Any = None, locale: str = "en") -> bytes:
        return f"hand {view['cells']} {names} {locale}".encode()

    def unit_card_png(self, code: str, locale: str = "en") -> bytes:
        return f"card {code} {locale}".encode()

    def render_replay(
        self, frames: Any, *, names: Any = None, total: int | None = None, locale: str = "en"
    ) -> bytes:
        return f"replay {list(frames)} {total} {names} {locale}".encode()

    def warm_up(self) -> None:
        self.warmed += 1

    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> ToyPlayer:
        return ToyPlayer(seed, budget_ms)

    def lookup_unit(self, text: str) -> UnitEntry | None:
        return UnitEntry("X", "Cross") if text.lower() in ("x", "cross") else None

    def unit_names(self, locale: str) -> dict[str, str]:
        return {"X": "Cross"}

    def last_action_of_text(self, text: str, seat: int | None) -> dict[str, Any]:
        return {"seat": seat, "read": text.split()}


@pytest.fixture
def toy() -> Iterator[ToyGame]:
    game = register_game(ToyGame())  # type: ignore[type-var]
    try:
        yield game
    finally:
        unregister_game(game.kind)


async def test_pictures_and_replays_are_drawn_by_the_game_of_the_kind(toy: ToyGame) -> None:
    renderer = Renderer(processes=0)
    try:
        view = {"cells": [1, 2]}
        assert await renderer.board(view, {"k": 1}, ["A"], toy.kind) == b"board [1, 2] {'k': 1} ['A'] en"
        assert await renderer.hand(view, ["A"], toy.kind) == b"hand [1, 2] ['A'] en"
        assert await renderer.unit_card("X", toy.kind) == b"card X en"
        assert await renderer.replay(["f"], 3, ["A"], toy.kind) == b"replay ['f'] 3 ['A'] en"
        # the reader's language reaches the game's pictures
        assert await renderer.board(view, None, ["A"], toy.kind, "fa") == b"board [1, 2] None ['A'] fa"
        assert await renderer.hand(view, ["A"], toy.kind, "fa") == b"hand [1, 2] ['A'] fa"
        assert await renderer.unit_card("X", toy.kind, "fa") == b"card X fa"

        async def frames() -> list[str]:
            return ["g"]

        assert await renderer.finished_replay(8, frames, 1, [], toy.kind) == b"replay ['g'] 1 [] en"
        assert await renderer.finished_replay(8, frames, 1, [], toy.kind, "fa") == b"replay ['g'] 1 [] fa"
    finally:
        renderer.close()


def test_every_registered_game_is_warmed_up_and_worker_functions_pickle(toy: ToyGame) -> None:
    assert rendering._warm_up() == 0
    assert toy.warmed == 1
    for fn in (rendering._board, rendering._hand, rendering._unit_card, rendering.replay_gif, think):
        assert pickle.loads(pickle.dumps(fn)) is fn


async def test_the_ai_of_the_game_decides_from_the_view(toy: ToyGame) -> None:
    assert think("first", 3.0, 11, {"cells": [4]}, toy.kind) == ("took", 4, 11, 3.0)
    runner = AiRunner(None, processes=0)  # type: ignore[arg-type]
    try:
        assert runner._level(toy.kind, "normal") == ("first", 7.0)
        assert await runner._think("first", None, 2, {"cells": [5]}, toy.kind) == ("took", 5, 2, None)
    finally:
        await runner.stop()


def test_units_in_menus_are_named_by_the_game(toy: ToyGame) -> None:
    assert menus.coin_label("x", toy.kind) == "Cross"
    assert menus.coin_label("Sw") == "Swordsman"  # the default game
    assert menus.last_action_json("x recruit cross", 1, toy.kind) == {
        "seat": 1,
        "read": ["x", "recruit", "cross"],
    }


def test_wc_new_offers_the_default_game_options_schema() -> None:
    from warchest_bot.discord.cog import WarChestCog
    from warchest_bot.games import get_game

    game = get_game(DEFAULT_KIND)
    params = WarChestCog.new._params
    for spec in game.options:
        assert str(params[spec.name].description) == spec.description
        if spec.choices:
            assert [(c.name, c.value) for c in params[spec.name].choices] == [
                (c.name, c.value) for c in spec.choices
            ]
    assert [(c.name, c.value) for c in params["units"].choices] == [
        ("random", "random"),
        ("first-game", "first-game"),
        ("draft", "draft"),
    ]  # as /wc new always offered them: the default first
    assert [c.value for c in params["ai"].choices] == list(game.ai_levels) == ["easy", "normal", "hard"]
