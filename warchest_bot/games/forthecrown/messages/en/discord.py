"""English words of For the Crown on Discord: the rules in brief, the adapter's messages in this game's
words (`i18n.for_game`), the Play menus' groups (``bot.kind.ftc_*``) and the phrases of a turn's summary
(``forthecrown.phrase.*``, `face.ForTheCrownFace.announce`; ``{card}``, ``{unit}`` are names said in the
reader's language)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- rules in brief (/wc rules game:forthecrown) -------------------------------------------------------
    "forthecrown.rules": (
        "For the Crown, the deck-building game on the 8×8 board: each player starts with a King on e1 or e8 "
        "and a deck of 6 Peons and 4 Guards, and draws 5 cards. A turn has three phases. Orders (1 to start): "
        "march or attack with a unit (each unit once a turn), deploy a unit from your Barracks to your first "
        "rank, or play a card for its Order. Actions (1 to start): play cards for their Actions; a Training "
        "Action trashes the card and puts its unit in your Barracks. Buy: play treasures for gold, then buy "
        "cards from the Supply into your discard pile. Then discard everything and draw 5. You win at the end "
        "of a turn in which the other side has no Sovereign on the board. /wc rules game:forthecrown topic: "
        "has every phase and every card (* marks a house value)."
    ),
    # --- the adapter's messages in For the Crown's words (`i18n.for_game`) --------------------------------
    "bot.game.begins.forthecrown": "Game #{game_id} begins: {side_a} (White, first) against {side_b} (Black).",
    "bot.hand.title.forthecrown": "Your hand in game #{game_id}: your cards, your pools and what you may do now.",
    "bot.play.more_actions.forthecrown": (
        "… {count} more: type a unit (e.g. Kn), a square (e.g. d4) or a card (e.g. play tower) to narrow the list"
    ),
    "error.unparseable.forthecrown": (
        "I cannot read “{action}”: {detail}. Write actions like “Pa e2-e4”, “deploy Ro d1”, “play tower gold”, "
        "“buy heir” or “end”."
    ),
    "error.empty_action.forthecrown": "Write an action, like “Pa e2-e4”, “play tower gold”, “buy heir” or “end”.",
    "error.long_action.forthecrown": (
        "That is too long for an action (at most {limit} characters). Write actions like “Kn b1-c3” or "
        "“play stables stables_march Kn b1-c3-d5”."
    ),
    # --- the Play menus' groups ------------------------------------------------------------------------------
    "bot.kind.ftc_order": "Order a unit",
    "bot.kind.ftc_play": "Play a card",
    "bot.kind.ftc_buy": "Buy a card",
    "bot.kind.ftc_decide": "Decide",
    "bot.kind.ftc_setup": "Set up",
    "bot.kind.ftc_close": "End the phase",
    # --- the phrases of a turn's summary (GameKind.announce) ------------------------------------------------
    "forthecrown.phrase.order": "{unit} {move}",
    "forthecrown.phrase.deploy": "deployed a {unit} on {square}",
    "forthecrown.phrase.play": "{card} ({kind})",
    "forthecrown.phrase.play_card": "{card} ({kind}): {choice}",
    "forthecrown.phrase.play_with": "{card} ({kind}): {choices}",
    "forthecrown.phrase.play_revealed": "{card} ({kind}): {choices}, revealing {revealed} on top of the other deck",
    "forthecrown.phrase.train": "{card}: trained a {unit}",
    "forthecrown.phrase.train_many": "{card}: trained {count} × {unit}",
    "forthecrown.phrase.buy": "bought {card}",
    "forthecrown.phrase.end_turn": "ended the turn",
    "forthecrown.phrase.topdeck": "put a card from the hand back on the deck",
    "forthecrown.phrase.topdeck_own": "put {card} back on the deck",
    "forthecrown.phrase.keep": "kept the cards as they were",
    "forthecrown.phrase.discard": "discarded {card}",
    "forthecrown.phrase.reveal_trash": "trashed the revealed {card}",
    "forthecrown.phrase.reveal_keep": "left the revealed {card} on the deck",
    "forthecrown.phrase.promote": "promoted the unit to a {unit}",
    "forthecrown.phrase.promote_none": "left the unit as it was",
    "forthecrown.phrase.trash": "trashed {card}",
    "forthecrown.phrase.trash_morph": "trashed {card} and turned a {unit} into a {into}",
    "forthecrown.phrase.trash_gain": "trashed {card} and gained {gain}",
    "forthecrown.phrase.choose": "chose {card} for the Supply",
    "forthecrown.phrase.recruit": "recruited {count} × {unit} ({card})",
    "forthecrown.phrase.crown": "crowned the {unit} on {square}",
}
