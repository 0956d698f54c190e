"""Persian messages: the translation of `warchest_bot.i18n.en.lobby` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- challenges ---------------------------------------------------------------------------------------
    "bot.challenge.invite": "{creator} از {invited} برای بازی #{game_id} ({game}، {settings}) دعوت می‌کند.",
    "bot.challenge.open": (
        "{creator} بازی #{game_id} ({game}، {settings}) را باز کرد. برای گرفتن یک جای خالی، «پیوستن» را بزنید."
    ),
    "bot.challenge.invite_defaults": (
        "{creator} از {invited} برای بازی #{game_id} ({game}، با تنظیمات معمول) دعوت می‌کند."
    ),
    "bot.challenge.open_defaults": (
        "{creator} بازی #{game_id} ({game}، با تنظیمات معمول) را باز کرد. برای گرفتن یک جای خالی، «پیوستن» را بزنید."
    ),
    "bot.games.kinds": (
        "بازی‌ها: {games}. یکی را با گزینهٔ \u2068game\u2069 در \u2068/wc new\u2069 انتخاب کنید "
        "(اگر انتخاب نکنید، {default})."
    ),
    "bot.error.unknown_game_kind": "بازی‌ای به نام «{game}» وجود ندارد. بازی‌ها: {games}.",
    "bot.error.bad_setting_name": (
        "«{setting}» از تنظیمات {game} نیست. به شکل \u2068name=value\u2069 بنویسید، با این نام‌ها: {names}."
    ),
    "bot.error.bad_setting_value": "{name} نمی‌تواند «{value}» باشد: یکی از این‌ها را انتخاب کنید: {allowed}.",
    "bot.error.bad_setting_number": "{name} نمی‌تواند «{value}» باشد: یک عدد صحیح بنویسید.",
    "bot.error.not_an_option": "{game} گزینه‌ای به نام {name} ندارد. گزینه‌های آن: {names}.",
    "bot.challenge.seated": "تا این لحظه نشسته‌اند: {players}.",
    "bot.challenge.started": "بازی #{game_id} شروع شد: {players}. این بازی در {place} انجام می‌شود.",
    "bot.challenge.ended": "بازی #{game_id} شروع نشد.",
    "bot.challenge.joined": "شما در بازی #{game_id} جا گرفتید.",
    "bot.challenge.declined": "دعوت بازی #{game_id} را رد کردید.",
    "bot.button.accept": "پذیرفتن",
    "bot.button.decline": "رد کردن",
    "bot.button.join": "پیوستن",
    "bot.error.bot_opponent": "ربات‌ها را این‌جا نمی‌توان دعوت کرد؛ از یک آدم دعوت کنید (یا با من بازی کنید: \u2068/wc new ai:normal\u2069).",
    "bot.error.too_many_players": "بازی {players} نفره برای {free} بازیکن دعوت‌شده جا دارد.",
    "bot.challenge.clock": "ساعت بازی: {time} برای هر تصمیم.",
    "bot.challenge.no_clock": "بدون ساعت بازی.",
    "bot.challenge.rated": "بازی ریتینگی.",
    "bot.challenge.casual": "بازی دوستانه (بدون ریتینگ).",
    "bot.challenge.expired": "کسی به‌موقع دعوت را نپذیرفت؛ بازی #{game_id} لغو شد.",
    # --- seats and options --------------------------------------------------------------------------------
    "error.already_started": "بازی #{game_id} پیش‌تر شروع شده است.",
    "error.not_started": "بازی #{game_id} هنوز شروع نشده است: منتظر بازیکن است.",
    "error.seat_taken": (
        "جایگاه {seat} بازی #{game_id} گرفته شده است. جایگاه دیگری انتخاب کنید، یا جایگاه را ننویسید تا "
        "هر جای خالی‌ای به شما برسد."
    ),
    "error.already_seated": "شما پیش‌تر در بازی #{game_id} جا گرفته‌اید.",
    "error.game_full": "بازی #{game_id} دیگر جای خالی ندارد.",
    "error.not_invited": "جاهای خالی بازی #{game_id} برای بازیکنان دعوت‌شده نگه داشته شده است.",
    "error.not_invited_decline": "دعوتی به بازی #{game_id} ندارید که بخواهید ردش کنید.",
    "error.not_creator": "فقط {player}، سازندهٔ بازی #{game_id}، می‌تواند این کار را بکند.",
    "error.too_late": "بازی #{game_id} در جریان است، پس دیگر نمی‌شود آن را لغو کرد. به‌جایش می‌توانید کناره‌گیری کنید.",
    "error.table_not_full": "بازی #{game_id} هنوز نمی‌تواند شروع شود: {taken} جایگاه از {players} جایگاه پر شده است.",
    "error.invalid_seat": "جایگاه‌های بازی #{game_id} از ۰ تا {last} است.",
    "error.bad_options": "این گزینه‌های بازی معتبر نیستند.",
    "error.bad_invite": "این دعوت‌ها معتبر نیستند.",
    "error.bad_player_count": "بازی {game} برای {counts} بازیکن است.",
    "error.unknown_kind": "این‌جا بازی‌ای به نام {kind} وجود ندارد.",
    "error.bad_seed": "مقدار \u2068seed\u2069 باید عددی صحیح از ۰ تا {limit} باشد.",
    "error.invite_self": "نمی‌توانید از خودتان دعوت کنید.",
    "error.too_many_invites": (
        "بازی {players} نفره {free} جای خالی برای پر کردن دارد، پس حداکثر از {free} بازیکن می‌توانید دعوت کنید."
    ),
    "error.duplicate_player": "هر بازیکن در یک بازی فقط یک جایگاه می‌تواند بگیرد.",
    # --- games that never start ---------------------------------------------------------------------------
    "result.aborted": "بازی #{game_id} پیش از آن‌که راه بیفتد لغو شد.",
    "result.cancelled": "{player} دعوت را پس گرفت؛ بازی #{game_id} لغو شد.",
    "result.declined": "{player} دعوت را رد کرد؛ بازی #{game_id} لغو شد.",
    "result.expired": "کسی به‌موقع دعوت را نپذیرفت؛ بازی #{game_id} لغو شد.",
    "result.tournament": (
        "بازی #{game_id} بسته شد: مسابقه نتیجه‌اش را بی آن تعیین کرد (باخت فنی، کناره‌گیری یا تصمیم "
        "برگزارکننده). این نتیجه در مسابقه حساب می‌شود، نه در ریتینگ."
    ),
    # --- the game begins ----------------------------------------------------------------------------------
    "bot.thread.name": "{game} #{game_id}",
    "bot.game.begins": "بازی #{game_id} آغاز می‌شود: {side_a} (طرف الف) در برابر {side_b} (طرف ب).",
    # --- rematches ----------------------------------------------------------------------------------------
    "error.not_finished": "بازی #{game_id} هنوز تمام نشده است، پس بازی دوباره‌ای در کار نیست.",
    "error.rematch_exists": "بازی #{game_id} پیش‌تر بازی دوباره‌اش را دارد: بازی #{rematch_id}.",
    "rematch.created": "بازی #{game_id} بازی دوبارهٔ بازی #{previous_id} است، با جابه‌جایی جایگاه‌ها.",
    "bot.button.rematch": "بازی دوباره",
    "bot.rematch.started": (
        "بازی #{game_id} بازی دوبارهٔ بازی #{previous_id} است، با جابه‌جایی جایگاه‌ها: {players}. "
        "این بازی در {place} انجام می‌شود."
    ),
    "bot.error.no_finished_game": (
        "این‌جا بازی تمام‌شده‌ای ندارید که دوباره بازی شود. شمارهٔ بازی را بدهید: "
        "\u2068/wc rematch game:<شماره>\u2069."
    ),
}
