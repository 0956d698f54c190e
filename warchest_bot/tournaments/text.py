"""The standings as text, in the reader's language (message catalogue ``tournament.standings.*``)."""

from __future__ import annotations

from ..i18n import t
from ..i18n.catalogue import format_number, localize_digits
from .model import Format, Outcome, Status, Tournament, TournamentError

SCORES = {
    Outcome.FIRST_WINS: "1–0",
    Outcome.SECOND_WINS: "0–1",
    Outcome.DRAW: "½–½",
    Outcome.FIRST_BY_FORFEIT: "+ –",
    Outcome.SECOND_BY_FORFEIT: "– +",
    Outcome.DOUBLE_FORFEIT: "– –",
}
"""How a board's result stands between the two names (the same signs in every language)."""


def points_text(points: float, locale: str | None) -> str:
    """A score as players write it: 2½, ½, 3 (in the locale's digits)."""
    whole, half = int(points), points - int(points) >= 0.5
    if half:
        return "½" if whole == 0 else localize_digits(f"{whole}½", locale)
    return localize_digits(str(whole), locale)


def standings_title(model: Tournament, name: str, locale: str | None, *, knockout: bool = False) -> str:
    """The standings' title: after round N of M, or the final standings (of the Swiss, when a knockout
    follows it: ``knockout``, so they are not read as the event's final result)."""
    closed = sum(1 for r in model.rounds if r.closed)
    if model.finished and knockout:
        return t("knockout.standings.swiss_final", locale, name=name)
    if model.finished:
        return t("tournament.standings.title_final", locale, name=name)
    return t("tournament.standings.title", locale, name=name, round=closed, rounds=model.total_rounds)


def standings_text(model: Tournament, name: str, locale: str | None, *, knockout: bool = False) -> str:
    """The ranking after the rounds played: a title line (`standings_title`), then one line per entrant."""
    closed = sum(1 for r in model.rounds if r.closed)
    if closed == 0:
        return t("tournament.standings.none", locale, name=name)
    lines = [standings_title(model, name, locale, knockout=knockout)]
    for row in model.standings():
        values = {"rank": row.rank, "entrant": row.entrant.name, "points": points_text(row.points, locale)}
        if row.entrant.status is Status.ACTIVE:
            line = t(
                "tournament.standings.row",
                locale,
                **values,
                buchholz=points_text(row.buchholz_cut1, locale),
                sb=points_text(row.sonneborn_berger, locale),
            )
        else:
            line = t("tournament.standings.row_out", locale, **values)
        lines.append(line)
    return "\n".join(lines)


def standings_cells(model: Tournament, locale: str | None) -> list[list[str]]:
    """The standings as table cells in ``locale``, one row per entrant: rank, entrant (withdrawn ones
    marked), points, Buchholz cut-1, Sonneborn–Berger (the picture's table and the web page's)."""
    cells = []
    for row in model.standings():
        entrant = row.entrant.name
        if row.entrant.status is not Status.ACTIVE:
            entrant = t("tournament.table.out", locale, entrant=entrant)
        scores = (row.points, row.buchholz_cut1, row.sonneborn_berger)
        cells.append([format_number(row.rank, locale), entrant, *(points_text(p, locale) for p in scores)])
    return cells


def format_text(model: Tournament, locale: str | None) -> str:
    """The event's format in words: a Swiss of N rounds, a (double) round robin."""
    settings = model.settings
    if settings.format is Format.SWISS:
        return t("tournament.format.swiss", locale, rounds=settings.rounds)
    key = "tournament.format.double_round_robin" if settings.cycles == 2 else "tournament.format.round_robin"
    return t(key, locale)


def error_text(error: TournamentError, locale: str | None) -> str:
    """A refusal of the event's rules, in the reader's language."""
    return t(error.message_id, locale)


__all__ = [
    "SCORES",
    "error_text",
    "format_text",
    "points_text",
    "standings_cells",
    "standings_text",
    "standings_title",
]
