"""English words drawn in Point-Buy Chess pictures (``warchest_bot.games.pointbuy.render``).

The renderer takes these into its catalogue (``warchest_bot.render.catalogue``); a translation overrides
the same ids. ``{player}`` / ``{winner}`` / ``{loser}`` are display names, ``{unit}`` a unit's name,
``{square}`` / ``{from_sq}`` / ``{to_sq}`` square names (``e4``), ``{squares}`` several square names.
"""

from __future__ import annotations

from warchest_bot.games.units import UNIT_TYPES

MESSAGES: dict[str, str] = {
    "picture.pb.player": "Player {n}",
    # header, first line
    "picture.pb.status.pick": "{player} picks a unit",
    "picture.pb.status.secret": "{player} chooses an army in secret",
    "picture.pb.status.secret_reveal": "Both armies are chosen",
    "picture.pb.status.to_move": "{player} to move",
    "picture.pb.status.turn": "Turn {n}",
    "picture.pb.status.picking": "Picking",
    "picture.pb.status.win": "{winner} wins",
    "picture.pb.status.win.sovereign": "{winner} wins: {loser} has no Sovereign on the board",
    "picture.pb.status.win.setup": "{winner} wins: {loser} has no Sovereign on the first rank",
    "picture.pb.status.win.resign": "{winner} wins: {loser} resigned",
    "picture.pb.status.win.timeout": "{winner} wins: {loser} ran out of time",
    "picture.pb.status.draw": "Draw",
    "picture.pb.status.draw.repetition": "Draw: the same position came up again and again",
    "picture.pb.status.draw.no_progress": "Draw: too many turns without a capture, Pawn move or deploy",
    "picture.pb.status.draw.turn_cap": "Draw: the turn limit was reached",
    "picture.pb.status.draw.passes": "Draw: neither player could move",
    "picture.pb.status.draw.dead_material": "Draw: only Sovereigns are left",
    "picture.pb.status.draw.agreement": "Draw by agreement",
    "picture.pb.status.draw.setup": "Draw: neither player has a Sovereign on the first rank",
    # header, second line: the last action
    "picture.pb.last.none": "No move yet",
    "picture.pb.last.move": "Last: {player}'s {unit} moved from {from_sq} to {to_sq}",
    "picture.pb.last.capture": "Last: {player}'s {unit} moved from {from_sq} to {to_sq} and captured the unit there",
    "picture.pb.last.attack": "Last: {player}'s {unit} moved from {from_sq} to {to_sq} and captured on {squares}",
    "picture.pb.last.shot": "Last: {player}'s {unit} on {from_sq} shot the unit on {squares}",
    "picture.pb.last.swap": "Last: {player}'s {unit} on {from_sq} swapped places with the unit on {to_sq}",
    "picture.pb.last.capture_named": "Last: {player}'s {unit} moved from {from_sq} to {to_sq} and captured the {victim} there",
    "picture.pb.last.attack_named": "Last: {player}'s {unit} moved from {from_sq} to {to_sq} and captured {victims}",
    "picture.pb.last.shot_named": "Last: {player}'s {unit} on {from_sq} shot {victims}",
    "picture.pb.last.swap_named": "Last: {player}'s {unit} on {from_sq} swapped places with the {partner} on {to_sq}",
    "picture.pb.victim": "the {unit} on {square}",
    "picture.pb.last.deploy": "Last: {player} deployed a {unit} on {to_sq}",
    "picture.pb.last.pick_square": "Last: {player} picked a {unit} and placed it on {to_sq}",
    "picture.pb.last.pick_barracks": "Last: {player} picked a {unit} for the Barracks",
    "picture.pb.last.army": "Last: {player} chose an army in secret",
    "picture.pb.last.pass": "Last: {player} had no legal move and passed",
    "picture.pb.squares.separator": ", ",
    # side panels
    "picture.pb.panel.barracks": "Barracks",
    "picture.pb.panel.barracks_empty": "Barracks empty",
    "picture.pb.panel.budget": "Budget left: {n}",
    "picture.pb.panel.budget_secret": "Budget: {n}",
    "picture.pb.panel.army_chosen": "Army chosen",
    "picture.pb.panel.army_choosing": "Choosing an army",
    "picture.pb.panel.draw_offer": "Offers a draw",
    "picture.pb.panel.count": "×{n}",
    # the private picture
    "picture.pb.private.army": "{player}: your secret army",
    "picture.pb.private.army_note": "Only you can see this until both armies are chosen",
    "picture.pb.private.barracks": "{player}: your Barracks",
    "picture.pb.private.barracks_empty": "Your Barracks is empty",
    "picture.pb.private.unit_price": "{unit} ({price})",
    # unit cards
    "picture.pb.card.price": "Price: {n}",
    "picture.pb.card.moves_from": "Moves from d4 on an empty board (forward is up)",
    "picture.pb.card.legend.march": "moves",
    "picture.pb.card.legend.attack": "captures",
    "picture.pb.card.legend.both": "moves or captures",
    "picture.pb.card.note.Sp": "Moves only by swapping places with any friendly unit on the board.",
    "picture.pb.card.note.Or": "Captures by a shot two squares away; the Oracle stays where it is.",
    "picture.pb.card.note.Cr": "Captures every enemy on its line, up to three squares.",
    "picture.pb.card.note.Im": "When captured, it goes back to its owner's Barracks.",
    "picture.pb.card.note.Pa": "Two squares forward from its first or second rank.",
    "picture.pb.card.note.Sn": "Captures only two or more squares away, along any line.",
    "picture.pb.class.Foot": "Foot",
    "picture.pb.class.Heavy": "Heavy",
    "picture.pb.class.Mounted": "Mounted",
    "picture.pb.class.Pious": "Pious",
    "picture.pb.class.Regal": "Regal",
    "picture.pb.class.Sovereign": "Sovereign",
    # replay frames
    "picture.pb.replay.ply": "Move {n} of {total}",
    "picture.pb.replay.start": "Start of the game",
}

# Unit names, one id per unit type (a translation overrides them).
MESSAGES.update({f"picture.pb.unit.{u.code}": u.name for u in UNIT_TYPES})
