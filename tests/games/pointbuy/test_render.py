"""Point-Buy Chess pictures (warchest_bot/games/pointbuy/render.py) from hand-made views (PBC_CONTRACT §2)."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image, ImageChops

from warchest_bot.games.pointbuy import render as pb
from warchest_bot.games.pointbuy.emblems import GLYPHS, emblem_mask
from warchest_bot.games.units import BY_CODE, UNIT_TYPES, parse_square

CODES = [u.code for u in UNIT_TYPES]


def sq(name: str) -> int:
    s = parse_square(name)
    assert s is not None
    return s


def corner(img: Image.Image, square: int) -> tuple[int, int, int]:
    """A pixel near a square's top-left corner, outside any piece's disc."""
    x, y = pb.square_xy(pb.BOARD, square)
    return img.getpixel((x + 4, y + 4))


def differing(a: Image.Image, b: Image.Image) -> int:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    return sum(1 for v in diff.tobytes() if v > 24)


def test_board_size_and_png_bounds() -> None:
    for kind in ("opening", "middle", "crowded", "picking"):
        img = pb.render_board(pb.sample_view(kind))
        assert img.size == (pb.BOARD.width, pb.BOARD.height)
        png = pb.board_png(pb.sample_view(kind), pb.sample_last() if kind == "middle" else None)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(png) <= 150 * 1024, (kind, len(png))
        assert Image.open(io.BytesIO(png)).size == img.size


def test_the_24_emblems_and_pieces_differ_from_each_other() -> None:
    assert sorted(GLYPHS) == sorted(CODES) and len(CODES) == 24
    masks = {c: emblem_mask(c, 48) for c in CODES}
    for a, b in itertools.combinations(CODES, 2):
        assert differing(masks[a], masks[b]) > 48 * 48 // 20, (a, b)
    for seat in (0, 1):
        sprites = {c: pb.piece_sprite(c, seat, 70) for c in CODES}
        for a, b in itertools.combinations(CODES, 2):
            assert differing(sprites[a], sprites[b]) > 100, (seat, a, b)


def test_the_two_sides_differ_in_lightness() -> None:
    light = pb.piece_sprite("Qu", 0, 70).convert("L").getpixel((15, 35))
    dark = pb.piece_sprite("Qu", 1, 70).convert("L").getpixel((15, 35))
    assert light - dark > 120


def test_pieces_are_drawn_on_their_squares_only() -> None:
    view = pb.sample_view("middle")
    img = pb.render_board(view)
    for s in range(64):
        occupied = view["board"][s] is not None
        assert (img.getpixel(pb.square_center(s)) != pb._square_colour(s)) == occupied, s


def test_last_move_tints_from_and_to_squares() -> None:
    view = pb.sample_view("middle")
    last = {"seat": 0, "kind": "move", "from": sq("g1"), "to": sq("f3"), "captures": [], "code": "Kn"}
    img = pb.render_board(view, last)
    for s in range(64):
        tinted = s in (sq("g1"), sq("f3"))
        assert corner(img, s) == pb._square_colour(s, tinted), s
    # Without a last action nothing is tinted.
    plain = pb.render_board(view)
    assert all(corner(plain, s) == pb._square_colour(s) for s in range(64))


def test_capture_is_framed_in_red() -> None:
    view = pb.sample_view("middle")
    img = pb.render_board(view, pb.sample_last())  # the Hero took on g5
    x, y = pb.square_xy(pb.BOARD, sq("g5"))
    assert img.getpixel((x + 2, y + 40)) == pb.CAPTURE
    assert corner(img, sq("h8")) == pb._square_colour(sq("h8"), True)
    x, y = pb.square_xy(pb.BOARD, sq("f5"))
    assert img.getpixel((x + 2, y + 40)) != pb.CAPTURE


def test_oracle_shot_is_marked_as_a_shot() -> None:
    view = pb.sample_view("middle")
    board = list(view["board"])
    # The Oracle (moved up to d4) shot d6 over the empty d5: the shot unit left the board, the Oracle stays.
    board[sq("d4")], board[sq("d3")], board[sq("d5")], board[sq("d6")] = [0, "Or"], None, None, None
    view["board"] = board
    last = {"seat": 0, "kind": "move", "from": sq("d4"), "to": sq("d4"), "captures": [sq("d6")], "code": "Or"}
    marks = pb.last_marks(view, last)
    assert marks.shot == (sq("d4"), sq("d6")) and marks.tinted == {sq("d4")}
    img = pb.render_board(view, last)
    cx, cy = pb.square_center(sq("d6"))
    assert img.getpixel((cx, cy)) == pb.CAPTURE  # the cross on the emptied square
    # The dashed line of the shot crosses d5 (empty).
    cx, cy = pb.square_center(sq("d5"))
    column = [img.getpixel((cx, y)) for y in range(cy - 40, cy + 40)]
    assert pb.CAPTURE in column
    assert corner(img, sq("d6")) != pb._square_colour(sq("d6"), True)
    assert "shot the unit on d6" in pb.last_action_text(view, last, ["Ann", "Bob"])


def test_last_action_sentences() -> None:
    view = pb.sample_view("middle")
    names = ["Ann", "Bob"]
    text = pb.last_action_text(
        view,
        {"seat": 0, "kind": "move", "from": sq("g1"), "to": sq("f3"), "captures": [], "code": "Kn"},
        names,
    )
    assert "Ann" in text and "Knight" in text and "g1" in text and "f3" in text
    text = pb.last_action_text(
        view, {"seat": 0, "kind": "deploy", "from": None, "to": sq("d1"), "code": "Ro"}, names
    )
    assert "Rook" in text and "d1" in text
    text = pb.last_action_text(
        view, {"seat": 1, "kind": "pick", "from": None, "to": None, "code": "Sp"}, names
    )
    assert "Bob" in text and "Spy" in text and "Barracks" in text
    # A Spy swap: the partner stands where the Spy was.
    board = list(view["board"])
    board[sq("e4")], board[sq("e1")] = [0, "Ki"], [0, "Sp"]
    swapped = dict(view, board=board)
    last = {"seat": 0, "kind": "move", "from": sq("e4"), "to": sq("e1"), "captures": [], "code": "Sp"}
    assert pb.last_marks(swapped, last).swap
    assert "swapped" in pb.last_action_text(swapped, last, names)
    assert pb.last_action_text(view, None, names) is None


def test_status_lines() -> None:
    view = pb.sample_view("middle")
    assert pb.status_text(view, ["Ann", "Bob"]) == (
        pb.msg("picture.pb.status.to_move", player="\u2068Ann\u2069"),
        0,
    )
    over = dict(view, phase="over", to_move=None, result={"winner": 1, "reason": "sovereign"})
    text, seat = pb.status_text(over, ["Ann", "Bob"])
    assert seat == 1 and "Bob" in text and "Ann" in text and "Sovereign" in text
    draw = dict(over, result={"winner": None, "reason": "repetition"})
    assert pb.status_text(draw, None) == (pb.msg("picture.pb.status.draw.repetition"), None)
    odd = dict(over, result={"winner": 0, "reason": "something new"})
    assert "wins" in pb.status_text(odd, ["Ann", "Bob"])[0]
    picking = pb.sample_view("picking")
    assert "picks" in pb.status_text(picking, None)[0]


def test_the_result_changes_the_picture() -> None:
    view = pb.sample_view("middle")
    over = dict(view, phase="over", to_move=None, result={"winner": 1, "reason": "sovereign"})
    a, b = pb.render_board(view), pb.render_board(over)
    header = (0, 0, pb.BOARD.width, pb.BOARD.header_h)
    assert differing(a.crop(header), b.crop(header)) > 200


def _panel(img: Image.Image, seat: int) -> Image.Image:
    y = pb.BOARD.panel_y[seat]
    return img.crop((0, y, pb.BOARD.width, y + pb.BOARD.panel_h))


def test_barracks_are_drawn_with_counts() -> None:
    view = pb.sample_view("opening")
    one = pb.render_board(dict(view, barracks=[["Pa"], []]))
    two = pb.render_board(dict(view, barracks=[["Pa", "Pa"], []]))
    three = pb.render_board(dict(view, barracks=[["Pa", "Pa", "Pa"], []]))
    empty = pb.render_board(dict(view, barracks=[[], []]))
    assert differing(_panel(one, 0), _panel(empty, 0)) > 300  # a piece is drawn
    assert differing(_panel(two, 0), _panel(one, 0)) > 30  # "×2" is drawn
    assert differing(_panel(three, 0), _panel(two, 0)) > 10  # the count is its number
    assert differing(_panel(three, 1), _panel(empty, 1)) == 0  # the other panel does not change


def test_budgets_are_shown_while_picking() -> None:
    view = pb.sample_view("picking")
    a = pb.render_board(view)
    b = pb.render_board(dict(view, budgets=[18, 9]))
    assert differing(_panel(a, 1), _panel(b, 1)) > 10
    assert differing(_panel(a, 0), _panel(b, 0)) == 0
    played = pb.render_board(dict(view, phase="play", budgets=[18, 22]))
    assert differing(_panel(a, 0), _panel(played, 0)) > 10  # no budget once play starts


def _secret_views() -> tuple[dict, dict]:
    """Secret picking after seat 0 submitted: seat 0's own view (with its army) and seat 1's (without)."""
    base = pb.sample_view("opening")
    board = [cell if cell is not None and cell[1] == "Pa" else None for cell in base["board"]]
    common = dict(base, phase="secret", board=board, barracks=[[], []], budgets=[38, 38],
                  army_submitted=[True, False], to_move=1, ply=1)  # fmt: skip
    army = [["Ki", sq("e1")], ["Qu", sq("d1")], ["Wa", sq("a1")], ["Ch", sq("h1")], ["Sp", None]]
    return dict(common, seat=0, my_army=army), dict(common, seat=1, my_army=None)


def test_a_secret_army_is_only_in_its_own_seats_private_picture() -> None:
    own, other = _secret_views()
    # The public board is the same whoever asks: nobody's secret army is on it.
    assert differing(pb.render_board(own), pb.render_board(other)) == 0
    public = pb.render_board(other)
    for s in range(8):
        assert public.getpixel(pb.square_center(s)) == pb._square_colour(s)
    # Seat 0's private picture shows its army on the first rank and the Spy in its Barracks.
    mine = pb.render_private(own)
    assert mine.getpixel(pb.square_center(sq("e1"))) != pb._square_colour(sq("e1"))
    assert mine.getpixel(pb.square_center(sq("b1"))) == pb._square_colour(sq("b1"))
    assert differing(_panel(mine, 0), _panel(public, 0)) > 300
    # Seat 1's private picture (my_army None) draws no army: it is its (empty) Barracks.
    theirs = pb.render_private(other)
    assert theirs.size != mine.size
    assert differing(theirs, pb.render_private(dict(other, my_army=None, army_submitted=[False, False]))) == 0


def test_private_barracks_picture() -> None:
    view = dict(pb.sample_view("middle"), seat=1)
    img = pb.render_private(view, names=["Ann", "Bob"])
    assert img.width == 720 and img.height > 200
    fewer = pb.render_private(dict(view, barracks=[view["barracks"][0], ["Ro"]]))
    assert fewer.height < img.height
    with pytest.raises(ValueError):
        pb.render_private(pb.sample_view("middle"))  # a spectator has nothing private
    assert pb.private_png(view)[:4] == b"\x89PNG"


def test_right_to_left_names_render() -> None:
    view = pb.sample_view("middle")
    a = pb.render_board(view, pb.sample_last(), names=["بهرام", "Bob"])
    b = pb.render_board(view, pb.sample_last(), names=["Ann", "Bob"])
    assert differing(_panel(a, 0), _panel(b, 0)) > 50


def test_unit_cards() -> None:
    for code in CODES:
        png = pb.unit_card_png(code)
        img = Image.open(io.BytesIO(png))
        assert img.width == pb.CARD_W and img.height > 500
    marches, attacks = pb.move_diagram("Kn")
    names = {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}
    assert marches == attacks == {sq(n) for n in names}
    marches, attacks = pb.move_diagram("Or")
    assert len(marches) == 4 and len(attacks) == 8 and not marches & attacks
    marches, attacks = pb.move_diagram("Sp")
    assert not marches and len(attacks) == 8
    with pytest.raises(ValueError):
        pb.unit_card_png("Zz")
    # Cards differ by unit (name, emblem, price, diagram).
    a, b = (Image.open(io.BytesIO(pb.unit_card_png(c))) for c in ("Ro", "Bi"))
    assert a.size != b.size or differing(a, b) > 1000
    assert BY_CODE["Qu"].price == 9


def test_replay_gif_frames() -> None:
    opening = pb.sample_view("opening")
    frames = [
        (dict(opening, ply=i), None if i == 0 else {"seat": (i - 1) % 2, "kind": "pass"}) for i in range(5)
    ]
    frames.append((pb.sample_view("middle"), pb.sample_last()))
    gif = pb.render_replay(frames, names=["Ann", "Bob"], total=40)
    img = Image.open(io.BytesIO(gif))
    assert img.format == "GIF" and img.n_frames == 6
    assert img.size == (pb.FRAME.width, pb.FRAME.height)
    sampled = Image.open(io.BytesIO(pb.render_replay(frames, max_frames=3)))
    assert sampled.n_frames == 3
    # Over the byte limit, every other frame goes (the first and last stay).
    small = pb.render_replay(frames, max_bytes=40_000)
    assert Image.open(io.BytesIO(small)).n_frames < 6
    with pytest.raises(ValueError):
        pb.render_replay([])


def test_sample_frames_keeps_start_and_end() -> None:
    frames = [({"ply": i}, None) for i in range(1000)]
    keep = pb.sample_frames(frames, 200)
    assert len(keep) <= 200 and keep[0] == 0 and keep[-1] == 999
    assert keep[-pb.TAIL_FRAMES :] == list(range(1000 - pb.TAIL_FRAMES, 1000))
    assert pb.sample_frames(frames[:50], 200) == list(range(50))


def test_warm_up_and_readme_command(tmp_path) -> None:
    pb.warm_up()
    out = tmp_path / "board.png"
    assert pb.main([str(out)]) == 0
    assert Image.open(out).size == (pb.BOARD.width, pb.BOARD.height)
    with pytest.raises(SystemExit) as usage:  # argparse: no OUT.png
        pb.main([])
    assert usage.value.code == 2


def test_concurrent_renders_match_sequential_ones() -> None:
    from concurrent.futures import ThreadPoolExecutor

    from warchest_bot.render.cache import clear_all

    middle = pb.sample_view("middle")
    jobs = [
        lambda: pb.board_png(middle, pb.sample_last()),
        lambda: pb.board_png(pb.sample_view("crowded")),
        lambda: pb.private_png(dict(middle, seat=0)),
        lambda: pb.unit_card_png("Ph"),
    ]
    expected = [job() for job in jobs]
    clear_all()  # every cache is built again while eight threads race for it
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda job: job(), jobs * 3))
    for i, data in enumerate(results):
        assert data == expected[i % len(jobs)], i


@pytest.mark.slow
@pytest.mark.parametrize("picking", ["open", "secret"])
def test_pictures_of_a_whole_game_played_by_the_engine(picking: str) -> None:
    import random

    from warchest_bot.games.pointbuy.notation import format_action

    from .helpers import GAME, royal_picker

    options = dict(GAME.default_options(), picking=picking)
    state = GAME.new_state(options, 0)
    choose = royal_picker(random.Random(5))
    log: list[str] = []
    while not state.is_terminal() and len(log) < 400:
        seat = state.current_player
        before = state.clone()
        action = choose(state)
        log.append(format_action(action))
        state.apply(action)
        last = GAME.describe_last_action(before, state, action, seat)
        if len(log) % 15 == 1 or state.is_terminal():
            board = Image.open(io.BytesIO(GAME.board_png(state.view_for(None), last, names=["Ann", "Bob"])))
            assert board.size == (pb.BOARD.width, pb.BOARD.height)
            for s in (0, 1):
                assert GAME.private_png(state.view_for(s))[:4] == b"\x89PNG"
        if picking == "secret" and len(log) == 1:
            # Seat 0 chose its army: seat 1's pictures show none of it, seat 0's private picture does.
            theirs, public = pb.render_private(state.view_for(1)), pb.render_board(state.view_for(1), last)
            assert all(public.getpixel(pb.square_center(s)) == pb._square_colour(s) for s in range(8))
            assert theirs.size != (pb.BOARD.width, pb.BOARD.height)
            mine = pb.render_private(state.view_for(0))
            assert any(mine.getpixel(pb.square_center(s)) != pb._square_colour(s) for s in range(8))
    frames = GAME.replay_frames(options, 0, log)
    gif = Image.open(io.BytesIO(GAME.render_replay(frames, names=["Ann", "Bob"])))
    assert gif.n_frames == min(len(frames), pb.MAX_FRAMES)


def test_the_last_move_line_names_what_was_captured_and_the_swap_partner() -> None:
    """From the game's own last-action data (`describe_last_action`): the captured unit, every unit a
    Charger took on its way, an Oracle's target and a Spy's partner, in the picture and its alt text."""
    from warchest_bot.games.pointbuy import POINT_BUY_CHESS as game
    from warchest_bot.games.pointbuy.engine import PBState

    def last_of(pieces: dict[str, tuple[int, str]], text: str) -> tuple[dict, dict]:
        before = PBState.position({sq(k): v for k, v in pieces.items()})
        action = game.parse_action(before, text)
        after = before.clone()
        after.apply(action)
        return after.view_for(None), game.describe_last_action(before, after, action, 0)

    kings = {"h1": (0, "Ki"), "a8": (1, "Ki")}
    cases = [
        ({**kings, "d1": (0, "Qu"), "d7": (1, "Kn")}, "Qu d1xd7", "captured the Knight there"),
        (
            {**kings, "a1": (0, "Cr"), "a2": (1, "Pa"), "a3": (1, "Bi")},
            "Cr a1xa4",
            "the Pawn on a2 and the Bishop on a3",
        ),
        ({**kings, "d4": (0, "Or"), "d6": (1, "Ro")}, "Or d4xd6", "shot the Rook on d6"),
        ({**kings, "e4": (0, "Sp"), "e1": (0, "Kn")}, "Sp e4<>e1", "swapped places with the Knight on e1"),
    ]
    for pieces, text, words in cases:
        view, last = last_of(pieces, text)
        line = pb.last_action_text(view, last, ["Ann", "Bob"])
        assert line is not None and words in line.replace("\u2068", "").replace("\u2069", ""), (text, line)
        alt = game.board_alt_text(view, last, ["Ann", "Bob"], "en")
        named = words.split("the ", 1)[1].split(" ")[0]  # the unit's name
        assert named in alt, (text, alt)
        fa = pb.last_action_text(view, last, ["Ann", "Bob"], "fa")
        assert fa is not None and "یگان" not in fa  # named in Persian too, not "the unit"
