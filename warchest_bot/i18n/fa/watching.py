"""Persian messages: the translation of `warchest_bot.i18n.en.watching` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- clock policies -------------------------------------------------------------------------------------
    "error.bad_increment": (
        "افزایش و سقف آن باید ساعت‌های کامل باشند، حداکثر {days} روز؛ سقف دست‌کم برابر وقت آغاز است و "
        "سقف فقط همراه با افزایش معنا دارد."
    ),
    "error.clock_terms_need_clock": (
        "افزایش، سقف و ساعت‌های بازی بخشی از ساعت بازی‌اند: \u2068clock\u2069 یا \u2068clock_hours\u2069 "
        "را هم انتخاب کنید."
    ),
    "bot.challenge.increment": "ساعت: {time} برای آغاز، پس از هر نوبت {increment} بیشتر، حداکثر {cap}.",
    "bot.challenge.playing_hours": (
        "ساعت هر بازیکن در ساعت‌های سکوتش می‌ایستد (تنظیم در \u2068/wc my settings\u2069)."
    ),
    "bot.clock.bank": "{player} برای این نوبت {bank} وقت دارد.",
    # --- digest mode ----------------------------------------------------------------------------------------
    "error.bad_digest": "حالت خلاصه را می‌توان روشن یا خاموش کرد.",
    "bot.settings.digest_on": (
        "حالت خلاصه: پس از هر حرکت تصویر دست نمی‌آید؛ وقتی نوبت شماست، یک پیام خصوصی متنی با دکمه‌هایی "
        "برای تصویرها می‌آید."
    ),
    "bot.settings.digest_off": (
        "حالت خلاصه خاموش است: دست شما پس از هر حرکت به‌صورت تصویر می‌آید (⁨digest:true⁩ آن را عوض می‌کند)."
    ),
    "digest.since": "از حرکت قبلی شما: {steps}",
    "digest.hand": "دست شما به زبان متن: {hand}",
    # --- following ------------------------------------------------------------------------------------------
    "error.follow_what": "یک بازی یا یک بازیکن را برای دنبال کردن نام ببرید.",
    "error.follow_choices": (
        "هر نوبت یا فقط نتیجه‌ها را دنبال کنید، با پیام خصوصی یا با نام بردن در رشتهٔ بازی."
    ),
    "error.follow_self": "نمی‌توانید خودتان را دنبال کنید: ربات دربارهٔ بازی‌های خودتان به شما خبر می‌دهد.",
    "error.follow_limit": (
        "شما همین حالا {limit} بازی و بازیکن را دنبال می‌کنید. اول دنبال کردن یکی را متوقف کنید "
        "(\u2068/wc my unfollow\u2069)."
    ),
    "error.not_following": "آن را دنبال نمی‌کنید. \u2068/wc my follow\u2069 فهرست دنبال‌شده‌هایتان را نشان می‌دهد.",
    "error.not_a_follower": "فقط بازیکنان بازی #{game_id} و دنبال‌کنندگانش می‌توانند صفحهٔ آن را از اینجا ببینند.",
    "follow.how.dm": "با پیام خصوصی",
    "follow.how.mention": "با نام بردن در رشتهٔ بازی",
    "follow.mode.turns": "هر نوبت و نتیجه",
    "follow.mode.results": "فقط نتیجه",
    "follow.done.game": "بازی #{game_id} را دنبال می‌کنید: {mode}، {how}.",
    "follow.done.player": "{player} را در بازی‌هایش در این سرور دنبال می‌کنید: {mode}، {how}.",
    "follow.stopped.game": "دیگر بازی #{game_id} را دنبال نمی‌کنید.",
    "follow.stopped.player": "دیگر {player} را دنبال نمی‌کنید.",
    "follow.list.title": "دنبال می‌کنید:",
    "follow.list.none": (
        "هیچ بازی و بازیکنی را دنبال نمی‌کنید. با \u2068/wc my follow game:…\u2069 یا "
        "\u2068player:…\u2069 یکی را دنبال کنید."
    ),
    "follow.list.game": "بازی #{game_id}: {mode}، {how}.",
    "follow.list.player": "{player}: {mode}، {how}.",
    "followers.none": "کسی بازی #{game_id} را دنبال نمی‌کند.",
    "followers.list": "دنبال‌کنندگان بازی #{game_id}: {followers}.",
    # --- what followers are told ------------------------------------------------------------------------------
    "notice.follow.start": "بازی #{game_id} ({game}) آغاز شد: {players}. {place}",
    "notice.follow.turn": "بازی #{game_id} ({game}): اکنون نوبت {player} است. {place}",
    "notice.follow.end": "بازی #{game_id} ({game}) تمام شد. {result} {place}",
    "notice.follow.mention": "برای دنبال‌کنندگان {followers}: {notice}",
    "notice.follow.stop": "این بازی را دنبال می‌کنید؛ \u2068/wc my unfollow\u2069 آن را متوقف می‌کند.",
    "bot.button.see_board": "صفحه",
}
