"""Fixed Castles positions for the rules tests: a turn under way with chosen units, cards, coins and
drawn pieces, and seeds that make the next die show a chosen number."""

from __future__ import annotations

from dataclasses import replace

from warchest_bot.games.castles.engine import chance_rng, new_position
from warchest_bot.games.castles.kind import CastlesGame, CastlesState
from warchest_bot.games.castles.state import Board, PieceCounts, Position, Side, Unit

GAME = CastlesGame()


def seed_rolling(value: int, chance: int = 0) -> int:
    """A seed whose random step number ``chance`` rolls ``value`` on the die."""
    for seed in range(10_000):
        if chance_rng(seed, chance).randint(1, 6) == value:
            return seed
    raise AssertionError("no seed found")


def side(
    *,
    bag: dict[str, int] | None = None,
    reserve: dict[str, int] | None = None,
    hand: tuple[str, ...] = (),
    deck: tuple[str, ...] = (),
    coins: int = 3,
    drawn: tuple[str, ...] = (),
    tokens: int = 0,
) -> Side:
    """A side with the given belongings (empty bag and reserve unless given)."""
    return Side(
        bag=PieceCounts.from_dict(bag or {}),
        reserve=PieceCounts.from_dict(reserve or {}),
        hand=hand,
        deck=deck,
        coins=coins,
        drawn=drawn,
        tokens=tokens,
    )


def other() -> Side:
    """The other seat's side in a test of one turn: a drawn soldier and a free deploy square give it a
    decision of its own, so the game stops at its turn (before a new round draws again)."""
    return side(deck=("Tx",), drawn=("So",))


def turn(
    units: dict[str, tuple[int, str]],
    *,
    seat: int = 0,
    card: str | None = None,
    sides: tuple[Side, Side] | None = None,
    step: str | None = None,
    **changes: object,
) -> Position:
    """Seat ``seat``'s turn in round 2 with ``units`` (square → (owner, code)) on the board, its revealed
    ``card`` (None: none, straight to its drawn pieces), and the sides given (default: empty bags, 3 coins,
    one card left in each deck so the game is not at its end)."""
    board = Board()
    for square, (owner, code) in units.items():
        board = board.place(square, Unit(owner, code))
    base = new_position(0)
    if sides is None:
        sides = (side(deck=("Tx",)), other())
    revealed = (card, None) if seat == 0 else (None, card)
    pos = replace(
        base,
        board=board,
        sides=sides,
        round=2,
        phase="play",
        step=step or ("card" if card else "pieces"),
        to_move=seat,
        order=(seat, 1 - seat),
        turn=0,
        revealed=revealed,
        log=(),
        ply=10,
        turn_from=10,
        chance=0,
    )
    return replace(pos, **changes)  # type: ignore[arg-type]


def state_of(pos: Position, seed: int = 0) -> CastlesState:
    """A game in ``pos`` drawing its random steps from ``seed``."""
    return CastlesState(seed, pos)


def texts(pos: Position) -> list[str]:
    """The notation of every legal action of ``pos``."""
    state = state_of(pos)
    return [GAME.format_action(state, a) for a in state.legal_actions()]


def play(state: CastlesState, *moves: str) -> CastlesState:
    """``state`` with the moves (notation) applied in turn."""
    for text in moves:
        state.apply(GAME.parse_action(state, text))
    return state
