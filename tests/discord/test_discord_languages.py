"""Choosing languages on Discord: /wc my settings language: for what the bot sends a user, /wc admin server language:
(Manage Server only) for the server's public posts; English stays the default."""

from __future__ import annotations

from wc_helpers import World

from warchest_bot.i18n import t

MANAGE_GUILD = 1 << 5


async def slash(world: World, user, name: str, options=None, channel=None):
    inter = await world.fake.send_slash_command(user, channel or world.channel, name, options or {})
    return await world.reply(inter)


async def test_user_and_server_languages(world: World):
    fake, service = world.fake, world.service
    world.guild.everyone_role.permissions &= ~MANAGE_GUILD  # members are not server admins
    alice, bob, owner = world.alice, world.bob, fake.owner

    # Nothing chosen: English, as before.
    shown = await slash(world, bob, "wc my settings")
    assert shown.ephemeral and t("bot.settings.language", "en", language="English") in shown.content

    # A user's choice: this very answer and everything after it in their language.
    saved = await slash(world, alice, "wc my settings", {"language": "fa"})
    assert saved.ephemeral
    assert saved.content.startswith(t("bot.settings.updated", "fa"))
    assert t("bot.settings.language", "fa", language=t("language.fa", "fa")) in saved.content
    assert await service.user_locale(alice.id) == "fa" and await service.user_locale(bob.id) is None
    again = await slash(world, alice, "wc my settings", channel=None)
    assert t("bot.settings.language", "fa", language="فارسی") in again.content
    in_dm = await slash(world, alice, "wc admin server", channel=fake.dm_channel(alice))
    assert in_dm.ephemeral and in_dm.content == t("bot.server.only_in_server", "fa")

    # The server's language: only a member who may manage the server sets it; the others are told why.
    refused = await slash(world, bob, "wc admin server", {"language": "fa"})
    assert refused.ephemeral and refused.content == t("bot.server.not_admin", "en")
    assert await service.server_locale(world.guild.id) is None  # a refusal changes nothing
    shown = await slash(world, bob, "wc admin server")
    assert shown.content == t("bot.server.language", "en", language=t("language.en", "en"))
    done = await slash(world, owner, "wc admin server", {"language": "fa"})
    assert done.ephemeral
    assert done.content == t("bot.server.language_set", "en", language=t("language.fa", "en"))
    assert await service.server_locale(world.guild.id) == "fa"
    # Read again at once (the cache was dropped by the change); each reader in their own language.
    assert (await slash(world, bob, "wc admin server")).content == t(
        "bot.server.language", "en", language="Persian (فارسی)"
    )
    assert (await slash(world, alice, "wc admin server")).content == t(
        "bot.server.language", "fa", language="فارسی"
    )
    # The server's choice is for public posts: Bob's private answers stay English.
    assert (
        t("bot.settings.language", "en", language="English")
        in (await slash(world, bob, "wc my settings")).content
    )
    # A member given Manage Server by a role may change it back.
    admins = fake.add_role(world.guild, "admins", permissions=MANAGE_GUILD)
    world.guild.members[bob.id].role_ids.append(admins.id)
    back = await slash(world, bob, "wc admin server", {"language": "en"})
    assert back.content == t("bot.server.language_set", "en", language="English")
    assert await service.server_locale(world.guild.id) == "en"
    # /wc help says how to choose, in the reader's language.
    helped = await slash(world, alice, "wc help")
    assert t("bot.help.language", "fa") in helped.content
    assert t("bot.help.language", "en") in (await slash(world, world.dave, "wc help")).content
