"""Vacations in tournaments, on both backends with a fake clock: a player's vacation pauses their games of
an event only if its organiser allows it (``vacations`` at creation, or `allow_vacations` later); in an
event that does not, the tournament game's deadline stays where it was (and the timeout is claimed on
time), its opponent is not told the clock pauses, and a turn reaching the player during the vacation starts
its clock at once, while their other games pause as always."""

from __future__ import annotations

from datetime import timedelta

import pytest
from faketime import FakeTime

from warchest_bot.service import Correspondence, GameService, Player
from warchest_bot.service.tournaments import TournamentService, vacation_exempt
from warchest_bot.tournaments import Settings, TournamentError

from .events import service_event

GUILD, CHANNEL, ORGANISER = 7, 70, 1
DAY = timedelta(days=1)


@pytest.fixture
async def clocked(db_target):  # type: ignore[no-untyped-def]
    time = FakeTime()
    async with GameService.open(db_target, clock=time) as games:
        corr = Correspondence(games, clock=time, sleep=time.sleep)
        yield TournamentService(games, correspondence=corr), corr, time
        corr.detach()


async def _event(svc: TournamentService, first_user: int, **kwargs: bool) -> tuple[int, int]:
    """A started 2-player event with a one-day move clock; its id and its one game's id."""
    tid = await service_event(
        svc,
        2,
        name=f"Event {first_user}",
        settings=Settings(rounds=1),
        first_user=first_user,
        label="P{user}",
        move_time=DAY,
        **kwargs,
    )
    (game_id,) = (await svc.advance(tid)).opened
    return tid, game_id


async def _play_until(games: GameService, game_id: int, user_id: int) -> None:
    """Play the first legal decision of whoever is to act until it is ``user_id``'s turn."""
    for _ in range(50):
        to_act = (await games.get_game(game_id)).to_act
        assert to_act is not None
        if to_act.user_id == user_id:
            return
        legal = await games.legal_actions(game_id, to_act.user_id)
        await games.play(game_id, to_act.user_id, legal[0].text, expected_ply=legal[0].ply)
    raise AssertionError("the turn never came")


async def test_a_vacation_pauses_tournament_games_only_where_the_organiser_allows_it(clocked) -> None:  # type: ignore[no-untyped-def]
    svc, corr, time = clocked
    start = time.now
    strict, strict_game = await _event(svc, 100)
    lenient, lenient_game = await _event(svc, 200, vacations=True)
    late = (await svc.games.get_game(strict_game)).to_act
    relaxed = (await svc.games.get_game(lenient_game)).to_act
    assert late is not None and relaxed is not None
    # A casual game in which the strict event's late player is to act as well: a vacation pauses it.
    for seed in range(1, 40):
        casual = await svc.games.create_game(
            [Player(late.user_id, "Late"), Player(300, "Friend")], seed=seed, move_time=DAY
        )
        if casual.to_act is not None and casual.to_act.user_id == late.user_id:
            break
    else:
        raise AssertionError("no seed gives the late player the first move")
    assert await vacation_exempt(svc.storage, [strict_game, lenient_game, casual.id]) == {strict_game}

    time.advance(timedelta(hours=20))
    away = await corr.start_vacation(late.user_id, 3)
    assert away.paused_games == (casual.id,) and away.kept_games == (strict_game,)
    told = {n.user_id for n in away.notifications}
    assert told == {300}  # the casual opponent (of every game tried above), not the tournament one
    assert (await corr.clock_of(strict_game)).deadline == start + DAY
    assert (await corr.clock_of(casual.id)).deadline == start + 4 * DAY
    away = await corr.start_vacation(relaxed.user_id, 3)
    assert away.paused_games == (lenient_game,) and away.kept_games == ()
    assert (await corr.clock_of(lenient_game)).deadline == start + 4 * DAY

    time.advance(timedelta(hours=5))  # past the first deadline: claimed in the strict event only
    step = await svc.advance(strict)
    assert step.timeouts == (strict_game,) and step.finished
    step = await svc.advance(lenient)
    assert step.timeouts == () and not step.finished
    assert (await svc.games.get_game(casual.id)).status == "active"


async def test_a_turn_reaching_a_player_on_vacation_and_the_organiser_allowing_vacations(clocked) -> None:  # type: ignore[no-untyped-def]
    svc, corr, time = clocked
    event, game_id = await _event(svc, 100)
    info = await svc.games.get_game(game_id)
    waiting = next(s.user_id for s in info.seats if s.seat != info.to_act.seat)
    other = info.to_act.user_id
    await corr.start_vacation(waiting, 2)
    time.advance(timedelta(hours=1))
    await _play_until(svc.games, game_id, waiting)
    # The event does not allow vacations: the turn's clock starts now, not when the vacation ends.
    assert (await corr.clock_of(game_id)).deadline == time.now + DAY

    with pytest.raises(TournamentError) as err:
        await svc.allow_vacations(event, by=other, allowed=True)
    assert err.value.message_id == "tournament.error.organiser_only"
    record = await svc.allow_vacations(event, by=ORGANISER, allowed=True)
    assert record.state["vacations"] == 1 and record.state["move_seconds"] == DAY.total_seconds()
    assert await vacation_exempt(svc.storage, [game_id]) == set()
    await _play_until(svc.games, game_id, other)
    deadline = (await corr.clock_of(game_id)).deadline
    assert (await corr.start_vacation(other, 1)).paused_games == (game_id,)
    assert (await corr.clock_of(game_id)).deadline == deadline + DAY  # allowed now: paused

    record = await svc.allow_vacations(event, by=2, allowed=False, admin=True)  # a server admin
    assert record.state["vacations"] == 0 and await vacation_exempt(svc.storage, [game_id]) == {game_id}
