"""The standings as text in English and Persian, and every refusal of the rules has its message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from warchest_bot.i18n import t
from warchest_bot.tournaments import Outcome, Settings, Tournament, TournamentError
from warchest_bot.tournaments.text import error_text, points_text, standings_text

ROOT = Path(__file__).resolve().parents[2]


def _event() -> Tournament:
    t = Tournament(Settings(rounds=2))
    for n, name in enumerate(["Ann", "Bob", "Cyrus", "Dara"]):
        t.join(f"user:{n}", name, [n], rating=2000 - n)
    t.start()
    return t


def test_points_are_written_with_halves_in_the_readers_digits() -> None:
    assert [points_text(p, "en") for p in (0.0, 0.5, 1.0, 2.5)] == ["0", "½", "1", "2½"]
    assert points_text(2.5, "fa") == "۲½"


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_standings_text_lists_every_entrant_in_order(locale: str) -> None:
    ev = _event()
    assert standings_text(ev, "Cup", locale) == t("tournament.standings.none", locale, name="Cup")
    rnd = ev.pair_next_round()
    for g in rnd.games:
        ev.record(1, g.table, Outcome.FIRST_WINS)
    ev.close_round()
    ev.withdraw(4)
    lines = standings_text(ev, "Cup", locale).splitlines()
    assert lines[0] == t("tournament.standings.title", locale, name="Cup", round=1, rounds=2)
    rows = ev.standings()
    assert len(lines) == 1 + len(rows) == 5
    for line, row in zip(lines[1:], rows, strict=True):
        points = points_text(row.points, locale)
        if row.entrant.number == 4:
            assert line == t(
                "tournament.standings.row_out", locale, rank=row.rank, entrant="Dara", points=points
            )
        else:
            assert line == t(
                "tournament.standings.row",
                locale,
                rank=row.rank,
                entrant=row.entrant.name,
                points=points,
                buchholz=points_text(row.buchholz_cut1, locale),
                sb=points_text(row.sonneborn_berger, locale),
            )
    # The winners of round 1 come first.
    assert {r.points for r in rows[:2]} == {1.0}


def test_every_refusal_the_code_raises_has_a_message_in_both_languages() -> None:
    sources = [
        (ROOT / "warchest_bot" / "tournaments" / "model.py").read_text(),
        (ROOT / "warchest_bot" / "service" / "tournaments.py").read_text(),
    ]
    codes = {m for s in sources for m in re.findall(r'TournamentError\("(tournament\.[a-z_]+)"', s)}
    assert len(codes) >= 20
    for code in codes:
        error = TournamentError(code)
        english, persian = error_text(error, "en"), error_text(error, "fa")
        assert english and persian and english != persian


@pytest.mark.parametrize("locale", ["en", "fa"])
def test_a_swiss_followed_by_a_knockout_titles_its_final_standings_as_the_swisss(locale: str) -> None:
    from warchest_bot.tournaments.picture import sample_event, standings_png

    ev = sample_event()
    assert ev.finished
    plain = standings_text(ev, "Cup", locale).splitlines()[0]
    assert plain == t("tournament.standings.title_final", locale, name="Cup")
    swiss = standings_text(ev, "Cup", locale, knockout=True).splitlines()
    assert swiss[0] == t("knockout.standings.swiss_final", locale, name="Cup") != plain
    assert swiss[1:] == standings_text(ev, "Cup", locale).splitlines()[1:]
    _png, alt = standings_png(ev, "Cup", locale, knockout=True)
    assert alt.splitlines()[0] == swiss[0]
