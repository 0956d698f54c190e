"""Persian messages of game records: exporting a game and importing one (see `warchest_bot.i18n.en.records`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "error.record_unsupported": "بازی #{game_id} را نمی‌شود بیرون برد: این بازی هنوز قالب پرونده ندارد.",
    "error.bad_record": "این فایل پروندهٔ بازی‌ای نیست که بشود وارد کرد.",
    "error.record_not_ended": (
        "فقط پروندهٔ بازی‌ای که تمام شده وارد می‌شود: بازیِ در جریان بخش‌های پنهان و بذر خود را در "
        "پرونده‌اش نمی‌گذارد."
    ),
    "error.record_unknown_game": "این پرونده از بازی {game} است که این ربات نمی‌تواند واردش کند.",
    "error.record_too_long": "این پرونده برای وارد کردن بیش از حد بلند است (حداکثر {limit} نویسه).",
    "bot.export.complete": (
        "پروندهٔ بازی #{game_id}: همهٔ حرکت‌ها و بذر، تا هر کسی بتواند آن را دوباره اجرا کند و هر "
        "قرعه را وارسی کند."
    ),
    "bot.export.public": (
        "پروندهٔ بازی #{game_id} تا اینجا: فقط آنچه همه می‌توانند ببینند (بی دست، بی کیسه، بی بذر) تا "
        "وقتی که تمام شود."
    ),
    "bot.export.json": "بازی #{game_id} به صورت دادهٔ \u2068JSON\u2069.",
    "bot.export.mine": (
        "بازی‌های شما به صورت دادهٔ \u2068JSON\u2069 ({count} بازی؛ بازی‌های در جریان فقط آنچه همه "
        "می‌توانند ببینند را نشان می‌دهند)."
    ),
}
