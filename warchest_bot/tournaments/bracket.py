"""The knockout after a Swiss as text, in the reader's language (message catalogue ``knockout.*``): each
round's matches, the game being played (who moves first, its game number) or how the match was decided,
and the winner once the final is over. The bracket posts in an event's channel and
``/wc tournament pairings`` during the knockout say it so."""

from __future__ import annotations

from collections.abc import Mapping

from ..i18n import t
from .knockout import Knockout, Match
from .model import Outcome, Tournament

_STAGES = {1: "knockout.stage.final", 2: "knockout.stage.semi_finals", 4: "knockout.stage.quarter_finals"}


def stage_title(matches: int, name: str, locale: str | None) -> str:
    """The title of a knockout round of ``matches`` matches: the final, the semi-finals, the quarter-finals."""
    return t(_STAGES[matches], locale, name=name)


def _decided(match: Match, number: int, names: list[str], locale: str | None) -> str:
    assert match.winner is not None
    loser = match.low if match.winner == match.high else match.high
    values = {
        "match": number,
        "winner": names[match.winner - 1],
        "winner_seed": match.winner,
        "loser": names[loser - 1],
        "loser_seed": loser,
        "games": len(match.games),
    }
    last = match.games[-1] if match.games else Outcome.DOUBLE_FORFEIT
    if last in (Outcome.FIRST_WINS, Outcome.SECOND_WINS):
        key = "knockout.match.won"
    elif last in (Outcome.FIRST_BY_FORFEIT, Outcome.SECOND_BY_FORFEIT):
        key = "knockout.match.forfeit"
    elif last is Outcome.DOUBLE_FORFEIT:
        key = "knockout.match.double_forfeit"
    else:
        key = "knockout.match.drawn"
    return t(key, locale, **values)


def bracket_text(
    model: Tournament,
    ko: Knockout,
    name: str,
    locale: str | None,
    games: Mapping[tuple[int, int, int], int] | None = None,
    *,
    upto: int | None = None,
) -> str:
    """The knockout's rounds (the first ``upto``, default all), a line per match, then its winner once
    the final is won; ``games`` the game ids by (round, match, game), for the games being played."""
    names = [model.entrants[number].name for number in ko.seeds]
    lines = []
    rounds = ko.rounds[:upto] if upto is not None else ko.rounds
    for r, matches in enumerate(rounds, start=1):
        lines.append(stage_title(len(matches), name, locale))
        for i, m in enumerate(matches, start=1):
            if m.winner is not None:
                lines.append(_decided(m, i, names, locale))
                continue
            game = len(m.games) + 1
            game_id = (games or {}).get((r, i, game))
            values = {
                "match": i,
                "high": names[m.high - 1],
                "high_seed": m.high,
                "low": names[m.low - 1],
                "low_seed": m.low,
                "game": game,
                "first": names[m.first_of(game - 1) - 1],
            }
            if game_id is None:
                lines.append(t("knockout.match.waiting", locale, **values))
            else:
                lines.append(t("knockout.match.playing", locale, **values, game_id=game_id))
    champion = ko.champion
    if champion is not None and (upto is None or upto >= ko.total_rounds):
        lines.append(t("knockout.champion", locale, name=name, winner=model.entrants[champion].name))
    return "\n".join(lines)


def draw_rule_text(ko: Knockout, locale: str | None) -> str:
    """What a drawn game leads to in this knockout."""
    if ko.draw_rule.value == "higher_seed":
        return t("knockout.rules.higher_seed", locale)
    return t("knockout.rules.rematch", locale, games=ko.max_games)


__all__ = ["bracket_text", "draw_rule_text", "stage_title"]
