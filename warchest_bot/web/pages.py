"""The web pages as HTML: plain server-rendered documents with every sentence from the catalogue (English and
Persian, right to left), readable without scripts. Everything shown comes from spectator views and public
texts the app gathers (`app.py`); every dynamic value is escaped here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from html import escape
from typing import Any
from urllib.parse import urlencode

from ..i18n import format_number, t

RTL = frozenset({"fa"})

CSS = """\
*{box-sizing:border-box}
body{font-family:system-ui,"Vazirmatn","Noto Sans Arabic",sans-serif;margin:0;color:#1d1d1f;background:#f6f4ef;line-height:1.5}
header,main,footer{max-width:72rem;margin:0 auto;padding:.75rem 1rem}
header{display:flex;justify-content:space-between;align-items:center;border-bottom:1px solid #d8d2c4}
header a{color:inherit}
h1{font-size:1.4rem;margin:.5rem 0}
h2{font-size:1.1rem;margin:1rem 0 .4rem}
.layout{display:flex;flex-wrap:wrap;gap:1.5rem}
.board{flex:1 1 32rem;min-width:18rem}
.board img{max-width:100%;height:auto;border:1px solid #d8d2c4;background:#fff}
img.bracket{display:block;max-width:100%;height:auto;border:1px solid #d8d2c4;margin:.5rem 0}
.side{flex:1 1 18rem}
nav.plies{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.5rem 0}
nav.plies a,nav.plies span.off{padding:.2rem .6rem;border:1px solid #a89f8a;border-radius:.3rem;text-decoration:none;color:inherit;background:#fff}
nav.plies span.off{opacity:.4}
form.slider{display:flex;gap:.5rem;align-items:center}
form.slider input[type=range]{flex:1}
ul.moves{list-style:none;padding:0}
ul.moves li.turn ul{list-style:none;padding-inline-start:1rem;margin:0 0 .3rem}
ul.moves a{color:inherit}
ul.moves a[aria-current]{font-weight:bold;background:#fff3c4}
table{border-collapse:collapse}
th,td{padding:.2rem .6rem;border-bottom:1px solid #d8d2c4;text-align:start}
footer{font-size:.85rem;color:#5d5a52;border-top:1px solid #d8d2c4}
.words{font-size:.9rem;color:#3d3a33}
"""

SCRIPT = """\
// The ply slider: while it moves, show the picture of the ply under it; on release, open that ply's page.
// Without this script the slider's Show button does the same.
(function () {
  var form = document.querySelector("form.slider");
  if (!form) return;
  var range = form.querySelector("input[type=range]");
  var out = form.querySelector("output");
  var img = document.getElementById("board");
  var template = img ? img.getAttribute("data-src") : null;
  range.addEventListener("input", function () {
    if (out) out.textContent = range.value;
    if (img && template) img.src = template.replace("{ply}", range.value);
  });
  range.addEventListener("change", function () { form.submit(); });
})();
"""


def direction(locale: str) -> str:
    return "rtl" if locale in RTL else "ltr"


def when(moment: datetime | None) -> str:
    """A moment as a ``<time>`` element in UTC (the same for every reader)."""
    if moment is None:
        return ""
    return f'<time datetime="{escape(moment.isoformat())}">{escape(moment.strftime("%Y-%m-%d %H:%M"))} UTC</time>'


def span_text(span: timedelta, locale: str) -> str:
    hours = span.total_seconds() / 3600
    if hours >= 48 and hours % 24 == 0:
        return t("web.time.days", locale, days=int(hours // 24))
    return t("web.time.hours", locale, hours=int(hours) if hours == int(hours) else round(hours, 2))


def url(path: str, **query: Any) -> str:
    """A link to ``path`` with the query parameters that are not None, not yet escaped for HTML (the page
    functions escape what they are given)."""
    kept = {k: v for k, v in query.items() if v is not None}
    return path + ("?" + urlencode(kept) if kept else "")


def href(path: str, **query: Any) -> str:
    """`url`, escaped for an HTML attribute."""
    return escape(url(path, **query))


def name(text: str) -> str:
    """A player's name, isolated from the text around it (right-to-left pages, names in any script)."""
    return f"<bdi>{escape(text)}</bdi>"


def document(
    title: str, body: str, locale: str, *, languages: Sequence[tuple[str, str]] = (), script: bool = False
) -> str:
    """A whole page: ``lang`` and ``dir`` of ``locale``, the stylesheet, the language links
    (``languages``: (locale, url)), the body, the footer."""
    langs = " ".join(
        f'<a href="{url}" hreflang="{code}" lang="{code}">{escape(t(f"web.language.{code}", code))}</a>'
        for code, url in languages
        if code != locale
    )
    switch = f'<p class="languages">{escape(t("web.languages", locale))} {langs}</p>' if langs else ""
    tail = '<script src="/static/web.js" defer></script>' if script else ""
    return (
        "<!doctype html>\n"
        f'<html lang="{locale}" dir="{direction(locale)}">'
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="robots" content="noindex, nofollow">'
        f"<title>{escape(title)}</title>"
        '<link rel="stylesheet" href="/static/web.css">'
        f"{tail}</head><body>"
        f"<header><span>{escape(t('web.site', locale))}</span>{switch}</header>"
        f"<main>{body}</main>"
        f"<footer><p>{escape(t('web.footer', locale))}</p></footer>"
        "</body></html>\n"
    )


def message_page(title_key: str, text_key: str, locale: str) -> str:
    return document(
        t(title_key, locale),
        f"<h1>{escape(t(title_key, locale))}</h1><p>{escape(t(text_key, locale))}</p>",
        locale,
    )


# --- the game page -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Seat:
    name: str
    team: int
    outcome: str | None
    ai: bool


@dataclass(frozen=True)
class Move:
    ply: int
    """The ply this move was (0-based): the position after it is ``ply + 1``."""
    player: str
    text: str


@dataclass
class GamePage:
    """What a game page shows (public information only)."""

    game_id: int
    title: str
    locale: str
    path: str
    """The page's own path (its signed id)."""
    ply: int
    total: int
    picture: str
    """The board picture's URL at ``ply``."""
    picture_template: str
    """The picture's URL with ``{ply}`` for the ply (the slider's script)."""
    alt: str
    board_text: Sequence[str]
    seats: Sequence[Seat]
    teams: bool
    status: str
    status_line: str
    started_at: datetime | None
    finished_at: datetime | None
    clock_lines: Sequence[str]
    turns: Sequence[Sequence[Move]]
    server_link: str | None = None
    lang: str | None = None
    """The language asked for in the address (kept in the links), None for the server's."""
    languages: Sequence[tuple[str, str]] = field(default_factory=tuple)


def _ply_link(page: GamePage, ply: int) -> str:
    return href(page.path, ply=ply, lang=page.lang)


def _nav(page: GamePage) -> str:
    loc = page.locale
    steps = [
        ("web.nav.first", 0, "first"),
        ("web.nav.previous", page.ply - 1, "prev"),
        ("web.nav.next", page.ply + 1, "next"),
        ("web.nav.last", page.total, "last"),
    ]
    parts = []
    for key, target, rel in steps:
        label = escape(t(key, loc))
        if 0 <= target <= page.total and target != page.ply:
            parts.append(f'<a href="{_ply_link(page, target)}" id="nav-{rel}" rel="{rel}">{label}</a>')
        else:
            parts.append(f'<span class="off" id="nav-{rel}" aria-disabled="true">{label}</span>')
    hidden = f'<input type="hidden" name="lang" value="{escape(page.lang)}">' if page.lang else ""
    slider = (
        f'<form class="slider" method="get" action="{escape(page.path)}">'
        f'<label for="ply">{escape(t("web.nav.ply", loc))}</label>'
        f'<input type="range" id="ply" name="ply" min="0" max="{page.total}" value="{page.ply}">'
        f'<output for="ply">{page.ply}</output>{hidden}'
        f'<button type="submit">{escape(t("web.nav.show", loc))}</button></form>'
    )
    return f'<nav class="plies" aria-label="{escape(t("web.nav.ply", loc))}">{"".join(parts)}</nav>{slider}'


def _seats(page: GamePage) -> str:
    loc = page.locale
    items = []
    for seat in page.seats:
        if seat.ai:
            text = t("web.game.player_ai", loc, player="\x00")
        elif page.teams:
            text = t("web.game.player_team", loc, player="\x00", team=seat.team + 1)
        else:
            text = t("web.game.player", loc, player="\x00")
        line = escape(text).replace("\x00", name(seat.name))
        if seat.outcome:
            line += f" — {escape(t(f'web.outcome.{seat.outcome}', loc))}"
        items.append(f"<li>{line}</li>")
    return f'<h2>{escape(t("web.game.players", loc))}</h2><ul class="seats">{"".join(items)}</ul>'


def _moves(page: GamePage) -> str:
    loc = page.locale
    if not page.turns:
        return f"<h2>{escape(t('web.game.moves', loc))}</h2><p>{escape(t('web.game.no_moves', loc))}</p>"
    out = []
    for n, turn in enumerate(page.turns, 1):
        lines = []
        for move in turn:
            after = move.ply + 1
            current = ' aria-current="step"' if after == page.ply else ""
            text = escape(t("web.game.move", loc, player="\x00", action=move.text)).replace(
                "\x00", name(move.player)
            )
            lines.append(
                f'<li><a href="{_ply_link(page, after)}" data-ply="{after}"{current}>{text}</a></li>'
            )
        out.append(
            f'<li class="turn"><span>{escape(t("web.game.turn", loc, turn=n))}</span><ul>{"".join(lines)}</ul></li>'
        )
    return f'<h2>{escape(t("web.game.moves", loc))}</h2><ul class="moves">{"".join(out)}</ul>'


def game_page(page: GamePage) -> str:
    loc = page.locale
    position = (
        t("web.game.position", loc, ply=page.ply, total=page.total)
        if page.ply
        else t("web.game.start_position", loc, total=page.total)
    )
    facts = [f'<p class="status">{escape(page.status_line)}</p>']
    if page.started_at is not None:
        facts.append(
            f"<p>{escape(t('web.game.started', loc, at=chr(0)))}</p>".replace("\x00", when(page.started_at))
        )
    if page.finished_at is not None:
        facts.append(
            f"<p>{escape(t('web.game.finished', loc, at=chr(0)))}</p>".replace("\x00", when(page.finished_at))
        )
    facts += [f'<p class="clock">{line}</p>' for line in page.clock_lines]
    if page.server_link:
        facts.append(f'<p><a href="{escape(page.server_link)}">{escape(t("web.game.server", loc))}</a></p>')
    words = "".join(f"<li>{escape(line)}</li>" for line in page.board_text)
    board = (
        f'<section class="board" aria-label="{escape(t("web.game.board", loc))}">'
        f'<p id="position">{escape(position)}</p>'
        f'<img id="board" src="{escape(page.picture)}" data-src="{escape(page.picture_template)}" '
        f'alt="{escape(page.alt)}" data-ply="{page.ply}">'
        f"{_nav(page)}"
        f'<details class="words"><summary>{escape(t("web.game.board_text", loc))}</summary><ul>{words}</ul></details>'
        "</section>"
    )
    side = f'<section class="side">{"".join(facts)}{_seats(page)}{_moves(page)}</section>'
    body = f'<h1>{escape(page.title)}</h1><div class="layout">{board}{side}</div>'
    return document(page.title, body, loc, languages=page.languages, script=page.total > 0)


# --- the player and server pages ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Listed:
    """A game in a list: its line, and its page's link when the list may link to it."""

    line: str
    link: str | None


def _listed(games: Iterable[Listed]) -> str:
    items = []
    for game in games:
        text = escape(game.line)
        items.append(
            f'<li><a href="{escape(game.link)}">{text}</a></li>' if game.link else f"<li>{text}</li>"
        )
    return f'<ul class="games">{"".join(items)}</ul>'


def player_page(
    player: str,
    ratings: Sequence[str],
    games: Sequence[Listed],
    locale: str,
    languages: Sequence[tuple[str, str]] = (),
) -> str:
    loc = locale
    rated = (
        "".join(f"<li>{escape(line)}</li>" for line in ratings)
        if ratings
        else f"<li>{escape(t('web.player.no_ratings', loc))}</li>"
    )
    recent = _listed(games) if games else f"<p>{escape(t('web.player.none', loc))}</p>"
    body = (
        f"<h1>{name(player)}</h1>"
        f'<h2>{escape(t("web.player.ratings", loc))}</h2><ul class="ratings">{rated}</ul>'
        f"<h2>{escape(t('web.player.recent', loc))}</h2>{recent}"
    )
    return document(t("web.player.title", loc, player=player), body, loc, languages=languages)


@dataclass(frozen=True)
class Ranked:
    player: str
    link: str | None
    rating: int
    rd: int
    games: int


def server_page(
    boards: Sequence[tuple[str, Sequence[Ranked]]],
    games: Sequence[Listed],
    locale: str,
    languages: Sequence[tuple[str, str]] = (),
) -> str:
    """The leaderboard of each game (``boards``: (game title, ranked players)), then recent games."""
    loc = locale
    parts = [f"<h1>{escape(t('web.server.title', loc))}</h1>"]
    for title, ranked in boards:
        parts.append(f"<h2>{escape(t('web.server.board', loc, game=title))}</h2>")
        if not ranked:
            parts.append(f"<p>{escape(t('web.server.empty', loc, game=title))}</p>")
            continue
        head = "".join(
            f'<th scope="col">{escape(t(k, loc))}</th>'
            for k in ("web.server.rank", "web.server.player", "web.server.rating", "web.server.games")
        )
        rows = []
        for n, r in enumerate(ranked, 1):
            who = f'<a href="{escape(r.link)}">{name(r.player)}</a>' if r.link else name(r.player)
            rank, rating, rd, played = (format_number(x, loc) for x in (n, r.rating, r.rd, r.games))
            rows.append(f"<tr><td>{rank}</td><td>{who}</td><td>{rating} ±{rd}</td><td>{played}</td></tr>")
        parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
    if games:
        parts.append(f"<h2>{escape(t('web.server.recent', loc))}</h2>{_listed(games)}")
    return document(t("web.server.title", loc), "".join(parts), loc, languages=languages)


# --- a tournament's page -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    """One board of a round: ``second`` None is the bye; ``score`` None while it is being played;
    ``link`` the game's page (None: no game yet, or its page is not shown)."""

    table: int
    first: str
    second: str | None
    score: str | None
    link: str | None


@dataclass(frozen=True)
class EventRound:
    number: int
    boards: Sequence[Board]
    half_byes: Sequence[str]


def _standings(rows: Sequence[Sequence[str]], loc: str) -> str:
    keys = ("rank", "entrant", "points", "buchholz", "sb")
    head = "".join(f'<th scope="col">{escape(t(f"tournament.table.{k}", loc))}</th>' for k in keys)
    body = "".join(
        "<tr>" + "".join(f"<td>{name(c) if n == 1 else escape(c)}</td>" for n, c in enumerate(row)) + "</tr>"
        for row in rows
    )
    return f'<table class="standings"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _round(rnd: EventRound, total: int, loc: str) -> str:
    heads = ("web.tournament.board", "web.tournament.first", "web.tournament.score", "web.tournament.second")
    head = "".join(f'<th scope="col">{escape(t(k, loc))}</th>' for k in heads)
    rows = []
    for b in rnd.boards:
        if b.second is None:
            rows.append(
                f'<tr><td>{format_number(b.table, loc)}</td><td colspan="3">{escape(t("tournament.pairings.bye", loc, entrant=b.first))}</td></tr>'
            )
            continue
        score = escape(b.score) if b.score is not None else escape(t("web.tournament.playing", loc))
        if b.link is not None:
            score = f'<a href="{escape(b.link)}">{score}</a>'
        rows.append(
            f"<tr><td>{format_number(b.table, loc)}</td><td>{name(b.first)}</td><td>{score}</td><td>{name(b.second)}</td></tr>"
        )
    byes = "".join(
        f"<li>{escape(t('tournament.pairings.half_bye', loc, entrant=e))}</li>" for e in rnd.half_byes
    )
    return (
        f"<h3>{escape(t('web.tournament.round', loc, round=rnd.number, rounds=total))}</h3>"
        f'<table class="round"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        + (f"<ul>{byes}</ul>" if byes else "")
    )


@dataclass(frozen=True)
class KnockoutGame:
    """One game of a knockout match: who moved first, its score (None: being played, or not opened yet,
    ``link`` None), its game's page."""

    number: int
    first: str
    score: str | None
    link: str | None


@dataclass(frozen=True)
class KnockoutMatch:
    high: str
    high_seed: int
    low: str
    low_seed: int
    games: Sequence[KnockoutGame]
    winner: str | None


@dataclass(frozen=True)
class Picture:
    """A picture on a page: its address, its alt text, its size in pixels."""

    src: str
    alt: str
    width: int
    height: int


@dataclass(frozen=True)
class Bracket:
    """The knockout after a Swiss: the top ``size``, what a draw leads to (``rule``), its rounds so far
    (empty: not seeded yet), its winner; ``skipped`` when too few were left to play it; its ``picture``
    once seeded."""

    size: int
    rule: str
    rounds: Sequence[Sequence[KnockoutMatch]]
    champion: str | None = None
    skipped: bool = False
    picture: Picture | None = None


@dataclass(frozen=True)
class LeagueGroup:
    """A group of a league's season: its players in seeding order, its event's name, status and page
    (``event`` None: not made yet)."""

    letter: str
    players: Sequence[str]
    event: str | None = None
    status: str | None = None
    link: str | None = None


@dataclass(frozen=True)
class Division:
    number: int
    players: Sequence[str]
    groups: Sequence[LeagueGroup]


@dataclass(frozen=True)
class LadderView:
    """A league: its season (0: none yet), the season's divisions, who joins the bottom one next season,
    whether the season is over, whether its organiser closed the league (no next season)."""

    season: int
    divisions: Sequence[Division]
    newcomers: Sequence[str]
    over: bool = False
    closed: bool = False


_STAGES = {1: "web.knockout.final", 2: "web.knockout.semi_finals", 4: "web.knockout.quarter_finals"}


def _knockout(ko: Bracket, loc: str) -> str:
    parts = [f"<h2>{escape(t('web.knockout.title', loc))}</h2>"]
    if ko.skipped:
        parts.append(f"<p>{escape(t('web.knockout.skipped', loc))}</p>")
        return "".join(parts)
    parts.append(f"<p>{escape(t('web.knockout.terms', loc, size=ko.size))} {escape(ko.rule)}</p>")
    if not ko.rounds:
        parts.append(f"<p>{escape(t('web.knockout.after_swiss', loc))}</p>")
    if ko.champion is not None:
        parts.append(f"<p><strong>{escape(t('web.knockout.champion', loc, winner=ko.champion))}</strong></p>")
    if ko.picture is not None:
        pic = ko.picture
        parts.append(
            f'<img class="bracket" src="{escape(pic.src)}" alt="{escape(pic.alt)}" '
            f'width="{pic.width}" height="{pic.height}">'
        )
    heads = ("web.knockout.match", "web.knockout.high", "web.knockout.low", "web.knockout.games")
    head = "".join(f'<th scope="col">{escape(t(k, loc))}</th>' for k in (*heads, "web.knockout.through"))
    for matches in reversed(ko.rounds):
        rows = []
        for i, m in enumerate(matches, start=1):
            games = []
            for g in m.games:
                if g.score is not None:
                    text = t("web.knockout.game", loc, game=g.number, first=g.first, score=g.score)
                elif g.link is not None:
                    text = t("web.knockout.game_playing", loc, game=g.number, first=g.first)
                else:
                    text = t("web.knockout.game_waiting", loc, game=g.number, first=g.first)
                shown = escape(text) if g.link is None else f'<a href="{escape(g.link)}">{escape(text)}</a>'
                games.append(f"<li>{shown}</li>")
            high = escape(t("web.knockout.seeded", loc, entrant=m.high, seed=m.high_seed))
            low = escape(t("web.knockout.seeded", loc, entrant=m.low, seed=m.low_seed))
            through = name(m.winner) if m.winner is not None else ""
            rows.append(
                f"<tr><td>{format_number(i, loc)}</td><td>{high}</td><td>{low}</td>"
                f"<td><ul>{''.join(games)}</ul></td><td>{through}</td></tr>"
            )
        parts.append(
            f"<h3>{escape(t(_STAGES[len(matches)], loc))}</h3>"
            f'<table class="knockout"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
        )
    return "".join(parts)


def _names(players: Sequence[str]) -> str:
    return "".join(f"<li>{name(p)}</li>" for p in players)


def _ladder(ladder: LadderView, signed_up: Sequence[str], loc: str) -> str:
    parts = []
    if ladder.season == 0 and ladder.closed:
        parts.append(f"<p>{escape(t('web.league.closed_early', loc))}</p>")
        return "".join(parts)
    if ladder.season == 0:
        parts.append(f"<p>{escape(t('web.league.no_season', loc))}</p>")
        parts.append(
            f"<h2>{escape(t('web.league.signed_up', loc, count=len(signed_up)))}</h2><ul>{_names(signed_up)}</ul>"
        )
        return "".join(parts)
    parts.append(f"<h2>{escape(t('web.league.season', loc, season=ladder.season))}</h2>")
    if ladder.closed:
        key = "web.league.finished" if ladder.over else "web.league.closing"
        parts.append(f"<p>{escape(t(key, loc, season=ladder.season))}</p>")
    elif ladder.over:
        parts.append(f"<p>{escape(t('web.league.over', loc, season=ladder.season))}</p>")
    for d in ladder.divisions:
        parts.append(f"<h3>{escape(t('web.league.division', loc, division=d.number))}</h3>")
        parts.append(f'<ol class="ladder">{_names(d.players)}</ol><ul>')
        for g in d.groups:
            players = ", ".join(name(p) for p in g.players)
            if g.event is None:
                line = escape(t("web.league.group_waiting", loc, group=g.letter))
            else:
                event = escape(
                    t("web.league.group", loc, group=g.letter, event=g.event, status=g.status or "")
                )
                line = f'<a href="{escape(g.link)}">{event}</a>' if g.link is not None else event
            parts.append(f"<li>{line}: {players}</li>")
        parts.append("</ul>")
    if ladder.newcomers and not ladder.closed:
        parts.append(f"<h3>{escape(t('web.league.newcomers', loc))}</h3><ul>{_names(ladder.newcomers)}</ul>")
    return "".join(parts)


def tournament_page(
    title: str,
    about: str,
    standings: Sequence[Sequence[str]],
    entrants: Sequence[str],
    rounds: Sequence[EventRound],
    total_rounds: int,
    locale: str,
    languages: Sequence[tuple[str, str]] = (),
    *,
    bracket: Bracket | None = None,
    ladder: LadderView | None = None,
    league: tuple[str, str | None] | None = None,
) -> str:
    """An event: what it is, its knockout (``bracket``) if it has one, its standings (``standings``:
    rank, entrant, points, Buchholz, S-B, as text; empty before a round closed), who entered, and every
    round's boards, the newest first. A league (``ladder``) shows its season's divisions and groups
    instead; a league's group names its league (``league``: the line and the league's page)."""
    loc = locale
    parts = [f"<h1>{escape(title)}</h1>", f"<p>{escape(about)}</p>"]
    if league is not None:
        line, link = league
        shown = escape(line) if link is None else f'<a href="{escape(link)}">{escape(line)}</a>'
        parts.append(f"<p>{shown}</p>")
    if ladder is not None:
        parts.append(_ladder(ladder, entrants, loc))
        return document(title, "".join(parts), loc, languages=languages)
    if bracket is not None:
        parts.append(_knockout(bracket, loc))
    parts.append(f"<h2>{escape(t('web.tournament.standings', loc))}</h2>")
    if standings:
        parts.append(_standings(standings, loc))
    else:
        parts.append(f"<p>{escape(t('web.tournament.no_standings', loc))}</p>")
        people = "".join(f"<li>{name(e)}</li>" for e in entrants)
        parts.append(
            f"<h2>{escape(t('web.tournament.entrants', loc, count=len(entrants)))}</h2><ul>{people}</ul>"
        )
    if rounds:
        parts.append(f"<h2>{escape(t('web.tournament.rounds', loc))}</h2>")
        parts.extend(_round(r, total_rounds, loc) for r in reversed(rounds))
    return document(title, "".join(parts), loc, languages=languages)
