"""The Persian catalogue against the English one: same message ids and placeholders, no Latin text outside a
directional isolate, isolates around every filled-in value and Persian digits for numbers.

These run over every Persian message: the shared words and each game's own (`catalogues`)."""

from __future__ import annotations

import re
import string

import pytest

from warchest_bot import games as _games  # noqa: F401  (each game registers its own messages)
from warchest_bot.i18n import (
    EN_MESSAGES,
    catalogues,
    format_number,
    localize_digits,
    messages,
    persian_digits,
    placeholders,
    t,
)
from warchest_bot.i18n.catalogue import _CATALOGUES

FSI, PDI = "\u2068", "\u2069"
FA = dict(messages("fa"))
LATIN_RUN = re.compile(r"[A-Za-z0-9/]+")
ENGINE_ONLY = {"detail"}
"""Placeholders filled with English text from the rules engine, which Persian may leave out."""


def test_persian_is_registered_and_is_the_catalogues_own():
    owners = [c.owner for c in catalogues()]
    assert owners[0] == "warchest_bot.i18n" and "warchest_bot.games.pointbuy.messages" in owners
    every = {msg_id: text for c in catalogues() for msg_id, text in c.messages.get("fa", {}).items()}
    assert _CATALOGUES["fa"] == FA == every


def test_every_persian_message_exists_in_english_with_the_same_placeholders():
    for msg_id, template in FA.items():
        assert msg_id in EN_MESSAGES, f"fa has {msg_id!r}, en does not"
        english = placeholders(EN_MESSAGES[msg_id])
        assert placeholders(template) - ENGINE_ONLY == english - ENGINE_ONLY, msg_id


def without_placeholders_and_isolates(template: str) -> str:
    """The template's own text outside every ``{placeholder}`` and every FSI … PDI isolate (nested ones
    too); a PDI without its FSI is an error."""
    literal = "".join(
        text + ("\0" if name is not None else "") for text, name, _, _ in string.Formatter().parse(template)
    )
    out, depth = [], 0
    for ch in literal:
        if ch == FSI:
            depth += 1
        elif ch == PDI:
            assert depth > 0, f"an isolate closed that was never opened: {template!r}"
            depth -= 1
        elif depth == 0:
            out.append(ch)
    assert depth == 0, f"an isolate left open: {template!r}"
    return "".join(out)


def test_checker_finds_latin_outside_isolates():
    assert (
        LATIN_RUN.findall(without_placeholders_and_isolates("با \u2068/wc play\u2069 بازی {game_id} کنید."))
        == []
    )
    assert LATIN_RUN.findall(without_placeholders_and_isolates("با /wc play بازی کنید.")) == ["/wc", "play"]
    assert LATIN_RUN.findall(without_placeholders_and_isolates("دور 3")) == ["3"]  # digits: Persian ones
    assert LATIN_RUN.findall(without_placeholders_and_isolates("**{player}** ⚔️ -# ")) == []
    with pytest.raises(AssertionError):
        without_placeholders_and_isolates("\u2068Sw move")


def test_no_latin_run_outside_an_isolate():
    bad = {}
    for msg_id, template in FA.items():
        stray = LATIN_RUN.findall(without_placeholders_and_isolates(template))
        if stray:
            bad[msg_id] = (stray, template)
    assert not bad, f"Latin text outside \\u2068…\\u2069 (or Latin digits): {bad}"


def test_every_filled_in_value_is_isolated_in_persian():
    for msg_id, template in FA.items():
        values = {name: f"<{name}>" for name in placeholders(EN_MESSAGES[msg_id])}
        text = t(msg_id, "fa", **values)
        for name in placeholders(template):
            assert f"{FSI}<{name}>{PDI}" in text, (msg_id, name)


def test_numbers_are_written_in_persian_digits(monkeypatch):
    monkeypatch.setitem(_CATALOGUES, "fa", {**FA, "list.two": "{first} و {second}"})
    assert format_number(1234, "fa") == "۱۲۳۴" and format_number(1234, "en") == "1234"
    assert format_number(7, "en-US") == "7" and format_number(7, None) == "7"
    assert persian_digits("Round 12, 3/4") == "Round ۱۲, ۳/۴"
    assert localize_digits("e2-e3", "en") == "e2-e3"
    # t(): int values in Persian digits, isolated; strings (a mention, an action) keep their digits
    text = t("list.two", "fa", first=12, second="<@34>")
    assert f"{FSI}۱۲{PDI}" in text and f"{FSI}<@34>{PDI}" in text
    assert t("list.two", "en", first=12, second=True) == "12 and True"
    assert f"{FSI}True{PDI}" in t("list.two", "fa", first=True, second=0)  # bool is not a number


DISCORD_LIMITS = (("bot.button.", 80), ("bot.kind.", 100), ("bot.menu.actions_more", 150))
"""Message ids that Discord shows as button labels (80 characters), select options (100) and select
placeholders (150)."""


def discord_limit(msg_id: str) -> int | None:
    if msg_id.endswith("_placeholder"):
        return 150
    return next((limit for prefix, limit in DISCORD_LIMITS if msg_id.startswith(prefix)), None)


def test_persian_labels_fit_discord_limits():
    for msg_id, template in FA.items():
        limit = discord_limit(msg_id)
        if limit is None:
            continue
        values = {name: 10**3 for name in placeholders(template)}  # numbers as the menus fill in
        assert len(t(msg_id, "fa", **values)) <= limit, (msg_id, limit)
    assert discord_limit("bot.button.play") == 80 and discord_limit("bot.menu.coin_placeholder") == 150
