"""What an accepted move costs the database: one write transaction (the action, the ply guard, the turn
hint and its outbox rows commit together) and, on PostgreSQL, a fixed number of round trips; a refused
move writes nothing. Counted from what the driver sends (tests/roundtrips.py), not timed."""

from __future__ import annotations

import pytest
from roundtrips import Trace, counting_connections

from warchest_bot.service import GameService, Player, ServiceError
from warchest_bot.storage.dsn import is_postgres

from .helpers import FakeClock

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")


def _outbox_rows(sent: list[tuple[str, str]]) -> int:
    return sum(1 for _, sql in sent if sql.lstrip().upper().startswith("INSERT INTO OUTBOX"))


async def test_an_accepted_move_commits_in_one_write_transaction(db_target):
    trace = Trace()
    with counting_connections(trace):
        async with GameService.open(db_target, clock=FakeClock(), snapshot_every=1000) as service:
            if not is_postgres(str(db_target)):
                await trace.watch_sqlite(service.storage)
            game = await service.create_game([ANN, BOB], seed=7, options={"units": "first-game"})
            for _ in range(12):
                info = await service.get_game(game.id)
                assert info.to_act is not None
                legal = await service.legal_actions(game.id, info.to_act.user_id)
                with trace.recording() as sent:
                    await service.play(game.id, info.to_act.user_id, legal[0].text, expected_ply=legal[0].ply)
                assert trace.write_transactions == 1, trace.statements()
                assert _outbox_rows(sent) >= 1
                with trace.recording(), pytest.raises(ServiceError):
                    await service.play(game.id, info.to_act.user_id, legal[0].text, expected_ply=legal[0].ply)
                assert trace.write_transactions == 0, trace.statements()
            assert (await service.get_game(game.id)).ply == 12


async def test_an_accepted_move_on_postgresql_costs_a_fixed_number_of_round_trips(pg_server):
    """BEGIN with the write lock, the guarded append of the action (one statement), each outbox row, COMMIT;
    nothing else (no savepoints: the commit is whole; no pool reset; no reads). Preparing a statement, once
    per statement and connection, is not counted."""
    trace = Trace()
    dsn = await pg_server.create_database()
    with counting_connections(trace):
        async with GameService.open(dsn, clock=FakeClock(), snapshot_every=1000) as service:
            game = await service.create_game([ANN, BOB], seed=7, options={"units": "first-game"})
            for _ in range(12):
                info = await service.get_game(game.id)
                assert info.to_act is not None
                legal = await service.legal_actions(game.id, info.to_act.user_id)
                with trace.recording() as sent:
                    await service.play(game.id, info.to_act.user_id, legal[0].text, expected_ply=legal[0].ply)
                trips = [(kind, sql) for kind, sql in sent if kind != "prepare"]
                rows = _outbox_rows(trips)
                assert len(trips) == 3 + rows, trace.statements()
