"""`warchest-bot export` and `warchest-bot import` as a user types them (docs/records.md): a finished game's
record and JSON written from the database, read back into a new unrated game; what cannot work refused with
one line and exit code 2."""

from __future__ import annotations

import asyncio
import json
import random

import chess.pgn
from test_command_line import refused, tool

from warchest_bot.service import GameService, Player

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")
ARMIES = [
    "army Ki e1, Qu d1, Ro a1, Ro h1, Bi c1, Bi f1, Kn b1, Kn g1",
    "army Ki e8, Qu d8, Ro a8, Ro h8, Bi c8, Bi f8, Kn b8, Kn g8",
]


async def _games(db) -> tuple[int, int]:
    """A finished Point-Buy Chess game of the chess army and a War Chest game under way."""
    async with GameService.open(db) as service:
        rng = random.Random(6)
        pb = await service.create_game(
            [ANN, BOB], kind="pointbuy", options={"picking": "secret", "turn_cap": 20}
        )
        scripted = list(ARMIES)
        while pb.status == "active":
            user = pb.to_act.user_id
            legal = await service.legal_actions(pb.id, user)
            text = scripted.pop(0) if scripted else rng.choice(legal).text
            await service.play(pb.id, user, text, expected_ply=pb.ply)
            pb = await service.get_game(pb.id)
        wc = await service.create_game([ANN, BOB], options={"units": "first-game"})
        for _ in range(4):
            user = wc.to_act.user_id
            legal = await service.legal_actions(wc.id, user)
            await service.play(wc.id, user, legal[0].text, expected_ply=wc.ply)
            wc = await service.get_game(wc.id)
        return pb.id, wc.id


def test_export_and_import_from_the_command_line(tmp_path):
    db = tmp_path / "bot.sqlite3"
    pb, wc = asyncio.run(_games(db))
    out = tmp_path / "game.pgn"
    done = tool(tmp_path, "export", str(pb), "--db", str(db), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"wrote {out} (")
    game = chess.pgn.read_game(out.open(encoding="utf-8"))
    assert game is not None and game.errors == [] and game.headers["White"] == "Ann"
    assert game.headers["Variant"] == "From Position" and len(list(game.mainline_moves())) > 0

    printed = tool(tmp_path, "export", str(wc), "--db", str(db))
    assert printed.returncode == 0 and '[Result "*"]' in printed.stdout and "Seed" not in printed.stdout
    as_json = tool(tmp_path, "export", str(pb), "--format", "json", "--db", str(db))
    assert json.loads(as_json.stdout)["id"] == pb
    player = tool(tmp_path, "export", "--player", str(ANN.user_id), "--db", str(db))
    assert {g["id"] for g in json.loads(player.stdout)["games"]} == {pb, wc}

    imported = tool(tmp_path, "import", str(out), "--db", str(db))
    assert imported.returncode == 0, imported.stderr
    assert (
        imported.stdout.startswith(f"imported game #{wc + 1} (pointbuy, ") and "not rated" in imported.stdout
    )

    async def check() -> None:
        async with GameService.open(db) as service:
            copy, original = await service.get_game(wc + 1), await service.get_game(pb)
            assert copy.status == "finished" and not copy.rated and copy.ply == original.ply
            assert await service.state_at(copy.id) == await service.state_at(original.id)

    asyncio.run(check())
    # a game under way's record cannot be imported: one line, exit 2
    running = tmp_path / "running.txt"
    running.write_text(printed.stdout, encoding="utf-8")
    refused(tool(tmp_path, "import", str(running), "--db", str(db)), "has ended")


def test_export_and_import_refuse_what_cannot_work(tmp_path):
    db = tmp_path / "bot.sqlite3"
    asyncio.run(_games(db))
    refused(tool(tmp_path, "export", "--db", str(db)), "GAME_ID or --player")
    refused(tool(tmp_path, "export", "99", "--db", str(db)), "99")
    refused(tool(tmp_path, "export", "1", "--db", str(db), "--out", "nodir/x.pgn"), "does not exist")
    refused(tool(tmp_path, "import", "missing.pgn", "--db", str(db)), "cannot read missing.pgn")
    junk = tmp_path / "junk.txt"
    junk.write_text("hello", encoding="utf-8")
    refused(tool(tmp_path, "import", str(junk), "--db", str(db)), "not a game record")
