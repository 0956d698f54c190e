"""Pointing the real discord.py client at the fake (and back)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import yarl


@contextlib.contextmanager
def point_discord_py(api_base: str, gateway_url: str, cdn_url: str) -> Iterator[None]:
    """Set discord.py's REST base, default gateway and CDN base to the fake; restore them on exit.

    - ``discord.http.Route.BASE`` (read each time a Route is built, so REST and interaction
      webhooks both follow it),
    - ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (a ``yarl.URL``; discord.py 2.7 connects
      there directly, and later to the ``resume_gateway_url`` from READY, which the fake also sets),
    - ``discord.asset.Asset.BASE`` (avatars and icons), so nothing ever leaves 127.0.0.1.
    """
    from discord.asset import Asset
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY, Asset.BASE)
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    Asset.BASE = cdn_url
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY, Asset.BASE = saved
