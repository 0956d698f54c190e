"""Random events played out in the pure model, shared by the tournament tests."""

from __future__ import annotations

import random

from warchest_bot.tournaments import Outcome, Round, Settings, Status, Tournament

RESULTS = (Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW)


def new_event(rng: random.Random, players: int, rounds: int, **settings: int) -> Tournament:
    """A started Swiss of ``players`` entrants with random ratings."""
    t = Tournament(Settings(rounds=rounds, **settings))  # type: ignore[arg-type]
    for i in range(players):
        t.join(f"user:{i}", f"Player {i}", [i], rating=1200 + rng.randrange(800))
    t.start()
    return t


def finish_round(t: Tournament, rnd: Round, rng: random.Random) -> None:
    """Give every open board of ``rnd`` a random result and close it."""
    for g in rnd.games:
        if g.outcome is None:
            t.record(rnd.number, g.table, rng.choice(RESULTS))
    t.close_round()


def active(t: Tournament) -> set[int]:
    """The numbers of the entrants still in."""
    return {n for n, e in t.entrants.items() if e.status is Status.ACTIVE}
