"""Persian messages: the translation of `warchest_bot.games.forthecrown.messages.en.cards` (same keys, same
placeholders)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "forthecrown.card.peon": "رعیت",
    "forthecrown.card.guard": "نگهبان",
    "forthecrown.card.squire": "مهتر",
    "forthecrown.card.champion": "پهلوان",
    "forthecrown.card.clergy": "روحانیان",
    "forthecrown.card.tower": "برج",
    "forthecrown.card.consort": "همسر",
    "forthecrown.card.academy": "آکادمی",
    "forthecrown.card.armor": "زره",
    "forthecrown.card.astrology": "اخترشناسی",
    "forthecrown.card.aviary": "پرندگاه",
    "forthecrown.card.bureaucracy": "دیوان‌سالاری",
    "forthecrown.card.destiny": "سرنوشت",
    "forthecrown.card.evangelism": "تبلیغ دین",
    "forthecrown.card.executive-action": "فرمان اجرایی",
    "forthecrown.card.false-orders": "فرمان دروغین",
    "forthecrown.card.fog": "مه",
    "forthecrown.card.heir": "ولیعهد",
    "forthecrown.card.legend": "افسانه",
    "forthecrown.card.mourning": "سوگ",
    "forthecrown.card.onslaught": "یورش",
    "forthecrown.card.patronage": "حمایت",
    "forthecrown.card.quartermaster": "سررشته‌دار",
    "forthecrown.card.refiner": "پالایشگر",
    "forthecrown.card.sacrifice": "فداکاری",
    "forthecrown.card.sanctuary": "پناهگاه",
    "forthecrown.card.scribes": "کاتبان",
    "forthecrown.card.stables": "اصطبل",
    "forthecrown.card.subterfuge": "نیرنگ",
    "forthecrown.card.temple": "معبد",
    "forthecrown.card.versatility": "چندکارگی",
    "forthecrown.card.vigilance": "هوشیاری",
    "forthecrown.card.wish": "آرزو",
    "forthecrown.kind.order": "فرمان",
    "forthecrown.kind.action": "کنش",
    "forthecrown.kind.treasure": "گنج",
    "forthecrown.kind.train": "کنش آموزش",
    "forthecrown.effect.gold": "+{gold} طلا.",
    "forthecrown.effect.gold.buys": "+{gold} طلا، +{buys} خرید.",
    "forthecrown.effect.gold.discount": "+{gold} طلا، +{buys} خرید؛ در این نوبت هر کارت {discount} ارزان‌تر است.",
    "forthecrown.effect.train": "این کارت را دور بریزید: یک {unit} در پادگانتان آموزش ببیند.",
    "forthecrown.effect.train.many": "این کارت را دور بریزید: {count} {unit} در پادگانتان آموزش ببینند.",
    "forthecrown.effect.legend": "به ازای هر اثر گنج دیگری که پیش از آن در این نوبت بازی شده، +۱ طلا.",
    "forthecrown.effect.guard_deploy": "یک یگان پادگان را در خانه‌ای خالی کنار یکی از فرمانروایانتان مستقر کنید.",
    "forthecrown.effect.squire_deploy": "یک یگان پادگان را در خانه‌ای خالی از ردیف دومتان مستقر کنید.",
    "forthecrown.effect.academy": "یک یگان پیاده از پادگان را در ردیف اول یا دومتان مستقر کنید؛ سپس +۱ فرمان.",
    "forthecrown.effect.armor": "یک یگان سنگین پیش می‌رود؛ تا آغاز نوبت بعدی شما آسیب‌ناپذیر است.",
    "forthecrown.effect.astrology": "+۱ فرمان، +۱ خرید، +۱ طلا؛ حریف دستش را به شما نشان می‌دهد.",
    "forthecrown.effect.aviary": "یک یگان شاهانه را در هر خانه‌ی خالی بگذارید که هیچ یگان دشمنی به آن حمله نمی‌کند.",
    "forthecrown.effect.bureaucracy": "یک یگان پیاده پیش می‌رود یا حمله می‌کند؛ سپس +۱ فرمان.",
    "forthecrown.effect.exec_draw": "+۲ کارت، +۱ کنش.",
    "forthecrown.effect.exec_deploy": "یک یگان پادگان را با قاعده‌های معمول استقرار مستقر کنید.",
    "forthecrown.effect.false_orders": (
        "یک یگان دشمن که فرمانروا نیست، همان‌گونه که صاحبش می‌توانست، پیش می‌رود یا حمله می‌کند؛ در نوبت "
        "بعدی صاحبش فرمانی نمی‌گیرد."
    ),
    "forthecrown.effect.false_orders_reveal": "حریف کارت روی عرشه‌اش را نشان می‌دهد؛ آن را دور بریزید یا برگردانید.",
    "forthecrown.effect.heir": "یک فرمانروا به خانه‌ای پیش می‌رود که هیچ یگان دشمنی به آن حمله نمی‌کند؛ سپس +۱ فرمان.",
    "forthecrown.effect.mourning": (
        "یک یگان شاهانه حمله می‌کند؛ یگان‌های دشمنِ کنار یگان گرفته‌شده در نوبت بعدی‌شان فرمانی نمی‌گیرند."
    ),
    "forthecrown.effect.onslaught": "حداکثر ۴ یگان پیاده، یکی‌یکی: روی صفحه پیش می‌روند، در پادگان مستقر می‌شوند.",
    "forthecrown.effect.quartermaster_deploy": "دو یگان پادگان را در خانه‌های خالی ردیف اولتان مستقر کنید.",
    "forthecrown.effect.sanctuary": (
        "یک یگان سنگین به کنار یک یگان خودی پیش می‌رود؛ سپس یک یگان خودیِ کنارش به خانه‌ای خالی کنار آن می‌رود."
    ),
    "forthecrown.effect.sanctuary_draw": "+۲ کارت، +۱ فرمان، +۱ طلا؛ سپس ۲ کارت را کنار بگذارید.",
    "forthecrown.effect.stables_march": "یک یگان سواره پیش می‌رود و سپس همان یگان دوباره پیش می‌رود.",
    "forthecrown.effect.stables_draw": "+۲ کارت، +۱ کنش، +۱ خرید؛ سپس یک کارت دست را رو به پایین روی عرشه بگذارید.",
    "forthecrown.effect.temple": "یک یگان روحانی پیش می‌رود؛ سپس +۱ فرمان.",
    "forthecrown.effect.versatility": "+۱ فرمان؛ تا ۴ کارت را کنار بگذارید و به همان تعداد بکشید.",
    "forthecrown.effect.wish": "+۱ فرمان؛ نام کارتی را بگویید و عرشه را رو کنید تا پیدایش کنید؛ به دستتان می‌رود.",
    "forthecrown.effect.wish_immunity": (
        "+۱ فرمان؛ هر تعداد از فرمانروایانتان فرمان‌گرفته و تا نوبت بعدی شما آسیب‌ناپذیر می‌شوند؛ در نوبت "
        "بعدی کارتی برای فرمان بازی نمی‌شود."
    ),
    "forthecrown.effect.consort": "یک یگان غیرفرمانروا را در خانه‌ای خالی کنار یگان شاهانه‌ی خودیِ دیگری بگذارید.",
    "forthecrown.effect.destiny": (
        "+۱ کارت، +۱ کنش؛ یک کارت آموزش را از دستتان دور بریزید و یکی از یگان‌هایتان را به یگانی که آن "
        "آموزش می‌دهد تبدیل کنید."
    ),
    "forthecrown.effect.evangelism": "یک یگان روحانی از پادگان را کنار یک یگان روحانی خودی بگذارید.",
    "forthecrown.effect.fog": "یک یگان سواره پیش می‌رود، حتی اگر فرمان گرفته باشد.",
    "forthecrown.effect.refiner_morph": (
        "+۱ کارت، +۱ کنش؛ یک کارت آموزش را از دستتان دور بریزید و یک یگان پادگان را به یگانی که آن آموزش "
        "می‌دهد تبدیل کنید."
    ),
    "forthecrown.effect.refiner_gain": (
        "+۱ کارت، +۱ کنش؛ یک کارت را از دستتان دور بریزید و کارتی بگیرید که حداکثر ۲ گران‌تر است."
    ),
    "forthecrown.effect.sacrifice": "یک کارت را کنار بگذارید و کارتی با بهای حداکثر ۶ بگیرید.",
    "forthecrown.effect.scribes": "+۳ کارت، +۱ خرید؛ می‌توانید یک کارت دست را رو به پایین روی عرشه بگذارید.",
    "forthecrown.effect.subterfuge": "دو یگان شما که در یک دسته مشترک‌اند جایشان را عوض می‌کنند (پادگان هم).",
    "forthecrown.effect.vigilance": "+۱ کارت، +۱ کنش، +۱ خرید، +۲ طلا؛ سپس یک کارت دست را رو به پایین روی عرشه بگذارید.",
}
