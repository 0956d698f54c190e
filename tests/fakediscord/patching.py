"""Pointing the real discord.py client at the fake (and back), and keeping tests on loopback."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Iterator
from typing import Any

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


LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})


class NonLoopbackConnection(ConnectionRefusedError):
    """Raised instead of opening a connection to anything but 127.0.0.1 while the guard is on."""


@contextlib.contextmanager
def loopback_only(on_violation: Callable[[str], None] | None = None) -> Iterator[None]:
    """Refuse every socket connection and name lookup that is not loopback, process wide.

    Guards the "no network in tests" rule: a stray call to discord.com (or anything else) fails
    at once with :class:`NonLoopbackConnection` instead of hanging or leaking out. Unix sockets
    are allowed. ``on_violation`` is told about each refused address.
    """
    real_connect, real_connect_ex = socket.socket.connect, socket.socket.connect_ex
    real_getaddrinfo = socket.getaddrinfo

    def check(address: object) -> None:
        host = address[0] if isinstance(address, tuple) else None
        if host is not None and host not in LOOPBACK_HOSTS:
            text = f"connection to {address!r} refused: tests may only talk to 127.0.0.1"
            if on_violation is not None:
                on_violation(text)
            raise NonLoopbackConnection(text)

    def connect(self: socket.socket, address: Any) -> None:
        check(address)
        return real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        check(address)
        return real_connect_ex(self, address)

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else host
        if name is not None:
            check((name, 0))
        return real_getaddrinfo(host, *args, **kwargs)

    socket.socket.connect = connect  # type: ignore[method-assign]
    socket.socket.connect_ex = connect_ex  # type: ignore[method-assign]
    socket.getaddrinfo = getaddrinfo
    try:
        yield
    finally:
        socket.socket.connect = real_connect  # type: ignore[method-assign]
        socket.socket.connect_ex = real_connect_ex  # type: ignore[method-assign]
        socket.getaddrinfo = real_getaddrinfo
