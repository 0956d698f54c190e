"""Persian messages: the translation of `warchest_bot.i18n.en.clocks` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`). ``{deadline}`` is a Discord timestamp that
each reader sees in their own Discord language ("in 3 hours"), so sentences give it after a colon or in
parentheses rather than weaving it into a Persian verb phrase."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- clocks -------------------------------------------------------------------------------------------
    "error.bad_move_time": "وقت هر نوبت باید تعداد صحیحی ساعت باشد، از ۱ ساعت تا {days} روز.",
    "error.no_clock": "بازی #{game_id} ساعت بازی ندارد، پس وقت هیچ‌کس تمام نمی‌شود.",
    "bot.clock.deadline": "مهلت تصمیم {player}: {deadline}.",
    "bot.clock.waiting_vacation": "{player} در مرخصی است؛ ساعتش دوباره به کار می‌افتد: {deadline}.",
    "bot.clock.days": "{days} روز",
    "bot.clock.one_day": "۱ روز",
    "bot.clock.hours": "{hours} ساعت",
    "bot.clock.one_hour": "۱ ساعت",
    "bot.games.deadline": "بازی #{game_id}: در انتظار {player}؛ مهلت تصمیم: {deadline}.",
    "bot.games.my_turn": "بازی #{game_id}: نوبت شماست؛ مهلت تصمیم: {deadline}.",
    "bot.games.my_turn_no_clock": "بازی #{game_id}: نوبت شماست (بدون ساعت).",
    "bot.games.expired": "بازی #{game_id}: وقت {player} تمام شد ({deadline})؛ می‌شود ادعای برد کرد.",
    "bot.games.expired_mine": (
        "بازی #{game_id}: وقت شما تمام شد ({deadline})؛ پیش از آن‌که کسی ادعای برد کند، بازی کنید."
    ),
    # --- timeouts -----------------------------------------------------------------------------------------
    "error.not_timed_out": (
        "{player} هنوز در بازی #{game_id} وقت دارد (مهلت: {deadline}). "
        "فقط پس از گذشتن این مهلت می‌توانید ادعای برد کنید."
    ),
    "error.not_opponent": "فقط حریفان {player} می‌توانند در بازی #{game_id} ادعای برد با اتمام وقت کنند.",
    "result.timeout": "وقت {player} در بازی #{game_id} تمام شد. برنده: {winners}.",
    "result.timeout_draw": "وقت {player} در بازی #{game_id} تمام شد؛ بازیکنان دیگر مساوی شدند.",
    "bot.button.claim": "ادعای برد با اتمام وقت",
    "bot.claim.done": "با ادعای اتمام وقت، بازی #{game_id} را بردید.",
    # --- take-backs ---------------------------------------------------------------------------------------
    "error.undo_refused": "نمی‌شود آن کنش را در بازی #{game_id} پس گرفت.",
    "error.undo_nothing": "در بازی #{game_id} چیزی برای پس‌گرفتن نیست.",
    "error.undo_not_last": (
        "در بازی #{game_id} فقط آخرین کنش خودتان را می‌توانید پس بگیرید، آن هم پیش از آن‌که بازیکن بعدی "
        "کنشی انجام دهد."
    ),
    "error.undo_draw": "آن نوبت در بازی #{game_id} چیزی پنهان یا تصادفی را آشکار کرد، پس نمی‌شود آن را پس گرفت.",
    "error.undo_hidden": "آن کنش در بازی #{game_id} اطلاعات پنهانی را آشکار کرد، پس نمی‌شود آن را پس گرفت.",
    "error.undo_stale": "بازی #{game_id} از زمان درخواست پس‌گرفتن جلو رفته است، پس آن درخواست دیگر معتبر نیست.",
    "error.undo_own": "نمی‌توانید به درخواست پس‌گرفتن خودتان در بازی #{game_id} پاسخ دهید.",
    "error.no_undo_request": "کسی در بازی #{game_id} درخواست پس‌گرفتن کنشی نداده است.",
    "undo.requested": "{player} می‌خواهد آخرین کنش خود را در بازی #{game_id} پس بگیرد. موافقید؟",
    "undo.accepted": "آخرین کنش {player} در بازی #{game_id} پس گرفته شد.",
    "undo.declined": "{player} با پس‌گرفتن آخرین کنش در بازی #{game_id} موافقت نکرد.",
    "undo.waiting": "پاسخ شما ثبت شد. بازی #{game_id} هنوز منتظر پاسخ بازیکنان دیگر است.",
    "bot.button.undo": "پس‌گرفتن کنش",
    "bot.button.undo_accept": "موافقت با پس‌گرفتن",
    "bot.button.undo_decline": "مخالفت با پس‌گرفتن",
    "bot.undo.asked": "درخواست کردید آخرین کنش خود را در بازی #{game_id} پس بگیرید. حریفانتان تصمیم می‌گیرند.",
    "bot.undo.request_post": (
        "{player} می‌خواهد آخرین کنش خود را در بازی #{game_id} پس بگیرد. {opponents}، موافقید؟"
    ),
    "bot.undo.you_accepted": "با پس‌گرفتن کنش در بازی #{game_id} موافقت کردید.",
    "bot.undo.you_declined": "با پس‌گرفتن کنش در بازی #{game_id} مخالفت کردید.",
    "bot.undo.board": "بازی #{game_id} پس از پس‌گرفتن کنش.",
    # --- vacations ----------------------------------------------------------------------------------------
    "error.vacation_refused": "این مرخصی را نمی‌شود ثبت کرد.",
    "error.vacation_allowance": (
        "در سال {year} فقط {left} روز مرخصی برایتان مانده است، پس نمی‌توانید {days} روز مرخصی بگیرید."
    ),
    "error.vacation_running": "شما همین حالا تا {until} در مرخصی هستید.",
    "error.bad_vacation_days": "مرخصی باید تعداد صحیحی روز باشد، دست‌کم ۱ روز.",
    "bot.vacation.started": (
        "مرخصی شما تا {until} ادامه دارد. ساعت‌های شما در {count} بازی منتظرتان می‌مانند؛ به حریفانتان "
        "خبر داده شد. امسال {left} روز مرخصی دیگر دارید."
    ),
    "bot.vacation.left": "امسال {left} روز مرخصی دیگر دارید.",
    # --- reminders and notifications ----------------------------------------------------------------------
    "notify.reminder": "{player}، در بازی #{game_id} نوبت شماست. مهلت شما: {deadline}.",
    "notify.reminder_late": (
        "{player}، در بازی #{game_id} نوبت شماست. این یادآوری دیر رسید، چون ربات از دسترس خارج بود. "
        "مهلت شما: {deadline}."
    ),
    "notify.timeout_claimable": (
        "وقت {player} در بازی #{game_id} تمام شد. اکنون می‌توانید ادعای برد با اتمام وقت کنید."
    ),
    "notify.timeout_claimable_late": (
        "وقت {player} در بازی #{game_id} در مدتی که ربات از دسترس خارج بود تمام شد. اکنون می‌توانید ادعای "
        "برد با اتمام وقت کنید."
    ),
    "notify.vacation_started": "{player} تا {until} در مرخصی است. ساعتش در بازی #{game_id} منتظرش می‌ماند.",
    "notify.vacation_ended": "{player} از مرخصی برگشت. ساعت‌های بازی #{game_id} دوباره به کار افتادند.",
    "bot.notify.mention": "{player} {message}",
    # --- every game at once -------------------------------------------------------------------------------
    "everywhere.none": "در هیچ بازی‌ای نوبت شما نیست.",
    "everywhere.one": "در ۱ بازی نوبت شماست.",
    "everywhere.many": "در {count} بازی نوبت شماست.",
    "bot.turns.none": "هیچ بازی در جریانی ندارید.",
}
