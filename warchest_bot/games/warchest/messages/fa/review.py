"""Persian reasons of War Chest's reviews: why the move the AI preferred is better (``review.why.*``;
the rest of `/wc review` is in `warchest_bot.i18n.fa.review`). ``{hex}`` is notation.

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- why the preferred move is better (one sentence each) ---------------------------------------------
    "review.why.marker": "این حرکت نشان کنترل خانهٔ {hex} را می‌گیرد.",
    "review.why.marker_back": "این حرکت خانهٔ {hex} را از طرف مقابل پس می‌گیرد.",
    "review.why.eliminate": "این حرکت یگان دشمن در خانهٔ {hex} را از صفحه بیرون می‌کند.",
    "review.why.hit": "این حرکت یک سکه از پشتهٔ دشمن در خانهٔ {hex} برمی‌دارد.",
    "review.why.exposed": "این حرکت یگانی را در خانهٔ {hex} در برابر حمله بی‌دفاع نمی‌گذارد.",
    "review.why.deploy": "این حرکت یگان تازه‌ای را در خانهٔ {hex} به صفحه می‌آورد.",
    "review.why.threaten": "این حرکت یگانی را در خانهٔ {hex} می‌گذارد که آمادهٔ گرفتن نشان کنترل آن است.",
    "review.why.advance": "این حرکت یگانی را به خانهٔ {hex} می‌برد که در آن جای بهتری دارد.",
    "review.why.bolster": "این حرکت سکه‌ای به پشتهٔ خانهٔ {hex} می‌افزاید و برداشتن آن را سخت‌تر می‌کند.",
    "review.why.initiative": "این حرکت ابتکار عمل دور بعد را می‌گیرد.",
    "review.why.recruit": "این حرکت سکه‌ای استخدام می‌کند و کیسه را قوی‌تر می‌کند.",
    "review.why.recruit_other": "به حساب هوش مصنوعی، آن سکه بیشتر به کار ارتش می‌آید.",
    "review.why.position": "به حساب هوش مصنوعی، این حرکت یگان‌ها را در جای بهتری می‌گذارد.",
}
