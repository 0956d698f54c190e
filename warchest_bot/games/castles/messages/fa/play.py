"""Persian messages: the translation of `warchest_bot.games.castles.messages.en.play` (same keys, same
placeholders). Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "title.castles": "قلعه‌ها (\u2068Castles\u2069)",
    "error.bad_players_castles": "بازی قلعه‌ها دونفره است.",
    # --- results ------------------------------------------------------------------------------------------
    "result.both_castles": "{winners} با تصرف هر دو قلعه‌ی حریف بازی #{game_id} را برد.",
    "result.six_tokens": "{winners} با ۶ نشان تصرف بازی #{game_id} را برد.",
    "result.most_tokens": "{winners} بازی #{game_id} را برد: همه‌ی کارت‌ها بازی شد و نشان تصرف بیشتری دارد.",
    "result.first_castle": "{winners} بازی #{game_id} را برد: پس از تساوی نشان‌ها، اولین قلعه را گرفت.",
    "result.no_castle": "بازی #{game_id} مساوی شد: در دورهای پس از تساوی نشان‌ها هیچ قلعه‌ای گرفته نشد.",
    # --- rules in brief -----------------------------------------------------------------------------------
    "castles.rules": (
        "قلعه‌ها، بازیِ متن آموزشی فارسی: تخته‌ی ۷×۷، دو قلعه برای هر بازیکن (\u2068b1\u2069 و \u2068f1\u2069، \u2068b7\u2069 و \u2068f7\u2069) و سه منطقه‌ی "
        "کلیدی (\u2068b4\u2069، \u2068d4\u2069، \u2068f4\u2069). در هر دور هر دو بازیکن دستشان را تا ۴ کارت پر می‌کنند و ۴ مهره از نوع‌های متفاوت "
        "از کیسه‌شان می‌کشند: واحدهایی که می‌توانند اکشن کنند. هر دو یک کارت را رو به پایین می‌گذارند؛ کارت‌ها "
        "با هم فاش می‌شوند و بهای بالاتر اول بازی می‌کند. در نوبتتان بهای کارت را با سکه بپردازید و کارش را "
        "انجام دهید (کارت واحد: یک واحد از همان نوع وارد تخته می‌شود، حرکت یا حمله می‌کند؛ رویداد: اثرش)، سپس "
        "هر مهره‌ی کشیده‌شده اجازه می‌دهد یک واحد از نوع خودش وارد شود، حرکت یا حمله کند؛ هر واحد یک بار. "
        "حمله تاس می‌ریزد: برابر یا کمتر از عدد حمله‌ی واحد موفق است و مهره‌ی حریف از آنِ شما می‌شود و به "
        "کیسه‌تان می‌رود. در پایان نوبت ۱ سکه (حداکثر ۱۰) و برای هر منطقه‌ی کلیدی که دارید ۱ نشان تصرف "
        "می‌گیرید. با ورود به قلعه‌ی حریف آن را تصرف کنید (یک نشان). هر دو قلعه‌ی حریف یا ۶ نشان برنده است؛ "
        "وقتی کارت‌ها تمام شد، نشان بیشتر برنده است. ‏\u2068/wc rules game:castles topic:\u2069 همه‌ی واحدها و رویدادها را "
        "دارد."
    ),
    # --- the adapter's messages in Castles' words ---------------------------------------------------------
    "bot.game.begins.castles": "بازی #{game_id} آغاز می‌شود: {side_a} (آبی) در برابر {side_b} (قرمز).",
    "bot.hand.title.castles": (
        "دست شما در بازی #{game_id}: کارت‌هایتان، سکه‌هایتان و مهره‌هایی که از کیسه کشیدید."
    ),
    "bot.play.more_actions.castles": (
        "… {count} مورد دیگر: برای کوتاه‌تر شدن فهرست یک واحد (مثلاً \u2068Kn\u2069) یا یک خانه (مثلاً \u2068d4\u2069) بنویسید"
    ),
    "error.unparseable.castles": (
        "«{action}» را نمی‌توانم بخوانم. اکشن‌ها را این‌طور بنویسید: «\u2068pick Kn\u2069»، «\u2068deploy So b2\u2069»، "
        "«\u2068So b2-b3\u2069» یا «\u2068Ar c3xc5\u2069»."
    ),
    "error.empty_action.castles": "یک اکشن بنویسید، مثلاً «\u2068pick Kn\u2069»، «\u2068deploy So b2\u2069»، «\u2068So b2-b3\u2069» یا «\u2068end\u2069».",
    "error.long_action.castles": (
        "این برای یک اکشن زیادی بلند است (حداکثر {limit} نویسه). اکشن‌ها را این‌طور بنویسید: «\u2068So b2-b3\u2069» یا "
        "«\u2068Cm Kn d3xe5\u2069»."
    ),
    # --- action kinds in the menus ------------------------------------------------------------------------
    "bot.kind.event": "رویداد",
    "bot.kind.skip": "گذشتن از کارت",
    "bot.kind.end": "پایان نوبت",
    # --- the phrases of a turn's summary ------------------------------------------------------------------
    "castles.phrase.down": "کارتی را رو به پایین گذاشت",
    "castles.phrase.down_own": "{card} را رو به پایین گذاشت",
    "castles.phrase.revealed": (
        "کارتی را رو به پایین گذاشت: کارت‌ها {first} (بهای {first_cost}) و {second} (بهای {second_cost}) هستند"
    ),
    "castles.phrase.revealed_one": "کارتی را رو به پایین گذاشت: تنها کارت {card} (بهای {cost}) است",
    "castles.phrase.attack_hit": "{action}: تاس {roll} در برابر {need}: حمله موفق است",
    "castles.phrase.attack_miss": "{action}: تاس {roll} در برابر {need}: حمله شکست خورد",
    "castles.phrase.attack_reckless": "{action}: تاس {roll} در برابر {need}: حمله شکست خورد و تبرزن نابود شد",
    "castles.phrase.castle": "{action}: قلعه‌ی {square} را تصرف کرد",
    "castles.phrase.attack_castle": "{action}: تاس {roll} در برابر {need}: حمله موفق است و قلعه‌ی {square} تصرف شد",
    "castles.phrase.mustered": "\u2068Mu\u2069: {pieces} را از کیسه کشید",
    "castles.phrase.end": "نوبت را تمام کرد",
    "castles.phrase.end_token": "نوبت را تمام کرد و برای یک منطقه‌ی کلیدی یک نشان تصرف گرفت",
    "castles.phrase.end_tokens": "نوبت را تمام کرد و برای مناطق کلیدی {tokens} نشان تصرف گرفت",
}
