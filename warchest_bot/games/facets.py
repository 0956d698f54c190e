"""The optional parts of a game: each a small protocol a game declares in its `Facets` (like the flags of
OpenSpiel's declared game type), beside the core `GameKind` that every game writes.

A game that has pictures, computer players, a rules guide, … says so by filling the matching field of its
``facets``; the service and the Discord layer read ``get_game(kind).facets.<name>`` (None: the game has no
such part) and never probe a game's attributes. Two facets have a generic stand-in that serves every game
that does not declare its own: `alt_text_of` (descriptions and the text board from the view's common
fields) and `menus_of` (the Play menus grouped by action kind).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .base import Player, ReviewAppraisal, UnitEntry, View
from .turns import ends_turn

if TYPE_CHECKING:
    from .base import GameKind


@runtime_checkable
class Snapshots(Protocol):
    """Whole states stored as text now and then, so that a long game loads without replaying its whole log
    (a cache, never the truth: a game without snapshots is replayed from its log)."""

    def snapshot(self, state: Any) -> str:
        """The whole state as text (hidden parts and RNG included: never shown to anyone)."""
        ...

    def restore(self, text: str) -> Any:
        """The state a ``snapshot`` wrote."""
        ...

    def snapshot_fits(self, state: Any, options: Mapping[str, Any], seed: int) -> bool:
        """Whether a restored state belongs to a game of these options and seed."""
        ...


@runtime_checkable
class Pictures(Protocol):
    """The game's pictures: the public board, a seat's private panel and the replay animation, drawn from
    views only (a worker process may draw them). Each takes the ``locale`` its words are drawn in."""

    def board_png(
        self,
        view: View,
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Sequence[str] | None = None,
        locale: str = "en",
    ) -> bytes:
        """The public board picture for a view (any seat's or a spectator's) as PNG bytes; ``last_action``
        is the public data of the action just played (`GameKind.describe_last_action`), ``names`` the
        display name of each seat."""
        ...

    def private_png(self, view: View, *, names: Sequence[str] | None = None, locale: str = "en") -> bytes:
        """The private panel (what only the viewing seat sees: its hand) from that seat's view, as PNG."""
        ...

    def replay_frames(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> Sequence[Any]:
        """The frames of a replay of the action log: spectator views and public actions only (the seed
        stays here; the frames may go to a render worker)."""
        ...

    def render_replay(
        self,
        frames: Sequence[Any],
        *,
        names: Sequence[str] | None = None,
        total: int | None = None,
        locale: str = "en",
    ) -> bytes:
        """The animation (GIF) of frames from ``replay_frames`` (``total``: the game's plies; default the
        last frame's)."""
        ...

    def warm_up(self) -> None:
        """Build the renderer's static layers (a worker process calls it before its first real picture)."""
        ...

    def last_action_of_text(self, text: str, seat: int | None) -> dict[str, Any]:
        """The board's last-action mark (the shape ``describe_last_action`` gives) read back from a public
        action text, for a board drawn again from the stored log."""
        ...


@runtime_checkable
class Units(Protocol):
    """The kinds of unit (pieces) people look up by name, with a card each."""

    def units(self) -> tuple[UnitEntry, ...]:
        """The units people may look up (a card each), in the rules' order."""
        ...

    def lookup_unit(self, text: str) -> UnitEntry | None:
        """The unit ``text`` names (code, name or a common alias, any case), or None. It may also find
        units that have no card (not in ``units``, e.g. War Chest's Royal Coin)."""
        ...

    def unit_names(self, locale: str) -> Mapping[str, str]:
        """Each unit's code (as notation writes it) → its name in ``locale`` (English where the catalogue
        has no translation). `/wc play` accepts these names, in any language, in place of the codes."""
        ...

    def unit_card_png(self, code: str, locale: str = "en") -> bytes:
        """The card of the unit with ``code`` (one of ``units``) in ``locale`` as PNG bytes."""
        ...

    def unit_alt_text(self, code: str, locale: str) -> str:
        """A unit card's description: the unit's name and its ability in brief."""
        ...


@runtime_checkable
class AltText(Protocol):
    """What screen readers read for the pictures, from the same view they are drawn from."""

    def board_alt_text(
        self, view: View, last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str
    ) -> str:
        """The board picture's description (at most 1024 characters): whose turn or the result, the last
        move, what stands where. Only what ``view`` shows (a spectator view for public posts)."""
        ...

    def private_alt_text(self, view: View, names: Sequence[str] | None, locale: str) -> str:
        """The private picture's description (the seat's hand, secret army, …), from the seat's view."""
        ...

    def board_text(self, view: View, names: Sequence[str] | None, locale: str) -> list[str]:
        """The board as lines of text a screen reader reads (no length limit): whose turn or the result,
        each occupied place with its unit, owner and stack, and the game's public counts."""
        ...


@runtime_checkable
class Players(Protocol):
    """Computer players people may play against, by level."""

    @property
    def ai_levels(self) -> Mapping[str, str]:
        """Difficulty levels people may play the bot at, and the player each stands for."""
        ...

    @property
    def ai_budgets(self) -> Mapping[str, float | None]:
        """The think time (ms per decision; None: the player's own) of each level of ``ai_levels``."""
        ...

    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> Player:
        """A computer player by level (one of ``ai_levels``) or by the player's own name; ``budget_ms``
        overrides the level's think time."""
        ...


@runtime_checkable
class Review(Protocol):
    """The review of a finished game (`warchest_bot.ai.review`): each decision valued by the game's search."""

    @property
    def review_budget(self) -> int:
        """The search budget of a review decision by default (the game's own unit, e.g. iterations)."""
        ...

    def review_decision(
        self, view: View, played: str, budget: int | None, seed: int
    ) -> ReviewAppraisal | None:
        """The decision ``view`` (the deciding seat's own view) shows, where ``played`` (its canonical
        text) was played, valued by the game's search from that view alone: the win chances of the mover's
        team after the played and after the preferred move, both moves in public notation and the
        catalogue sentence of what the preferred move wins or prevents (`warchest_bot.ai.review.Appraisal`).
        None: a decision the game does not judge (forced, or not searched)."""
        ...


@runtime_checkable
class RulesGuide(Protocol):
    """A rules guide beyond `GameKind.rules_text`: pages by topic (``/wc rules topic:``)."""

    def rules_topics(self, locale: str) -> list[tuple[str, str]]:
        """The topics as (topic id, label in ``locale``), in the guide's order."""
        ...

    def rules_page(self, topic: str, locale: str) -> str | None:
        """The guide's page (at most 2000 characters) on the topic ``topic`` names (its id, its label, or
        a unit's name), in ``locale``; None when no topic matches."""
        ...


@runtime_checkable
class Menus(Protocol):
    """How the Discord "Play" menus narrow the legal actions down: outer group → inner group → action."""

    def menu_groups(self, choices: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """The two menu groups of each legal action, given as (text, kind) pairs in the game's order:
        (outer, inner) keys. A menu asks for the outer group, then the inner one, then the action; a level
        whose actions all share one key is not asked. Keys are short words without ":"."""
        ...

    def menu_rank(self, key: str) -> int:
        """Where a group key sorts among the keys of its level (lower first; equal ranks keep the order in
        which the actions come)."""
        ...

    def menu_prompt(self, level: int, path: Sequence[str], kinds: Sequence[str]) -> str:
        """The catalogue key of the question a menu step asks: ``level`` 0 asks for the outer group, 1 for
        the inner group, 2 for the action; ``path`` holds the keys chosen so far and ``kinds`` the kinds of
        the actions still in the menu. Its ``_placeholder`` key (levels 0 and 1) names the select menu."""
        ...


@runtime_checkable
class Puzzles(Protocol):
    """Puzzles the game ships (``/wc puzzle``)."""

    def puzzles(self) -> tuple[Any, ...]:
        """The shipped puzzles, each with ``id``, ``seat``, ``view``, ``theme``, ``rating`` and a way to
        check an answer (see `warchest_bot.service.puzzles`)."""
        ...

    def group_prompt(self, locale: str) -> str:
        """The placeholder of the select of a puzzle's first group of moves (War Chest: "Choose a coin…")."""
        ...


class Lesson(Protocol):
    """One lesson of a `Tutorial`: a position the learner plays from and a goal. Its words are catalogue
    messages under ``key(name)``: ``title``, ``text``, ``goal`` and ``done``."""

    @property
    def id(self) -> str:
        """The lesson's stable name (stored as the learner's place)."""
        ...

    @property
    def number(self) -> int:
        """Its place in the tutorial, from 1."""
        ...

    @property
    def hints(self) -> bool:
        """Whether the lesson offers hints (the game's choice for the learner)."""
        ...

    def key(self, name: str) -> str:
        """The catalogue key of one of the lesson's texts."""
        ...

    def start(self) -> Any:
        """The lesson's position, fresh (a state of the game)."""
        ...


class Verdict(Protocol):
    """What the learner's moves so far amount to: ``status`` "continue" (the learner acts again),
    "opponent" (the game's computer player acts), "reached" or "missed" (``why``: the catalogue key saying
    why, filled with ``params``)."""

    @property
    def status(self) -> str: ...

    @property
    def why(self) -> str | None: ...

    @property
    def params(self) -> Mapping[str, Any]: ...


@runtime_checkable
class Tutorial(Protocol):
    """Lessons a user plays alone (``/wc tutorial``): positions, goals and the judging of the learner's
    moves; the service keeps the learner's place and plays the opponent with the game's `Players`."""

    @property
    def learner(self) -> int:
        """The seat the learner plays in every lesson."""
        ...

    def lessons(self) -> tuple[Lesson, ...]:
        """Every lesson, in order."""
        ...

    def find_lesson(self, text: str) -> Lesson | None:
        """A lesson by its name or number, or None."""
        ...

    def next_lesson(self, lesson: Any) -> Lesson | None:
        """The lesson after ``lesson`` (None after the last)."""
        ...

    def replay(self, lesson: Any, actions: Sequence[str]) -> Any:
        """The lesson's position after ``actions`` (canonical texts, both seats')."""
        ...

    def judge(self, lesson: Any, actions: Sequence[str]) -> Verdict:
        """The verdict on the actions played so far in ``lesson``."""
        ...

    def hint(self, state: Any, action: Any) -> dict[str, Any]:
        """The data of a hint that suggests ``action`` in ``state`` (JSON-like; ``text`` its notation)."""
        ...

    def hint_text(self, hint: Mapping[str, Any], locale: str) -> str:
        """A hint in words in ``locale``."""
        ...

    def reason_params(self, params: Mapping[str, Any], locale: str) -> dict[str, Any]:
        """The values a missed goal's reason (`Verdict.params`) is filled with in ``locale``."""
        ...


@runtime_checkable
class Records(Protocol):
    """The game's record file (`warchest_bot.games.records`, docs/records.md): a played game written as
    text and read back. A game without it cannot be exported or imported."""

    @property
    def suffix(self) -> str:
        """The file name suffix of a record (".pgn", ".txt")."""
        ...

    def to_record(self, played: Any) -> str:
        """The record of a `warchest_bot.games.records.PlayedGame`: only public information while
        ``played`` is under way (``played.public``)."""
        ...

    def from_record(self, text: str) -> Any:
        """The `PlayedGame` a record holds (options, players, plies, result, seed); a
        `warchest_bot.games.records.RecordError` for a text that is not a record of this game."""
        ...

    def claims(self, tags: Mapping[str, str]) -> bool:
        """Whether a record with these tag pairs but no ``Game`` tag is this game's (a chess PGN, with
        White/FEN tags: Point-Buy Chess); a game whose records always name it says no."""
        ...


@runtime_checkable
class Conditionals(Protocol):
    """Conditional moves: a player leaves "if they play X, I answer Y" lines that are played for them
    without their looking again (`warchest_bot.service.conditionals`). Only for a game of perfect
    information: where a seat draws or holds something hidden (War Chest's bag, For the Crown's deck), the
    answer would be chosen blind of what the move revealed."""

    def conditionals_open(self, state: Any) -> bool:
        """Whether lines may be left and played in ``state``: nothing a seat decides on is hidden (e.g. not
        while armies are picked in secret) and the game is not over."""
        ...


@runtime_checkable
class CardTables(Protocol):
    """The game's cards are data that a server may replace (For the Crown's house card values): its admins
    load a table from a file (``/wc admin card_table``); it is checked whole, kept in the server's settings
    under `setting`, and put into the options of every new game there, which records it (replays and
    reviews never change under a game). Without a loaded table new games play the shipped one."""

    @property
    def setting(self) -> str:
        """The server setting that holds the loaded table."""
        ...

    def load_table(self, raw: bytes) -> Mapping[str, Any]:
        """The data kept for a table file's bytes; a `warchest_bot.games.base.DataFileError` naming the
        first thing that cannot be played (nothing is kept then)."""
        ...

    def with_table(self, options: Mapping[str, Any], loaded: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options of a new game (``options`` as the players chose them) on a server whose admins
        loaded ``loaded`` (None: none)."""
        ...

    def table_line(self, loaded: Mapping[str, Any] | None, locale: str) -> str:
        """Which table new games on a server that loaded ``loaded`` use, in words in ``locale``."""
        ...

    def loaded_line(self, data: Mapping[str, Any], locale: str) -> str:
        """What an admin reads after loading ``data`` (from `load_table`), in ``locale``."""
        ...

    def removed_line(self, locale: str) -> str:
        """What an admin reads after going back to the shipped table, in ``locale``."""
        ...


@dataclass(frozen=True, slots=True)
class Facets:
    """The optional parts a game declares (None: the game has no such part). A game's entry usually
    implements several itself and names itself in each field."""

    snapshots: Snapshots | None = None
    pictures: Pictures | None = None
    units: Units | None = None
    alt_text: AltText | None = None
    players: Players | None = None
    review: Review | None = None
    guide: RulesGuide | None = None
    menus: Menus | None = None
    puzzles: Puzzles | None = None
    tutorial: Tutorial | None = None
    records: Records | None = None
    conditionals: Conditionals | None = None
    card_tables: CardTables | None = None

    def declared(self) -> dict[str, object]:
        """The facets this game has, by field name (in field order)."""
        found = {f.name: getattr(self, f.name) for f in fields(self)}
        return {name: facet for name, facet in found.items() if facet is not None}


NO_FACETS = Facets()
"""A game with only the core."""
FACET_PROTOCOLS: dict[str, type] = {
    "snapshots": Snapshots,
    "pictures": Pictures,
    "units": Units,
    "alt_text": AltText,
    "players": Players,
    "review": Review,
    "guide": RulesGuide,
    "menus": Menus,
    "puzzles": Puzzles,
    "tutorial": Tutorial,
    "records": Records,
    "conditionals": Conditionals,
    "card_tables": CardTables,
}
"""The protocol of each field of `Facets` (the conformance tests check each declared facet against it)."""


# --- the generic stand-ins --------------------------------------------------------------------------------
def alt_text_of(game: GameKind) -> AltText:
    """The game's alt text, or `CommonAltText` (the common fields of its views) when it declares none."""
    return game.facets.alt_text or CommonAltText(game.title)


def ai_levels_of(game: GameKind) -> Mapping[str, str]:
    """The levels people may play the game's computer players at (none when it has no `Players`)."""
    players = game.facets.players
    return players.ai_levels if players is not None else {}


def pictures_of(game: GameKind) -> Pictures:
    """The game's pictures, or `TextPictures` (its text board drawn as text) when it declares none."""
    return game.facets.pictures or TextPictures(game)


def menus_of(game: GameKind) -> Menus:
    """The game's Play menus, or `KindMenus` (grouped by action kind) when it declares none."""
    return game.facets.menus or KIND_MENUS


@dataclass(frozen=True, slots=True)
class CommonAltText:
    """Alt text from what every view has: the game and its length, the result or whose turn
    (``view["to_move"]``), and the last action's ``text`` when it has one."""

    title: str

    def board_alt_text(
        self, view: View, last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str
    ) -> str:
        """The common head and the last action."""
        from .alt_text import clip, common_head, name_of, t

        out = common_head(self.title, view, names, locale, view.get("to_move"))
        if last and last.get("text"):
            who = name_of(names, last.get("seat"), locale)
            out.append(t("alt.last", locale, player=who, action=last["text"]))
        return clip(" ".join(out))

    def private_alt_text(self, view: View, names: Sequence[str] | None, locale: str) -> str:
        """The game's name only."""
        from .alt_text import t

        return t("alt.private", locale, game=self.title)

    def board_text(self, view: View, names: Sequence[str] | None, locale: str) -> list[str]:
        """The common head."""
        from .alt_text import common_head

        return common_head(self.title, view, names, locale, view.get("to_move"))


@dataclass(frozen=True, slots=True)
class TextFrame:
    """One frame of a `TextPictures` replay: a spectator view and the mark of the action that led there."""

    view: Mapping[str, Any]
    last_action: Mapping[str, Any] | None
    ply: int


class TextPictures:
    """The pictures of a game that draws none: its text board (`alt_text_of`) and the last action, as text
    drawn in the reader's language (`warchest_bot.render.text_picture`). Replays are made through the
    core alone."""

    def __init__(self, game: GameKind) -> None:
        self.game = game

    def _lines(
        self, view: View, last: Mapping[str, Any] | None, names: Sequence[str] | None, locale: str
    ) -> list[str]:
        from .alt_text import name_of, t

        lines = alt_text_of(self.game).board_text(view, names, locale)
        if last and last.get("text"):
            who = name_of(names, last.get("seat"), locale)
            lines.append(t("alt.last", locale, player=who, action=last["text"]))
        return lines

    def board_png(
        self,
        view: View,
        last_action: Mapping[str, Any] | None = None,
        *,
        names: Sequence[str] | None = None,
        locale: str = "en",
    ) -> bytes:
        """The text board and the last action."""
        from ..render.text_picture import text_png

        return text_png(self._lines(view, last_action, names, locale), locale)

    def private_png(self, view: View, *, names: Sequence[str] | None = None, locale: str = "en") -> bytes:
        """The private view's description (`AltText.private_alt_text`)."""
        from ..render.text_picture import text_png

        return text_png([alt_text_of(self.game).private_alt_text(view, names, locale)], locale)

    def replay_frames(self, options: Mapping[str, Any], seed: int, log: Sequence[str]) -> list[TextFrame]:
        """The start, then a spectator view where each turn ended, with its last decision's public mark."""
        game = self.game
        state = game.new_state(options, seed)
        frames = [TextFrame(state.view_for(None), None, 0)]
        for text in log:
            before = state.clone()
            action = game.parse_action(state, text)
            seat = before.current_player
            state.apply(action)
            if ends_turn(game, state):
                mark = game.describe_last_action(before, state, action, seat if seat is not None else 0)
                frames.append(TextFrame(state.view_for(None), mark, state.ply))
        return frames

    def render_replay(
        self,
        frames: Sequence[Any],
        *,
        names: Sequence[str] | None = None,
        total: int | None = None,
        locale: str = "en",
    ) -> bytes:
        """One text page per frame, as a GIF."""
        from ..render.text_picture import text_gif

        return text_gif([self._lines(f.view, f.last_action, names, locale) for f in frames], locale)

    def warm_up(self) -> None:
        """Nothing to build."""

    def last_action_of_text(self, text: str, seat: int | None) -> dict[str, Any]:
        """The seat and the text."""
        return {"seat": seat, "text": text}


MENU_PAGE = 25
"""How many entries one select menu holds (Discord's limit)."""
NO_GROUP = "-"
"""The group key of actions a menu level does not split."""
GROUP_KEY_MAX = 24
"""The longest group key (keys travel in custom ids of at most 100 characters)."""
_WORD = re.compile(r"[A-Za-z]+\d*|\d+")


class KindMenus:
    """The Play menus of a game that declares none: by action kind, then by how the texts begin."""

    def menu_groups(self, choices: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
        """All in one list when they fit one select menu (`MENU_PAGE`); else grouped by kind, and a kind
        with more actions than fit one select menu by how its texts begin after the kind's own word (the
        fewest leading words that split it into 2 to 25 groups: "Kn" of "Kn b1-c3", "Qu" of "pick Qu d1")."""
        if len(choices) <= MENU_PAGE:
            return [(NO_GROUP, NO_GROUP)] * len(choices)
        by_kind: dict[str, list[str]] = {}
        for text, kind in choices:
            by_kind.setdefault(kind, []).append(text)
        words = {kind: _prefix_words(texts, kind) for kind, texts in by_kind.items()}
        return [(kind or NO_GROUP, _text_prefix(text, kind, words[kind])) for text, kind in choices]

    def menu_rank(self, key: str) -> int:
        """Every key alike: the order in which the actions come."""
        return 0

    def menu_prompt(self, level: int, path: Sequence[str], kinds: Sequence[str]) -> str:
        """What to do, then which one, then which action."""
        return ("bot.menu.group", "bot.menu.unit", "bot.menu.target")[min(level, 2)]


KIND_MENUS = KindMenus()
"""The one `KindMenus` (it holds nothing)."""


def _words(text: str, kind: str) -> list[re.Match[str]]:
    """The words of an action's text after its kind's own word ("pick Qu d1" → Qu, d1; "Ro a1xa8" → Ro,
    a1, xa8)."""
    found = list(_WORD.finditer(text))
    if found and found[0].group().lower() == kind.lower():
        found = found[1:]
    return found


def _text_prefix(text: str, kind: str, words: int) -> str:
    """The text from its first word after the kind's word to the end of its ``words``-th word."""
    found = _words(text, kind)
    if not words or not found:
        return NO_GROUP
    last = found[min(words, len(found)) - 1]
    return text[found[0].start() : last.end()].replace(":", " ")[:GROUP_KEY_MAX] or NO_GROUP


def _prefix_words(texts: Sequence[str], kind: str) -> int:
    """How many leading words group these texts into 2 to `MENU_PAGE` groups (0: no grouping needed or
    none helps); more than `MENU_PAGE` groups by the first word if nothing else splits them."""
    if len(texts) <= MENU_PAGE:
        return 0
    for words in (1, 2, 3):
        groups = {_text_prefix(text, kind, words) for text in texts}
        if 2 <= len(groups) <= MENU_PAGE:
            return words
    return 1 if len({_text_prefix(text, kind, 1) for text in texts}) > 1 else 0


__all__ = [
    "FACET_PROTOCOLS",
    "GROUP_KEY_MAX",
    "KIND_MENUS",
    "MENU_PAGE",
    "NO_FACETS",
    "NO_GROUP",
    "AltText",
    "CardTables",
    "CommonAltText",
    "Facets",
    "KindMenus",
    "Lesson",
    "Menus",
    "Pictures",
    "Players",
    "Puzzles",
    "Review",
    "RulesGuide",
    "Snapshots",
    "TextFrame",
    "TextPictures",
    "Tutorial",
    "Units",
    "Verdict",
    "ai_levels_of",
    "alt_text_of",
    "menus_of",
    "pictures_of",
]
