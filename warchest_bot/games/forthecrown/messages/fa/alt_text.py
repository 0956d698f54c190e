"""Persian messages: the translation of `warchest_bot.games.forthecrown.messages.en.alt_text` (same keys,
same placeholders)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "alt.ftc.board": "صفحه‌ی «برای تاج». {status}.",
    "alt.ftc.units": "یگان‌های {player} روی صفحه: {units}.",
    "alt.ftc.units.none": "{player} یگانی روی صفحه ندارد.",
    "alt.ftc.unit_item": "{unit} در {square}",
    "alt.ftc.barracks": "پادگان {player}: {units}.",
    "alt.ftc.barracks.empty": "پادگان {player} خالی است.",
    "alt.ftc.counts": "{player} {deck} کارت در عرشه، {discard} کارت کنار گذاشته و {hand} کارت در دست دارد.",
    "alt.ftc.revealed": "روی عرشه‌ی {player} کارت {card} پیداست.",
    "alt.ftc.supply": "ذخیره: {stacks}.",
    "alt.ftc.stack_item": "{card} (بها {cost}، {n} مانده)",
    "alt.ftc.trash": "دورریخته‌ها: {cards}.",
    "alt.ftc.trash.empty": "هیچ کارتی دور ریخته نشده.",
    "alt.ftc.played": "بازی‌شده در این نوبت: {cards}.",
    "alt.ftc.played.none": "هنوز کارتی در این نوبت بازی نشده.",
    "alt.ftc.hand": "دست شما در «برای تاج»: {cards}.",
    "alt.ftc.hand.empty": "دست شما در «برای تاج» خالی است.",
    "alt.ftc.card": "{card}، بها {cost}. {first} {second}",
    "alt.ftc.half": "{kind}: {text}",
}
