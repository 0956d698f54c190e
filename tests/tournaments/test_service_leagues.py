"""League seasons through the service on both backends: sign-ups, the first season's divisions by rating,
each division's round-robin groups made once by the duty (also after a "crash" that made a group without
noting it), played to the end through the games' resignations, the next season refused while a group is
open, then promoted and relegated by the model, with a newcomer in the bottom division and a withdrawal."""

from __future__ import annotations

import pytest
from faketime import FakeTime

from warchest_bot.service import GameService, Player
from warchest_bot.service import leagues as league_terms
from warchest_bot.service.leagues import LeagueService
from warchest_bot.service.tournaments import TournamentService
from warchest_bot.tournaments import Status, TournamentError

GUILD, CHANNEL, ORGANISER = 7, 70, 1
STRENGTH = {100: 0, 101: 5, 102: 4, 103: 1, 104: 2, 105: 9, 106: 3}
"""Who wins a game: the player of the higher strength (the other resigns)."""


@pytest.fixture
async def leagues(db_target):  # type: ignore[no-untyped-def]
    async with GameService.open(db_target, clock=FakeTime()) as games:
        yield LeagueService(TournamentService(games))


async def _play_season(svc: LeagueService, league: int) -> None:
    """Sweep and resign every open game (the weaker player resigns) until every group is finished."""
    events = svc.tournaments
    for _ in range(50):
        await events.advance_all()
        if await svc.season_over(league):
            return
        for division in await svc.groups(league):
            for group in division:
                assert group is not None
                _, model = await events.get(group.id)
                rnd = model.current
                if rnd is None:
                    continue
                games = await events.round_games(group.id, rnd.number)
                for g in rnd.games:
                    if g.second is None or g.outcome is not None or g.table not in games:
                        continue
                    a, b = model.entrants[g.first].members[0], model.entrants[g.second].members[0]
                    info = await events.games.get_game(games[g.table])
                    if info.status == "active":
                        await events.games.resign(info.id, min((a, b), key=STRENGTH.__getitem__))
    raise AssertionError("the season did not end")


async def _season_posts(svc: LeagueService, league: int, post: str = "season_over") -> list[int]:
    """The seasons whose end (``league_closed``: the league's end after them) the league owes its channel
    (outbox rows of its groups' games)."""
    rows = []
    for division in await svc.groups(league):
        for group in division:
            assert group is not None
            for link in await svc.storage.tournament_games(group.id):
                rows += [
                    r
                    for r in await svc.storage.outbox_rows(link.game_id)
                    if r.kind == "tournament" and r.payload["post"] == post
                ]
    assert all(r.payload["tournament"] == league for r in rows)
    return [r.payload["round"] for r in rows]


def _keys(ladder: list[list[str]]) -> list[list[int]]:
    return [[int(k) for k in division] for division in ladder]


async def test_two_seasons_with_promotion_relegation_a_newcomer_and_a_withdrawal(
    leagues: LeagueService,
) -> None:
    svc = leagues
    events = svc.tournaments
    made = await svc.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser=ORGANISER,
        name="Ladder",
        kind="warchest",
        options={},
        terms=league_terms.terms_of(group_size=3, movers=1, divisions=2),
    )
    league = made.id
    for n in range(6):
        await events.join(league, [Player(100 + n, f"P{n}")], rating=2000 - 10 * n)
    with pytest.raises(TournamentError):
        await events.start(league, ORGANISER)  # a league starts by seasons
    with pytest.raises(TournamentError):
        await svc.start_season(league, 100)  # the organiser only
    season, before, after = await svc.start_season(league, ORGANISER)
    assert season == 1 and before == [] and _keys(after) == [[100, 101, 102], [103, 104, 105]]
    assert (await events.get(league))[0].status == "running"

    # A "crash": the duty made division 2's group but never noted it; the next sweep finds it by its tag.
    record, _ = await events.get(league)
    await svc._group(record, 1, 1, 0, league_terms.league_of(record.state)["plan"][1][0])  # type: ignore[index]
    await events.advance_all()
    await events.advance_all()
    groups = await svc.groups(league)
    assert [[g is not None for g in d] for d in groups] == [[True], [True]]
    tagged = [r for r in await events.of_guild(GUILD) if r.state.get(league_terms.TAG)]
    assert len(tagged) == 2 and all(r.status == "running" for r in tagged)
    for d, division in enumerate(groups):
        group = division[0]
        assert group is not None and group.name == f"Ladder 1 · {d + 1}A"
        _, model = await events.get(group.id)
        assert [e.key for e in sorted(model.entrants.values(), key=lambda e: e.number)] == after[d]
        assert model.rounds and (await events.round_games(group.id, 1))  # paired, its game opened

    await events.join(league, [Player(106, "P6")], rating=2500)  # a newcomer, for next season
    with pytest.raises(TournamentError) as refused:
        await svc.start_season(league, ORGANISER)
    assert refused.value.code == "tournament.league_season_open"
    await _play_season(svc, league)

    # The season's end is owed to the league's channel once, however often the duty runs.
    for _ in range(3):
        await events.advance_all()
    assert await _season_posts(svc, league) == [1]
    season, before, after = await svc.start_season(league, ORGANISER)
    # Division 1 by place: 101, 102, 100 (the last goes down); division 2: 105 (up), 104, 103.
    assert season == 2 and _keys(after) == [[101, 102, 105], [100, 104, 103, 106]]
    assert sorted(league_terms.moves(before, after)) == [("100", 0, 1), ("105", 1, 0)]
    await events.advance_all()
    groups = await svc.groups(league)
    assert [len(d) for d in groups] == [1, 2]  # 4 in division 2 at groups of 3: two groups of 2

    # A withdrawal during season 2: out of their group at once, off the ladder of season 3.
    await svc.withdraw(league, 104)
    models = [(await events.get(g.id))[1] for g in groups[1] if g is not None]
    (mine,) = [m.by_key("104") for m in models if m.by_key("104") is not None]
    assert mine is not None and mine.status is Status.WITHDRAWN
    await _play_season(svc, league)
    _, _, third = await svc.start_season(league, ORGANISER)
    assert "104" not in {k for d in third for k in d} and sum(len(d) for d in third) == 6


def test_a_division_of_one_joins_its_neighbour() -> None:
    merged = league_terms._merged
    assert merged([["a"], ["b", "c"], ["d"]]) == [["a", "b", "c", "d"]]
    assert merged([["a", "b"], ["c"], ["d", "e"]]) == [["a", "b", "c"], ["d", "e"]]
    assert merged([["a", "b"], []]) == [["a", "b"]]


async def _league(svc: LeagueService, players: int) -> int:
    made = await svc.create(
        guild_id=GUILD,
        channel_id=CHANNEL,
        organiser=ORGANISER,
        name="Closing",
        kind="warchest",
        options={},
        terms=league_terms.terms_of(group_size=3, movers=1, divisions=1),
    )
    for n in range(players):
        await svc.tournaments.join(made.id, [Player(100 + n, f"P{n}")], rating=2000 - 10 * n)
    return made.id


async def test_a_league_closed_before_its_first_season_is_finished_at_once(leagues: LeagueService) -> None:
    svc = leagues
    league = await _league(svc, 3)
    with pytest.raises(TournamentError) as refused:
        await svc.close(league, 100)  # the organiser only
    assert refused.value.code == "tournament.organiser_only"
    assert await svc.close(league, 100, admin=True) is True  # or a server admin
    record, _ = await svc.tournaments.get(league)
    assert record.status == "finished" and league_terms.closed(record.state)
    for refusal in (
        svc.start_season(league, ORGANISER),
        svc.tournaments.join(league, [Player(110, "Late")]),
        svc.close(league, ORGANISER),
    ):
        with pytest.raises(TournamentError) as refused:
            await refusal
        assert refused.value.code == "tournament.league_closed"
    assert await svc.tournaments.advance_all() == {}  # not running: the sweep leaves it alone


async def test_a_league_closed_during_a_season_plays_it_out_then_finishes(leagues: LeagueService) -> None:
    svc = leagues
    events = svc.tournaments
    league = await _league(svc, 3)
    await svc.start_season(league, ORGANISER)
    await events.advance_all()
    assert await svc.close(league, ORGANISER) is False  # its season plays out
    record, _ = await events.get(league)
    assert record.status == "running" and league_terms.closed(record.state)
    with pytest.raises(TournamentError) as refused:
        await events.join(league, [Player(110, "Late")])
    assert refused.value.code == "tournament.league_closed"
    ((group,),) = await svc.groups(league)
    assert group is not None and group.status == "running"  # its group goes on
    await _play_season(svc, league)
    for _ in range(3):
        await events.advance_all()
    record, _ = await events.get(league)
    assert record.status == "finished"
    assert await _season_posts(svc, league) == [1]  # the end posted once
    assert await _season_posts(svc, league, "league_closed") == []  # (it says that season was the last)
    with pytest.raises(TournamentError) as refused:
        await svc.start_season(league, ORGANISER)
    assert refused.value.code == "tournament.league_closed"


async def test_a_league_closed_after_its_season_ended_unposted_posts_the_end_once(
    leagues: LeagueService,
) -> None:
    """The duty had not stepped the league since its last group finished (a crash, say): the close
    finishes it and owes the season's end post in its own commit."""
    svc = leagues
    events = svc.tournaments
    league = await _league(svc, 3)
    await svc.start_season(league, ORGANISER)
    await events.advance_all()
    ((group,),) = await svc.groups(league)
    assert group is not None
    for _ in range(20):  # the group alone is stepped, never the league
        await events.advance(group.id)
        record, model = await events.get(group.id)
        if record.status == "finished":
            break
        rnd = model.current
        if rnd is None:
            continue
        games = await events.round_games(group.id, rnd.number)
        for g in rnd.games:
            if g.second is not None and g.outcome is None and g.table in games:
                info = await events.games.get_game(games[g.table])
                if info.status == "active":
                    await events.games.resign(info.id, model.entrants[g.second].members[0])
    assert await svc.season_over(league) and await _season_posts(svc, league) == []
    assert await svc.close(league, ORGANISER) is True
    assert (await events.get(league))[0].status == "finished"
    assert await _season_posts(svc, league) == [1]
    await events.advance_all()
    assert await _season_posts(svc, league) == [1]
    assert await _season_posts(svc, league, "league_closed") == []


async def test_a_league_closed_between_seasons_posts_its_end_once(leagues: LeagueService) -> None:
    """The season's end was posted (the organiser may start the next one); the organiser closes the
    league instead: it is finished, and its end is owed to the channel in the close's own commit (an
    outbox row, delivered after a crash too), once."""
    svc = leagues
    events = svc.tournaments
    league = await _league(svc, 3)
    await svc.start_season(league, ORGANISER)
    await _play_season(svc, league)
    await events.advance_all()
    assert await _season_posts(svc, league) == [1]
    assert await _season_posts(svc, league, "league_closed") == []
    assert await svc.close(league, ORGANISER) is True
    assert (await events.get(league))[0].status == "finished"
    assert await _season_posts(svc, league, "league_closed") == [1]
    for _ in range(2):
        await events.advance_all()
    assert await _season_posts(svc, league) == [1]
    assert await _season_posts(svc, league, "league_closed") == [1]


async def test_a_league_closed_as_its_season_ended_is_finished_with_its_end_post(
    leagues: LeagueService,
) -> None:
    """A close that read the season as still being played commits after the duty posted its end (the
    state that race leaves, made here by one compare-and-swap): the next sweep finishes the league with
    a post of its end, once."""
    svc = leagues
    events = svc.tournaments
    league = await _league(svc, 3)
    await svc.start_season(league, ORGANISER)
    await _play_season(svc, league)
    await events.advance_all()
    assert await _season_posts(svc, league) == [1]

    def close(r, _m, _n):  # type: ignore[no-untyped-def]
        league_terms.league_of(r.state)["closed"] = 1  # type: ignore[index]
        return True

    await events._change(league, close)
    assert (await events.get(league))[0].status == "running"
    await events.advance_all()
    assert (await events.get(league))[0].status == "finished"
    for _ in range(2):
        await events.advance_all()
    assert await _season_posts(svc, league) == [1]
    assert await _season_posts(svc, league, "league_closed") == [1]
