"""Persian is complete: every message a user can read in English exists in Persian, in the module of the
same domain (placeholders, isolates and digits are checked by the other tests of this folder)."""

from __future__ import annotations

from warchest_bot.i18n import en, fa, t


def test_every_english_message_has_a_persian_one():
    missing = sorted(set(en.MESSAGES) - set(fa.MESSAGES))
    assert not missing, f"{len(missing)} messages have no Persian translation: {missing[:20]}"
    assert set(fa.MESSAGES) == set(en.MESSAGES)


def test_the_persian_catalogue_mirrors_the_english_domains():
    def names(modules):
        return [m.__name__.rsplit(".", 1)[1] for m in modules]

    assert names(fa.DOMAINS) == names(en.DOMAINS)
    for en_module, fa_module in zip(en.DOMAINS, fa.DOMAINS, strict=True):
        assert set(fa_module.MESSAGES) == set(en_module.MESSAGES), en_module.__name__


def test_a_persian_reader_gets_the_persian_text_not_the_english_fallback():
    values = {"game_id": 7}
    assert t("error.game_over", "fa", **values) != t("error.game_over", "en", **values)
