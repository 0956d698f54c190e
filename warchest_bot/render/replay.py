"""Replay animations: a whole game as an animated GIF (or WebP), one frame per ply or per round.

The game is replayed from its options and action list on a fresh ``GameState``; each frame is drawn from
the spectator's view (``view_for(None)``) with the action just played highlighted, so a replay shows
exactly what a spectator could have seen. Frames are compact (board and a two-line header) and share one
palette, so the GIF stores only what changed from frame to frame.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from warchest_bot.engine import BOARDS, Action, GameState, Options, action_to_json

from . import theme
from .board import BoardImageLayout, draw_board, last_action_text, status_text
from .cache import memo
from .catalogue import generation, msg
from .coins import marker_sprite, paste
from .layout import board_geometry, board_layer
from .text import draw_text

MAX_BYTES = 10 * 1024 * 1024
"""Discord's upload limit; :func:`render_replay` stays under it."""
AUTO_PLY_LIMIT = 400
"""``per="auto"`` draws one frame per ply up to this many plies, else one per round."""
FRAME_MS = {"ply": 450, "round": 900}
FIRST_MS = 1500
LAST_MS = 5000
HEADER_H = 64
FRAME_HEX = {2: 48, 4: 42}


@dataclass(frozen=True)
class Frame:
    view: Mapping
    last: Mapping | None
    ply: int


def frames_of(options: Options, actions: Iterable[Action], per: str = "ply") -> list[Frame]:
    """The views to draw: the start, then after every ply (``per="ply"``) or at the end of every round
    (``per="round"``), and always the final position."""
    g = GameState.new(options)
    frames = [Frame(g.view_for(None), None, 0)]
    last = None
    n = 0
    for a in actions:
        seat = g.current_player
        round_before = g.round
        g.apply(a)
        n += 1
        last = action_to_json(a, seat, public=True)
        if per == "ply" or (per == "round" and g.round != round_before and g.round > 1):
            frames.append(Frame(g.view_for(None), last, n))
    if frames[-1].ply != n:
        frames.append(Frame(g.view_for(None), last, n))
    return frames


@memo
def frame_layout(players: int) -> BoardImageLayout:
    size = FRAME_HEX[players]
    geo = board_geometry(players, size)
    width = max(geo.width, 560)
    return BoardImageLayout(
        players,
        width,
        size,
        (width - geo.width) // 2,
        HEADER_H,
        HEADER_H + geo.height,
        HEADER_H + geo.height,
        None,
    )


@memo
def _frame_canvas(players: int, gen: int) -> Image.Image:
    lay = frame_layout(players)
    img = Image.new("RGB", (lay.width, lay.height), theme.BACKGROUND)
    ImageDraw.Draw(img).rectangle((0, 0, lay.width, HEADER_H - 4), fill=theme.HEADER)
    img.paste(board_layer(players, lay.hex_size), (lay.board_x, lay.board_y))
    return img


def render_frame(frame: Frame, total: int, names: Sequence[str] | None = None) -> Image.Image:
    """One replay frame (RGB): a compact header and the board."""
    view = frame.view
    players = int(view["options"]["players"])
    lay = frame_layout(players)
    img = _frame_canvas(players, generation()).copy()
    d = ImageDraw.Draw(img)
    # Markers left per side, at the right of the first line.
    total_markers = BOARDS[players].markers_per_team
    left = view.get("markers_left") or [total_markers, total_markers]
    x = lay.width - 10
    tok = 14
    for team in (1, 0):
        for i in reversed(range(total_markers)):
            x -= tok + 2
            paste(img, marker_sprite(team, tok, i >= left[team]), (x, 12))
        x -= 12
    head = f"{msg('status.round', n=view.get('round', 0))} · {status_text(view, names)[0]}"
    draw_text(d, (10, 19), head, 18, theme.TEXT, bold=True, anchor="lm", max_width=x - 16, min_size=14)
    line2 = last_action_text(frame.last, names) or msg("replay.start")
    right = draw_text(
        d, (lay.width - 10, 44), msg("replay.ply", n=frame.ply, total=total), 15, theme.MUTED, anchor="rm"
    )
    draw_text(
        d,
        (10, 44),
        line2,
        16,
        theme.HIGHLIGHT if frame.last else theme.MUTED,
        anchor="lm",
        max_width=lay.width - right - 30,
        min_size=14,
    )
    draw_board(img, lay, view, frame.last)
    return img


def _shared_palette(frames: list[Image.Image]) -> Image.Image:
    picks = sorted({0, len(frames) // 3, 2 * len(frames) // 3, len(frames) - 1, min(1, len(frames) - 1)})
    w, h = frames[0].size
    montage = Image.new("RGB", (w, h * len(picks)))
    for i, k in enumerate(picks):
        montage.paste(frames[k], (0, h * i))
    return montage.quantize(255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def encode_animation(frames: list[Image.Image], durations: list[int], fmt: str = "gif") -> bytes:
    """Frames (RGB, same size) as an animated GIF (shared palette) or WebP, looping forever."""
    buf = io.BytesIO()
    if fmt == "webp":
        frames[0].save(
            buf,
            "WEBP",
            save_all=True,
            append_images=frames[1:],
            duration=durations,
            loop=0,
            lossless=False,
            quality=75,
            method=2,
            minimize_size=False,
        )
        return buf.getvalue()
    if fmt != "gif":
        raise ValueError(f"unknown animation format {fmt!r} (gif or webp)")
    pal = _shared_palette(frames)
    pframes = [f.quantize(palette=pal, dither=Image.Dither.NONE) for f in frames]
    pframes[0].save(
        buf,
        "GIF",
        save_all=True,
        append_images=pframes[1:],
        duration=durations,
        loop=0,
        optimize=True,
        disposal=1,
    )
    return buf.getvalue()


def render_replay(
    options: Options,
    actions: Sequence[Action],
    *,
    per: str = "auto",
    fmt: str = "gif",
    names: Sequence[str] | None = None,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """An animation of the game played with ``options`` and ``actions`` (e.g. ``GameState.history``).

    ``per`` is ``"ply"``, ``"round"`` or ``"auto"`` (per ply for games of up to ``AUTO_PLY_LIMIT``
    plies, else per round); ``fmt`` is ``"gif"`` (plays everywhere on Discord) or ``"webp"``. If a per-ply
    animation would exceed ``max_bytes`` it is redone per round.
    """
    if per not in ("auto", "ply", "round"):
        raise ValueError(f"per must be 'auto', 'ply' or 'round', not {per!r}")
    actions = list(actions)
    mode = per if per != "auto" else ("ply" if len(actions) <= AUTO_PLY_LIMIT else "round")
    frames = frames_of(options, actions, mode)
    images = [render_frame(f, len(actions), names) for f in frames]
    durations = (
        [FIRST_MS] + [FRAME_MS[mode]] * (len(images) - 2) + [LAST_MS] if len(images) > 1 else [LAST_MS]
    )
    data = encode_animation(images, durations, fmt)
    if len(data) > max_bytes and mode == "ply":
        return render_replay(options, actions, per="round", fmt=fmt, names=names, max_bytes=max_bytes)
    return data
