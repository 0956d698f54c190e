"""Persian on Discord for a user who chose it (`/wc my settings language:fa`): their pictures are drawn in
Persian; they type unit names in Persian in `/wc play`, whose autocomplete lists the actions with the units'
Persian names before the notation while the value sent stays the notation; an English user's list is the
notation alone. Both games. The Persian names are registered by the test itself (the bot runs in this
process)."""

from __future__ import annotations

import pytest
from test_discord_two_player import start_challenge
from wc_helpers import World

from warchest_bot.discord.common import names_of
from warchest_bot.games import get_game
from warchest_bot.i18n import catalogue, t
from warchest_bot.service import Player

PB_FA = {"Ki": "شاه", "Qu": "وزیر"}
WC_FA = {"Sw": "شمشیرزن", "Ar": "کماندار", "Pi": "نیزه‌دار", "Cr": "کمان‌دار زنبورکی", "Ca": "سواره",
         "LC": "سواره‌نظام سبک", "La": "نیزه‌سوار", "Sc": "دیده‌بان"}  # fmt: skip


@pytest.fixture(autouse=True)
def persian_names(monkeypatch: pytest.MonkeyPatch) -> None:
    for code, name in PB_FA.items():
        monkeypatch.setitem(catalogue._CATALOGUES["fa"], f"picture.pb.unit.{code}", name)
    wc = get_game("warchest")
    english = wc.unit_names("en")
    for code, name in WC_FA.items():
        monkeypatch.setitem(catalogue._CATALOGUES["en"], f"unit.{code}.name", english[code])
        monkeypatch.setitem(catalogue._CATALOGUES["fa"], f"unit.{code}.name", name)


async def complete(world: World, user, place, typed: str, game_id: int | None = None) -> list[dict]:
    options = {"action": typed} | ({"game": game_id} if game_id is not None else {})
    return await world.fake.autocomplete(user, place, "wc play", options, focused="action")


async def persian(world: World, user) -> None:
    inter = await world.fake.send_slash_command(user, world.channel, "wc my settings", {"language": "fa"})
    assert (await world.reply(inter)).ephemeral


async def test_point_buy_persian_names_typed_and_listed(world: World) -> None:
    alice, bob = world.alice, world.bob
    await persian(world, alice)
    info = await world.service.create_challenge(
        Player(alice.id, alice.global_name),
        kind="pointbuy",
        options={"budget": 16},
        invited=[bob.id],
        guild_id=world.guild.id,
        channel_id=world.channel.id,
    )
    await world.service.join(info.id, Player(bob.id, bob.global_name))
    info = await world.service.get_game(info.id)
    place = world.place(info)
    # Alice's army picture comes drawn in Persian, Bob's in English.
    game = get_game("pointbuy")
    for user, loc in ((alice, "fa"), (bob, "en")):
        dm = await world.fake.wait_for_message(user, lambda m: m.attachments)
        view = await world.service.view(info.id, user.id)
        drawn = game.private_png(view, names=names_of(info), locale=loc)
        assert dm.attachments[0].data == drawn, loc
    assert drawn != game.private_png(view, names=names_of(info), locale="fa")
    offered = await complete(
        world, alice, place, "pick شا"
    )  # the start of شاه (ش alone also starts شبح, شیردال…)
    assert len(offered) == 9 and all(
        c["value"].startswith("pick Ki ") for c in offered
    )  # 8 squares, Barracks
    assert offered[0] == {
        "name": t("completion.label", "fa", units="شاه", action="pick Ki a1"),
        "value": "pick Ki a1@0",
    }
    answer = await world.play_slash(info.id, "pick وزير d1", alice, place)  # Arabic yeh
    assert answer.ephemeral and answer.content == t(
        "bot.move.you_played", "fa", action="pick Qu d1", game_id=info.id
    )
    # Bob reads English: the notation alone.
    offered = await complete(world, bob, place, "pick K")
    assert offered and all(c["name"] == c["value"].split("@")[0] for c in offered)


async def test_war_chest_persian_names_typed_and_listed(world: World) -> None:
    alice, bob = world.alice, world.bob
    await persian(world, alice)
    await persian(world, bob)
    game_id = await start_challenge(world, alice, bob)
    info, user, legal = await world.to_act(game_id)
    place = world.place(info)
    wc = get_game("warchest")
    names = wc.unit_names("fa")
    first = next(a.text for a in legal if a.text.split()[0] in WC_FA)
    code = first.split()[0]
    offered = await complete(world, user, place, names[code], game_id)
    texts = [c["value"].split("@")[0] for c in offered]
    typed_code = [c["value"] for c in await complete(world, user, place, code, game_id)]
    assert first in texts and [c["value"] for c in offered] == typed_code  # as if the code were typed
    shown = next(c["name"] for c in offered if c["value"].startswith(first + "@"))
    assert shown == wc.action_label(first, "fa") and names[code] in shown
    typed = first.replace(code, names[code].replace("\u200c", " "), 1)  # a space for the ZWNJ
    answer = await world.play_slash(game_id, typed, user, place)
    assert answer.content == t("bot.move.you_played", "fa", action=first, game_id=game_id)
