"""Read-only web pages of the games (issue 28): off unless ``WARCHEST_WEB=host:port`` is set; see
docs/running.md#web-pages. `WebServer` serves them from the bot process; `WebPages` is the aiohttp
application; `links` makes the signed ids."""

from __future__ import annotations

from .app import MODES, ImageCache, RateLimit, WebPages, WebServer, set_web_mode, web_mode
from .links import Links, load_secret

__all__ = [
    "MODES",
    "ImageCache",
    "Links",
    "RateLimit",
    "WebPages",
    "WebServer",
    "load_secret",
    "set_web_mode",
    "web_mode",
]
