"""Persian messages: the translation of `warchest_bot.games.forthecrown.messages.en.pictures` (same keys,
same placeholders). These words are drawn in pictures: keep them as short as the English; counts are
separated with the Persian comma (a middle dot reads as the Persian zero)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "picture.ftc.player": "بازیکن {n}",
    "picture.ftc.status.play": "نوبت {n}: {player} بازی می‌کند، {phase}",
    "picture.ftc.status.win": "{winner} برد: {loser} فرمانروایی روی صفحه ندارد",
    "picture.ftc.status.draw": "مساوی: هیچ‌کدام فرمانروایی روی صفحه ندارند",
    "picture.ftc.status.turn_cap": "مساوی: به سقف نوبت‌ها رسید",
    "picture.ftc.status.last_stand": "مهاجم در {n} نوبت آخرین فرمانروا را گرفت",
    "picture.ftc.pools": "فرمان {orders}، کنش {actions}، خرید {buys}، طلا {gold}",
    "picture.ftc.barracks": "پادگان",
    "picture.ftc.barracks.empty": "پادگان: خالی",
    "picture.ftc.counts": "عرشه {deck}، کنار گذاشته {discard}، دست {hand}",
    "picture.ftc.discard_top": "روی کنارگذاشته‌ها: {card}",
    "picture.ftc.revealed": "روشده روی عرشه: {card}",
    "picture.ftc.trash": "دورریخته: {n}",
    "picture.ftc.trash.cards": "دورریخته: {cards}",
    "picture.ftc.supply": "ذخیره",
    "picture.ftc.stack": "بها {cost}، مانده {n}",
    "picture.ftc.played": "بازی‌شده در این نوبت",
    "picture.ftc.played.none": "هنوز کارتی در این نوبت بازی نشده",
    "picture.ftc.card.cost": "بها {n}",
    "picture.ftc.card.pile": "{n} در ذخیره",
    "picture.ftc.hand.title": "دست {player}: {n} کارت",
    "picture.ftc.hand.empty": "کارتی در دستتان نیست.",
    "picture.ftc.hand.known_top": "روی عرشه‌تان: {cards}",
    "picture.ftc.hand.seen": "دست حریف: {cards}",
}
