"""The guided path for phones: the legal actions narrowed down in up to three steps, outer group → inner
group → the action, as the game groups them (`GameKind.menu_groups`: War Chest's coin → what the coin does →
target; by default the kind → the unit → the action). A level whose actions all share one group is skipped.

Pure functions over the service's `Legal` tuples, so they are easy to test; `components.py` turns them into
buttons and select menus within Discord's limits. The names say "coin" for the outer group and "kind" for
the inner one (War Chest's words, which the custom ids of buttons already sent keep).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..games import DEFAULT_KIND, NO_GROUP, get_game, menus_of, pictures_of
from ..games.completion import matching
from ..i18n import DEFAULT_LOCALE, has_message, normalize_locale, t
from ..service import Legal

NO_COIN = NO_GROUP


def groups(legal: Sequence[Legal], game: str = DEFAULT_KIND) -> list[tuple[str, str]]:
    """The (outer, inner) menu group of each action, as its game groups them."""
    return menus_of(get_game(game)).menu_groups([(a.text, a.kind) for a in legal])


def _ordered(keys: Iterable[str], game: str) -> list[str]:
    return sorted(dict.fromkeys(keys), key=menus_of(get_game(game)).menu_rank)


def coin_of(legal: Legal, game: str = DEFAULT_KIND) -> str:
    """The outer group of one action (War Chest: the coin it is paid with, "Sw", "RC", or NO_COIN for
    follow-ups and draft picks)."""
    return groups([legal], game)[0][0]


def coin_label(code: str, kind: str = DEFAULT_KIND, locale: str = DEFAULT_LOCALE) -> str:
    """A unit (coin) by its name in ``locale`` when the game has it translated (`facets.Units.unit_names`),
    else by the game's own name for it ("Swordsman", "Royal Coin"), else the code."""
    units = get_game(kind).facets.units
    if units is None:
        return code
    english = units.unit_names(DEFAULT_LOCALE).get(code)
    if normalize_locale(locale) != DEFAULT_LOCALE:
        name = units.unit_names(locale).get(code)
        if name is not None and name != english:
            return name
    if english is not None:
        return english
    unit = units.lookup_unit(code)
    return unit.name if unit is not None else code


def group_label(key: str, game: str = DEFAULT_KIND, locale: str = DEFAULT_LOCALE) -> str:
    """How a group shows on a button or in a select menu: an action kind by its catalogue name ("Deploy"),
    a unit by its name in ``locale`` and the key ("Swordsman (Sw)", "Knight (Kn b1)", catalogue
    ``completion.group``), anything else as it is."""
    if has_message(f"bot.kind.{key}"):
        return t(f"bot.kind.{key}", locale)
    words = key.split()
    name = coin_label(words[0], game, locale) if words else key
    return t("completion.group", locale, unit=name, key=key) if words and name != words[0] else key


def coins(legal: Sequence[Legal], game: str = DEFAULT_KIND) -> list[str]:
    """The distinct outer groups, in the game's order (else as the actions come)."""
    return _ordered((g[0] for g in groups(legal, game)), game)


def kinds(legal: Sequence[Legal], coin: str, game: str = DEFAULT_KIND) -> list[str]:
    """The distinct inner groups of the outer group ``coin``, in the game's order."""
    return _ordered((g[1] for g in groups(legal, game) if g[0] == coin), game)


def actions(
    legal: Sequence[Legal], coin: str | None = None, kind: str | None = None, game: str = DEFAULT_KIND
) -> list[Legal]:
    """The actions of the outer group ``coin`` and inner group ``kind`` (None: any)."""
    return [
        a
        for a, (outer, inner) in zip(legal, groups(legal, game), strict=True)
        if (coin is None or outer == coin) and (kind is None or inner == kind)
    ]


@dataclass(frozen=True)
class Step:
    """What to ask next: "coin" (choose among the outer groups ``coins``), "kind" (the inner groups
    ``kinds`` of ``coin``) or "target" (choose among ``choices``, the actions of ``coin`` and ``kind``;
    ``page`` when they are more than one message holds)."""

    level: str
    coin: str | None = None
    coins: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    choices: tuple[Legal, ...] = ()
    game: str = DEFAULT_KIND
    kind: str | None = None
    page: int = 0


def first_step(legal: Sequence[Legal], game: str = DEFAULT_KIND) -> Step:
    """Where the guided path starts: the outer groups, unless there is only one (War Chest: follow-ups and
    draft picks are paid with no coin)."""
    cs = coins(legal, game)
    if len(cs) == 1:
        return after_coin(legal, cs[0], game)
    return Step("coin", coins=tuple(cs), game=game)


def after_coin(legal: Sequence[Legal], coin: str, game: str = DEFAULT_KIND) -> Step:
    """The inner groups of ``coin``, or its actions when it has one."""
    ks = kinds(legal, coin, game)
    if len(ks) == 1:
        return target(legal, coin, ks[0], game)
    return Step("kind", coin=coin, kinds=tuple(ks), game=game)


def target(legal: Sequence[Legal], coin: str, kind: str, game: str = DEFAULT_KIND, page: int = 0) -> Step:
    """The actions of ``coin`` and ``kind``."""
    return Step(
        "target", coin=coin, choices=tuple(actions(legal, coin, kind, game)), game=game, kind=kind, page=page
    )


def filter_actions(legal: Sequence[Legal], typed: str, limit: int | None = 25) -> list[Legal]:
    """Autocomplete: the actions matching every word typed (case, spacing and full-width letters
    ignored; see `warchest_bot.games.completion.matching`), those starting with the typed text first.
    ``limit`` None: all of them."""
    hits = [legal[n] for n in matching([a.text for a in legal], typed)]
    return hits if limit is None else hits[:limit]


def last_action_json(text: str, seat: int | None, game_kind: str = DEFAULT_KIND) -> dict[str, Any]:
    """A public action text as the board picture's last-action mark, as its game reads it back
    (`facets.Pictures.last_action_of_text`)."""
    return pictures_of(get_game(game_kind)).last_action_of_text(text, seat)
