"""A tournament's web page over a real service and a real local port: signed link only, the entry list
before the first round, then the standings and every round's boards with their results, each linked to
its game's page; both languages; a server whose pages are off has none; no seed (a board's ticket) in it."""

from __future__ import annotations

from html import escape

from webhelpers import GUILD

from warchest_bot.i18n import t
from warchest_bot.service import Player
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.tournaments import Outcome, Settings
from warchest_bot.web import set_web_mode

ORGANISER = 1
NAMES = ["Ann", "Bob", "Cyrus", "Dara"]


async def get(http, url: str):
    async with http.get(url) as r:
        return r.status, (await r.read()).decode()


async def an_event(service) -> tuple[TournamentService, int]:
    svc = TournamentService(service)
    made = await svc.create(
        guild_id=GUILD,
        channel_id=None,
        organiser=ORGANISER,
        name="Winter <Cup>",
        kind="warchest",
        options={},
        settings=Settings(rounds=2),
    )
    for n, who in enumerate(NAMES):
        await svc.join(made.id, [Player(101 + n, who)], rating=2000 - n)
    return svc, made.id


async def test_the_page_shows_entrants_then_standings_and_linked_results(service, web, http) -> None:
    svc, tid = await an_event(service)
    pages = web.pages
    url = pages.tournament_url(tid)
    status, html = await get(http, url)
    assert status == 200
    assert escape(t("web.tournament.title", "en", name="Winter <Cup>", game="War Chest")) in html
    assert "Winter <Cup>" not in html  # the name is escaped
    assert t("web.tournament.no_standings", "en") in html
    assert escape(t("web.tournament.entrants", "en", count=4)) in html
    assert all(f"<bdi>{who}</bdi>" in html for who in NAMES)

    await svc.start(tid, by=ORGANISER)
    await svc.advance(tid)  # round 1 paired, its games opened
    games = await svc.round_games(tid, 1)
    _, model = await svc.get(tid)
    first, second = model.rounds[0].games
    await service.resign(games[first.table], model.entrants[first.second].members[0])  # first wins
    await svc.adjudicate(tid, ORGANISER, 1, second.table, Outcome.DRAW)
    await svc.advance(tid)  # round 1 closed
    await svc.advance(tid)  # round 2 paired
    status, html = await get(http, url)
    assert status == 200
    assert escape(t("web.tournament.round", "en", round=1, rounds=2)) in html
    assert escape(t("web.tournament.round", "en", round=2, rounds=2)) in html
    assert html.index(t("web.tournament.round", "en", round=2, rounds=2)) < html.index(
        t("web.tournament.round", "en", round=1, rounds=2)
    )  # the newest round first
    assert t("web.tournament.standings", "en") in html and t("tournament.table.buchholz", "en") in html
    # each result links to its game's page, which opens
    for gid in games.values():
        assert pages.game_path(gid) in html
        assert (await get(http, pages.game_url(gid)))[0] == 200
    assert f'{pages.game_path(games[first.table])}">1–0</a>' in html
    assert f'{pages.game_path(games[second.table])}">½–½</a>' in html
    assert t("web.tournament.playing", "en") in html  # round 2 under way
    # the standings: the winner of board 1 leads with 1 point
    _, model = await svc.get(tid)
    leader = model.standings()[0].entrant.name
    assert leader == model.entrants[first.first].name
    assert f"<td>1</td><td><bdi>{leader}</bdi></td><td>1</td>" in html
    # no ticket (a board's seed) on the page
    for gid in games.values():
        assert str((await service.storage.get_game(gid)).seed) not in html

    status, persian = await get(http, url + "?lang=fa")
    assert status == 200 and 'dir="rtl"' in persian
    assert escape(t("web.tournament.round", "fa", round=1, rounds=2)) in persian


async def test_only_the_signed_link_opens_it_and_not_when_the_server_is_off(service, web, http) -> None:
    _, tid = await an_event(service)
    pages = web.pages
    url = pages.tournament_url(tid)
    assert (await get(http, url))[0] == 200
    assert (await get(http, f"{web.base_url}/t/{tid}"))[0] == 404
    assert (await get(http, f"{web.base_url}/t/{pages.links.tournament(tid + 1)}"))[0] == 404  # no such event
    assert (await get(http, f"{web.base_url}/t/{pages.links.game(tid)}"))[0] == 404  # a game's mac
    assert await web.pages.tournament_link((await TournamentService(service).get(tid))[0]) == url
    await set_web_mode(service, GUILD, "off")
    assert (await get(http, url))[0] == 404
    assert await web.pages.tournament_link((await TournamentService(service).get(tid))[0]) is None
