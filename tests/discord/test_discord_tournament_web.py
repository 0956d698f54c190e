"""A tournament's web page seen from Discord: with the pages on, the event's round posts and the standings
answer carry a "View on the web" link button to its signed page (which opens, its results linked to the
games' pages); a server whose pages are off gets no button."""

from __future__ import annotations

import aiohttp
from event_helpers import ask, event_of, posts_until, running
from wc_helpers import World

from warchest_bot.i18n import t
from warchest_bot.web import WebServer, set_web_mode

NAME = "Spring Swiss"


def link_buttons(message) -> list[dict]:
    return [c for c in message.walk_components() if c.get("type") == 2 and c.get("style") == 5]


async def test_round_posts_and_standings_link_to_the_events_page(event_world: World) -> None:
    w = event_world
    async with running(w) as bot:
        web = WebServer(w.service, "127.0.0.1", 0, renderer=bot.renderer, correspondence=bot.corr)
        await web.start()
        bot.web = web
        try:
            made = await ask(w, w.alice, "wc tournament create", {"name": NAME, "rounds": 2})
            event = event_of(made)
            for user in (w.alice, w.bob, w.dave, w.erin):
                await ask(w, user, "wc tournament join", {"event": event})
            await ask(w, w.alice, "wc tournament start", {"event": event})
            (pairings,) = await posts_until(w, 1, NAME)
            (button,) = link_buttons(pairings)
            assert button["label"] == t("web.button.view", "en")
            assert web.pages is not None and button["url"] == web.pages.tournament_url(event)
            games = await bot.tournaments.round_games(event, 1)
            async with aiohttp.ClientSession() as http, http.get(button["url"]) as page:
                html = await page.text()
                assert page.status == 200
            assert f"{NAME}: a War Chest tournament" in html
            assert all(web.pages.game_path(g) in html for g in games.values())

            for n, game_id in games.items():  # the second player of each board resigns
                _, model = await bot.tournaments.get(event)
                loser = model.entrants[model.current.games[n - 1].second].members[0]
                await w.resign(w.user(loser), game_id)
            _, results, _ = await posts_until(w, 3, NAME)
            assert [b["url"] for b in link_buttons(results)] == [web.pages.tournament_url(event)]
            standings = await ask(w, w.bob, "wc tournament standings", {"event": event})
            assert [b["url"] for b in link_buttons(standings)] == [web.pages.tournament_url(event)]

            await set_web_mode(w.service, w.guild.id, "off")
            standings = await ask(w, w.bob, "wc tournament standings", {"event": event})
            assert link_buttons(standings) == []
        finally:
            bot.web = None
            await web.stop()
