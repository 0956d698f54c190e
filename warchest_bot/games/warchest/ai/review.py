"""War Chest's part of the game review (`warchest_bot.ai.review`): one decision valued from its seat's view.

`review_decision` runs the SO-ISMCTS search (`SearchPlayer.analyse`) on the deciding seat's own view (every
iteration on a fresh determinization of it: the other seats' hidden coins dealt at random, so nothing the
seat could not know is used). The preferred move is the most visited root action and its value the mean
win chance of the mover's team over its iterations. Those values are already calibrated chances: every
leaf is valued ``1 / (1 + exp(-score / 4))`` of the evaluation's score in coin units (4 coins ahead: 73%,
`evaluate.win_probability`), a finished game 1 or 0, and the search averages them. When the move played is
not the preferred one, both are valued again alike: each by a search (half the budget) whose root may play
only that move, over the same determinizations (one seed), so a move the first search hardly tried is not
judged on its prior alone, and the preferred move is not favoured by having been picked as the best of
many (the difference of two such values is the cost of the move).

Why the preferred move is better is read from the two positions the moves lead to, in one determinization
of the view (only public features are compared): the game won, a control marker taken (or taken back),
an enemy unit or coin removed, a unit kept out of reach of an attack, a unit deployed or bolstered, the
initiative, a coin recruited; otherwise the units' placement.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from warchest_bot.ai.review import Appraisal
from warchest_bot.games.warchest.engine import Action, GameState, format_action, parse_action
from warchest_bot.games.warchest.engine.actions import RECRUIT
from warchest_bot.games.warchest.engine.geometry import hex_name

from .determinize import Determinizer
from .evaluate import can_hit
from .search import SearchPlayer

REVIEW_ITERATIONS = 300
"""The default budget: search iterations for the whole root (when the search preferred another move than
the one played, each of the two gets a search of half as many). `bench/review.py` times a 100-ply game at
this budget."""


def review_decision(
    view: Mapping[str, Any], played_text: str, budget: int | None, seed: int
) -> Appraisal | None:
    """The appraisal of the decision ``view`` shows, where ``played_text`` was played (see the module
    docstring); None for the draft (not searched) and for a forced move."""
    if view.get("phase") != "play":
        return None
    iterations = max(1, int(budget or REVIEW_ITERATIONS))
    sample = Determinizer(view).sample(random.Random(seed))
    if len(sample.legal_actions()) < 2:
        return None
    played = parse_action(sample, played_text)
    found = SearchPlayer(seed, iterations=iterations, early_stop=False).analyse(view)
    best = max(found, key=lambda a: found[a])
    best_chance = chance = found[best][1]
    if played != best:
        # Both moves valued alike, each by a search of its own over the same determinizations (the same
        # seed), so the difference is not the first search's favouring of the move it picked.
        half = max(1, iterations // 2)
        chance = _restricted(view, played, half, seed ^ 1)
        best_chance = _restricted(view, best, half, seed ^ 1)
    reason, params = (None, {}) if played == best else why(sample, played, best)
    return Appraisal(
        played_chance=chance,
        best_chance=best_chance,
        played=format_action(sample, played, public=True),
        best=format_action(sample, best, public=True),
        reason=reason,
        params=params,
    )


def _restricted(view: Mapping[str, Any], action: Action, iterations: int, seed: int) -> float:
    """The mover's win chance after ``action``: a search whose root may play nothing else."""
    return SearchPlayer(seed, iterations=iterations, early_stop=False).analyse(view, frozenset((action,)))[
        action
    ][1]


def _after(g: GameState, action: Action) -> GameState:
    out = g.clone()
    out.apply(action)
    return out


def _stacks(g: GameState, team: int) -> dict[int, int]:
    """Hex → height of ``team``'s stacks."""
    return {h: st[2] for h in g.board.hexes if (st := g.stacks[h]) is not None and g.team_of[st[0]] == team}


def _threatened(g: GameState, team: int) -> set[int]:
    """Hexes of ``team``'s stacks that an enemy stack could attack."""
    mine = _stacks(g, team)
    enemies = [h for h in g.board.hexes if (st := g.stacks[h]) is not None and g.team_of[st[0]] != team]
    return {h for h in mine if any(can_hit(g, e, h) for e in enemies)}


def _circulating(g: GameState, team: int) -> int:
    """Coins ``team`` has in bags, discards and hands (public counts)."""
    return sum(
        sum(s.bag) + sum(s.discard_up) + sum(s.discard_down) + len(s.hand)
        for n, s in enumerate(g.seats)
        if g.team_of[n] == team
    )


def why(g: GameState, played: Action, best: Action) -> tuple[str, dict[str, Any]]:
    """The catalogue key (``review.why.*``) and values of the sentence saying what ``best`` wins or prevents
    that ``played`` does not, from the positions each leads to in ``g`` (a determinization of the view)."""
    seat = g.current_player
    if seat is None:
        raise ValueError("the game is over: there is no decision to explain")
    team = g.team_of[seat]
    a, b = _after(g, played), _after(g, best)
    if b.result is not None and b.result.winner == team and (a.result is None or a.result.winner != team):
        return "review.why.win", {}
    locations = g.board.locations
    for slot, h in enumerate(locations):
        if b.control[slot] == team and a.control[slot] != team:
            if a.control[slot] not in (-1, team):
                return "review.why.marker_back", {"hex": hex_name(h)}
            return "review.why.marker", {"hex": hex_name(h)}
    enemy_a, enemy_b = _stacks(a, 1 - team), _stacks(b, 1 - team)
    gone = [h for h in enemy_a if h not in enemy_b]
    if gone:
        return "review.why.eliminate", {"hex": hex_name(gone[0])}
    hit = [h for h, height in enemy_b.items() if height < enemy_a.get(h, height)]
    if hit:
        return "review.why.hit", {"hex": hex_name(hit[0])}
    own_a, own_b = _stacks(a, team), _stacks(b, team)
    exposed = sorted(_threatened(a, team) - _threatened(b, team))
    if exposed:
        return "review.why.exposed", {"hex": hex_name(exposed[0])}
    before = _stacks(g, team)
    units_before = {g.stacks[h][1] for h in before}  # type: ignore[index]
    for h in (h for h in own_b if h not in own_a and h not in before):
        unit = b.stacks[h][1]  # type: ignore[index]
        slot = b.board.location_slot[h]
        if unit not in units_before:
            return "review.why.deploy", {"hex": hex_name(h)}
        if slot >= 0 and b.control[slot] != team:
            return "review.why.threaten", {"hex": hex_name(h)}
        return "review.why.advance", {"hex": hex_name(h)}
    taller = [h for h, height in own_b.items() if height > own_a.get(h, 0) and h in own_a]
    if taller:
        return "review.why.bolster", {"hex": hex_name(taller[0])}
    if b.team_of[b.initiative] == team and a.team_of[a.initiative] != team:
        return "review.why.initiative", {}
    if _circulating(b, team) > _circulating(a, team):
        return "review.why.recruit", {}
    if best.kind == played.kind == RECRUIT:
        return "review.why.recruit_other", {}
    return "review.why.position", {}


__all__ = ["REVIEW_ITERATIONS", "review_decision", "why"]
