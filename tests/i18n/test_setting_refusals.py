"""A refused game setting is explained in the reader's language: nothing English is glued into it."""

from __future__ import annotations

import pytest

from warchest_bot.discord import options
from warchest_bot.games import get_game
from warchest_bot.service import ServiceError


def refusal(text: str) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        options.parse_settings(get_game("pointbuy"), text)
    return caught.value


def test_a_number_setting_given_a_word() -> None:
    error = refusal("budget=lots")
    assert error.message("en") == "budget cannot be “lots”: write a whole number."
    assert error.message("fa") == "\u2068budget\u2069 نمی‌تواند «\u2068lots\u2069» باشد: یک عدد صحیح بنویسید."


def test_a_choice_setting_given_something_else_lists_the_choices() -> None:
    error = refusal("picking=sometimes")
    assert error.message("en").startswith("picking cannot be “sometimes”: choose ")
    assert "secret" in error.message("fa") and "یکی از این‌ها را انتخاب کنید" in error.message("fa")
