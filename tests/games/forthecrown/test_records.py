"""For the Crown's record (docs/records.md): a finished game exported and imported again through the
service is the same game (same final position, same log, same turns); a record of a game under way holds
the public texts only (a card put back on a deck as ``topdeck``), no seed, no hand; a game on another card
table records it and replays on it."""

from __future__ import annotations

import json
import random
import re

import pytest

from warchest_bot.games import get_game
from warchest_bot.games.forthecrown.card_table import standard_table
from warchest_bot.games.records import PlayedGame, RecordError, RecordPly
from warchest_bot.service import GameService, Player, ServiceError
from warchest_bot.service.records import IMPORTED, GameRecords

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")
SEED = 2**61 + 12345
KIND = "forthecrown"
GAME = get_game(KIND)


async def play_out(service, info, rng: random.Random, *, stop: int | None = None, prefer: tuple = ()):
    """Random legal actions (those starting with one of ``prefer`` first, when there are any) to the
    end, or ``stop`` plies."""
    users = {s.seat: s.user_id for s in info.seats}
    while info.status == "active" and (stop is None or info.ply < stop):
        user = users[info.to_act.seat]
        legal = [a.text for a in await service.legal_actions(info.id, user)]
        liked = [t for t in legal if prefer and t.startswith(prefer)]
        if liked and rng.random() < 0.3:
            liked = []  # and now and then anything, so that the game goes on
        await service.play(info.id, user, rng.choice(liked or legal), expected_ply=info.ply)
        info = await service.get_game(info.id)
    return info


@pytest.mark.parametrize("options", [{"turn_cap": 16}, {"turn_cap": 12, "supply": "random", "squire": 1}])
async def test_export_then_import_gives_the_same_game(tmp_path, options):
    async with GameService.open(tmp_path / "games.sqlite3") as service:
        info = await service.create_game([ANN, BOB], kind=KIND, options=options, seed=SEED)
        info = await play_out(service, info, random.Random(7))
        assert info.status == "finished"
        records = GameRecords(service)
        exported = await records.export_record(info.id)
        assert exported.complete and exported.filename.startswith(f"{KIND}-{info.id}.")
        assert f'[Seed "{SEED}"]' in exported.text and '[Game "forthecrown"]' in exported.text
        assert '[Notation "full"]' in exported.text
        # one line per turn: as many numbered lines as turns began
        log = await service.action_log(info.id)
        lines = [line for line in exported.text.splitlines() if re.match(r"\d+\. P\d: ", line)]
        assert len(lines) == len({e.turn for e in log}) > 2
        copy = await records.import_record(exported.text)
        assert copy.id != info.id and copy.status == "finished" and copy.kind == KIND and not copy.rated
        assert all(s.user_id is None and s.ai_level == IMPORTED for s in copy.seats)
        assert copy.over.winner_team == info.over.winner_team and copy.over.reason == info.over.reason
        assert copy.ply == info.ply
        assert await service.state_at(copy.id) == await service.state_at(info.id)
        original = [(e.ply, e.seat, e.text, e.turn) for e in log]
        assert [(e.ply, e.seat, e.text, e.turn) for e in await service.action_log(copy.id)] == original
        again = await records.export_record(copy.id)
        assert again.text.replace(f"#{copy.id}", "#") == exported.text.replace(f"#{info.id}", "#")


async def test_a_resigned_game_imports_with_who_resigned(tmp_path):
    async with GameService.open(tmp_path / "games.sqlite3") as service:
        info = await service.create_game([ANN, BOB], kind=KIND, seed=SEED)
        info = await play_out(service, info, random.Random(3), stop=25)
        await service.resign(info.id, ANN.user_id)
        exported = await GameRecords(service).export_record(info.id)
        assert '[Reason "resign"]' in exported.text and '[Result "0-1"]' in exported.text
        copy = await GameRecords(service).import_record(exported.text)
        assert copy.over.reason == "resign" and copy.over.winner_team == 1


async def test_a_game_under_way_exports_no_hidden_information(tmp_path):
    async with GameService.open(tmp_path / "games.sqlite3") as service:
        # Stables' draw puts a card back on the deck: buy and play it, so that something is hidden
        liked = ("topdeck", "play stables stables_draw", "buy stables", "play peon gold", "end")
        for attempt in range(10):
            info = await service.create_game([ANN, BOB], kind=KIND, seed=SEED + attempt)
            info = await play_out(service, info, random.Random(attempt), stop=200, prefer=liked)
            stored = [e.notation for e in await service.storage.action_log(info.id)]
            if info.status == "active" and any(t.startswith("topdeck ") for t in stored):
                break
        else:
            pytest.fail("no game under way put a card back on its deck")
        records = GameRecords(service)
        exported = await records.export_record(info.id)
        assert not exported.complete and '[Result "*"]' in exported.text
        public = [e.text for e in await service.action_log(info.id)]  # what a spectator reads
        hidden = {t for t, p in zip(stored, public, strict=True) if t != p}
        assert hidden and all(t.startswith("topdeck ") for t in hidden)
        body = exported.text.split("\n\n", 1)[1]
        data = await records.export_json(info.id)
        text = json.dumps(data)
        for secret in hidden:
            assert f": {secret}\n" not in body and f"; {secret}" not in body and f": {secret};" not in body
            assert json.dumps(secret) not in text
        assert str(SEED + attempt) not in exported.text and "Seed" not in exported.text and "seed" not in data
        back = GAME.facets.records.from_record(exported.text)
        assert back.texts == public and not back.ended
        state = GAME.replay(info.options, SEED + attempt, stored)
        for seat in (0, 1):
            hand = state.view_for(seat)["hand"]
            if hand:
                assert json.dumps(hand) not in text and json.dumps(hand) not in exported.text
        with pytest.raises(ServiceError) as err:
            await records.import_record(exported.text)
        assert err.value.code == "not_finished"


def test_a_record_that_is_not_one_of_for_the_crown_is_refused_with_a_reason():
    for text in ("", '[Game "castles"]\n[Player1 "A"]\n\n1. P1: end', '[Game "forthecrown"]\n\n1. end'):
        with pytest.raises(RecordError) as err:
            GAME.facets.records.from_record(text)
        assert err.value.reason


def test_a_finished_record_reads_back_and_replays_to_the_same_end():
    options = {**GAME.default_options(), "turn_cap": 10}
    state = GAME.new_state(options, 99)
    rng = random.Random(5)
    plies = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        plies.append(
            RecordPly(state.current_player, GAME.format_action(state, action), GAME.turn_start(state))
        )
        state.apply(action)
    outcome = GAME.outcome(state)
    played = PlayedGame(
        kind=KIND,
        options=options,
        players=("A", "B"),
        plies=tuple(plies),
        ended=True,
        seed=99,
        winner_team=outcome.winner,
        reason=outcome.reason,
    )
    text = GAME.facets.records.to_record(played)
    back = GAME.facets.records.from_record(text)
    assert back.texts == [p.text for p in plies] and back.seed == 99 and back.options == options
    assert GAME.replay(back.options, back.seed, back.texts).to_json() == state.to_json()
    assert standard_table().name in json.dumps(state.to_json())  # the position names its table
