"""Random events played out in the pure model, and events made through the service, shared by the
tournament tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from warchest_bot.service import Player
from warchest_bot.service.tournaments import TournamentService
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


GUILD, CHANNEL, ORGANISER = 7, 70, 1
"""The server, channel and organiser of the events the service tests make."""


async def service_event(
    svc: TournamentService,
    players: int,
    *,
    name: str = "x",
    settings: Settings | None = None,
    kind: str = "warchest",
    options: Mapping[str, Any] | None = None,
    channel_id: int | None = CHANNEL,
    rating: Callable[[int], int] = lambda n: 0,
    first_user: int = 100,
    label: str = "P{n}",
    start: bool = True,
    **create: Any,
) -> int:
    """An event made through the service (``settings`` two rounds unless given; ``create`` takes the rest
    of `TournamentService.create`'s terms: move_time, round_time, knockout, vacations), ``players`` one-player
    entrants joined (users ``first_user`` on, named by ``label`` with ``n`` their order and ``user`` their id,
    rated ``rating(n)``) and, with ``start``, started by the organiser; its id."""
    made = await svc.create(
        guild_id=GUILD,
        channel_id=channel_id,
        organiser=ORGANISER,
        name=name,
        kind=kind,
        options=dict(options or {}),
        settings=settings or Settings(rounds=2),
        **create,
    )
    for n in range(players):
        user = first_user + n
        await svc.join(made.id, [Player(user, label.format(n=n, user=user))], rating=rating(n))
    if start:
        await svc.start(made.id, by=ORGANISER)
    return made.id
