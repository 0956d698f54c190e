"""The repository interfaces and the SQLite `Storage` agree: every topic's methods, with the same parameters.

A second backend is written against `warchest_bot.storage.repositories`; this keeps those interfaces the
contract `Storage` actually offers (names, parameter names and kinds, defaults, coroutine or not).
"""

from __future__ import annotations

import inspect
from datetime import UTC, datetime

import pytest

from warchest_bot.storage import (
    ActionLogRepository,
    ChallengeRepository,
    ConditionalRepository,
    CorrespondenceRepository,
    FollowRepository,
    GameRepository,
    LeaseRepository,
    ListingRepository,
    MessageRefRepository,
    MetaRepository,
    OutboxRepository,
    PuzzleRepository,
    Repository,
    ReviewRepository,
    SeatRepository,
    SettingsRepository,
    Storage,
    StorageLifecycle,
    TournamentRepository,
    TutorialRepository,
    WakeupRepository,
)
from warchest_bot.storage import sqlite as sqlite_package

TOPICS = (
    GameRepository,
    ActionLogRepository,
    ListingRepository,
    ChallengeRepository,
    SettingsRepository,
    MessageRefRepository,
    CorrespondenceRepository,
    OutboxRepository,
    LeaseRepository,
    MetaRepository,
    TutorialRepository,
    PuzzleRepository,
    ReviewRepository,
    SeatRepository,
    WakeupRepository,
    FollowRepository,
    ConditionalRepository,
    TournamentRepository,
    StorageLifecycle,
)


def _members(protocol: type) -> dict[str, object]:
    return {
        name: value
        for name, value in vars(protocol).items()
        if not name.startswith("_") or name in ("__aenter__", "__aexit__")
    }


def _parameters(function: object) -> list[tuple[str, object, object]]:
    signature = inspect.signature(function)  # type: ignore[arg-type]
    return [(p.name, p.kind, p.default) for p in signature.parameters.values()]


@pytest.mark.parametrize("protocol", TOPICS, ids=lambda p: p.__name__)
def test_storage_offers_every_method_of_the_interface_with_its_parameters(protocol: type) -> None:
    members = _members(protocol)
    assert members, f"{protocol.__name__} declares nothing"
    for name, declared in members.items():
        offered = inspect.getattr_static(Storage, name)
        if isinstance(declared, property):
            assert isinstance(offered, property), name
            continue
        assert _parameters(offered) == _parameters(declared), f"{protocol.__name__}.{name}"
        assert inspect.iscoroutinefunction(offered) == inspect.iscoroutinefunction(declared), name


def test_each_public_storage_method_belongs_to_one_topic() -> None:
    declared: dict[str, list[str]] = {}
    for protocol in TOPICS:
        for name in _members(protocol):
            declared.setdefault(name, []).append(protocol.__name__)
    assert {name: owners for name, owners in declared.items() if len(owners) > 1} == {}
    public = {name for name in dir(Storage) if not name.startswith("_")} - {"open"}
    assert public - set(declared) == set(), "public Storage methods missing from the interfaces"
    assert set(_members(Repository)) == set()  # Repository only combines the topics


async def test_storage_opened_from_either_import_path_is_one_class(tmp_path) -> None:
    assert sqlite_package.Storage is Storage
    at = datetime(2026, 1, 1, tzinfo=UTC)
    async with Storage.open(tmp_path / "db.sqlite3", clock=lambda: at) as storage:
        assert storage.clock() == at
        repository: Repository = storage
        created = await repository.create_game(kind="warchest", options={"players": 2}, seed=7)
        assert (await repository.get_game(created.id)).seed == 7
