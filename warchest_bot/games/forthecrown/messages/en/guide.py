"""English pages of For the Crown's rules guide (`warchest_bot.games.forthecrown.guide`):
``rules.forthecrown.topic.<id>`` labels each topic, ``rules.forthecrown.page.<id>`` is its page; a card's
page is ``rules.forthecrown.card.page`` and one ``rules.forthecrown.card.half`` per effect, with the
house-value mark "*" after a value."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "rules.forthecrown.topic.setup": "The board and the setup",
    "rules.forthecrown.topic.turn": "A turn: orders, actions, buying, housekeeping",
    "rules.forthecrown.topic.orders": "Orders: marches, attacks, deploys, promotion",
    "rules.forthecrown.topic.cards": "Cards: effects, training, the Trash",
    "rules.forthecrown.topic.buying": "Treasure and buying from the Supply",
    "rules.forthecrown.topic.winning": "Winning and the end of the game",
    "rules.forthecrown.topic.house": "House values and the card table",
    "rules.forthecrown.topic.options": "Options and optional rules",
    "rules.forthecrown.topic.notation": "Writing actions",
    "rules.forthecrown.topic.list": "Every card",
    "rules.forthecrown.topic.card": "Card: {name}",
    "rules.forthecrown.page.setup": (
        "**Setup.** The 8×8 board with a King on e1 (the first player, White) and one on e8. Each deck is 6 "
        "Peons and 4 Guards, shuffled; each player draws 5. The Supply holds the 4 core stacks (Champion, "
        "Clergy, Tower, Consort) and 10 variable stacks: the rulebook's first-game set, random ones, or chosen "
        "by the players one at a time. The units are Point-Buy Chess's 24 types; units you train wait in your "
        "Barracks until deployed."
    ),
    "rules.forthecrown.page.turn": (
        "**A turn.** You start with 1 order, 1 action and 1 buy. Order phase: give orders (below) or play a "
        "card for its Order effect. Action phase: play cards for their Action effects. Buy phase: play "
        "treasures for gold, then buy. Unused orders and actions carry on into later phases. `end` closes a "
        "phase (in the buy phase: the turn); a phase with nothing left to do closes by itself. Housekeeping: "
        "everything in hand and in play goes to your discard pile and you draw 5 (shuffling your discard pile "
        "when the deck runs out). The whole turn is posted once, with its summary."
    ),
    "rules.forthecrown.page.orders": (
        "**Orders.** Each order moves one unit: a march or an attack as in Point-Buy Chess, or a deploy from "
        "the Barracks to an empty square of your first rank (Foot units also the second). A unit takes at most "
        "one order per turn, card orders included. A Foot unit that ends a march or attack on your eighth rank "
        "may promote to a type a Supply card trains (a King only with Heir). Immune units (Armor, Wish) "
        "cannot be captured until their owner's next turn; barred units (False Orders, Mourning) cannot be "
        "ordered on their owner's next turn."
    ),
    "rules.forthecrown.page.cards": (
        "**Cards.** Every card has two effects: Order, Action or Treasure. A Training Action trashes the card "
        "and puts its unit(s) into your Barracks. Cards you gain go to your discard pile; trashed cards leave "
        "the game. Where a card says to choose a unit and none fits, the card still gives its other grants. "
        "Some effects leave a decision after cards were drawn or revealed (which card Stables puts back, what "
        "False Orders' revealed card does); False Orders' promotion is chosen by the unit's owner in the middle "
        "of the other player's turn."
    ),
    "rules.forthecrown.page.buying": (
        "**Buying.** In the buy phase play treasures for gold (all before your first purchase), then buy cards "
        "whose cost you can pay, one per buy; they go to your discard pile. An empty stack cannot be bought. "
        "The Supply, every discard pile and the Trash are open to both players; decks are counted, never "
        "shown; you see the other hand's size only."
    ),
    "rules.forthecrown.page.winning": (
        "**Winning.** At the end of every turn: if a player has no Sovereign (King or Anointed) on the board, "
        "the other wins; neither has one: a draw. The game is a draw after the turn limit (400 turns unless "
        "set). In the Last Stand the Attacker's score is how many turns it took."
    ),
    "rules.forthecrown.page.house": (
        "**House values.** The rulebook gives only a few card values; every other cost, pile size and effect "
        "of the shipped card table is a house value of the project, marked * on the card pictures and on "
        "each card's page here. A game keeps the table it was started with, so replays never change."
    ),
    "rules.forthecrown.page.options": (
        "**Options** (`/wc new game:forthecrown settings:`): `supply=first-game|random|chosen`, `variable=12` "
        "(an enlarged Supply), `squire=1` (a Squire instead of one Guard), `anointed=1` (an Anointed instead of "
        "the King), `last_stand=1` (the Last Stand: the Defender recruits with 40 gold, the Attacker plays the "
        "deck), a handicap for one seat: `handicap=0|1`, `extra_turns=1`, `extra_units=Qu,Ro@a8`, and "
        "`turn_cap=400`."
    ),
    "rules.forthecrown.page.notation": (
        "**Writing actions** (`/wc play`, offered as you type): `Kn b1-c3` (a march), `Ro a1xa8` (an attack), "
        "`Pa e7-e8=Qu` (a promotion), `deploy Ro d1`, `play tower gold` (a card for one of its effects), `play "
        "academy academy Mo c2` (with its choices), `buy heir`, `end` (close the phase), and the decisions a "
        "card leaves: `topdeck tower`, `keep`, `discard peon`, `trash`, `promote Qu`, `done`."
    ),
    "rules.forthecrown.page.list": "**Every card** (cost; * a house value):",
    "rules.forthecrown.list.item": "- {name}: {cost} ({role})",
    "rules.forthecrown.role.starter": "starting card",
    "rules.forthecrown.role.core": "core stack",
    "rules.forthecrown.role.variable": "variable stack",
    "rules.forthecrown.card.page": "**{name}** ({role}): cost {cost}, {pile} in its stack.",
    "rules.forthecrown.card.half": "- {kind}: {text}",
}
