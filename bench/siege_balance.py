"""War Chest Siege balance: computer self-play with the expansion (prints; never asserts).

    python -m bench.siege_balance [--games 200] [--player greedy] [--units draft] [--players 2]
                                  [--expansions siege] [--forts 4] [--seed 0]

Plays ``--games`` seeded games of one computer player against itself with ``expansions=siege`` (or
``nobility,siege``; ``greedy`` by default). Prints the first player's win rate (the seat that holds the
initiative at the start) among decided games with a 95% Wilson interval, the draws, and for each Siege
unit how often it is dealt or drafted (with ``units=draft``: its average pick, of 8) and its owners' win
rate and tactics per game, plus how many forts are built and destroyed per game. The loop and the report
are ``bench.expansion_balance``'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from bench.expansion_balance import Expansion
from bench.expansion_balance import main as run
from warchest_bot.games.warchest.engine import GameState
from warchest_bot.games.warchest.engine.actions import Action
from warchest_bot.games.warchest.engine.units import SIEGE_UNITS


def watch(g: GameState, action: Action, counts: Counter[str]) -> Callable[[GameState], None]:
    if action.kind == "tactic" and action.coin in SIEGE_UNITS:
        counts[f"tactics {action.coin}"] += 1
    before = len(g.forts)

    def after(g: GameState) -> None:
        if action.kind == "fortify":
            counts["built"] += 1
        elif len(g.forts) < before:
            counts["destroyed"] += 1

    return after


def unit_note(totals: Counter[str], unit: int, taken: int) -> str:
    per_game = totals[f"tactics {unit}"] / taken if taken else 0.0
    return f"; {per_game:.1f} tactics a game it is in"


def footer(totals: Counter[str], games: int) -> list[str]:
    return [
        f"forts built {totals['built'] / games:.2f} and destroyed {totals['destroyed'] / games:.2f} a game"
    ]


SIEGE = Expansion(
    title="Siege",
    units=SIEGE_UNITS,
    watch=watch,
    unit_note=unit_note,
    footer=footer,
    options=(("--forts", "forts", 4, (0, 2, 4, 6)),),
)


def main(argv: list[str] | None = None) -> int:
    return run(SIEGE, __doc__, argv, ("siege", "nobility,siege"))


if __name__ == "__main__":
    raise SystemExit(main())
