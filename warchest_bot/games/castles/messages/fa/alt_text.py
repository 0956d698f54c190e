"""Persian messages: the translation of `warchest_bot.games.castles.messages.en.alt_text` (same keys, same
placeholders). Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "alt.ca.round": "دور {n}.",
    "alt.ca.round.pick": "دور {n}: هر دو بازیکن کارتی را رو به پایین می‌گذارند.",
    "alt.ca.roll.hit": "آخرین تاس: {unit}ِ {player} به {square} حمله کرد و {roll} آورد، با نیاز به {need} یا کمتر: موفق شد.",
    "alt.ca.roll.miss": "آخرین تاس: {unit}ِ {player} به {square} حمله کرد و {roll} آورد، با نیاز به {need} یا کمتر: شکست خورد.",
    "alt.ca.colour.blue": "آبی",
    "alt.ca.colour.red": "قرمز",
    "alt.ca.side": (
        "{player} ({colour}): {coins} سکه، {tokens} نشان تصرف، {bag} مهره در کیسه، {hand} کارت در دست، {deck} "
        "کارت در عرشه."
    ),
    "alt.ca.side.revealed": "کارت این دورِ {player}: {card}.",
    "alt.ca.side.down": "{player} کارتی را رو به پایین گذاشته است.",
    "alt.ca.side.drawn": "{player} این‌ها را کشید: {units}؛ هنوز باید اکشن کنند: {left}.",
    "alt.ca.card.unit": "{card} (کارت واحد، بهای {cost})",
    "alt.ca.card.event": "{card} (کارت رویداد، بهای {cost})",
    "alt.ca.none": "هیچ",
    "alt.ca.unit.item": "{unit} در {square}",
    "alt.ca.units": "واحدهای {player}: {units}.",
    "alt.ca.units.none": "{player} واحدی روی تخته ندارد.",
    "alt.ca.castle.standing": "{square} (از آنِ {player})",
    "alt.ca.castle.taken": "{square} (از آنِ {player}، تصرف‌شده به دست {taker})",
    "alt.ca.castles": "قلعه‌ها: {castles}.",
    "alt.ca.key.free": "{square} آزاد",
    "alt.ca.key.held": "{square} در دست {player}",
    "alt.ca.keys": "مناطق کلیدی: {areas}.",
    "alt.ca.hand": "دست شما: {cards}.",
    "alt.ca.hand.down": "کارت این دورِ شما: {card}.",
    "alt.ca.hand.drawn": "مهره‌های کشیده‌شده‌ی شما که هنوز باید اکشن کنند: {units}.",
    "alt.ca.reserve.item": "{unit} ×{n}",
    "alt.ca.hand.counts": "{coins} سکه، {bag} مهره در کیسه و {deck} کارت در عرشه دارید. ذخیره: {reserve}.",
    "alt.ca.unit_card": "کارت {unit}: بهای {cost}، حمله {attack} یا کمتر. {text}",
    "alt.ca.event_card": "کارت رویداد {event}: بهای {cost}. {text}",
    "alt.ca.text.unit": "{square}: {unit}ِ {player}.",
    "alt.ca.empty": "هیچ واحدی روی تخته نیست.",
}
