"""For the Crown behind the game interface: `ForTheCrownGame`, the `GameKind` of kind ``"forthecrown"``
(rules, notation, options, snapshots, computer players), joining the engine (`engine`, `effects`), the
notation (`notation`) and the JSON position format (`FtcState.to_json`).

Turns (`ForTheCrownGame.turn_start`): a turn is all the decisions of one seat's turn, from its order
phase to the ``end`` of its buy phase (housekeeping), including a decision the other seat takes in the
middle of it (False Orders: the owner of a moved Foot unit chooses its promotion); one board post, one
ping and one deadline per turn. Each choice of a chosen Supply is a turn of its own; the Last Stand's
recruiting and crowning are the Defender's first turn. Chance: the shuffles happen inside ``apply`` from
the state's own seeded RNG; a decision that drew or revealed a card (`ForTheCrownGame.drew`) cannot be
taken back.

The words of each decision (`announce`) are the face's (`face.ForTheCrownFace`, joined in `entry`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..base import BadOptionsError, GameKindDefaults, OptionChoice, OptionSpec, Outcome, Player
from ..facets import Facets
from ..units import BY_CODE
from .card_table import STANDARD, CardTable, CardTableError, load_table, standard_table
from .engine import EXTRA_TURNS_LIMIT, SUPPLIES, TURN_CAP_LIMIT, FtcAction, FtcOptions, FtcState, new_game
from .notation import format_action, parse_action, public_text

KIND = "forthecrown"
_OFF_ON = (OptionChoice("off", 0), OptionChoice("on", 1))
AI_LEVELS: dict[str, str] = {"easy": "easy", "normal": "normal", "hard": "hard"}
"""The levels people may play the bot at, each named after itself (`_player` says who plays it)."""
AI_BUDGETS: dict[str, float | None] = {"easy": None, "normal": 300.0, "hard": 1000.0}
"""Think time per decision (ms) of each level (the other games' budgets)."""
AI_TURN_BUDGETS: dict[str, float | None] = {"easy": None, "normal": 2000.0, "hard": 3000.0}
"""Think time of a whole turn (ms) of each level (`ai.TURN_BUDGETS`): the AI seat's runner gives each
decision at most what the turn has left (`warchest_bot.discord.ai.AiRunner`), since a person waits for the
whole turn."""
TABLE_OPTION = "table"
"""The option naming the card table. People choose ``server`` (the table the server's admins loaded with
``/wc admin card_table``, else the shipped one) or ``standard``; when a game is created the bot puts the
server's whole table in its place (`resolve_table`), so the game's options record the table it was
started with and replays, records and reviews never change under it."""
SERVER_TABLE = "server"
PLAIN_KINDS = frozenset({"deploy", "play", "buy", "end", "choose", "recruit", "crown", "evacuate"})
"""Action kinds named by their first word; a march or attack (first word a unit code) is "move", and
the decisions a played card leaves (topdeck, discard, promote, …) are "decide"."""


def _player(level: str, seed: int, budget_ms: float | None = None) -> Player:
    """The computer player of ``level`` (`ai.make_player`: easy, normal, hard)."""
    from .ai import make_player

    player: Player = make_player(level, seed, budget_ms=budget_ms)
    return player


def table_of(options: Mapping[str, Any]) -> CardTable:
    """The card table of a game's ``options``: the table written out in them, else the shipped one (a
    ``server`` nobody resolved plays the shipped table, always). A table that does not load raises
    `BadOptionsError` with the loader's message."""
    data = options.get(TABLE_OPTION)
    if not isinstance(data, Mapping):
        return standard_table()
    key = json.dumps(data, sort_keys=True, separators=(",", ":"))
    hit = _TABLES.get(key)
    if hit is None:
        try:
            hit = load_table(data)
        except CardTableError as exc:
            raise BadOptionsError(exc.message_key, str(exc), **exc.params) from exc
        if len(_TABLES) >= 32:
            _TABLES.pop(next(iter(_TABLES)))
        _TABLES[key] = hit
    return hit


_TABLES: dict[str, CardTable] = {}
"""Tables read from options lately (a replay sets up the same game again and again)."""


def resolve_table(options: Mapping[str, Any], server_table: Mapping[str, Any] | None) -> dict[str, Any]:
    """``options`` with ``table: server`` (or none given) replaced by ``server_table`` (the data a
    server's admins loaded); without one, and for any other value, as they are (``server`` then plays
    the shipped table, now and in every replay)."""
    out = dict(options)
    if server_table and out.get(TABLE_OPTION, SERVER_TABLE) == SERVER_TABLE:
        out[TABLE_OPTION] = dict(server_table)
    return out


class ForTheCrownGame(GameKindDefaults):
    """For the Crown (2 players): the `GameKind` of the deck-building game. It declares snapshots and
    computer players; the pictures, alt text, cards and rules guide are the face's (`entry`)."""

    kind: str = KIND
    title: str = "For the Crown"
    player_counts: tuple[int, ...] = (2,)
    action_type: type = FtcAction
    options: tuple[OptionSpec, ...] = (
        OptionSpec(
            "supply",
            "first-game",
            tuple(OptionChoice(s, s) for s in SUPPLIES),
            "The Supply's variable stacks: the rulebook's first-game set, random, or chosen in turn",
        ),
        OptionSpec("variable", 10, (), "How many variable stacks (10; more: the enlarged Supply)", (10, 26)),
        OptionSpec("squire", 0, _OFF_ON, "Each deck has a Squire instead of one Guard"),
        OptionSpec("anointed", 0, _OFF_ON, "Each player starts with an Anointed instead of the King"),
        OptionSpec("last_stand", 0, _OFF_ON, "The Last Stand: a Defender against an Attacker"),
        OptionSpec(
            "handicap", 1, (OptionChoice("first", 0), OptionChoice("second", 1)), "Who gets the handicap"
        ),
        OptionSpec(
            "extra_turns", 0, (), "Handicap: turns of its own before play alternates", (0, EXTRA_TURNS_LIMIT)
        ),
        OptionSpec("extra_units", "", (), "Handicap: units it starts with, e.g. Qu,Ro@a8 (@: on a square)"),
        OptionSpec("turn_cap", 400, (), "The game is a draw after this many turns", (2, TURN_CAP_LIMIT)),
        OptionSpec(
            TABLE_OPTION,
            SERVER_TABLE,
            (OptionChoice(SERVER_TABLE, SERVER_TABLE), OptionChoice(STANDARD, STANDARD)),
            "The card table: the one this server's admins loaded (if any), or the shipped standard one",
        ),
    )

    @property
    def facets(self) -> Facets:
        """Snapshots (the JSON position format with the seed) and computer players."""
        return Facets(snapshots=self, players=self)

    # --- computer players --------------------------------------------------------------------------------
    @property
    def ai_levels(self) -> Mapping[str, str]:
        """Levels people may play the bot at (easy, normal, hard)."""
        return dict(AI_LEVELS)

    @property
    def ai_budgets(self) -> Mapping[str, float | None]:
        """Think time per decision (ms) of each level."""
        return dict(AI_BUDGETS)

    @property
    def ai_turn_budgets(self) -> Mapping[str, float | None]:
        """Think time of a whole turn (ms) of each level (decisions share it)."""
        return dict(AI_TURN_BUDGETS)

    def make_player(self, level: str, seed: int = 0, *, budget_ms: float | None = None) -> Player:
        """A computer player by level (`_player`)."""
        if level not in AI_LEVELS:
            raise ValueError(f"For the Crown has no computer player {level!r}")
        return _player(level, seed, budget_ms if budget_ms is not None else AI_BUDGETS[level])

    # --- setting up --------------------------------------------------------------------------------------
    def check_options(self, options: Mapping[str, Any]) -> None:
        """The declared options only, each of its type and range, and what the engine can set up
        (`FtcOptions.from_mapping`: bounds, handicap units); a card table given as data must load
        (`card_table.load_table`: its error's message); else ``error.bad_options``."""
        rest = {k: v for k, v in options.items() if k != TABLE_OPTION}
        table = options.get(TABLE_OPTION, SERVER_TABLE)
        if isinstance(table, Mapping):
            table_of(options)
        elif table not in (SERVER_TABLE, STANDARD):
            raise BadOptionsError("error.bad_options", f"{TABLE_OPTION}: {SERVER_TABLE} or {STANDARD}")
        super().check_options(rest)
        for spec in self.options:
            if spec.name in rest and type(rest[spec.name]) is not type(spec.default):
                raise BadOptionsError("error.bad_options", f"{spec.name} must be like {spec.default!r}")
        FtcOptions.from_mapping(rest)

    def new_state(self, options: Mapping[str, Any], seed: int) -> FtcState:
        """A new game whose shuffles come from ``seed`` (kept with the state for `snapshot_fits`, never in
        a view), on the options' card table (`table_of`)."""
        state = new_game(FtcOptions.from_mapping(options), seed, table_of(options))
        state.seed = seed  # type: ignore[attr-defined]
        return state

    # --- notation ------------------------------------------------------------------------------------------
    def parse_action(self, state: FtcState, text: str) -> FtcAction:
        """The legal action ``text`` names (unit and card names in any language stand for their codes)."""
        return parse_action(state, self.with_unit_codes(text))

    def format_action(self, state: Any, action: FtcAction, *, public: bool = False) -> str:
        """The canonical text; ``public``: a card put back on the deck without its name."""
        return format_action(action, public=public)

    def public_text(self, notation: str) -> str:
        """What the other seat may see of a stored action text."""
        return public_text(notation)

    def action_kind(self, action: FtcAction) -> str:
        """ "move" (a march or attack), "deploy", "play", "buy", "end", "decide" (what a played card leaves
        to decide), or the setup's words ("choose", "recruit", "crown", "evacuate")."""
        first = action.words[0]
        if first in PLAIN_KINDS:
            return first
        return "move" if first in BY_CODE else "decide"

    # --- turns and chance -------------------------------------------------------------------------------
    def turn_start(self, state: FtcState) -> int:
        """The ply at which the turn under way began (`FtcState.turn_ply`)."""
        return int(state.turn_ply)

    def drew(self, before: FtcState, after: FtcState) -> bool:
        """Whether a card was drawn, shuffled, revealed or seen: a deck changed (a draw, a shuffle, a card
        turned over; a card put back too), the RNG moved, or a hand or a top card was shown."""
        return (
            before.decks != after.decks
            or before.rng.getstate() != after.rng.getstate()
            or before.revealed_top != after.revealed_top
            or before.seen_hand != after.seen_hand
            or (after.pending is not None and after.pending.get("kind") == "reveal")
        )

    def round_of(self, state: FtcState) -> int:
        """Every turn deals a new hand: the turn's number (from 1)."""
        return int(state.turn) + 1

    def phase_of(self, state: FtcState) -> str:
        """The engine's phase: "supply", "stand", "crown", "order", "action", "buy" or "over"."""
        return str(state.phase)

    def under_way(self, state: FtcState) -> bool:
        """Once a decision has been made."""
        return state.ply > 0

    def private_signatures(self, state: FtcState) -> list[tuple[Any, ...]]:
        """Each seat's hand, the cards it knows on its deck and a hand it saw (Astrology)."""
        return [
            (
                tuple(state.hands[n]),
                tuple(state.decks[n][: state.known_top[n]]),
                None if state.seen_hand[n] is None else tuple(state.seen_hand[n] or ()),
            )
            for n in (0, 1)
        ]

    def describe_last_action(
        self, before: FtcState, after: FtcState, action: FtcAction, seat: int
    ) -> dict[str, Any]:
        """The seat, the public text, the squares of a march or attack and the cards the turn had played
        (the board post after housekeeping shows them)."""
        data: dict[str, Any] = {"seat": seat, "text": format_action(action, public=True)}
        if after.turn != before.turn or after.result is not None:  # housekeeping put them away
            data["played"] = list(before.play)
        return data

    def result_data(self, state: FtcState) -> dict[str, Any]:
        """The turns played and, in the Last Stand, the Attacker's turns (its score)."""
        return {"turns": int(state.turn), "attacker_turns": int(state.attacker_turns)}

    def rematch_options(self, options: Mapping[str, Any], outcome: Outcome | None) -> dict[str, Any]:
        """The same options, but the card table: a game played on the table its server's new games got
        then (the options hold that whole table, or ``server`` when none was loaded) is replayed on the
        table they get now, so the table goes back to ``server`` for the place that creates the rematch to
        resolve (the Discord layer: the server's admins may have loaded the printed values since, or gone
        back to the shipped ones; unresolved, it plays the shipped table); a game the players started on
        the shipped table (``table=standard``) keeps it."""
        out = dict(options)
        if out.get(TABLE_OPTION, SERVER_TABLE) != STANDARD:
            out[TABLE_OPTION] = SERVER_TABLE
        return out

    def result_params(self, options: Mapping[str, Any], result: Mapping[str, Any]) -> dict[str, Any]:
        """The turn cap (``result.turn_cap``) and the Attacker's turns (``result.last_stand``)."""
        cap = options.get("turn_cap", 400)
        return {"turns": cap, "n": int(result.get("attacker_turns") or 0)}

    # --- snapshots -----------------------------------------------------------------------------------------
    def snapshot(self, state: FtcState) -> str:
        """The whole state as text: the position's JSON (RNG included) and the seed (never shown)."""
        return json.dumps(
            {"seed": getattr(state, "seed", None), "position": state.to_json()}, separators=(",", ":")
        )

    def restore(self, text: str) -> FtcState:
        """The state a ``snapshot`` wrote."""
        data = json.loads(text)
        state = FtcState.from_json(data["position"])
        state.seed = data.get("seed")  # type: ignore[attr-defined]
        return state

    def snapshot_fits(self, state: FtcState, options: Mapping[str, Any], seed: int) -> bool:
        """Whether the restored state is of a game with this seed and these options."""
        try:
            wanted = FtcOptions.from_mapping(options)
        except BadOptionsError:
            return False
        return getattr(state, "seed", None) == seed and state.options == wanted


__all__ = [
    "AI_BUDGETS",
    "AI_LEVELS",
    "AI_TURN_BUDGETS",
    "KIND",
    "SERVER_TABLE",
    "TABLE_OPTION",
    "ForTheCrownGame",
    "resolve_table",
    "table_of",
]
