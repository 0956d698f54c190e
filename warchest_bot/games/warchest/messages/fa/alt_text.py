"""Persian alt text of War Chest's pictures (the ``alt.wc.`` keys; the words every game shares are in
`warchest_bot.i18n.fa.alt_text`).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "alt.wc.empty": "هیچ یگانی روی صفحه نیست.",
    "alt.wc.units": "یگان‌های {player}: {units}.",
    "alt.wc.stack.item": "{unit} در {hex} (پشته‌ای از {count} سکه)",
    "alt.wc.units.count": "{player} {count} یگان روی صفحه دارد.",
    "alt.wc.control": "{player} این خانه‌ها را در تصرف دارد: {hexes}.",
    "alt.wc.control.none": "{player} هیچ خانه‌ای را در تصرف ندارد.",
    "alt.wc.draft": "انتخاب یگان‌ها در جریان است.",
    "alt.wc.hand": "سکه‌های دست شما: {coins}.",
    "alt.wc.hand.empty": "دست شما خالی است.",
    "alt.wc.coin.item": "{unit}",
    "alt.wc.bag": "{count} سکه در کیسهٔ شماست.",
    "alt.wc.text.stack": "{hex}: {unit} از آنِ {player}، پشته‌ای از {count} سکه.",
    "alt.wc.text.counts": (
        "{player}: {supply} سکه در ذخیره، {discard} سکه در دورریز ({face_down} تا رو به پایین)، "
        "{bag} سکه در کیسه، {hand} سکه در دست."
    ),
    "alt.wc.unit_card": "کارت {unit}: {ability}",
}
