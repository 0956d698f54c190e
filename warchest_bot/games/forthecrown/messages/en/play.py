"""English messages of For the Crown (`warchest_bot.games.forthecrown`): its title, its phases and pools,
the decisions a played card leaves, its results, the card-table loader's errors (``forthecrown.table.*``,
the keys `card_table.CardTableError` subclasses name, filled with ``{card}``, ``{field}`` and ``{value}``)
and the marks of house values. Same rules as every English message (`warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "title.forthecrown": "For the Crown",
    # --- phases ----------------------------------------------------------------------------------------
    "forthecrown.phase.supply": "Choosing the Supply",
    "forthecrown.phase.stand": "Recruiting",
    "forthecrown.phase.crown": "Crowning",
    "forthecrown.phase.order": "Order phase",
    "forthecrown.phase.action": "Action phase",
    "forthecrown.phase.buy": "Buy phase",
    "forthecrown.phase.over": "Game over",
    # --- pools -----------------------------------------------------------------------------------------
    "forthecrown.pool.orders": "Orders: {n}",
    "forthecrown.pool.actions": "Actions: {n}",
    "forthecrown.pool.buys": "Buys: {n}",
    "forthecrown.pool.gold": "Gold: {n}",
    "forthecrown.pool.treasures": "Treasures played: {n}",
    # --- the decisions a played card leaves (the view's ``pending``) -----------------------------------------
    "forthecrown.decision.topdeck": "Put a card from your hand face down on your deck.",
    "forthecrown.decision.topdeck.optional": "You may put a card from your hand face down on your deck.",
    "forthecrown.decision.promote": "{player} chooses what their unit on {square} promotes to.",
    "forthecrown.decision.onslaught": "Onslaught: {n} more Foot units may march or deploy.",
    "forthecrown.decision.discard": "Discard {n} more cards.",
    "forthecrown.decision.morph": "Trash a training card from your hand to morph one of your units.",
    "forthecrown.decision.morph.barracks": "Trash a training card from your hand to morph a Barracks unit.",
    "forthecrown.decision.reveal": "The revealed card is {card}: trash it or put it back.",
    "forthecrown.decision.refine": "Trash a card from your hand to gain a card costing up to 2 more.",
    # --- results (a lost Sovereign and the turn cap: Point-Buy Chess's result.sovereign, result.turn_cap) ---
    "result.sovereigns": "Game #{game_id} is a draw: neither player has a Sovereign on the board.",
    "result.last_stand": "Game #{game_id} is over: the Attacker took the last Sovereign after {n} turns.",
    # --- the card-table loader -----------------------------------------------------------------------------
    "forthecrown.table.bad": "This card table cannot be played: {card} {field} holds {value}. Fix the file and load it again.",
    "forthecrown.table.unknown_effect": (
        "Card {card} names an effect the game does not know ({value} in {field}). Use one of the effects "
        "listed in the For the Crown guide."
    ),
    "forthecrown.table.unknown_unit": (
        "Card {card} trains a unit type that does not exist ({value} in {field}). Use a unit code such as Pa "
        "or Kn."
    ),
    "forthecrown.table.negative_cost": "Card {card} costs {value}: a cost is 0 or more.",
    # --- house values --------------------------------------------------------------------------------------
    "forthecrown.house.mark": "*",
    "forthecrown.house.legend": "* a house value: the rulebook does not give it.",
    "forthecrown.house.card": "{card} has house values: {values}.",
    "forthecrown.house.value.cost": "its cost",
    "forthecrown.house.value.pile": "its pile size",
    "forthecrown.house.value.effect1": "its first effect",
    "forthecrown.house.value.effect2": "its second effect",
}
