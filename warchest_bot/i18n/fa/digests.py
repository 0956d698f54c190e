"""Persian messages: the translation of `warchest_bot.i18n.en.digests` (same keys, same placeholders).

Same rules as every Persian message (see `warchest_bot.i18n.fa`)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "digest.server.title": "چکیدهٔ روزانهٔ بازی #{game_id}.",
    "digest.server.moves": "از چکیدهٔ پیشین تا کنون: {steps}.",
    "digest.server.turn": "در بازی #{game_id} نوبت {player} است.",
    "digest.server.shown_on": (
        "این سرور چکیدهٔ روزانه دارد: رشتهٔ هر بازی به جای یک پست پس از هر حرکت، روزی یک پست در ساعت "
        "{hour}:۰۰ به وقت \u2068UTC\u2069 می‌گیرد؛ به بازیکنی که نوبت اوست با پیام خصوصی خبر داده می‌شود."
    ),
    "digest.server.shown_off": (
        "این سرور صفحه را پس از هر حرکت می‌فرستد. مدیر سرور می‌تواند به جای آن روزی یک پست چکیده برای هر "
        "بازی برگزیند: \u2068/wc admin digest hour:\u2069"
    ),
    "digest.server.set_on": (
        "چکیدهٔ روزانه روشن شد: از این پس رشتهٔ هر بازی به جای یک پست پس از هر حرکت، روزی یک پست در ساعت "
        "{hour}:۰۰ به وقت \u2068UTC\u2069 می‌گیرد (حرکت‌های آن روز، نوبت کیست، و صفحه). به بازیکنی که نوبت اوست با پیام "
        "خصوصی خبر داده می‌شود؛ آغاز و پایان بازی مانند همیشه فرستاده می‌شوند."
    ),
    "digest.server.set_off": "چکیدهٔ روزانه خاموش شد: صفحه دوباره پس از هر حرکت فرستاده می‌شود.",
    "digest.error.not_admin": "فقط مدیر سرور (\u2068Manage Server\u2069) می‌تواند چکیدهٔ روزانه را تغییر دهد.",
    "digest.error.bad_hour": "ساعت چکیدهٔ روزانه یک ساعت کامل از ۰ تا ۲۳ (به وقت \u2068UTC\u2069) است.",
}
