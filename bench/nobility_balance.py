"""War Chest Nobility balance: computer self-play with the expansion (prints; never asserts).

    python -m bench.nobility_balance [--games 200] [--player greedy] [--units draft] [--players 2] [--seed 0]

Plays ``--games`` seeded games of one computer player against itself with ``expansions=nobility``
(``greedy`` by default: a game takes well under a second; ``search`` players think for ``--iterations``
per decision). Prints the first player's win rate (the seat that holds the initiative at the start)
among decided games with a 95% Wilson interval, the draws, and for each Nobility unit how often it is
dealt or drafted (with ``units=draft``: its average pick, of 8) and its owners' win rate, plus how often
each decree is proclaimed per game. The loop and the report are ``bench.expansion_balance``'s.
"""

from __future__ import annotations

from collections import Counter

from bench.expansion_balance import Expansion
from bench.expansion_balance import main as run
from warchest_bot.games.warchest.engine import GameState
from warchest_bot.games.warchest.engine.actions import Action
from warchest_bot.games.warchest.engine.decrees import DECREES
from warchest_bot.games.warchest.engine.units import NOBILITY_UNITS


def watch(g: GameState, action: Action, counts: Counter[str]) -> None:
    if action.kind == "proclaim":
        counts[f"proclaimed {action.unit}"] += 1


def footer(totals: Counter[str], games: int) -> list[str]:
    lines = []
    for d in DECREES:
        n = totals[f"proclaimed {d.id}"]
        lines.append(f"decree {d.name:7} proclaimed {n} times ({n / games:.2f} a game)")
    return lines


NOBILITY = Expansion(title="Nobility", units=NOBILITY_UNITS, watch=watch, footer=footer)


def main(argv: list[str] | None = None) -> int:
    return run(NOBILITY, __doc__, argv, ("nobility",))


if __name__ == "__main__":
    raise SystemExit(main())
