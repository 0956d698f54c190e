"""Persian messages: the translation of `warchest_bot.i18n.en.tournament_commands` (same keys, same
placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- refusals ------------------------------------------------------------------------------------
    "tournament.error.not_running": "تنها مسابقه‌ای که در جریان است را می‌توان نگه داشت.",
    "tournament.error.not_paused": "مسابقه نگه داشته نشده است.",
    "tournament.error.no_game_here": "مسابقه‌ها در سرور برگزار می‌شوند: این فرمان را در یکی از کانال‌های آن بزنید.",
    "tournament.error.bad_game": "این بازی، بازی {players}نفره ندارد: بازی یا تنظیمات دیگری برگزینید.",
    "tournament.error.partner_needed": "بازی‌های این مسابقه دونفره در تیم‌اند: هم‌تیمی خود را نام ببرید.",
    "tournament.error.no_partner_here": "بازی‌های این مسابقه یک به یک‌اند: هم‌تیمی را نام نبرید.",
    "tournament.error.bad_round_time": "هر دور از ۱ تا ۶۰ روز طول می‌کشد.",
    # --- answers -------------------------------------------------------------------------------------
    "tournament.created": (
        "مسابقهٔ #{tournament_id} **{name}** ثبت‌نام می‌پذیرد: {format}، {game}. بازیکنان با "
        "\u2068/wc tournament join\u2069 وارد می‌شوند؛ برگزارکننده آن را با "
        "\u2068/wc tournament start\u2069 آغاز می‌کند."
    ),
    "tournament.format.swiss": "سوئیسی {rounds} دوره",
    "tournament.format.round_robin": "دوره‌ای",
    "tournament.format.double_round_robin": "دوره‌ای دوبل",
    "tournament.joined": "اکنون در **{name}** بازی می‌کنید، با شمارهٔ {number}.",
    "tournament.joined_late": "از دور {round} در **{name}** بازی می‌کنید (دورهای پیش از آن صفر حساب می‌شوند).",
    "tournament.left": "نام شما از فهرست **{name}** برداشته شد.",
    "tournament.started": "**{name}** با {entrants} شرکت‌کننده آغاز شد: دور نخست جفت می‌شود.",
    "tournament.withdrawn": "{player} از **{name}** کنار رفت: دیگر جفت نمی‌شود.",
    "tournament.bye_taken": "در دور {round} از **{name}** با نیم امتیاز استراحت می‌کنید.",
    "tournament.paused": "**{name}** نگه داشته شد: تا ادامه، دوری جفت نمی‌شود و مهلتی شمرده نمی‌شود.",
    "tournament.resumed": "**{name}** دوباره در جریان است.",
    "tournament.adjudicated": "میز {board} از دور {round} در **{name}**: {result}.",
    "tournament.replaced": (
        "{new} از بازی بعد به جای {old} در **{name}** بازی می‌کند (بازی در جریان جایگاه‌هایش را نگه "
        "می‌دارد: با \u2068/wc seat replace\u2069 آن را بسپارید)."
    ),
    "tournament.vacations_allowed": "در **{name}** مرخصی (\u2068/wc my vacation\u2069) بازی‌های بازیکن در این مسابقه را نگه می‌دارد.",
    "tournament.vacations_refused": "در **{name}** مرخصی بازی‌های این مسابقه را نگه نمی‌دارد: ساعت‌هایشان می‌گذرد.",
    "tournament.vacation_kept": (
        "نگه داشته نشد: بازی‌های مسابقه‌ای شما {games}، که برگزارکنندگانشان مرخصی را نمی‌پذیرند. ساعت‌هایشان می‌گذرد."
    ),
    "tournament.export_done": "جفت‌ها و نتیجه‌های **{name}** در پرونده‌ای \u2068TRF16\u2069.",
    "tournament.none_here": "هنوز مسابقه‌ای در این سرور ساخته نشده است: \u2068/wc tournament create\u2069 یکی می‌سازد.",
    "tournament.choice": "#{tournament_id} {name} ({status})",
    "tournament.status.entry": "ثبت‌نام باز",
    "tournament.status.running": "در جریان",
    "tournament.status.paused": "نگه داشته",
    "tournament.status.finished": "پایان یافته",
    "tournament.status.cancelled": "لغو شده",
    # --- pairings and results ------------------------------------------------------------------------
    "tournament.pairings.title": "دور {round} از {rounds} در **{name}**: جفت‌ها",
    "tournament.pairings.none": "هنوز دوری از **{name}** جفت نشده است.",
    "tournament.pairings.board": "میز {board}: {first} در برابر {second} (بازی #{game_id})",
    "tournament.pairings.board_waiting": "میز {board}: {first} در برابر {second} (بازی به زودی باز می‌شود)",
    "tournament.pairings.bye": "{entrant} استراحت دارد (یک امتیاز).",
    "tournament.pairings.half_bye": "{entrant} این دور را با نیم امتیاز استراحت می‌کند.",
    "tournament.results.title": "دور {round} از {rounds} در **{name}**: نتیجه‌ها",
    "tournament.results.board": "میز {board}: {first} {score} {second}",
    "tournament.results.board_open": "میز {board}: {first} در برابر {second}، هنوز در جریان",
    "tournament.results.finished": "**{name}** به پایان رسید. به {winner} شادباش!",
    "tournament.result.first": "بازیکن نخست می‌برد",
    "tournament.result.second": "بازیکن دوم می‌برد",
    "tournament.result.draw": "مساوی",
    "tournament.result.first_forfeit": "بازیکن نخست با غیبت حریف می‌برد",
    "tournament.result.second_forfeit": "بازیکن دوم با غیبت حریف می‌برد",
    "tournament.result.double_forfeit": "هر دو با غیبت می‌بازند",
}
