"""Persian messages of what every game's tutorial (`/wc tutorial`: the frame of a step, its buttons, its errors)
and rules guide (`/wc rules`: its errors) say around the game's own lessons and pages, which are in the
game's folder (`warchest_bot.service.tutorial`, `warchest_bot.discord.tutorial`).

The translation of `warchest_bot.i18n.en.tutorial` (same keys, same placeholders); same rules as every
Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "rules.error.no_topics": (
        "قوانین {game} بخش‌بندی نشده است: \u2068/wc rules\u2069 خلاصهٔ آن را نشان می‌دهد."
    ),
    "rules.error.unknown_topic": "موضوعی به نام «{topic}» در قوانین نیست: یکی را از فهرست انتخاب کنید.",
    "tutorial.all_done": (
        "🎉 همهٔ {total} درس آموزش را به پایان رساندید. با \u2068/wc new\u2069 یک بازی واقعی شروع کنید (با \u2068ai:easy\u2069 "
        "در برابر ربات)، یا با \u2068/wc tutorial lesson:\u2069 به هر درسی برگردید."
    ),
    "tutorial.button.again": "شروع دوبارهٔ این درس",
    "tutorial.button.hint": "راهنمایی",
    "tutorial.choice": "{number}. {title}",
    "tutorial.error.finished": (
        "آموزش را به پایان رسانده‌اید. با \u2068/wc tutorial lesson:\u2069 درسی را دوباره بازی کنید، یا با "
        "\u2068restart:True\u2069 از اول شروع کنید."
    ),
    "tutorial.error.no_lesson": "درسی با نام «{value}» وجود ندارد. یکی را از فهرست \u2068/wc tutorial lesson:\u2069 انتخاب کنید.",
    "tutorial.error.not_now": "اکنون در این درس نوبت حرکت شما نیست. با \u2068/wc tutorial\u2069 ببینید کجا هستید.",
    "tutorial.error.stale": (
        "این پیام آموزش قدیمی است: از آن زمان جلوتر رفته‌اید. با \u2068/wc tutorial\u2069 ببینید کجا هستید."
    ),
    "tutorial.followup": "حرکت شما ادامه‌ای دارد: برای پایان نوبت، آن را هم‌اکنون انتخاب کنید.",
    "tutorial.goal": "**هدف:** {goal}",
    "tutorial.header": "**درس {number} از {total}: {title}**",
    "tutorial.how": (
        "-# حرکت خود را از فهرست زیر انتخاب کنید، یا آن را با \u2068/wc tutorial action:\u2069 بنویسید (فهرست، "
        "حرکت‌های مجاز شما را نشان می‌دهد). تصویرها صفحهٔ بازی و سکه‌های شما را نشان می‌دهند."
    ),
    "tutorial.missed": (
        "❌ {action} حرکتی مجاز است، اما به هدف نمی‌رسد. {why} درس از وضعیت آغازینش دوباره شروع می‌شود: "
        "یک بار دیگر امتحان کنید."
    ),
    "tutorial.opponent": "حریف",
    "tutorial.opponent_played": "حریف شما {action} را بازی کرد.",
    "tutorial.played": "شما {action} را بازی کردید.",
    "tutorial.reached": "✅ {done}",
    "tutorial.why.generic": "این حرکت آنچه هدف می‌خواهد را انجام نمی‌دهد.",
    "tutorial.you": "شما",
}
