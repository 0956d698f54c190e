"""Persian messages: the translation of `warchest_bot.i18n.en.leagues` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- refusals ------------------------------------------------------------------------------------
    "tournament.error.league_bad": "لیگ گروه‌هایی از ۳ تا ۲۰ نفر، ۰ تا ۵ صعود و سقوط، ۱ یا ۲ دور و ۱ تا ۱۰ دسته دارد.",
    "tournament.error.league_seasons": "لیگ فصل به فصل برگزار می‌شود: برگزارکننده هر فصل را با \u2068/wc tournament season\u2069 آغاز می‌کند.",
    "tournament.error.league_season_open": "برخی گروه‌های این فصل هنوز در جریان‌اند: فصل بعد پس از پایان همهٔ گروه‌ها آغاز می‌شود.",
    "tournament.error.league_closed": "این لیگ بسته شده است: فصل تازه‌ای آغاز نمی‌شود و کسی دیگر نام‌نویسی نمی‌کند.",
    "tournament.error.not_a_league": "این مسابقه لیگ نیست: لیگی را از فهرست برگزینید.",
    # --- answers -------------------------------------------------------------------------------------
    "league.created": (
        "لیگ #{tournament_id} **{name}** ثبت‌نام می‌پذیرد: {game}، گروه‌های دوره‌ای حدود {group_size} نفره "
        "در {divisions} دسته، {movers} صعود و سقوط در هر فصل. بازیکنان با "
        "\u2068/wc tournament join\u2069 ثبت‌نام می‌کنند؛ برگزارکننده هر فصل را با "
        "\u2068/wc tournament season\u2069 آغاز می‌کند."
    ),
    "league.joined": "در **{name}** ثبت‌نام کردید: از فصل بعد آن بازی می‌کنید.",
    "league.withdrawn": "{player} از **{name}** کنار رفت: از فصل بعد در جدول نیست.",
    "league.season_started": "فصل {season} از **{name}** آغاز می‌شود: گروه‌ها به زودی باز می‌شوند.",
    "league.division": "دستهٔ {division}: {players}",
    "league.up": "صعود به دستهٔ {division}: {players}",
    "league.down": "سقوط به دستهٔ {division}: {players}",
    # --- the ladder ----------------------------------------------------------------------------------
    "league.ladder.none": "هنوز فصلی از **{name}** آغاز نشده است: {count} بازیکن ثبت‌نام کرده‌اند.",
    "league.ladder.title": "**{name}**، فصل {season}",
    "league.ladder.group": "گروه {group}: مسابقهٔ #{tournament_id}، {status}",
    "league.ladder.group_waiting": "گروه {group}: {players} (مسابقه به زودی باز می‌شود)",
    "league.ladder.over": "فصل {season} به پایان رسید: برگزارکننده فصل بعد را با \u2068/wc tournament season\u2069 آغاز می‌کند.",
    "league.closed": "**{name}** بسته شد: دیگر فصلی آغاز نمی‌شود و کسی نام‌نویسی نمی‌کند.",
    "league.closing": "**{name}** بسته شد: فصل {season} تا پایان بازی می‌شود و سپس لیگ به پایان می‌رسد؛ فصل تازه‌ای آغاز نمی‌شود و کسی نام‌نویسی نمی‌کند.",
    "league.ladder.closed_early": "**{name}** پیش از نخستین فصل خود بسته شد.",
    "league.ladder.closing": "لیگ بسته شده است: این فصل آخر آن است.",
    "league.ladder.finished": "فصل {season} آخرین فصل بود: **{name}** به پایان رسید.",
    "league.ladder.newcomers": "فصل بعد در پایین‌ترین دسته: {players}",
    # --- the league's web page ------------------------------------------------------------------------
    "web.league.format": "لیگی فصل به فصل، هر دسته در گروه‌هایی حدود {size} نفره به شیوهٔ {format}، با {movers} صعود و سقوط در هر فصل",
    "web.league.no_season": "هنوز فصلی آغاز نشده است.",
    "web.league.signed_up": "ثبت‌نام‌کنندگان ({count})",
    "web.league.season": "فصل {season}",
    "web.league.over": "فصل {season} به پایان رسید: برگزارکننده فصل بعد را آغاز می‌کند.",
    "web.league.division": "دستهٔ {division}",
    "web.league.group": "گروه {group}: {event}، {status}",
    "web.league.group_waiting": "گروه {group}: به زودی باز می‌شود",
    "web.league.newcomers": "فصل بعد در پایین‌ترین دسته",
    "web.league.closed_early": "لیگ پیش از نخستین فصل خود بسته شد.",
    "web.league.closing": "لیگ بسته شده است: این فصل آخر آن است.",
    "web.league.finished": "فصل {season} آخرین فصل بود: لیگ به پایان رسید.",
    "web.league.group_of": "گروه {group} از دستهٔ {division} در فصل {season} لیگ {league}",
}
