"""The read-only web pages over a real service and a real local port: the game page at any ply, signed
links, the servers' settings (off, by link, public), the spectator view only (no hand, no secret army, no
seed in the HTML or the pictures), refusals (404, 405, HEAD, 429) and the security headers."""

from __future__ import annotations

import random
import re
import struct
import zlib
from datetime import timedelta
from html import escape

import pytest
from webhelpers import ANN, BOB, GUILD, SEED, play_out

from warchest_bot.discord.rendering import Renderer
from warchest_bot.games import alt_text_of, get_game, pictures_of
from warchest_bot.i18n import t
from warchest_bot.web import Links, RateLimit, WebPages, set_web_mode
from warchest_bot.web.app import SECURITY_HEADERS, client_address

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ARMIES = [
    "army Ki e1, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1, Kn g1",
    "army Ki e8, Qu d8, Ro a8, Ro h8, Bi c8, Bi f8, Kn b8, Kn g8",
]


def png_chunks(data: bytes) -> list[bytes]:
    """The chunk types of a PNG file (checking each chunk's CRC)."""
    assert data.startswith(PNG_SIGNATURE)
    at, kinds = len(PNG_SIGNATURE), []
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert zlib.crc32(kind + body) == crc
        kinds.append(kind)
        at += 12 + length
    return kinds


async def get(http, url: str, **kwargs):
    async with http.get(url, **kwargs) as r:
        return r.status, r.headers, await r.read()


async def a_game(service, *, stop: int | None = 24, rng: int = 3, **options):
    info = await service.create_game(
        [ANN, BOB],
        options={"units": "first-game", **options},
        guild_id=GUILD,
        seed=SEED,
        move_time=timedelta(hours=24),
    )
    return await play_out(service, info, random.Random(rng), stop=stop)


async def test_game_page_at_every_ply_is_the_spectator_view(service, web, http):
    info = await a_game(service)
    url = web.pages.game_url(info.id)
    assert url.startswith(web.base_url + "/g/")
    status, headers, body = await get(http, url)
    html = body.decode()
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    for name, value in SECURITY_HEADERS.items():
        assert headers[name] == value
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert '<html lang="en" dir="ltr">' in html
    assert t("web.game.title", "en", game_id=info.id, game="War Chest") in html
    assert t("web.game.position", "en", ply=info.ply, total=info.ply) in html
    assert "Ann" in html and "Bob" in html
    # the move list: one link per move, to the position after it
    plies = [int(p) for p in re.findall(r'data-ply="(\d+)"', html)]
    assert set(range(1, info.ply + 1)) <= set(plies)
    assert t("web.game.turn", "en", turn=1) in html
    # the clock under way
    assert t("web.game.clock", "en", time=t("web.time.hours", "en", hours=24)) in html

    renderer = Renderer(0)
    try:
        names = ["Ann", "Bob"]
        seen = set()
        for ply in (0, 1, 5, info.ply):
            status, _, page = await get(http, url, params={"ply": str(ply)})
            assert status == 200
            src = re.search(r'<img id="board" src="([^"]+)"', page.decode())[1].replace("&amp;", "&")
            assert src.startswith(f"/g/{web.pages.links.game(info.id)}/{ply}.png")
            status, headers, png = await get(http, web.base_url + src)
            assert status == 200 and headers["Content-Type"] == "image/png"
            assert "max-age" in headers["Cache-Control"]
            # exactly the picture of the spectator's view at that ply, with the last move's mark
            view = await service.state_at(info.id, ply)
            last = None
            if ply:
                entry = (await service.action_log(info.id, from_ply=ply - 1, limit=1))[0]
                last = pictures_of(get_game("warchest")).last_action_of_text(entry.text, entry.seat)
            assert png == await renderer.board(view, last, names, "warchest", "en")
            alt = alt_text_of(get_game("warchest")).board_alt_text(view, last, names, "en")
            assert f'alt="{alt}"'.replace("'", "&#x27;") in page.decode()
            seen.add(png)
        assert len(seen) == 4  # the picture changes from ply to ply
    finally:
        renderer.close()
    # a ply beyond the game is the last one; a picture beyond it does not exist
    status, _, _ = await get(http, url + f"/{info.ply + 1}.png")
    assert status == 404


async def test_pictures_are_cached(service, web, http):
    info = await a_game(service, stop=6)
    pages = web.pages
    url = pages.game_url(info.id) + "/3.png"
    first = await get(http, url)
    misses, size = pages.images.misses, pages.images.size
    again = await get(http, url)
    assert first[2] == again[2] and pages.images.misses == misses and pages.images.hits >= 1
    assert size > 0 and len(pages.images) == 1
    fa = await get(http, url, params={"lang": "fa"})  # another language, another picture
    assert fa[0] == 200 and len(pages.images) == 2


async def test_nothing_hidden_in_a_game_under_way(service, web, http):
    """War Chest under way: no seed, and no coin paid face down (the seats' own texts) in the page; the
    pictures carry no text chunk (no metadata at all beyond the image)."""
    info = await a_game(service, stop=40, rng=5)
    assert info.status == "active"
    public = await service.action_log(info.id)
    private = {}
    for seat in info.seats:
        for entry in await service.action_log(info.id, seat.user_id):
            if entry.seat == seat.seat:
                private[entry.ply] = entry.text
    secret_texts = {private[e.ply] for e in public if e.ply in private and private[e.ply] != e.text}
    assert secret_texts, "the game should have face-down coins"
    url = web.pages.game_url(info.id)
    for lang in ("en", "fa"):
        for ply in range(0, info.ply + 1, 7):
            _, _, body = await get(http, url, params={"ply": str(ply), "lang": lang})
            html = body.decode()
            assert str(SEED) not in html and hex(SEED)[2:] not in html
            for text in secret_texts:
                assert text not in html
            _, _, png = await get(http, url + f"/{ply}.png", params={"lang": lang})
            assert str(SEED).encode() not in png
            kinds = png_chunks(png)
            assert set(kinds) <= {b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND"}, kinds


async def test_a_secret_army_stays_secret(service, web, http):
    info = await service.create_game(
        [ANN, BOB], kind="pointbuy", options={"picking": "secret"}, guild_id=GUILD
    )
    await service.play(info.id, info.to_act.user_id, ARMIES[info.to_act.seat], expected_ply=0)
    info = await service.get_game(info.id)
    assert info.status == "active" and info.ply == 1
    url = web.pages.game_url(info.id)
    for query in ({}, {"ply": "1"}, {"lang": "fa"}):
        status, _, body = await get(http, url, params=query)
        html = body.decode()
        assert status == 200
        for army in ARMIES:
            assert army not in html and army.split(", ", 1)[1] not in html
        assert str(info.id) in html
    view = await service.state_at(info.id, 1)
    entry = (await service.action_log(info.id))[0]
    assert entry.text not in ARMIES  # the public text of a secret army
    last = pictures_of(get_game("pointbuy")).last_action_of_text(entry.text, entry.seat)
    _, _, png = await get(http, url + "/1.png")
    renderer = Renderer(0)
    try:
        assert png == await renderer.board(view, last, ["Ann", "Bob"], "pointbuy", "en")
    finally:
        renderer.close()


async def test_links_are_signed_and_servers_choose(service, web, http):
    info = await a_game(service, stop=4)
    pages = web.pages
    url = pages.game_url(info.id)
    token = pages.links.game(info.id)
    base = web.base_url
    # the game's number alone, another game's MAC, a changed MAC, a player's token: all 404, one page
    for path in (f"/g/{info.id}", f"/g/{info.id + 1}.{token.split('.')[1]}", f"/g/{token[:-2]}AA", "/g/x"):
        status, headers, body = await get(http, base + path)
        assert status == 404 and t("web.error.not_found", "en") in body.decode()
        assert headers["X-Content-Type-Options"] == "nosniff"
    # another bot's secret makes other links
    assert Links(b"another secret of 32 bytes......").game(info.id) != token
    # links (the default): the leaderboard is reached from the game page; no public address
    _, _, body = await get(http, url)
    server_link = re.search(r'href="(/s/[^"]+)"', body.decode())[1]
    assert (await get(http, base + server_link))[0] == 200
    assert (await get(http, base + f"/public/{GUILD}"))[0] == 404
    # public: the server's address lists its games with their links
    await set_web_mode(service, GUILD, "public")
    status, _, body = await get(http, base + f"/public/{GUILD}")
    assert status == 200 and f'href="/g/{token}"' in body.decode()
    # off: every page of the server is gone, and board posts get no link
    await set_web_mode(service, GUILD, "off")
    for path in (url, url + "/1.png", base + server_link, base + f"/public/{GUILD}"):
        assert (await get(http, path))[0] == 404
    assert await pages.link_for(info) is None
    await set_web_mode(service, GUILD, "links")
    assert await pages.link_for(info) == url
    assert (await get(http, url))[0] == 200


async def test_player_and_leaderboard_pages(service, corr, web, http):
    info = await service.create_game(
        [ANN, BOB], options={"units": "first-game", "max_rounds": 3}, guild_id=GUILD, seed=SEED, rated=True
    )
    info = await play_out(service, info, random.Random(2))
    assert info.status == "finished"
    pages = web.pages
    base = web.base_url
    status, _, body = await get(http, base + f"/s/{pages.links.server(GUILD)}")
    html = body.decode()
    assert status == 200 and "Ann" in html and "Bob" in html and "<table>" in html
    assert "<tr><td>1</td>" in html  # ranks, ratings and game counts in the page's digits
    _, _, body = await get(http, base + f"/s/{pages.links.server(GUILD)}", params={"lang": "fa"})
    fa = body.decode()
    assert "<tr><td>۱</td>" in fa and "<tr><td>1</td>" not in fa
    assert re.search(r"<td>[۰-۹]+ ±[۰-۹]+</td><td>[۰-۹]+</td></tr>", fa)
    player = re.search(r'href="(/p/[^"]+)"', html)[1]
    status, _, body = await get(http, base + player)
    html = body.decode()
    assert status == 200 and t("web.player.ratings", "en") in html
    assert f"Game #{info.id}" in html
    assert 'href="/g/' not in html  # by link: the player's games are listed, not linked
    await set_web_mode(service, GUILD, "public")
    _, _, body = await get(http, base + player)
    assert f'href="/g/{pages.links.game(info.id)}"' in body.decode()
    # the finished game's page: the result, the outcomes
    _, _, body = await get(http, pages.game_url(info.id))
    assert info.over.message("en") in body.decode()


async def test_persian_page_is_right_to_left(service, web, http):
    info = await a_game(service, stop=5)
    await service.set_server_locale(GUILD, "fa")
    _, _, body = await get(http, web.pages.game_url(info.id))
    html = body.decode()
    assert '<html lang="fa" dir="rtl">' in html
    assert t("web.game.players", "fa") in html and t("web.nav.next", "fa") in html
    view = await service.state_at(info.id, info.ply)
    entry = (await service.action_log(info.id))[-1]
    last = pictures_of(get_game("warchest")).last_action_of_text(entry.text, entry.seat)
    alt = alt_text_of(get_game("warchest")).board_alt_text(view, last, ["Ann", "Bob"], "fa")
    assert f'alt="{alt}"' in html
    _, _, body = await get(http, web.pages.game_url(info.id), params={"lang": "en"})
    assert '<html lang="en" dir="ltr">' in body.decode()  # a reader may ask for another language


async def test_refusals_head_and_methods(service, web, http):
    info = await a_game(service, stop=2)
    url = web.pages.game_url(info.id)
    async with http.head(url) as r:
        assert r.status == 200 and r.headers["Content-Type"].startswith("text/html")
        assert await r.read() == b""
        assert r.headers["Referrer-Policy"] == "no-referrer"
    async with http.post(url, data=b"x") as r:
        assert r.status == 405 and "GET" in r.headers["Allow"]
        assert t("web.error.method", "en") in (await r.text())
        assert r.headers["X-Frame-Options"] == "DENY"
    async with http.head(web.base_url + "/nothing/here") as r:
        assert r.status == 404
    status, headers, body = await get(http, web.base_url + "/static/web.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript") and b"slider" in body
    status, _, body = await get(http, web.base_url + "/")
    assert status == 200 and escape(t("web.index", "en")).encode() in body


async def test_rate_limit_per_address(service, http):
    clock = [0.0]
    pages = WebPages(service, Links(b"k" * 32), rate_limit=RateLimit(rate=1, burst=3, clock=lambda: clock[0]))
    from aiohttp.test_utils import TestClient, TestServer

    async with TestClient(TestServer(pages.app())) as client:
        statuses = [(await client.get("/")).status for _ in range(5)]
        assert statuses == [200, 200, 200, 429, 429]
        refused = await client.get("/")
        assert refused.headers["Retry-After"] == "1"
        assert t("web.error.rate_limited", "en") in await refused.text()
        assert (await client.get("/static/web.css")).status == 200  # the stylesheet is not counted
        clock[0] += 2
        assert (await client.get("/")).status == 200
        # behind a proxy on this machine, the address is the forwarded one
        other = await client.get("/", headers={"X-Forwarded-For": "203.0.113.9"})
        assert other.status == 200


def test_forwarded_address_only_from_a_local_proxy():
    from aiohttp.test_utils import make_mocked_request

    local = make_mocked_request("GET", "/", headers={"X-Forwarded-For": "1.2.3.4, 203.0.113.9"})
    assert client_address(local) in ("203.0.113.9", local.remote or "?")


@pytest.mark.parametrize("mode", ["nope", ""])
async def test_unknown_mode_is_refused(service, mode):
    with pytest.raises(ValueError):
        await set_web_mode(service, GUILD, mode)
