"""Persian messages: the translation of `warchest_bot.i18n.en.play` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- turns --------------------------------------------------------------------------------------------
    "turn.next": "{player}، در بازی #{game_id} نوبت شماست.",
    "turn.followup": "{player}، در بازی #{game_id} باید تصمیم دیگری هم بگیرید.",
    "bot.move.played": "{player} این کنش را بازی کرد: {action}.",
    "bot.turn.played": "نوبت {player}: {steps}.",
    "summary.action": "{action}",
    "summary.separator": "؛ ",
    "summary.step_by": "{player}: {action}",
    "turn.decide_here": (
        "{player}، در بازی #{game_id} باید تصمیمی بگیرید و پیام‌های خصوصی به شما نمی‌رسند: دکمهٔ «بازی کن» "
        "را در زیر بزنید یا از \u2068/wc hand\u2069 استفاده کنید."
    ),
    "bot.move.you_played": "در بازی #{game_id} این کنش را بازی کردید: {action}.",
    "bot.move.turn_next": (
        "{player}، در بازی #{game_id} نوبت شماست: «بازی کن» را بزنید یا از \u2068/wc play\u2069 استفاده کنید."
    ),
    "bot.hand.title": "دست شما در بازی #{game_id}.",
    "bot.hand.turn_so_far": "این نوبت تا اینجا: {steps}.",
    "bot.hand.your_turn": "اکنون نوبت تصمیم شماست: از گزینه‌های زیر انتخاب کنید، یا از \u2068/wc play\u2069 استفاده کنید.",
    "bot.hand.waiting": "اکنون {player} باید تصمیم بگیرد؛ هر وقت نوبت شما شد، به شما خبر داده می‌شود.",
    "bot.hand.over": "بازی #{game_id} تمام شده است.",
    # --- actions refused ----------------------------------------------------------------------------------
    "error.not_seated": "شما در بازی #{game_id} بازی نمی‌کنید.",
    "error.not_your_turn": "در بازی #{game_id} نوبت شما نیست: اکنون {player} باید تصمیم بگیرد.",
    "error.stale": (
        "این درخواست کهنه است: بازی #{game_id} از آن موقع جلو رفته است (اکنون در حرکت {ply} است). "
        "آخرین صفحهٔ بازی را ببینید و دوباره امتحان کنید."
    ),
    "error.stale_typed": (
        "کنش قبلی شما در بازی #{game_id} انجام شده بود، پس این یکی بازی نشد (بازی اکنون در حرکت {ply} "
        "است). برای کنش تازه، آخرین صفحهٔ بازی را ببینید و از فهرست کنش‌ها انتخاب کنید."
    ),
    "error.stale_new_hand": (
        "از آخرین باری که دستتان را دیدید، دور تازه‌ای در بازی #{game_id} شروع شده است، پس این کنش بازی "
        "نشد. دست تازه‌تان را ببینید (\u2068/wc hand\u2069) و دوباره انتخاب کنید."
    ),
    "error.changed": "بازی #{game_id} در حین کار شما تغییر کرد. دوباره نگاهی به آن بیندازید و باز امتحان کنید.",
    "error.illegal": "اکنون نمی‌توانید «{action}» را بازی کنید.",
    "error.illegal_action": (
        "این کنش اکنون در بازی #{game_id} مجاز نیست. آخرین صفحهٔ بازی را ببینید و دوباره انتخاب کنید."
    ),
    "error.unparseable": (
        "نمی‌توانم «{action}» را بخوانم. کنش‌ها را این‌طور بنویسید: «\u2068Sw deploy e2\u2069» یا «\u2068decline\u2069»."
    ),
    "error.empty_action": "یک کنش بنویسید، مثل «\u2068Sw deploy e2\u2069» یا «\u2068decline\u2069».",
    "error.long_action": (
        "این برای یک کنش زیادی طولانی است (حداکثر {limit} نویسه). کنش‌ها را این‌طور بنویسید: «\u2068Sw deploy e2\u2069»."
    ),
    "error.ambiguous": "«{action}» می‌تواند چند کنش باشد: {candidates}. لطفاً کنش مورد نظرتان را کامل بنویسید.",
    "error.game_over": "بازی #{game_id} تمام شده است.",
    "error.game_aborted": "بازی #{game_id} لغو شد.",
    "bot.error.menu_gone": "این گزینه دیگر در بازی #{game_id} در دسترس نیست؛ منو را دوباره باز کنید.",
    "bot.error.unknown_press": (
        "نمی‌توانید از این دکمه یا منو استفاده کنید: از من نیست یا از نسخه‌ای قدیمی‌تر است. چیزی تغییر "
        "نکرد. با \u2068/wc games\u2069 بازی‌هایتان را پیدا کنید یا با \u2068/wc board\u2069 یکی را ببینید."
    ),
    "bot.error.stale_turn": (
        "این دکمه کهنه است: بازی #{game_id} جلو رفته است (اکنون در حرکت {ply} است) و اکنون {player} باید "
        "تصمیم بگیرد. صفحهٔ کنونی بازی این‌جاست: {link}. با \u2068/wc play\u2069 هم می‌توانید بازی کنید."
    ),
    "bot.error.stale_turn_nolink": (
        "این دکمه کهنه است: بازی #{game_id} جلو رفته است (اکنون در حرکت {ply} است) و اکنون {player} باید "
        "تصمیم بگیرد. برای دیدن صفحهٔ کنونی از \u2068/wc board\u2069 استفاده کنید، یا با \u2068/wc play\u2069 بازی کنید."
    ),
    "bot.error.stale_typed_turn": (
        "این کنش برای وضعیتی قدیمی‌تر پیشنهاد شده بود: بازی #{game_id} جلو رفته است (اکنون در حرکت {ply} است) "
        "و اکنون {player} باید تصمیم بگیرد. صفحهٔ کنونی بازی این‌جاست: {link}. برای بازی کردن، دوباره از "
        "فهرست \u2068/wc play\u2069 انتخاب کنید."
    ),
    "bot.error.stale_typed_turn_nolink": (
        "این کنش برای وضعیتی قدیمی‌تر پیشنهاد شده بود: بازی #{game_id} جلو رفته است (اکنون در حرکت {ply} است) "
        "و اکنون {player} باید تصمیم بگیرد. برای دیدن صفحهٔ کنونی از \u2068/wc board\u2069 استفاده کنید؛ برای "
        "بازی کردن، دوباره از فهرست \u2068/wc play\u2069 انتخاب کنید."
    ),
    "bot.error.stale_typed_over": (
        "این کنش برای وضعیتی قدیمی‌تر پیشنهاد شده بود: بازی #{game_id} جلو رفته است (اکنون در حرکت {ply} "
        "است). برای دیدن صفحهٔ کنونی از \u2068/wc board\u2069 استفاده کنید."
    ),
    "bot.error.stale_over": (
        "این دکمه کهنه است: بازی #{game_id} جلو رفته است (اکنون در حرکت {ply} است). "
        "برای دیدن صفحهٔ کنونی از \u2068/wc board\u2069 استفاده کنید."
    ),
    # --- menus and buttons --------------------------------------------------------------------------------
    "bot.menu.action_placeholder": "یک کنش انتخاب کنید",
    "bot.menu.actions_more": "یک کنش انتخاب کنید ({first} تا {last})",
    "bot.menu.group": "بازی #{game_id}: چه می‌کنید؟",
    "bot.menu.group_placeholder": "انتخاب کنید",
    "bot.menu.unit": "بازی #{game_id}: {group}: کدام‌یک؟",
    "bot.menu.unit_placeholder": "یکی را انتخاب کنید",
    "bot.kind.pick": "انتخاب یگان",
    "bot.kind.deploy": "استقرار",
    "bot.kind.move": "حرکت",
    "bot.kind.pass": "گذشتن (پاس)",
    "bot.button.play": "بازی کن",
    "bot.button.hand": "دست من",
    "bot.play.more_actions": "… و {count} کنش دیگر: آغاز کنش را بنویسید تا فهرست کوتاه‌تر شود",
    "bot.play.suggestion": "{action} · {note}",
    # --- resigning ----------------------------------------------------------------------------------------
    "result.resign": "{player} از بازی #{game_id} کناره‌گیری کرد. برنده: {winners}.",
    "result.resign_draw": "{player} از بازی #{game_id} کناره‌گیری کرد؛ بازیکنان دیگر مساوی شدند.",
    "bot.resign.confirm": "از بازی #{game_id} کناره‌گیری می‌کنید؟ با این کار بازی تمام می‌شود.",
    "bot.button.resign_confirm": "تأیید",
    "bot.button.resign_cancel": "انصراف",
    "bot.resign.cancelled": "کناره‌گیری نکردید؛ بازی #{game_id} ادامه دارد.",
    "bot.resign.stale": (
        "بازی #{game_id} از وقتی که درخواست کناره‌گیری دادید جلو رفته است، پس آن تأیید دیگر معتبر نیست. "
        "اگر هنوز می‌خواهید کناره‌گیری کنید، دوباره از \u2068/wc resign\u2069 استفاده کنید."
    ),
    "bot.resign.not_yours": (
        "فقط بازیکنی که درخواست کناره‌گیری داده می‌تواند به این پاسخ دهد. برای کناره‌گیری خودتان، از "
        "\u2068/wc resign\u2069 استفاده کنید."
    ),
    # --- the end of a game --------------------------------------------------------------------------------
    "bot.game.final_board": "صفحهٔ پایانی بازی #{game_id}.",
}
