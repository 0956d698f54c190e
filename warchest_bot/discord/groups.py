"""The subcommand groups of `/wc`, so that the common commands stay one word and the rest has room to grow
(Discord allows 25 subcommands or groups under a command, and 25 subcommands in a group).

- one word: ``/wc new``, ``play``, ``hand``, ``board``, ``games``, ``resign``, ``rematch``, ``abort``,
  ``claim``, ``undo``, ``rules``, ``help``, ``tutorial``, ``puzzle``;
- `MY` (``/wc my …``): what is the player's own: ``settings``, ``vacation``, ``turns``, ``follow``,
  ``unfollow``, ``conditional``;
- `LOOK` (``/wc look …``): looking things up: ``history``, ``replay``, ``review``, ``export``,
  ``stats``, ``leaderboard``;
- `ADMIN` (``/wc admin …``): what server admins set: ``server``, ``daily_puzzle``, ``seats``, ``digest``;
- `SEAT` (``/wc seat …``): seats that change hands: ``hand``, ``replace``, ``autopilot``;
- `TOURNAMENT` (``/wc tournament …``): events: ``create``, ``join``, ``leave``, ``start``, ``pairings``,
  ``standings``, ``export``, ``withdraw``, ``bye``, and the organiser's ``pause``, ``resume``,
  ``adjudicate``, ``forfeit``, ``replace``, ``vacations``; leagues: ``league`` (create one), ``season``
  (the organiser starts the next), ``ladder``.

The groups are class attributes of `WarChestCog` (its mixins decorate their commands with them); each
cog instance gets its own copy, bound to it.
"""

from __future__ import annotations

from discord import app_commands

MY = app_commands.Group(name="my", description="Your settings, your vacation and your turns")
LOOK = app_commands.Group(
    name="look",
    description="Look things up: a game's history, replay, review or record; stats and the leaderboard",
)
ADMIN = app_commands.Group(
    name="admin", description="This server's settings and its daily puzzle (server admins)"
)

SEAT = app_commands.Group(
    name="seat", description="Hand your seat on, replace a silent player, or let the bot play for one"
)

TOURNAMENT = app_commands.Group(
    name="tournament", description="Tournaments and leagues: create, enter, pairings, standings, organise"
)

__all__ = ["ADMIN", "LOOK", "MY", "SEAT", "TOURNAMENT"]
