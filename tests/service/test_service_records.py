"""Game records through the service (docs/records.md): a stored game exported and imported again is the same
game (same final position, same history), imported games are finished, unrated and marked, and the record or
JSON of a game under way holds nothing hidden."""

from __future__ import annotations

import json
import random
import re

import pytest

from warchest_bot.games import get_game
from warchest_bot.service import Player, ServiceError
from warchest_bot.service.records import IMPORTED, GameRecords

ANN, BOB, CID, DOT = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cid"), Player(4, "Dot")
SEED = 2**62 + 777
ARMIES = [
    "army Ki e1, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1, Kn g1",
    "army Ki e8, Qu d8, Ro a8, Ro h8, Bi c8, Bi f8, Kn b8, Kn g8",
]


async def play_out(service, info, rng: random.Random, *, first: list[str] = (), stop: int | None = None):
    """Play ``first``, then random legal actions, to the end (or ``stop`` plies)."""
    users = {s.seat: s.user_id for s in info.seats}
    scripted = list(first)
    while info.status == "active" and (stop is None or info.ply < stop):
        user = users[info.to_act.seat]
        if scripted:
            text = scripted.pop(0)
        else:
            legal = await service.legal_actions(info.id, user)
            text = rng.choice(legal).text
        await service.play(info.id, user, text, expected_ply=info.ply)
        info = await service.get_game(info.id)
    return info


GAMES = [
    ("warchest", [ANN, BOB], {"units": "first-game", "max_rounds": 4}, []),
    ("warchest", [ANN, BOB, CID, DOT], {"players": 4, "units": "first-game", "max_rounds": 3}, []),
    ("castles", [ANN, BOB], {}, []),
    ("pointbuy", [ANN, BOB], {"picking": "secret", "turn_cap": 30}, ARMIES),
]


@pytest.mark.parametrize(("kind", "players", "options", "first"), GAMES)
async def test_export_then_import_gives_the_same_game(service, kind, players, options, first):
    info = await service.create_game(players, kind=kind, options=options, seed=SEED)
    info = await play_out(service, info, random.Random(11), first=first)
    assert info.status == "finished"
    records = GameRecords(service)
    exported = await records.export_record(info.id)
    assert exported.complete and exported.filename.startswith(f"{kind}-{info.id}.")
    if kind != "pointbuy":
        assert f'[Seed "{SEED}"]' in exported.text
    copy = await records.import_record(exported.text)
    assert copy.id != info.id and copy.status == "finished" and copy.kind == kind
    assert copy.rated is False and copy.guild_id is None
    assert [s.name for s in copy.seats] == [s.name for s in info.seats]
    assert all(s.user_id is None and s.ai_level == IMPORTED for s in copy.seats)
    assert copy.over.winner_team == info.over.winner_team and copy.over.reason == info.over.reason
    assert copy.ply == info.ply
    assert await service.state_at(copy.id) == await service.state_at(info.id)
    original = [(e.ply, e.seat, e.text, e.turn) for e in await service.action_log(info.id)]
    imported = [(e.ply, e.seat, e.text, e.turn) for e in await service.action_log(copy.id)]
    assert imported == original
    frames = await service.replay_frames(copy.id)  # replay works on it
    assert len(frames) == len(await service.replay_frames(info.id))
    data = await records.export_json(copy.id)
    assert data["imported"] is True and data["rated"] is False
    # the copy exports to the same record, but for its number
    again = await records.export_record(copy.id)
    assert again.text.replace(f"#{copy.id}", "#") == exported.text.replace(f"#{info.id}", "#")


async def test_an_imported_game_moves_no_rating_and_no_record(service):
    info = await service.create_game([ANN, BOB], kind="castles", seed=SEED)
    info = await play_out(service, info, random.Random(3))
    before = await service.record(ANN.user_id)
    exported = await GameRecords(service).export_record(info.id)
    await GameRecords(service).import_record(exported.text)
    assert await service.record(ANN.user_id) == before
    mine = await service.games_for_user(ANN.user_id, status="all")
    assert [g.id for g in mine.games] == [info.id]  # the copy is nobody's game


@pytest.mark.parametrize(("kind", "options"), [("warchest", {"units": "first-game"}), ("castles", {})])
async def test_a_game_under_way_exports_no_hidden_information(service, kind, options):
    info = await service.create_game([ANN, BOB], kind=kind, options=options, seed=SEED)
    info = await play_out(service, info, random.Random(5), stop=30)
    assert info.status == "active"
    records = GameRecords(service)
    exported = await records.export_record(info.id)
    assert not exported.complete
    stored = [e.notation for e in await service.storage.action_log(info.id)]
    public = [e.text for e in await service.action_log(info.id)]  # what a spectator reads
    hidden = {t for t, p in zip(stored, public, strict=True) if t != p}
    assert hidden, "the game hid nothing in 30 plies"
    data = await records.export_json(info.id)
    text = json.dumps(data)
    body = exported.text.split("\n\n", 1)[1]
    for secret in hidden:
        assert f": {secret}\n" not in body and f"; {secret}" not in body and f": {secret};" not in body
        assert json.dumps(secret) not in text
    assert str(SEED) not in exported.text and str(SEED) not in text and "seed" not in data
    assert [p["text"] for p in data["plies"]] == public
    # nor the hand or the bag: the record holds texts only, the JSON its setup and the public log
    game = get_game(kind)
    state = game.replay(info.options, SEED, stored)
    for seat in (0, 1):
        private = state.view_for(seat)
        for key in ("hand", "bag", "my_hand"):
            if private.get(key):
                assert json.dumps(private[key]) not in text
    with pytest.raises(ServiceError) as err:
        await records.import_record(exported.text)
    assert err.value.code == "not_finished"


async def test_a_player_export_holds_their_games(service):
    done = await service.create_game([ANN, BOB], kind="castles", seed=SEED)
    done = await play_out(service, done, random.Random(2))
    running = await service.create_game([ANN, CID], kind="warchest", options={"units": "first-game"})
    running = await play_out(service, running, random.Random(2), stop=6)
    data = await GameRecords(service).export_player(ANN.user_id)
    assert data["format"] == "warchest-bot player" and data["user_id"] == ANN.user_id
    by_id = {g["id"]: g for g in data["games"]}
    assert set(by_id) == {done.id, running.id}
    assert by_id[done.id]["seed"] == SEED and by_id[done.id]["complete"] is True
    assert "seed" not in by_id[running.id] and by_id[running.id]["result"] is None
    assert len(by_id[done.id]["plies"]) == done.ply
    assert (await GameRecords(service).export_player(BOB.user_id))["games"][0]["id"] == done.id


async def test_a_record_that_does_not_replay_is_refused_and_stores_nothing(service):
    info = await service.create_game([ANN, BOB], kind="castles", seed=SEED)
    info = await play_out(service, info, random.Random(4))
    text = (await GameRecords(service).export_record(info.id)).text
    bad_seed = text.replace(f'[Seed "{SEED}"]', '[Seed "1"]')
    result = re.search(r'\[Result "([^"]+)"\]', text)[1]
    other = next(r for r in ("1-0", "0-1", "1/2-1/2") if r != result)
    wrong_result = text.replace(f'[Result "{result}"]', f'[Result "{other}"]')
    assert wrong_result != text
    for broken in (bad_seed, wrong_result, "not a record", '[Game "forthecrown"]\n\n'):
        with pytest.raises(ServiceError) as err:
            await GameRecords(service).import_record(broken)
        assert err.value.code in ("bad_options", "not_finished"), err.value
        assert err.value.message("fa") and err.value.message("en")
    assert (await service.games_for_user(ANN.user_id, status="all")).games[0].id == info.id
    with pytest.raises(ServiceError):
        await service.get_game(info.id + 1)


async def test_a_resigned_game_imports_with_who_resigned(service):
    info = await service.create_game([ANN, BOB], kind="warchest", options={"units": "first-game"}, seed=SEED)
    info = await play_out(service, info, random.Random(9), stop=5)
    await service.resign(info.id, BOB.user_id)
    exported = await GameRecords(service).export_record(info.id)
    assert '[Reason "resign"]' in exported.text and '[Result "1-0"]' in exported.text
    copy = await GameRecords(service).import_record(exported.text)
    assert copy.over.reason == "resign" and copy.over.winner_team == 0
    assert copy.over.message("en") == (await service.get_game(info.id)).over.message("en").replace(
        f"#{info.id}", f"#{copy.id}"
    )


async def test_a_chess_programs_pgn_imports_as_point_buy_chess(service):
    """python-chess's PGN of the scholar's mate: the standard army from the standard start, mate read as
    Black resigning (Point-Buy Chess has no mate: the King would be taken next)."""
    import chess.pgn

    game = chess.pgn.Game()
    board, node = chess.Board(), game
    for san in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]:
        node = node.add_variation(board.push_san(san))
    game.headers.update({"White": "Ann", "Black": "Bob", "Result": "1-0"})
    copy = await GameRecords(service).import_record(str(game))
    assert copy.kind == "pointbuy" and copy.status == "finished" and copy.ply == 2 + 7
    assert copy.over.winner_team == 0 and copy.over.reason == "resign"
    assert "Bob resigned" in copy.over.message("en")
    view = await service.state_at(copy.id)
    placed = {sq: tuple(p) for sq, p in enumerate(view["board"]) if p is not None}
    expected = {
        sq: (0 if piece.color else 1, piece.symbol().upper()) for sq, piece in board.piece_map().items()
    }
    letters = {"Ki": "K", "Qu": "Q", "Ro": "R", "Bi": "B", "Kn": "N", "Pa": "P"}
    assert {sq: (owner, letters[code]) for sq, (owner, code) in placed.items()} == expected
