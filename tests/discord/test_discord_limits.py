"""Limits and play-test fixes end to end: cooldowns on heavy commands, per-user limits, challenges that
expire, games of other servers kept private, escaped names and echoes, the stale-button refusal that
points the way on, the 25-action autocomplete hint, and /wc play in the bot's DM."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

from fakediscord import FakeMessage, FakeUser
from test_discord_two_player import start_challenge
from wc_helpers import PNG, World

from warchest_bot.discord import components, menus
from warchest_bot.discord.cog import HISTORY_COOLDOWN, NEW_COOLDOWN, REPLAY_COOLDOWN
from warchest_bot.service import Legal, Player

BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


async def ask(world: World, user: FakeUser, name: str, options=None, place=None) -> FakeMessage:
    inter = await world.fake.send_slash_command(user, place or world.channel, name, options or {})
    return await world.reply(inter)


def cooldown_refusal(message: FakeMessage) -> bool:
    return (
        message.ephemeral
        and re.search(r"too often\. Please try again <t:\d+:R>\.", message.content) is not None
    )


async def test_heavy_commands_have_per_user_cooldowns(world: World):
    game_id = await start_challenge(world, world.alice, world.bob)
    for _ in range(HISTORY_COOLDOWN[0]):
        page = await ask(world, world.dave, "wc look history", {"game": game_id})
        assert "Nothing has been played" in page.content
    assert cooldown_refusal(await ask(world, world.dave, "wc look history", {"game": game_id}))
    assert (
        "Nothing has been played"
        in (await ask(world, world.erin, "wc look history", {"game": game_id})).content
    )

    for _ in range(REPLAY_COOLDOWN[0]):
        shown = await ask(world, world.dave, "wc look replay", {"game": game_id, "ply": 0})
        assert shown.attachments[0].data.startswith(PNG)
    assert cooldown_refusal(await ask(world, world.dave, "wc look replay", {"game": game_id, "ply": 0}))

    for _ in range(NEW_COOLDOWN[0] - 1):  # alice already used /wc new once
        made = await ask(world, world.alice, "wc new", {"players": 4})
        assert not made.ephemeral and "opened game" in made.content
    refused = await ask(world, world.alice, "wc new", {"players": 4})
    assert cooldown_refusal(refused)
    assert len(await world.service.challenges_for_user(world.alice.id)) == NEW_COOLDOWN[0] - 1


async def test_open_challenge_limit_is_explained(world: World):
    limit = world.service.limits.open_challenges
    for _ in range(limit):
        await world.service.create_challenge(Player(world.dave.id, "Dave"), guild_id=world.guild.id)
    refused = await ask(world, world.dave, "wc new", {"opponent": world.bob})
    assert refused.ephemeral and f"You already have {limit} open challenges" in refused.content
    assert not any(m.mentioned_ids for m in world.fake.posted if not m.ephemeral)  # bob was not pinged


async def test_expired_challenges_are_cancelled_and_their_message_says_so(world: World):
    fake = world.fake
    assert world.bot.cog._sweeper is not None and not world.bot.cog._sweeper.done()  # sweeps periodically
    challenge = await ask(world, world.alice, "wc new", {"opponent": world.bob})
    game_id = int(challenge.content.split("#")[1].split()[0])
    assert await world.bot.cog.expire_challenges(datetime.now(UTC) + timedelta(days=1)) == []
    [ended] = await world.bot.cog.expire_challenges(datetime.now(UTC) + timedelta(days=8))
    assert ended.id == game_id and ended.status == "aborted"
    await fake.wait_until(lambda: "Nobody took up the challenge" in fake.messages[challenge.id].content)
    assert fake.messages[challenge.id].components == []
    assert (await world.service.get_game(game_id)).over.reason == "expired"


async def test_games_of_other_servers_stay_private(world: World):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    other_guild = fake.add_guild("Elsewhere")
    elsewhere = fake.add_text_channel(other_guild, "general")
    fake.add_member(other_guild, world.dave)
    fake.add_member(other_guild, world.alice)
    for name, options in (
        ("wc board", {"game": game_id}),
        ("wc look history", {"game": game_id}),
        ("wc look replay", {"game": game_id, "ply": 0}),
    ):
        refused = await ask(world, world.dave, name, options, place=elsewhere)
        assert refused.ephemeral and f"Game #{game_id} belongs to another server" in refused.content
        assert not refused.attachments
        in_dm = await ask(world, world.dave, name, options, place=fake.dm_channel(world.dave))
        assert "belongs to another server" in in_dm.content
    mine = await ask(world, world.alice, "wc board", {"game": game_id}, place=elsewhere)
    assert mine.attachments[0].data.startswith(PNG)  # a player sees their own game anywhere
    here = await ask(world, world.dave, "wc board", {"game": game_id})
    assert here.attachments[0].data.startswith(PNG)  # and anyone sees the games of this server


async def test_names_and_typed_text_are_escaped_in_what_the_bot_writes(world: World):
    fake = world.fake
    mallory = fake.add_user("mallory", global_name="**Boss** @everyone")
    game_id = await start_challenge(world, mallory, world.bob)
    info = await world.service.get_game(game_id)
    begins = await fake.wait_for_message(world.place(info), lambda m: "begins" in m.content)
    assert r"\*\*Boss\*\* @" + "\u200beveryone" in begins.content
    assert "**Boss**" not in begins.content.replace("\\*", "")
    info, user, _ = await world.to_act(game_id)
    for typed in ("\u202eZz fly e2", "**loud** fly"):
        refused = await ask(world, user, "wc play", {"action": typed, "game": game_id}, world.place(info))
        assert refused.ephemeral and "cannot read" in refused.content
        assert not set(refused.content) & BIDI
        assert "\\u" not in refused.content and "\\x" not in refused.content  # quoted without escapes
    assert r"\*\*loud\*\*" in refused.content


async def test_a_stale_button_says_whose_turn_it_is_and_links_the_board(world: World):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    info, user, legal = await world.to_act(game_id)
    board0 = await world.board_post(info, 0)
    await world.play_slash(game_id, legal[0].text, user, world.place(info))
    board1 = await world.board_post(info, 1)
    now = await world.service.get_game(game_id)
    stale = await world.reply(await fake.click_button(user, board0, f"wc:menu:{game_id}:0"))
    assert stale.ephemeral and "out of date" in stale.content
    assert f"{now.to_act.name} must decide now" in stale.content and "/wc play" in stale.content
    link = f"https://discord.com/channels/{world.guild.id}/{board1.channel_id}/{board1.id}"
    assert link in stale.content


async def test_an_action_picked_for_an_earlier_position_says_whose_turn_it_is_and_links_the_board(
    world: World,
):
    fake = world.fake
    game_id = await start_challenge(world, world.alice, world.bob)
    info, user, legal = await world.to_act(game_id)
    place = world.place(info)
    await world.board_post(info, 0)
    choices = await fake.autocomplete(
        user, place, "wc play", {"action": "", "game": game_id}, focused="action"
    )
    picked = choices[0]["value"]  # carries the ply it was offered on
    await world.play_slash(game_id, legal[0].text, user, place)
    board1 = await world.board_post(info, 1)
    assert world.bot is not None
    await world.bot.flow.drain()  # the post is remembered as the latest board after it is sent
    now = await world.service.get_game(game_id)
    stale = await ask(world, user, "wc play", {"action": picked, "game": game_id}, place)
    assert stale.ephemeral and "out of date" in stale.content, stale.content
    assert "try again" not in stale.content
    assert f"{now.to_act.name} must decide now" in stale.content and "/wc play" in stale.content
    link = f"https://discord.com/channels/{world.guild.id}/{board1.channel_id}/{board1.id}"
    assert link in stale.content
    assert (await world.service.get_game(game_id)).ply == 1


async def test_royal_coin_menu_wording():
    legal = [
        Legal("RC claim", "claim", "claim", False),
        Legal("RC recruit Sw", "recruit Sw", "recruit", False),
        Legal("RC pass", "pass", "pass", False),
    ]
    info = type("Info", (), {"id": 9, "ply": 3})()
    message = components.step_message(info, legal, menus.after_coin(legal, "RC"), "en")
    assert message["content"] == "Game #9: what should your Royal Coin do?"


async def many_choices(world: World) -> tuple[int, FakeUser, tuple[Legal, ...]]:
    """A game in which the player to act has more than 25 actions (played on through the service)."""
    rng = random.Random(3)
    for seed in range(40):
        info = await world.service.create_game(
            [Player(world.alice.id, "Alice"), Player(world.bob.id, "Bob")],
            seed=seed,
            options={"units": "first-game"},
        )
        for _ in range(60):
            info = await world.service.get_game(info.id)
            if info.status != "active":
                break
            legal = await world.service.legal_actions(info.id, info.to_act.user_id)
            if len(legal) > 30 and len(menus.coins(legal)) > 1:
                return info.id, world.user(info.to_act.user_id), legal
            await world.service.play(
                info.id, info.to_act.user_id, rng.choice(legal).text, expected_ply=info.ply
            )
        await world.service.resign(info.id, world.alice.id) if info.status == "active" else None
    raise AssertionError("no position with more than 30 actions")


async def test_autocomplete_says_when_there_are_more_actions_and_narrows(world: World):
    fake = world.fake
    game_id, user, legal = await many_choices(world)
    choices = await fake.autocomplete(
        user, world.channel, "wc play", {"action": "", "game": game_id}, focused="action"
    )
    assert len(choices) == 25
    assert [c["name"] for c in choices[:24]] == [a.text for a in legal[:24]]
    assert [c["value"] for c in choices[:24]] == [f"{a.text}@{a.ply}" for a in legal[:24]]  # with its ply
    assert f"{len(legal) - 24} more: type a coin" in choices[24]["name"]
    coin = menus.coins(legal)[-1]
    wanted = [a.text for a in legal if a.text.split()[0] == coin]
    narrowed = await fake.autocomplete(
        user, world.channel, "wc play", {"action": coin.lower(), "game": game_id}, focused="action"
    )
    names = [c["name"] for c in narrowed]
    assert len(wanted) < 25 and names[: len(wanted)] == wanted  # the coin's own actions first
    assert len(names) < len(legal) and all(coin.lower() in v.lower().split() for v in names)
    full_width = "".join(chr(ord(c) + 0xFEE0) for c in coin)
    again = await fake.autocomplete(
        user, world.channel, "wc play", {"action": full_width, "game": game_id}, focused="action"
    )
    assert [c["value"] for c in again] == [c["value"] for c in narrowed]


async def test_wc_play_in_the_bots_dm_with_several_games(world: World):
    fake = world.fake
    games = []
    for seed in range(60):
        if len(games) == 2:
            break
        opponent = (world.bob, world.dave)[len(games)]
        info = await world.service.create_game(
            [Player(world.alice.id, "Alice"), Player(opponent.id, opponent.username)],
            seed=seed,
            options={"units": "first-game"},
        )
        if info.to_act.user_id == world.alice.id:
            games.append(info.id)
        else:
            await world.service.abort(info.id, world.alice.id)
    dm = fake.dm_channel(world.alice)
    hint = await fake.autocomplete(world.alice, None, "wc play", {"action": ""}, focused="action")
    assert len(hint) == 1 and all(f"#{g}" in hint[0]["name"] for g in games), hint
    assert "game option" in hint[0]["name"]
    offered = await fake.autocomplete(world.alice, None, "wc play", {"game": ""}, focused="game")
    assert sorted(c["value"] for c in offered) == sorted(games)
    legal = await world.service.legal_actions(games[1], world.alice.id)
    listed = await fake.autocomplete(
        world.alice, None, "wc play", {"action": "", "game": games[1]}, focused="action"
    )
    assert [c["name"] for c in listed][:3] == [a.text for a in legal][:3]
    played = await ask(world, world.alice, "wc play", {"action": legal[0].text, "game": games[1]}, place=dm)
    assert "You played" in played.content
