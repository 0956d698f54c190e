"""Persian messages: the translation of `warchest_bot.i18n.en.review` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- the command and its progress ---------------------------------------------------------------------
    "bot.review.progress": "در حال بررسی بازی #{game_id}: حرکت {done} از {total}…",
    "bot.review.elsewhere": "بررسی بازی #{game_id} در {place} انجام می‌شود.",
    "bot.review.title": (
        "بررسی بازی #{game_id}. هوش مصنوعی هر تصمیم را از دید خودِ بازیکنی که تصمیم گرفت دوباره بازی کرد و"
        " پس از هر حرکت، شانس برد را تخمین زد."
    ),
    "bot.review.none_marked": "هوش مصنوعی هیچ حرکتی نیافت که {points} امتیاز از شانس برد را از دست بدهد.",
    "bot.review.marked": "نیم‌حرکت {ply}، {player} {played} را بازی کرد: {points} امتیاز از شانس برد از دست رفت (از {before}٪ به {after}٪). هوش مصنوعی {best} را ترجیح می‌داد.",
    "bot.review.numbered": "{number}. {line}",
    "bot.review.failed": "بررسی بازی #{game_id} انجام نشد؛ لطفاً بعداً دوباره امتحان کنید.",
    "bot.review.picture_caption": "شانس برد در طول بازی، با شمارهٔ حرکت‌های علامت‌خورده.",
    # --- refusals ---------------------------------------------------------------------------------------------
    "error.review_not_finished": "بازی #{game_id} هنوز تمام نشده است: پس از پایان آن می‌توان بررسی‌اش کرد.",
    "error.review_not_player": "فقط بازیکنان بازی #{game_id} می‌توانند بررسی آن را درخواست کنند.",
    "error.review_unsupported": "بازی‌های {game} را نمی‌توان بررسی کرد: بازیکن رایانه‌ای آن شانس برد نمی‌دهد.",
    "error.review_running": "بررسی قبلی شما هنوز در حال انجام است: پیش از درخواست بررسی دیگر، صبر کنید.",
    "error.review_in_progress": "بازی #{game_id} همین حالا در حال بررسی است: بررسی آن به‌زودی می‌آید.",
    "error.review_busy": "ربات هم‌اکنون {limit} بررسی در دست دارد: لطفاً چند دقیقهٔ دیگر دوباره درخواست کنید.",
    "error.limit_reviews_per_hour": (
        "شما در هر ساعت می‌توانید {limit} بررسی تازه درخواست کنید: لطفاً بعداً دوباره درخواست کنید"
        " (بررسی‌هایی که قبلاً انجام شده‌اند بی‌درنگ نشان داده می‌شوند)."
    ),
    # --- the picture -----------------------------------------------------------------------------------------
    "review.picture.title": "بازی #{game_id}: شانس برد پس از هر حرکت",
    "review.picture.axis": "نیم‌حرکت",
    "review.picture.alt": (
        "نموداری از شانس برد در بازی #{game_id} در طول {plies} نیم‌حرکت، آن‌گونه که هوش مصنوعی پس از هر"
        " حرکت تخمین زد: {first} زیر خط، {second} بالای آن. {count} حرکت پرهزینه با شماره علامت خورده و"
        " در پیام فهرست شده‌اند."
    ),
    "review.picture.alt_none": (
        "نموداری از شانس برد در بازی #{game_id} در طول {plies} نیم‌حرکت، آن‌گونه که هوش مصنوعی پس از هر"
        " حرکت تخمین زد: {first} زیر خط، {second} بالای آن. هیچ حرکتی آن‌قدر هزینه نداشت که علامت بخورد."
    ),
    # --- why the preferred move is better (one sentence each) -------------------------------------------------
    "review.why.win": "این حرکت بی‌درنگ بازی را می‌برد.",
}
