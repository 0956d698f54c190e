"""Seasons: a league ladder of divisions, each season played in round-robin groups, with promotion and
relegation between seasons.

Pure, like `model`. A season's groups are ordinary round-robin events (`Tournament` with
``Format.ROUND_ROBIN``: Berger tables, single or double, and the round robin's tie-breaks); this module says
who plays in which group and how the ladder moves when the season is over.

- **The ladder** is a list of divisions, the top one first, each a list of entrant keys in rank order.
- **Groups**: a division of ``n`` entrants is split into ``ceil(n / group_size)`` groups (fewer if a group
  would have fewer than two entrants) whose sizes differ by at most one, seeded in a snake (1st, 2nd, ... into groups 1, 2, ..., then back) so that every group gets
  a fair share of the division's strength.
- **The division's order** after a season: by place in the group (every group winner before every runner-up),
  then by points per game, then by the ladder's order before the season.
- **Promotion and relegation**: between two neighbouring divisions the best ``movers`` of the lower one go up
  and the worst ``movers`` of the upper one go down, so divisions keep their sizes.
- **Leaving and joining**: an entrant who withdrew from its group or was removed leaves the ladder; a place
  left free in a division is taken by the best of the division below who did not already go up (so the
  bottom division is the one that shrinks); newcomers join the bottom division, after everyone in it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import Format, Settings, Status, Tournament, TournamentError

Ladder = list[list[str]]
"""Divisions, the top first; each a list of entrant keys in rank order."""


def split_groups(division: Sequence[str], group_size: int) -> list[list[str]]:
    """The groups of one division (``division`` in rank order), seeded in a snake."""
    if group_size < 2:
        raise TournamentError("tournament.bad_settings", f"group_size {group_size}")
    count = max(1, min(-(-len(division) // group_size), len(division) // 2))
    groups: list[list[str]] = [[] for _ in range(count)]
    for i, key in enumerate(division):
        lap, pos = divmod(i, count)
        groups[pos if lap % 2 == 0 else count - 1 - pos].append(key)
    return groups


def group_event(keys: Sequence[str], names: dict[str, str] | None = None, cycles: int = 1) -> Tournament:
    """The round-robin event of one group, started: ``keys`` in seeding order (the starting ranks),
    ``names`` their display names (default: the key)."""
    t = Tournament(Settings(format=Format.ROUND_ROBIN, cycles=cycles))
    for i, key in enumerate(keys):
        # The rating only orders the starting ranks: the first key is the highest seed.
        t.join(key, (names or {}).get(key, key), [i], rating=len(keys) - i)
    t.start()
    return t


def _share(t: Tournament, number: int) -> float:
    rows = [r for r in t.entries(number) if r.code != "*"]
    return sum(r.points for r in rows) / len(rows) if rows else 0.0


def division_order(groups: Sequence[Tournament], before: Sequence[str]) -> tuple[list[str], set[str]]:
    """The division's order after its groups (see the module's rules) and the keys of those who left
    (withdrawn or removed). ``before`` is the division's order before the season (for the last tie-break)."""
    rank_before = {key: i for i, key in enumerate(before)}
    placed: list[tuple[int, float, int, str]] = []
    left: set[str] = set()
    for t in groups:
        place = 0
        for row in t.standings():
            e = row.entrant
            if e.status is not Status.ACTIVE:
                left.add(e.key)
                continue
            placed.append((place, -_share(t, e.number), rank_before.get(e.key, len(rank_before)), e.key))
            place += 1
    return [key for *_, key in sorted(placed)], left


def next_ladder(
    ladder: Ladder,
    groups: Sequence[Sequence[Tournament]],
    movers: int = 1,
    newcomers: Sequence[str] = (),
) -> Ladder:
    """The ladder of the next season: ``groups[d]`` are the finished group events of division ``d`` this
    season; ``movers`` go up and down between each pair of neighbouring divisions; ``newcomers`` join the
    bottom division."""
    if len(groups) != len(ladder):
        raise TournamentError(
            "tournament.bad_settings", f"{len(groups)} group lists for {len(ladder)} divisions"
        )
    if movers < 0:
        raise TournamentError("tournament.bad_settings", f"movers {movers}")
    orders = [division_order(events, division)[0] for division, events in zip(ladder, groups, strict=True)]
    sizes = [len(d) for d in ladder]
    moved: Ladder = [list(o) for o in orders]
    promoted: set[str] = set()
    for d in range(len(orders) - 1):
        stay = [key for key in orders[d] if key not in promoted]
        k = min(movers, len(stay), len(orders[d + 1]))
        up, down = orders[d + 1][:k], stay[len(stay) - k :]
        promoted.update(up)
        moved[d] = [key for key in moved[d] if key not in down] + up
        moved[d + 1] = down + [key for key in moved[d + 1] if key not in up]
    # Fill the places of those who left from the division below, top down.
    for d in range(len(moved) - 1):
        while len(moved[d]) < sizes[d]:
            candidates = [key for key in moved[d + 1] if key not in orders[d]]
            if not candidates:
                break
            moved[d].append(candidates[0])
            moved[d + 1].remove(candidates[0])
    seen = {key for division in moved for key in division}
    moved[-1].extend(key for key in newcomers if key not in seen)
    return moved


__all__ = ["Ladder", "division_order", "group_event", "next_ladder", "split_groups"]
