"""The Discord adapter: discord.py cogs, the `/wc` command group, buttons, DMs. Thin over the service."""

from .bot import WarchestBot

__all__ = ["WarchestBot"]
