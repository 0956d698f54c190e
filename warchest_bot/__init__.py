"""warchest-bot: play War Chest asynchronously on Discord."""

__version__ = "0.1.0"
