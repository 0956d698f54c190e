"""/wc new offers the default game's options as its own parameters, read from the game's `OptionSpec`s (name,
type, choices, bounds, description), not from a list of War Chest's option names in the adapter; the values
given reach the game as its options."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from wc_helpers import World

from warchest_bot.discord.options import option_parameters
from warchest_bot.games import DEFAULT_KIND, GameKind, get_game

INTEGER, STRING = 4, 3


def _spec_options(game: GameKind) -> list[tuple[Any, ...]]:
    """What Discord should be told of each option of ``game``: name, description, type, choices, bounds."""
    found = []
    for spec in game.options:
        kind = INTEGER if isinstance(spec.default, int) else STRING
        bounds = spec.bounds if spec.bounds is not None and not spec.choices else (None, None)
        found.append((spec.name, spec.description, kind, [(c.name, c.value) for c in spec.choices], *bounds))
    return found


def _told(option: dict[str, Any]) -> tuple[Any, ...]:
    """The same of an option as a command's payload has it."""
    choices = [(c["name"], c["value"]) for c in option.get("choices", [])]
    bounds = (option.get("min_value"), option.get("max_value"))
    return (option["name"], option["description"], option["type"], choices, *bounds)


def _bounds(param: app_commands.Parameter) -> tuple[Any, Any]:
    """A whole number's bounds (a text's are its length's)."""
    return (param.min_value, param.max_value) if param.type.value == INTEGER else (None, None)


def test_any_games_options_become_parameters_after_the_one_named() -> None:
    game = get_game("pointbuy")

    @option_parameters(game, after="first")
    async def command(interaction: discord.Interaction, first: str, last: int = 0, **named: Any) -> None:
        """A command with two parameters of its own."""

    built = app_commands.Command(name="x", description="x", callback=command)
    assert [p.name for p in built.parameters] == ["first", *(spec.name for spec in game.options), "last"]
    params = built.parameters[1:-1]
    assert all(not p.required for p in params)
    told = [
        (p.name, p.description, p.type.value, [(c.name, c.value) for c in p.choices], *_bounds(p))
        for p in params
    ]
    assert told == _spec_options(game)


async def test_wc_new_offers_the_default_games_options_and_passes_them_on(world: World) -> None:
    commands = world.fake.guild_commands.get(world.guild.id) or world.fake.global_commands
    (wc,) = [c for c in commands if c["name"] == "wc"]
    (new,) = [o for o in wc["options"] if o["name"] == "new"]
    names = [o["name"] for o in new["options"]]
    game = get_game(DEFAULT_KIND)
    at = names.index("settings") + 1
    offered = new["options"][at : at + len(game.options)]
    assert [_told(o) for o in offered] == _spec_options(game)

    inter = await world.fake.send_slash_command(
        world.alice, world.channel, "wc new", {"opponent": world.bob, "units": "first-game", "max_rounds": 7}
    )
    challenge = await world.reply(inter)
    game_id = int(challenge.content.split("#")[1].split()[0])
    options = (await world.service.get_game(game_id)).options
    assert options["units"] == "first-game" and options["max_rounds"] == 7
