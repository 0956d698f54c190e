"""The read-only web pages (aiohttp, which discord.py already brings): a page per game, per player of a
server, and per server's leaderboard, served by the bot process when ``WARCHEST_WEB=host:port`` is set.

What it shows is what any spectator sees: the service's spectator views (`GameService.state_at`), the public
action log (`GameService.action_log` without a viewer), results, clocks and ratings. No hand, no bag or deck
order, no seed: none of them is ever asked for here.

Who reaches what: a game's page only through its signed link (`links.Links`), which the bot posts under the
game's boards; a server's leaderboard and its players' pages through signed links from those pages. A
server whose admins chose ``public`` also has an unsigned address (``/public/GUILD_ID``) whose leaderboard
links its games; one that chose ``off`` has no page at all (every link to it answers 404, the same answer as
a wrong link, so that a link says nothing about what exists).
"""

from __future__ import annotations

import asyncio
import hashlib
import ipaddress
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from ..games import alt_text_of, game_kinds, get_game, pictures_of, title_in
from ..i18n import DEFAULT_LOCALE, t
from ..render.cache import BytesLRU
from ..service import GameInfo, GameService, ServiceError, leagues
from ..service import knockout as playoff
from ..service.tournaments import TournamentService
from ..storage import TournamentRecord
from ..tournaments import Status, Tournament, TournamentError
from ..tournaments.bracket import draw_rule_text
from ..tournaments.bracket_picture import bracket_alt, bracket_png, picture_size
from ..tournaments.text import SCORES, format_text, standings_cells
from . import pages
from .links import Links, load_secret

log = logging.getLogger(__name__)

MODE_KEY = "web_pages"
"""The server setting (`GameService.server_settings`) that says how its games are shown on the web."""
MODES = ("off", "links", "public")
DEFAULT_MODE = "links"
LOCALES = ("en", "fa")
IMAGE_CACHE_BYTES = 32 * 1024 * 1024
RECENT = 15
MOVE_LISTS = 256
WORDS = 4096
"""Positions whose alt text and words are kept (a few KB each)."""
"""Games' move lists kept (per language), so that stepping through a game does not rebuild its list."""

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; form-action 'self'; "
        "base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Resource-Policy": "same-origin",
}
"""On every answer. ``no-referrer``: a signed link never leaves in a Referer header."""


async def web_mode(service: GameService, guild_id: int | None) -> str:
    """How a server's games are shown on the web ("off", "links" or "public"; games outside a server:
    "links")."""
    if guild_id is None:
        return DEFAULT_MODE
    mode = (await service.server_settings(guild_id)).get(MODE_KEY)
    return mode if mode in MODES else DEFAULT_MODE


async def set_web_mode(service: GameService, guild_id: int, mode: str) -> str:
    if mode not in MODES:
        raise ValueError(f"the web mode must be one of {', '.join(MODES)}")
    await service.update_server_settings(guild_id, {MODE_KEY: None if mode == DEFAULT_MODE else mode})
    return mode


class ImageCache(BytesLRU):
    """Board pictures by key, at most ``max_bytes`` in all, least recently used dropped first."""

    def __init__(self, max_bytes: int = IMAGE_CACHE_BYTES) -> None:
        super().__init__(max_bytes)


class RateLimit:
    """A token bucket per address: ``burst`` requests at once, then ``rate`` a second."""

    def __init__(
        self, rate: float = 2.0, burst: int = 120, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, address: str) -> bool:
        now = self.clock()
        tokens, at = self._buckets.get(address, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        if len(self._buckets) > 10_000:  # forget the addresses whose buckets are full again
            full = self.burst / self.rate
            self._buckets = {a: b for a, b in self._buckets.items() if now - b[1] < full}
        if tokens < 1:
            self._buckets[address] = (tokens, now)
            return False
        self._buckets[address] = (tokens - 1, now)
        return True

    def retry_after(self) -> int:
        return max(1, round(1 / self.rate))


def client_address(request: web.Request) -> str:
    """The address a request comes from: behind a reverse proxy on this machine (loopback), the last
    address of its X-Forwarded-For; else the connection's own."""
    remote = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For")
    try:
        loopback = ipaddress.ip_address(remote).is_loopback
    except ValueError:
        loopback = False
    if forwarded and loopback:
        return forwarded.split(",")[-1].strip() or remote
    return remote


@dataclass(frozen=True)
class Shown:
    """A game page's data at one ply."""

    info: GameInfo
    ply: int
    view: dict[str, Any]
    last: dict[str, Any] | None
    names: list[str]
    version: str
    """Changes when the position at ``ply`` could (a take-back and another move): part of the cache key."""


class WebPages:
    """The pages over a `GameService`: ``renderer`` draws the pictures (the bot's `Renderer`, so the same
    worker processes; without one, a thread-backed renderer of its own); ``correspondence`` gives clocks and
    ratings (without it the pages show none)."""

    def __init__(
        self,
        service: GameService,
        links: Links,
        *,
        renderer: Any = None,
        correspondence: Any = None,
        base_url: str = "",
        rate_limit: RateLimit | None = None,
        image_cache_bytes: int = IMAGE_CACHE_BYTES,
        tournaments: TournamentService | None = None,
    ) -> None:
        self.service = service
        self.tournaments = tournaments if tournaments is not None else TournamentService(service)
        """Read only here (an event and its rounds' games); the bot's own when it passes it."""
        self.links = links
        self.renderer = renderer
        self._own_renderer = renderer is None
        self.corr = correspondence
        self.base_url = base_url.rstrip("/")
        self.rate_limit = rate_limit if rate_limit is not None else RateLimit()
        self.images = ImageCache(image_cache_bytes)
        self._drawing: dict[Hashable, asyncio.Task[bytes]] = {}
        self._moves: OrderedDict[Hashable, list[list[pages.Move]]] = OrderedDict()
        self._words_cache: OrderedDict[Hashable, tuple[str, list[str]]] = OrderedDict()

    # --- links ------------------------------------------------------------------------------------------
    def game_path(self, game_id: int) -> str:
        return f"/g/{self.links.game(game_id)}"

    def game_url(self, game_id: int) -> str:
        return self.base_url + self.game_path(game_id)

    def tournament_path(self, tournament_id: int) -> str:
        return f"/t/{self.links.tournament(tournament_id)}"

    def tournament_url(self, tournament_id: int) -> str:
        return self.base_url + self.tournament_path(tournament_id)

    async def tournament_link(self, record: TournamentRecord) -> str | None:
        """The event's page for a post about ``record``, None when its server turned the pages off (or
        its setting cannot be read just now)."""
        try:
            if await web_mode(self.service, record.guild_id) == "off":
                return None
        except ServiceError:
            return None
        return self.tournament_url(record.id)

    async def link_for(self, info: GameInfo) -> str | None:
        """The page's address for a board post of ``info``, None when its server turned the pages off
        (or its setting cannot be read just now)."""
        try:
            if await web_mode(self.service, info.guild_id) == "off":
                return None
        except ServiceError:
            return None
        return self.game_url(info.id)

    # --- the application ----------------------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        app.router.add_get("/", self.index)
        app.router.add_get("/static/web.css", self.css)
        app.router.add_get("/static/web.js", self.js)
        app.router.add_get("/favicon.ico", self.favicon)
        app.router.add_get("/g/{token}", self.game)
        app.router.add_get("/g/{token}/{ply:\\d{1,6}}.png", self.picture)
        app.router.add_get("/s/{token}", self.server)
        app.router.add_get("/public/{guild:\\d{1,19}}", self.public_server)
        app.router.add_get("/p/{token}", self.player)
        app.router.add_get("/t/{token}", self.tournament)
        app.router.add_get("/t/{token}/bracket.png", self.tournament_bracket)
        app.on_cleanup.append(self._cleanup)
        return app

    async def _cleanup(self, app: web.Application) -> None:
        for task in list(self._drawing.values()):
            task.cancel()
        if self._own_renderer and self.renderer is not None:
            self.renderer.close()

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Rate limit, the refusals as pages, and the security headers on every answer."""
        loc = _asked_locale(request) or DEFAULT_LOCALE
        response: web.StreamResponse
        if not request.path.startswith("/static/") and not self.rate_limit.allow(client_address(request)):
            response = _html(pages.message_page("web.site", "web.error.rate_limited", loc), status=429)
            response.headers["Retry-After"] = str(self.rate_limit.retry_after())
        else:
            try:
                response = await handler(request)
            except web.HTTPNotFound:
                response = _not_found(loc)
            except web.HTTPMethodNotAllowed as exc:
                response = _html(pages.message_page("web.site", "web.error.method", loc), status=405)
                response.headers["Allow"] = ", ".join(sorted(exc.allowed_methods))
            except web.HTTPException as exc:
                response = _html(
                    pages.message_page("web.site", "web.error.not_found", loc), status=exc.status
                )
            except ServiceError as exc:
                if exc.code in ("unknown_game", "not_started", "bad_ply"):
                    response = _not_found(loc)
                else:
                    log.warning("web %s: %r", request.path, exc)
                    response = _html(pages.message_page("web.site", "web.error.failed", loc), status=503)
            except Exception:
                log.exception("web %s failed", request.path)
                response = _html(pages.message_page("web.site", "web.error.failed", loc), status=500)
        response.headers.update(SECURITY_HEADERS)
        response.headers.setdefault("Cache-Control", "private, no-cache")
        return response

    async def index(self, request: web.Request) -> web.Response:
        loc = _asked_locale(request) or DEFAULT_LOCALE
        body = f"<h1>{pages.escape(t('web.site', loc))}</h1><p>{pages.escape(t('web.index', loc))}</p>"
        return _html(pages.document(t("web.site", loc), body, loc, languages=_languages("/", {})))

    async def css(self, request: web.Request) -> web.Response:
        return _static(pages.CSS, "text/css")

    async def favicon(self, request: web.Request) -> web.Response:
        """No icon (browsers ask for one): an empty answer, not a 404 page."""
        return web.Response(status=204, headers={"Cache-Control": "public, max-age=86400"})

    async def js(self, request: web.Request) -> web.Response:
        return _static(pages.SCRIPT, "text/javascript")

    # --- a game -----------------------------------------------------------------------------------------
    async def _game_of(self, request: web.Request) -> GameInfo:
        ids = self.links.check("g", request.match_info["token"], 1)
        if ids is None:
            raise web.HTTPNotFound()
        info = await self.service.get_game(ids[0])
        if await web_mode(self.service, info.guild_id) == "off":
            raise web.HTTPNotFound()
        return info

    async def _locale(self, request: web.Request, info_guild: int | None) -> str:
        asked = _asked_locale(request)
        if asked is not None:
            return asked
        return (
            await self.service.server_locale(info_guild) or DEFAULT_LOCALE if info_guild else DEFAULT_LOCALE
        )

    async def _version(self, info: GameInfo, ply: int) -> str:
        """What changes when the position after ``ply`` could (a take-back, then another move): the time
        the action before it was stored. Only that time is read here, never the stored notation."""
        moment = info.started_at
        if ply > 0:
            stored = await self.service.storage.action_log(info.id, ply - 1, 1)
            if stored:
                moment = stored[0].created_at
        text = moment.isoformat() if moment is not None else ""
        return hashlib.sha256(f"{info.id}:{ply}:{text}".encode()).hexdigest()[:12]

    async def _shown(self, info: GameInfo, ply: int, version: str) -> Shown:
        """The spectator view after ``ply`` plies and the mark of the action that led to it."""
        view = await self.service.state_at(info.id, ply)
        last: dict[str, Any] | None = None
        if ply > 0:
            entries = await self.service.action_log(info.id, from_ply=ply - 1, limit=1)
            if entries:
                try:
                    last = pictures_of(get_game(info.kind)).last_action_of_text(
                        entries[0].text, entries[0].seat
                    )
                except ValueError:
                    last = None
        return Shown(info, ply, view, last, _names(info), version)

    async def _words(self, info: GameInfo, ply: int, version: str, loc: str) -> tuple[str, list[str]]:
        """The picture's alt text and the board in words after ``ply`` (cached like the pictures)."""
        names = _names(info)
        key = (info.id, ply, loc, version, tuple(names))
        cached = self._words_cache.get(key)
        if cached is not None:
            self._words_cache.move_to_end(key)
            return cached
        shown = await self._shown(info, ply, version)
        rules = alt_text_of(get_game(info.kind))
        words = (
            rules.board_alt_text(shown.view, shown.last, names, loc)[:1024],
            list(rules.board_text(shown.view, names, loc)),
        )
        self._words_cache[key] = words
        while len(self._words_cache) > WORDS:
            self._words_cache.popitem(last=False)
        return words

    async def _turns(self, info: GameInfo, loc: str) -> list[list[pages.Move]]:
        """The public move list by turn, in ``loc`` (cached per game, length and last action)."""
        key = (info.id, info.ply, await self._version(info, info.ply), loc)
        cached = self._moves.get(key)
        if cached is not None:
            self._moves.move_to_end(key)
            return cached
        turns: list[list[pages.Move]] = []
        started: int | None = None
        for entry in await self.service.action_log(info.id):
            if entry.seat is None:
                continue
            begins = entry.turn if entry.turn is not None else entry.ply
            if not turns or begins != started:
                turns.append([])
                started = begins
            said = entry.said.words(loc) if entry.said is not None else ""
            turns[-1].append(pages.Move(entry.ply, entry.name or "?", said or entry.text))
        self._moves[key] = turns
        while len(self._moves) > MOVE_LISTS:
            self._moves.popitem(last=False)
        return turns

    def _ply_of(self, request: web.Request, info: GameInfo) -> int:
        text = request.query.get("ply")
        if text is None or not text.isdigit():
            return info.ply
        return min(int(text), info.ply)

    async def game(self, request: web.Request) -> web.Response:
        info = await self._game_of(request)
        loc = await self._locale(request, info.guild_id)
        lang = _asked_locale(request)
        path = self.game_path(info.id)
        title = t("web.game.title", loc, game_id=info.id, game=title_in(info.kind, loc))
        if info.started_at is None:
            body = f"<h1>{pages.escape(title)}</h1><p>{pages.escape(t('web.game.open', loc))}</p>"
            return _html(pages.document(title, body, loc, languages=_languages(path, {})))
        ply = self._ply_of(request, info)
        version = await self._version(info, ply)
        alt, words = await self._words(info, ply, version, loc)
        turns = await self._turns(info, loc)
        picture = f"{path}/{ply}.png"
        query = {"v": version, "lang": lang} if lang else {"v": version}
        status = self._status_line(info, loc)
        server_link = None
        if info.guild_id is not None:
            server_link = f"/s/{self.links.server(info.guild_id)}"
            if lang:
                server_link += f"?lang={lang}"
        page = pages.GamePage(
            game_id=info.id,
            title=title,
            locale=loc,
            path=path,
            ply=ply,
            total=info.ply,
            picture=pages.url(picture, **query),
            picture_template=pages.url(f"{path}/{{ply}}.png", lang=lang).replace("%7Bply%7D", "{ply}"),
            alt=alt,
            board_text=words,
            seats=[
                pages.Seat(s.name, s.team, s.outcome, s.ai_level is not None and not s.autopilot)
                for s in sorted(info.seats, key=lambda s: s.seat)
            ],
            teams=len({s.team for s in info.seats}) < len(info.seats),
            status=info.status,
            status_line=status,
            started_at=info.started_at,
            finished_at=info.finished_at,
            clock_lines=await self._clock_lines(info, loc),
            turns=turns,
            server_link=server_link,
            lang=lang,
            languages=_languages(path, {"ply": ply} if ply != info.ply else {}),
        )
        return _html(pages.game_page(page))

    @staticmethod
    def _status_line(info: GameInfo, loc: str) -> str:
        if info.over is not None:
            return info.over.message(loc)
        if info.to_act is not None:
            return t("web.game.to_act", loc, player=info.to_act.name)
        return t(f"web.state.{info.status}", loc)

    async def _clock_lines(self, info: GameInfo, loc: str) -> list[str]:
        """The move clock, as HTML lines (escaped here)."""
        if self.corr is None or info.status != "active":
            return []
        clock = await self.corr.clock_of(info.id)
        if clock is None:
            return [pages.escape(t("web.game.no_clock", loc))]
        lines = [pages.escape(t("web.game.clock", loc, time=pages.span_text(clock.move_time, loc)))]
        if clock.deadline is not None and clock.seat is not None:
            who = next((s.name for s in info.seats if s.seat == clock.seat), "?")
            text = pages.escape(t("web.game.deadline", loc, player="\x00", deadline="\x01"))
            lines.append(text.replace("\x00", pages.name(who)).replace("\x01", pages.when(clock.deadline)))
        return lines

    async def picture(self, request: web.Request) -> web.Response:
        info = await self._game_of(request)
        if info.started_at is None:
            raise web.HTTPNotFound()
        ply = int(request.match_info["ply"])
        if ply > info.ply:
            raise web.HTTPNotFound()
        loc = await self._locale(request, info.guild_id)
        png = await self.board_png(info, ply, loc)
        response = web.Response(body=png, content_type="image/png")
        response.headers["Cache-Control"] = (
            "private, max-age=86400" if "v" in request.query else "private, no-cache"
        )
        return response

    async def board_png(self, info: GameInfo, ply: int, locale: str) -> bytes:
        """The board picture after ``ply`` in ``locale``: from the cache, else drawn once (requests for a
        picture being drawn wait for that drawing)."""
        version = await self._version(info, ply)
        names = _names(info)
        key = (info.id, ply, locale, version, tuple(names))
        cached = self.images.get(key)
        if cached is not None:
            return cached
        task = self._drawing.get(key)
        if task is None:
            if self.renderer is None:
                from ..discord.rendering import Renderer

                self.renderer = Renderer(0)

            async def draw() -> bytes:
                try:
                    shown = await self._shown(info, ply, version)
                    data: bytes = await self.renderer.board(
                        shown.view, shown.last, shown.names, info.kind, locale
                    )
                    self.images.put(key, data)
                    return data
                finally:
                    self._drawing.pop(key, None)

            task = asyncio.get_running_loop().create_task(draw())
            self._drawing[key] = task
        return await asyncio.shield(task)

    # --- a server and its players -----------------------------------------------------------------------
    async def server(self, request: web.Request) -> web.Response:
        ids = self.links.check("s", request.match_info["token"], 1)
        if ids is None:
            raise web.HTTPNotFound()
        return await self._server_page(request, ids[0], request.path)

    async def public_server(self, request: web.Request) -> web.Response:
        guild_id = int(request.match_info["guild"])
        if not 0 < guild_id < 2**63 or await web_mode(self.service, guild_id) != "public":
            raise web.HTTPNotFound()
        return await self._server_page(request, guild_id, request.path)

    async def _server_page(self, request: web.Request, guild_id: int, path: str) -> web.Response:
        mode = await web_mode(self.service, guild_id)
        if mode == "off":
            raise web.HTTPNotFound()
        loc = await self._locale(request, guild_id)
        lang = _asked_locale(request)
        recent = (await self.service.games_for_server(guild_id, status="all", limit=100)).games
        known = _known_names(recent)
        boards = []
        for kind in game_kinds():
            ranked = []
            if self.corr is not None:
                for r in await self.corr.leaderboard(guild_id, kind=kind, limit=20):
                    ranked.append(
                        pages.Ranked(
                            known.get(r.user_id) or t("web.player.unknown", loc),
                            pages.url(f"/p/{self.links.player(guild_id, r.user_id)}", lang=lang),
                            r.display,
                            round(r.rd),
                            r.games,
                        )
                    )
            if ranked or kind == game_kinds()[0]:
                boards.append((title_in(kind, loc), ranked))
        listed = self._listed(recent[:RECENT], loc, lang) if mode == "public" else []
        return _html(pages.server_page(boards, listed, loc, languages=_languages(path, {})))

    def _listed(self, games: Any, loc: str, lang: str | None) -> list[pages.Listed]:
        out = []
        for g in games:
            players = ", ".join(s.name for s in sorted(g.seats, key=lambda s: s.seat))
            line = t(
                "web.recent.game",
                loc,
                game_id=g.id,
                game=title_in(g.kind, loc),
                players=players,
                state=t(f"web.state.{g.status}", loc),
            )
            link = None
            if g.started_at is not None:
                link = pages.url(self.game_path(g.id), lang=lang)
            out.append(pages.Listed(line, link))
        return out

    async def tournament(self, request: web.Request) -> web.Response:
        """An event's page: what it is, its standings, its entrants and every round's boards, each result
        linked to its game's page. Only what the event's channel posts (no seed: a board's ticket stays in
        the service)."""
        record, model = await self._event_of(request)
        loc = await self._locale(request, record.guild_id)
        lang = _asked_locale(request)
        standings = standings_cells(model, loc) if any(r.closed for r in model.rounds) else []
        rounds = []
        for rnd in model.rounds:
            games = await self.tournaments.round_games(record.id, rnd.number)
            boards = []
            for g in rnd.games:
                second = model.entrants[g.second].name if g.second is not None else None
                score = SCORES.get(g.outcome) if g.outcome is not None else None
                link = None
                if g.table in games and second is not None:
                    link = pages.url(self.game_path(games[g.table]), lang=lang)
                boards.append(pages.Board(g.table, model.entrants[g.first].name, second, score, link))
            byes = [e.name for e in model.entrants.values() if rnd.number in e.half_byes]
            rounds.append(pages.EventRound(rnd.number, boards, byes))
        game = title_in(record.kind, loc)
        status = t(f"tournament.status.{record.status}", loc)
        shown = format_text(model, loc)
        terms = playoff.terms(record.state)
        if terms is not None:
            shown = t("knockout.format", loc, format=shown, size=terms["size"])
        entrants = [e.name for e in model.entrants.values()]
        ladder = None
        league = leagues.league_of(record.state)
        if league is not None:
            cycles = (
                "tournament.format.double_round_robin"
                if league["cycles"] == 2
                else "tournament.format.round_robin"
            )
            shown = t(
                "web.league.format",
                loc,
                format=t(cycles, loc),
                size=league["group_size"],
                movers=league["movers"],
            )
            ladder = await self._ladder(record, model, league, lang, loc)
            entrants = [e.name for e in model.entrants.values() if e.status is Status.ACTIVE]
        html = pages.tournament_page(
            t("web.tournament.title", loc, name=record.name, game=game),
            t("web.tournament.about", loc, format=shown, status=status),
            standings,
            entrants,
            rounds,
            model.total_rounds,
            loc,
            languages=_languages(request.path, {}),
            bracket=await self._bracket(record, model, lang, loc),
            ladder=ladder,
            league=await self._league_of_group(record, lang, loc),
        )
        return _html(html)

    async def _event_of(self, request: web.Request) -> tuple[TournamentRecord, Tournament]:
        """The event a signed link names (404: a bad link, no such event, its server's pages off)."""
        ids = self.links.check("t", request.match_info["token"], 1)
        if ids is None:
            raise web.HTTPNotFound()
        try:
            record, model = await self.tournaments.get(ids[0])
        except TournamentError:
            raise web.HTTPNotFound() from None
        if await web_mode(self.service, record.guild_id) == "off":
            raise web.HTTPNotFound()
        return record, model

    async def tournament_bracket(self, request: web.Request) -> web.Response:
        """The knockout's bracket picture on an event's page (the one its bracket posts carry, as it stands
        now), in the page's language; 404 before the knockout is seeded. Drawn once per version of the
        event and language (the image cache); the page's address for it names the version (``v``), so a
        browser keeps it a day, and without one it asks each time and an unchanged picture is answered
        304 by its ETag."""
        record, model = await self._event_of(request)
        ko = playoff.bracket(record.state)
        if ko is None:
            raise web.HTTPNotFound()
        loc = await self._locale(request, record.guild_id)
        version = _event_version(record)
        headers = {
            "ETag": f'"{version}-{loc}"',
            "Cache-Control": "private, max-age=86400" if "v" in request.query else "private, no-cache",
        }
        if headers["ETag"] in request.headers.get("If-None-Match", ""):
            return web.Response(status=304, headers=headers)
        key = ("bracket", record.id, version, loc)
        png = self.images.get(key)
        if png is None:
            drawn, _alt = await asyncio.to_thread(bracket_png, model, ko, record.name, loc)
            self.images.put(key, drawn)
            png = drawn
        return web.Response(body=png, content_type="image/png", headers=headers)

    async def _bracket(
        self, record: TournamentRecord, model: Tournament, lang: str | None, loc: str
    ) -> pages.Bracket | None:
        """The knockout's matches and games (each game linked to its page), or None (no knockout)."""
        terms = playoff.terms(record.state)
        if terms is None:
            return None
        ko = playoff.bracket(record.state)
        if ko is None:
            rule = t("knockout.rules.higher_seed", loc)
            if terms["draw_rule"] != "higher_seed":
                rule = t("knockout.rules.rematch", loc, games=terms["max_games"])
            return pages.Bracket(int(terms["size"]), rule, [], skipped=bool(terms.get("skipped")))
        played = await self.tournaments.knockout_games(record.id)
        names = [model.entrants[number].name for number in ko.seeds]
        rounds = []
        for r, matches in enumerate(ko.rounds, start=1):
            shown = []
            for i, m in enumerate(matches, start=1):
                games = []
                count = len(m.games) + (1 if m.winner is None else 0)
                for g in range(count):
                    gid = played.get((r, i, g + 1))
                    link = pages.url(self.game_path(gid), lang=lang) if gid is not None else None
                    score = SCORES.get(m.games[g]) if g < len(m.games) else None
                    games.append(pages.KnockoutGame(g + 1, names[m.first_of(g) - 1], score, link))
                winner = names[m.winner - 1] if m.winner is not None else None
                shown.append(
                    pages.KnockoutMatch(names[m.high - 1], m.high, names[m.low - 1], m.low, games, winner)
                )
            rounds.append(shown)
        champion = model.entrants[ko.champion].name if ko.champion is not None else None
        path = f"{self.tournament_path(record.id)}/bracket.png"
        picture = pages.Picture(
            pages.url(path, v=_event_version(record), lang=lang),
            bracket_alt(model, ko, record.name, loc, played),
            *picture_size(ko),
        )
        return pages.Bracket(ko.size, draw_rule_text(ko, loc), rounds, champion, picture=picture)

    async def _ladder(
        self,
        record: TournamentRecord,
        model: Tournament,
        league: dict[str, Any],
        lang: str | None,
        loc: str,
    ) -> pages.LadderView:
        """A league's season: its divisions in ladder order, each group linked to its event's page, and
        who joins the bottom division next season."""

        def named(keys: list[str]) -> list[str]:
            return [e.name if (e := model.by_key(key)) is not None else key for key in keys]

        season = int(league["season"])
        divisions = []
        over = season > 0
        for d, keys in enumerate(league["ladder"]):
            groups = []
            for g, members in enumerate(league["plan"][d]):
                letter = chr(ord("A") + g)
                gid = league["groups"][d][g]
                event = await self.tournaments.storage.get_tournament(gid) if gid is not None else None
                if event is None:
                    over = False
                    groups.append(pages.LeagueGroup(letter, named(members)))
                    continue
                over = over and event.status == "finished"
                status = t(f"tournament.status.{event.status}", loc)
                link = pages.url(self.tournament_path(event.id), lang=lang)
                groups.append(pages.LeagueGroup(letter, named(members), event.name, status, link))
            divisions.append(pages.Division(d + 1, named(keys), groups))
        placed = {key for division in league["ladder"] for key in division}
        newcomers = [
            e.name for e in model.entrants.values() if e.status is Status.ACTIVE and e.key not in placed
        ]
        return pages.LadderView(
            season, divisions, newcomers if season else [], over, leagues.closed(record.state)
        )

    async def _league_of_group(
        self, record: TournamentRecord, lang: str | None, loc: str
    ) -> tuple[str, str | None] | None:
        """For a league's group: the line that names its league, season and division, and the league's
        page (None: not found)."""
        tag = record.state.get(leagues.TAG)
        if not isinstance(tag, list) or len(tag) != 4:
            return None
        league_id, season, division, group = (int(x) for x in tag)
        found = await self.tournaments.storage.get_tournament(league_id)
        if found is None or found.guild_id != record.guild_id:
            return None
        line = t(
            "web.league.group_of",
            loc,
            group=chr(ord("A") + group),
            division=division + 1,
            season=season,
            league=found.name,
        )
        return line, pages.url(self.tournament_path(found.id), lang=lang)

    async def player(self, request: web.Request) -> web.Response:
        ids = self.links.check("p", request.match_info["token"], 2)
        if ids is None:
            raise web.HTTPNotFound()
        guild_id, user_id = ids
        mode = await web_mode(self.service, guild_id)
        if mode == "off":
            raise web.HTTPNotFound()
        loc = await self._locale(request, guild_id)
        lang = _asked_locale(request)
        games = (
            await self.service.games_for_user(user_id, status="all", guild_id=guild_id, limit=RECENT)
        ).games
        player = next(
            (s.name for g in games for s in g.seats if s.user_id == user_id), t("web.player.unknown", loc)
        )
        ratings = []
        if self.corr is not None:
            for kind in game_kinds():
                here = await self.corr.rating(user_id, guild_id, kind=kind)
                if not here.games:
                    continue
                everywhere = await self.corr.rating(user_id, kind=kind)
                ratings.append(
                    t(
                        "web.player.rating",
                        loc,
                        game=title_in(kind, loc),
                        rating=here.display,
                        rd=round(here.rd),
                        games=here.games,
                        global_rating=everywhere.display,
                    )
                )
        listed = self._listed(games, loc, lang)
        if mode != "public":
            listed = [pages.Listed(g.line, None) for g in listed]
        return _html(pages.player_page(player, ratings, listed, loc, languages=_languages(request.path, {})))


def _names(info: GameInfo) -> list[str]:
    by_seat = {s.seat: s.name for s in info.seats}
    return [by_seat.get(n, "?") for n in range(info.players)]


def _known_names(games: Any) -> dict[int, str]:
    known: dict[int, str] = {}
    for g in games:
        for s in g.seats:
            if s.user_id is not None:
                known.setdefault(s.user_id, s.name)
    return known


def _asked_locale(request: web.Request) -> str | None:
    lang = request.query.get("lang")
    return lang if lang in LOCALES else None


def _languages(path: str, query: dict[str, Any]) -> list[tuple[str, str]]:
    return [(code, pages.href(path, **query, lang=code)) for code in LOCALES]


def _event_version(record: TournamentRecord) -> str:
    """What changes with every stored change of an event (its compare-and-swap version and time)."""
    text = f"{record.id}:{record.version}:{record.updated_at.isoformat()}"
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _html(text: str, *, status: int = 200) -> web.Response:
    return web.Response(text=text, status=status, content_type="text/html", charset="utf-8")


def _static(text: str, content_type: str) -> web.Response:
    response = web.Response(text=text, content_type=content_type, charset="utf-8")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response


def _not_found(loc: str) -> web.Response:
    return _html(pages.message_page("web.error.not_found_title", "web.error.not_found", loc), status=404)


class WebServer:
    """The pages served on ``host:port`` (`start` and `stop` from the bot's start-up; see runner.py)."""

    def __init__(
        self,
        service: GameService,
        host: str,
        port: int,
        *,
        base_url: str | None = None,
        renderer: Any = None,
        correspondence: Any = None,
        rate_limit: RateLimit | None = None,
    ) -> None:
        self.service = service
        self.host = host
        self.port = port
        self.base_url = (base_url or f"http://{host}:{port}").rstrip("/")
        self._renderer = renderer
        self._corr = correspondence
        self._rate_limit = rate_limit
        self.pages: WebPages | None = None
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        links = Links(await load_secret(self.service.storage))
        self.pages = WebPages(
            self.service,
            links,
            renderer=self._renderer,
            correspondence=self._corr,
            base_url=self.base_url,
            rate_limit=self._rate_limit,
        )
        self._runner = web.AppRunner(
            self.pages.app(), access_log=None
        )  # addresses and links stay out of logs
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        sockets = [s.getsockname() for s in getattr(site._server, "sockets", None) or []]
        if sockets and self.port == 0:
            self.port = sockets[0][1]
            if self.base_url.endswith(":0"):
                self.base_url = self.base_url[: -len(":0")] + f":{self.port}"
                self.pages.base_url = self.base_url
        log.info("web pages on %s:%s (links: %s)", self.host, self.port, self.base_url)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def link_for(self, info: GameInfo) -> str | None:
        return await self.pages.link_for(info) if self.pages is not None else None

    async def tournament_link(self, record: TournamentRecord) -> str | None:
        return await self.pages.tournament_link(record) if self.pages is not None else None


__all__ = ["MODES", "ImageCache", "RateLimit", "WebPages", "WebServer", "set_web_mode", "web_mode"]
