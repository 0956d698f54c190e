"""English alt text: the descriptions of the images the bot posts (Discord's attachment ``description``),
which screen readers read out. Every game's own keys are prefixed with it (``alt.wc.``, ``alt.pb.``).

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
    # --- War Chest --------------------------------------------------------------------------------------
    "alt.wc.empty": "No units are on the board.",
    "alt.wc.units": "{player}'s units: {units}.",
    "alt.wc.stack.item": "{unit} on {hex} (stack of {count})",
    "alt.wc.units.count": "{player} has {count} units on the board.",
    "alt.wc.control": "{player} controls {hexes}.",
    "alt.wc.control.none": "{player} controls no hex.",
    "alt.wc.draft": "The draft is under way.",
    "alt.wc.hand": "The coins in your hand: {coins}.",
    "alt.wc.hand.empty": "Your hand is empty.",
    "alt.wc.coin.item": "{unit}",
    "alt.wc.bag": "{count} coins are in your bag.",
    "alt.wc.text.stack": "{hex}: {player}'s {unit}, stack of {count}.",
    "alt.wc.text.counts": (
        "{player}: {supply} coins in supply, {discard} in the discard pile ({face_down} of them face down), "
        "{bag} in the bag, {hand} in hand."
    ),
    "alt.wc.unit_card": "The card of the {unit}: {ability}",
    # --- Point-Buy Chess --------------------------------------------------------------------------------
    "alt.pb.empty": "No units are on the board.",
    "alt.pb.units": "{player}'s units: {units}.",
    "alt.pb.unit.item": "{unit} on {square}",
    "alt.pb.units.count": "{player} has {count} units on the board.",
    "alt.pb.barracks": "{player}'s Barracks: {units}.",
    "alt.pb.barracks.empty": "{player}'s Barracks are empty.",
    "alt.pb.budget": "{player} has {budget} points left.",
    "alt.pb.text.unit": "{square}: {player}'s {unit}.",
    "alt.pb.secret": "The armies are being chosen in secret.",
    "alt.pb.last.move": "Last move: {player} moved the {unit} from {from_sq} to {to_sq}.",
    "alt.pb.last.deploy": "Last move: {player} deployed the {unit} on {square}.",
    "alt.pb.last.pick": "Last move: {player} picked the {unit}.",
    "alt.pb.last.other": "Last move: by {player}.",
    "alt.pb.army": "Your secret army: {units}.",
    "alt.pb.army.item": "{unit} on {square}",
    "alt.pb.army.barracks_item": "{unit} in the Barracks",
    "alt.pb.army.none": "You have not chosen your secret army yet.",
    "alt.pb.unit_card": "The card of the {unit}: it costs {price} points. {note}",
}
