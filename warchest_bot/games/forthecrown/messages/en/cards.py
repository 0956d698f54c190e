"""English names of For the Crown's cards (``forthecrown.card.<id>``, the shipped table's ids) and the
texts of every effect a card table may name (``forthecrown.effect.<effect>``, the engine's `EFFECTS`).
``{gold}``, ``{buys}``, ``{discount}`` and ``{count}`` are numbers, ``{unit}`` a unit's name. A table
loaded by a server may name cards this catalogue does not know: pictures then show the table's own name."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- card names ------------------------------------------------------------------------------------
    "forthecrown.card.peon": "Peon",
    "forthecrown.card.guard": "Guard",
    "forthecrown.card.squire": "Squire",
    "forthecrown.card.champion": "Champion",
    "forthecrown.card.clergy": "Clergy",
    "forthecrown.card.tower": "Tower",
    "forthecrown.card.consort": "Consort",
    "forthecrown.card.academy": "Academy",
    "forthecrown.card.armor": "Armor",
    "forthecrown.card.astrology": "Astrology",
    "forthecrown.card.aviary": "Aviary",
    "forthecrown.card.bureaucracy": "Bureaucracy",
    "forthecrown.card.destiny": "Destiny",
    "forthecrown.card.evangelism": "Evangelism",
    "forthecrown.card.executive-action": "Executive Action",
    "forthecrown.card.false-orders": "False Orders",
    "forthecrown.card.fog": "Fog",
    "forthecrown.card.heir": "Heir",
    "forthecrown.card.legend": "Legend",
    "forthecrown.card.mourning": "Mourning",
    "forthecrown.card.onslaught": "Onslaught",
    "forthecrown.card.patronage": "Patronage",
    "forthecrown.card.quartermaster": "Quartermaster",
    "forthecrown.card.refiner": "Refiner",
    "forthecrown.card.sacrifice": "Sacrifice",
    "forthecrown.card.sanctuary": "Sanctuary",
    "forthecrown.card.scribes": "Scribes",
    "forthecrown.card.stables": "Stables",
    "forthecrown.card.subterfuge": "Subterfuge",
    "forthecrown.card.temple": "Temple",
    "forthecrown.card.versatility": "Versatility",
    "forthecrown.card.vigilance": "Vigilance",
    "forthecrown.card.wish": "Wish",
    # --- the kind of an effect (the heading of a card's half) ----------------------------------------------
    "forthecrown.kind.order": "Order",
    "forthecrown.kind.action": "Action",
    "forthecrown.kind.treasure": "Treasure",
    "forthecrown.kind.train": "Training Action",
    # --- effects with parameters ---------------------------------------------------------------------------
    "forthecrown.effect.gold": "+{gold} gold.",
    "forthecrown.effect.gold.buys": "+{gold} gold, +{buys} buy.",
    "forthecrown.effect.gold.discount": "+{gold} gold, +{buys} buy; every card costs {discount} less this turn.",
    "forthecrown.effect.train": "Trash this card: train {unit} into your Barracks.",
    "forthecrown.effect.train.many": "Trash this card: train {count} × {unit} into your Barracks.",
    # --- effects without parameters ------------------------------------------------------------------------
    "forthecrown.effect.legend": "+1 gold for each other treasure effect played before it this turn.",
    "forthecrown.effect.guard_deploy": "Deploy a Barracks unit onto an empty square next to one of your Sovereigns.",
    "forthecrown.effect.squire_deploy": "Deploy a Barracks unit onto an empty square of your second rank.",
    "forthecrown.effect.academy": "Deploy a Foot unit from your Barracks to your first or second rank; then +1 order.",
    "forthecrown.effect.armor": "A Heavy unit marches; it is immune until the start of your next turn.",
    "forthecrown.effect.astrology": "+1 order, +1 buy, +1 gold; your opponent shows you their hand.",
    "forthecrown.effect.aviary": "Put a Regal unit on any empty square no enemy unit attacks.",
    "forthecrown.effect.bureaucracy": "A Foot unit marches or attacks; then +1 order.",
    "forthecrown.effect.exec_draw": "+2 cards, +1 action.",
    "forthecrown.effect.exec_deploy": "Deploy a Barracks unit by the usual deploy rules.",
    "forthecrown.effect.false_orders": (
        "An enemy unit that is not a Sovereign marches or attacks as its owner could; it takes no orders on "
        "its owner's next turn."
    ),
    "forthecrown.effect.false_orders_reveal": (
        "Your opponent reveals the top card of their deck; trash it or put it back."
    ),
    "forthecrown.effect.heir": "A Sovereign marches to a square no enemy unit attacks; then +1 order.",
    "forthecrown.effect.mourning": (
        "A Regal unit attacks; the enemy units next to the captured unit take no orders on their next turn."
    ),
    "forthecrown.effect.onslaught": "Up to 4 Foot units, one at a time: on the board they march, in the Barracks they deploy.",
    "forthecrown.effect.quartermaster_deploy": "Deploy two Barracks units onto empty squares of your first rank.",
    "forthecrown.effect.sanctuary": (
        "A Heavy unit marches next to a friendly unit; then one friendly unit next to it moves to an empty "
        "square next to it."
    ),
    "forthecrown.effect.sanctuary_draw": "+2 cards, +1 order, +1 gold; then discard 2 cards.",
    "forthecrown.effect.stables_march": "A Mounted unit marches, then the same unit marches again.",
    "forthecrown.effect.stables_draw": "+2 cards, +1 action, +1 buy; then put a hand card face down on your deck.",
    "forthecrown.effect.temple": "A Pious unit marches; then +1 order.",
    "forthecrown.effect.versatility": "+1 order; discard up to 4 cards and draw as many.",
    "forthecrown.effect.wish": "+1 order; name a card and turn over your deck until you find it; it goes to your hand.",
    "forthecrown.effect.wish_immunity": (
        "+1 order; any of your Sovereigns become ordered and immune until your next turn; no Order cards on "
        "your next turn."
    ),
    "forthecrown.effect.consort": "Put a unit that is not a Sovereign on an empty square next to another friendly Regal unit.",
    "forthecrown.effect.destiny": (
        "+1 card, +1 action; trash a training card from your hand and morph one of your units into what it trains."
    ),
    "forthecrown.effect.evangelism": "Put a Pious unit from your Barracks next to a friendly Pious unit.",
    "forthecrown.effect.fog": "A Mounted unit marches, even one already ordered.",
    "forthecrown.effect.refiner_morph": (
        "+1 card, +1 action; trash a training card from your hand and morph a Barracks unit into what it trains."
    ),
    "forthecrown.effect.refiner_gain": (
        "+1 card, +1 action; trash a card from your hand and gain a card costing up to 2 more."
    ),
    "forthecrown.effect.sacrifice": "Discard a card and gain a card costing up to 6.",
    "forthecrown.effect.scribes": "+3 cards, +1 buy; you may put a hand card face down on your deck.",
    "forthecrown.effect.subterfuge": "Two of your units that share a class swap places (the Barracks too).",
    "forthecrown.effect.vigilance": "+1 card, +1 action, +1 buy, +2 gold; then put a hand card face down on your deck.",
}
