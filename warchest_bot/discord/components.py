"""Buttons and select menus as dynamic items: each custom id carries the game id (and the ply it was made
for), so they keep working after a restart, and a press on an old message is refused as stale.

custom ids (all under 100 characters):
  wc:ch:join:<game> / wc:ch:decline:<game>   challenge buttons
  wc:menu:<game>:<ply>                       "Play": open the guided menu for the position at <ply>
  wc:menu:<game>:now                         "Play" in a hand DM: the guided menu for the current position
  wc:hand:<game>                             "My hand": the hand, privately
  wc:coin:<game>:<ply>[:<n>[:<coin>]]        select an outer group (War Chest: a coin; n-th menu of 25),
                                             or with <coin> an inner group of it
  wc:kind:<game>:<ply>:<coin>:<kind>         choose an inner group (War Chest: what the coin does)
  wc:page:<game>:<ply>:<page>:<coin>:<kind>  another page of the actions of a group (over 125 actions)
  wc:act:<game>:<ply>:<n>                    select an action (n-th menu of 25)
  wc:do:<game>:<ply>:<action text>           play this action ("#<i>": the i-th legal action, for a
                                             text too long for a custom id)
  wc:hist:<game>:<start>                     history page
  wc:resign:<yes|no>:<game>:<ply>:<user>     confirm / cancel a resignation (only <user> may answer)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from re import Match
from typing import Any, Self

import discord

from ..games import get_game, menus_of
from ..i18n import for_game, has_message, t
from ..service import ErrorCode, GameInfo, Legal, ServiceError
from . import menus
from .common import answer, bot_of, in_time, locale_of, not_your_turn, player_of
from .interactions import BotItem, ViewButton, ViewSelect, select_menu

MAX_BUTTON_ACTIONS = 5
MAX_GROUP_BUTTONS = 10
"""The most inner groups shown as buttons (two rows); more come as a select menu (Point-Buy Chess's unit
types while picking: 25 buttons were a wall on a phone)."""
PER_SELECT = 25
MAX_ROWS = 5
BUTTON_LABEL = 80
OPTION_LABEL = 100
MAX_VALUE = 100 - len("wc:do:::") - 2 * 20
"""The longest action text a custom id carries (game and ply take up to 20 digits each)."""
_INDEX = re.compile(r"#(\d{1,4})")


def _label(text: str, limit: int = BUTTON_LABEL) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- views ----------------------------------------------------------------------------------------------


def challenge_view(info: GameInfo, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    label = "bot.button.accept" if info.invited else "bot.button.join"
    view.add_item(ChallengeButton(info.id, "join", t(label, locale)))
    if info.invited:
        view.add_item(ChallengeButton(info.id, "decline", t("bot.button.decline", locale)))
    return view


def board_view(
    info: GameInfo, locale: str, ply: int | None = None, *, web_url: str | None = None
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(MenuButton(info.id, info.ply if ply is None else ply, t("bot.button.play", locale)))
    view.add_item(HandButton(info.id, t(for_game("bot.button.hand", info.kind), locale)))
    add_web_link(view, web_url, locale)
    return view


def add_web_link(view: discord.ui.View, web_url: str | None, locale: str) -> discord.ui.View:
    """The game's web page as a link button (``WARCHEST_WEB``; a link needs no handler), if there is one."""
    if web_url is not None:
        view.add_item(
            discord.ui.Button(style=discord.ButtonStyle.link, url=web_url, label=t("web.button.view", locale))
        )
    return view


def waiting_hand_view(info: GameInfo, locale: str) -> discord.ui.View:
    """Under a hand DM sent while someone else decides: Play opens whatever position is current when
    pressed (the DM stays useful when the turn comes), and My hand."""
    view = discord.ui.View(timeout=None)
    view.add_item(MenuButton(info.id, None, t("bot.button.play", locale)))
    view.add_item(HandButton(info.id, t(for_game("bot.button.hand", info.kind), locale)))
    return view


def resign_confirm_view(game_id: int, ply: int, user_id: int, locale: str) -> discord.ui.View:
    """Confirm / Cancel under the private "Resign game #N?" question."""
    view = discord.ui.View(timeout=None)
    view.add_item(ResignButton(game_id, ply, user_id, True, t("bot.button.resign_confirm", locale)))
    view.add_item(ResignButton(game_id, ply, user_id, False, t("bot.button.resign_cancel", locale)))
    return view


def step_message(
    info: GameInfo, legal: Sequence[Legal], step: menus.Step, locale: str, note: str | None = None
) -> dict[str, Any]:
    """Content and components for one step of the guided path (within Discord's limits: 5 rows, 25
    options per select menu, 80-character button labels); ``note`` (`note_line`) above the question."""
    view = discord.ui.View(timeout=None)
    gid, ply, game = info.id, info.ply, step.game
    rules = menus_of(get_game(game))
    coin = step.coin or menus.NO_COIN
    facts = {
        "game_id": gid,
        "coin": menus.coin_label(coin, game, locale),
        "group": menus.group_label(coin, game, locale),
    }
    if step.level == "coin":
        key = rules.menu_prompt(0, (), _kinds_of(legal))
        _group_selects(view, gid, ply, (), step.coins, game, locale, _placeholder(key, locale))
    elif step.level == "kind":
        key = rules.menu_prompt(1, (coin,), _kinds_of(menus.actions(legal, coin, game=game)))
        if len(step.kinds) <= MAX_GROUP_BUTTONS:
            for kind in step.kinds:
                view.add_item(KindButton(gid, ply, coin, kind, _label(menus.group_label(kind, game, locale))))
        else:
            _group_selects(view, gid, ply, (coin,), step.kinds, game, locale, _placeholder(key, locale))
    else:
        key = rules.menu_prompt(2, (coin, step.kind or menus.NO_COIN), _kinds_of(step.choices))
        _action_items(view, gid, ply, legal, step, locale)
    question = t(key, locale, **facts)
    return {"content": question if note is None else f"{note}\n{question}", "view": view}


def note_line(kind: str, view: Mapping[str, Any], locale: str) -> str | None:
    """The game's warning for the seat whose ``view`` this is (`GameKind.decision_note`), in ``locale``."""
    note = get_game(kind).decision_note(view)
    return None if note is None else t(note[0], locale, **note[1])


def _kinds_of(choices: Sequence[Legal]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(a.kind for a in choices))


def _placeholder(prompt: str, locale: str) -> str:
    key = f"{prompt}_placeholder"
    return t(key if has_message(key) else "bot.menu.group_placeholder", locale)


def _group_selects(
    view: discord.ui.View,
    gid: int,
    ply: int,
    path: tuple[str, ...],
    keys: Sequence[str],
    game: str,
    locale: str,
    placeholder: str,
) -> None:
    """Select menus of group keys, 25 each (at most 5)."""
    for n in range(min(MAX_ROWS, (len(keys) + PER_SELECT - 1) // PER_SELECT)):
        chunk = keys[n * PER_SELECT : (n + 1) * PER_SELECT]
        options = [
            discord.SelectOption(label=_label(menus.group_label(k, game, locale)), value=k) for k in chunk
        ]
        view.add_item(CoinSelect(gid, ply, options, placeholder, n=n, path=path))


def _action_items(
    view: discord.ui.View, gid: int, ply: int, legal: Sequence[Legal], step: menus.Step, locale: str
) -> None:
    """The actions of a target step: buttons for a few, else select menus of 25; more than 5 select menus
    hold are shown a page (4 select menus) at a time, with buttons to the other pages."""
    choices = list(step.choices)
    if len(choices) <= MAX_BUTTON_ACTIONS:
        for legal_action in choices:
            view.add_item(ActionButton(gid, ply, action_value(legal, legal_action)))
        return
    per_page = PER_SELECT * (MAX_ROWS if len(choices) <= PER_SELECT * MAX_ROWS else MAX_ROWS - 1)
    pages = (len(choices) + per_page - 1) // per_page
    page = min(max(step.page, 0), pages - 1)
    first = page * per_page
    shown = choices[first : first + per_page]
    for n in range((len(shown) + PER_SELECT - 1) // PER_SELECT):
        chunk = shown[n * PER_SELECT : (n + 1) * PER_SELECT]
        low = first + n * PER_SELECT
        placeholder = (
            t("bot.menu.action_placeholder", locale)
            if len(choices) <= PER_SELECT
            else t("bot.menu.actions_more", locale, first=low + 1, last=low + len(chunk))
        )
        options = [
            discord.SelectOption(label=_label(a.text, OPTION_LABEL), value=action_value(legal, a))
            for a in chunk
        ]
        view.add_item(ActionSelect(gid, ply, first // PER_SELECT + n, options, placeholder))
    if pages > 1:
        coin, kind = step.coin or menus.NO_COIN, step.kind or menus.NO_COIN
        for other, label in ((page - 1, "bot.button.previous"), (page + 1, "bot.button.next")):
            if 0 <= other < pages:
                view.add_item(PageButton(gid, ply, other, coin, kind, t(label, locale)))


def action_value(legal: Sequence[Legal], action: Legal) -> str:
    """What a button or a select option carries for an action: its text, or "#<index>" among the legal
    actions when the text is too long for a custom id or an option value (100 characters)."""
    if len(action.text) <= MAX_VALUE and not _INDEX.fullmatch(action.text):
        return action.text
    return f"#{list(legal).index(action)}"


def action_text(legal: Sequence[Legal], value: str) -> str | None:
    """The action text an `action_value` stands for (None: no such action any more)."""
    match = _INDEX.fullmatch(value)
    if match is None:
        return value
    index = int(match[1])
    return legal[index].text if index < len(legal) else None


def first_step_view(info: GameInfo, legal: Sequence[Legal], locale: str) -> discord.ui.View:
    return step_message(info, legal, menus.first_step(legal, info.kind), locale)["view"]


# --- shared checks ----------------------------------------------------------------------------------------


async def _position(
    interaction: discord.Interaction, game_id: int, ply: int
) -> tuple[GameInfo, tuple[Legal, ...]]:
    """The game and the presser's legal actions, refusing (ServiceError) a stale press or a press by
    someone whose decision it is not."""
    bot = bot_of(interaction)
    info, legal = await bot.flow.menu_state(game_id, interaction.user.id)
    if info.status != "active":
        await bot.service.legal_actions(game_id, interaction.user.id)  # raises game over / not started
    if info.ply != ply:
        raise await stale_press(interaction, info)
    if not legal:
        if info.seat_of(interaction.user.id) is None:
            raise ServiceError("not_seated", game_id=game_id)
        raise not_your_turn(info)
    return info, legal


async def stale_press(
    interaction: discord.Interaction, info: GameInfo, *, typed: bool = False
) -> ServiceError:
    """The refusal of a press (``typed``: an action picked from /wc play's list) made for an earlier
    position: whose turn it is now, a link to the current board, and /wc play as the way on."""
    stale = "bot.error.stale_typed" if typed else "bot.error.stale"
    if info.status != "active" or info.to_act is None:
        return ServiceError(ErrorCode.STALE, f"{stale}_over", game_id=info.id, ply=info.ply)
    ref = await bot_of(interaction).service.message(info.id, "board")
    facts: dict[str, Any] = {"game_id": info.id, "ply": info.ply, "player": info.to_act.name}
    if ref is None or ref.channel_id is None:
        return ServiceError(ErrorCode.STALE, f"{stale}_turn_nolink", **facts)
    link = f"https://discord.com/channels/{info.guild_id or '@me'}/{ref.channel_id}/{ref.message_id}"
    return ServiceError(ErrorCode.STALE, f"{stale}_turn", link=link, **facts)


async def _show(interaction: discord.Interaction, message: dict[str, Any]) -> None:
    """Show a menu step: in place when pressed on a private menu, else as a new private message."""
    msg = interaction.message
    if msg is not None and msg.flags.ephemeral:
        await interaction.response.edit_message(**message)
    else:
        await interaction.response.send_message(ephemeral=True, **message)


async def play_value(interaction: discord.Interaction, game_id: int, ply: int, value: str) -> None:
    """Play what a menu button or option carries (`action_value`): its text, or the legal action it
    numbers (checked against the position it was made for)."""
    if _INDEX.fullmatch(value):
        _info, legal = await _position(interaction, game_id, ply)
        text = action_text(legal, value)
        if text is None:
            raise ServiceError("stale", "bot.error.menu_gone", game_id=game_id)
        value = text
    await play_text(interaction, game_id, ply, value)


async def play_text(interaction: discord.Interaction, game_id: int, ply: int, text: str) -> None:
    bot = bot_of(interaction)
    try:
        result = await in_time(
            interaction, bot.service.play(game_id, interaction.user.id, text, expected_ply=ply)
        )
    except ServiceError as exc:
        if exc.code != ErrorCode.STALE:
            raise
        raise await stale_press(interaction, await bot.service.get_game(game_id)) from exc
    bot.flow.after_play(result, interaction)
    done = t("bot.move.you_played", locale_of(interaction), action=result.private_action, game_id=game_id)
    await _answer(interaction, done)


# --- items ------------------------------------------------------------------------------------------------


class ChallengeButton(BotItem[ViewButton], template=r"wc:ch:(?P<act>join|decline):(?P<game>\d+)"):
    def __init__(self, game_id: int, act: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if act == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or act, style=style, custom_id=f"wc:ch:{act}:{game_id}")
        )
        self.game_id, self.act = game_id, act

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["game"]), match["act"], item.label or "")

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        player = player_of(interaction.user)
        loc = locale_of(interaction)
        if self.act == "decline":
            info = await bot.service.decline(self.game_id, player)
            await interaction.response.send_message(
                t("bot.challenge.declined", loc, game_id=self.game_id), ephemeral=True
            )
            await bot.cog.refresh_challenge(info, interaction.message)
            return
        info = await in_time(interaction, bot.service.join(self.game_id, player))
        await answer(interaction, t("bot.challenge.joined", loc, game_id=self.game_id))
        await bot.cog.refresh_challenge(info, interaction.message, interaction)


class MenuButton(BotItem[ViewButton], template=r"wc:menu:(?P<game>\d+):(?P<ply>\d+|now)"):
    """Play: the guided menu for the turn that began at ``ply`` (a board is posted as a turn begins), at
    the decision it has reached: a turn of several decisions keeps its board's button working until the
    turn is over, then a press is stale. None: whatever position is current."""

    def __init__(self, game_id: int, ply: int | None, label: str = "Play") -> None:
        at = "now" if ply is None else ply
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.primary, custom_id=f"wc:menu:{game_id}:{at}"
            )
        )
        self.game_id, self.ply = game_id, ply

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        ply = None if match["ply"] == "now" else int(match["ply"])
        return cls(int(match["game"]), ply, item.label or "Play")

    async def run(self, interaction: discord.Interaction) -> None:
        service = bot_of(interaction).service
        ply = self.ply
        now = (await service.get_game(self.game_id)).ply
        if ply is None or (now > ply and await service.turn_start(self.game_id) == ply):
            ply = now  # the turn the button was posted for is still under way: its current decision
        info, legal = await _position(interaction, self.game_id, ply)
        step = menus.first_step(legal, info.kind)
        loc = locale_of(interaction)
        view = await bot_of(interaction).service.view(self.game_id, interaction.user.id)
        message = step_message(info, legal, step, loc, note_line(info.kind, view, loc))
        await interaction.response.send_message(ephemeral=True, **message)


class HandButton(BotItem[ViewButton], template=r"wc:hand:(?P<game>\d+)"):
    def __init__(self, game_id: int, label: str = "My hand") -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=f"wc:hand:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["game"]), item.label or "My hand")

    async def run(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).cog.show_hand(interaction, self.game_id)


class CoinSelect(
    BotItem[ViewSelect],
    template=r"wc:coin:(?P<game>\d+):(?P<ply>\d+)(?::(?P<n>\d+)(?::(?P<coin>[^:]+))?)?",
):
    """Choose a group: an outer one (War Chest: the coin), or with ``path`` (the outer group chosen) an
    inner one. ``n``: the n-th select menu of 25 groups."""

    def __init__(
        self,
        game_id: int,
        ply: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
        *,
        n: int = 0,
        path: tuple[str, ...] = (),
    ) -> None:
        custom_id = f"wc:coin:{game_id}:{ply}"
        if n or path:
            custom_id += f":{n}" + "".join(f":{key}" for key in path)
        super().__init__(select_menu(custom_id, options, placeholder))
        self.game_id, self.ply, self.path = game_id, ply, path

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewSelect, match: Match[str]) -> Self:
        path = (match["coin"],) if match["coin"] else ()
        n = int(match["n"] or 0)
        return cls(int(match["game"]), int(match["ply"]), list(item.options) or None, n=n, path=path)

    async def run(self, interaction: discord.Interaction) -> None:
        info, legal = await _position(interaction, self.game_id, self.ply)
        chosen = self.item.values[0]
        if self.path:
            step = menus.target(legal, self.path[0], chosen, info.kind)
            if not step.choices:
                raise ServiceError("stale", "bot.error.menu_gone", game_id=self.game_id)
        else:
            if chosen not in menus.coins(legal, info.kind):
                raise ServiceError("stale", "bot.error.menu_gone", game_id=self.game_id)
            step = menus.after_coin(legal, chosen, info.kind)
        await _show(interaction, step_message(info, legal, step, locale_of(interaction)))


class KindButton(
    BotItem[ViewButton],
    template=r"wc:kind:(?P<game>\d+):(?P<ply>\d+):(?P<coin>[^:]+):(?P<kind>[^:]+)",
):
    """Choose an inner group (War Chest: what the coin does) of the outer group ``coin``."""

    def __init__(self, game_id: int, ply: int, coin: str, kind: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(label=label or kind, custom_id=f"wc:kind:{game_id}:{ply}:{coin}:{kind}")
        )
        self.game_id, self.ply, self.coin, self.kind = game_id, ply, coin, kind

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["game"]), int(match["ply"]), match["coin"], match["kind"], item.label or "")

    async def run(self, interaction: discord.Interaction) -> None:
        info, legal = await _position(interaction, self.game_id, self.ply)
        step = menus.target(legal, self.coin, self.kind, info.kind)
        if not step.choices:
            raise ServiceError("stale", "bot.error.menu_gone", game_id=self.game_id)
        await _show(interaction, step_message(info, legal, step, locale_of(interaction)))


class PageButton(
    BotItem[ViewButton],
    template=r"wc:page:(?P<game>\d+):(?P<ply>\d+):(?P<page>\d+):(?P<coin>[^:]+):(?P<kind>[^:]+)",
):
    """Another page of the actions of the groups ``coin`` and ``kind`` (more than 5 select menus hold)."""

    def __init__(self, game_id: int, ply: int, page: int, coin: str, kind: str, label: str = "") -> None:
        custom_id = f"wc:page:{game_id}:{ply}:{page}:{coin}:{kind}"
        super().__init__(discord.ui.Button(label=label or str(page + 1), custom_id=custom_id))
        self.game_id, self.ply, self.page, self.coin, self.kind = game_id, ply, page, coin, kind

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(
            int(match["game"]),
            int(match["ply"]),
            int(match["page"]),
            match["coin"],
            match["kind"],
            item.label or "",
        )

    async def run(self, interaction: discord.Interaction) -> None:
        info, legal = await _position(interaction, self.game_id, self.ply)
        step = menus.target(legal, self.coin, self.kind, info.kind, page=self.page)
        if not step.choices:
            raise ServiceError("stale", "bot.error.menu_gone", game_id=self.game_id)
        await _show(interaction, step_message(info, legal, step, locale_of(interaction)))


class ActionSelect(BotItem[ViewSelect], template=r"wc:act:(?P<game>\d+):(?P<ply>\d+):(?P<n>\d+)"):
    def __init__(
        self,
        game_id: int,
        ply: int,
        n: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(select_menu(f"wc:act:{game_id}:{ply}:{n}", options, placeholder))
        self.game_id, self.ply = game_id, ply

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewSelect, match: Match[str]) -> Self:
        return cls(int(match["game"]), int(match["ply"]), int(match["n"]), list(item.options) or None)

    async def run(self, interaction: discord.Interaction) -> None:
        await play_value(interaction, self.game_id, self.ply, self.item.values[0])


class ActionButton(BotItem[ViewButton], template=r"wc:do:(?P<game>\d+):(?P<ply>\d+):(?P<text>.+)"):
    def __init__(self, game_id: int, ply: int, text: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=_label(text),
                style=discord.ButtonStyle.success,
                custom_id=f"wc:do:{game_id}:{ply}:{text}"[:100],
            )
        )
        self.game_id, self.ply, self.text = game_id, ply, text

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["game"]), int(match["ply"]), match["text"])

    async def run(self, interaction: discord.Interaction) -> None:
        await play_value(interaction, self.game_id, self.ply, self.text)


class HistoryButton(BotItem[ViewButton], template=r"wc:hist:(?P<game>\d+):(?P<start>\d+)"):
    def __init__(self, game_id: int, start: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or str(start), custom_id=f"wc:hist:{game_id}:{start}"))
        self.game_id, self.start = game_id, start

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(int(match["game"]), int(match["start"]), item.label or "")

    async def run(self, interaction: discord.Interaction) -> None:
        await bot_of(interaction).cog.show_history(interaction, self.game_id, self.start)


class ResignButton(
    BotItem[ViewButton],
    template=r"wc:resign:(?P<ans>yes|no):(?P<game>\d+):(?P<ply>\d+):(?P<user>\d+)",
):
    """Confirm or Cancel a resignation asked for at ``ply`` by ``user``. Confirm resigns only if the game
    is still at that ply; anyone else's press, like a stale one, is refused privately and changes nothing."""

    def __init__(self, game_id: int, ply: int, user_id: int, confirm: bool, label: str = "") -> None:
        ans = "yes" if confirm else "no"
        style = discord.ButtonStyle.danger if confirm else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or ans, style=style, custom_id=f"wc:resign:{ans}:{game_id}:{ply}:{user_id}"
            )
        )
        self.game_id, self.ply, self.user_id, self.confirm = game_id, ply, user_id, confirm

    @classmethod
    async def restore(cls, interaction: discord.Interaction, item: ViewButton, match: Match[str]) -> Self:
        return cls(
            int(match["game"]), int(match["ply"]), int(match["user"]), match["ans"] == "yes", item.label or ""
        )

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        loc = locale_of(interaction)
        if interaction.user.id != self.user_id:
            raise ServiceError("not_seated", "bot.resign.not_yours", game_id=self.game_id)
        if not self.confirm:
            await _answer(interaction, t("bot.resign.cancelled", loc, game_id=self.game_id))
            return
        try:
            info = await in_time(
                interaction, bot.service.resign(self.game_id, interaction.user.id, expected_ply=self.ply)
            )
        except ServiceError as exc:
            if exc.code == "stale":
                raise ServiceError("stale", "bot.resign.stale", game_id=self.game_id) from exc
            raise
        await _answer(interaction, info.over.message(loc) if info.over is not None else "")


async def _answer(interaction: discord.Interaction, text: str) -> None:
    """The last word of a private question: replaces it (and its buttons) when pressed on it."""
    msg = interaction.message
    if msg is not None and msg.flags.ephemeral:
        await answer(interaction, text, edit=True, view=None)
    else:
        await answer(interaction, text)


DYNAMIC_ITEMS = (
    ChallengeButton,
    MenuButton,
    HandButton,
    CoinSelect,
    KindButton,
    PageButton,
    ActionSelect,
    ActionButton,
    HistoryButton,
    ResignButton,
)
