"""Persian alt text of Point-Buy Chess's pictures (the ``alt.pb.`` keys; the words every game shares are
in `warchest_bot.i18n.fa.alt_text`).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
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
    "alt.pb.last.capture": "حرکت آخر: {player} {unit} را از {from_sq} به {to_sq} برد و {victims} را زد.",
    "alt.pb.last.swap": "حرکت آخر: {unit} {player} در {from_sq} با {partner} در {to_sq} جا عوض کرد.",
    "alt.pb.last.deploy": "حرکت آخر: {player} {unit} را در {square} مستقر کرد.",
    "alt.pb.last.pick": "حرکت آخر: {player} {unit} را انتخاب کرد.",
    "alt.pb.last.other": "حرکت آخر: از {player}.",
    "alt.pb.army": "ارتش مخفی شما: {units}.",
    "alt.pb.army.item": "{unit} در {square}",
    "alt.pb.army.barracks_item": "{unit} در پادگان",
    "alt.pb.army.none": "هنوز ارتش مخفی خود را انتخاب نکرده‌اید.",
    "alt.pb.unit_card": "کارت {unit}: قیمت آن {price} امتیاز است. {note}",
}
