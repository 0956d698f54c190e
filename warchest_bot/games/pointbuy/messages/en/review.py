"""English reasons of Point-Buy Chess's reviews: why the move the AI preferred is better
(``review.why.*``; the rest of `/wc review` is in `warchest_bot.i18n.en.review`). ``{square}`` is notation.

Same rules as every English message (see `warchest_bot.i18n.en`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- why the preferred move is better (one sentence each) ---------------------------------------------
    "review.why.capture": "It captures the unit on {square}.",
    "review.why.save": "It does not leave a unit on {square} open to capture.",
    "review.why.deploy_square": "It brings a unit from the Barracks onto {square}.",
    "review.why.material": "It leaves more material on the board, by the AI's count.",
}
