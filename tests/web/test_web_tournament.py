"""A tournament's web page over a real service and a real local port: signed link only, the entry list
before the first round, then the standings and every round's boards with their results, each linked to
its game's page; a knockout's bracket (its games linked, its winner, its picture); a league's ladder (its divisions, its
groups linked to their pages and back, who joins next); both languages; a server whose pages are off has
none; no seed (a board's ticket) in it."""

from __future__ import annotations

import io
from html import escape, unescape
from typing import Any

from PIL import Image
from test_web_pages import png_chunks
from webhelpers import GUILD

from warchest_bot.i18n import t
from warchest_bot.service import Player
from warchest_bot.service import knockout as playoff
from warchest_bot.service import leagues as league_terms
from warchest_bot.service.leagues import LeagueService
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.tournaments import Outcome, Settings
from warchest_bot.tournaments.bracket_picture import bracket_alt, bracket_png, picture_size
from warchest_bot.web import set_web_mode

ORGANISER = 1
NAMES = ["Ann", "Bob", "Cyrus", "Dara"]


async def get(http, url: str):
    async with http.get(url) as r:
        return r.status, (await r.read()).decode()


async def an_event(
    service, name: str = "Winter <Cup>", knockout: dict[str, Any] | None = None
) -> tuple[TournamentService, int]:
    """A Swiss of two rounds, every one of `NAMES` joined (ratings falling in their order), not started;
    with ``knockout``, a knockout after it."""
    svc = TournamentService(service)
    made = await svc.create(
        guild_id=GUILD,
        channel_id=None,
        organiser=ORGANISER,
        name=name,
        kind="warchest",
        options={},
        settings=Settings(rounds=2),
        knockout=knockout,
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
    # the boards' numbers in Persian digits, as the standings' ranks
    assert f"<tr><td>۱</td><td><bdi>{model.entrants[first.first].name}</bdi></td>" in persian
    assert "<tr><td>1</td>" not in persian


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


async def _play_swiss(svc: TournamentService, tid: int) -> None:
    """Every Swiss game won by the entrant with the smaller number, through resignations."""
    for _ in range(20):
        await svc.advance(tid)
        _, model = await svc.get(tid)
        if model.finished:
            await svc.advance(tid)  # the knockout seeded, its games opened
            return
        rnd = model.current
        if rnd is None:  # a round closed, the next not paired yet
            continue
        games = await svc.round_games(tid, rnd.number)
        for g in rnd.games:
            if g.second is not None and g.outcome is None and g.table in games:
                await svc.games.resign(games[g.table], model.entrants[max(g.first, g.second)].members[0])
    raise AssertionError("the Swiss did not end")


async def test_a_knockout_shows_its_bracket_with_linked_games_and_its_winner(service, web, http) -> None:
    svc, tid = await an_event(service, "Cup", playoff.terms_of(2))
    url = web.pages.tournament_url(tid)
    _, html = await get(http, url)
    assert t("web.knockout.title", "en") in html
    assert escape(t("web.knockout.terms", "en", size=2)) in html
    assert (
        escape(t("knockout.format", "en", format=t("tournament.format.swiss", "en", rounds=2), size=2))
        in html
    )
    assert escape(t("web.knockout.after_swiss", "en")) in html  # not seeded yet
    await svc.start(tid, by=ORGANISER)
    await _play_swiss(svc, tid)
    record, model = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None and [(m.high, m.low) for m in ko.rounds[0]] == [(1, 2)]
    high, low = (model.entrants[n].name for n in ko.seeds)

    _, html = await get(http, url)
    assert escape(t("web.knockout.after_swiss", "en")) not in html
    assert f"<h3>{t('web.knockout.final', 'en')}</h3>" in html
    assert escape(t("web.knockout.seeded", "en", entrant=high, seed=1)) in html
    assert escape(t("web.knockout.seeded", "en", entrant=low, seed=2)) in html
    first = (await svc.knockout_games(tid))[(1, 1, 1)]
    playing = escape(t("web.knockout.game_playing", "en", game=1, first=high))
    assert f'<a href="{web.pages.game_path(first)}">{playing}</a>' in html
    assert t("web.knockout.champion", "en", winner=high) not in html
    # The final drawn (the organiser), replayed with the lower seed first, who wins it.
    await svc.adjudicate_knockout(tid, ORGANISER, 1, Outcome.DRAW)
    await svc.advance(tid)
    second = (await svc.knockout_games(tid))[(1, 1, 2)]
    await service.resign(second, model.entrants[ko.seeds[0]].members[0])
    await svc.advance(tid)
    record, _ = await svc.get(tid)
    assert record.status == "finished"

    _, html = await get(http, url)
    drawn = escape(t("web.knockout.game", "en", game=1, first=high, score="½–½"))
    won = escape(t("web.knockout.game", "en", game=2, first=low, score="1–0"))
    assert f'<a href="{web.pages.game_path(first)}">{drawn}</a>' in html
    assert f'<a href="{web.pages.game_path(second)}">{won}</a>' in html
    assert escape(t("web.knockout.champion", "en", winner=low)) in html
    assert f"<td><bdi>{low}</bdi></td></tr>" in html  # goes through
    assert html.index(t("web.knockout.title", "en")) < html.index(t("web.tournament.standings", "en"))
    for gid in (first, second):
        assert (await get(http, web.pages.game_url(gid)))[0] == 200
    # no ticket (a game's seed) on the page
    for link in await service.storage.tournament_games(tid):
        assert str((await service.storage.get_game(link.game_id)).seed) not in html

    status, persian = await get(http, url + "?lang=fa")
    assert status == 200 and 'dir="rtl"' in persian
    assert t("web.knockout.title", "fa") in persian
    assert escape(t("web.knockout.champion", "fa", winner=low)) in persian
    assert escape(t("web.knockout.game", "fa", game=2, first=low, score="1–0")) in persian
    assert "<tr><td>۱</td>" in persian and "<tr><td>1</td>" not in persian  # the match's number


def _bracket_img(html: str) -> tuple[str, str]:
    """The address and alt text of the page's bracket picture (its one ``<img class="bracket">``)."""
    assert html.count('<img class="bracket" ') == 1
    tag = html.split('<img class="bracket" ', 1)[1].split(">", 1)[0]
    src = unescape(tag.split('src="', 1)[1].split('"', 1)[0])
    alt = unescape(tag.split('alt="', 1)[1].split('"', 1)[0])
    return src, alt


async def test_a_knockout_page_shows_the_bracket_picture_cached_by_version(service, web, http) -> None:
    """The page shows the bracket picture its posts carry, with the bracket as text as its alt text, in
    the page's language; its address names the event's version (kept a day by the browser; a new one
    after a change), an unchanged picture is answered 304 by its ETag, and there is none before the
    knockout is seeded, without the signed link, or with the server's pages off."""
    svc, tid = await an_event(service, "Cup", playoff.terms_of(2))
    url = web.pages.tournament_url(tid)
    picture = f"{url}/bracket.png"
    _, html = await get(http, url)
    assert 'class="bracket"' not in html
    async with http.get(picture) as r:
        assert r.status == 404  # not seeded yet
    await svc.start(tid, by=ORGANISER)
    await _play_swiss(svc, tid)
    record, model = await svc.get(tid)
    ko = playoff.bracket(record.state)
    assert ko is not None

    _, html = await get(http, url)
    src, alt = _bracket_img(html)
    played = await svc.knockout_games(tid)
    assert alt == bracket_alt(model, ko, "Cup", "en", played)
    assert f'width="{picture_size(ko)[0]}" height="{picture_size(ko)[1]}"' in html
    assert src.startswith(web.pages.tournament_path(tid) + "/bracket.png?v=")
    async with http.get(web.base_url + src) as r:
        assert r.status == 200 and r.content_type == "image/png"
        assert r.headers["Cache-Control"] == "private, max-age=86400"
        etag = r.headers["ETag"]
        png = await r.read()
    assert png == bracket_png(model, ko, "Cup", "en")[0]  # the picture of its posts
    assert Image.open(io.BytesIO(png)).size == picture_size(ko)
    assert set(png_chunks(png)) <= {b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND"}  # no metadata
    async with http.get(picture) as r:
        assert r.status == 200 and r.headers["Cache-Control"] == "private, no-cache"
        assert r.headers["ETag"] == etag and await r.read() == png
    async with http.get(picture, headers={"If-None-Match": etag}) as r:
        assert r.status == 304 and await r.read() == b""
    for gid in played.values():  # no ticket (a game's seed) in the alt text
        assert str((await service.storage.get_game(gid)).seed) not in alt

    _, persian = await get(http, url + "?lang=fa")
    fa_src, fa_alt = _bracket_img(persian)
    assert fa_alt == bracket_alt(model, ko, "Cup", "fa", played) and fa_alt != alt
    assert "lang=fa" in fa_src
    async with http.get(web.base_url + fa_src) as r:
        assert r.status == 200 and r.headers["ETag"] != etag
        assert await r.read() == bracket_png(model, ko, "Cup", "fa")[0]

    # The final drawn: a new version of the event, so a new address and picture.
    await svc.adjudicate_knockout(tid, ORGANISER, 1, Outcome.DRAW)
    await svc.advance(tid)
    _, html = await get(http, url)
    later, _ = _bracket_img(html)
    assert later != src
    async with http.get(picture, headers={"If-None-Match": etag}) as r:
        assert r.status == 200 and r.headers["ETag"] != etag and await r.read() != png

    assert (await get(http, f"{web.base_url}/t/{web.pages.links.game(tid)}/bracket.png"))[0] == 404
    await set_web_mode(service, GUILD, "off")
    assert (await get(http, picture))[0] == 404


async def test_a_league_shows_its_ladder_with_its_groups_linked_and_who_joins_next(
    service, web, http
) -> None:
    events = TournamentService(service)
    svc = LeagueService(events)
    made = await svc.create(
        guild_id=GUILD,
        channel_id=None,
        organiser=ORGANISER,
        name="Ladder",
        kind="warchest",
        options={},
        terms=league_terms.terms_of(group_size=3, movers=1, divisions=2),
    )
    league = made.id
    players = ["P0", "P1", "P2", "P3", "P4", "P5"]
    for n, who in enumerate(players):
        await events.join(league, [Player(100 + n, who)], rating=2000 - 10 * n)
    await events.withdraw(league, 105)
    url = web.pages.tournament_url(league)
    status, html = await get(http, url)
    assert status == 200
    assert escape(t("web.league.no_season", "en")) in html
    assert escape(t("web.league.signed_up", "en", count=5)) in html
    assert "<bdi>P5</bdi>" not in html  # withdrew
    assert t("web.tournament.standings", "en") not in html  # a league has no table of its own

    await svc.start_season(league, ORGANISER)
    _, html = await get(http, url)
    assert escape(t("web.league.group_waiting", "en", group="A")) in html  # the duty has not made them yet
    await events.advance_all()
    await events.join(league, [Player(110, "Newt")], rating=1500)  # from the next season
    groups = await svc.groups(league)
    assert [len(d) for d in groups] == [1, 1]

    _, html = await get(http, url)
    assert escape(t("web.league.season", "en", season=1)) in html
    assert escape(t("web.league.division", "en", division=1)) in html
    assert escape(t("web.league.division", "en", division=2)) in html
    assert (
        '<ol class="ladder"><li><bdi>P0</bdi></li><li><bdi>P1</bdi></li><li><bdi>P2</bdi></li></ol>' in html
    )
    assert '<ol class="ladder"><li><bdi>P3</bdi></li><li><bdi>P4</bdi></li></ol>' in html
    running = t("tournament.status.running", "en")
    for division in groups:
        group = division[0]
        assert group is not None
        line = escape(t("web.league.group", "en", group="A", event=group.name, status=running))
        assert f'<a href="{web.pages.tournament_path(group.id)}">{line}</a>' in html
        # the group's own page opens and names its league, linked back
        status, page = await get(http, web.pages.tournament_url(group.id))
        assert status == 200
        assert escape(t("web.tournament.title", "en", name=group.name, game="War Chest")) in page
    assert escape(t("web.league.newcomers", "en")) in html and "<bdi>Newt</bdi>" in html
    status, page = await get(http, web.pages.tournament_url(groups[1][0].id))  # type: ignore[union-attr]
    back = escape(t("web.league.group_of", "en", group="A", division=2, season=1, league="Ladder"))
    assert f'<a href="{web.pages.tournament_path(league)}">{back}</a>' in page
    for division in groups:
        for link in await service.storage.tournament_games(division[0].id):  # type: ignore[union-attr]
            assert str((await service.storage.get_game(link.game_id)).seed) not in html + page

    status, persian = await get(http, url + "?lang=fa")
    assert status == 200 and 'dir="rtl"' in persian
    assert escape(t("web.league.season", "fa", season=1)) in persian
    assert escape(t("web.league.division", "fa", division=2)) in persian

    # Closed by its organiser during season 1: the page says it is the last; no newcomers listed.
    await svc.close(league, ORGANISER)
    _, html = await get(http, url)
    assert escape(t("web.league.closing", "en")) in html
    assert escape(t("web.league.newcomers", "en")) not in html and "<bdi>Newt</bdi>" not in html
    assert escape(t("web.league.over", "en", season=1)) not in html


async def test_a_league_closed_before_its_first_season_says_so(service, web, http) -> None:
    events = TournamentService(service)
    svc = LeagueService(events)
    made = await svc.create(
        guild_id=GUILD,
        channel_id=None,
        organiser=ORGANISER,
        name="Short",
        kind="warchest",
        options={},
        terms=league_terms.terms_of(),
    )
    await events.join(made.id, [Player(100, "P0")])
    await svc.close(made.id, ORGANISER)
    status, html = await get(http, web.pages.tournament_url(made.id))
    assert status == 200 and escape(t("web.league.closed_early", "en")) in html
    assert escape(t("web.league.no_season", "en")) not in html
