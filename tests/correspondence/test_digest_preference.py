"""Digest mode is a player's preference: off by default, switched on and off, stored on both backends, and
refused unless it is on or off."""

from __future__ import annotations

import pytest

from warchest_bot.service import ServiceError
from warchest_bot.service.prefs import Preferences

from .conftest import ANN


async def test_digest_is_off_by_default_and_kept_when_switched_on(corr):
    assert not (await corr.preferences(ANN.user_id)).digest
    prefs = await corr.update_preferences(ANN.user_id, {"digest": True})
    assert prefs.digest and (await corr.preferences(ANN.user_id)).digest
    assert Preferences.validated(prefs.to_settings()) == prefs
    await corr.update_preferences(ANN.user_id, {"digest": None})  # back to the default
    assert not (await corr.preferences(ANN.user_id)).digest
    with pytest.raises(ServiceError) as err:
        await corr.update_preferences(ANN.user_id, {"digest": "sometimes"})
    assert err.value.message_id == "error.bad_digest"
    assert not Preferences.from_settings({"digest": "sometimes", "hand_dms": False}).digest
