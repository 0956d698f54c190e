"""Persian messages: the translation of `warchest_bot.i18n.en.alt_text` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "alt.list_separator": "، ",
    "alt.player": "بازیکن {n}",
    # --- every game -------------------------------------------------------------------------------------
    "alt.board": "صفحهٔ {game} پس از حرکت {plies}.",
    "alt.turn": "نوبت {player} است.",
    "alt.over.win": "بازی تمام شد: {winner} برنده شد.",
    "alt.over.draw": "بازی تمام شد: مساوی.",
    "alt.last": "حرکت آخر: {player} {action} را بازی کرد.",
    "alt.private": "نمای خصوصی شما از {game}.",
    "alt.unit_card": "کارت {unit}.",
    "alt.replay": "بازپخش {game}، بازی #{game_id}: پویانمایی {plies} حرکت آن.",
    "alt.text.legal": "کنش‌های مجاز شما ({count}):",
    "alt.text.attached": "متن صفحه طولانی است: آن را در فایل پیوست ببینید.",
    "alt.more": "فهرست کامل برای این توضیح بیش از حد طولانی است: از \u2068/wc board text:true\u2069 استفاده کنید.",
    # --- War Chest --------------------------------------------------------------------------------------
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
    # --- Point-Buy Chess --------------------------------------------------------------------------------
    "alt.pb.empty": "هیچ یگانی روی صفحه نیست.",
    "alt.pb.units": "یگان‌های {player}: {units}.",
    "alt.pb.unit.item": "{unit} در {square}",
    "alt.pb.units.count": "{player} {count} یگان روی صفحه دارد.",
    "alt.pb.barracks": "پادگان {player}: {units}.",
    "alt.pb.barracks.empty": "پادگان {player} خالی است.",
    "alt.pb.budget": "{budget} امتیاز برای {player} باقی مانده است.",
    "alt.pb.text.unit": "{square}: {unit} از آنِ {player}.",
    "alt.pb.secret": "ارتش‌ها مخفیانه انتخاب می‌شوند.",
    "alt.pb.last.move": "حرکت آخر: {player} {unit} را از {from_sq} به {to_sq} برد.",
    "alt.pb.last.deploy": "حرکت آخر: {player} {unit} را در {square} مستقر کرد.",
    "alt.pb.last.pick": "حرکت آخر: {player} {unit} را انتخاب کرد.",
    "alt.pb.last.other": "حرکت آخر: از {player}.",
    "alt.pb.army": "ارتش مخفی شما: {units}.",
    "alt.pb.army.item": "{unit} در {square}",
    "alt.pb.army.barracks_item": "{unit} در پادگان",
    "alt.pb.army.none": "هنوز ارتش مخفی خود را انتخاب نکرده‌اید.",
    "alt.pb.unit_card": "کارت {unit}: قیمت آن {price} امتیاز است. {note}",
}
