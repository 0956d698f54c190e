"""Unit names in the players' languages (`GameKind.unit_names`, `warchest_bot.games.unit_names`): `/wc play`
reads Persian unit names in place of the codes in both games (tolerant of ZWNJ/space and Arabic/Persian
yeh and kaf), completes the start of a name, and labels the autocomplete list in the user's language
while the value stays the notation.

The Persian names are registered by the tests themselves (a few keys), so the tests do not depend on the
wording of the translation."""

from __future__ import annotations

import pytest

from tests.games.pointbuy.helpers import pointbuy_registered
from tests.games.warchest.engine.conftest import pos
from warchest_bot.discord.cog import suggestion_name
from warchest_bot.games import get_game
from warchest_bot.games.pointbuy import POINT_BUY_CHESS as PB
from warchest_bot.games.unit_names import NameIndex, fold, name_key, with_codes
from warchest_bot.games.warchest import WAR_CHEST as WC
from warchest_bot.i18n import catalogue, t
from warchest_bot.service import Suggestion

WC_NAMES = {"Pi": ("Pikeman", "نیزه‌دار"), "Sw": ("Swordsman", "شمشیرزن"), "Ar": ("Archer", "کماندار")}
PB_NAMES = {"Ki": "شاه", "Kn": "شوالیه", "Pa": "سرباز", "Ac": "کاهن", "Qu": "ملکه"}


@pytest.fixture(autouse=True)
def persian_names(monkeypatch: pytest.MonkeyPatch):
    for code, (en, fa) in WC_NAMES.items():
        monkeypatch.setitem(catalogue._CATALOGUES["en"], f"unit.{code}.name", en)
        monkeypatch.setitem(catalogue._CATALOGUES["fa"], f"unit.{code}.name", fa)
    for code, fa in PB_NAMES.items():
        monkeypatch.setitem(catalogue._CATALOGUES["fa"], f"picture.pb.unit.{code}", fa)
    # and a unit without a Persian name, whatever the translation says (the fallback to English)
    monkeypatch.delitem(catalogue._CATALOGUES["fa"], "picture.pb.unit.Wa", raising=False)
    with pointbuy_registered():
        yield


def wc_sample():
    return pos(hand0=["Sw", "Pi", "RC"], board0={"f4": "Sw"}, board1={"g4": ["Ar", 2]}, hand1=["Ar"])


def texts(found) -> list[str]:
    return [c.text for c in found]


def test_unit_names_hook_of_both_games(monkeypatch: pytest.MonkeyPatch) -> None:
    wc_fa, wc_en = WC.unit_names("fa"), WC.unit_names("en")
    assert wc_fa["Pi"] == "نیزه‌دار" and wc_en["Pi"] == "Pikeman"
    assert wc_fa["Cr"] == "تیرانداز زنبورکی" and wc_en["Cr"] == "Crossbowman"
    monkeypatch.delitem(catalogue._CATALOGUES["en"], "unit.Cr.name")
    monkeypatch.delitem(catalogue._CATALOGUES["fa"], "unit.Cr.name")
    assert WC.unit_names("fa")["Cr"] == "Crossbowman"  # no catalogue key: the engine's English name
    assert "RC" in wc_en and len(wc_en) == 25  # the Royal Coin, 16 base units, 4 of Nobility, 4 of Siege
    pb_fa, pb_en = PB.unit_names("fa"), PB.unit_names("en")
    assert pb_fa["Ki"] == "شاه" and pb_en["Ki"] == "King" and len(pb_en) == 24
    assert pb_fa["Wa"] == "Warlord"  # not translated here: English


def test_names_are_compared_leniently() -> None:
    assert fold("كاهن") == fold("کاهن")  # Arabic kaf
    assert fold("نيزه") == fold("نیزه")  # Arabic yeh
    assert name_key("نیزه‌دار") == name_key("نیزه دار") == name_key("نيزهدار") == name_key("نِیزه‌دار")
    index = NameIndex.of(WC.unit_names)
    assert index.code_of(["نیزه", "دار"]) == "Pi"
    assert index.code_of(["Pikeman"]) is None  # English names are the game's own business
    assert index.codes_starting("کم") == ["Ar"]
    assert sorted(index.codes_starting("ک")) == ["Ar", "WP"]  # کماندار, کاهن جنگجو
    assert with_codes("Sw attack f4xg4", index) == "Sw attack f4xg4"


@pytest.mark.parametrize(
    "typed",
    ["نیزه‌دار deploy e2", "نیزه دار deploy e2", "نيزه‌دار deploy e2", "نیزهدار  deploy  e۲", "Pi deploy e2"],
)
def test_war_chest_reads_persian_unit_names(typed: str) -> None:
    g = wc_sample()
    assert WC.parse_action(g, typed) == WC.parse_action(g, "Pi deploy e2")


def test_war_chest_persian_names_wherever_a_code_goes() -> None:
    g = wc_sample()
    assert WC.parse_action(g, "شمشیرزن attack f4xg4") == WC.parse_action(g, "Sw attack f4xg4")
    assert WC.parse_action(g, "شمشیرزن move f4-e4") == WC.parse_action(g, "Sw move f4-e4")


def test_point_buy_reads_persian_unit_names() -> None:
    state = PB.new_state({}, 0)  # open picking: "pick <unit> <square>"
    assert PB.parse_action(state, "pick شاه e1") == PB.parse_action(state, "pick Ki e1")
    assert PB.parse_action(state, "pick كاهن barracks") == PB.parse_action(state, "pick Ac barracks")
    secret = PB.new_state({"picking": "secret", "budget": 8}, 0)
    army = PB.parse_action(secret, "army Ki e1, Pa d1")
    assert PB.parse_action(secret, "army شاه e1, سرباز d1") == army
    assert PB.parse_action(secret, "army شاه e1، سرباز d۱") == army  # Persian comma and digit


def test_unknown_persian_words_are_refused_as_before() -> None:
    from warchest_bot.games import UnparseableActionError

    with pytest.raises(UnparseableActionError):
        WC.parse_action(wc_sample(), "اژدها deploy e2")
    with pytest.raises(UnparseableActionError):
        PB.parse_action(PB.new_state({}, 0), "pick اژدها e1")


def test_completion_with_persian_names_and_their_starts() -> None:
    g = wc_sample()
    assert texts(WC.complete_action(g, "نیزه")) == ["Pi deploy h1", "Pi deploy e2", "Pi pass"]
    assert texts(WC.complete_action(g, "نیزه‌دار deploy e")) == ["Pi deploy e2"]
    assert texts(WC.complete_action(g, "شمشیرزن att")) == ["Sw attack f4xg4"]
    assert WC.complete_action(g, "اژدها") == []
    secret = PB.new_state({"picking": "secret", "budget": 8}, 0)
    assert texts(PB.complete_action(secret, "army شا")) == texts(PB.complete_action(secret, "army Ki"))
    assert texts(PB.complete_action(secret, "army شاه e1, سرب")) == texts(
        PB.complete_action(secret, "army Ki e1, Pa")
    )
    opening = PB.new_state({}, 0)
    assert texts(PB.complete_action(opening, "pick ملکه d")) == ["pick Qu d1"]


def test_autocomplete_labels_in_the_users_language() -> None:
    fa = WC.action_label("Pi deploy e2", "fa")
    assert fa == t("completion.label", "fa", units="نیزه‌دار", action="Pi deploy e2")
    assert "نیزه‌دار" in fa and "Pi deploy e2" in fa
    assert WC.action_label("Pi deploy e2", "en") == "Pi deploy e2"
    both = WC.action_label("Sw recruit Ar", "fa")
    assert "شمشیرزن" in both and "کماندار" in both
    assert WC.action_label("pass", "fa") == "pass"
    assert "شاه" in PB.action_label("pick Ki e1", "fa")
    # What Discord shows (the value stays the notation: see cog.play_action_autocomplete).
    s = Suggestion("Pi deploy e2", ply=3, kind="warchest")
    assert suggestion_name(s, "fa") == fa
    assert suggestion_name(s, "en") == "Pi deploy e2"
    noted = Suggestion(
        "army Ki", "pointbuy.complete.unit", {"unit": "King", "price": 7, "left": 1}, 0, "pointbuy"
    )
    assert suggestion_name(noted, "fa").count("شاه") == 2  # the label and the note
    assert suggestion_name(noted, "en") == "army Ki · King, 7 points: 1 left"
    assert get_game("pointbuy") is PB


def test_unit_lookup_by_persian_name() -> None:
    pikeman = WC.lookup_unit("Pikeman")
    assert pikeman is not None and WC.lookup_unit("نيزه دار") == pikeman
    assert PB.lookup_unit("كاهن") == PB.lookup_unit("Ac") and PB.lookup_unit("Ac") is not None
    assert WC.lookup_unit("اژدها") is None


def test_play_menus_name_units_in_the_users_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from warchest_bot.discord import menus

    assert menus.group_label("Pi", "warchest", "en") == "Pikeman (Pi)"
    assert menus.group_label("Pi", "warchest", "fa") == t("completion.group", "fa", unit="نیزه‌دار", key="Pi")
    assert menus.group_label("Kn b1", "pointbuy", "fa") == t(
        "completion.group", "fa", unit="شوالیه", key="Kn b1"
    )
    assert menus.coin_label("RC", "warchest", "en") == "Royal Coin"
    monkeypatch.delitem(catalogue._CATALOGUES["en"], "unit.Cr.name")
    monkeypatch.delitem(catalogue._CATALOGUES["fa"], "unit.Cr.name")
    assert menus.coin_label("Cr", "warchest", "fa") == "Crossbowman"  # not translated: the game's name
    assert menus.coin_label("Ar", "warchest", "fa") == "کماندار"
