"""Spectators through the service, on both backends: following games and players, the refusals, who the
players see following, and the ``follow`` outbox rows a start, a turn and an end owe (in the same commit,
never to the game's own players, never for a player followed on another server)."""

from __future__ import annotations

import pytest

from warchest_bot.service import Player, ServiceError
from warchest_bot.service.following import MAX_FOLLOWS

from .conftest import ANN, BOB, CAT, DAN, GUILD, play_one, reference

EVE, FAY = Player(105, "Eve"), Player(106, "Fay")
OTHER_GUILD = 9002


async def _game(corr, players=(ANN, BOB), seed=5):
    info = await corr.service.create_game(
        list(players), seed=seed, guild_id=GUILD, options={"units": "first-game"}
    )
    return info, reference(info, seed)


def _follow_rows(rows):
    return [
        (r.ply, r.payload["event"], r.payload["dm"], r.payload["mention"]) for r in rows if r.kind == "follow"
    ]


async def test_follows_and_their_refusals(corr):
    following = corr.following
    info, _ = await _game(corr)
    made = await following.follow(CAT.user_id, game_id=info.id)
    assert (made.target, made.target_id, made.mode, made.how) == ("game", info.id, "turns", "dm")
    again = await following.follow(CAT.user_id, game_id=info.id, mode="results", how="mention")
    assert (again.mode, again.how) == ("results", "mention")
    await following.follow(CAT.user_id, player_id=ANN.user_id, guild_id=GUILD)
    assert [(f.target, f.target_id) for f in await following.follows(CAT.user_id)] == [
        ("game", info.id),
        ("player", ANN.user_id),
    ]
    refusals = [
        ({"player_id": CAT.user_id}, "error.follow_self"),
        ({}, "error.follow_what"),
        ({"game_id": info.id, "player_id": ANN.user_id}, "error.follow_what"),
        ({"game_id": info.id, "mode": "often"}, "error.follow_choices"),
        ({"game_id": info.id, "how": "smoke"}, "error.follow_choices"),
    ]
    for kwargs, message_id in refusals:
        with pytest.raises(ServiceError) as err:
            await following.follow(CAT.user_id, **kwargs)
        assert err.value.message_id == message_id
    with pytest.raises(ServiceError) as err:
        await following.follow(CAT.user_id, game_id=999_999)
    assert err.value.code == "unknown_game"
    await following.unfollow(CAT.user_id, player_id=ANN.user_id)
    with pytest.raises(ServiceError) as err:
        await following.unfollow(CAT.user_id, player_id=ANN.user_id)
    assert err.value.message_id == "error.not_following"
    assert [f.target for f in await following.follows(CAT.user_id)] == ["game"]
    over = await corr.service.resign(info.id, ANN.user_id)
    assert over.status == "finished"
    with pytest.raises(ServiceError) as err:
        await following.follow(DAN.user_id, game_id=info.id)
    assert err.value.code == "game_over"


async def test_a_user_follows_at_most_so_many(corr):
    for n in range(MAX_FOLLOWS):
        await corr.following.follow(EVE.user_id, player_id=1000 + n, guild_id=GUILD)
    with pytest.raises(ServiceError) as err:
        await corr.following.follow(EVE.user_id, player_id=5000, guild_id=GUILD)
    assert err.value.code == "limit_reached" and err.value.params["limit"] == MAX_FOLLOWS
    await corr.following.follow(EVE.user_id, player_id=1000, mode="results", guild_id=GUILD)  # a change


async def test_turns_and_results_owe_follow_rows_to_the_followers_only(corr):
    following, storage = corr.following, corr.storage
    await following.follow(CAT.user_id, player_id=ANN.user_id, guild_id=GUILD)  # every turn, by DM
    await following.follow(DAN.user_id, player_id=BOB.user_id, mode="results", how="mention", guild_id=GUILD)
    await following.follow(EVE.user_id, player_id=ANN.user_id, guild_id=OTHER_GUILD)  # not this server's
    await following.follow(BOB.user_id, player_id=ANN.user_id, guild_id=GUILD)  # a player of the game
    await following.follow(FAY.user_id, player_id=ANN.user_id, how="mention", guild_id=GUILD)
    info, ref = await _game(corr)
    # the start by DM only (its row comes before the thread is opened)
    assert _follow_rows(await storage.outbox_rows(info.id)) == [(0, "start", [CAT.user_id], [])]
    await following.follow(EVE.user_id, game_id=info.id, how="mention")
    assert (await following.followers(info.id)).user_ids == (
        CAT.user_id,
        DAN.user_id,
        EVE.user_id,
        FAY.user_id,
    )  # oldest first (here all at one time: by user id)
    await play_one(corr.service, info, ref)
    rows = await storage.outbox_rows(info.id)
    follow = [r for r in rows if r.kind == "follow"][-1]
    assert (follow.ply, follow.payload) == (
        1,
        {
            "event": "turn",
            "dm": [CAT.user_id],
            "mention": [EVE.user_id, FAY.user_id],
            "next": ref.current_player,
        },
    )
    assert [r.kind for r in rows if r.ply == 1] == ["follow", "move"]  # in the move's commit
    await corr.service.resign(info.id, BOB.user_id)
    assert _follow_rows(await storage.outbox_rows(info.id))[-1] == (
        1,
        "end",
        [CAT.user_id],
        [DAN.user_id, EVE.user_id, FAY.user_id],
    )


async def test_a_game_without_followers_owes_no_follow_row_and_a_dm_wins_over_a_mention(corr):
    info, ref = await _game(corr, (CAT, DAN))
    await play_one(corr.service, info, ref)
    assert not _follow_rows(await corr.storage.outbox_rows(info.id))
    await corr.following.follow(EVE.user_id, game_id=info.id, how="mention")
    await corr.following.follow(EVE.user_id, player_id=CAT.user_id, guild_id=GUILD)  # by DM
    await play_one(corr.service, info, ref)
    assert _follow_rows(await corr.storage.outbox_rows(info.id)) == [(2, "turn", [EVE.user_id], [])]
    assert await corr.following.may_watch(EVE.user_id, info.id)
    assert not await corr.following.may_watch(ANN.user_id, info.id)
