"""Persian messages of War Chest's puzzles: the goal of a puzzle, why its solution is right, the coin menu
(the rest of `/wc puzzle` is in `warchest_bot.i18n.fa.puzzles`).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- War Chest's puzzles: what to find, why the solution is right, the coin menu ----------------------
    "puzzle.goal.win": "حرکتی را پیدا کنید که همین حالا بازی را می‌برد.",
    "puzzle.goal.defend": "حریف تهدید می‌کند آخرین نشان کنترلش را بگذارد. حرکتی را پیدا کنید که جلویش را بگیرد.",
    "puzzle.goal.capture": "حمله‌ای را پیدا کنید که یک یگان دشمن را از صفحه بیرون می‌کند.",
    "puzzle.select.coin": "یک سکه انتخاب کنید…",
    "puzzle.why.win": "این حرکت آخرین نشان کنترل شما را می‌گذارد: بازی را برده‌اید.",
    "puzzle.why.defend": "پس از آن، حریف نمی‌تواند با حرکت بعدی‌اش آخرین نشان کنترلش را بگذارد.",
    "puzzle.why.capture": "این حرکت یک یگان دشمن را از صفحه بیرون می‌کند و هیچ حرکت دیگری چنین نمی‌کند.",
}
