"""English alt text: the descriptions of the images the bot posts (Discord's attachment ``description``),
which screen readers read out: the words every game shares (each game's own, ``alt.wc.``, ``alt.pb.``, are in
its folder, ``warchest_bot/games/<game>/messages/``).

``{player}`` / ``{winner}`` are display names, ``{unit}`` a unit's name, ``{hex}`` / ``{square}`` /
``{from_sq}`` / ``{to_sq}`` place names (notation), ``{units}`` / ``{coins}`` / ``{hexes}`` lists of items
made by the ``.item`` messages and joined by the list separator ``alt.list_separator``.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "alt.list_separator": ", ",
    "alt.player": "Player {n}",
    # --- every game -------------------------------------------------------------------------------------
    "alt.board": "Board of {game} after move {plies}.",
    "alt.turn": "It is {player}'s turn.",
    "alt.over.win": "The game is over: {winner} won.",
    "alt.over.draw": "The game is over: a draw.",
    "alt.last": "Last move: {player} played {action}.",
    "alt.private": "Your private view of {game}.",
    "alt.unit_card": "The card of {unit}.",
    "alt.replay": "Replay of {game} game #{game_id}: an animation of its {plies} moves.",
    "alt.text.legal": "Your legal actions ({count}):",
    "alt.text.attached": "The board as text is long: it is in the attached file.",
    "alt.more": "The full list is too long for this description: use /wc board text:true.",
}
