"""The discord.py client: one cog with the `/wc` group, dynamic (restart-proof) buttons, no privileged
intents."""

from __future__ import annotations

import discord
from discord.ext import commands

from ..service import GameService
from .cog import WarChestCog
from .components import DYNAMIC_ITEMS
from .flow import GameFlow
from .rendering import Renderer


class WarchestBot(commands.Bot):
    """The bot. ``service`` is an open `GameService` (the caller closes it)."""

    def __init__(self, service: GameService, *, render_processes: int = 0, **kwargs: object) -> None:
        kwargs.setdefault("intents", discord.Intents.default())  # no privileged intents
        kwargs.setdefault("help_command", None)
        super().__init__(command_prefix=commands.when_mentioned, **kwargs)  # type: ignore[arg-type]
        self.service = service
        self.flow = GameFlow(self)
        self.renderer = Renderer(render_processes)
        self.cog: WarChestCog = WarChestCog(self)

    async def setup_hook(self) -> None:
        await self.add_cog(self.cog)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.flow.spawn(self.renderer.warm_up())

    async def close(self) -> None:
        await self.flow.drain()
        await super().close()
        self.renderer.close()
