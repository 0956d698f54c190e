"""Point-Buy Chess records as PGN (docs/records.md): the Seven Tag Roster (Event, Site, Date, Round,
White, Black, Result), a Variant tag, the armies as the set-up position (SetUp "1", FEN), the picks that
made them, then the moves.

A game of only orthodox units (King, Queen, Rook, Bishop, Knight and the fixed Pawns; nothing in a
Barracks) is chess from a set-up position for as long as every move is one a chess player may make: such
moves are written in SAN and the Variant is "From Position", so any chess program (python-chess, lichess)
reads the record and replays it. Point-Buy Chess has no check: a side may leave its King attacked, and a
game is won by taking the last Sovereign. The first move that chess does not allow (a King left attacked,
a King taken, a promotion to a unit chess lacks or none, a deploy, a pass) and every move after it are
written in the game's own notation inside comments (``12... {Ki e8-e7}``), which a chess program keeps as
comments; so the chess part is the game up to that move. A game with other units has the Variant
"Point-Buy Chess", its FEN naming those units by their two-letter codes in parentheses (``(Dr)`` White's,
``(dr)`` Black's) and the Barracks in brackets after the board (as Crazyhouse's pockets), and every move in
comments.

Extra tags: Game ("pointbuy"), Options (JSON), Picks (the picking decisions, "; " between them: a secret
army shows as "army (secret)" until both are in), Reason (how it ended), Plies (all decisions) and, for a
record of an ended game, Notation "full". Reading back (`from_record`) takes the picks from Picks; a PGN
without them (a chess program's, from the standard start or a FEN of a Point-Buy set-up) is read as a
game of secret picking with each side's army from the FEN and a budget of what it costs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..records import (
    DRAW,
    SITE,
    UNDER_WAY,
    PlayedGame,
    RecordError,
    RecordPly,
    check_kind,
    date_of_tag,
    options_of_tag,
    options_tag,
    pgn_date,
    result_of_tag,
    split_record,
    tag_line,
)
from ..units import UNIT_TYPES, square_name, unit_moves
from .engine import FIRST_RANK, LAST_ROW, PRICES, SECOND_RANK, PBAction, PBState
from .notation import SECRET_ARMY, format_action, parse_action, public_text

KIND = "pointbuy"
TITLE = "Point-Buy Chess"
CHESS_VARIANT = "From Position"
"""The Variant of a record that is chess from a set-up position (python-chess and lichess read it)."""
OWN_VARIANT = "Point-Buy Chess"
LETTERS: dict[str, str] = {"Ki": "K", "Qu": "Q", "Ro": "R", "Bi": "B", "Kn": "N", "Pa": "P"}
"""The orthodox units and their chess letters."""
_CODES_OF_LETTER = {letter: code for code, letter in LETTERS.items()}
_CHESS_PROMOTIONS = frozenset({"Qu", "Ro", "Bi", "Kn"})
_ALL_CODES = frozenset(u.code for u in UNIT_TYPES)
DRAW_OFFERED = "draw offered"
STANDARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
"""The standard start: the chess army is exactly the default budget's worth (38 points)."""
PICKS_SEPARATOR = "; "
_LINE = 79


# --- the position -----------------------------------------------------------------------------------------
def _piece_text(owner: int, code: str) -> str:
    letter = LETTERS.get(code)
    if letter is None:
        text = f"({code})"
        return text if owner == 0 else text.lower()
    return letter if owner == 0 else letter.lower()


def fen_of(state: PBState) -> str:
    """The position as FEN (orthodox units by their letters, the others as ``(Cd)``; the Barracks in
    brackets when not empty), no castling, no en passant square."""
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            piece = state.board[rank * 8 + file]
            if piece is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += _piece_text(*piece)
        rows.append(row + (str(empty) if empty else ""))
    board = "/".join(rows)
    pockets = [_piece_text(seat, code) for seat in (0, 1) for code in sorted(state.barracks[seat])]
    if pockets:
        board += "[" + "".join(pockets) + "]"
    side = "w" if state.to_move in (0, None) else "b"
    return f"{board} {side} - - {state.no_progress} {state.turn // 2 + 1}"


_FEN_PIECE = re.compile(r"\(([A-Za-z]{2})\)|([KQRBNPkqrbnp])|([1-8])")


def _pieces_of_text(text: str, where: str) -> list[tuple[int, str] | None]:
    """The pieces (or None for each empty square) a FEN row or pocket names."""
    out: list[tuple[int, str] | None] = []
    pos = 0
    while pos < len(text):
        match = _FEN_PIECE.match(text, pos)
        if match is None:
            raise RecordError(f"the FEN's {where} has {text[pos:][:10]!r}, not a unit or a number")
        pos = match.end()
        if match[3]:
            out.extend([None] * int(match[3]))
        elif match[2]:
            letter = match[2]
            out.append((0 if letter.isupper() else 1, _CODES_OF_LETTER[letter.upper()]))
        else:
            code = match[1][0].upper() + match[1][1].lower()
            if code not in _ALL_CODES:
                raise RecordError(f"the FEN names ({match[1]}), which is not a unit")
            out.append((0 if match[1][0].isupper() else 1, code))
    return out


def board_of_fen(fen: str) -> tuple[list[tuple[int, str] | None], list[list[str]]]:
    """The board (64 squares, a1 first) and the Barracks of a FEN that `fen_of` writes (or a chess
    program's)."""
    field = fen.split()[0] if fen.split() else ""
    pockets: list[list[str]] = [[], []]
    if "[" in field:
        field, _, rest = field.partition("[")
        for piece in _pieces_of_text(rest.rstrip("]"), "Barracks"):
            if piece is not None:
                pockets[piece[0]].append(piece[1])
    rows = field.split("/")
    if len(rows) != 8:
        raise RecordError("the FEN does not have 8 ranks")
    board: list[tuple[int, str] | None] = [None] * 64
    for i, row in enumerate(rows):
        squares = _pieces_of_text(row, f"rank {8 - i}")
        if len(squares) != 8:
            raise RecordError(f"the FEN's rank {8 - i} does not have 8 squares")
        for file, piece in enumerate(squares):
            board[(7 - i) * 8 + file] = piece
    return board, pockets


# --- chess or not -----------------------------------------------------------------------------------------
def is_orthodox(state: PBState) -> bool:
    """Whether the position is one of chess: only orthodox units, none in a Barracks, one King a side,
    no Pawn on a first or last rank and the side not to move not in check."""
    if state.barracks[0] or state.barracks[1]:
        return False
    kings = [0, 0]
    for sq, piece in enumerate(state.board):
        if piece is None:
            continue
        if piece[1] not in LETTERS:
            return False
        if piece[1] == "Ki":
            kings[piece[0]] += 1
        if piece[1] == "Pa" and sq >> 3 in (0, 7):
            return False
    if kings != [1, 1] or state.to_move is None:
        return False
    return not king_attacked(state.board, 1 - state.to_move)


def king_attacked(board: Sequence[tuple[int, str] | None], seat: int) -> bool:
    """Whether a unit of the other side could take ``seat``'s King (chess's check)."""
    king = next((sq for sq, p in enumerate(board) if p == (seat, "Ki")), None)
    if king is None:
        return False
    for origin, piece in enumerate(board):
        if piece is None or piece[0] == seat:
            continue
        if any(king in m.captures for m in unit_moves(board, origin)):
            return True
    return False


def is_chess_move(state: PBState, action: PBAction) -> bool:
    """Whether ``action`` (legal in ``state``, an orthodox position) is a move chess allows too: an
    orthodox unit's march or single capture on its destination, not of a King, a Pawn reaching the last
    rank promoting to a Queen, Rook, Bishop or Knight, and its own King not left attacked."""
    if action.kind != "move" or action.move is None or action.code not in LETTERS:
        return False
    m = action.move
    seat = state.to_move
    if seat is None or m.swap or len(m.captures) > 1 or (m.captures and m.captures[0] != m.dest):
        return False
    board = list(state.board)
    victim = board[m.dest]
    if victim is not None and victim[1] == "Ki":
        return False
    if action.code == "Pa" and m.dest >> 3 == LAST_ROW[seat]:
        if action.promote not in _CHESS_PROMOTIONS:
            return False
    elif action.promote is not None:
        return False
    board[m.dest] = (seat, action.promote or action.code)
    board[m.origin] = None
    return not king_attacked(board, seat)


def _chess_moves(state: PBState) -> list[PBAction]:
    return [a for a in state.legal_actions() if is_chess_move(state, a)]


def san_of(state: PBState, action: PBAction, legal: Sequence[PBAction] | None = None) -> str:
    """The SAN of a chess move (`is_chess_move`) in ``state``, with ``+``/``#``."""
    m = action.move
    assert m is not None and action.code is not None and state.to_move is not None
    seat = state.to_move
    capture = state.board[m.dest] is not None
    dest = square_name(m.dest)
    if action.code == "Pa":
        san = (square_name(m.origin)[0] + "x" if capture else "") + dest
        if action.promote is not None:
            san += "=" + LETTERS[action.promote]
    else:
        others = [
            a.move.origin
            for a in (legal if legal is not None else _chess_moves(state))
            if a.move is not None
            and a.code == action.code
            and a.move.dest == m.dest
            and a.move.origin != m.origin
        ]
        origin = square_name(m.origin)
        if not others:
            which = ""
        elif all(o % 8 != m.origin % 8 for o in others):
            which = origin[0]
        elif all(o >> 3 != m.origin >> 3 for o in others):
            which = origin[1]
        else:
            which = origin
        san = LETTERS[action.code] + which + ("x" if capture else "") + dest
    after = state.clone()
    after.apply(PBAction(action.kind, action.code, action.square, action.move, action.promote))
    if king_attacked(after.board, 1 - seat):
        mated = not after.is_terminal() and not _chess_moves(after)
        san += "#" if mated else "+"
    return san


# --- writing ----------------------------------------------------------------------------------------------
def _setup_texts(state: PBState, texts: Sequence[str], public: bool) -> tuple[list[str], int]:
    """Plays the picking decisions of ``texts`` on ``state``; their texts as the record shows them and how
    many there were."""
    picks: list[str] = []
    count = 0
    for text in texts:
        if state.phase not in ("pick", "secret"):
            break
        state.apply(parse_action(state, text))
        picks.append(text)
        count += 1
    if public and state.phase == "secret":  # an army not revealed yet stays secret
        picks = [public_text(p) for p in picks]
    return picks, count


def _wrap(tokens: Sequence[str]) -> list[str]:
    """The movetext in lines of at most 79 characters (PGN's export format), a move number kept with the
    move after it."""
    units: list[str] = []
    for token in tokens:
        if units and units[-1][-1:] == "." and units[-1][:1].isdigit():
            units[-1] += " " + token
        else:
            units.append(token)
    lines: list[str] = []
    line = ""
    for token in units:
        if line and len(line) + 1 + len(token) > _LINE:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    if line:
        lines.append(line)
    return lines


def to_record(played: PlayedGame) -> str:
    """The PGN of ``played`` (while under way: what everyone may see, no seed)."""
    public = played.public
    state = PBState(played.options)
    texts = played.texts
    picks, done = _setup_texts(state, texts, public)
    picked = state.phase not in ("pick", "secret")
    orthodox = picked and is_orthodox(state)
    names = list(played.players) + ["?", "?"]
    tags = [
        tag_line("Event", f"{TITLE}, {SITE} game #{played.game_id}" if played.game_id else TITLE),
        tag_line("Site", SITE),
        tag_line("Date", pgn_date(played.played_on)),
        tag_line("Round", "-"),
        tag_line("White", names[0]),
        tag_line("Black", names[1]),
        tag_line("Result", played.result_tag),
        tag_line("Variant", CHESS_VARIANT if orthodox else OWN_VARIANT),
    ]
    if picked:
        tags += [tag_line("SetUp", "1"), tag_line("FEN", fen_of(state))]
    tags += [
        tag_line("Game", KIND),
        tag_line("Options", options_tag(played.options)),
        tag_line("Picks", PICKS_SEPARATOR.join(picks)),
    ]
    if played.ended and played.reason:
        tags.append(tag_line("Reason", played.reason))
    tags.append(tag_line("Plies", str(len(texts))))
    tags.append(tag_line("Notation", "full" if played.ended else "public"))
    tokens: list[str] = []
    chess = orthodox
    previous_comment = True
    for number, text in enumerate(texts[done:]):
        action = parse_action(state, text)
        seat = state.to_move
        move_no = number // 2 + 1
        white = seat == 0
        if chess and is_chess_move(state, action):
            if white:
                tokens.append(f"{move_no}.")
            elif previous_comment:
                tokens.append(f"{move_no}...")
            tokens.append(san_of(state, action))
            previous_comment = False
            if action.offer_draw:
                tokens.append("{" + DRAW_OFFERED + "}")
                previous_comment = True
        else:
            chess = False
            tokens.append(f"{move_no}." if white else f"{move_no}...")
            tokens.append("{" + format_action(action) + "}")
            previous_comment = True
        state.apply(action)
    tokens.append(played.result_tag)
    return "\n".join(tags) + "\n\n" + "\n".join(_wrap(tokens)) + "\n"


# --- reading ----------------------------------------------------------------------------------------------
_TOKEN = re.compile(r"\{[^}]*\}|;[^\n]*|\([^)]*\)|\$\d+|\S+")
_MOVE_NUMBER = re.compile(r"^\d+\.+$|^\d+\.+(?=\S)")
_RESULTS = frozenset({"1-0", "0-1", DRAW, UNDER_WAY})


def _movetext_tokens(body: Sequence[str]) -> list[tuple[str, str]]:
    """(kind, text) of each movetext token: "move" (SAN), "comment" (braced) or "end"."""
    out: list[tuple[str, str]] = []
    text = "\n".join(line for line in body if not line.startswith("%"))
    for raw in _TOKEN.findall(text):
        if raw.startswith("{"):
            out.append(("comment", raw[1:-1].strip()))
        elif raw.startswith((";", "(", "$")):
            continue  # a rest-of-line comment, a variation, a NAG: not the game
        elif raw in _RESULTS:
            out.append(("end", raw))
        else:
            token = _MOVE_NUMBER.sub("", raw)
            if token:
                out.append(("move", token))
    return out


def _clean_san(san: str) -> str:
    return san.rstrip("+#!?").replace("0-0", "O-O")


def _action_of_san(state: PBState, san: str) -> PBAction:
    want = _clean_san(san)
    legal = _chess_moves(state) if is_orthodox(state) else []
    found = [a for a in legal if _loose_match(a, want)]
    if len(found) != 1:
        why = "is not a move of the position" if not found else "could be more than one move"
        raise RecordError(f"the move {san!r} at ply {state.ply + 1} {why}")
    return found[0]


def _loose_match(action: PBAction, want: str) -> bool:
    """Whether SAN ``want`` (without its check marks) names ``action``: the unit, the destination, the
    promotion and what it gives of the origin."""
    m = action.move
    assert m is not None and action.code is not None
    match = re.fullmatch(r"([KQRBN])?([a-h])?([1-8])?x?([a-h][1-8])(?:=?([QRBN]))?", want)
    if match is None:
        return False
    letter, file, rank, dest, promo = match.groups()
    origin = square_name(m.origin)
    return (
        LETTERS[action.code] == (letter or "P")
        and square_name(m.dest) == dest
        and (file is None or origin[0] == file)
        and (rank is None or origin[1] == rank)
        and (LETTERS.get(action.promote or "") == promo)
    )


def _armies_of_fen(fen: str) -> tuple[dict[str, Any], list[str]]:
    """The options and the two secret armies of a set-up given only as a FEN."""
    board, pockets = board_of_fen(fen)
    for seat in (0, 1):
        if any(board[sq] != (seat, "Pa") for sq in SECOND_RANK[seat]):
            raise RecordError(
                "the FEN is not a Point-Buy Chess set-up: each side's Pawns fill its second rank"
            )
    for sq, piece in enumerate(board):
        if piece is not None and sq not in FIRST_RANK[0] + FIRST_RANK[1] + SECOND_RANK[0] + SECOND_RANK[1]:
            raise RecordError("the FEN is not a Point-Buy Chess set-up: units stand beyond the first ranks")
    armies: list[str] = []
    costs: list[int] = []
    for seat in (0, 1):
        entries = [(p[1], square_name(sq)) for sq in FIRST_RANK[seat] if (p := board[sq]) is not None]
        if any(p[0] != seat for sq in FIRST_RANK[seat] if (p := board[sq]) is not None):
            raise RecordError(
                "the FEN is not a Point-Buy Chess set-up: a unit stands on the other's first rank"
            )
        entries += [(code, "barracks") for code in pockets[seat]]
        if not entries:
            raise RecordError("the FEN gives a side no units")
        armies.append("army " + ", ".join(f"{code} {where}" for code, where in entries))
        costs.append(sum(PRICES[code] for code, _ in entries))
    options = {
        "picking": "secret",
        "budget": costs[0],
        "budget_black": 0 if costs[1] == costs[0] else costs[1],
        "sovereign_guard": 0,
    }
    return options, armies


def from_record(text: str) -> PlayedGame:
    """The game a PGN holds (ours, or a chess program's of a Point-Buy set-up); `RecordError` when it is
    not one or a move does not fit."""
    tags, body = split_record(text)
    if "Game" in tags:
        check_kind(tags, KIND)
    variant = tags.get("Variant", "Standard")
    if variant not in (OWN_VARIANT, CHESS_VARIANT, "Standard", "Chess", "From Position"):
        raise RecordError(f"the Variant {variant!r} is not Point-Buy Chess or chess")
    fen = tags.get("FEN")
    if "Picks" in tags:
        options = options_of_tag(tags.get("Options"))
        picks = [p.strip() for p in tags["Picks"].split(PICKS_SEPARATOR.strip()) if p.strip()]
        # "army Ki e1, Qu d1" holds commas, never a semicolon: the picks split on ';'
    else:
        options, picks = _armies_of_fen(fen or STANDARD_FEN)
        options = {**options_of_tag(tags.get("Options")), **options}
    if any(p == SECRET_ARMY for p in picks):
        raise RecordError("the record's armies are still secret (a game under way): it cannot be read back")
    try:
        state = PBState(options)
    except ValueError as exc:
        raise RecordError(f"the options do not make a game: {exc}") from exc
    texts: list[str] = []
    seats: list[int | None] = []

    def play(action: PBAction) -> None:
        seats.append(state.to_move)
        texts.append(format_action(action))
        state.apply(action)

    try:
        for pick in picks:
            play(parse_action(state, pick))
    except ValueError as exc:
        raise RecordError(f"a pick does not fit: {exc}") from exc
    if (
        fen is not None
        and state.phase not in ("pick", "secret")
        and _board_only(fen) != _board_only(fen_of(state))
    ):
        raise RecordError("the FEN is not the position the picks make")
    for kind, token in _movetext_tokens(body):
        if kind == "end":
            break
        if kind == "move":
            play(_action_of_san(state, token))
        elif token == DRAW_OFFERED:
            if not texts or state.ply == 0:
                raise RecordError("a draw offer comes before any move")
            texts[-1] += " draw?"
            state = _replayed(options, texts)
        else:
            try:
                play(parse_action(state, token))
            except ValueError as exc:
                raise RecordError(f"ply {state.ply + 1} ({token!r}) does not fit: {exc}") from exc
    ended, winner = result_of_tag(tags.get("Result", UNDER_WAY))
    count = tags.get("Plies")
    if count is not None and count.isdigit() and int(count) != len(texts):
        raise RecordError(f"the Plies tag says {count} plies, the record has {len(texts)}")
    return PlayedGame(
        kind=KIND,
        options=options,
        players=(tags.get("White", "White"), tags.get("Black", "Black")),
        plies=tuple(RecordPly(seat, text) for seat, text in zip(seats, texts, strict=True)),
        teams=(0, 1),
        ended=ended and tags.get("Notation", "full") == "full",
        winner_team=winner,
        reason=tags.get("Reason") if ended else None,
        played_on=date_of_tag(tags.get("Date")),
        game_id=_game_id(tags.get("Event")),
        extra={"Variant": variant},
    )


def _board_only(fen: str) -> str:
    return fen.split()[0] if fen.split() else ""


def _replayed(options: Mapping[str, Any], texts: Sequence[str]) -> PBState:
    state = PBState(options)
    for text in texts:
        state.apply(parse_action(state, text))
    return state


def _game_id(event: str | None) -> int | None:
    match = re.search(r"#(\d+)$", event or "")
    return int(match[1]) if match else None


class PointBuyRecords:
    """The `Records` facet of Point-Buy Chess: PGN."""

    suffix = ".pgn"

    def to_record(self, played: PlayedGame) -> str:
        return to_record(played)

    def from_record(self, text: str) -> PlayedGame:
        return from_record(text)

    @staticmethod
    def claims(tags: Mapping[str, str]) -> bool:
        """A PGN without a Game tag is a chess game when it has the Seven Tag Roster's White, or a FEN."""
        return "White" in tags or "FEN" in tags


RECORDS = PointBuyRecords()

__all__ = [
    "CHESS_VARIANT",
    "OWN_VARIANT",
    "RECORDS",
    "STANDARD_FEN",
    "PointBuyRecords",
    "board_of_fen",
    "fen_of",
    "from_record",
    "is_chess_move",
    "is_orthodox",
    "san_of",
    "to_record",
]
