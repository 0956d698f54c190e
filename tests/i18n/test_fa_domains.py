"""The Persian translation of the shared domains (common, lobby, play, clocks, history, accounts, errors, ai,
help): every English message is translated, with the same placeholders, in Persian words."""

from __future__ import annotations

import importlib
import re

import pytest

from warchest_bot.i18n.catalogue import placeholders, t

DOMAINS = ("common", "lobby", "play", "clocks", "history", "accounts", "errors", "ai", "help")

NOTATION_ONLY = {
    "bot.thread.name",  # "{game} #{game_id}": a thread's name
    "bot.play.suggestion",  # "{action} · {note}": an entry of /wc play's list
    "bot.notify.mention",  # "{player} {message}": a mention before a reminder
    "bot.history.line",  # "{ply}. {player}: {action}": one line of an action log
    "summary.action",  # "{action}": a decision of a turn's summary told by its notation
    "summary.step_by",  # "{player}: {action}": a decision of another seat in a turn's summary
    "bot.stats.game",  # "{game}:": the heading of a game's statistics
    "bot.leaderboard.game",  # "{game}": the heading of a game's leaderboard
    "bot.ai.seat_name",  # "{bot} ({level})": the bot's seat
    "bot.ai.seat_name_numbered",  # "{bot} {number} ({level})": a bot's seat in a game of several bots
}
"""Messages made only of placeholders and punctuation, the same in every language."""

PUNCTUATION_ONLY = {"list.separator": "، ", "summary.separator": "؛ "}
"""Messages that are one Persian punctuation mark (the Persian comma joins lists, the Persian semicolon
the decisions of a turn's summary)."""

PERSIAN_LETTER = re.compile(r"[\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]")
ARABIC_FORMS = re.compile(r"[\u064a\u0643]")  # Arabic yeh and kaf: Persian writes ی and ک


def modules(domain: str) -> tuple[dict[str, str], dict[str, str]]:
    en = importlib.import_module(f"warchest_bot.i18n.en.{domain}").MESSAGES
    fa = importlib.import_module(f"warchest_bot.i18n.fa.{domain}").MESSAGES
    return en, fa


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_english_message_is_translated_and_nothing_else(domain: str) -> None:
    en, fa = modules(domain)
    assert sorted(set(en) - set(fa)) == []
    assert sorted(set(fa) - set(en)) == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_same_placeholders_as_english_except_the_engines_detail(domain: str) -> None:
    en, fa = modules(domain)
    differ = {
        key: sorted(placeholders(fa[key]) ^ (placeholders(en[key]) - {"detail"})) for key in en if key in fa
    }
    assert {key: names for key, names in differ.items() if names} == {}


@pytest.mark.parametrize("domain", DOMAINS)
def test_messages_are_persian_words(domain: str) -> None:
    en, fa = modules(domain)
    not_persian = [
        key
        for key, text in fa.items()
        if key not in NOTATION_ONLY | set(PUNCTUATION_ONLY) and not PERSIAN_LETTER.search(text)
    ]
    assert not_persian == []
    arabic = [key for key, text in fa.items() if ARABIC_FORMS.search(text)]
    assert arabic == []


def test_the_notation_only_messages_are_the_english_ones() -> None:
    en = {key: text for domain in DOMAINS for key, text in modules(domain)[0].items()}
    fa = {key: text for domain in DOMAINS for key, text in modules(domain)[1].items()}
    assert {key: fa[key] for key in NOTATION_ONLY} == {key: en[key] for key in NOTATION_ONLY}
    assert {key: fa[key] for key in PUNCTUATION_ONLY} == PUNCTUATION_ONLY


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_message_fills_in_and_wraps_each_value_in_isolates(domain: str) -> None:
    en, fa = modules(domain)
    for key in fa:
        values = {name: f"<{name}>" for name in placeholders(en[key])}
        text = t(key, "fa", **values)
        for name in placeholders(fa[key]):
            assert f"\u2068<{name}>\u2069" in text, (key, name)


def test_persian_lists() -> None:
    assert t("list.two", "fa", first="X", second="Y") == "\u2068X\u2069 و \u2068Y\u2069"
    assert t("team.0", "fa") == "طرف الف"
