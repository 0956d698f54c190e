"""The web pages seen from Discord: with the pages on, every board post carries a "View on the web" link
button to the game's signed page (which opens); `/wc admin server web:` switches a server's pages off (no
button, the page gone) or makes them public; without the pages, no button and the setting says so."""

from __future__ import annotations

import aiohttp
from test_discord_two_player import start_challenge
from wc_helpers import World

from warchest_bot.i18n import t
from warchest_bot.web import WebServer, web_mode


async def slash(world: World, user, name: str, options=None):
    inter = await world.fake.send_slash_command(user, world.channel, name, options or {})
    return await world.reply(inter)


def link_buttons(message) -> list[dict]:
    return [c for c in message.walk_components() if c.get("type") == 2 and c.get("style") == 5]


async def test_board_posts_link_to_the_game_page(world: World):
    fake, service = world.fake, world.service
    assert world.bot is not None
    # Without the pages: no link button, and the setting tells the admin the bot serves none.
    game_id = await start_challenge(world, world.alice, world.bob, max_rounds=3)
    info = await service.get_game(game_id)
    first = await world.board_post(info, 0)
    assert link_buttons(first) == []
    said = await slash(world, fake.owner, "wc admin server", {"web": "public"})
    assert said.ephemeral and t("bot.server.web_unused", "en") in said.content
    assert await web_mode(service, world.guild.id) == "public"
    await slash(world, fake.owner, "wc admin server", {"web": "links"})

    web = WebServer(service, "127.0.0.1", 0, renderer=world.bot.renderer, correspondence=world.bot.corr)
    await web.start()
    world.bot.web = web
    try:
        shown = await slash(world, world.bob, "wc admin server")
        assert t("bot.server.web", "en", mode=t("web.mode.links", "en")) in shown.content
        info, user, legal = await world.to_act(game_id)
        await world.play_slash(game_id, legal[0].text, user, world.place(info))
        post = await world.board_post(info, info.ply + 1)
        (button,) = link_buttons(post)
        assert button["label"] == t("web.button.view", "en")
        assert web.pages is not None and button["url"] == web.pages.game_url(game_id)
        assert str(game_id) in button["url"] and button["url"] != f"{web.base_url}/g/{game_id}"
        async with aiohttp.ClientSession() as http, http.get(button["url"]) as page:
            assert page.status == 200
            assert t("web.game.title", "en", game_id=game_id, game="War Chest") in await page.text()

        # A member without Manage Server cannot change it; an admin switches the pages off.
        world.guild.everyone_role.permissions &= ~(1 << 5)
        refused = await slash(world, world.bob, "wc admin server", {"web": "off"})
        assert refused.content == t("bot.server.not_admin", "en")
        done = await slash(world, fake.owner, "wc admin server", {"web": "off"})
        assert done.content == t("bot.server.web_set", "en", mode=t("web.mode.off", "en"))
        info, user, legal = await world.to_act(game_id)
        await world.play_slash(game_id, legal[0].text, user, world.place(info))
        post = await world.board_post(info, info.ply + 1)
        assert link_buttons(post) == []
        async with aiohttp.ClientSession() as http, http.get(button["url"]) as page:
            assert page.status == 404
    finally:
        world.bot.web = None
        await web.stop()
