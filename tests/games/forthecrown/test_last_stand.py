"""The Last Stand (rules §11.5): the Defender recruits with 40 gold and defends with orders alone, the
Attacker plays the deck-builder without units of its own and cannot lose; the score is its turns."""

from __future__ import annotations

from warchest_bot.games.forthecrown.engine import ATTACKER, DEFENDER, new_game

from .helpers import end_turn, play, position, starting_with, texts


def test_setup_and_recruiting() -> None:
    s = new_game({"last_stand": 1}, seed=2)
    assert s.phase == "stand" and s.current_player == DEFENDER and s.stand_gold == 40
    assert s.barracks[DEFENDER] == ["Pa"] * 10 and s.barracks[ATTACKER] == []
    assert all(p is None for p in s.board)
    assert s.hands[DEFENDER] == [] and s.decks[DEFENDER] == [] and len(s.hands[ATTACKER]) == 5
    assert "done" not in texts(s)  # a Sovereign first
    assert "recruit heir" in texts(s) and "recruit bureaucracy" in texts(s)
    assert "recruit wish" not in texts(s)  # trains nothing
    assert "recruit peon" not in texts(s)  # costs nothing
    cost = {
        c: s.table[c].cost for c in ("heir", "bureaucracy", "consort", "patronage", "mourning", "champion")
    }
    play(s, "recruit heir", "recruit bureaucracy")
    assert (
        s.stand_gold == 40 - cost["heir"] - cost["bureaucracy"]
        and s.barracks[DEFENDER].count("Pa") == 12
        and "Ki" in s.barracks[DEFENDER]
    )
    for _ in range(3):
        play(s, "recruit consort")
    play(s, "recruit patronage", "recruit mourning")  # a Warlord, a Banshee
    left = (
        40 - cost["heir"] - cost["bureaucracy"] - 3 * cost["consort"] - cost["patronage"] - cost["mourning"]
    )
    assert cost["champion"] <= left < cost["consort"]  # the shipped table's costs leave 2
    assert s.stand_gold == left and "recruit consort" not in texts(s) and "recruit champion" in texts(s)
    assert {"Wa", "Ba"} <= set(s.barracks[DEFENDER])
    play(s, "done")
    assert s.phase == "crown" and texts(s)[0] == "crown Ki a1" and len(texts(s)) == 8
    play(s, "crown Ki d1")
    assert s.board[3] == (DEFENDER, "Ki") and s.stand_gold == 0 and "Ki" not in s.barracks[DEFENDER]
    assert (s.phase, s.to_move) == ("order", DEFENDER)


def stand(**zones: object) -> object:
    return position(options={"last_stand": 1}, **zones)


def test_the_defender_has_orders_only_and_may_evacuate() -> None:
    s = stand(board={"d1": [DEFENDER, "Ki"], "a4": [DEFENDER, "Ro"]}, barracks=[["Pa"], []])
    assert "evacuate Ro@a4" in texts(s) and "evacuate Ki@d1" in texts(s)
    play(s, "evacuate Ro@a4")
    assert s.barracks[DEFENDER] == ["Pa", "Ro"] and s.to_move == ATTACKER and s.phase == "order"
    assert s.turn == 1 and s.attacker_turns == 0


def test_the_defender_never_enters_its_eighth_rank_and_spares_the_attackers_first_rank() -> None:
    s = stand(board={"d1": [DEFENDER, "Ki"], "a6": [DEFENDER, "Ro"], "h7": [DEFENDER, "Pa"],
                     "a8": [ATTACKER, "Kn"], "b7": [ATTACKER, "Pa"]})  # fmt: skip
    rook = starting_with(s, "Ro ")
    assert "Ro a6-a7" in rook and "Ro a6xa8" not in rook  # immune on the Attacker's first rank
    assert not starting_with(s, "Pa h7")  # h8 is the Defender's eighth rank
    s = stand(board={"d1": [DEFENDER, "Ki"], "a6": [DEFENDER, "Ro"], "a7": [ATTACKER, "Kn"]})
    assert "Ro a6xa7" in texts(s)


def test_the_attackers_trashed_cards_go_back_to_the_supply() -> None:
    s = stand(board={"d1": [DEFENDER, "Ki"]}, to_move=ATTACKER, hands=[[], ["champion", "peon"]], phase="action",
              pools={"actions": 2})  # fmt: skip
    before = s.supply["champion"]
    play(s, "play champion train", "play peon train")
    assert s.supply["champion"] == before + 1 and s.trash == ["peon"] and s.barracks[ATTACKER] == ["Kn", "Pa"]


def test_the_score_is_the_attackers_turns_and_the_attacker_cannot_lose() -> None:
    s = stand(board={"d1": [DEFENDER, "Ki"], "d7": [ATTACKER, "Ro"]}, to_move=ATTACKER, attacker_turns=4)
    end_turn(s)
    assert s.result is None and s.attacker_turns == 5  # no Sovereign of its own, and still playing
    end_turn(s)  # the Defender passes
    play(s, "Ro d7xd1")
    end_turn(s)
    assert s.result is not None and (s.result.winner, s.result.reason) == (ATTACKER, "last_stand")
    assert s.attacker_turns == 6


def test_random_last_stands_round_trip_and_end() -> None:
    import json
    import random

    from warchest_bot.games.forthecrown.engine import FtcState
    from warchest_bot.games.forthecrown.notation import parse_action

    for seed in range(2):
        s = new_game({"last_stand": 1, "turn_cap": 300}, seed=seed)
        rng = random.Random(seed)
        for step in range(5000):
            if s.result is not None:
                break
            legal = s.legal_actions()
            if step % 40 == 0:
                assert FtcState.from_json(json.loads(json.dumps(s.to_json()))) == s
                assert all(parse_action(s, a.text) == a for a in legal)
            others = [a for a in legal if a.text not in ("end", "done")]
            s.apply(rng.choice(others) if others and rng.random() < 0.8 else rng.choice(legal))
        assert s.result is not None


def test_recruiting_keeps_the_gold_a_sovereign_needs() -> None:
    s = new_game({"last_stand": 1})
    play(s, *["recruit consort"] * 5)  # 40 - 35 = 5: just a Temple's Anointed left
    assert s.stand_gold == 5
    assert "recruit temple" in texts(s) and "recruit champion" not in texts(s) and "done" not in texts(s)
    play(s, "recruit temple")
    assert "done" in texts(s)
