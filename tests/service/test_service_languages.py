"""The languages users and servers choose: stored in their settings, validated, cached and re-read after a
change (also by a second service on the same database, which has its own cache)."""

from __future__ import annotations

import pytest

from warchest_bot.i18n import t
from warchest_bot.service import GameService, ServiceError

from .helpers import ANN, BOB, GUILD, FakeClock


async def test_chosen_languages_are_stored_validated_and_cached(service: GameService, db_path):
    assert await service.user_locale(ANN.user_id) is None  # nothing chosen: the caller's default applies
    assert await service.server_locale(GUILD) is None and await service.server_locale(None) is None
    assert await service.set_user_locale(ANN.user_id, "fa") == "fa"
    assert await service.user_locale(ANN.user_id) == "fa"  # the cached "none" was replaced by the write
    assert await service.set_server_locale(GUILD, "fa") == "fa"
    assert await service.server_locale(GUILD) == "fa"
    assert await service.locale_for(BOB.user_id, GUILD) == "fa"  # no choice of his own: the server's
    await service.set_user_locale(ANN.user_id, "en")  # English chosen explicitly beats the server's
    assert (
        await service.user_locale(ANN.user_id) == "en"
        and await service.locale_for(ANN.user_id, GUILD) == "en"
    )
    assert (await service.user_settings(ANN.user_id))["locale"] == "en"

    for bad in ("de", "", "FA", "fa-IR"):  # only a registered locale, exactly as the choices give it
        with pytest.raises(ServiceError) as err:
            await service.set_user_locale(BOB.user_id, bad)
        assert err.value.code == "bad_preferences" and err.value.message_id == "error.bad_language"
        assert err.value.message("en") == t("error.bad_language", "en", choices="English, فارسی")
    assert await service.user_locale(BOB.user_id) is None  # a refusal changes nothing
    with pytest.raises(ServiceError):
        await service.set_server_locale(GUILD, "xx")
    assert await service.server_locale(GUILD) == "fa"

    # A stored value the bot does not speak (written by hand, or a language removed) counts as no choice.
    await service.update_user_settings(BOB.user_id, {"locale": "klingon"})
    assert await service.user_locale(BOB.user_id) is None

    # The cache is per service: another one on the same file reads what was written.
    async with GameService.open(db_path, clock=FakeClock()) as other:
        assert await other.user_locale(ANN.user_id) == "en" and await other.server_locale(GUILD) == "fa"
        await other.update_server_settings(GUILD, {"locale": None})
        assert await other.server_locale(GUILD) is None


async def test_a_choice_made_through_another_process_is_read_again_after_a_while(db_path, monkeypatch):
    """Two bot processes on one database: a language chosen through one reaches the other's posts once
    its cached entry is older than LOCALE_TTL (here: at once)."""
    from warchest_bot.service import accounts

    async with GameService.open(db_path) as here, GameService.open(db_path) as there:
        assert await here.user_locale(5) is None and await here.server_locale(77) is None  # cached now
        await there.set_user_locale(5, "fa")
        await there.set_server_locale(77, "fa")
        assert await here.user_locale(5) is None  # within the minute: the cached choice
        monkeypatch.setattr(accounts, "LOCALE_TTL", 0.0)
        assert await here.user_locale(5) == "fa" and await here.server_locale(77) == "fa"
