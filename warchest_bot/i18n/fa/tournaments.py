"""Persian messages: the translation of `warchest_bot.i18n.en.tournaments` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- refusals ------------------------------------------------------------------------------------
    "tournament.error.bad_rounds": "مسابقهٔ سوئیسی از ۱ تا ۵۰ دور دارد.",
    "tournament.error.bad_cycles": "دوره‌ای یک یا دو بار بازی می‌شود.",
    "tournament.error.bad_settings": (
        "استراحت نیم‌امتیازی برای هر بازیکن از ۰ تا ۲ است، و شمار مهلت‌های از دست رفته پیش از حذف از ۰ (هرگز) به بالا."
    ),
    "tournament.error.no_entrant": "کسی با این شماره در این مسابقه بازی نمی‌کند.",
    "tournament.error.already_entered": "شما (یا هم‌تیمی‌تان) از پیش در این مسابقه بازی می‌کنید.",
    "tournament.error.too_late": "ثبت‌نام بسته است: ثبت‌نام دیرهنگام فقط در مسابقهٔ سوئیسی پذیرفته می‌شود، تا وقتی نیمی از دورهایش جفت نشده‌اند.",
    "tournament.error.started": "مسابقه شروع شده است: به جای ترک کردن، انصراف بدهید.",
    "tournament.error.too_few": "برای شروع مسابقه دست‌کم دو ثبت‌نام لازم است.",
    "tournament.error.too_many": "دوره‌ای حداکثر ۴۰ ثبت‌نام می‌پذیرد: به جایش مسابقهٔ سوئیسی برگزار کنید.",
    "tournament.error.not_active": "این بازیکن دیگر در مسابقه نیست.",
    "tournament.error.no_byes_here": "دوره‌ای استراحت درخواستی ندارد: هر شرکت‌کننده با همهٔ دیگران بازی می‌کند.",
    "tournament.error.over": "مسابقه همهٔ دورهایش را بازی کرده است.",
    "tournament.error.bye_already": "شما از پیش برای دور بعد استراحت خواسته‌اید.",
    "tournament.error.no_byes_left": "استراحت‌های نیم‌امتیازی مجاز این مسابقه را به کار برده‌اید.",
    "tournament.error.not_started": "مسابقه هنوز شروع نشده است.",
    "tournament.error.round_open": "دور کنونی هنوز در جریان است.",
    "tournament.error.round_closed": "این دور بسته شده است: فقط نتیجهٔ دور باز را می‌توان ثبت کرد.",
    "tournament.error.no_board": "دور باز چنین میزی ندارد.",
    "tournament.error.no_round": "هیچ دوری در جریان نیست.",
    "tournament.error.round_unfinished": "برخی بازی‌های این دور هنوز نتیجه ندارند.",
    "tournament.error.not_found": "چنین مسابقه‌ای وجود ندارد. یکی را از فهرست انتخاب کنید.",
    "tournament.error.busy": "مسابقه مشغول است: لحظه‌ای دیگر دوباره امتحان کنید.",
    "tournament.error.organiser_only": "فقط برگزارکنندهٔ مسابقه می‌تواند این کار را بکند.",
    "tournament.error.not_entered": "شما در این مسابقه بازی نمی‌کنید.",
    # --- standings as text --------------------------------------------------------------------------
    "tournament.standings.title": "جدول {name} پس از دور {round} از {rounds}",
    "tournament.standings.title_final": "جدول نهایی {name}",
    "tournament.standings.none": "هنوز هیچ دوری از {name} بازی نشده است.",
    "tournament.standings.row": "{rank}. {entrant}: {points} امتیاز، بوخهولتس بدون کمترین {buchholz}، سونبورن-برگر {sb}",
    "tournament.standings.row_out": "{rank}. {entrant}: {points} امتیاز (انصراف داده)",
    # --- the standings picture's table ---------------------------------------------------------------
    "tournament.table.rank": "#",
    "tournament.table.entrant": "بازیکن",
    "tournament.table.points": "امتیاز",
    "tournament.table.buchholz": "بوخهولتس-۱",
    "tournament.table.sb": "سونبورن-برگر",
    "tournament.table.out": "{entrant} (انصراف داده)",
}
