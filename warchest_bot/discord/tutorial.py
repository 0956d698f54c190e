"""`/wc tutorial`: the War Chest lessons, played privately.

Every step is an ephemeral message to the learner, in the channel where they typed the command: the lesson,
what happened to their last move, the board and their coins as pictures drawn from their own view, and the
same guided menu as in a game (outer group → inner group → action, `menus`), plus a Hint button in the game
lesson and "Start this lesson again". Why ephemeral: only the learner sees it (no clutter for others and no
spoilers), it needs no open DMs and no thread permissions, and a press on the menu redraws the same message
in place, so the lesson reads like one page. Ephemeral messages do not survive a client reload, so
progress lives in the database and `/wc tutorial` shows the current step again at any time. Actions may
also be typed: `/wc tutorial action:` with autocomplete of the legal actions.

custom ids (the attempt number makes a press on an older step stale):
  wc:tut:g:<attempt>[:<coin>]          select an outer group, or with <coin> an inner group of it
  wc:tut:k:<attempt>:<coin>:<kind>     choose an inner group
  wc:tut:a:<attempt>:<n>               select an action (n-th menu of 25)
  wc:tut:do:<attempt>:<action text>    play this action
  wc:tut:hint:<attempt> / wc:tut:again:<attempt>   a hint / the lesson from its start
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Sequence
from re import Match
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import app_commands

from ..games import alt_text_of, get_game
from ..i18n import t
from ..service import Legal, ServiceError, TutorialStep
from ..service.tutorial import KIND, lessons
from . import menus
from .common import LongTextOption, TextOption, bot_of, locale_of
from .interactions import BotItem, ViewButton, ViewSelect, select_menu
from .mixin import CogMixin

if TYPE_CHECKING:
    from .bot import WarchestBot

PER_SELECT = 25
MAX_BUTTONS = 5
CONTENT_LIMIT = 2000


def _label(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def step_text(step: TutorialStep, locale: str) -> str:
    """The words of a step: header, what happened to the last move, the lesson and its goal."""
    lines: list[str] = []
    if step.outcome == "reached" and step.finished is not None:
        lines.append(t("tutorial.reached", locale, done=t(step.finished.key("done"), locale)))
    elif step.outcome == "missed":
        why = t(step.why or "tutorial.why.generic", locale, **lessons().reason_params(step.params, locale))
        lines.append(t("tutorial.missed", locale, action=step.played[0], why=why))
    elif step.outcome == "continue" and step.played:
        lines.append(t("tutorial.played", locale, action=step.played[0]))
        for reply in step.played[1:]:
            lines.append(t("tutorial.opponent_played", locale, action=reply))
    lesson = step.lesson
    if lesson is None:
        lines.append(t("tutorial.all_done", locale, total=step.total))
        return "\n".join(lines)
    title = t(lesson.key("title"), locale)
    lines.append(t("tutorial.header", locale, number=lesson.number, total=step.total, title=title))
    if step.outcome != "continue":
        lines.append(t(lesson.key("text"), locale))
    lines.append(t("tutorial.goal", locale, goal=t(lesson.key("goal"), locale)))
    if step.legal and step.legal[0].followup:
        lines.append(t("tutorial.followup", locale))
    lines.append(t("tutorial.how", locale))
    text = "\n".join(lines)
    return text if len(text) <= CONTENT_LIMIT else text[: CONTENT_LIMIT - 1] + "…"


# --- the menu -----------------------------------------------------------------------------------------------
def menu_view(step: TutorialStep, locale: str, menu: menus.Step | None = None) -> discord.ui.View:
    """The guided menu of the step's legal actions (``menu``: where in it; default its first step), and the
    lesson's buttons."""
    view = discord.ui.View(timeout=None)
    legal = step.legal
    n = step.attempt
    if step.lesson is None:
        return view
    if legal:
        menu = menu or menus.first_step(legal, KIND)
        if menu.level == "coin":
            _group_selects(view, n, (), menu.coins, locale)
        elif menu.level == "kind":
            coin = menu.coin or menus.NO_COIN
            if len(menu.kinds) <= MAX_BUTTONS:
                for kind in menu.kinds:
                    view.add_item(KindButton(n, coin, kind, _label(menus.group_label(kind, KIND, locale))))
            else:
                _group_selects(view, n, (coin,), menu.kinds, locale)
        else:
            _action_items(view, n, legal, menu.choices, locale)
    if step.lesson.hints and legal:
        view.add_item(LessonButton(n, "hint", t("tutorial.button.hint", locale)))
    view.add_item(LessonButton(n, "again", t("tutorial.button.again", locale)))
    return view


def _group_selects(
    view: discord.ui.View, attempt: int, path: tuple[str, ...], keys: Sequence[str], locale: str
) -> None:
    options = [
        discord.SelectOption(label=_label(menus.group_label(k, KIND, locale), 100), value=k)
        for k in keys[:PER_SELECT]
    ]
    view.add_item(GroupSelect(attempt, path, options, t("bot.menu.group_placeholder", locale)))


def _action_items(
    view: discord.ui.View, attempt: int, legal: Sequence[Legal], choices: Sequence[Legal], locale: str
) -> None:
    if len(choices) <= MAX_BUTTONS:
        for a in choices:
            view.add_item(ActionButton(attempt, a.text))
        return
    for n in range(min(3, (len(choices) + PER_SELECT - 1) // PER_SELECT)):
        chunk = choices[n * PER_SELECT : (n + 1) * PER_SELECT]
        options = [discord.SelectOption(label=_label(a.text, 100), value=a.text) for a in chunk]
        view.add_item(ActionSelect(attempt, n, options, t("bot.menu.action_placeholder", locale)))


async def step_message(bot: WarchestBot, step: TutorialStep, locale: str) -> dict[str, Any]:
    """Content, pictures (board and coins, from the learner's view) and the menu of a step."""
    content = step_text(step, locale)
    view = menu_view(step, locale)
    if step.lesson is None:
        return {"content": content, "view": view, "attachments": []}
    names = [t("tutorial.you", locale), t("tutorial.opponent", locale)]
    rules = alt_text_of(get_game(KIND))
    board, hand = await asyncio.gather(
        bot.renderer.board(step.view, step.last_action, names, KIND, locale),
        bot.renderer.hand(step.view, names, KIND, locale),
    )
    files = [
        discord.File(
            io.BytesIO(board),
            filename=f"tutorial-{step.lesson.number:02d}-board.png",
            description=rules.board_alt_text(step.view, step.last_action, names, locale)[:1024],
        ),
        discord.File(
            io.BytesIO(hand),
            filename=f"tutorial-{step.lesson.number:02d}-coins.png",
            description=rules.private_alt_text(step.view, names, locale)[:1024],
        ),
    ]
    return {"content": content, "view": view, "attachments": files}


async def show(interaction: discord.Interaction, step: TutorialStep) -> None:
    """Show ``step``: in place of the pressed tutorial message, or as a new private message."""
    bot = bot_of(interaction)
    loc = locale_of(interaction)
    msg = interaction.message
    in_place = (
        interaction.type is discord.InteractionType.component and msg is not None and msg.flags.ephemeral
    )
    if not interaction.response.is_done():
        if in_place:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
    message = await step_message(bot, step, loc)
    if in_place:
        await interaction.edit_original_response(**message)
    else:
        files = message.pop("attachments")
        await interaction.followup.send(ephemeral=True, files=files, **message)


async def show_menu(
    interaction: discord.Interaction, attempt: int, menu_of: Callable[[Sequence[Legal]], menus.Step | None]
) -> None:
    """Narrow the menu of the pressed tutorial message down (no move is played)."""
    step = await bot_of(interaction).service.tutorial(interaction.user.id)
    if step.attempt != attempt or step.lesson is None:
        raise ServiceError("stale", "tutorial.error.stale")
    menu = menu_of(step.legal)
    if menu is None:
        raise ServiceError("stale", "tutorial.error.stale")
    loc = locale_of(interaction)
    await interaction.response.edit_message(view=menu_view(step, loc, menu))


async def play(interaction: discord.Interaction, text: str, attempt: int | None) -> None:
    step = await bot_of(interaction).service.tutorial_play(interaction.user.id, text, attempt=attempt)
    await show(interaction, step)


# --- items --------------------------------------------------------------------------------------------------
class GroupSelect(BotItem[ViewSelect], template=r"wc:tut:g:(?P<n>\d+)(?::(?P<coin>[^:]+))?"):
    """Choose an outer group (War Chest: a coin), or with ``path`` an inner group of it."""

    def __init__(
        self,
        attempt: int,
        path: tuple[str, ...] = (),
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        custom_id = f"wc:tut:g:{attempt}" + "".join(f":{k}" for k in path)
        super().__init__(select_menu(custom_id, options, placeholder))
        self.attempt, self.path = attempt, path

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewSelect, match: Match[str]) -> Self:
        path = (match["coin"],) if match["coin"] else ()
        return cls(int(match["n"]), path, list(item.options) or None)

    async def run(self, interaction: discord.Interaction) -> None:
        chosen = self.item.values[0]

        def menu_of(legal: Sequence[Legal]) -> menus.Step | None:
            if self.path:
                found = menus.target(legal, self.path[0], chosen, KIND)
                return found if found.choices else None
            return menus.after_coin(legal, chosen, KIND) if chosen in menus.coins(legal, KIND) else None

        await show_menu(interaction, self.attempt, menu_of)


class KindButton(BotItem[ViewButton], template=r"wc:tut:k:(?P<n>\d+):(?P<coin>[^:]+):(?P<kind>[^:]+)"):
    """Choose an inner group (War Chest: what the coin does)."""

    def __init__(self, attempt: int, coin: str, kind: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(label=label or kind, custom_id=f"wc:tut:k:{attempt}:{coin}:{kind}")
        )
        self.attempt, self.coin, self.kind = attempt, coin, kind

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["n"]), match["coin"], match["kind"], item.label or "")

    async def run(self, interaction: discord.Interaction) -> None:
        def menu_of(legal: Sequence[Legal]) -> menus.Step | None:
            found = menus.target(legal, self.coin, self.kind, KIND)
            return found if found.choices else None

        await show_menu(interaction, self.attempt, menu_of)


class ActionSelect(BotItem[ViewSelect], template=r"wc:tut:a:(?P<n>\d+):(?P<i>\d+)"):
    def __init__(
        self,
        attempt: int,
        index: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(select_menu(f"wc:tut:a:{attempt}:{index}", options, placeholder))
        self.attempt = attempt

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewSelect, match: Match[str]) -> Self:
        return cls(int(match["n"]), int(match["i"]), list(item.options) or None)

    async def run(self, interaction: discord.Interaction) -> None:
        await play(interaction, self.item.values[0], self.attempt)


class ActionButton(BotItem[ViewButton], template=r"wc:tut:do:(?P<n>\d+):(?P<text>.+)"):
    def __init__(self, attempt: int, text: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=_label(text),
                style=discord.ButtonStyle.success,
                custom_id=f"wc:tut:do:{attempt}:{text}"[:100],
            )
        )
        self.attempt, self.text = attempt, text

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["n"]), match["text"])

    async def run(self, interaction: discord.Interaction) -> None:
        await play(interaction, self.text, self.attempt)


class LessonButton(BotItem[ViewButton], template=r"wc:tut:(?P<what>hint|again):(?P<n>\d+)"):
    """Hint (the easy AI's suggestion, privately) or Start this lesson again."""

    def __init__(self, attempt: int, what: str, label: str = "") -> None:
        style = discord.ButtonStyle.primary if what == "hint" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or what, style=style, custom_id=f"wc:tut:{what}:{attempt}")
        )
        self.attempt, self.what = attempt, what

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["n"]), match["what"], item.label or "")

    async def run(self, interaction: discord.Interaction) -> None:
        service = bot_of(interaction).service
        loc = locale_of(interaction)
        if self.what == "hint":
            text = await service.tutorial_hint(interaction.user.id, attempt=self.attempt)
            await interaction.response.send_message(hint_text(text, loc), ephemeral=True)
            return
        step = await service.tutorial(interaction.user.id)
        if step.attempt != self.attempt:
            raise ServiceError("stale", "tutorial.error.stale")
        await show(interaction, await service.tutorial_go(interaction.user.id))


def hint_text(hint: dict[str, Any], locale: str) -> str:
    """A hint in words, as the tutorial's game puts it (`Tutorial.hint_text`)."""
    return lessons().hint_text(hint, locale)


TUTORIAL_ITEMS = (GroupSelect, KindButton, ActionSelect, ActionButton, LessonButton)


class TutorialCommands(CogMixin):
    """The `/wc tutorial` command (a mixin of `WarChestCog`)."""

    @app_commands.command(name="tutorial", description="Learn War Chest: short lessons, played privately")
    @app_commands.describe(
        action="Your move in the lesson, e.g. “Sw deploy e2” (the list shows the legal ones)",
        lesson="Go to this lesson",
        restart="Start the tutorial over from the first lesson",
    )
    async def tutorial(
        self,
        interaction: discord.Interaction,
        action: LongTextOption | None = None,
        lesson: TextOption | None = None,
        restart: bool = False,
    ) -> None:
        service = self.bot.service
        user = interaction.user.id
        if action is not None:
            await play(interaction, action, None)
            return
        if lesson is not None or restart:
            step = await service.tutorial_go(user, lesson, restart=restart)
        else:
            step = await service.tutorial(user)
        await show(interaction, step)

    @tutorial.autocomplete("action")
    async def tutorial_action_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            texts = await self.bot.service.tutorial_suggest(interaction.user.id, current)
        except ServiceError:
            return []
        return [app_commands.Choice(name=x, value=x) for x in texts[:25] if len(x) <= 100]

    @tutorial.autocomplete("lesson")
    async def tutorial_lesson_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        loc = locale_of(interaction)
        out = []
        for x in lessons().lessons():
            name = t("tutorial.choice", loc, number=x.number, title=t(x.key("title"), loc))
            if current.strip().lower() in name.lower() or current.strip() == str(x.number):
                out.append(app_commands.Choice(name=_label(name, 100), value=x.id))
        return out[:25]
