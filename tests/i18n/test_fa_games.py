"""The Persian translation of the games' own catalogue modules (every domain module of each game's folder,
``warchest_bot/games/<game>/messages/``) and of the shared alt text: every English key is translated, with
the same placeholders (``{detail}``, English text from the engine, may be left out), and every Latin run
written into a Persian template stands inside an isolate."""

from __future__ import annotations

import re
from types import ModuleType

import pytest

from warchest_bot import games as _games  # noqa: F401  (each game registers its own messages)
from warchest_bot.i18n.catalogue import SHARED, catalogues, placeholders, t

MODULES: tuple[tuple[ModuleType, ModuleType], ...] = (
    *(
        pair
        for c in catalogues()
        if c is not SHARED
        for pair in zip(c.domains["en"], c.domains["fa"], strict=True)
    ),
    *(
        (en, fa)
        for en, fa in zip(SHARED.domains["en"], SHARED.domains["fa"], strict=True)
        if en.__name__.endswith(".alt_text")
    ),
)
"""The (English, Persian) domain modules checked: every game's, and the shared alt text."""

_ISOLATED = re.compile("\u2068[^\u2068\u2069]*\u2069")
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
_LATIN = re.compile(r"[A-Za-z0-9/#:._-]*[A-Za-z0-9]+[A-Za-z0-9/#:._-]*")


def name_of(pair: tuple[ModuleType, ModuleType]) -> str:
    return pair[0].__name__.removeprefix("warchest_bot.")


def latin_outside_isolates(template: str) -> list[str]:
    """The Latin runs (letters or ASCII digits) of ``template`` that are neither isolated nor a placeholder;
    ``#`` right before a placeholder (``#{game_id}``) counts as part of it."""
    bare = _ISOLATED.sub(" ", template)
    bare = re.sub(r"#?" + _PLACEHOLDER.pattern, " ", bare)
    return _LATIN.findall(bare)


@pytest.mark.parametrize("pair", MODULES, ids=name_of)
def test_every_key_is_translated_with_the_same_placeholders(pair):
    english, persian = pair[0].MESSAGES, pair[1].MESSAGES
    assert set(persian) == set(english), sorted(set(english) ^ set(persian))
    for key, template in persian.items():
        assert placeholders(template) == placeholders(english[key]) - {"detail"}, key


@pytest.mark.parametrize("pair", MODULES, ids=name_of)
def test_latin_text_and_digits_are_isolated(pair):
    for key, template in pair[1].MESSAGES.items():
        assert latin_outside_isolates(template) == [], key
        assert template.count("\u2068") == template.count("\u2069"), key


def test_the_checker_catches_what_it_should():
    assert latin_outside_isolates("از /wc play استفاده کنید") == ["/wc", "play"]
    assert latin_outside_isolates("۳ سکه 3") == ["3"]
    assert latin_outside_isolates("بازی #{game_id}: \u2068Sw deploy e2\u2069") == []


def test_persian_words_fill_in():
    assert t("picture.pb.unit.Im", "fa") == "جاویدان"
    assert t("picture.pb.unit.Ki", "fa") == "شاه" and t("picture.pb.unit.Ki", "en") == "King"
    text = t("alt.wc.stack.item", "fa", unit="Swordsman", hex="e2", count=3)
    assert "\u2068e2\u2069" in text and "\u2068Swordsman\u2069" in text
    assert t("bot.kind.bolster", "fa") == "تقویت"
