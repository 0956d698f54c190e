"""Persian messages: the translation of `warchest_bot.i18n.en.ai` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- levels and seat names ----------------------------------------------------------------------------
    "bot.ai.level.easy": "آسان",
    "bot.ai.level.normal": "معمولی",
    "bot.ai.level.hard": "سخت",
    "bot.ai.seat_name": "{bot} ({level})",
    "bot.ai.seat_name_numbered": "{bot} {number} ({level})",
    "error.bad_ai_level": "هوش مصنوعی‌ای با این سطح وجود ندارد. سطح‌ها: {choices}.",
    # --- starting a game against the bot ------------------------------------------------------------------
    "bot.ai.starting": "بازی #{game_id}: {player} در برابر ربات ({level}). در حال چیدن صفحه…",
    "bot.ai.started": "بازی #{game_id} در برابر ربات ({level}) در {place} شروع شد: {players}.",
    "bot.error.ai_humans": (
        "بازی در برابر ربات فقط میان شما و ربات است: بازیکنان دیگر را ننویسید، یا بدون گزینهٔ \u2068ai\u2069 "
        "از آن‌ها دعوت کنید."
    ),
    "bot.error.ai_clock": (
        "بازی‌های در برابر ربات ساعت بازی ندارند (ربات بی‌درنگ پاسخ می‌دهد): گزینه‌های \u2068clock\u2069 و "
        "\u2068clock_hours\u2069 را ننویسید."
    ),
    # --- while playing ------------------------------------------------------------------------------------
    "bot.move.turn_ai": "{player} در بازی #{game_id} دارد به حرکت بعدی‌اش فکر می‌کند.",
    "bot.ai.failed": (
        "ربات نتوانست در بازی #{game_id} حرکتش را انجام دهد. بازی تغییری نکرده است؛ ربات پس از راه‌اندازی "
        "دوباره، باز تلاش می‌کند."
    ),
}
