"""Persian messages: the translation of `warchest_bot.games.forthecrown.messages.en.play` (same keys, same
placeholders)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "title.forthecrown": "برای تاج",
    "forthecrown.phase.supply": "انتخاب ذخیره‌ی کارت‌ها",
    "forthecrown.phase.stand": "سربازگیری",
    "forthecrown.phase.crown": "تاج‌گذاری",
    "forthecrown.phase.order": "مرحله‌ی فرمان",
    "forthecrown.phase.action": "مرحله‌ی کنش",
    "forthecrown.phase.buy": "مرحله‌ی خرید",
    "forthecrown.phase.over": "پایان بازی",
    "forthecrown.pool.orders": "فرمان: {n}",
    "forthecrown.pool.actions": "کنش: {n}",
    "forthecrown.pool.buys": "خرید: {n}",
    "forthecrown.pool.gold": "طلا: {n}",
    "forthecrown.pool.treasures": "گنج‌های بازی‌شده: {n}",
    "forthecrown.decision.topdeck": "یک کارت از دستتان را رو به پایین روی عرشه بگذارید.",
    "forthecrown.decision.topdeck.optional": "می‌توانید یک کارت از دستتان را رو به پایین روی عرشه بگذارید.",
    "forthecrown.decision.promote": "{player} انتخاب می‌کند یگانش در {square} به چه ارتقا یابد.",
    "forthecrown.decision.onslaught": "یورش: {n} یگان پیاده‌ی دیگر می‌توانند پیش بروند یا مستقر شوند.",
    "forthecrown.decision.discard": "{n} کارت دیگر را کنار بگذارید.",
    "forthecrown.decision.morph": "یک کارت آموزش را از دستتان دور بریزید تا یکی از یگان‌هایتان را تبدیل کنید.",
    "forthecrown.decision.morph.barracks": "یک کارت آموزش را از دستتان دور بریزید تا یک یگان پادگان را تبدیل کنید.",
    "forthecrown.decision.reveal": "کارت رو‌شده {card} است: آن را دور بریزید یا برگردانید.",
    "forthecrown.decision.refine": "یک کارت را از دستتان دور بریزید تا کارتی حداکثر ۲ گران‌تر بگیرید.",
    "result.sovereigns": "بازی #{game_id} مساوی شد: هیچ‌کدام فرمانروایی روی صفحه ندارند.",
    "result.last_stand": "بازی #{game_id} تمام شد: مهاجم پس از {n} نوبت آخرین فرمانروا را گرفت.",
    "forthecrown.table.bad": "این جدول کارت‌ها بازی‌شدنی نیست: {card} {field} مقدار {value} دارد. پرونده را درست کنید و دوباره بارگذاری کنید.",
    "forthecrown.table.unknown_effect": (
        "کارت {card} اثری را نام می‌برد که بازی نمی‌شناسد ({value} در {field}). یکی از اثرهای راهنمای "
        "«برای تاج» را به کار ببرید."
    ),
    "forthecrown.table.unknown_unit": (
        "کارت {card} یگانی را آموزش می‌دهد که وجود ندارد ({value} در {field}). کد یگانی مانند \u2068Pa\u2069 یا "
        "\u2068Kn\u2069 را به کار ببرید."
    ),
    "forthecrown.table.negative_cost": "بهای کارت {card} برابر {value} است: بها صفر یا بیشتر است.",
    "forthecrown.house.mark": "*",
    "forthecrown.house.legend": "* ارزش خانگی: کتاب قواعد آن را نمی‌گوید.",
    "forthecrown.house.card": "{card} ارزش‌های خانگی دارد: {values}.",
    "forthecrown.house.value.cost": "بهایش",
    "forthecrown.house.value.pile": "اندازه‌ی دسته‌اش",
    "forthecrown.house.value.effect1": "اثر اولش",
    "forthecrown.house.value.effect2": "اثر دومش",
}
