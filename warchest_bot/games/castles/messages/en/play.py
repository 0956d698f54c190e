"""English messages of Castles (`warchest_bot.games.castles`): its title, its rules in brief, the sentences
that announce its results, the phrases of a turn's summary (what the face-down cards and the die decided)
and its own words for messages every game shares. Same rules as every English message
(`warchest_bot.i18n.en`): whole sentences with named placeholders."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "title.castles": "Castles",
    "error.bad_players_castles": "A game of Castles is for 2 players.",
    # --- results (GameOver: result.<reason>) --------------------------------------------------------------
    "result.both_castles": "{winners} won game #{game_id} by taking both enemy castles.",
    "result.six_tokens": "{winners} won game #{game_id} with 6 capture tokens.",
    "result.most_tokens": "{winners} won game #{game_id}: every card was played and they hold more capture tokens.",
    "result.first_castle": "{winners} won game #{game_id} by taking the first castle after the tokens were level.",
    "result.no_castle": "Game #{game_id} is a draw: no castle fell in the rounds after the tokens were level.",
    # --- rules in brief (/wc rules game:castles) -----------------------------------------------------------
    "castles.rules": (
        "Castles, the game of the Persian tutorial: a 7×7 board, two castles each (b1 and f1, b7 and f7) and "
        "three key areas (b4, d4, f4). Each round both players fill their hand to 4 cards and draw 4 pieces of "
        "different types from their bag: the units that may act. Both put one card face down; they are "
        "revealed together and the higher cost acts first. On your turn pay the card's cost in coins and do "
        "what it says (a unit card: one unit of its type deploys, moves or attacks; an event: its effect), then "
        "each drawn piece lets one unit of its type deploy, move or attack; each unit acts once. An attack "
        "rolls the die: at or under the unit's attack number it succeeds and the enemy piece goes into your "
        "bag as your own. You take 1 coin at the end of your turn (at most 10) and 1 capture token for each key "
        "area you hold. Enter an enemy castle to take it (a token). Both enemy castles or 6 tokens win; when "
        "the cards run out, more tokens win. /wc rules game:castles topic: has every unit and event."
    ),
    # --- the adapter's messages in Castles' words (`i18n.for_game`) --------------------------------------
    "bot.game.begins.castles": "Game #{game_id} begins: {side_a} (Blue) against {side_b} (Red).",
    "bot.hand.title.castles": (
        "Your hand in game #{game_id}: your cards, your coins and the pieces you drew from your bag."
    ),
    "bot.play.more_actions.castles": (
        "… {count} more: type a unit (e.g. Kn) or a square (e.g. d4) to narrow the list"
    ),
    "error.unparseable.castles": (
        "I cannot read “{action}”: {detail}. Write actions like “pick Kn”, “deploy So b2”, “So b2-b3” or "
        "“Ar c3xc5”."
    ),
    "error.empty_action.castles": "Write an action, like “pick Kn”, “deploy So b2”, “So b2-b3” or “end”.",
    "error.long_action.castles": (
        "That is too long for an action (at most {limit} characters). Write actions like “So b2-b3” or "
        "“Cm Kn d3xe5”."
    ),
    # --- its action kinds in the menus --------------------------------------------------------------------
    "bot.kind.event": "Event",
    "bot.kind.skip": "Decline the card",
    "bot.kind.end": "End the turn",
    # --- the phrases of a turn's summary (GameKind.announce) ----------------------------------------------
    "castles.phrase.down": "put a card face down",
    "castles.phrase.down_own": "put {card} face down",
    "castles.phrase.revealed": "put a card face down: the cards are {first} (cost {first_cost}) and {second} (cost {second_cost})",
    "castles.phrase.revealed_one": "put a card face down: the only card is {card} (cost {cost})",
    "castles.phrase.attack_hit": "{action}: rolled {roll} against {need}: the attack succeeds",
    "castles.phrase.attack_miss": "{action}: rolled {roll} against {need}: the attack fails",
    "castles.phrase.attack_reckless": (
        "{action}: rolled {roll} against {need}: the attack fails and the Axeman is destroyed"
    ),
    "castles.phrase.castle": "{action}: took the castle on {square}",
    "castles.phrase.attack_castle": "{action}: rolled {roll} against {need}: the attack succeeds and takes the castle on {square}",
    "castles.phrase.mustered": "Mu: drew {pieces} from the bag",
    "castles.phrase.end": "ended the turn",
    "castles.phrase.end_token": "ended the turn and took a capture token for a key area",
    "castles.phrase.end_tokens": "ended the turn and took {tokens} capture tokens for key areas",
}
