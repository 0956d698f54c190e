"""Persian messages: the translation of `warchest_bot.i18n.en.conditionals` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "conditional.played": "{player} این حرکت را به‌عنوان حرکت شرطی بازی کرد: {action}.",
    "conditional.arrow": " → ",
    "conditional.line": "خط {number}: {moves}",
    "conditional.added": (
        "در بازی #{game_id} ذخیره شد (به نوبت: حرکت او، سپس پاسخ شما). {line}. کس دیگری آن را نمی‌بیند: "
        "اگر او همان حرکت را بازی کند، پاسخ شما بی‌درنگ بازی می‌شود؛ اگر بازی راه دیگری برود، این خط لغو "
        "می‌شود."
    ),
    "conditional.cancelled": "خط‌های شرطی لغوشدهٔ شما در بازی #{game_id}: {count}.",
    "conditional.none_cancelled": "در بازی #{game_id} هیچ خط شرطی‌ای برای لغو ندارید.",
    "conditional.list.none": (
        "در بازی #{game_id} هیچ خط شرطی‌ای ندارید. وقتی نوبت حریف است یکی بگذارید: "
        "\u2068/wc my conditional line:\u2069 حرکت او؛ پاسخ شما"
    ),
    "conditional.list.title": (
        "خط‌های شرطی شما در بازی #{game_id}، به نوبت حرکت او و پاسخ شما (فقط خودتان آن‌ها را می‌بینید):"
    ),
    "conditional.error.not_this_game": (
        "بازی #{game_id} ({game}) حرکت شرطی ندارد. این حرکت‌ها فقط در بازی‌هایی هستند که در آن‌ها چیزی پنهانی "
        "کشیده یا نگه داشته نمی‌شود: جایی که یک نوبت سکه یا کارت می‌کشد، پاسخی که از پیش انتخاب شده نمی‌تواند "
        "ببیند آن کشیدن چه آورده است."
    ),
    "conditional.error.your_turn": (
        "در بازی #{game_id} نوبت شماست: حرکتتان را بکنید. خط‌های شرطی را وقتی می‌گذارند که نوبت حریف است."
    ),
    "conditional.error.shape": (
        "یک خط شرطی یعنی حرکت او و پاسخ شما که با ';' از هم جدا شده‌اند، و اگر بخواهید جفت‌های بیشتری پس از آن "
        "(روی هم حداکثر {most} حرکت)، هر کدام به نمادگذاری همان بازی."
    ),
    "conditional.error.ends": (
        "خط شما در حرکت {number} نمی‌تواند ادامه یابد: آنجا بازی تمام شده است یا حرکت‌هایش آشکار نیستند "
        "(بازی #{game_id})."
    ),
    "conditional.error.order": (
        "حرکت {number} خط شما برای بازیکن درستی نیست: یک خط به نوبت حرکت او و پاسخ شما است و با حرکت او "
        "آغاز می‌شود (بازی #{game_id})."
    ),
    "conditional.error.move": "حرکت {number} خط شما ({move}) در آن نقطه از بازی #{game_id} حرکت مجازی نیست.",
    "conditional.error.too_many": (
        "شما هم‌اکنون {most} خط شرطی در بازی #{game_id} دارید: نخست یکی را لغو کنید."
    ),
    "conditional.error.no_line": (
        "در بازی #{game_id} خط شرطی {number} ندارید؛ \u2068/wc my conditional\u2069 خط‌های شما را فهرست می‌کند."
    ),
}
