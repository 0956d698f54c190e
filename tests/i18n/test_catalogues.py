"""The catalogue is made of catalogues, one per owner: the shared words and each game's own words, which
the game's package registers from its folder. A game's words join every locale and leave it again, an id
belongs to one owner, a translation cannot invent ids or placeholders, and a process that imported the
games package finds any game's words on first lookup (as a render worker does)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from warchest_bot.games import game_kinds, get_game
from warchest_bot.i18n import (
    EN_MESSAGES,
    Catalogue,
    catalogue,
    catalogues,
    messages,
    register_catalogue,
    t,
    unregister_catalogue,
)
from warchest_bot.i18n.catalogue import SHARED

OWNER = "tests.i18n.dice"
DICE = Catalogue(
    OWNER,
    {
        "en": {"dice.rolled": "{player} rolled a {number}.", "dice.title": "Dice"},
        "fa": {"dice.rolled": "{player} عدد {number} را آورد."},
    },
)


@pytest.fixture
def dice():
    register_catalogue(DICE)
    yield DICE
    unregister_catalogue(OWNER)


def test_a_games_words_join_every_locale_and_leave_again(dice):
    assert t("dice.rolled", "en", player="Ann", number=4) == "Ann rolled a 4."
    assert "۴" in t("dice.rolled", "fa", player="Ann", number=4)
    assert t("dice.title", "fa") == "Dice"  # not translated: English
    assert dice in catalogues() and "dice.rolled" in messages("fa")
    unregister_catalogue(OWNER)
    assert "dice.rolled" not in EN_MESSAGES and "dice.rolled" not in messages("fa")
    assert dice not in catalogues()


def test_registering_the_same_catalogue_twice_is_harmless(dice):
    assert register_catalogue(dice) is dice
    assert sum(c.owner == OWNER for c in catalogues()) == 1


def test_an_id_belongs_to_one_owner():
    with pytest.raises(ValueError, match="already in the catalogue"):
        register_catalogue(Catalogue(OWNER, {"en": {"error.game_over": "Over."}}))
    with pytest.raises(ValueError, match="already in the catalogue"):
        register_catalogue(Catalogue(OWNER, {"en": {"bot.kind.bolster": "Bolster"}}))  # War Chest's
    assert OWNER not in [c.owner for c in catalogues()]


def test_a_translation_cannot_invent_ids_or_placeholders():
    with pytest.raises(ValueError, match="unknown message id"):
        register_catalogue(Catalogue(OWNER, {"en": {"dice.a": "A"}, "fa": {"dice.b": "ب"}}))
    with pytest.raises(ValueError, match="placeholders"):
        register_catalogue(Catalogue(OWNER, {"en": {"dice.a": "A"}, "fa": {"dice.a": "{secret}"}}))
    assert "dice.a" not in EN_MESSAGES


def test_the_first_lookup_of_an_unknown_id_loads_the_games_once(monkeypatch):
    calls = []
    monkeypatch.setattr(catalogue, "_game_loader", lambda: calls.append(1) or register_catalogue(DICE))
    monkeypatch.setattr(catalogue, "_games_loaded", False)
    try:
        assert t("dice.title", "en") == "Dice"
        with pytest.raises(KeyError):
            t("dice.nothing", "en")
        assert calls == [1]
    finally:
        unregister_catalogue(OWNER)


@pytest.mark.parametrize(
    "imported",
    ["warchest_bot.games", "warchest_bot.games.pointbuy.render", "warchest_bot.games.warchest.render"],
)
def test_a_fresh_process_finds_every_games_words(imported):
    code = (
        f"import {imported}\n"
        "from warchest_bot.i18n import for_game, has_message, t\n"
        "print(t('bot.kind.bolster', 'fa'), t('picture.pb.unit.Im', 'fa'), for_game('bot.hand.title', 'pointbuy'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["تقویت", "جاویدان", "bot.hand.title.pointbuy"]


def test_the_shared_words_name_no_game_and_no_unit_code():
    """What every game shares says nothing of one game: no game's title or kind, no unit code as a word
    (a game's own examples and names live in its folder, see `for_game`)."""
    words = set()
    for kind in game_kinds():
        game = get_game(kind)
        words |= {game.title, kind, *(unit.code for unit in game.units())}
    found = {
        (language, msg_id, word)
        for language, shared in SHARED.messages.items()
        for msg_id, template in shared.items()
        for word in words
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", template)
    }
    assert found == set()


@pytest.mark.parametrize(
    "first",
    [
        "warchest_bot.games.pointbuy",
        "warchest_bot.games.warchest",
        "warchest_bot.games.castles.entry",
        "warchest_bot.games.forthecrown.entry",
    ],
)
def test_the_order_of_the_catalogues_does_not_depend_on_which_game_was_imported_first(first):
    code = (
        f"import {first}\n"
        "from warchest_bot.i18n import catalogues\n"
        "print(' '.join(c.owner for c in catalogues()))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == [
        "warchest_bot.i18n",
        "warchest_bot.games.castles.messages",
        "warchest_bot.games.forthecrown.messages",
        "warchest_bot.games.pointbuy.messages",
        "warchest_bot.games.warchest.messages",
    ]
