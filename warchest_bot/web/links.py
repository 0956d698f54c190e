"""Signed links to the web pages: unguessable ids that only the bot can make.

A page's id is the number it is about (a game, a server, a server and a player) and a MAC of it: HMAC-SHA256
under a secret the bot creates once and keeps in the database (`bot_meta`, key ``web.secret``), cut to
128 bits and written in base64url. Knowing a game's number (every board post shows it) does not give its
page: only the bot's links do, and the bot posts a game's link only in the game's own place.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from typing import Protocol

SECRET_KEY = "web.secret"
"""The `bot_meta` key under which the links' secret is kept."""
MAC_BYTES = 16

_TOKEN = re.compile(r"^(?P<ids>\d{1,19}(?:-\d{1,19}){0,2})\.(?P<mac>[A-Za-z0-9_-]{22})$")


class MetaStore(Protocol):
    async def get_meta(self, key: str) -> str | None: ...

    async def set_meta(self, key: str, value: str) -> None: ...


async def load_secret(storage: MetaStore) -> bytes:
    """The links' secret: read from the database, or created (32 random bytes) the first time."""
    stored = await storage.get_meta(SECRET_KEY)
    if stored is None:
        await storage.set_meta(SECRET_KEY, secrets.token_hex(32))
        stored = await storage.get_meta(SECRET_KEY)  # another process may have written first: read back
    assert stored is not None
    return bytes.fromhex(stored)


class Links:
    """Makes and checks the signed ids of the pages (``scope``: "g" a game, "s" a server, "p" a player, "t" a tournament)."""

    def __init__(self, secret: bytes) -> None:
        if len(secret) < 16:
            raise ValueError("the links' secret must have at least 16 bytes")
        self._secret = secret

    def _mac(self, scope: str, ids: str) -> str:
        digest = hmac.new(self._secret, f"{scope}:{ids}".encode(), hashlib.sha256).digest()[:MAC_BYTES]
        return base64.urlsafe_b64encode(digest).decode().rstrip("=")

    def sign(self, scope: str, *ids: int) -> str:
        text = "-".join(str(int(i)) for i in ids)
        return f"{text}.{self._mac(scope, text)}"

    def check(self, scope: str, token: str, count: int) -> tuple[int, ...] | None:
        """The ids ``token`` signs for ``scope`` (``count`` of them), or None for anything else."""
        match = _TOKEN.match(token)
        if match is None:
            return None
        ids = match["ids"]
        if not hmac.compare_digest(self._mac(scope, ids), match["mac"]):
            return None
        numbers = tuple(int(i) for i in ids.split("-"))
        return numbers if len(numbers) == count else None

    def game(self, game_id: int) -> str:
        return self.sign("g", game_id)

    def server(self, guild_id: int) -> str:
        return self.sign("s", guild_id)

    def player(self, guild_id: int, user_id: int) -> str:
        return self.sign("p", guild_id, user_id)

    def tournament(self, tournament_id: int) -> str:
        return self.sign("t", tournament_id)
