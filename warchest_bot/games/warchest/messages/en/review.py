"""English reasons of War Chest's reviews: why the move the AI preferred is better (``review.why.*``;
the rest of `/wc review` is in `warchest_bot.i18n.en.review`). ``{hex}`` is notation.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- why the preferred move is better (one sentence each) ---------------------------------------------
    "review.why.marker": "It takes the control marker of {hex}.",
    "review.why.marker_back": "It takes {hex} back from the other side.",
    "review.why.eliminate": "It removes the enemy unit on {hex} from the board.",
    "review.why.hit": "It takes a coin off the enemy stack on {hex}.",
    "review.why.exposed": "It does not leave a unit on {hex} open to an attack.",
    "review.why.deploy": "It brings a new unit onto the board at {hex}.",
    "review.why.threaten": "It puts a unit on {hex}, ready to take its control marker.",
    "review.why.advance": "It moves a unit to {hex}, where it stands better.",
    "review.why.bolster": "It adds a coin to the stack on {hex}, which makes it harder to remove.",
    "review.why.initiative": "It takes the initiative for the next round.",
    "review.why.recruit": "It recruits a coin, which makes the bag stronger.",
    "review.why.recruit_other": "That coin serves the army better, by the AI's count.",
    "review.why.position": "It leaves the units better placed, by the AI's count.",
}
