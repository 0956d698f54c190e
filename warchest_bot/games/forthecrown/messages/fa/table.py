"""Persian messages: the translation of `warchest_bot.games.forthecrown.messages.en.table` (same keys, same
placeholders)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "forthecrown.admin.table_current": (
        "بازی‌های تازه‌ی «برای تاج» در این سرور با جدول کارت‌های «{table}» انجام می‌شوند ({cards} کارت، بارگذاری‌شده "
        "به دست یکی از مدیران سرور). هر بازی جدولی را که با آن آغاز شده نگه می‌دارد."
    ),
    "forthecrown.admin.table_shipped": (
        "بازی‌های تازه‌ی «برای تاج» در این سرور با جدول کارت‌های همراه ربات انجام می‌شوند (ارزش‌های خانگی با * "
        "نشان داده شده‌اند). مدیر سرور می‌تواند جدول دیگری بارگذاری کند: \u2068/wc admin card_table file:\u2069 با "
        "یک جدول \u2068JSON\u2069 (\u2068docs/for-the-crown.md\u2069)."
    ),
    "forthecrown.admin.table_loaded": (
        "جدول کارت‌های «{table}» بارگذاری شد ({cards} کارت). بازی‌های تازه‌ی «برای تاج» در این سرور با آن انجام "
        "می‌شوند؛ بازی‌های در جریان جدول خودشان را نگه می‌دارند. بازیکنانی که جدول همراه ربات را می‌خواهند در "
        "تنظیمات \u2068/wc new\u2069 بنویسند \u2068table=standard\u2069."
    ),
    "forthecrown.admin.table_removed": (
        "جدول کارت‌های این سرور برداشته شد: بازی‌های تازه‌ی «برای تاج» دوباره با جدول همراه ربات انجام می‌شوند."
    ),
    "forthecrown.table.bad_entry": "این جدول کارت‌ها بازی‌شدنی نیست: بخش {field} آن مقدار {value} دارد.",
    "forthecrown.table.not_json": "این پرونده جدول کارت‌ها نیست: جدول کارت‌ها یک شیء \u2068JSON\u2069 در متن \u2068UTF-8\u2069 است.",
    "forthecrown.table.missing_card": "دسته‌های آغازین به کارت {card} نیاز دارند، و جدول کارتی با این شناسه ندارد.",
    "forthecrown.table.too_few": "جدول کارت‌ها برای ذخیره دست‌کم {n} کارت متغیر (نقش \u2068variable\u2069) لازم دارد.",
}
