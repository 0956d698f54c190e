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
