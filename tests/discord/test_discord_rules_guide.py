"""/wc rules topic: War Chest's complete rules guide, one page per topic, in English and in Persian; the
topic list autocompletes with labels in the user's language (the value is the topic id)."""

from __future__ import annotations

from wc_helpers import World

from warchest_bot.i18n import t


async def ask(world: World, user, options, command: str = "wc rules"):
    inter = await world.fake.send_slash_command(user, world.channel, command, options)
    return await world.reply(inter)


async def test_rules_topics_in_english(world: World):
    setup = await ask(world, world.dave, {"topic": "setup"})
    assert setup.ephemeral and setup.content.startswith("**War Chest: setup**")
    assert "6 control markers" in setup.content and "8 control markers" in setup.content
    brief = await ask(world, world.dave, {})
    assert "/wc rules topic" in brief.content  # the summary points to the guide
    # a unit by its English name, its code or the value autocomplete sends; coin counts from the engine
    archer = await ask(world, world.dave, {"topic": "Archer"})
    assert archer.content.startswith("**Archer** (`Ar`): 4 coins, 2 of them in the starting bag and 2 in")
    assert (await ask(world, world.dave, {"topic": "ar"})).content == archer.content
    attack = await ask(world, world.dave, {"topic": "attack"})
    assert attack.content.startswith("**Attack**") and "Pikeman" in attack.content
    units = await ask(world, world.dave, {"topic": "units"})
    assert units.content.count("\n- **") == 16

    choices = await world.fake.autocomplete(
        world.dave, world.channel, "wc rules", {"topic": "cav"}, focused="topic"
    )
    assert [(c["name"], c["value"]) for c in choices] == [
        ("Unit: Cavalry", "Ca"),
        ("Unit: Light Cavalry", "LC"),
    ]
    everything = await world.fake.autocomplete(
        world.dave, world.channel, "wc rules", {"topic": ""}, focused="topic"
    )
    assert len(everything) == 25 and everything[0] == {
        "name": "Setup: board, bags, supply, initiative",
        "value": "setup",
    }

    unknown = await ask(world, world.dave, {"topic": "dragons"})
    assert unknown.ephemeral and "no rules topic called “dragons”" in unknown.content
    other = await ask(world, world.dave, {"topic": "setup", "game": "Point-Buy Chess"})
    assert "have no topics" in other.content


async def test_rules_topics_in_persian(world: World):
    chosen = await ask(world, world.erin, {"language": "fa"}, command="wc my settings")  # Persian, by choice
    assert chosen.ephemeral
    setup = await ask(world, world.erin, {"topic": "setup"})
    assert setup.content == t("rules.warchest.page.setup", "fa")
    assert setup.content.startswith("**صندوق جنگ: چیدمان**")
    claim = await ask(world, world.erin, {"topic": "claim"})
    assert claim.content.startswith("**گرفتن ابتکار عمل**")
    # a unit by its Persian name or its English one
    pikeman = await ask(world, world.erin, {"topic": "نیزه‌دار"})
    assert pikeman.content.startswith("**\u2068نیزه‌دار\u2069** (\u2068Pi\u2069)")
    assert (await ask(world, world.erin, {"topic": "Pikeman"})).content == pikeman.content

    choices = await world.fake.autocomplete(
        world.erin, world.channel, "wc rules", {"topic": "سواره"}, focused="topic"
    )
    assert [c["value"] for c in choices] == ["Ca", "LC"]
    assert choices[0]["name"] == "یگان: \u2068سواره‌نظام\u2069"
    latin = await world.fake.autocomplete(
        world.erin, world.channel, "wc rules", {"topic": "archer"}, focused="topic"
    )
    assert [c["value"] for c in latin] == ["Ar"]  # English words find topics for a Persian user too

    unknown = await ask(world, world.erin, {"topic": "اژدها"})
    assert "موضوعی به نام" in unknown.content
