"""English alt text of Point-Buy Chess's pictures (the ``alt.pb.`` keys; the words every game shares are
in `warchest_bot.i18n.en.alt_text`).

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
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
    "alt.pb.last.capture": "Last move: {player} moved the {unit} from {from_sq} to {to_sq} and captured {victims}.",
    "alt.pb.last.swap": "Last move: {player}'s {unit} on {from_sq} swapped places with the {partner} on {to_sq}.",
    "alt.pb.last.deploy": "Last move: {player} deployed the {unit} on {square}.",
    "alt.pb.last.pick": "Last move: {player} picked the {unit}.",
    "alt.pb.last.other": "Last move: by {player}.",
    "alt.pb.army": "Your secret army: {units}.",
    "alt.pb.army.item": "{unit} on {square}",
    "alt.pb.army.barracks_item": "{unit} in the Barracks",
    "alt.pb.army.none": "You have not chosen your secret army yet.",
    "alt.pb.unit_card": "The card of the {unit}: it costs {price} points. {note}",
}
