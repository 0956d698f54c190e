"""/wc tutorial end to end on the fake Discord: start, a wrong move from the menu, the right move typed (with
autocomplete), the next lesson, a stale press, Persian, and resuming after the bot restarted."""

from __future__ import annotations

from wc_helpers import PNG, build_world

from warchest_bot.service import GameService

WAIT = 60.0
"""Seconds to wait for a drawn answer (pictures take long on a busy machine; a wait, not a timing assert)."""


async def _reply(fake, inter):
    await inter.wait_response(WAIT)
    await fake.wait_until(
        lambda: (
            inter.original_message_id is not None and not fake.messages[inter.original_message_id].loading
        ),
        WAIT,
    )
    return fake.messages[inter.original_message_id]


def _ids(message) -> list[str]:
    return [c.get("custom_id", "") for c in message.walk_components()]


def _one(message, prefix: str) -> str:
    found = [i for i in _ids(message) if i.startswith(prefix)]
    assert len(found) == 1, (prefix, _ids(message))
    return found[0]


async def test_tutorial_start_wrong_right_next_and_resume(fake, tmp_path):
    db = tmp_path / "games.sqlite3"
    async with GameService.open(db) as service:
        world = build_world(fake, service, db)
        async with world.running():
            alice = world.alice
            inter = await fake.send_slash_command(alice, world.channel, "wc tutorial")
            first = await _reply(fake, inter)
            assert first.ephemeral and "**Lesson 1 of 34: Drawing and the bag**" in first.content
            assert "**Goal:** Put a Swordsman on the board" in first.content
            assert [a.filename for a in first.attachments] == [
                "tutorial-01-board.png",
                "tutorial-01-coins.png",
            ]
            assert all(a.data.startswith(PNG) for a in first.attachments)
            assert not [m for m in fake.posted if not m.ephemeral]  # nothing public

            # A wrong (legal) move from the menu: the Swordsman coin's "Pass", then the action itself.
            assert "wc:tut:k:0:Sw:deploy" in _ids(first)
            press = await fake.click_button(alice, first, "wc:tut:k:0:Sw:pass")
            await press.wait_response(WAIT)
            menu = fake.messages[first.id]
            press = await fake.click_button(alice, menu, _one(menu, "wc:tut:do:"))
            await press.wait_response(WAIT)
            await fake.wait_until(lambda: "❌" in fake.messages[first.id].content, WAIT)
            missed = fake.messages[first.id]  # redrawn in place
            assert "Sw pass is a legal move, but it does not reach the goal." in missed.content
            assert "That coin went face down to your discard" in missed.content
            assert "The lesson starts again" in missed.content and "Lesson 1 of 34" in missed.content
            assert missed.attachments and missed.attachments[0].data.startswith(PNG)

            # The right move, typed, with the legal moves offered as it is typed.
            choices = await fake.autocomplete(
                alice, world.channel, "wc tutorial", {"action": "depl"}, focused="action"
            )
            assert [c["value"] for c in choices] == ["Sw deploy h1", "Sw deploy e2"]
            illegal = await _reply(
                fake,
                await fake.send_slash_command(
                    alice, world.channel, "wc tutorial", {"action": "Sw deploy f4"}
                ),
            )
            assert illegal.ephemeral and "You cannot play" in illegal.content
            right = await _reply(
                fake,
                await fake.send_slash_command(
                    alice, world.channel, "wc tutorial", {"action": "Sw deploy e2"}
                ),
            )
            assert right.ephemeral and "✅ Your hand was empty, so a new round began" in right.content
            assert "**Lesson 2 of 34: Deploy**" in right.content
            assert "tutorial-02-board.png" in [a.filename for a in right.attachments]

            # The old message's menu belongs to an earlier attempt: refused, nothing changes.
            stale = await fake.click_button(alice, missed, "wc:tut:k:1:Sw:deploy")
            refusal = await _reply(fake, stale)
            assert refusal.ephemeral and "out of date" in refusal.content
            lessons = await fake.autocomplete(
                alice, world.channel, "wc tutorial", {"lesson": "knig"}, focused="lesson"
            )
            assert [c["value"] for c in lessons] == ["knight"]
    assert world.bot is None

    async with GameService.open(db) as service:  # a new process: the learner comes back
        world.service = service
        async with world.running():
            back = await _reply(
                fake, await fake.send_slash_command(world.alice, world.channel, "wc tutorial")
            )
            assert "**Lesson 2 of 34: Deploy**" in back.content and "✅" not in back.content
            fresh = await _reply(fake, await fake.send_slash_command(world.bob, world.channel, "wc tutorial"))
            assert "Lesson 1 of 34" in fresh.content  # progress is per user
            # Start this lesson again, then a lesson picked by name, then the whole tutorial over.
            again = await fake.click_button(world.alice, back, _one(back, "wc:tut:again:"))
            await again.wait_response(WAIT)
            picked = await _reply(
                fake,
                await fake.send_slash_command(
                    world.alice, world.channel, "wc tutorial", {"lesson": "swordsman"}
                ),
            )
            assert "**Lesson 24 of 34: Swordsman**" in picked.content
            select = _one(picked, "wc:tut:g:")
            attempt = select.split(":")[3]
            await (await fake.select_option(world.alice, picked, select, ["Sw"])).wait_response(WAIT)
            kinds = fake.messages[picked.id]
            assert f"wc:tut:k:{attempt}:Sw:attack" in _ids(kinds)
            await (
                await fake.click_button(world.alice, kinds, f"wc:tut:k:{attempt}:Sw:attack")
            ).wait_response(WAIT)
            target = fake.messages[picked.id]
            await (
                await fake.click_button(world.alice, target, f"wc:tut:do:{attempt}:Sw attack f4xf5")
            ).wait_response(WAIT)
            await fake.wait_until(
                lambda: "You played Sw attack f4xf5." in fake.messages[picked.id].content, WAIT
            )
            follow = fake.messages[picked.id]
            assert "Your move has a follow-up" in follow.content
            select = f"wc:tut:a:{int(attempt) + 1}:0"
            await (await fake.select_option(world.alice, follow, select, ["move f4-e5"])).wait_response(WAIT)
            await fake.wait_until(lambda: "✅" in fake.messages[picked.id].content, WAIT)
            assert "Attack and step away" in fake.messages[picked.id].content
            assert "**Lesson 25 of 34: Warrior Priest**" in fake.messages[picked.id].content
            restart = await _reply(
                fake,
                await fake.send_slash_command(world.alice, world.channel, "wc tutorial", {"restart": True}),
            )
            assert "Lesson 1 of 34" in restart.content
    fake.assert_clean()


async def test_tutorial_in_persian_and_the_game_lessons_hint(world):
    fake = world.fake
    inter = await fake.send_slash_command(
        world.dave, world.channel, "wc tutorial", {"lesson": "game"}, locale="fa"
    )
    step = await _reply(fake, inter)
    assert "درس" in step.content and "\u2068" in step.content
    hint = await fake.click_button(world.dave, step, _one(step, "wc:tut:hint:"))
    answer = await _reply(fake, hint)
    assert answer.ephemeral and "💡" in answer.content
    english = await _reply(
        fake, await fake.send_slash_command(world.dave, world.channel, "wc tutorial", {"lesson": "game"})
    )
    hint = await fake.click_button(world.dave, english, _one(english, "wc:tut:hint:"))
    text = (await _reply(fake, hint)).content
    assert text.startswith("💡 Hint (what the easy AI would play):")
    action = text.rsplit("(", 1)[1].rstrip(")")
    played = await _reply(
        fake, await fake.send_slash_command(world.dave, world.channel, "wc tutorial", {"action": action})
    )
    assert f"You played {action}." in played.content and "Your opponent played" in played.content


def test_hints_in_words() -> None:
    from warchest_bot.discord.tutorial import hint_text

    recruit = {
        "kind": "recruit",
        "coin": "Royal",
        "unit": "Crossbowman",
        "hexes": [],
        "text": "RC recruit Cr",
    }
    assert hint_text(recruit, "en") == (
        "💡 Hint (what the easy AI would play): Recruit a Crossbowman, paying with your Royal Coin. (RC recruit Cr)"
    )
    follow = {"kind": "move", "coin": None, "unit": None, "hexes": ["f4", "e5"], "text": "move f4-e5"}
    assert "Move the unit from f4 to e5." in hint_text(follow, "en")
    assert "\u2068f4\u2069" in hint_text(follow, "fa") and "یگان" in hint_text(follow, "fa")
