"""Pictures of the game with Pillow: the board, a seat's hand, unit cards and replay animations.

Everything is drawn from the engine's view dicts (``GameState.view_for``), so nothing a view leaves out can
appear; the board image shows public information only. Every picture function takes a ``locale``: the
words come from the message catalogue (``warchest_bot/games/warchest/messages/<locale>/pictures.py``), and a
right-to-left locale's pictures are laid out from the right (``words.py``). Static layers (board, emblems, sprites, fonts) are
built once and cached; every function may be called from several threads at once.

>>> from warchest_bot.games.warchest.engine import GameState, Options
>>> from warchest_bot.games.warchest.render import board_png
>>> png = board_png(GameState.new(Options(seed=1)).view_for(None))
"""

from .board import coin_center, hex_center, highlight_plan, label_center, render_board
from .cards import render_unit_card
from .encode import board_png, encode_png, hand_png, unit_card_png
from .hand import render_hand
from .lastaction import board_losses, describe
from .replay import MAX_BYTES, render_replay

__all__ = [
    "MAX_BYTES",
    "board_losses",
    "board_png",
    "coin_center",
    "describe",
    "encode_png",
    "hand_png",
    "hex_center",
    "highlight_plan",
    "label_center",
    "render_board",
    "render_hand",
    "render_replay",
    "render_unit_card",
    "unit_card_png",
]
