"""The message catalogue and the service's use of it: every error code has a message, every template fills,
translations are checked, right-to-left text is isolated; public action text hides face-down coins."""

from __future__ import annotations

import random

import pytest

from warchest_bot.games import game_kinds
from warchest_bot.games.warchest.engine import GameState, Options, format_action
from warchest_bot.i18n import (
    EN_MESSAGES,
    catalogue,
    direction,
    format_list,
    has_message,
    locales,
    normalize_locale,
    placeholders,
    register_locale,
    t,
)
from warchest_bot.service import ErrorCode, GameOver, GameRules, ServiceError

game_kinds()  # every built-in game registers its messages when imported: the placeholders below see all
EVERY_PLACEHOLDER = {
    name: f"<{name}>" for template in EN_MESSAGES.values() for name in placeholders(template)
}


def test_every_error_code_has_a_message():
    for code in ErrorCode:
        assert has_message(f"error.{code.value}"), code
        err = ServiceError(code, **EVERY_PLACEHOLDER)
        assert err.code == code and err.message() and "{" not in err.message()
    assert str(ServiceError("stale", game_id=3, ply=9)) == t("error.stale", game_id=3, ply=9)
    assert ServiceError("busy").user_caused is False and ServiceError("stale", game_id=1, ply=1).user_caused


def test_every_template_fills_and_is_a_sentence():
    for msg_id in EN_MESSAGES:
        text = t(msg_id, "en", **EVERY_PLACEHOLDER)
        assert "{" not in text and "}" not in text, msg_id
        if msg_id.startswith(("error.", "result.", "turn.")):
            assert text[-1] in ".!?", msg_id  # whole sentences, not fragments
    with pytest.raises(KeyError):
        t("error.no_such_message")
    with pytest.raises(KeyError):
        t("error.game_over")  # a placeholder left unfilled is a bug, not a blank


def test_locales_fallback_and_rtl_isolation(monkeypatch):
    monkeypatch.setattr(catalogue, "_CATALOGUES", dict(catalogue._CATALOGUES))  # undo the registration after
    register_locale(
        "fa",
        {
            "error.game_over": "بازی #{game_id} تمام شده است.",
            "error.not_your_turn": "نوبت شما نیست: اکنون {player} باید تصمیم بگیرد.",
            "list.two": "{first} و {second}",
        },
    )
    assert "fa" in locales() and locales()[0] == "en"
    assert normalize_locale("fa-IR") == "fa" and normalize_locale("en-US") == "en"
    assert normalize_locale("de") == "en" and normalize_locale(None) == "en"
    assert direction("fa") == "rtl" and direction("en-GB") == "ltr"
    text = t("error.not_your_turn", "fa", player="Ann", game_id=4)
    assert "\u2068Ann\u2069" in text  # a Latin name keeps its direction inside Persian text
    assert t("error.stale", "fa", game_id=1, ply=2) == t("error.stale", "en", game_id=1, ply=2)  # fallback
    err = ServiceError("game_over", game_id=12)
    assert (
        err.message("fa") == "بازی #\u2068۱۲\u2069 تمام شده است." and err.message("en") == "Game #12 is over."
    )
    assert format_list(["A", "B"], "fa") == "\u2068A\u2069 و \u2068B\u2069"
    assert (
        format_list(["A", "B", "C"]) == "A, B, and C" and format_list(["A"]) == "A" and format_list([]) == ""
    )
    with pytest.raises(ValueError):
        register_locale("xx", {"error.game_over": "{game_id} {secret}"})
    with pytest.raises(ValueError):
        register_locale("xx", {"error.invented": "hi"})


def test_game_over_messages():
    over = GameOver(game_id=3, reason="expired", winner_team=None, aborted=True)
    assert over.message() == "Nobody took up the challenge in time; game #3 was cancelled."
    assert not over.draw
    for reason in ("markers", "max_rounds", "resign", "aborted", "cancelled", "declined", "expired"):
        assert has_message(f"result.{reason}")


@pytest.mark.parametrize(("players", "units"), [(2, "first-game"), (2, "draft"), (4, "random")])
def test_public_text_of_stored_notation(players, units):
    """The service derives public text from the stored (private) text; it must match the engine's."""
    rules = GameRules.of("warchest")
    rng = random.Random(players)
    g = GameState.new(Options(players=players, units=units, seed=17))
    seen = set()
    while not g.is_terminal() and g.ply < 300:
        for a in g.legal_actions():
            private = format_action(g, a)
            assert rules.public_text(private) == format_action(g, a, public=True)
            seen.add(a.kind)
        g.apply(rng.choice(g.legal_actions()))
    assert {"claim", "recruit", "pass"} <= seen
