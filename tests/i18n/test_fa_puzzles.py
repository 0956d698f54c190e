"""The puzzle messages (domain ``puzzles``: the shared words of `/wc puzzle` and War Chest's own, in its
folder) in English and Persian: the same keys and placeholders, Persian
words, Latin runs (commands) only inside isolates, and every sentence the puzzle code uses exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from warchest_bot.games.warchest import messages as warchest
from warchest_bot.games.warchest.messages.en import puzzles as en_warchest
from warchest_bot.games.warchest.messages.fa import puzzles as fa_warchest
from warchest_bot.i18n import en, fa
from warchest_bot.i18n.catalogue import placeholders
from warchest_bot.i18n.en import puzzles as en_puzzles
from warchest_bot.i18n.fa import puzzles as fa_puzzles

PAIRS = ((en_puzzles, fa_puzzles), (en_warchest, fa_warchest))

PERSIAN_LETTER = re.compile(r"[\u0621-\u064a\u067e\u0686\u0698\u06a9\u06af\u06cc]")
LATIN_RUN = re.compile(r"[A-Za-z0-9/#:._-]*[A-Za-z0-9][A-Za-z0-9/#:._-]*")
ISOLATED = re.compile(r"\u2068[^\u2069]*\u2069|\{[a-z_]+\}")


def test_the_domain_is_registered_in_both_languages():
    assert en_puzzles in en.DOMAINS and fa_puzzles in fa.DOMAINS
    assert en_warchest in warchest.CATALOGUE.domains["en"] and fa_warchest in warchest.CATALOGUE.domains["fa"]


@pytest.mark.parametrize("pair", PAIRS, ids=lambda pair: pair[0].__name__)
def test_persian_has_every_key_with_the_same_placeholders_in_persian_words(pair):
    english, persian = pair[0].MESSAGES, pair[1].MESSAGES
    assert set(english) == set(persian)
    for key in english:
        assert placeholders(persian[key]) == placeholders(english[key]), key
        assert PERSIAN_LETTER.search(persian[key]), key
        assert not re.search(r"[\u064a\u0643]", persian[key]), key  # Arabic yeh / kaf
        outside = ISOLATED.sub("", persian[key])
        assert not LATIN_RUN.search(outside), (key, LATIN_RUN.findall(outside))


def test_every_puzzle_message_the_code_names_exists():
    root = Path(__file__).resolve().parents[2] / "warchest_bot"
    code = (root / "discord" / "puzzles.py").read_text() + (root / "service" / "puzzles.py").read_text()
    named = set(re.findall(r'"(puzzle\.[a-z_.]+)"', code))
    themed = {f"puzzle.{kind}.{theme}" for kind in ("goal", "why") for theme in ("win", "defend", "capture")}
    assert named and (named | themed) <= set(en_puzzles.MESSAGES) | set(en_warchest.MESSAGES)
