"""Persian messages: the translation of `warchest_bot.i18n.en.history` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- lists of games -----------------------------------------------------------------------------------
    "bot.button.previous": "قبلی",
    "bot.button.next": "بعدی",
    "bot.games.mine": "بازی‌های شما ({status}):",
    "bot.games.server": "بازی‌های این سرور ({status}):",
    "bot.games.none": "بازی‌ای برای نشان دادن نیست.",
    "bot.games.line": "بازی #{game_id} ({status}): {players}.",
    "bot.games.line_turn": "بازی #{game_id} ({status}): {players}. در انتظار {player}.",
    "bot.status.open": "در انتظار بازیکن",
    "bot.status.active": "در جریان",
    "bot.status.finished": "تمام‌شده",
    "bot.status.aborted": "لغوشده",
    "bot.status.current": "در انتظار یا در جریان",
    "bot.status.all": "همه",
    "error.bad_list_limit": "هر فهرست از ۱ تا {limit} مورد نشان می‌دهد.",
    # --- boards, logs and replays -------------------------------------------------------------------------
    "error.bad_ply": "بازی #{game_id} حرکت‌های ۰ تا {last} را دارد.",
    "error.log_not_finished": "بازی #{game_id} هنوز تمام نشده است، پس فهرست کامل کنش‌هایش هنوز پنهان است.",
    "bot.game.replay": "کل بازی #{game_id}، حرکت به حرکت.",
    "bot.game.replay_failed": "بازپخش بازی #{game_id} ساخته نشد؛ صفحهٔ پایانی بالا معتبر است.",
    "bot.error.not_finished": (
        "بازی #{game_id} هنوز تمام نشده است: برای دیدن یک موقعیت، شمارهٔ حرکت را با گزینهٔ \u2068ply\u2069 بدهید."
    ),
    "bot.board.caption": "صفحهٔ بازی #{game_id} پس از حرکت {ply}.",
    "bot.history.title": "بازی #{game_id}: حرکت‌های {first} تا {last} از {total}.",
    "bot.history.line": "{ply}. {player}: {action}",
    "bot.history.empty": "هنوز هیچ کنشی در بازی #{game_id} انجام نشده است.",
    "bot.replay.ply": "بازی #{game_id} پس از حرکت {ply} از {total}.",
    # --- statistics and ratings ---------------------------------------------------------------------------
    "rating.summary": "{player}: ریتینگ {rating} ± {rd} پس از {games} بازی ریتینگی.",
    "bot.stats.overall": "{player}: {games} بازی، {wins} برد، {losses} باخت، {draws} تساوی.",
    "bot.stats.server": "در این سرور: {games} بازی، {wins} برد، {losses} باخت، {draws} تساوی.",
    "bot.stats.rating": "ریتینگ: {rating} ± {rd} پس از {games} بازی ریتینگی.",
    "bot.stats.server_rating": "ریتینگ در این سرور: {rating} ± {rd} پس از {games} بازی ریتینگی.",
    "bot.stats.unrated": "هنوز بازی ریتینگی‌ای در کار نیست.",
    "bot.leaderboard.server": "جدول رده‌بندی این سرور:",
    "bot.leaderboard.global": "جدول رده‌بندی همهٔ سرورها:",
    "bot.leaderboard.line": "{rank}. {player}: {rating} ± {rd} ({games} بازی)",
    "bot.leaderboard.empty": "هنوز هیچ‌کس یک بازی ریتینگی را تمام نکرده است.",
    # --- unit cards ---------------------------------------------------------------------------------------
    "bot.error.unknown_unit": "یگانی به نام «{unit}» وجود ندارد.",
    "bot.rules.card": "کارت {unit}.",
    "bot.stats.game": "{game}:",
    "bot.leaderboard.game": "{game}",
    "bot.leaderboard.server_game": "جدول رده‌بندی این سرور در {game}:",
    "bot.leaderboard.global_game": "جدول رده‌بندی همهٔ سرورها در {game}:",
}
