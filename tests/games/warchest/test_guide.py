"""War Chest's rules guide (`warchest_bot.games.warchest.guide`, ``/wc rules topic:``): every topic has a
page of at most 2000 characters in English and in Persian, the guide covers the nine actions and all 16
units (with the engine's coin counts), and a topic is found by id, code, English or Persian name."""

from __future__ import annotations

import pytest

from warchest_bot.games.warchest import guide
from warchest_bot.games.warchest.engine.units import BASE_UNITS, UNITS
from warchest_bot.games.warchest.messages import en, fa
from warchest_bot.i18n import t

LOCALES = ("en", "fa")
ACTION_WORDS = {
    "en": (
        "Deploy",
        "Bolster",
        "Move",
        "Control",
        "Attack",
        "Tactic",
        "Recruit",
        "Pass",
        "Claim the initiative",
    ),
    "fa": (
        "استقرار",
        "تقویت",
        "حرکت",
        "تصرف",
        "حمله",
        "تاکتیک",
        "استخدام",
        "گذشتن (پاس)",
        "گرفتن ابتکار عمل",
    ),
}


@pytest.mark.parametrize("locale", LOCALES)
def test_every_page_fits_one_message_and_every_label_one_choice(locale):
    assert (
        len(guide.TOPICS) == len(set(guide.TOPICS)) == 18 + 24
    )  # the general pages (nobility and siege among them), 24 units
    for topic, label in guide.topics(locale):
        text = guide.page(topic, locale)
        assert 100 < len(text) <= 2000, topic
        assert 0 < len(label) <= 100, topic


def test_the_persian_guide_is_a_translation():
    english, persian = en.rules.MESSAGES, fa.rules.MESSAGES
    assert set(english) == set(persian)
    assert all(persian[key] != english[key] for key in english)
    for topic in guide.TOPICS:
        assert guide.page(topic, "fa") != guide.page(topic, "en"), topic


@pytest.mark.parametrize("locale", LOCALES)
def test_the_guide_covers_the_nine_actions(locale):
    assert guide.ACTIONS == (
        "deploy",
        "bolster",
        "move",
        "control",
        "attack",
        "tactic",
        "recruit",
        "pass",
        "claim",
    )
    summary = guide.page("actions", locale)
    for action, word in zip(guide.ACTIONS, ACTION_WORDS[locale], strict=True):
        assert f"**{word}" in summary, word
        page = guide.page(action, locale)
        assert page.startswith(f"**{word}"), action
        assert word in guide.topic_label(action, locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_guide_covers_every_unit_with_the_engines_coin_counts(locale):
    units = guide.page("units", locale)
    assert [u.code for u in UNITS[1:]] == list(guide.UNIT_CODES)
    for u in BASE_UNITS:
        info = UNITS[u]
        name = guide.unit_name(info.code, locale)
        assert f"**{name}**" in units or f"**\u2068{name}\u2069**" in units, info.name
        page = guide.page(info.code, locale)
        expected = t(
            "rules.warchest.unit.title",
            locale,
            name=name,
            unit_code=info.code,
            coins=info.coins,
            supply=info.coins - 2,
        )
        assert page.startswith(expected) and len(page) > len(expected) + 100, info.name
    assert guide.page("Fo", "en").startswith(
        "**Footman** (`Fo`): 5 coins, 2 of them in the starting bag and 3"
    )
    # the Royal Guard's page explains both versions of its card (the royal_guard option)
    for word in ("`revised`", "`original`", "`soak`"):
        assert word in guide.page("RG", locale)


@pytest.mark.parametrize(
    ("text", "locale", "topic"),
    [
        ("setup", "en", "setup"),
        ("SETUP", "fa", "setup"),
        ("Claim", "en", "claim"),
        ("Light Cavalry", "en", "LC"),
        ("light-cavalry", "en", "LC"),
        ("wp", "en", "WP"),
        ("Warrior Priest", "fa", "WP"),
        ("کاهن جنگجو", "fa", "WP"),
        ("Action: Attack", "en", "attack"),
        ("Royal Coin", "en", "royal"),
        ("سکهٔ سلطنتی", "fa", "royal"),
        ("Action", "en", None),  # every action's label: which one?
        ("dragons", "en", None),
        ("  ", "en", None),
    ],
)
def test_finding_a_topic(text, locale, topic):
    assert guide.find_topic(text, locale) == topic


def test_the_brief_rules_name_the_units_in_the_readers_language():
    from warchest_bot.games import get_game

    game = get_game("warchest")
    persian, english = game.rules_text("fa"), game.rules_text("en")
    assert "Archer" in english and "Warrior Priest" in english
    assert "Archer" not in persian and "Warrior Priest" not in persian
    names = game.unit_names("fa")
    assert all(names[u.code] in persian for u in game.units())
