"""Round trips to the PostgreSQL server per accepted move: what `bench/scale.py`'s loop costs in messages
to the server (each a wait for its answer), split into the request before the move (``get_game``,
``legal_actions``) and `GameService.play` itself, with the statements a move issues, grouped (prints
figures; no asserts).

    python -m bench.pg_trips [--moves 200] [--games 4] [--dsn postgresql://...]

A round trip is one call into asyncpg's protocol that waits for the server: a simple query (a script such
as ``BEGIN; SELECT pg_advisory_xact_lock(…)``), preparing a statement (a statement-cache miss), binding and
executing a prepared one, an ``executemany`` batch, closing a statement. The counter (tests/roundtrips.py)
wraps the protocol of every connection this script opens; the product has no counter.
Without ``--dsn`` a throwaway PostgreSQL server is started (tests/pgserver.py).
"""

from __future__ import annotations

import argparse
import asyncio
import random
from collections import Counter

from bench.common import parse_args
from tests.pgserver import throwaway_database
from tests.roundtrips import Trace, counting_connections
from warchest_bot.service import GameService, Player


async def measure(dsn: str, moves: int, games: int, seed: int = 1) -> None:
    trace = Trace()
    rng = random.Random(seed)
    players = [Player(1000 + n, f"p{n}") for n in range(2 * games)]
    per_play: list[int] = []
    before = writes = 0
    statements: Counter[str] = Counter()
    reads: Counter[str] = Counter()
    with counting_connections(trace):
        async with GameService.open(dsn) as service:
            ids = [
                (await service.create_game(players[2 * g : 2 * g + 2], options={"units": "first-game"})).id
                for g in range(games)
            ]
            for game_id in ids:  # warm up: games cached, statements prepared on the pooled connections
                info = await service.get_game(game_id)
                assert info.to_act is not None
                legal = await service.legal_actions(game_id, info.to_act.user_id)
                await service.play(game_id, info.to_act.user_id, legal[0].text, expected_ply=legal[0].ply)
            while len(per_play) < moves and ids:
                game_id = rng.choice(ids)
                with trace.recording():
                    info = await service.get_game(game_id)
                    if info.status != "active" or info.to_act is None:
                        ids.remove(game_id)
                        continue
                    legal = await service.legal_actions(game_id, info.to_act.user_id)
                action = rng.choice(legal)
                before += trace.round_trips
                reads.update(trace.statements())
                with trace.recording():
                    await service.play(game_id, info.to_act.user_id, action.text, expected_ply=action.ply)
                per_play.append(trace.round_trips)
                writes += trace.write_transactions
                statements.update(trace.statements())
    n = len(per_play)
    print(f"{n} accepted moves over {games} games")
    print(f"round trips per move, get_game + legal_actions before it: {before / n:.2f}")
    print(
        f"round trips per accepted GameService.play: {sum(per_play) / n:.2f}"
        f" (min {min(per_play)}, max {max(per_play)}); write transactions per play: {writes / n:.2f}"
    )
    for title, table in (("play", statements), ("get_game + legal_actions", reads)):
        print(f"statements of {title} (round trips per move, kind, statement):")
        for text, count in sorted(table.items(), key=lambda kv: -kv[1]):
            print(f"  {count / n:5.2f}  {text}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--dsn", help="a PostgreSQL database (default: a throwaway server)")
    args = parse_args(parser, {"moves": 10, "games": 2})
    server = None
    dsn = args.dsn
    if dsn is None:
        server, dsn = asyncio.run(throwaway_database())
    try:
        asyncio.run(measure(dsn, args.moves, args.games))
    finally:
        if server is not None:
            server.stop()  # type: ignore[attr-defined]


if __name__ == "__main__":
    main()
