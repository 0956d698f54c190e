"""Persian messages: the translation of `warchest_bot.games.warchest.messages.en.play` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- options ------------------------------------------------------------------------------------------
    "error.bad_players": "صندوق جنگ برای ۲ یا ۴ بازیکن است.",
    "error.bad_units": "یگان‌ها را می‌توان این‌گونه انتخاب کرد: {choices}.",
    "error.bad_royal_guard": "قاعدهٔ گارد سلطنتی می‌تواند یکی از این‌ها باشد: {choices}.",
    "error.bad_max_rounds": "سقف دورها باید عددی صحیح از ۱ تا {limit} باشد.",
    # --- how a game ends ----------------------------------------------------------------------------------
    "result.markers": "{winners} با گذاشتن همهٔ نشان‌های کنترل خود بازی #{game_id} را بردند.",
    "result.max_rounds": "بازی #{game_id} مساوی شد: به سقف {rounds} دور رسید.",
    # --- turns --------------------------------------------------------------------------------------------
    "turn.draft": "{player}، در انتخاب یگان‌های بازی #{game_id} نوبت شماست.",
    # --- the step-by-step menu: coin, kind, target --------------------------------------------------------
    "bot.menu.coin": "بازی #{game_id}: سکه‌ای را که می‌خواهید بازی کنید انتخاب کنید.",
    "bot.menu.coin_placeholder": "یک سکه انتخاب کنید",
    "bot.menu.kind": "بازی #{game_id}: سکهٔ {coin} شما چه کند؟",
    "bot.menu.target": "بازی #{game_id}: کنش را انتخاب کنید.",
    "bot.menu.followup": "بازی #{game_id}: تصمیم بعدی خود را انتخاب کنید.",
    "bot.menu.draft": "بازی #{game_id}: یگانی را برای برداشتن انتخاب کنید.",
    "bot.kind.bolster": "تقویت",
    "bot.kind.attack": "حمله",
    "bot.kind.control": "تصرف",
    "bot.kind.tactic": "تاکتیک",
    "bot.kind.claim": "گرفتن ابتکار عمل",
    "bot.kind.recruit": "استخدام",
    "bot.kind.other": "دیگر",
    "bot.challenge.invite.warchest": (
        "{creator} {invited} را به بازی #{game_id} صندوق جنگ دعوت می‌کند "
        "({players} بازیکن، یگان‌ها: {units}، گارد سلطنتی: {royal_guard})."
    ),
    "bot.challenge.open.warchest": (
        "{creator} بازی #{game_id} صندوق جنگ را باز کرد ({players} بازیکن، یگان‌ها: {units}، "
        "گارد سلطنتی: {royal_guard}). برای گرفتن یک جای خالی، «پیوستن» را بزنید."
    ),
    "bot.play.more_actions.warchest": (
        "… {count} مورد دیگر: برای کوتاه کردن فهرست یک سکه (مثلاً \u2068Sw\u2069) یا یک خانه "
        "(مثلاً \u2068e2\u2069) بنویسید"
    ),
    "bot.menu.kind_royal": "بازی #{game_id}: سکهٔ سلطنتی شما چه کند؟",
    # --- rules --------------------------------------------------------------------------------------------
    "bot.rules.summary": (
        "صندوق جنگ: از کیسهٔ خود سکه بکشید و با هر سکه استقرار، تقویت، حرکت، حمله یا تصرف یک موقعیت "
        "کنید، ابتکار عمل را بگیرید، استخدام کنید یا پاس بدهید. برای بردن، همهٔ نشان‌های کنترل خود را "
        "بگذارید. یگان‌ها: {units}. قوانین کامل، بخش به بخش: \u2068/wc rules topic\u2069. کارت یک یگان: "
        "\u2068/wc rules unit\u2069."
    ),
    # --- action text refused, with War Chest's examples (`for_game`) ------------------------------------
    "error.unparseable.warchest": (
        "نمی‌توانم «{action}» را بخوانم. کنش‌ها را این‌طور بنویسید: «\u2068Sw deploy e2\u2069» یا «\u2068decline\u2069»."
    ),
    "error.empty_action.warchest": "یک کنش بنویسید، مثل «\u2068Sw deploy e2\u2069» یا «\u2068decline\u2069».",
    "error.long_action.warchest": (
        "این برای یک کنش زیادی طولانی است (حداکثر {limit} نویسه). کنش‌ها را این‌طور بنویسید: «\u2068Sw deploy e2\u2069»."
    ),
    # --- a take-back refused across a draw (`for_game`) ------------------------------------------------
    "error.undo_draw.warchest": "با آن کنش در بازی #{game_id} از کیسه سکه کشیده شد، پس نمی‌شود آن را پس گرفت.",
}
