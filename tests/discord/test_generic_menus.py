"""The Play menus of any game, built from its legal actions alone (text and kind) with the default grouping
of `GameKindDefaults`: few actions in one list; else by kind, and a kind with many actions by unit (how its
texts begin); every step within Discord's limits (5 rows, 25 options a select menu, labels, custom ids),
with pages when one group holds more than 5 select menus show, and numbered values for long texts."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from fakediscord.validation import validate_message

from warchest_bot.discord import components, menus
from warchest_bot.games import Facets, GameKindDefaults, UnitEntry, register_game, unregister_game
from warchest_bot.service import Legal

UNITS = {"Kn": "Knight", "Ro": "Rook", "Qu": "Queen", "Bi": "Bishop", "Pa": "Pawn", "Ki": "King"}
SQUARES = [f"{f}{r}" for r in range(1, 9) for f in "abcdefgh"]


class MenuGame(GameKindDefaults):
    """Only what the menus read: the default menu hooks and unit names."""

    kind = "menu-test"
    title = "Menu Test"

    @property
    def facets(self) -> Facets:
        return Facets(units=self)  # type: ignore[arg-type]  # the unit names alone

    def units(self) -> tuple[UnitEntry, ...]:
        return tuple(UnitEntry(code, name) for code, name in UNITS.items())

    def lookup_unit(self, text: str) -> UnitEntry | None:
        return UnitEntry(text, UNITS[text]) if text in UNITS else None


@pytest.fixture
def game() -> Iterator[str]:
    register_game(MenuGame())  # type: ignore[type-var]
    try:
        yield MenuGame.kind
    finally:
        unregister_game(MenuGame.kind)


def moves(counts: dict[str, int]) -> list[Legal]:
    out = []
    for n, (code, count) in enumerate(counts.items()):
        origin = SQUARES[n]
        out += [Legal(f"{code} {origin}-{SQUARES[20 + i]}", "", "move", ply=7) for i in range(count)]
    return out


def message(step: menus.Step, legal: list[Legal]) -> dict[str, Any]:
    """The step's message, checked against Discord's limits like the real API would."""
    info = SimpleNamespace(id=12, ply=7, kind=step.game)
    out = components.step_message(info, legal, step, "en")  # type: ignore[arg-type]
    validate_message({"content": out["content"], "components": out["view"].to_components()}, 0)
    return out


def items(out: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in out["view"].to_components() for c in row["components"]]


def test_few_actions_are_one_list(game: str) -> None:
    legal = moves({"Kn": 3, "Ro": 2}) + [
        Legal("deploy Pa e2", "", "deploy", ply=7),
        Legal("pass", "", "pass"),
    ]
    step = menus.first_step(legal, game)
    assert step.level == "target" and step.choices == tuple(legal)
    out = message(step, legal)
    assert out["content"] == "Game #12: choose the action."
    options = [o["value"] for c in items(out) for o in c["options"]]
    assert options == [a.text for a in legal]  # 7 actions: one select menu


def test_many_actions_by_kind_then_unit_then_target(game: str) -> None:
    legal = moves({"Kn": 5, "Ro": 14, "Qu": 27, "Bi": 9}) + [
        Legal(f"deploy Pa {sq}", "", "deploy", ply=7) for sq in SQUARES[8:16]
    ]
    legal.append(Legal("pass", "", "pass", ply=7))
    step = menus.first_step(legal, game)
    assert step.level == "coin" and step.coins == ("move", "deploy", "pass")
    out = message(step, legal)
    assert out["content"] == "Game #12: what do you do?"
    (select,) = items(out)
    assert select["custom_id"] == "wc:coin:12:7"
    assert [o["label"] for o in select["options"]] == ["Move", "Deploy", "Pass"]

    step = menus.after_coin(legal, "move", game)  # 55 moves: which unit
    assert step.level == "kind" and step.kinds == ("Kn", "Ro", "Qu", "Bi")
    out = message(step, legal)
    assert out["content"] == "Game #12: Move: which one?"
    assert [(b["label"], b["custom_id"]) for b in items(out)] == [
        ("Knight (Kn)", "wc:kind:12:7:move:Kn"),
        ("Rook (Ro)", "wc:kind:12:7:move:Ro"),
        ("Queen (Qu)", "wc:kind:12:7:move:Qu"),
        ("Bishop (Bi)", "wc:kind:12:7:move:Bi"),
    ]
    queen = menus.target(legal, "move", "Qu", game)
    assert [a.text for a in queen.choices] == [a.text for a in legal if a.text.startswith("Qu ")]
    out = message(queen, legal)
    selects = items(out)
    assert [len(s["options"]) for s in selects] == [25, 2]
    assert selects[1]["placeholder"] == "Choose an action (26 to 27)"

    deploy = menus.after_coin(legal, "deploy", game)  # 8 deploys fit one list: no unit step
    assert deploy.level == "target" and len(deploy.choices) == 8


def test_a_kind_of_one_unit_groups_by_its_square(game: str) -> None:
    legal = [Legal(f"Pa {o}-{d}", "", "move", ply=7) for o in SQUARES[8:16] for d in SQUARES[16:20]]
    step = menus.first_step(legal, game)
    assert step.level == "kind" and step.kinds == tuple(f"Pa {sq}" for sq in SQUARES[8:16])
    assert [b["label"] for b in items(message(step, legal))][:2] == ["Pawn (Pa a2)", "Pawn (Pa b2)"]


def test_picks_of_many_units_offer_each_unit_then_its_squares(game: str) -> None:
    codes = [f"U{chr(65 + n)}" for n in range(24)]
    legal = [Legal(f"pick {c} {sq}", "", "pick", ply=7) for c in codes for sq in (*SQUARES[:8], "barracks")]
    step = menus.first_step(legal, game)
    assert step.level == "kind" and step.kinds == tuple(codes)
    (select,) = items(message(step, legal))  # one select menu, not a wall of 24 buttons
    assert select["type"] == 3 and [o["value"] for o in select["options"]] == codes
    chosen = menus.target(legal, "pick", "UC", game)
    assert [a.text for a in chosen.choices][-1] == "pick UC barracks" and len(chosen.choices) == 9


def test_a_few_groups_are_buttons(game: str) -> None:
    legal = [Legal(f"U{n:02d} a1-b{k}", "", "move", ply=7) for n in range(10) for k in (1, 2, 3)]
    step = menus.first_step(legal, game)
    assert step.level == "kind" and len(step.kinds) == 10
    assert [c["type"] for c in items(message(step, legal))] == [2] * 10


def test_more_groups_than_buttons_are_select_menus(game: str) -> None:
    legal = [Legal(f"U{n:02d} a1-b{k}", "", "move", ply=7) for n in range(30) for k in (1, 2)]
    step = menus.first_step(legal, game)
    assert step.level == "kind" and len(step.kinds) == 30
    selects = items(message(step, legal))
    assert [s["custom_id"] for s in selects] == ["wc:coin:12:7:0:move", "wc:coin:12:7:1:move"]
    assert [len(s["options"]) for s in selects] == [25, 5]


def test_a_group_beyond_five_select_menus_is_paged_and_long_texts_are_numbered(game: str) -> None:
    army = ", ".join(f"Kn {sq}" for sq in SQUARES[:16])
    legal = [
        Legal(f"army {army}, {code} {sq}", "army (secret)", "army", ply=7)
        for code in ("Qu", "Ro", "Bi")
        for sq in SQUARES
    ]
    assert len(legal) == 192 and len(legal[0].text) > 100
    step = menus.first_step(legal, game)
    assert step.level == "target" and len(step.choices) == 192
    first = items(message(step, legal))
    selects = [c for c in first if c["type"] == 3]
    assert [len(s["options"]) for s in selects] == [25, 25, 25, 25]
    values = [o["value"] for s in selects for o in s["options"]]
    assert values == [f"#{i}" for i in range(100)]
    assert all(len(o["label"]) <= 100 for s in selects for o in s["options"])
    assert components.action_text(legal, "#57") == legal[57].text
    assert [b["custom_id"] for b in first if b["type"] == 2] == ["wc:page:12:7:1:army:-"]
    second = items(message(menus.target(legal, "army", "-", game, page=1), legal))
    assert [o["value"] for c in second if c["type"] == 3 for o in c["options"]] == [
        f"#{i}" for i in range(100, 192)
    ]
    assert [b["custom_id"] for b in second if b["type"] == 2] == ["wc:page:12:7:0:army:-"]


def test_war_chest_keeps_its_coin_kind_target_menus() -> None:
    legal = [
        Legal("Sw deploy e2", "", "deploy", ply=3),
        Legal("Sw recruit Ar", "", "recruit", ply=3),
        Legal("Ar move a1-a2", "", "move", ply=3),
        Legal("RC claim", "", "claim", ply=3),
    ]
    step = menus.first_step(legal)
    assert step.level == "coin" and step.coins == ("Sw", "Ar", "RC")
    out = message(step, legal)
    assert out["content"] == "Game #12: choose the coin to play."
    (select,) = items(out)
    assert select["custom_id"] == "wc:coin:12:7"
    assert [o["label"] for o in select["options"]] == ["Swordsman (Sw)", "Archer (Ar)", "Royal Coin (RC)"]
    kinds = message(menus.after_coin(legal, "Sw"), legal)
    assert kinds["content"] == "Game #12: what should your Swordsman coin do?"
    assert [b["label"] for b in items(kinds)] == ["Deploy", "Recruit"]
