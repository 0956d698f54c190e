"""Lifecycle: challenges, joining, starting (2p, 4p, draft), playing, resigning, aborting, draws, history."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games.warchest.engine import GameState, Options, format_action
from warchest_bot.games.warchest.engine.actions import FACE_DOWN_KINDS
from warchest_bot.service import GameService, Player, ServiceError

from .helpers import ANN, BOB, CAT, DAN, GUILD, START, play_random, reference, users_by_seat

SEED = 4242


async def code_of(awaitable) -> str:
    with pytest.raises(ServiceError) as info:
        await awaitable
    return info.value.code


# --- challenges and joining ---------------------------------------------------------------------------


async def test_open_challenge_join_starts_two_player_game(service: GameService):
    game = await service.create_challenge(
        ANN, guild_id=GUILD, channel_id=5, seed=SEED, options={"units": "first-game"}
    )
    assert game.status == "open"
    assert [(s.seat, s.team, s.user_id, s.name) for s in game.seats] == [(0, 0, ANN.user_id, "Ann")]
    assert game.open_seats == 1 and game.invited == () and game.to_act is None
    assert [g.id for g in await service.open_challenges(GUILD)] == [game.id]
    assert await code_of(service.play(game.id, ANN.user_id, "Sw pass", expected_ply=0)) == "not_started"
    assert await code_of(service.view(game.id, ANN.user_id)) == "not_started"

    started = await service.join(game.id, BOB)
    ref = reference(started, SEED)
    assert started.status == "active" and started.ply == 0 and started.started_at is not None
    assert [(s.seat, s.team, s.user_id) for s in started.seats] == [(0, 0, ANN.user_id), (1, 1, BOB.user_id)]
    assert started.to_act.seat == ref.current_player
    assert await service.open_challenges(GUILD) == []
    # each seat sees its own hand, a spectator sees counts
    mine = await service.view(game.id, ANN.user_id)
    assert mine == ref.view_for(0)
    assert (await service.view(game.id)) == ref.view_for(None)
    assert await code_of(service.join(game.id, CAT)) == "already_started"


async def test_invitations_reserve_seats(service: GameService):
    game = await service.create_challenge(ANN, invited=[BOB.user_id], guild_id=GUILD)
    assert game.invited == (BOB.user_id,) and game.open_seats == 0
    assert await service.open_challenges(GUILD) == []  # nothing open to anyone
    assert [g.id for g in await service.challenges_for_user(BOB.user_id)] == [game.id]
    assert await code_of(service.join(game.id, CAT)) == "not_invited"
    assert await code_of(service.join(game.id, ANN)) == "already_seated"
    started = await service.join(game.id, BOB)
    assert started.status == "active"

    assert await code_of(service.create_challenge(ANN, invited=[ANN.user_id])) == "bad_invite"
    assert await code_of(service.create_challenge(ANN, invited=[BOB.user_id, CAT.user_id])) == "bad_invite"
    assert await code_of(service.create_challenge(ANN, players=3)) == "bad_options"
    assert await code_of(service.create_challenge(ANN, options={"units": "all"})) == "bad_options"
    assert await code_of(service.create_challenge(ANN, options={"royal_guard": "new"})) == "bad_options"
    assert await code_of(service.create_challenge(ANN, options={"max_rounds": 0})) == "bad_options"
    assert await code_of(service.create_challenge(ANN, seed=-1)) == "bad_options"
    assert await code_of(service.create_game([ANN, ANN])) == "bad_invite"
    assert await code_of(service.create_game([ANN, BOB, CAT])) == "bad_options"


async def test_four_player_challenge_seats_and_teams(service: GameService):
    game = await service.create_challenge(
        ANN,
        players=4,
        invited=[CAT.user_id],
        seed=SEED,
        options={"units": "first-game"},
    )
    assert game.open_seats == 2
    assert await code_of(service.join(game.id, BOB, seat=0)) == "seat_taken"
    assert await code_of(service.join(game.id, BOB, seat=4)) == "invalid_seat"
    game = await service.join(game.id, CAT, seat=2)  # Ann's partner
    game = await service.join(game.id, BOB, seat=3)
    assert game.status == "open" and game.free_seats == (1,)
    game = await service.join(game.id, DAN)
    assert game.status == "active"
    assert [(s.seat, s.team, s.user_id) for s in game.seats] == [
        (0, 0, ANN.user_id),
        (1, 1, DAN.user_id),
        (2, 0, CAT.user_id),
        (3, 1, BOB.user_id),
    ]
    ref = reference(game, SEED)
    assert game.to_act.seat == ref.current_player
    await play_random(service, game, ref, random.Random(3), plies=12)

    # seat 1 resigns: team 1 (seats 1 and 3) loses, seats 0 and 2 win
    over = await service.resign(game.id, DAN.user_id)
    assert over.status == "finished" and over.over.reason == "resign" and over.over.winner_team == 0
    assert {s.user_id for s in over.over.winners} == {ANN.user_id, CAT.user_id}
    assert over.over.by_seat == 1 and over.over.by_name == "Dan"
    assert over.over.message() == f"Dan resigned game #{game.id}. Ann and Cat won."
    assert {s.user_id: s.outcome for s in over.seats} == {
        ANN.user_id: "win",
        CAT.user_id: "win",
        BOB.user_id: "loss",
        DAN.user_id: "loss",
    }
    assert not hasattr(over, "seed")  # the seed never leaves the service, not even once over
    for user, wins, losses in ((ANN, 1, 0), (CAT, 1, 0), (BOB, 0, 1), (DAN, 0, 1)):
        rec = await service.record(user.user_id)
        assert (rec.overall.games, rec.overall.wins, rec.overall.losses, rec.overall.draws) == (
            1,
            wins,
            losses,
            0,
        )


async def test_join_full_and_explicit_start(service: GameService):
    game = await service.create_challenge(ANN, players=4)
    await service.join(game.id, BOB, auto_start=False)
    assert await code_of(service.start(game.id, BOB.user_id)) == "table_not_full"
    err = await _error(service.start(game.id, BOB.user_id))
    assert err.message() == f"Game #{game.id} cannot start yet: 2 of 4 seats are taken."
    await service.join(game.id, CAT, auto_start=False)
    game = await service.join(game.id, DAN, auto_start=False)
    assert game.status == "open" and game.is_full
    assert await code_of(service.join(game.id, Player(105, "Eve"))) == "game_full"
    assert await code_of(service.start(game.id, 105)) == "not_seated"
    started = await service.start(game.id, CAT.user_id)
    assert started.status == "active" and started.to_act is not None
    assert await code_of(service.start(game.id, CAT.user_id)) == "already_started"


async def _error(awaitable) -> ServiceError:
    with pytest.raises(ServiceError) as info:
        await awaitable
    return info.value


async def test_leave_and_decline(service: GameService):
    game = await service.create_challenge(ANN, players=4, invited=[BOB.user_id, CAT.user_id])
    assert game.open_seats == 1
    game = await service.join(game.id, DAN)
    assert game.open_seats == 0
    game = await service.leave(game.id, DAN.user_id)
    assert game.seat_of(DAN.user_id) is None and game.open_seats == 1
    assert await code_of(service.leave(game.id, DAN.user_id)) == "not_seated"
    assert await code_of(service.decline(game.id, DAN)) == "not_invited"
    game = await service.decline(game.id, BOB)  # some seats are open to anyone: Bob's seat joins them
    assert game.status == "open" and game.invited == (CAT.user_id,) and game.open_seats == 2

    # a private challenge declined by its only invitee is cancelled
    duel = await service.create_challenge(ANN, invited=[BOB.user_id])
    ended = await service.decline(duel.id, BOB)
    assert ended.status == "aborted" and ended.over.reason == "declined" and ended.over.aborted
    assert ended.over.message() == f"Bob declined the challenge; game #{duel.id} was cancelled."

    # the creator leaving withdraws the challenge
    ended = await service.leave(game.id, ANN.user_id)
    assert ended.status == "aborted" and ended.over.reason == "cancelled" and ended.over.by_name == "Ann"
    assert await code_of(service.join(game.id, DAN)) == "game_over"
    assert (await _error(service.join(game.id, DAN))).message() == f"Game #{game.id} was cancelled."


async def test_expired_challenges_are_cancelled(service: GameService):
    soon = START.replace(year=2024)  # already in the past for the fake clock
    game = await service.create_challenge(ANN, expires_at=soon)
    keep = await service.create_challenge(BOB)
    ended = await service.expire_challenges()
    assert [g.id for g in ended] == [game.id] and ended[0].over.reason == "expired"
    assert (await service.get_game(keep.id)).status == "open"
    assert await service.expire_challenges() == []


# --- aborting ---------------------------------------------------------------------------------------------


async def test_abort_rules(service: GameService):
    open_game = await service.create_challenge(ANN, players=4)
    await service.join(open_game.id, BOB)
    assert await code_of(service.abort(open_game.id, BOB.user_id)) == "not_creator"
    assert await code_of(service.abort(open_game.id, CAT.user_id)) == "not_seated"
    ended = await service.abort(open_game.id, ANN.user_id)
    assert ended.status == "aborted" and ended.over.reason == "cancelled"

    # active, before the first move: any player may cancel
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
    ended = await service.abort(game.id, BOB.user_id)
    assert ended.status == "aborted" and ended.over.reason == "aborted" and ended.over.aborted
    assert await code_of(service.abort(game.id, BOB.user_id)) == "game_over"

    # after one real move: too late, resign instead
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "random"})
    await play_random(service, game, reference(game, SEED), random.Random(1), plies=1)
    assert await code_of(service.abort(game.id, ANN.user_id)) == "too_late"
    assert (await service.record(ANN.user_id)).overall.games == 0  # cancelled games count for nobody


@pytest.mark.parametrize("players", [2, 4])
async def test_abort_allowed_through_the_draft_not_after(service: GameService, players: int):
    people = [ANN, BOB, CAT, DAN][:players]
    picks = 7 if players == 2 else 11
    for extra, allowed in ((0, True), (1, False)):
        game = await service.create_game(people, seed=SEED + extra, options={"units": "draft"})
        ref = reference(game, SEED + extra)
        assert ref.phase == "draft" and game.to_act.seat == ref.current_player
        assert all(a.kind == "pick" for a in ref.legal_actions())
        await play_random(service, game, ref, random.Random(2), plies=picks - 1)
        assert ref.phase == "draft"
        await play_random(service, game, ref, random.Random(2), plies=1)
        assert ref.phase == "play" and ref.ply == picks == service.rules.setup_plies(ref)
        await play_random(service, game, ref, random.Random(2), plies=extra)
        if allowed:
            assert (await service.abort(game.id, people[-1].user_id)).status == "aborted"
        else:
            assert await code_of(service.abort(game.id, people[-1].user_id)) == "too_late"


# --- playing ----------------------------------------------------------------------------------------------


async def test_draft_then_play_results(service: GameService):
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "draft"})
    ref = reference(game, SEED)
    users = users_by_seat(game)
    rng = random.Random(5)
    while ref.phase == "draft":
        action = rng.choice(ref.legal_actions())
        result = await service.play(
            game.id, users[ref.current_player], format_action(ref, action), expected_ply=ref.ply
        )
        ref.apply(action)
        assert result.kind == "pick" and not result.followup
        assert result.action == result.private_action == format_action(ref, action)
    # the last pick dealt the final card, filled the bags and drew the first hands
    assert result.round_started and result.drew and result.round == 1 and result.phase == "play"
    assert result.hands_changed == (0, 1)
    assert result.next.seat == ref.current_player and result.notify == (users[ref.current_player],)

    # a coin action: the payer's hand changes, nobody else's
    seat = ref.current_player
    action = next(a for a in ref.legal_actions() if a.kind == "deploy")
    result = await service.play(game.id, users[seat], format_action(ref, action), expected_ply=ref.ply)
    ref.apply(action)
    assert result.seat == seat and result.user_id == users[seat] and result.kind == "deploy"
    assert seat in result.hands_changed and set(result.hands_changed) <= {seat} and not result.drew
    assert result.ply == ref.ply == (await service.get_game(game.id)).ply
    assert (await service.get_game(game.id)).to_act.seat == ref.current_player


async def test_plays_by_action_object_and_legal_list(service: GameService):
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
    ref = reference(game, SEED)
    users = users_by_seat(game)
    other = users[1 - ref.current_player]
    assert await service.legal_actions(game.id, other) == ()
    legal = await service.legal_actions(game.id, users[ref.current_player])
    assert [entry.text for entry in legal] == [format_action(ref, a) for a in ref.legal_actions()]
    assert [entry.public for entry in legal] == [
        format_action(ref, a, public=True) for a in ref.legal_actions()
    ]
    action = ref.legal_actions()[-1]
    result = await service.play(game.id, users[ref.current_player], action, expected_ply=None)
    ref.apply(action)
    assert result.private_action == format_action(ref, action)


async def test_max_rounds_draw_and_records(service: GameService):
    game = await service.create_game(
        [ANN, BOB], seed=SEED, guild_id=GUILD, options={"units": "first-game", "max_rounds": 2}
    )
    ref = reference(game, SEED)
    users = users_by_seat(game)
    rng = random.Random(9)
    result = None
    while not ref.is_terminal():
        action = rng.choice(ref.legal_actions())
        result = await service.play(
            game.id, users[ref.current_player], format_action(ref, action), expected_ply=ref.ply
        )
        ref.apply(action)
    assert ref.result.reason == "max_rounds" and ref.result.winner is None
    over = result.game_over
    assert over is not None and over.draw and over.reason == "max_rounds" and not over.aborted
    assert over.message() == f"Game #{game.id} is a draw: the limit of 2 rounds was reached."
    assert result.next is None and set(result.notify) == {ANN.user_id, BOB.user_id}
    info = await service.get_game(game.id)
    assert info.status == "finished" and info.over.draw and info.to_act is None
    assert {s.outcome for s in info.seats} == {"draw"}
    for user in (ANN, BOB):
        rec = await service.record(user.user_id, GUILD)
        assert rec.overall.draws == rec.server.draws == 1 and rec.overall.games == 1
    assert await code_of(service.play(game.id, users[0], "Sw pass", expected_ply=ref.ply)) == "game_over"
    assert await code_of(service.resign(game.id, ANN.user_id)) == "game_over"
    # the final position is available to everyone
    assert await service.state_at(game.id) == ref.view_for(None)


def _marker_policy(g: GameState, rng: random.Random):
    """Control whenever possible, else mostly move or deploy: games end on markers quickly."""
    legal = g.legal_actions()
    controls = [a for a in legal if a.kind == "control"]
    if controls:
        return controls[0]
    moves = [a for a in legal if a.kind in ("move", "deploy")]
    return rng.choice(moves if moves and rng.random() < 0.9 else legal)


async def test_game_won_on_markers(service: GameService):
    seed = 0
    while True:  # find (with the engine alone) a seed whose game ends on markers, then play it for real
        probe = GameState.new(Options(players=2, units="first-game", max_rounds=40, seed=seed))
        rng = random.Random(seed)
        while not probe.is_terminal():
            probe.apply(_marker_policy(probe, rng))
        if probe.result.reason == "markers":
            break
        seed += 1
    game = await service.create_game([ANN, BOB], seed=seed, options={"units": "first-game", "max_rounds": 40})
    ref = reference(game, seed)
    users = users_by_seat(game)
    rng = random.Random(seed)
    while not ref.is_terminal():
        action = _marker_policy(ref, rng)
        result = await service.play(
            game.id, users[ref.current_player], format_action(ref, action), expected_ply=ref.ply
        )
        ref.apply(action)
    assert ref == probe
    over = result.game_over
    assert over.reason == "markers" and over.winner_team == ref.result.winner
    winner = users[ref.result.winner]  # two players: seat = team
    assert [s.user_id for s in over.winners] == [winner]
    assert (
        over.message() == f"{over.winners[0].name} won game #{game.id} by placing all their control markers."
    )
    info = await service.get_game(game.id)
    assert info.over.winner_team == ref.result.winner and info.status == "finished"
    assert info.seat_of(winner).outcome == "win"
    assert (await service.record(winner)).overall.wins == 1


# --- history ----------------------------------------------------------------------------------------------


async def test_listing_and_paging(service: GameService):
    ids = []
    for n in range(5):
        game = await service.create_game([ANN, BOB], seed=n, guild_id=GUILD, options={"units": "first-game"})
        ids.append(game.id)
        if n < 3:
            await service.resign(game.id, BOB.user_id)
    other = await service.create_game([CAT, DAN], guild_id=GUILD + 1)

    finished = await service.games_for_user(ANN.user_id, status="finished", limit=2)
    assert [g.id for g in finished.games] == [ids[2], ids[1]] and finished.next_before == ids[1]
    rest = await service.games_for_user(ANN.user_id, status="finished", limit=2, before=finished.next_before)
    assert [g.id for g in rest.games] == [ids[0]] and rest.next_before is None
    active = await service.games_for_user(ANN.user_id, status="active")
    assert [g.id for g in active.games] == [ids[4], ids[3]]
    assert all(g.to_act is not None for g in active.games)
    everything = await service.games_for_user(ANN.user_id, status="all", guild_id=GUILD)
    assert [g.id for g in everything.games] == ids[::-1]
    assert (await service.games_for_user(ANN.user_id, guild_id=GUILD + 1)).games == ()
    server = await service.games_for_server(GUILD + 1, status="all")
    assert [g.id for g in server.games] == [other.id]
    mine = await service.games_for_user(ANN.user_id, status="active", my_turn=True)
    theirs = await service.games_for_user(BOB.user_id, status="active", my_turn=True)
    assert sorted(g.id for g in mine.games + theirs.games) == sorted(ids[3:])

    rec = await service.record(ANN.user_id, GUILD)
    assert (rec.overall.games, rec.overall.wins, rec.server.wins) == (3, 3, 3)
    rec = await service.record(BOB.user_id, GUILD + 1)
    assert rec.overall.losses == 3 and rec.server.games == 0
    with pytest.raises(ValueError):
        await service.games_for_user(ANN.user_id, status="won")
    with pytest.raises(ValueError):
        await service.games_for_user(ANN.user_id, limit=0)


async def test_public_log_hides_face_down_coins(service: GameService):
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
    ref = reference(game, SEED)
    await play_random(service, game, ref, random.Random(4), until=lambda g, a: a.kind in FACE_DOWN_KINDS)
    await play_random(service, game, ref, random.Random(4), plies=3)
    hidden = [n for n, a in enumerate(ref.history) if a.kind in FACE_DOWN_KINDS]
    assert hidden
    users = users_by_seat(game)
    spectator = await service.action_log(game.id)
    assert [e.ply for e in spectator] == list(range(ref.ply))
    assert [e.text for e in spectator] == [format_action(ref, a, public=True) for a in ref.history]
    for ply in hidden:
        entry = spectator[ply]
        owner = entry.seat
        assert entry.user_id == users[owner] and entry.name in ("Ann", "Bob")
        assert entry.text.split()[0] in FACE_DOWN_KINDS  # no coin shown
        own = await service.action_log(game.id, users[owner])
        assert own[ply].text == format_action(ref, ref.history[ply])  # the payer sees the coin
        theirs = await service.action_log(game.id, users[1 - owner])
        assert theirs[ply].text == entry.text
    page = await service.action_log(game.id, from_ply=2, limit=3)
    assert [e.ply for e in page] == [2, 3, 4]


async def test_state_at_any_ply(db_path):
    async with GameService.open(db_path, snapshot_every=7) as service:
        game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "draft"})
        ref = reference(game, SEED)
        await play_random(service, game, ref, random.Random(8), plies=40)
        replay = GameState.new(Options(players=2, units="draft", seed=SEED))
        views = [replay.view_for(None)]
        for action in ref.history:
            replay.apply(action)
            views.append(replay.view_for(None))
        for ply in (0, 1, 6, 7, 8, 21, 39, 40):
            assert await service.state_at(game.id, ply) == views[ply]
        assert await service.state_at(game.id) == views[-1]
        assert "rng" not in views[5]
        for bad in (-1, 41, "3"):
            assert await code_of(service.state_at(game.id, bad)) == "bad_ply"
        open_game = await service.create_challenge(ANN)
        assert await code_of(service.state_at(open_game.id, 0)) == "not_started"


async def test_bookkeeping_pass_throughs(service: GameService):
    game = await service.create_game([ANN, BOB], seed=SEED, options={"units": "first-game"})
    await service.set_thread(game.id, 9001)
    assert (await service.find_game_by_thread(9001)).id == game.id
    await service.remember_message(game.id, "board", 5555, channel_id=9001)
    await service.remember_message(game.id, "hand", 5556, seat=1)
    ref = await service.find_message(5556)
    assert (ref.game_id, ref.kind, ref.seat) == (game.id, "hand", 1)
    assert (await service.message(game.id, "board")).message_id == 5555
    assert await service.set_dm_reachable(BOB.user_id, False) == 1
    assert (await service.get_game(game.id)).seat_of(BOB.user_id).dm_reachable is False
    await service.update_user_settings(BOB.user_id, {"locale": "fa"})
    await service.update_server_settings(GUILD, {"locale": "en"})
    assert await service.locale_for(BOB.user_id, GUILD) == "fa"
    assert await service.locale_for(ANN.user_id, GUILD) == "en"
    assert await service.locale_for(ANN.user_id, None, "de") == "de"
