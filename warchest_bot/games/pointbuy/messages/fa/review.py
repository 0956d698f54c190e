"""Persian reasons of Point-Buy Chess's reviews: why the move the AI preferred is better
(``review.why.*``; the rest of `/wc review` is in `warchest_bot.i18n.fa.review`). ``{square}`` is notation.

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- why the preferred move is better (one sentence each) ---------------------------------------------
    "review.why.capture": "این حرکت یگان خانهٔ {square} را می‌گیرد.",
    "review.why.save": "این حرکت یگانی را در خانهٔ {square} در معرض گرفته شدن نمی‌گذارد.",
    "review.why.deploy_square": "این حرکت یگانی را از پادگان به خانهٔ {square} می‌آورد.",
    "review.why.material": "به حساب هوش مصنوعی، این حرکت نیروی بیشتری روی صفحه نگه می‌دارد.",
}
