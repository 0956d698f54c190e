"""Persian messages: the translation of `warchest_bot.i18n.en.alt_text` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "alt.list_separator": "، ",
    "alt.player": "بازیکن {n}",
    # --- every game -------------------------------------------------------------------------------------
    "alt.board": "صفحهٔ {game} پس از حرکت {plies}.",
    "alt.turn": "نوبت {player} است.",
    "alt.over.win": "بازی تمام شد: {winner} برنده شد.",
    "alt.over.draw": "بازی تمام شد: مساوی.",
    "alt.last": "حرکت آخر: {player} {action} را بازی کرد.",
    "alt.private": "نمای خصوصی شما از {game}.",
    "alt.unit_card": "کارت {unit}.",
    "alt.replay": "بازپخش {game}، بازی #{game_id}: پویانمایی {plies} حرکت آن.",
    "alt.text.legal": "کنش‌های مجاز شما ({count}):",
    "alt.text.attached": "متن صفحه طولانی است: آن را در فایل پیوست ببینید.",
    "alt.more": "فهرست کامل برای این توضیح بیش از حد طولانی است: از \u2068/wc board text:true\u2069 استفاده کنید.",
}
