"""A computer player for For the Crown: ``easy``, a one-ply greedy player.

It decides from the acting seat's view alone (`FtcState.view_for`): the hidden cards (the order of its own
deck, the opponent's hand and deck) are *determinized*, dealt at random from what the view lets anyone
count (`determinize`), and each legal action is tried on that made-up position and scored (`score`): units
on the board and in the Barracks at their Point-Buy prices, units under attack at a discount, the cards a
seat owns at a fraction of their cost, and a won or lost game above everything. Ties are broken by the
player's own seeded RNG.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..units import BY_CODE, unit_moves
from .card_table import Card
from .engine import END, FtcAction, FtcState

WIN = 10_000.0
CARD_WEIGHT = 0.8
"""A card owned is worth this much of its cost (what buying gains, and what training a unit gives up)."""
BARRACKS_WEIGHT = 0.7
"""A unit in the Barracks is worth this much of its price (it still has to be deployed)."""
THREAT_WEIGHT = 0.5
"""A unit an enemy unit attacks loses this much of its price."""
SOVEREIGN_PRICE = 30.0
"""What a Sovereign counts for (losing the last one loses the game)."""


def card_worth(card: Card) -> float:
    """What owning ``card`` is worth before weighting: its cost, or twice the gold its treasure gives when
    that is more (a Peon is worth keeping for its gold)."""
    gold = max((int(e.param("gold")) for e in card.effects if e.name == "gold"), default=0)
    return float(max(card.cost, 2 * gold))


def _price(code: str) -> float:
    return SOVEREIGN_PRICE if BY_CODE[code].is_sovereign else float(BY_CODE[code].price)


def determinize(view: Mapping[str, Any], rng: random.Random) -> FtcState:
    """A whole position consistent with ``view`` (a seat's view): the seat's deck in a random order below
    the cards it knows on top, the opponent's hand and deck dealt at random from the cards they hold
    together (the hand it saw by Astrology, and a revealed top card, where the view shows them)."""
    seat = int(view["seat"])
    other = 1 - seat
    unseen = [Counter(view["unseen"][0]), Counter(view["unseen"][1])]
    hands: list[list[str]] = [[], []]
    decks: list[list[str]] = [[], []]
    hands[seat] = list(view["hand"])
    known = list(view["known_top"])
    rest = list((unseen[seat] - Counter(hands[seat]) - Counter(known)).elements())
    rng.shuffle(rest)
    decks[seat] = known + rest
    pool = unseen[other]
    seen = view["seen_hand"]
    if seen is not None and len(seen) == view["hand_counts"][other] and not Counter(seen) - pool:
        hands[other] = list(seen)
    else:
        cards = list(pool.elements())
        rng.shuffle(cards)
        hands[other] = cards[: view["hand_counts"][other]]
    rest = list((pool - Counter(hands[other])).elements())
    rng.shuffle(rest)
    top = view["revealed_top"][other]
    if top is not None and top in rest:
        rest.remove(top)
        rest.insert(0, top)
    decks[other] = rest
    board = {}
    for sq, p in enumerate(view["board"]):
        if p is not None:
            board["abcdefgh"[sq % 8] + str(sq // 8 + 1)] = p

    def names(squares: list[int]) -> list[str]:
        return ["abcdefgh"[s % 8] + str(s // 8 + 1) for s in squares]

    pools = view["pools"]
    data = {
        "options": view["options"],
        "table": view["cards"],
        "ply": view["ply"],
        "turn": view["turn"],
        "to_move": view["turn_of"],
        "phase": view["phase"],
        "board": board,
        "barracks": view["barracks"],
        "supply": list(view["supply"].items()),
        "decks": decks,
        "hands": hands,
        "discards": view["discards"],
        "play": view["play"],
        "trash": view["trash"],
        "pools": {**pools, "discount": view["discount"], "bought": view["bought"]},
        "ordered": names(view["ordered"]),
        "barred": [names(b) for b in view["barred"]],
        "immune": [names(i) for i in view["immune"]],
        "no_order_cards": view["no_order_cards"],
        "no_order_cards_next": view["no_order_cards_next"],
        "known_top": [len(known) if n == seat else 0 for n in (0, 1)],
        "revealed_top": view["revealed_top"],
        "seen_hand": [view["seen_hand"] if n == seat else None for n in (0, 1)],
        "pending": view["pending"],
        "stand_gold": view["stand_gold"],
        "attacker_turns": view["attacker_turns"],
        "rng": [3, list(rng.getstate()[1]), None],
    }
    return FtcState.from_json(data)


def score(state: FtcState, seat: int) -> float:
    """How good ``state`` is for ``seat``: the result when over, else material (threatened units
    discounted), Barracks and owned cards."""
    if state.result is not None:
        if state.result.winner is None:
            return 0.0
        return WIN if state.result.winner == seat else -WIN
    board = state.board
    attacked: set[int] = set()
    for sq, p in enumerate(board):
        if p is not None:
            for m in unit_moves(board, sq):
                attacked.update(m.captures)
    total = 0.0
    for sq, p in enumerate(board):
        if p is None:
            continue
        value = _price(p[1])
        if sq in attacked and sq not in state.immune[p[0]]:
            value *= 1 - THREAT_WEIGHT
        total += value if p[0] == seat else -value
    for n in (0, 1):
        sign = 1 if n == seat else -1
        total += sign * BARRACKS_WEIGHT * sum(_price(c) for c in state.barracks[n])
        cards = state.decks[n] + state.hands[n] + state.discards[n]
        if n == state.to_move:
            cards = cards + state.play
        total += sign * CARD_WEIGHT * sum(card_worth(state.table[c]) for c in cards)
    return total


class EasyPlayer:
    """One-ply greedy: the legal action whose result (on a determinized copy of the seat's view) scores
    best for the seat; ``end`` only when nothing scores better."""

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: FtcState) -> FtcAction:
        """The chosen action for ``state.current_player`` (from its view only)."""
        seat = state.current_player
        assert seat is not None
        return self.choose_from_view(state.view_for(seat))

    def choose_from_view(self, view: Mapping[str, Any]) -> FtcAction:
        """The chosen action from the acting seat's view alone."""
        state = determinize(view, self.rng)
        seat = int(view["seat"])
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        best: list[FtcAction] = []
        best_score = -float("inf")
        for action in legal:
            after = state.clone()
            after.apply(action)
            value = score(after, seat)
            if action == END:
                value -= 0.01  # end a phase only when nothing is better
            if value > best_score + 1e-9:
                best, best_score = [action], value
            elif abs(value - best_score) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)


__all__ = ["EasyPlayer", "determinize", "score"]
