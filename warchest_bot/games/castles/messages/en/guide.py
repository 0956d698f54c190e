"""English pages of Castles' rules guide (`warchest_bot.games.castles.guide`): ``rules.castles.topic.<id>``
labels a topic (at most 100 characters), ``rules.castles.page.<id>`` is its page (at most 2000 characters);
a card's page is ``rules.castles.unit.page`` or ``rules.castles.event.page`` filled with its texts."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "rules.castles.topic.setup": "The board and the setup",
    "rules.castles.topic.round": "A round: draws, face-down cards, two turns",
    "rules.castles.topic.turn": "Your turn: the card, the drawn pieces, income",
    "rules.castles.topic.attack": "Attacks and the die",
    "rules.castles.topic.castles": "Castles and key areas",
    "rules.castles.topic.end": "Winning and the end of the game",
    "rules.castles.topic.decisions": "What the Persian text left open, and the decisions",
    "rules.castles.topic.notation": "Writing actions",
    "rules.castles.topic.units": "The eight units",
    "rules.castles.topic.events": "The eight event cards",
    "rules.castles.topic.unit": "Unit: {name} ({card_code})",
    "rules.castles.topic.event": "Event: {name} ({card_code})",
    "rules.castles.page.setup": (
        "**The board and the setup**\n"
        "The board is 7×7 squares, files a–g and ranks 1–7. Player 1 (blue) sits at rank 1, player 2 (red) at "
        "rank 7. Castles: b1 and f1 are blue's, b7 and f7 red's. Key areas: b4, d4 and f4.\n"
        "Each player has 32 pieces, 4 of each of the 8 unit types, a bag and a deck of 16 cards: one card for "
        "each unit type and 8 event cards. The treasury holds 24 coins; there are 12 capture tokens and one die.\n"
        "At the start each player puts their 4 soldiers into their bag (the other 28 pieces are their reserve), "
        "takes 3 coins and draws 3 cards from their shuffled deck."
    ),
    "rules.castles.page.round": (
        "**A round**\n"
        "1. Draw: each player fills their hand up to 4 cards from their deck and draws 4 pieces at random from "
        "their bag, of different types (a piece of a type already drawn goes back and another is drawn). These "
        "are the units that may act this round.\n"
        "2. Face-down cards: each player puts one card of their hand face down. Nobody sees a card until both are "
        "in; then both are revealed together. The higher cost acts first; on equal costs the player who acted "
        "second last round acts first (in round 1, player 1).\n"
        "3. The first player's turn, then 4. the second player's turn."
    ),
    "rules.castles.page.turn": (
        "**Your turn**\n"
        "The card: pay its cost in coins (they go back to the treasury) and do its action. A unit card lets one "
        "unit of its type deploy from your reserve, move or attack; an event card does what it says. You may "
        "decline it (it is discarded unpaid); a card you cannot pay for is discarded unpaid.\n"
        "Then the drawn pieces, in any order: each lets one unit of its type deploy (that very piece, from the "
        "bag), move or attack. Each unit acts at most once per turn. End your turn with “end” when you are done; "
        "drawn pieces not deployed go back into the bag.\n"
        "Deploying: onto an empty square that is one of your castles not yet taken, or next to one (not "
        "diagonally).\n"
        "Income: at the end of your turn take 1 coin (nobody holds more than 10) and 1 capture token for each "
        "key area one of your units stands on."
    ),
    "rules.castles.page.attack": (
        "**Attacks and the die**\n"
        "Moving at an enemy is an attack: roll the die. A result at or under the attack number succeeds, higher "
        "results fail. The number is the unit's attack (Soldier 2, Archer 3, Knight 4, …), +1 next to your "
        "Standard-bearer, +1 under Charge, −1 against a Pikeman.\n"
        "On success the enemy piece leaves the board and goes into your bag as loot: from then on it is one of "
        "your units of that type. A melee attacker (every unit but the Archer) takes the square it attacked; the "
        "Archer shoots from two squares away and stays. On failure nothing moves, except that a reckless Axeman "
        "is destroyed and goes into the defender's bag.\n"
        "The turn's post tells every roll: “rolled 5 against 3: the attack fails”."
    ),
    "rules.castles.page.castles": (
        "**Castles and key areas**\n"
        "A unit that enters an enemy castle, by moving onto it or by winning an attack against the unit on it, "
        "takes it: its player takes 1 capture token. A taken castle can no longer be used by its owner to deploy.\n"
        "Key areas (b4, d4, f4): at the end of your turn you take 1 capture token for each key area one of your "
        "units stands on, turn after turn."
    ),
    "rules.castles.page.end": (
        "**Winning**\n"
        "Taking both enemy castles wins at once; so does holding 6 capture tokens.\n"
        "Otherwise the game ends after the round in which the last cards were played (16 rounds): the player "
        "with more tokens wins. With equal tokens play goes on in rounds without cards (only the drawn pieces "
        "act) and the first to take a castle wins; after 4 such rounds without a castle the game is a draw."
    ),
    "rules.castles.page.decisions": (
        "**What the text left open**\n"
        "The Persian tutorial leaves gaps; the project decided each (docs/castles.md has the reasons):\n"
        "D-CA-1 both drive a turn: the bag decides which units act, the face-down card the extra action and who "
        "goes first. D-CA-2 income 1 coin at the end of your turn, 3 at the start, at most 10. D-CA-3 one action "
        "for the card and one per drawn piece, each unit once. D-CA-4 a 7×7 board, castles b1 f1 b7 f7, key "
        "areas b4 d4 f4 with a token each turn. D-CA-5 five more units: Pikeman, Scout, Axeman, Champion, "
        "Standard-bearer. D-CA-6 eight events and every card's cost. D-CA-7 a move at an enemy is an attack. "
        "D-CA-8 loot becomes your unit. D-CA-9 the game ends when the cards run out; a taken castle is no longer "
        "a deploy square. D-CA-10 the components. D-CA-11 equal costs alternate who goes first. D-CA-12 at most "
        "4 rounds of sudden death."
    ),
    "rules.castles.page.notation": (
        "**Writing actions** (/wc play, or the Play menus)\n"
        "`pick Kn` puts the Knight card face down (the others see only “pick”). `deploy So b2` deploys a piece. "
        "`So b2-b3` moves, `Ar c3xc5` attacks (the die is rolled). `skip` declines the revealed card. `Tx`, "
        "`Sb`, `Mu`, `Cg` play events without a target; `Rc Ar Kn` recruits two reserve pieces; `Ma Sc a2-a4` "
        "and `Cm Kn d3xe5` move or attack with a unit of any type; `Rf Ch b1` deploys any reserve piece. `end` "
        "ends your turn."
    ),
    "rules.castles.page.units": "**The eight units** (cost, then what is special):",
    "rules.castles.page.events": "**The eight event cards** (cost, then the effect):",
    "rules.castles.list.item": "• {name} ({card_code}), cost {cost}: {text}",
    "rules.castles.unit.page": (
        "**{name}** ({card_code}): cost {cost}, attack {attack} or less.\n{move}\n{attacks}\n{ability}"
    ),
    "rules.castles.event.page": "**{name}** ({card_code}), an event card: cost {cost}.\n{effect}",
}
