"""Replay animations: a whole game as an animated GIF (or WebP), one frame per ply or per round.

The game is replayed from its options and action list on a fresh ``GameState``; each frame is drawn from
the spectator's view (``view_for(None)``) with the action just played highlighted, so a replay shows
exactly what a spectator could have seen. Frames are compact (board and a two-line header) and share one
palette, so the GIF stores only what changed from frame to frame.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from PIL import Image, ImageDraw

from warchest_bot.games.warchest.engine import BOARDS, Action, GameState, Options, action_to_json
from warchest_bot.render.cache import memo
from warchest_bot.render.gif import GifWriter
from warchest_bot.render.text import draw_text

from . import theme
from .board import BoardImageLayout, draw_board, last_action_text, status_text
from .coins import marker_sprite, paste
from .layout import board_geometry, board_layer
from .words import DEFAULT_LOCALE, Flow, pic, picture_locale

MAX_BYTES = 10 * 1024 * 1024
"""Discord's upload limit; :func:`render_replay` stays under it."""
AUTO_PLY_LIMIT = 400
"""``per="auto"`` draws one frame per ply up to this many plies; longer games are sampled."""
MAX_FRAMES = 200
"""At most this many frames in a sampled (``per="auto"``, longer than ``AUTO_PLY_LIMIT``) replay."""
TAIL_PLIES = 24
"""A sampled replay shows each of the game's last this many plies."""
FRAME_MS = {"ply": 450, "round": 900}
FIRST_MS = 1500
LAST_MS = 5000
HEADER_H = 64
FRAME_HEX = {2: 48, 4: 48}
"""Hex size of replay frames: coins come out at least ``LABEL_MIN`` across, so they carry the unit code."""


@dataclass(frozen=True)
class Frame:
    """One picture of a replay: a spectator's view, the public action just played (None at the start) and
    how many plies had been played."""

    view: Mapping
    last: Mapping | None
    ply: int


def collect_frames(
    g: GameState,
    actions: Iterable[Action],
    total: int,
    *,
    per: str = "auto",
    max_frames: int = MAX_FRAMES,
    tail: int = TAIL_PLIES,
    turn_ended: Callable[[GameState], bool] = lambda g: True,
) -> list[Frame]:
    """Play ``actions`` (``total`` of them; an iterable is read one at a time, so it may parse each action
    against ``g`` as it goes) on ``g`` in place and keep the frames a replay shows, drawn from spectator
    views only (no seed, no RNG state, no hidden coin).

    ``per="ply"``: the start and every ply. ``per="round"``: the start, every round end and the final
    position. ``per="auto"``: per ply up to ``AUTO_PLY_LIMIT`` plies; a longer game keeps the start, round
    ends (every 2nd, 4th, … round once there are too many), each of the last ``tail`` plies and the final
    position, at most ``max_frames`` in all. Only the kept views are held in memory. A frame is kept only
    where ``turn_ended`` (the game's `ends_turn`; by default every ply) and at the end."""
    if per not in ("auto", "ply", "round"):
        raise ValueError(f"per must be 'auto', 'ply' or 'round', not {per!r}")
    every_ply = per == "ply" or (per == "auto" and total <= AUTO_PLY_LIMIT)
    if per != "auto":
        max_frames, tail = 1 << 62, 0
    budget = max(1, max_frames - tail - 2)
    start = Frame(g.view_for(None), None, 0)
    frames: list[Frame] = []
    rounds: list[Frame] = []
    recent: deque[Frame] = deque(maxlen=max(tail, 1))
    stride, round_ends = 1, 0
    last = None
    n = 0
    round_before = g.round
    for a in actions:
        seat = g.current_player
        g.apply(a)
        n += 1
        last = action_to_json(a, seat, public=True)
        if not turn_ended(g):
            continue  # within a turn: its frame comes where it ends
        if every_ply:
            frames.append(Frame(g.view_for(None), last, n))
            continue
        if g.round != round_before and g.round > 1:
            if round_ends % stride == 0:
                rounds.append(Frame(g.view_for(None), last, n))
                if len(rounds) > budget:
                    rounds = rounds[::2]
                    stride *= 2
            round_ends += 1
        round_before = g.round
        if tail and n > total - tail:
            recent.append(Frame(g.view_for(None), last, n))
    if not every_ply:
        first_tail = recent[0].ply if tail and recent else n + 1
        frames = [f for f in rounds if f.ply < first_tail] + (list(recent) if tail else [])
    if not frames or frames[-1].ply != n:
        frames.append(Frame(g.view_for(None), last, n))
    return [start, *frames]


def frames_of(options: Options, actions: Iterable[Action], per: str = "ply") -> list[Frame]:
    """The frames of the game played with ``options`` (seed included: for local tools that hold the whole
    game, never for a live game's viewers) and ``actions``; see :func:`collect_frames`."""
    actions = list(actions)
    return collect_frames(GameState.new(options), actions, len(actions), per=per)


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
def _frame_canvas(players: int) -> Image.Image:
    lay = frame_layout(players)
    img = Image.new("RGB", (lay.width, lay.height), theme.BACKGROUND)
    ImageDraw.Draw(img).rectangle((0, 0, lay.width, HEADER_H - 4), fill=theme.HEADER)
    img.paste(board_layer(players, lay.hex_size), (lay.board_x, lay.board_y))
    return img


def render_frame(
    frame: Frame, total: int, names: Sequence[str] | None = None, locale: str | None = DEFAULT_LOCALE
) -> Image.Image:
    """One replay frame (RGB): a compact header (from the right in a right-to-left locale) and the board."""
    loc = picture_locale(locale)
    view = frame.view
    players = int(view["options"]["players"])
    lay = frame_layout(players)
    f = Flow.of(lay.width, loc)
    img = _frame_canvas(players).copy()
    d = ImageDraw.Draw(img)
    # Markers left per side, at the right of the first line (at its left in a right-to-left locale).
    total_markers = BOARDS[players].markers_per_team
    left = view.get("markers_left") or [total_markers, total_markers]
    x = lay.width - 10
    tok = 14
    for team in (1, 0):
        for i in reversed(range(total_markers)):
            x -= tok + 2
            paste(img, marker_sprite(team, tok, i >= left[team]), (f.left(x, tok), 12))
        x -= 12
    head = pic(
        "replay.head",
        loc,
        round=pic("status.round", loc, n=view.get("round", 0)),
        status=status_text(view, names, loc)[0],
    )
    lm, rm = f.anchor("lm"), f.anchor("rm")
    draw_text(d, (f.x(10), 19), head, 18, theme.TEXT, bold=True, anchor=lm, max_width=x - 16, min_size=14)
    line2 = last_action_text(frame.last, names, None, loc) or pic("replay.start", loc)
    right = draw_text(
        d,
        (f.x(lay.width - 10), 44),
        pic("replay.ply", loc, n=frame.ply, total=total),
        15,
        theme.MUTED,
        anchor=rm,
    )
    draw_text(
        d,
        (f.x(10), 44),
        line2,
        16,
        theme.HIGHLIGHT if frame.last else theme.MUTED,
        anchor=lm,
        max_width=lay.width - right - 30,
        min_size=14,
    )
    draw_board(img, lay, view, frame.last)
    return img


def _shared_palette(frames: list[Image.Image]) -> Image.Image:
    w, h = frames[0].size
    montage = Image.new("RGB", (w, h * len(frames)))
    for i, frame in enumerate(frames):
        montage.paste(frame, (0, h * i))
    return montage.quantize(255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _palette_picks(n: int) -> list[int]:
    return sorted({0, min(1, n - 1), n // 3, 2 * n // 3, n - 1})


def encode_animation(frames: list[Image.Image], durations: list[int], fmt: str = "gif") -> bytes:
    """Frames (RGB, same size) as an animated GIF (shared palette) or WebP, looping forever (every frame in
    memory at once: for short animations; replays stream through :class:`GifWriter`)."""
    if fmt == "gif":
        buf = io.BytesIO()
        writer = GifWriter(buf, _shared_palette([frames[k] for k in _palette_picks(len(frames))]))
        for frame, ms in zip(frames, durations, strict=True):
            writer.add(frame, ms)
        writer.close()
        return buf.getvalue()
    if fmt != "webp":
        raise ValueError(f"unknown animation format {fmt!r} (gif or webp)")
    buf = io.BytesIO()
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


class _TooBig(Exception):
    pass


def _durations(frames: Sequence[Frame]) -> list[int]:
    """How long each frame shows: longer at both ends, and longer after a jump of several plies."""
    if len(frames) == 1:
        return [LAST_MS]
    steps = [FRAME_MS["ply"] if b.ply - a.ply <= 1 else FRAME_MS["round"] for a, b in pairwise(frames)]
    return [FIRST_MS, *steps[:-1], LAST_MS]


def thin_out(frames: Sequence[Frame]) -> list[Frame]:
    """Every other frame, always keeping the first and the last (to fit a size limit)."""
    if len(frames) <= 2:
        return list(frames)
    return [*frames[:-1:2], frames[-1]]


def _stream_gif(
    frames: Sequence[Frame], total: int, names: Sequence[str] | None, max_bytes: int, locale: str
) -> bytes:
    picks = [render_frame(frames[k], total, names, locale) for k in _palette_picks(len(frames))]
    buf = io.BytesIO()
    writer = GifWriter(buf, _shared_palette(picks))
    del picks
    for frame, ms in zip(frames, _durations(frames), strict=True):
        writer.add(render_frame(frame, total, names, locale), ms)
        if buf.tell() > max_bytes and len(frames) > 2:
            raise _TooBig
    writer.close()
    return buf.getvalue()


def render_frames(
    frames: Sequence[Frame],
    total: int,
    *,
    names: Sequence[str] | None = None,
    fmt: str = "gif",
    max_bytes: int = MAX_BYTES,
    locale: str | None = DEFAULT_LOCALE,
) -> bytes:
    """The animation of ``frames`` (from :func:`collect_frames`; ``total``: the game's plies), with the
    words of ``locale``. A GIF is
    drawn and encoded one frame at a time (memory stays flat however long the game); if it would exceed
    ``max_bytes`` it is redone with every other frame."""
    frames = list(frames)
    locale = picture_locale(locale)
    while True:
        if fmt == "webp":
            data = encode_animation(
                [render_frame(f, total, names, locale) for f in frames], _durations(frames), fmt
            )
            if len(data) <= max_bytes or len(frames) <= 2:
                return data
        elif fmt == "gif":
            try:
                return _stream_gif(frames, total, names, max_bytes, locale)
            except _TooBig:
                pass
        else:
            raise ValueError(f"unknown animation format {fmt!r} (gif or webp)")
        frames = thin_out(frames)


def render_replay(
    options: Options,
    actions: Sequence[Action],
    *,
    per: str = "auto",
    fmt: str = "gif",
    names: Sequence[str] | None = None,
    max_bytes: int = MAX_BYTES,
    locale: str | None = DEFAULT_LOCALE,
) -> bytes:
    """An animation of the game played with ``options`` and ``actions`` (e.g. ``GameState.history``), for
    local tools that hold the whole game (the bot renders :func:`collect_frames` made by the service).

    ``per`` is ``"ply"``, ``"round"`` or ``"auto"`` (see :func:`collect_frames`); ``fmt`` is ``"gif"``
    (plays everywhere on Discord) or ``"webp"``. An animation over ``max_bytes`` is redone with every other
    frame.
    """
    if per not in ("auto", "ply", "round"):
        raise ValueError(f"per must be 'auto', 'ply' or 'round', not {per!r}")
    if fmt not in ("gif", "webp"):
        raise ValueError(f"unknown animation format {fmt!r} (gif or webp)")
    actions = list(actions)
    frames = frames_of(options, actions, per)
    return render_frames(frames, len(actions), names=names, fmt=fmt, max_bytes=max_bytes, locale=locale)
