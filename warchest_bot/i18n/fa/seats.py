"""Persian messages: the translation of `warchest_bot.i18n.en.seats` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- announcements in the game's place ------------------------------------------------------------
    "seat.announce.autopilot": (
        "{player} در بازی #{game_id} {missed} مهلت پشت سر هم را از دست داد: از این پس بات به جای او بازی "
        "می‌کند، فقط از دید همان جایگاه، تا بازی ادامه پیدا کند. هر فرمانی از او در این بازی جایگاهش را "
        "به او برمی‌گرداند. این بازی دیگر در رده‌بندی حساب نمی‌شود."
    ),
    "seat.announce.returned": "{player} به بازی #{game_id} برگشت و دوباره خودش بازی می‌کند.",
    "seat.announce.returned_turn": ("{player} به بازی #{game_id} برگشت و دوباره خودش بازی می‌کند. نوبت اوست."),
    "seat.announce.rule": (
        "{player} خلبان خودکار بازی #{game_id} را تنظیم کرد: بات به جای بازیکنی که {count} مهلت پشت سر هم "
        "را از دست بدهد بازی می‌کند، تا وقتی که برگردد."
    ),
    "seat.announce.rule_off": "{player} خلبان خودکار بازی #{game_id} را خاموش کرد: بات به جای هیچ‌کس بازی نمی‌کند.",
    "seat.announce.offer_hand": (
        "{holder} جایگاهش در بازی #{game_id} را به {newcomer} پیشنهاد می‌کند. {newcomer}، برای بازی کردن "
        "از این پس «پذیرفتن» را بزنید، یا «نپذیرفتن»."
    ),
    "seat.announce.offer_replace": (
        "{by} می‌خواهد در بازی #{game_id} {newcomer} جای {holder} را بگیرد. بازیکنان دیگر «موافقم» را "
        "می‌زنند (در انتظار {waiting})، و {newcomer} برای بازی کردن «پذیرفتن» را می‌زند، یا «نپذیرفتن»."
    ),
    "seat.announce.offer_agreed": (
        "{by} می‌خواهد در بازی #{game_id} {newcomer} جای {holder} را بگیرد، و همهٔ بازیکنان دیگر موافق‌اند. "
        "{newcomer}، برای بازی کردن از این پس «پذیرفتن» را بزنید، یا «نپذیرفتن»."
    ),
    "seat.announce.offer_admin": (
        "یکی از مدیران سرور می‌خواهد در بازی #{game_id} {newcomer} جای {holder} را بگیرد. {newcomer}، برای "
        "بازی کردن از این پس «پذیرفتن» را بزنید، یا «نپذیرفتن»."
    ),
    "seat.announce.declined": "{player} نپذیرفت: جایگاه {holder} در بازی #{game_id} همان‌طور که هست می‌ماند.",
    "seat.announce.handed": "از این پس {newcomer} در بازی #{game_id} جایگاهی را بازی می‌کند که {holder} به او سپرد.",
    "seat.announce.replaced": "از این پس {newcomer} در بازی #{game_id} به جای {holder} بازی می‌کند.",
    "seat.turn_autopilot": "بات در بازی #{game_id} به جای {player} بازی می‌کند و دارد فکر می‌کند.",
    "seat.button.accept": "پذیرفتن",
    "seat.button.decline": "نپذیرفتن",
    "seat.button.agree": "موافقم",
    # --- private answers ------------------------------------------------------------------------------
    "seat.answer.rule": "بازی #{game_id}: از این پس بات به جای بازیکنی که {count} مهلت پشت سر هم را از دست بدهد بازی می‌کند.",
    "seat.answer.rule_off": "بازی #{game_id}: بات به جای هیچ‌کس بازی نمی‌کند.",
    "seat.answer.rules": (
        "بازی #{game_id}: بات به جای بازیکنی که {autopilot} مهلت پشت سر هم را از دست بدهد بازی می‌کند "
        "(۰: هرگز)، و بازیکنی که {replace} مهلت را از دست داده باشد می‌تواند جایگزین شود."
    ),
    "seat.answer.offered": (
        "جایگاهتان در بازی #{game_id} را به {newcomer} پیشنهاد کردید؛ او در محل بازی می‌پذیرد یا نمی‌پذیرد."
    ),
    "seat.answer.replace_asked": "درخواست ثبت شد. هنوز باید موافقت کنند: {waiting}. سپس {newcomer} باید بپذیرد.",
    "seat.answer.replace_ready": "همهٔ بازیکنان موافقت کردند: حالا {newcomer} باید بپذیرد.",
    "seat.answer.waiting": "ثبت شد. هنوز در انتظار {waiting}.",
    "seat.answer.done": "انجام شد: از این پس {newcomer} در بازی #{game_id} این جایگاه را بازی می‌کند.",
    "seat.answer.declined": "پیشنهاد جایگاه در بازی #{game_id} پس گرفته شد.",
    "seat.answer.server": (
        "در این سرور، در بازی‌هایی که قاعدهٔ خودشان را ندارند، بات به جای بازیکنی که {autopilot} مهلت پشت "
        "سر هم را از دست بدهد بازی می‌کند (۰: هرگز)، و بازیکنی که {replace} مهلت را از دست داده باشد "
        "می‌تواند جایگزین شود."
    ),
    # --- refusals -------------------------------------------------------------------------------------
    "seat.error.bad_count": "تعداد مهلت‌های از دست رفته باید عددی صحیح از {low} تا {high} باشد.",
    "seat.error.no_ai": "بازی #{game_id} بازیکن رایانه‌ای ندارد، پس بات نمی‌تواند در آن به جای کسی بازی کند.",
    "seat.error.newcomer_seated": "این شخص همین حالا در بازی #{game_id} بازی می‌کند: کسی را انتخاب کنید که در بازی نیست.",
    "seat.error.target_not_seated": "این شخص در بازی #{game_id} بازی نمی‌کند.",
    "seat.error.replace_yourself": (
        "نمی‌توانید در بازی #{game_id} خودتان را جایگزین کنید؛ به جای آن با \u2068/wc seat hand\u2069 "
        "جایگاهتان را به کس دیگری بسپارید."
    ),
    "seat.error.not_silent": (
        "{player} در بازی #{game_id} {missed} مهلت پشت سر هم را از دست داده است؛ بازیکن پس از {count} مهلت "
        "می‌تواند جایگزین شود."
    ),
    "seat.error.no_offer": "دیگر پیشنهادی برای این جایگاه در بازی #{game_id} در کار نیست.",
    "seat.error.not_yours": "پاسخ این پیشنهاد در بازی #{game_id} با شما نیست.",
    "seat.error.not_admin": "فقط عضوی که مجوز \u2068Manage Server\u2069 (مدیریت سرور) دارد می‌تواند این کار را بکند.",
    "seat.error.bot_user": "یک بات نمی‌تواند این‌گونه جایگاهی بگیرد: یک شخص را انتخاب کنید.",
    # --- the history ----------------------------------------------------------------------------------
    "seat.history.title": "جایگاه‌هایی که دست به دست شدند:",
    "seat.history.tenure": "جایگاه {seat}: {player}، حرکت‌های {first} تا {last}.",
    "seat.history.tenure_open": "جایگاه {seat}: {player}، از حرکت {first} به بعد.",
    "seat.history.tenure_none": "جایگاه {seat}: {player}، بدون حرکت.",
    "seat.history.tenure_bot": "جایگاه {seat}: بات به جای {player}، حرکت‌های {first} تا {last}.",
    "seat.history.tenure_bot_open": "جایگاه {seat}: بات به جای {player}، از حرکت {first} به بعد.",
    "seat.history.bot_name": "بات (به جای {player})",
}
