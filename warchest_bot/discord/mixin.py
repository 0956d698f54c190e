"""`CogMixin`: the base of the command mixins that `cog.WarChestCog` is built from.

Each topic's commands (records, seats, puzzles, …) live in a mixin of their own module, mixed into the one
cog. At run time `CogMixin` is a plain class; for the type checker it is a `Cog` (``app_commands.command``
only decorates methods of a Cog or a Group) that declares what the cog gives every mixin: its ``bot`` and
the game lookups that `cog.WarChestCog` defines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import discord
    from discord import app_commands
    from discord.ext.commands import Cog as _Base

    from ..service import GameInfo
    from .bot import WarchestBot
else:
    _Base = object


class CogMixin(_Base):
    """What a command mixin may use of `cog.WarChestCog` (see the methods there)."""

    bot: WarchestBot

    if TYPE_CHECKING:

        async def resolve_game(self, interaction: discord.Interaction, game: int | None) -> int: ...

        async def resolve_finished_game(self, interaction: discord.Interaction, game: int | None) -> int: ...

        async def visible_game(self, interaction: discord.Interaction, game_id: int) -> GameInfo: ...

        async def game_autocomplete(
            self, interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[int]]: ...

        async def game_kind_here(self, interaction: discord.Interaction, game: str | None) -> str: ...

        async def game_kind_autocomplete(
            self, interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]: ...

        @staticmethod
        def game_line(kind: str, key: str, loc: str) -> list[str]: ...


__all__ = ["CogMixin"]
