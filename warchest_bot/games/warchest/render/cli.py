"""``warchest-bot render``: draw the board, a hand, a unit card or a replay of a seeded random game."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from warchest_bot.command_line import non_negative_int, output_problem, write_output
from warchest_bot.games.warchest.engine import GameState, Options, action_to_json

PICTURE_SUFFIXES = (".png",)
REPLAY_SUFFIXES = (".gif", ".webp")


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "render",
        help="draw a board, hand, unit card or replay image of a seeded random game",
        description=(
            "Play N random plies (random.Random(SEED) choices over the legal actions) and write the board "
            "image, or a seat's hand image (--hand), or the animation of a whole random game (--replay), "
            "or a unit card (--unit-card). Seats are numbered from 0 as in the engine (shown as Player 1..4)."
        ),
    )
    p.add_argument("--seed", type=int, default=0, help="game seed and random-play seed (default 0)")
    p.add_argument(
        "--plies", type=non_negative_int, default=0, help="random plies to play before drawing (default 0)"
    )
    p.add_argument("--players", type=int, choices=(2, 4), default=2)
    p.add_argument("--units", choices=("first-game", "random", "draft"), default="random")
    p.add_argument("--view", default="spectator", help="'spectator' (default) or a seat number")
    p.add_argument("--hand", type=int, metavar="SEAT", help="write this seat's hand image instead")
    p.add_argument(
        "--replay", action="store_true", help="write an animation of a whole random game (60 rounds max)"
    )
    p.add_argument(
        "--per", choices=("auto", "ply", "round"), default="auto", help="replay frames (default auto)"
    )
    p.add_argument("--unit-card", metavar="UNIT", help="write this unit's card (name or code)")
    p.add_argument("--locale", default="en", help="language of the words drawn: en (default) or fa")
    p.add_argument("--out", required=True, type=Path, help="output file (.png; .gif or .webp for --replay)")
    p.set_defaults(func=_cmd_render)


def random_position(options: Options, plies: int, seed: int) -> tuple[GameState, dict | None]:
    """A game after up to ``plies`` random legal plies (seeded), and its last action as the board draws it."""
    g = GameState.new(options)
    rng = random.Random(seed)
    last = None
    for _ in range(plies):
        if g.is_terminal():
            break
        seat = g.current_player
        action = rng.choice(g.legal_actions())
        g.apply(action)
        last = action_to_json(action, seat, public=True)
    return g, last


def _fail(message: str) -> int:
    print(f"warchest-bot render: {message}", file=sys.stderr)
    return 2


def _cmd_render(args: argparse.Namespace) -> int:
    from . import encode_png, render_board, render_hand, render_replay, render_unit_card

    out: Path = args.out
    problem = output_problem(out, REPLAY_SUFFIXES if args.replay else PICTURE_SUFFIXES)
    if problem:
        return _fail(problem)
    if args.unit_card:
        try:
            img = render_unit_card(args.unit_card, locale=args.locale)
        except ValueError as exc:
            return _fail(str(exc))
        data = encode_png(img)
    elif args.replay:
        fmt = "webp" if out.suffix.lower() == ".webp" else "gif"
        options = Options(players=args.players, units=args.units, seed=args.seed, max_rounds=60)
        g, _ = random_position(options, 10**9, args.seed)
        data = render_replay(options, g.history, per=args.per, fmt=fmt, locale=args.locale)
        print(f"replayed {len(g.history)} plies, {g.round} rounds")
    else:
        options = Options(players=args.players, units=args.units, seed=args.seed)
        g, last = random_position(options, args.plies, args.seed)
        if args.hand is not None:
            if not 0 <= args.hand < args.players:
                return _fail(f"--hand must be a seat from 0 to {args.players - 1}")
            data = encode_png(render_hand(g.view_for(args.hand), locale=args.locale))
        else:
            if args.view == "spectator":
                seat = None
            elif args.view.isdigit() and int(args.view) < args.players:
                seat = int(args.view)
            else:
                return _fail(f"--view must be 'spectator' or a seat from 0 to {args.players - 1}")
            data = encode_png(render_board(g.view_for(seat), last, locale=args.locale))
    problem = write_output(out, data)
    if problem:
        return _fail(problem)
    print(f"wrote {out} ({len(data) / 1024:.0f} KiB)")
    return 0
