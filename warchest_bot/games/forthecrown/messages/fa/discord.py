"""Persian messages: the translation of `warchest_bot.games.forthecrown.messages.en.discord` (same keys,
same placeholders)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "forthecrown.rules": (
        "برای تاج، بازی ساختن عرشه روی صفحه‌ی ۸×۸: هر بازیکن با یک شاه در \u2068e1\u2069 یا \u2068e8\u2069 و "
        "عرشه‌ای از ۶ رعیت و ۴ نگهبان آغاز می‌کند و ۵ کارت برمی‌دارد. هر نوبت سه مرحله دارد. فرمان (در آغاز ۱): "
        "با یک یگان پیش بروید یا حمله کنید (هر یگان یک بار در نوبت)، یگانی را از پادگان به ردیف اولتان بیاورید، "
        "یا کارتی را برای فرمانش بازی کنید. کنش (در آغاز ۱): کارت‌ها را برای کنششان بازی کنید؛ کنش آموزش کارت را "
        "دور می‌ریزد و یگانش را به پادگان شما می‌برد. خرید: گنج‌ها را برای طلا بازی کنید، سپس از ذخیره کارت بخرید "
        "که به کنارگذاشته‌هایتان می‌رود. آنگاه همه را کنار بگذارید و ۵ کارت بردارید. در پایان نوبتی که طرف مقابل "
        "فرمانروایی روی صفحه ندارد برنده‌اید. \u2068/wc rules game:forthecrown topic:\u2069 همه‌ی مرحله‌ها و همه‌ی "
        "کارت‌ها را دارد (* یعنی مقدار خانگی)."
    ),
    "bot.game.begins.forthecrown": "بازی #{game_id} آغاز می‌شود: {side_a} (سفید، نفر اول) در برابر {side_b} (سیاه).",
    "bot.hand.title.forthecrown": "دست شما در بازی #{game_id}: کارت‌هایتان، منابعتان و آنچه اکنون می‌توانید بکنید.",
    "bot.play.more_actions.forthecrown": (
        "… {count} مورد دیگر: یک یگان (مثلاً \u2068Kn\u2069)، یک خانه (مثلاً \u2068d4\u2069) یا یک کارت "
        "(مثلاً \u2068play tower\u2069) بنویسید تا فهرست کوتاه شود"
    ),
    "error.unparseable.forthecrown": (
        "«{action}» را نمی‌توانم بخوانم. کنش‌ها را این‌گونه بنویسید: «\u2068Pa e2-e4\u2069»، "
        "«\u2068deploy Ro d1\u2069»، «\u2068play tower gold\u2069»، «\u2068buy heir\u2069» یا «\u2068end\u2069»."
    ),
    "error.empty_action.forthecrown": (
        "یک کنش بنویسید، مثلاً «\u2068Pa e2-e4\u2069»، «\u2068play tower gold\u2069»، «\u2068buy heir\u2069» "
        "یا «\u2068end\u2069»."
    ),
    "error.long_action.forthecrown": (
        "این برای یک کنش بیش از حد بلند است (حداکثر {limit} نویسه). کنش‌ها را این‌گونه بنویسید: "
        "«\u2068Kn b1-c3\u2069» یا «\u2068play stables stables_march Kn b1-c3-d5\u2069»."
    ),
    "bot.kind.ftc_order": "فرمان به یک یگان",
    "bot.kind.ftc_play": "بازی کردن یک کارت",
    "bot.kind.ftc_buy": "خریدن یک کارت",
    "bot.kind.ftc_decide": "تصمیم",
    "bot.kind.ftc_setup": "آماده‌سازی",
    "bot.kind.ftc_close": "پایان مرحله",
    "forthecrown.phrase.order": "{unit} {move}",
    "forthecrown.phrase.deploy": "یک {unit} را در {square} مستقر کرد",
    "forthecrown.phrase.play": "{card} ({kind})",
    "forthecrown.phrase.play_card": "{card} ({kind}): {choice}",
    "forthecrown.phrase.play_with": "{card} ({kind}): {choices}",
    "forthecrown.phrase.play_revealed": "{card} ({kind}): {choices}، و {revealed} روی عرشه‌ی حریف رو شد",
    "forthecrown.phrase.train": "{card}: یک {unit} آموزش داد",
    "forthecrown.phrase.train_many": "{card}: {count} × {unit} آموزش داد",
    "forthecrown.phrase.buy": "{card} را خرید",
    "forthecrown.phrase.end_turn": "نوبت را تمام کرد",
    "forthecrown.phrase.topdeck": "کارتی از دست را به روی عرشه برگرداند",
    "forthecrown.phrase.topdeck_own": "{card} را به روی عرشه برگرداند",
    "forthecrown.phrase.keep": "کارت‌ها را همان‌گونه نگه داشت",
    "forthecrown.phrase.discard": "{card} را کنار گذاشت",
    "forthecrown.phrase.reveal_trash": "{card} رو‌شده را دور ریخت",
    "forthecrown.phrase.reveal_keep": "{card} رو‌شده را روی عرشه گذاشت",
    "forthecrown.phrase.promote": "یگان را به {unit} ارتقا داد",
    "forthecrown.phrase.promote_none": "یگان را همان‌گونه نگه داشت",
    "forthecrown.phrase.trash": "{card} را دور ریخت",
    "forthecrown.phrase.trash_morph": "{card} را دور ریخت و یک {unit} را به {into} تبدیل کرد",
    "forthecrown.phrase.trash_gain": "{card} را دور ریخت و {gain} را گرفت",
    "forthecrown.phrase.choose": "{card} را برای ذخیره برگزید",
    "forthecrown.phrase.recruit": "{count} × {unit} سرباز گرفت ({card})",
    "forthecrown.phrase.crown": "{unit} را در {square} تاج‌گذاری کرد",
}
