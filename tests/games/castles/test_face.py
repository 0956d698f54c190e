"""The words of Castles' decisions (`CastlesFace.announce`), computed after each decision from the
positions before and after it (`state.Position`, built here by hand): a card put face down is told to
its player only, the reveal names both cards, each die roll is told with the number it needed and its
outcome (both branches, the reckless Axeman, a castle taken by an attack), a castle entered by a move,
and the tokens of the key areas at the end of a turn. Also the cards looked up by name in either
language."""

from __future__ import annotations

from dataclasses import replace

from warchest_bot.games.castles.face import CastlesFace
from warchest_bot.games.castles.state import (
    Board,
    Castle,
    LogEntry,
    PieceCounts,
    Position,
    Roll,
    Side,
    Unit,
)
from warchest_bot.i18n import t


class Words(CastlesFace):
    """The face with the engine's notation stood in for: action texts are their own notation, a pick's
    public text is "pick"."""

    def format_action(self, state: object, action: str, *, public: bool = False) -> str:
        return "pick" if public and action.startswith("pick") else action


FACE = Words()


def side(**changes: object) -> Side:
    base = Side(PieceCounts.of(["So"] * 4), PieceCounts(), ("Kn", "Tx", "Ch"), ("Ar",), coins=3)
    return replace(base, **changes)


def position(**changes: object) -> Position:
    castles = (Castle("b1", 0), Castle("f1", 0), Castle("b7", 1), Castle("f7", 1))
    base = Position(Board(), castles, (side(), side()))
    return replace(base, **changes)


def said(announcement, seat=None) -> str:
    phrase = announcement.for_seat(seat)
    return t(phrase.key, "en", **phrase.params)


def test_a_card_face_down_is_named_to_its_player_only() -> None:
    before = position()
    after = position(to_move=1, ply=1, sides=(side(facedown="Kn"), side()))
    words = FACE.announce(before, "pick Kn", after, 0)
    assert said(words) == "put a card face down" and said(words, 1) == "put a card face down"
    assert said(words, 0) == "put Kn face down"


def test_the_second_card_reveals_both() -> None:
    before = position(to_move=1, ply=1)
    after = position(phase="play", step="card", revealed=("Kn", "Tx"), ply=2, order=(0, 1))
    words = FACE.announce(before, "pick Tx", after, 1)
    assert said(words) == "put a card face down: the cards are Kn (cost 3) and Tx (cost 0)"
    assert said(words, 0) == said(words)


def _attack(
    value: int, unit: str = "Kn", *, castle: bool = False, survives: bool = True
) -> tuple[Position, Position]:
    board = Board().place("d3", Unit(0, unit)).place("e5", Unit(1, "So"))
    before = position(phase="play", step="pieces", board=board, ply=5)
    roll = Roll(0, unit, "d3", "e5", 3, value)
    log = (LogEntry(5, 0, "action", "x"), LogEntry(5, 0, "roll", "r"))
    if castle:
        log += (LogEntry(5, 0, "castle", "c"),)
    after_board = board if survives else board.remove("d3")
    after = replace(before, ply=6, last_roll=roll, log=log, board=after_board)
    return before, after


def test_each_roll_is_told_with_what_it_needed_and_its_outcome() -> None:
    before, after = _attack(2)
    hit = FACE.announce(before, "Kn d3xe5", after, 0)
    assert said(hit) == "Kn d3xe5: rolled 2 against 3: the attack succeeds"
    before, after = _attack(5)
    miss = FACE.announce(before, "Kn d3xe5", after, 0)
    assert said(miss) == "Kn d3xe5: rolled 5 against 3: the attack fails"
    before, after = _attack(6, "Ax", survives=False)
    reckless = FACE.announce(before, "Ax d3xe5", after, 0)
    assert said(reckless) == "Ax d3xe5: rolled 6 against 3: the attack fails and the Axeman is destroyed"
    before, after = _attack(1, castle=True)
    taken = FACE.announce(before, "Kn d3xe5", after, 0)
    assert said(taken) == "Kn d3xe5: rolled 1 against 3: the attack succeeds and takes the castle on e5"
    assert t(miss.public.key, "fa", **miss.public.params) != said(miss)  # told in each reader's language


def test_a_castle_entered_by_a_move() -> None:
    board = Board().place("f6", Unit(0, "Sc"))
    before = position(phase="play", step="pieces", board=board)
    castles = (Castle("b1", 0), Castle("f1", 0), Castle("b7", 1), Castle("f7", 1, taken=True))
    after = replace(
        before, board=board.move("f6", "f7"), castles=castles, log=(LogEntry(0, 0, "castle", "c"),)
    )
    assert said(FACE.announce(before, "Sc f6-f7", after, 0)) == "Sc f6-f7: took the castle on f7"


def test_the_end_of_a_turn_tells_the_tokens_of_the_key_areas() -> None:
    before = position(phase="play", step="pieces")
    one = replace(before, sides=(side(tokens=1), side()))
    two = replace(before, sides=(side(tokens=2), side()))
    assert said(FACE.announce(before, "end", before, 0)) == "ended the turn"
    assert (
        said(FACE.announce(before, "end", one, 0)) == "ended the turn and took a capture token for a key area"
    )
    assert (
        said(FACE.announce(before, "end", two, 0)) == "ended the turn and took 2 capture tokens for key areas"
    )


def test_plain_actions_are_told_by_their_notation() -> None:
    before = position(phase="play", step="pieces")
    assert said(FACE.announce(before, "deploy So b2", before, 0)) == "deploy So b2"


def test_cards_are_looked_up_by_code_or_name_in_either_language() -> None:
    assert FACE.lookup_unit("kn") == FACE.lookup_unit("Knight") == FACE.lookup_unit("شوالیه")
    assert (found := FACE.lookup_unit("مالیات")) is not None and found.code == "Tx"
    assert FACE.lookup_unit("nothing") is None
    assert FACE.unit_names("fa")["Ch"] == "پهلوان" and len(FACE.units()) == 16


def test_a_muster_tells_the_pieces_it_drew() -> None:
    before = position(phase="play", step="card", sides=(side(drawn=("So",)), side()))
    after = replace(before, sides=(side(drawn=("So", "Kn", "Ar")), side()))
    assert said(FACE.announce(before, "Mu", after, 0)) == "Mu: drew Kn Ar from the bag"
