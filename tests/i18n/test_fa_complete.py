"""Persian is complete: every message a user can read in English exists in Persian, in the module of the
same domain, in every catalogue (the shared words and each game's own, in its folder); placeholders,
isolates and digits are checked by the other tests of this folder."""

from __future__ import annotations

import pytest

from warchest_bot import games as _games  # noqa: F401  (each game registers its own messages)
from warchest_bot.i18n import EN_MESSAGES, catalogues, messages, t


def test_every_english_message_has_a_persian_one():
    persian = messages("fa")
    missing = sorted(set(EN_MESSAGES) - set(persian))
    assert not missing, f"{len(missing)} messages have no Persian translation: {missing[:20]}"
    assert set(persian) == set(EN_MESSAGES)


def test_the_catalogues_are_the_shared_words_and_every_games_own():
    owners = [c.owner for c in catalogues()]
    assert owners[0] == "warchest_bot.i18n" and owners[1:] == sorted(owners[1:])
    assert {"warchest_bot.games.pointbuy.messages", "warchest_bot.games.warchest.messages"} <= set(owners)


@pytest.mark.parametrize("catalogue", catalogues(), ids=lambda c: c.owner)
def test_each_catalogue_translates_its_english_domain_by_domain(catalogue):
    def names(modules):
        return [m.__name__.rsplit(".", 1)[1] for m in modules]

    english, persian = catalogue.domains["en"], catalogue.domains["fa"]
    assert names(persian) == names(english)
    for en_module, fa_module in zip(english, persian, strict=True):
        assert set(fa_module.MESSAGES) == set(en_module.MESSAGES), en_module.__name__
    assert set(catalogue.messages["fa"]) == set(catalogue.messages["en"])


def test_a_persian_reader_gets_the_persian_text_not_the_english_fallback():
    values = {"game_id": 7}
    assert t("error.game_over", "fa", **values) != t("error.game_over", "en", **values)
    assert t("bot.kind.bolster", "fa") != t("bot.kind.bolster", "en")  # a game's own word
