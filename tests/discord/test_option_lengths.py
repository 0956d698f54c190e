"""Every free-text option of every command has a length bound (issue 30, item 18): Discord refuses a longer
value before the bot sees it, and the service refuses one that comes another way (see
`tests/correspondence/test_clocks.py`)."""

from __future__ import annotations

from typing import Any

import pytest
from fakediscord import OptionError
from wc_helpers import World

STRING = 3


def _string_options(options: list[dict[str, Any]], path: str) -> list[tuple[str, dict[str, Any]]]:
    found = []
    for option in options:
        where = f"{path} {option['name']}"
        if option["type"] == STRING:
            found.append((where, option))
        found += _string_options(option.get("options", []), where)
    return found


async def test_every_free_text_option_is_bounded(world: World):
    commands = world.fake.guild_commands.get(world.guild.id) or world.fake.global_commands
    options = [
        found
        for command in commands
        for found in _string_options(command.get("options", []), command["name"])
    ]
    assert options
    unbounded = [
        where for where, option in options if "choices" not in option and not option.get("max_length")
    ]
    assert unbounded == []
    with pytest.raises(OptionError, match="longer than"):
        await world.fake.send_slash_command(
            world.bob, world.channel, "wc my settings", {"timezone": "x" * 10_000}
        )
