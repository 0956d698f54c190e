"""Persian messages: the translation of `warchest_bot.i18n.en.knockout` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- refusals ------------------------------------------------------------------------------------
    "tournament.error.knockout_swiss_only": "حذفی تنها پس از سوئیسی می‌آید: قالب سوئیسی را برگزینید یا حذفی را کنار بگذارید.",
    "tournament.error.knockout_bad": "حذفی ۲، ۴ یا ۸ نفر برتر را می‌پذیرد، با ۱ تا ۹ بازی در هر دیدار.",
    # --- the event's format and the end of its Swiss ---------------------------------------------------
    "knockout.format": "{format}، سپس حذفی میان {size} نفر برتر",
    "knockout.swiss_over": "بخش سوئیسی **{name}** به پایان رسید: {size} نفر برتر آن اکنون حذفی بازی می‌کنند.",
    "knockout.swiss_over_skipped": "بخش سوئیسی **{name}** به پایان رسید و برای حذفی بازیکن کافی نمانده است. به {winner} شادباش!",
    # --- the bracket ---------------------------------------------------------------------------------
    "knockout.stage.final": "فینال **{name}**",
    "knockout.stage.semi_finals": "نیمه‌نهایی **{name}**",
    "knockout.stage.quarter_finals": "یک‌چهارم نهایی **{name}**",
    "knockout.match.playing": "دیدار {match}: {high} (ردهٔ {high_seed}) در برابر {low} (ردهٔ {low_seed})، بازی {game}: {first} آغاز می‌کند (بازی #{game_id})",
    "knockout.match.waiting": "دیدار {match}: {high} (ردهٔ {high_seed}) در برابر {low} (ردهٔ {low_seed})، بازی {game}: {first} آغاز می‌کند (بازی به زودی باز می‌شود)",
    "knockout.match.won": "دیدار {match}: {winner} (ردهٔ {winner_seed}) بر {loser} (ردهٔ {loser_seed}) پیروز شد.",
    "knockout.match.forfeit": "دیدار {match}: {winner} (ردهٔ {winner_seed}) بالا می‌رود، {loser} (ردهٔ {loser_seed}) غایب بود.",
    "knockout.match.drawn": "دیدار {match}: پس از {games} بازی مساوی در برابر {loser} (ردهٔ {loser_seed})، {winner} (ردهٔ {winner_seed}) با ردهٔ بالاتر بالا می‌رود.",
    "knockout.match.double_forfeit": "دیدار {match}: هر دو غایب بودند؛ {winner} (ردهٔ {winner_seed}) با ردهٔ بالاتر بالا می‌رود و {loser} (ردهٔ {loser_seed}) کنار می‌رود.",
    "knockout.champion": "**{name}** به پایان رسید: {winner} برندهٔ حذفی است. شادباش!",
    "knockout.rules.rematch": "بازی مساوی با آغاز بازیکن دیگر دوباره انجام می‌شود، تا {games} بازی؛ سپس ردهٔ بالاتر بالا می‌رود.",
    "knockout.rules.higher_seed": "پس از بازی مساوی، ردهٔ بالاتر بالا می‌رود.",
    # --- /wc tournament standings during and after the knockout ------------------------------------
    "knockout.standings.ahead": "پس از سوئیسی، {size} نفر برتر آن حذفی بازی می‌کنند که از جدول نهایی چیده می‌شود.",
    "knockout.standings.swiss_final": "جدول نهایی بخش سوئیسی {name}",
    "knockout.standings.skipped": "پس از سوئیسی برای حذفی بازیکن کافی نماند.",
    # --- the bracket picture -------------------------------------------------------------------------
    "knockout.picture.title": "حذفی {name}",
    "knockout.picture.playing": "بازی {game}، آغاز با {first}",
    "knockout.picture.seed": "{seed}",
    "knockout.picture.to_play": "هنوز روشن نیست",
    "knockout.picture.winner": "برنده: {winner}",
    # --- the organiser -------------------------------------------------------------------------------
    "knockout.adjudicated": "دیدار {match} از حذفی **{name}**: {result}.",
    # --- the event's web page ------------------------------------------------------------------------
    "web.knockout.title": "حذفی",
    "web.knockout.terms": "{size} نفر برتر سوئیسی حذفی بازی می‌کنند.",
    "web.knockout.after_swiss": "رده‌بندی حذفی پس از پایان دور آخر سوئیسی از جدول آن چیده می‌شود.",
    "web.knockout.skipped": "پس از سوئیسی برای حذفی بازیکن کافی نماند.",
    "web.knockout.champion": "برنده: {winner}",
    "web.knockout.final": "فینال",
    "web.knockout.semi_finals": "نیمه‌نهایی",
    "web.knockout.quarter_finals": "یک‌چهارم نهایی",
    "web.knockout.match": "دیدار",
    "web.knockout.high": "ردهٔ بالاتر",
    "web.knockout.low": "ردهٔ پایین‌تر",
    "web.knockout.games": "بازی‌ها",
    "web.knockout.through": "بالا می‌رود",
    "web.knockout.seeded": "{entrant} (ردهٔ {seed})",
    "web.knockout.game": "بازی {game}، آغاز با {first}: {score}",
    "web.knockout.game_playing": "بازی {game}، آغاز با {first}: در جریان",
    "web.knockout.game_waiting": "بازی {game}، آغاز با {first}: به زودی باز می‌شود",
}
