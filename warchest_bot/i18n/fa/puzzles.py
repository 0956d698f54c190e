"""Persian messages: the translation of `warchest_bot.i18n.en.puzzles` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- a puzzle -------------------------------------------------------------------------------------------
    "puzzle.name.you": "شما",
    "puzzle.name.opponent": "حریف",
    "puzzle.title": "🧩 **معمای {puzzle}** (امتیاز {rating}). نوبت شماست.",
    "puzzle.how": "حرکتتان را از فهرست زیر انتخاب کنید، یا آن را با \u2068/wc puzzle answer:\u2069 بنویسید.",
    "puzzle.your_rating": "امتیاز معمای شما: {rating}.",
    "puzzle.select.action": "حرکتتان را انتخاب کنید…",
    "puzzle.button.solution": "نشان دادن پاسخ",
    "puzzle.button.next": "معمای دیگر",
    "puzzle.button.solve": "حلش کنید",
    # --- answers --------------------------------------------------------------------------------------------
    "puzzle.right": "✅ درست است: **{action}** بهترین حرکت است.",
    "puzzle.wrong": "❌ **{action}** بهترین حرکت نیست.",
    "puzzle.retry": "دوباره از فهرست بالا امتحان کنید، یا پاسخ را ببینید.",
    "puzzle.solution": "پاسخ **{solution}** است.",
    "puzzle.rating_change": "امتیاز معمای شما: {rating} ({change}).",
    "puzzle.not_rated": "فقط نخستین پاسخ به هر معما در امتیاز حساب می‌شود.",
    # --- the daily puzzle -----------------------------------------------------------------------------------
    "puzzle.daily.post": "🧩 **معمای روز** ({puzzle}). دکمه را بزنید تا آن را به‌طور خصوصی حل کنید.",
    "puzzle.daily.on": "معمای روز هر روز ساعت {hour} به وقت \u2068UTC\u2069 در {channel} گذاشته می‌شود؛ بعدی {when}.",
    "puzzle.daily.off": "معمای روز اکنون در این سرور خاموش است.",
    "puzzle.daily.was_off": "معمای روز اینجا روشن نبود؛ چیزی تغییر نکرد.",
    # --- refusals -------------------------------------------------------------------------------------------
    "puzzle.error.unknown": "معمایی با نام {puzzle} وجود ندارد.",
    "puzzle.error.none": "هنوز معمایی وجود ندارد.",
    "puzzle.error.not_yours": "این معمای شما نیست. معمای خودتان را با \u2068/wc puzzle\u2069 شروع کنید.",
    "puzzle.error.answered": "به این معما همین حالا پاسخ داده شد. آخرین پاسخ را ببینید.",
    "puzzle.error.finished": "این معما را تمام کرده‌اید. معمای دیگری را با \u2068/wc puzzle\u2069 شروع کنید.",
    "puzzle.error.stale": "این فهرست کهنه است. دوباره با \u2068/wc puzzle\u2069 شروع کنید.",
    "puzzle.error.no_attempt": "اکنون در حال حل معمایی نیستید. یکی را با \u2068/wc puzzle\u2069 شروع کنید.",
    "puzzle.error.bad_hour": "ساعت باید عددی درست از ۰ تا ۲۳ باشد (به وقت \u2068UTC\u2069).",
    "puzzle.error.guild_only": "معمای روز در کانالی از یک سرور راه‌اندازی می‌شود.",
    "puzzle.error.manage_server": "فقط اعضایی که اجازهٔ مدیریت سرور دارند می‌توانند معمای روز را راه‌اندازی کنند.",
}
