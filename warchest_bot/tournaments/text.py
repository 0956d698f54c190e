"""The standings as text, in the reader's language (message catalogue ``tournament.standings.*``)."""

from __future__ import annotations

from ..i18n import t
from ..i18n.catalogue import localize_digits
from .model import Status, Tournament, TournamentError


def points_text(points: float, locale: str | None) -> str:
    """A score as players write it: 2½, ½, 3 (in the locale's digits)."""
    whole, half = int(points), points - int(points) >= 0.5
    if half:
        return "½" if whole == 0 else localize_digits(f"{whole}½", locale)
    return localize_digits(str(whole), locale)


def standings_text(model: Tournament, name: str, locale: str | None) -> str:
    """The ranking after the rounds played: a title line, then one line per entrant."""
    closed = sum(1 for r in model.rounds if r.closed)
    if closed == 0:
        return t("tournament.standings.none", locale, name=name)
    if model.finished:
        lines = [t("tournament.standings.title_final", locale, name=name)]
    else:
        lines = [t("tournament.standings.title", locale, name=name, round=closed, rounds=model.total_rounds)]
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


def error_text(error: TournamentError, locale: str | None) -> str:
    """A refusal of the event's rules, in the reader's language."""
    return t(error.message_id, locale)


__all__ = ["error_text", "points_text", "standings_text"]
