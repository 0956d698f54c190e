"""For the Crown's card table loaded from Discord (`/wc admin card_table file:`), through the real discord.py
client against the fake Discord: a server admin loads a JSON table and new games on the server are played
with it (their options and positions hold the whole table); a table with an unknown effect, a unit that does
not exist or a negative cost is refused with the loader's message and changes nothing; a non-admin cannot
change it; a game keeps the table it started with when the server loads another; `table=standard` plays
the shipped table; the answers in English and Persian."""

from __future__ import annotations

import copy
import json
import re

from fakediscord import FakeMessage, FakeUser
from wc_helpers import World

from warchest_bot.games.forthecrown.card_table import standard_table
from warchest_bot.games.forthecrown.server_tables import SERVER_TABLE_KEY
from warchest_bot.i18n import t

KIND = "forthecrown"
MANAGE_GUILD = 1 << 5


async def slash(world: World, user: FakeUser, name: str, options=None) -> FakeMessage:
    inter = await world.fake.send_slash_command(user, world.channel, name, options or {})
    return await world.reply(inter)


def house_table(name: str, tower_cost: int) -> dict:
    """The shipped table renamed, with Tower at another cost."""
    data = copy.deepcopy(dict(standard_table().data))
    data["table"] = name
    for card in data["cards"]:
        if card["id"] == "tower":
            card["cost"] = tower_cost
    return data


async def load(world: World, user: FakeUser, data, filename: str = "table.json") -> FakeMessage:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    file = world.fake.make_attachment(filename, raw, content_type="application/json")
    return await slash(world, user, "wc admin card_table", {"file": file})


async def new_game(world: World, settings: str | None = None) -> int:
    options: dict = {"opponent": world.bob, "game": KIND}
    if settings:
        options["settings"] = settings
    message = await slash(world, world.alice, "wc new", options)
    game_id = int(re.search(r"#(\d+)", message.content)[1])
    await world.reply(await world.fake.click_button(world.bob, message, f"wc:ch:join:{game_id}"))
    return game_id


async def tower_cost(world: World, game_id: int) -> tuple[str, int]:
    """The table's name and Tower's cost in the game's position now (a spectator's view: the table is
    public)."""
    view = await world.service.state_at(game_id)
    tower = next(c for c in view["cards"]["cards"] if c["id"] == "tower")
    return view["table"], tower["cost"]


async def test_an_admin_loads_a_table_and_new_games_use_it(world: World) -> None:
    fake = world.fake
    shown = await slash(world, world.alice, "wc admin card_table")
    assert shown.ephemeral and shown.content == t("forthecrown.admin.table_shipped", "en")
    before = await new_game(world)
    assert await tower_cost(world, before) == ("standard", standard_table()["tower"].cost)

    loaded = await load(world, fake.owner, house_table("our-house", 9))
    assert loaded.ephemeral
    assert loaded.content == t(
        "forthecrown.admin.table_loaded", "en", table="our-house", cards=len(standard_table().cards)
    )
    shown = await slash(world, world.bob, "wc admin card_table")
    assert "our-house" in shown.content
    after = await new_game(world)
    assert await tower_cost(world, after) == ("our-house", 9)
    info = await world.service.get_game(after)
    assert info.options["table"]["table"] == "our-house"  # the game records the whole table
    # the server loads another: the game under way keeps its own, the next one takes the new one
    await load(world, fake.owner, house_table("second", 2))
    assert await tower_cost(world, after) == ("our-house", 9)
    assert await tower_cost(world, before) == ("standard", standard_table()["tower"].cost)
    third = await new_game(world)
    assert await tower_cost(world, third) == ("second", 2)
    # a player may still choose the shipped table
    shipped = await new_game(world, "table=standard")
    assert await tower_cost(world, shipped) == ("standard", standard_table()["tower"].cost)
    # back to the shipped table for everyone
    removed = await slash(world, fake.owner, "wc admin card_table", {"standard": True})
    assert removed.content == t("forthecrown.admin.table_removed", "en")
    assert SERVER_TABLE_KEY not in await world.service.server_settings(world.channel.guild_id)
    assert (await tower_cost(world, await new_game(world)))[0] == "standard"
    assert await tower_cost(world, third) == ("second", 2)


def broken(kind: str) -> dict:
    data = house_table("broken", 4)
    card = next(c for c in data["cards"] if c["id"] == "tower")
    if kind == "effect":
        card["effects"][0]["effect"] = "teleport"
    elif kind == "unit":
        next(e for e in card["effects"] if e["effect"] == "train")["unit"] = "Zz"
    else:
        card["cost"] = -3
    return data


async def test_a_table_that_cannot_be_played_is_refused_and_changes_nothing(world: World) -> None:
    fake = world.fake
    await load(world, fake.owner, house_table("kept", 7))
    guild = world.channel.guild_id
    settings = await world.service.server_settings(guild)
    refusals = {
        "effect": ("forthecrown.table.unknown_effect", "teleport"),
        "unit": ("forthecrown.table.unknown_unit", "Zz"),
        "cost": ("forthecrown.table.negative_cost", "-3"),
    }
    for kind, (key, value) in refusals.items():
        answer = await load(world, fake.owner, broken(kind))
        assert answer.ephemeral and answer.content.startswith(t("bot.card_table.refused", "en", reason=""))
        assert value in answer.content and "tower" in answer.content, answer.content
        assert t(key, "en", card="tower", field="", value="").split(" ")[0] in answer.content
        assert await world.service.server_settings(guild) == settings  # nothing changed
    not_json = await load(world, fake.owner, b"\xff\xfe not a table", "table.txt")
    assert t("forthecrown.table.not_json", "en") in not_json.content
    too_few = house_table("few", 4)
    too_few["cards"] = [c for c in too_few["cards"] if c["role"] != "variable"]
    assert t("forthecrown.table.too_few", "en", n=10) in (await load(world, fake.owner, too_few)).content
    # someone without Manage Server cannot load one, nor remove it
    world.guild.everyone_role.permissions &= ~MANAGE_GUILD  # members are not server admins
    refused = await load(world, world.bob, house_table("mine", 1))
    assert refused.content == t("bot.card_table.not_admin", "en")
    refused = await slash(world, world.bob, "wc admin card_table", {"standard": True})
    assert refused.content == t("bot.card_table.not_admin", "en")
    assert await world.service.server_settings(guild) == settings
    assert await tower_cost(world, await new_game(world)) == ("kept", 7)


async def test_the_answers_are_in_persian_for_a_persian_admin(world: World) -> None:
    fake = world.fake
    await slash(world, fake.owner, "wc my settings", {"language": "fa"})
    answer = await load(world, fake.owner, broken("cost"))
    assert answer.content == t(
        "bot.card_table.refused",
        "fa",
        reason=t("forthecrown.table.negative_cost", "fa", card="tower", field="cost", value="-3"),
    )
    answer = await load(world, fake.owner, house_table("persian", 5))
    assert answer.content == t(
        "forthecrown.admin.table_loaded", "fa", table="persian", cards=len(standard_table().cards)
    )


async def test_rules_pages_and_card_pictures_show_the_servers_table(world: World) -> None:
    """`/wc rules` reads a card as the server's new games play it: the loaded table's page, picture and
    alt text once an admin loaded one, the shipped table's before and after going back."""
    from warchest_bot.games.forthecrown.alt_text import card_alt_text
    from warchest_bot.games.forthecrown.card_table import load_table
    from warchest_bot.games.forthecrown.guide import card_page, page
    from warchest_bot.games.forthecrown.render import encode_png, render_card

    shipped = standard_table()
    topic = {"game": KIND, "topic": "tower"}
    picture = {"game": KIND, "unit": "tower"}
    before = await slash(world, world.alice, "wc rules", topic)
    assert before.content == card_page(shipped["tower"], "en")
    data = house_table("our-house", 9)
    await load(world, world.fake.owner, data)
    loaded = load_table(data)
    assert card_page(loaded["tower"], "en") != card_page(shipped["tower"], "en")  # the test can fail
    page_now = await slash(world, world.bob, "wc rules", topic)
    assert page_now.content == card_page(loaded["tower"], "en")
    listing = await slash(world, world.bob, "wc rules", {"game": KIND, "topic": "list"})
    assert listing.content == page("list", "en", loaded) != page("list", "en")
    card = await slash(world, world.bob, "wc rules", picture)
    assert card.attachments[0].description == card_alt_text(loaded["tower"], "en")
    assert card.attachments[0].data == encode_png(render_card("tower", "en", {"cards": loaded.data}))
    await slash(world, world.fake.owner, "wc admin card_table", {"standard": True})
    after = await slash(world, world.bob, "wc rules", picture)
    assert after.attachments[0].description == card_alt_text(shipped["tower"], "en")
    assert (await slash(world, world.alice, "wc rules", topic)).content == card_page(shipped["tower"], "en")


async def test_a_game_without_card_tables_is_refused_and_naming_the_game_works(world: World) -> None:
    """``game:`` names whose cards; a game whose cards are not data has no table to load (nothing
    changes), and naming For the Crown is the same as leaving it out."""
    fake = world.fake
    settings = await world.service.server_settings(world.channel.guild_id)
    refused = await load_for(world, fake.owner, house_table("wrong-game", 3), game="warchest")
    assert refused.ephemeral
    assert refused.content == t("bot.card_table.none", "en", game="War Chest", games="For the Crown")
    assert await world.service.server_settings(world.channel.guild_id) == settings
    loaded = await load_for(world, fake.owner, house_table("named", 6), game="For the Crown")
    assert loaded.content == t(
        "forthecrown.admin.table_loaded", "en", table="named", cards=len(standard_table().cards)
    )
    assert await tower_cost(world, await new_game(world)) == ("named", 6)


async def load_for(world: World, user: FakeUser, data: dict, *, game: str) -> FakeMessage:
    file = world.fake.make_attachment(
        "table.json", json.dumps(data).encode(), content_type="application/json"
    )
    return await slash(world, user, "wc admin card_table", {"file": file, "game": game})


async def rematch(world: World, user: FakeUser, game_id: int) -> int:
    """Resign ``game_id`` as ``user`` (a player of it), then ``/wc rematch`` it: the new game's id."""
    info = await world.service.get_game(game_id)
    await world.resign(user, game_id, world.place(info))
    answer = await slash(world, user, "wc rematch", {"game": game_id})
    assert not answer.ephemeral and f"rematch of game #{game_id}" in answer.content, answer.content
    return int(re.search(r"#(\d+)", answer.content)[1])


async def test_a_rematch_takes_the_table_the_servers_new_games_get_now(world: World) -> None:
    """The decision (docs/for-the-crown.md, the card table): a rematch is played on the table a new game
    on that server gets when the rematch begins, not on the old game's, which the admins may have replaced
    since (by the printed values, say); a game the players started with ``table=standard`` rematches on the
    shipped table whatever the server loaded. The finished games keep their own tables."""
    fake = world.fake
    shipped = ("standard", standard_table()["tower"].cost)
    plain = await new_game(world)  # no table loaded: the shipped one
    await load(world, fake.owner, house_table("first", 9))
    again = await rematch(world, world.bob, plain)
    assert await tower_cost(world, again) == ("first", 9)
    assert await tower_cost(world, plain) == shipped
    await load(world, fake.owner, house_table("second", 2))
    third = await rematch(world, world.alice, again)
    assert await tower_cost(world, third) == ("second", 2)
    assert await tower_cost(world, again) == ("first", 9)  # the finished game keeps its table
    chosen = await new_game(world, "table=standard")
    kept = await rematch(world, world.bob, chosen)
    assert await tower_cost(world, kept) == shipped
    assert (await world.service.get_game(kept)).options["table"] == "standard"
    await slash(world, fake.owner, "wc admin card_table", {"standard": True})  # back to the shipped one
    fourth = await rematch(world, world.bob, third)
    assert await tower_cost(world, fourth) == shipped
