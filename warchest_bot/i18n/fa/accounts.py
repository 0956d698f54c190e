"""Persian messages: the translation of `warchest_bot.i18n.en.accounts` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- settings -----------------------------------------------------------------------------------------
    "error.bad_preferences": "این تنظیمات معتبر نیستند.",
    "error.bad_notify": "اعلان‌ها از این راه‌ها فرستاده می‌شوند: {choices}.",
    "error.bad_reminders": "زمان‌های یادآوری باید کسرهایی از وقت نوبت بین ۰ و ۱ باشند، حداکثر {limit} عدد.",
    "error.bad_timezone": (
        "منطقهٔ زمانی «{timezone}» را نمی‌شناسم. نامی مثل \u2068Asia/Tehran\u2069 یا \u2068Europe/Berlin\u2069 بنویسید."
    ),
    "error.bad_quiet_hours": "ساعت‌های سکوت را با زمان شروع و پایان بنویسید، مثل \u206822:00-07:30\u2069.",
    "error.bad_hand_dms": "پیام‌های دست را فقط می‌شود روشن یا خاموش کرد.",
    "error.bad_text_board": "صفحهٔ متنی را فقط می‌شود روشن یا خاموش کرد.",
    "error.bad_preference_key": "تنظیماتی که می‌توانید تغییر دهید: {keys}.",
    "bot.settings.title": "تنظیمات شما:",
    "bot.settings.updated": "تنظیمات شما ذخیره شد:",
    "bot.settings.notify": "یادآوری‌ها از این راه به شما می‌رسند: {notify}.",
    "bot.settings.notify.dm": "پیام خصوصی",
    "bot.settings.notify.mention": "منشن در رشتهٔ بازی",
    "bot.settings.notify.both": "پیام خصوصی و منشن در رشتهٔ بازی",
    "bot.settings.reminders": "یادآوری پس از گذشت {shares} از وقت نوبت شما.",
    "bot.settings.no_reminders": "بدون یادآوری.",
    "bot.settings.quiet": "ساعت‌های سکوت: {quiet} ({timezone}).",
    "bot.settings.no_quiet": "بدون ساعت‌های سکوت (منطقهٔ زمانی {timezone}).",
    "bot.settings.hand_on": "دست شما در هر بازی (آنچه فقط شما می‌بینید) پس از هر حرکت با پیام خصوصی می‌آید.",
    "bot.settings.hand_off": (
        "دست شما در هر بازی (آنچه فقط شما می‌بینید) با پیام خصوصی نمی‌آید؛ از \u2068/wc hand\u2069 استفاده کنید."
    ),
    "bot.settings.text_board_on": "صفحه‌هایی که می‌خواهید و پیام‌های دستتان به‌صورت متن هم می‌آیند.",
    "bot.settings.text_board_off": (
        "صفحه‌ها به‌صورت تصویر (با متن جایگزین) می‌آیند؛ \u2068/wc board text:true\u2069 صفحه را به‌صورت "
        "متن نشان می‌دهد."
    ),
    "bot.settings.bad_reminders": (
        "زمان‌های یادآوری را به‌صورت درصدی از وقت نوبت بنویسید، مثل \u206850, 90\u2069 (یا \u2068off\u2069)."
    ),
    # --- direct messages ----------------------------------------------------------------------------------
    "bot.dm.closed": (
        "نمی‌توانم به شما پیام خصوصی بفرستم، پس دست شما در بازی‌ها (آنچه فقط شما می‌بینید) با پیام خصوصی "
        "نمی‌آید. هر وقت خواستید، در سرور از \u2068/wc hand\u2069 استفاده کنید تا آن را به‌طور خصوصی ببینید."
    ),
    "bot.dm.reopened_hand": (
        "دوباره می‌توانم به شما پیام خصوصی بفرستم: دست شما در بازی #{game_id} در پیام‌های خصوصی‌تان است و "
        "از این پس دست‌ها با پیام خصوصی می‌آیند."
    ),
    # --- languages (issue 14: the user's and the server's language; lang helper) -------------------------
    "language.en": "انگلیسی",
    "language.fa": "فارسی",
    "bot.settings.language": "زبان پیام‌هایی که ربات برای شما می‌فرستد: {language}.",
    "error.bad_language": "این زبان در دسترس نیست. زبان‌های ربات: {choices}.",
    "bot.server.language": "پیام‌های عمومی این سرور (رشته‌های بازی، صفحه‌ها، اعلان‌ها) به زبان {language} است.",
    "bot.server.language_set": (
        "از این پس پیام‌های عمومی این سرور (رشته‌های بازی، صفحه‌ها، اعلان‌ها) به زبان {language} خواهد بود. "
        "هر عضو زبان پیام‌هایی را که برایش فرستاده می‌شود با \u2068/wc my settings language:\u2069 انتخاب می‌کند."
    ),
    "bot.server.not_admin": "فقط عضوی که مجوز \u2068Manage Server\u2069 (مدیریت سرور) دارد می‌تواند زبان این سرور را انتخاب کند.",
    "bot.server.only_in_server": "زبان یک سرور را فقط در همان سرور می‌توان انتخاب کرد.",
    "bot.help.language": (
        "زبان: با \u2068/wc my settings language:\u2069 زبان پیام‌هایی را که ربات برای شما می‌فرستد انتخاب کنید "
        "(فارسی یا انگلیسی)؛ مدیران سرور زبان پیام‌های عمومی را با \u2068/wc admin server language:\u2069 انتخاب می‌کنند."
    ),
    # --- end of languages ----------------------------------------------------------------------------------
    # --- card tables (/wc admin card_table; each game's own words about its table are in its folder) ----
    "bot.card_table.refused": "چیزی تغییر نکرد. {reason}",
    "bot.card_table.not_admin": "تنها مدیر سرور (با اجازه‌ی \u2068Manage Server\u2069) می‌تواند جدول کارت‌های این سرور را تغییر دهد.",
    "bot.card_table.too_big": "این پرونده برای جدول کارت‌ها بیش از اندازه بزرگ است ({size} بایت؛ دست‌بالا {limit}).",
    "bot.card_table.unreadable": "نتوانستم پرونده را بخوانم: {filename}.",
    "bot.card_table.bad": "این پرونده جدول کارتی نیست که بتوان با آن بازی کرد.",
    "bot.card_table.none": "{game} جدول کارتی ندارد که سرور بتواند بارگذاری کند. بازی‌هایی که دارند: {games}.",
    "bot.card_table.which": "چند بازی جدول کارت دارند: با \u2068game:\u2069 بگویید کدام ({games}).",
}
