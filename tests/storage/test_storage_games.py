"""Games, seats and the action log: round trips across reopen, guards, races and atomicity."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from dbdump import dump

from warchest_bot.storage import (
    ChallengeConflict,
    Conflict,
    GameEnd,
    GameNotFound,
    GameStatus,
    LoadedGame,
    NewSeat,
    Outcome,
    PlayerStats,
    PlyConflict,
    RatingRecord,
    SeatConflict,
    StatusConflict,
    Storage,
    StorageError,
    open_storage,
)

START = datetime(2025, 3, 1, 12, 0, 0, tzinfo=UTC)


class FakeClock:
    """Advances one second per reading, so every stored time is distinct and predictable."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


async def _active_game(storage: Storage, **kwargs) -> int:
    kwargs.setdefault("kind", "warchest")
    game = await storage.create_game(
        options={"variant": "2p", "units": ["archer", "knight"]},
        seed=123456789,
        guild_id=100,
        channel_id=200,
        created_by=1,
        seats=[NewSeat("Ann", user_id=1), NewSeat("Bob", user_id=2)],
        status=GameStatus.ACTIVE,
        turn_seat=0,
        **kwargs,
    )
    return game.id


async def test_storage_names_no_game_a_game_and_a_rating_say_their_kind(db_target):
    """Storage has no default game: creating a game, reading ratings and making a rating record name the
    kind (the registry's, from the service)."""
    async with open_storage(db_target) as storage:
        with pytest.raises(TypeError, match="kind"):
            await storage.create_game(options={}, seed=1)  # type: ignore[call-arg]
        game = await storage.create_game(kind="pointbuy", options={}, seed=1)
        assert (await storage.get_game(game.id)).kind == "pointbuy"
        with pytest.raises(TypeError, match="kind"):
            await storage.leaderboard(0)  # type: ignore[call-arg]
        with pytest.raises(TypeError, match="kind"):
            RatingRecord(0, 1, 1500.0, 350.0, 0.06, 0)  # type: ignore[call-arg]
        assert await storage.leaderboard(0, kind="pointbuy") == []


async def test_400_actions_survive_close_and_reopen(db_target):
    path = db_target
    clock = FakeClock()
    async with open_storage(path, clock=clock) as storage:
        game = await storage.create_game(
            options={"variant": "2p", "draft": [1, 2, 3], "nested": {"ß": "ü"}},
            seed=2**62 + 5,
            kind="warchest",
            guild_id=100,
            channel_id=200,
            thread_id=300,
            created_by=1,
            rated=True,
            seats=[NewSeat("Ann", user_id=1, dm_reachable=True), NewSeat("Bot", ai_level="greedy", team=1)],
        )
        await storage.set_status(game.id, GameStatus.ACTIVE, expected=GameStatus.OPEN, turn_seat=0)
        for ply in range(400):
            await storage.append_action(
                game.id,
                ply,
                ply % 2,
                f"Sw move e{ply % 9}-e{(ply + 1) % 9}",
                snapshot_json=f'{{"ply": {ply + 1}}}' if ply % 100 == 99 else None,
                turn_seat=(ply + 1) % 2,
            )
        before = await storage.load_game(game.id)
    assert len(before.actions) == 400
    assert [a.ply for a in before.actions] == list(range(400))
    assert before.game.ply_count == 400
    assert before.snapshot is not None and before.snapshot.ply == 400
    assert before.snapshot.state_json == '{"ply": 400}'

    async with open_storage(path, clock=clock) as storage:
        after = await storage.load_game(game.id)
        assert after == before
        assert after.game.options == {"variant": "2p", "draft": [1, 2, 3], "nested": {"ß": "ü"}}
        assert after.game.seed == 2**62 + 5
        assert after.game.rated is True
        assert after.game.thread_id == 300
        assert [s.display_name for s in after.game.seats] == ["Ann", "Bot"]
        assert after.game.seats[1].is_ai and after.game.seats[1].ai_level == "greedy"
        assert after.game.seats[0].dm_reachable is True and after.game.seats[1].dm_reachable is None
        assert after.notations[0] == "Sw move e0-e1"
        assert (await storage.action_log(game.id, from_ply=398)) == list(before.actions[398:])
        assert (await storage.action_log(game.id, from_ply=10, limit=3)) == list(before.actions[10:13])
        snap = await storage.snapshot_at_or_before(game.id, 250)
        assert snap is not None and snap.ply == 200
        # and play goes on
        await storage.append_action(game.id, 400, 0, "Sw pass")
        assert (await storage.get_game(game.id)).ply_count == 401


async def test_wrong_ply_is_refused_and_changes_nothing(db_target):
    path = db_target
    async with open_storage(path, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        for ply in range(5):
            await storage.append_action(game_id, ply, ply % 2, f"a{ply}")
        before = dump(path)
        for wrong in (0, 4, 6, 50):
            with pytest.raises(PlyConflict) as info:
                await storage.append_action(game_id, wrong, 0, "late", snapshot_json="{}", turn_seat=1)
            assert (info.value.game_id, info.value.expected, info.value.given) == (game_id, 5, wrong)
        assert dump(path) == before
        with pytest.raises(GameNotFound):
            await storage.append_action(game_id + 99, 0, 0, "x")
        with pytest.raises(ValueError):
            await storage.append_action(game_id, 5, 0, "  ")
        assert dump(path) == before
        await storage.append_action(game_id, 5, 1, "a5")  # the right ply still works


async def test_racing_appends_let_exactly_one_win(db_target):
    path = db_target
    async with open_storage(path) as one, open_storage(path) as two:
        game_id = await _active_game(one)
        for ply in range(3):
            results = await asyncio.gather(
                one.append_action(game_id, ply, 0, f"one {ply}"),
                two.append_action(game_id, ply, 1, f"two {ply}"),
                one.append_action(game_id, ply, 0, f"one again {ply}"),
                return_exceptions=True,
            )
            assert sum(r is None for r in results) == 1
            assert all(isinstance(r, PlyConflict) for r in results if r is not None)
        loaded = await two.load_game(game_id)
        assert [a.ply for a in loaded.actions] == [0, 1, 2]
        assert loaded.game.ply_count == 3


async def test_status_guards(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game = await storage.create_game(
            kind="warchest", options={}, seed=1, seats=[NewSeat("Ann", user_id=1)]
        )
        with pytest.raises(StatusConflict, match="is open"):
            await storage.append_action(game.id, 0, 0, "x")
        with pytest.raises(StatusConflict):
            await storage.finish_game(game.id, GameEnd("victory", winner_team=0))
        await storage.set_status(game.id, "active", expected="open")
        started = await storage.get_game(game.id)
        assert started.status is GameStatus.ACTIVE and started.started_at is not None
        with pytest.raises(StatusConflict):
            await storage.set_status(game.id, "active", expected="open")
        with pytest.raises(StatusConflict):
            await storage.add_seat(game.id, display_name="Bob", user_id=2)
        with pytest.raises(StatusConflict):
            await storage.set_options(game.id, {"x": 1})
        with pytest.raises(ValueError):
            await storage.set_status(game.id, "finished")
        await storage.set_status(game.id, "open", expected="active")  # no actions yet: may reopen
        await storage.set_status(game.id, "active", expected="open")
        await storage.append_action(game.id, 0, 0, "x")
        with pytest.raises(StatusConflict, match="reopening"):
            await storage.set_status(game.id, "open")
        with pytest.raises(PlyConflict):
            await storage.finish_game(game.id, GameEnd("resign", winner_team=0), expected_ply=0)
        with pytest.raises(ValueError, match="not a team"):
            await storage.finish_game(game.id, GameEnd("victory", winner_team=7))
        with pytest.raises(ValueError, match="not a team"):
            await storage.finish_game(game.id, GameEnd("resign", loser_team=7))
        with pytest.raises(ValueError, match="winner team or"):
            await storage.finish_game(game.id, GameEnd("resign", winner_team=0, loser_team=1))
        await storage.finish_game(
            game.id, GameEnd("resign", winner_team=0, result={"score": 3}), expected_ply=1
        )
        done = await storage.get_game(game.id)
        assert done.status is GameStatus.FINISHED and done.result == {"score": 3}
        assert done.seats[0].outcome is Outcome.WIN and done.turn_seat is None
        with pytest.raises(StatusConflict):
            await storage.append_action(game.id, 1, 0, "y")
        with pytest.raises(StatusConflict):
            await storage.finish_game(game.id, GameEnd("abandoned", aborted=True))
        with pytest.raises(StatusConflict):
            await storage.set_status(game.id, "open")


async def test_final_action_and_finish_commit_together(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        await storage.append_action(game_id, 0, 0, "a0")
        await storage.append_action(game_id, 1, 1, "a1", end=GameEnd("victory", winner_team=1))
        game = await storage.get_game(game_id)
        assert game.status is GameStatus.FINISHED and game.ply_count == 2 and game.winner_team == 1
        assert [s.outcome for s in game.seats] == [Outcome.LOSS, Outcome.WIN]
        # an invalid end undoes the action too
        other = await _active_game(storage)
        with pytest.raises(ValueError):
            await storage.append_action(other, 0, 0, "a0", end=GameEnd("victory", winner_team=5))
        assert (await storage.get_game(other)).ply_count == 0
        assert await storage.action_log(other) == []


async def test_seats(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game = await storage.create_game(
            kind="warchest", options={}, seed=1, seats=[NewSeat("Ann", user_id=1)]
        )
        bob = await storage.add_seat(game.id, display_name="Bob", user_id=2)
        assert bob.seat == 1 and bob.team == 1 and not bob.is_ai
        with pytest.raises(SeatConflict, match="already has a seat"):
            await storage.add_seat(game.id, display_name="Ann again", user_id=1)
        with pytest.raises(SeatConflict, match="is taken"):
            await storage.add_seat(game.id, display_name="Cat", user_id=3, seat=0)
        with pytest.raises(ValueError):
            await storage.add_seat(game.id, display_name="Nobody")
        await storage.remove_seat(game.id, 0)
        with pytest.raises(SeatConflict):
            await storage.remove_seat(game.id, 0)
        cat = await storage.add_seat(game.id, display_name="Cat", user_id=3)
        assert cat.seat == 0
        bot = await storage.add_seat(game.id, display_name="Bot", ai_level="random", team=0)
        assert bot.seat == 2 and bot.is_ai and bot.user_id is None
        assert [s.user_id for s in (await storage.get_game(game.id)).seats] == [3, 2, None]
        assert await storage.set_dm_reachable(2, False) == 1
        assert (await storage.get_game(game.id)).seat_of(2).dm_reachable is False
        assert await storage.set_dm_reachable(3, True, game_id=game.id) == 1
        with pytest.raises(SeatConflict):
            await storage.create_game(
                kind="warchest", options={}, seed=1, seats=[NewSeat("A", user_id=1), NewSeat("A", user_id=1)]
            )
        mixed = await storage.create_game(
            kind="warchest",
            options={},
            seed=1,
            seats=[NewSeat("A", user_id=1, seat=1), NewSeat("B", user_id=2), NewSeat("C", user_id=3)],
        )
        assert [(s.seat, s.user_id) for s in mixed.seats] == [(0, 2), (1, 1), (2, 3)]


async def test_transaction_groups_operations_and_rolls_back(db_target):
    path = db_target
    async with open_storage(path, clock=FakeClock()) as storage:
        async with storage.transaction():
            game = await storage.create_game(
                kind="warchest", options={}, seed=1, seats=[NewSeat("Ann", user_id=1)]
            )
            with pytest.raises(SeatConflict):
                await storage.add_seat(game.id, display_name="Ann", user_id=1)
            await storage.add_seat(game.id, display_name="Bob", user_id=2)
            await storage.create_challenge(game.id, 1, invited=[2])
        assert len((await storage.get_game(game.id)).seats) == 2
        before = dump(path)
        with pytest.raises(RuntimeError):
            async with storage.transaction():
                await storage.create_game(kind="warchest", options={}, seed=2)
                await storage.set_status(game.id, "active")
                raise RuntimeError("boom")
        assert dump(path) == before
        with pytest.raises(StorageError, match="do not nest"):
            async with storage.transaction(), storage.transaction():
                pass


async def test_each_failed_operation_in_a_transaction_is_undone_alone(db_target):
    """Operations that raise inside `transaction()`, first, in a row, or after others wrote, are undone on
    their own; what the others wrote commits (PostgreSQL sets the savepoint they roll back to lazily)."""
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        table = await storage.create_game(
            kind="warchest", options={}, seed=1, seats=[NewSeat("Ann", user_id=1)]
        )
        async with storage.transaction():
            with pytest.raises(PlyConflict):
                await storage.append_action(game_id, 5, 0, "too late")
            with pytest.raises(SeatConflict):
                await storage.add_seat(table.id, display_name="Ann", user_id=1)
            await storage.append_action(game_id, 0, 0, "first")
            with pytest.raises(SeatConflict):
                await storage.add_seat(table.id, display_name="Ann", user_id=1)
            with pytest.raises(PlyConflict):
                await storage.append_action(game_id, 0, 1, "again")
            with pytest.raises(TypeError):
                await storage.put_snapshot(game_id, 1, {"not": "text"})  # type: ignore[arg-type]
            await storage.add_seat(table.id, display_name="Bob", user_id=2)
            await storage.append_action(game_id, 1, 1, "second", turn_seat=0)
            with pytest.raises(StatusConflict):
                await storage.add_seat(game_id, display_name="Cat", user_id=3)
        loaded = await storage.load_game(game_id)
        assert [a.notation for a in loaded.actions] == ["first", "second"]
        assert (loaded.game.ply_count, loaded.game.turn_seat) == (2, 0)
        assert loaded.snapshot is None
        assert [s.user_id for s in (await storage.get_game(table.id)).seats] == [1, 2]


async def test_a_whole_transaction_is_all_or_nothing(db_target):
    """``transaction(whole=True)``: operations are not undone alone; an error caught inside the block
    makes its end raise, and nothing of the block commits."""
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        async with storage.transaction(whole=True):
            await storage.append_action(game_id, 0, 0, "first")
            await storage.append_action(game_id, 1, 1, "second")
        before = dump(db_target)
        with pytest.raises(StorageError, match="caught"):
            async with storage.transaction(whole=True):
                await storage.append_action(game_id, 2, 0, "third")
                with pytest.raises(PlyConflict):
                    await storage.put_snapshot(game_id, 9, "{}")  # beyond the log (a read: refused here)
                await storage.append_action(game_id, 3, 1, "fourth")
        # A stale append: refused by the block's end at the latest (SQLite checks the guard with the
        # commit's round trip), and nothing of the block commits.
        with pytest.raises(PlyConflict):
            async with storage.transaction(whole=True):
                await storage.append_action(game_id, 2, 0, "third")
                await storage.append_action(game_id, 2, 1, "again")
                await storage.append_action(game_id, 3, 1, "fourth")
        with pytest.raises(RuntimeError):
            async with storage.transaction(whole=True):
                await storage.append_action(game_id, 2, 0, "third")
                raise RuntimeError("boom")
        loaded = await storage.load_game(game_id)
        assert [a.notation for a in loaded.actions] == ["first", "second"]
        assert loaded.game.ply_count == 2
        assert dump(db_target) == before
        async with storage.transaction(whole=True):  # the storage stays usable
            await storage.append_action(game_id, 2, 0, "third")
        assert (await storage.get_game(game_id)).ply_count == 3


async def test_a_cancelled_operation_leaves_the_connection_usable(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        for attempt in range(30):
            ply = (await storage.get_game(game_id)).ply_count
            task = asyncio.create_task(storage.append_action(game_id, ply, 0, "x", snapshot_json="{}"))
            for _ in range(attempt % 10):  # cancel at a different stage each time
                await asyncio.sleep(0)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        loaded = await storage.load_game(game_id)
        assert loaded.game.ply_count == len(loaded.actions)
        await storage.append_action(game_id, loaded.game.ply_count, 0, "after")


async def test_snapshots(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        game_id = await _active_game(storage)
        assert (await storage.load_game(game_id)).snapshot is None
        await storage.put_snapshot(game_id, 0, '{"start": true}')
        for ply in range(6):
            await storage.append_action(game_id, ply, 0, f"a{ply}", snapshot_json=f'{{"p": {ply + 1}}}')
        with pytest.raises(PlyConflict):
            await storage.put_snapshot(game_id, 7, "{}")
        assert (await storage.load_game(game_id)).snapshot.ply == 6
        assert await storage.prune_snapshots(game_id, keep=2) == 5
        assert (await storage.snapshot_at_or_before(game_id, 4)) is None
        assert (await storage.snapshot_at_or_before(game_id)).ply == 6


async def test_challenges(db_target):
    clock = FakeClock()
    async with open_storage(db_target, clock=clock) as storage:
        game = await storage.create_game(
            kind="warchest", options={}, seed=1, guild_id=100, seats=[NewSeat("Ann", user_id=1)]
        )
        ch = await storage.create_challenge(
            game.id, 1, invited=[2, 3], open_seats=1, channel_id=5, expires_at=START + timedelta(hours=1)
        )
        assert ch.invited_user_ids == (2, 3) and ch.guild_id == 100
        with pytest.raises(ChallengeConflict):
            await storage.create_challenge(game.id, 1, open_seats=1)
        assert [c.game_id for c in await storage.list_challenges_for_user(3)] == [game.id]
        assert [c.game_id for c in await storage.list_challenges_for_user(1)] == [game.id]
        assert await storage.list_challenges_for_user(4) == []
        assert [c.game_id for c in await storage.list_open_challenges(100)] == [game.id]
        ch = await storage.update_challenge(game.id, uninvite=[3], open_seats=0, message_id=77)
        assert ch.invited_user_ids == (2,) and ch.open_seats == 0 and ch.message_id == 77
        assert await storage.list_open_challenges(100) == []
        assert await storage.list_expired_challenges(START + timedelta(minutes=30)) == []
        assert len(await storage.list_expired_challenges(START + timedelta(hours=2))) == 1
        await storage.set_status(game.id, "active")
        assert await storage.get_challenge(game.id) is None  # a challenge lives only while the game is open
        with pytest.raises(StatusConflict):
            await storage.create_challenge(game.id, 1, open_seats=1)
        with pytest.raises(ChallengeConflict):
            await storage.update_challenge(game.id, open_seats=1)


async def test_settings_and_message_refs(db_target):
    async with open_storage(db_target, clock=FakeClock()) as storage:
        assert await storage.get_user_settings(1) == {}
        await storage.set_user_settings(1, {"lang": "fa", "dm": True})
        assert await storage.update_user_settings(1, {"dm": None, "theme": "dark"}) == {
            "lang": "fa",
            "theme": "dark",
        }
        assert await storage.get_user_settings(1) == {"lang": "fa", "theme": "dark"}
        await storage.update_guild_settings(9, {"channel": 123})
        assert await storage.get_guild_settings(9) == {"channel": 123}
        assert await storage.get_guild_settings(10) == {}
        with pytest.raises(ValueError):
            await storage.set_user_settings(1, {"bad": object()})

        game_id = await _active_game(storage)
        await storage.set_message_ref(game_id, "board", 555, channel_id=200)
        await storage.set_message_ref(game_id, "hand", 556, channel_id=900, seat=0)
        await storage.set_message_ref(game_id, "board", 557, channel_id=200)  # replaced
        assert (await storage.get_message_ref(game_id, "board")).message_id == 557
        assert (await storage.get_message_ref(game_id, "hand", seat=0)).channel_id == 900
        assert await storage.get_message_ref(game_id, "hand", seat=1) is None
        found = await storage.find_message_ref(556)
        assert (found.game_id, found.kind, found.seat) == (game_id, "hand", 0)
        assert [r.kind for r in await storage.list_message_refs(game_id)] == ["board", "hand"]
        assert await storage.delete_message_ref(game_id, "hand", seat=0)
        assert not await storage.delete_message_ref(game_id, "hand", seat=0)
        with pytest.raises(GameNotFound):
            await storage.set_message_ref(game_id + 5, "board", 1)


async def test_threads_times_and_deletion(db_target):
    clock = FakeClock()
    async with open_storage(db_target, clock=clock) as storage:
        game_id = await _active_game(storage)
        await storage.set_thread(game_id, 4242)
        assert (await storage.find_game_by_thread(4242)).id == game_id
        assert await storage.find_game_by_thread(1) is None
        at = datetime(2030, 1, 2, 3, 4, 5, 678, tzinfo=UTC)
        await storage.append_action(game_id, 0, 0, "a0", at=at)
        (action,) = await storage.action_log(game_id)
        assert action.created_at == at.replace(microsecond=0)
        with pytest.raises(ValueError, match="naive"):
            await storage.append_action(game_id, 1, 0, "a1", at=datetime(2030, 1, 1))
        await storage.set_message_ref(game_id, "board", 1)
        assert await storage.delete_game(game_id)
        assert not await storage.delete_game(game_id)
        with pytest.raises(GameNotFound):
            await storage.load_game(game_id)
        assert await storage.find_message_ref(1) is None
    with pytest.raises(StorageError, match="closed"):
        await storage.get_game(1)


async def test_import_games_reproduces_loaded_games(tmp_path):
    source, target = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    async with Storage.open(source, clock=FakeClock()) as storage:
        finished = await _active_game(storage, thread_id=77, rated=True)
        for ply in range(12):
            await storage.append_action(
                finished, ply, ply % 2, f"a{ply}", snapshot_json='{"s": 1}' if ply == 9 else None
            )
        await storage.finish_game(finished, GameEnd("victory", winner_team=1, result={"points": [3, 6]}))
        waiting = (
            await storage.create_game(
                kind="warchest", options={"x": 1}, seed=5, seats=[NewSeat("Bot", ai_level="search-2")]
            )
        ).id
        games = [await storage.load_game(finished), await storage.load_game(waiting)]
    async with Storage.open(target, clock=FakeClock()) as storage:
        assert await storage.import_games(games) == 2
        assert [await storage.load_game(g.game.id) for g in games] == games
        assert await storage.record_for_user(2) == PlayerStats(games=1, wins=1, losses=0, draws=0)
        assert (await storage.list_games_for_user(2))[0].id == finished
        before = dump(target)
        with pytest.raises(Conflict):
            await storage.import_games(games)
        assert dump(target) == before
        bad = LoadedGame(games[0].game, games[0].actions[1:], None)
        with pytest.raises(ValueError):
            await storage.import_games([bad])
        newer = await storage.create_game(kind="warchest", options={}, seed=1)
        assert newer.id > max(g.game.id for g in games)  # ids keep growing past imported ones


async def test_health_counts_what_the_status_line_reports(db_target):
    from warchest_bot.storage import HealthCounts, NewTimer

    clock = FakeClock()
    async with open_storage(db_target, clock=clock) as storage:
        assert await storage.health_counts() == HealthCounts(0, 0, 0)
        one, two = await _active_game(storage), await _active_game(storage)
        await storage.create_game(kind="warchest", options={}, seed=3)  # open, not active
        await storage.finish_game(two, GameEnd(reason="resigned", winner_team=0))
        first = await storage.add_outbox(one, 1, "move")
        await storage.add_outbox(one, 2, "move")
        await storage.outbox_done(first)
        now = clock()
        await storage.add_timers(
            [
                NewTimer(now - timedelta(minutes=1), "reminder", one, 1, ply=0, step=0),
                NewTimer(now + timedelta(hours=1), "reminder", one, 1, ply=0, step=1),
            ]
        )
        assert await storage.health_counts(at=now) == HealthCounts(
            active_games=1, outbox_owed=1, timers_due=1
        )
