"""Tournament figures (prints; never asserts).

    python -m bench.tournament [--players 1000] [--small 100,200] [--rounds 5] [--limit 120] [--events 100]

- pairing rounds 1, 2 and 3 of a Swiss of ``--players`` entrants with the FIDE Dutch engine (the bot's
  default: caissify-pairings' engine with its bracket procedure computed by `FastDutchEngine`), the rounds
  before with random results, and rounds 2 and 3 of a Swiss of each of the ``--small`` sizes (each figure
  runs in a child process that is stopped after ``--limit`` seconds; then the figure is "over the limit"; the
  rounds before the timed one are paired by the Dutch engine too, untimed, inside the same limit). Goal:
  2 s.
- the standings (points, Buchholz cut-1, Sonneborn-Berger, direct encounter) of that event after
  ``--rounds`` rounds (its history paired by a simple stand-in so that building it takes seconds). Goal:
  100 ms.
- the idle cost of ``--events`` running events (4 entrants each, their first round's games open and
  nobody moving) on an SQLite file: one sweep of `TournamentService.advance_all`, the duty's step.
- with ``--loop-gap``, first: the longest gap of an asyncio loop ticking every 10 ms while round 2 of
  ``--players`` is paired as the service pairs it (``asyncio.to_thread``), by the default engine (a big
  field in a child process) and by the same engine kept in the bot's own process.

The timed pairings run in the engine's own process (``child_from=None``), so that its CPU time is counted.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bench.common import ms_figures, parse_args
from warchest_bot.service import GameService, Player
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.tournaments import (
    DEFAULT_ENGINE,
    Board,
    Outcome,
    PairingEngine,
    Settings,
    Standing,
    Tournament,
)
from warchest_bot.tournaments.pairing import CHILD_FROM, CaissifyEngine

RESULTS = (Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW)


class ScoreOrderPairing:
    """A stand-in engine for building long histories fast: neighbours in score order, no rematch."""

    def swiss(self, entrants: Sequence[Standing], round_number: int, total_rounds: int) -> list[Board]:
        """Greedy pairing down the score list; the last one left gets the bye."""
        todo = sorted(entrants, key=lambda s: (-s.score, s.number))
        boards: list[Board] = []
        while len(todo) > 1:
            a = todo.pop(0)
            i = next((i for i, b in enumerate(todo) if b.number not in a.opponents), 0)
            b = todo.pop(i)
            first, second = (a, b) if a.colours.count("w") <= b.colours.count("w") else (b, a)
            boards.append(Board(len(boards) + 1, first.number, second.number))
        if todo:
            boards.append(Board(len(boards) + 1, todo[0].number, None))
        return boards

    def round_robin(self, numbers: Sequence[int], round_number: int, cycles: int) -> list[Board]:
        """Not used here."""
        raise NotImplementedError


def event(
    players: int, rounds: int, played: int, engine: PairingEngine | None = None, seed: int = 1
) -> Tournament:
    """A Swiss of ``players`` with ``played`` rounds of random results (paired by ``engine``, by default
    the default engine in this process)."""
    engine = engine or CaissifyEngine(child_from=None)
    rng = random.Random(seed)
    t = Tournament(Settings(rounds=rounds))
    for i in range(players):
        t.join(f"user:{i}", f"Player {i}", [i], rating=1000 + rng.randrange(1500))
    t.start()
    for _ in range(played):
        rnd = t.pair_next_round(engine)
        for g in rnd.games:
            if g.outcome is None:
                t.record(rnd.number, g.table, rng.choice(RESULTS))
        t.close_round()
    return t


def _pair(players: int, rounds: int, played: int, out: multiprocessing.Queue, library: bool) -> None:
    # caissify-pairings imports networkx on its first matching (round 2 on): a running bot pays that once, so
    # it is not counted here (it was, before: about 0.5 s of every round-2 figure).
    import networkx  # noqa: F401

    t = event(players, rounds, played)
    engine = CaissifyEngine(fast=False, child_from=None) if library else CaissifyEngine(child_from=None)
    start, start_cpu = time.perf_counter(), time.process_time()
    t.pair_next_round(engine)
    out.put((time.perf_counter() - start, time.process_time() - start_cpu))


def timed_pairing(players: int, rounds: int, played: int, limit: float, library: bool = False) -> str:
    """Seconds the Dutch engine takes to pair round ``played`` + 1 (and of them, CPU seconds: on a shared
    machine the first counts the waits for a core too), or that it took longer than ``limit`` (the rounds
    before are paired by the Dutch engine too, untimed, inside the same limit). With ``library`` the timed
    round is paired by the library's own procedure (`CaissifyEngine(fast=False)`: its matchings compiled)."""
    out: multiprocessing.Queue = multiprocessing.Queue()
    child = multiprocessing.Process(target=_pair, args=(players, rounds, played, out, library), daemon=True)
    child.start()
    child.join(limit)
    if child.is_alive():
        child.terminate()
        child.join()
        return f"over {limit:.0f} s (stopped)"
    wall, cpu = out.get()
    return f"{wall:8.3f} s (CPU {cpu:.3f} s)"


async def loop_gap(players: int, engine: PairingEngine) -> str:
    """The longest gap of a loop ticking every 10 ms while round 2 of ``players`` entrants is paired by
    ``engine`` in ``asyncio.to_thread``, and the pairing's wall time."""
    t = event(players, 3, 1)
    gaps: list[float] = []
    done = False

    async def tick() -> None:
        last = time.perf_counter()
        while not done:
            await asyncio.sleep(0.01)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    start = time.perf_counter()
    await asyncio.to_thread(t.pair_next_round, engine)
    wall = time.perf_counter() - start
    done = True
    await ticker
    return f"longest loop gap {max(gaps) * 1000:8.1f} ms over {len(gaps)} ticks (pairing {wall:.2f} s)"


def with_cpu(samples: list[tuple[float, float]]) -> str:
    """`ms_figures` of the wall-clock seconds of ``samples`` (wall, CPU) and the median CPU milliseconds."""
    return f"{ms_figures([w for w, _ in samples])}   CPU median {statistics.median(c for _, c in samples) * 1000:.3f} ms"


async def idle_sweeps(events: int, sweeps: int) -> list[tuple[float, float]]:
    """Seconds (wall, CPU of the process) per `advance_all` over ``events`` running events with nothing
    to do."""
    with tempfile.TemporaryDirectory() as folder:
        async with GameService.open(Path(folder) / "bench.sqlite3") as games:
            svc = TournamentService(games)
            for e in range(events):
                made = await svc.create(
                    guild_id=1,
                    channel_id=2,
                    organiser=3,
                    name=f"e{e}",
                    kind="warchest",
                    options={},
                    settings=Settings(rounds=3),
                )
                for n in range(4):
                    user = 10_000 + 4 * e + n
                    await svc.join(made.id, [Player(user, f"P{user}")])
                await svc.start(made.id, by=3)
            await svc.advance_all()  # pairs and opens every first round
            samples = []
            for _ in range(sweeps):
                start, start_cpu = time.perf_counter(), time.process_time()
                await svc.advance_all()
                samples.append((time.perf_counter() - start, time.process_time() - start_cpu))
    return samples


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument(
        "--small", default="100,200", help="field sizes, comma-separated, for rounds 2 and 3 alone"
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--limit", type=float, default=120.0)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument(
        "--library",
        action="store_true",
        help="time the pairings by caissify-pairings' own procedure (with the compiled matching) instead",
    )
    parser.add_argument(
        "--loop-gap",
        action="store_true",
        help="first measure the event loop's longest gap while round 2 is paired in a thread",
    )
    args = parse_args(
        parser,
        {
            "players": 16,
            "small": "8",
            "rounds": 3,
            "limit": 60.0,
            "repeats": 3,
            "events": 3,
            "loop_gap": True,
        },
        argv,
    )
    n, r, lib = args.players, args.rounds, args.library
    procedure = "its own procedure, compiled matching" if lib else "FastDutchEngine"
    if args.loop_gap:
        import networkx  # noqa: F401  (as in _pair)

        print(f"Swiss of {n} entrants, round 2 paired in asyncio.to_thread:")
        print(f"  default engine (a child from {CHILD_FROM:>4})  {asyncio.run(loop_gap(n, DEFAULT_ENGINE))}")
        home = CaissifyEngine(child_from=None)
        print(f"  the same in the bot's process       {asyncio.run(loop_gap(n, home))}")
    print(f"Swiss of {n} entrants, {r} rounds, FIDE Dutch (caissify-pairings' engine, {procedure}):")
    print(f"  pairing round 1                     {timed_pairing(n, r, 0, args.limit, lib)}")
    print(f"  pairing round 2 (after 1 round)     {timed_pairing(n, r, 1, args.limit, lib)}")
    if r >= 3:
        print(f"  pairing round 3 (after 2 rounds)    {timed_pairing(n, r, 2, args.limit, lib)}")
    for small in (int(size) for size in str(args.small).split(",")):
        print(f"Swiss of {small} entrants, pairing round 2 {timed_pairing(small, r, 1, args.limit, lib)}")
        if r >= 3:
            print(f"Swiss of {small} entrants, pairing round 3 {timed_pairing(small, r, 2, args.limit, lib)}")
    t = event(n, r, r, ScoreOrderPairing())
    samples = []
    for _ in range(args.repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        t.standings()
        samples.append((time.perf_counter() - start, time.process_time() - start_cpu))
    print(f"standings of {n} after {r} rounds     {with_cpu(samples)}")
    samples = []
    for _ in range(max(3, args.repeats // 4)):
        start, start_cpu = time.perf_counter(), time.process_time()
        t.to_trf16("bench")
        samples.append((time.perf_counter() - start, time.process_time() - start_cpu))
    print(f"TRF16 export of {n} after {r} rounds  {with_cpu(samples)}")
    sweeps = asyncio.run(idle_sweeps(args.events, max(3, args.repeats // 2)))
    print(f"idle sweep of {args.events} running events  {with_cpu(sweeps)}")


if __name__ == "__main__":
    main()
