"""League seasons through the service: a ladder of divisions, each season played in round-robin groups
that are ordinary events, with promotion and relegation by the pure model (`warchest_bot.tournaments.seasons`).

A league is stored as an event (`storage.tournaments`) whose model is only its sign-up list (never
started: players join and leave it as an event's entry list, and may join between seasons or during one,
to enter the bottom division next season), with the league's terms and seasons beside it in
``state["league"]``: ``group_size``, ``movers``, ``cycles``, ``divisions`` (at the first season),
``season`` (0 before the first), the season's ``ladder`` (divisions, top first, of entrant keys in rank
order), its ``plan`` (each division's groups, `seasons.split_groups`) and ``groups`` (each planned group's
event id, None until made).

Two steps, each atomic and safe to repeat:

- `LeagueService.start_season` (the organiser): once every group of the season is finished, the next
  ladder (`seasons.next_ladder`: the best of each lower division go up, the worst of each upper one down,
  leavers out, newcomers into the bottom division; the first season's ladder by rating) and its groups'
  plan are stored by one compare-and-swap, so a season starts exactly once;
- `advance` (the duties-lease holder's sweep, `TournamentService.advance` of a running league): every
  planned group without its event gets one (a round robin with the league's game, options and clocks,
  tagged ``league_group`` with the league, season, division and group, so a restart finds the one it made
  before instead of making a second), its entrants joined in seeding order and started; the event is then
  run like any other (pairing, games, posts) by the same sweep.

The organiser (or a server admin) may close a league (`LeagueService.close`, ``closed`` in its terms): no
next season starts and nobody signs up any more. The season being played plays out (its groups are
ordinary events whose games are under way: their results stand, and the organiser may still decide their
boards); the league is finished once it is over, in the same commit as the post that says so (at once
when no season is being played).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from ..storage import TournamentRecord
from ..tournaments import Entrant, Format, Settings, Status, Tournament, TournamentError
from ..tournaments.records import from_data, to_data
from ..tournaments.seasons import Ladder, next_ladder, split_groups
from .results import Player

if TYPE_CHECKING:  # pragma: no cover
    from .tournaments import Advance, TournamentService

KEY = "league"
"""The state's key of a league's terms and seasons."""

TAG = "league_group"
"""The state's key that makes an event a league's group: [league, season, division, group]."""

GROUP_SIZES = range(3, 21)
"""How many entrants a group may aim at (a round robin of up to 20)."""


def league_of(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """A league's terms and seasons, or None (an ordinary event)."""
    value = state.get(KEY)
    return value if isinstance(value, dict) else None


def closed(state: Mapping[str, Any]) -> bool:
    """Whether the event is a league its organiser closed (no next season, no more sign-ups)."""
    return bool((league_of(state) or {}).get("closed"))


def terms_of(group_size: int = 6, movers: int = 1, cycles: int = 1, divisions: int = 1) -> dict[str, Any]:
    """A new league's terms (refused out of range: groups of 3 to 20, 0 to 5 movers, 1 or 2 cycles, 1 to
    10 divisions)."""
    if (
        group_size not in GROUP_SIZES
        or not 0 <= movers <= 5
        or cycles not in (1, 2)
        or not 1 <= divisions <= 10
    ):
        raise TournamentError("tournament.league_bad", f"{group_size} {movers} {cycles} {divisions}")
    return {
        "group_size": group_size,
        "movers": movers,
        "cycles": cycles,
        "divisions": divisions,
        "season": 0,
        "ladder": [],
        "plan": [],
        "groups": [],
    }


def first_ladder(model: Tournament, divisions: int) -> Ladder:
    """The first season's ladder: the players still signed up by rating (then order of entry), cut into
    ``divisions`` divisions of sizes within one of each other (the top ones the larger), each of at least
    two (fewer divisions otherwise)."""
    keys = [e.key for e in sorted(model.entrants.values(), key=lambda e: (-e.rating, e.number)) if _active(e)]
    count = max(1, min(divisions, len(keys) // 2))
    size, extra = divmod(len(keys), count)
    ladder, at = [], 0
    for d in range(count):
        n = size + (1 if d < extra else 0)
        ladder.append(keys[at : at + n])
        at += n
    return ladder


def _active(entrant: Entrant) -> bool:
    return entrant.status is Status.ACTIVE


def group_name(name: str, season: int, division: int, group: int) -> str:
    """A group's event name: the league's, then season · division and group letter (``Winter 2 · 1B``)."""
    return f"{name} {season} · {division + 1}{chr(ord('A') + group)}"


def moves(before: Ladder, after: Ladder) -> list[tuple[str, int, int]]:
    """Who changed division between two ladders: (key, division before, division after), 0-based."""
    where = {key: d for d, division in enumerate(before) for key in division}
    out = []
    for d, division in enumerate(after):
        for key in division:
            if key in where and where[key] != d:
                out.append((key, where[key], d))
    return out


class LeagueService:
    """Leagues over a `TournamentService` (its storage, its compare-and-swap, its events for the groups)."""

    def __init__(self, tournaments: TournamentService) -> None:
        self.tournaments = tournaments
        self.storage = tournaments.storage

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int | None,
        organiser: int,
        name: str,
        kind: str,
        options: Mapping[str, Any],
        terms: Mapping[str, Any],
        move_time: timedelta | None = None,
        round_time: timedelta | None = None,
        vacations: bool = False,
    ) -> TournamentRecord:
        """A new league, open for sign-ups; ``terms`` from `terms_of`; the game, its options, the clocks
        and whether a vacation pauses a player's games (``vacations``) are every group's."""
        full = self.tournaments.games.rules_for_new(kind).full_options(options)
        state: dict[str, Any] = {
            "model": to_data(Tournament(Settings(format=Format.SWISS, rounds=1))),
            "tickets": {},
            "vacations": int(vacations),
            KEY: dict(terms),
        }
        if move_time is not None:
            state["move_seconds"] = int(move_time.total_seconds())
        if round_time is not None:
            state["round_seconds"] = int(round_time.total_seconds())
        return await self.storage.create_tournament(
            guild_id=guild_id,
            channel_id=channel_id,
            name=name,
            kind=kind,
            options=full,
            organiser=organiser,
            state=state,
        )

    async def groups(self, league_id: int) -> list[list[TournamentRecord | None]]:
        """The current season's group events, by division (None: not made yet)."""
        record, _ = await self.tournaments.get(league_id)
        league = _league(record)
        out: list[list[TournamentRecord | None]] = []
        for division in league["groups"]:
            out.append([None if gid is None else await self.storage.get_tournament(gid) for gid in division])
        return out

    async def season_over(self, league_id: int) -> bool:
        """Whether the current season (if any) has all its groups made and finished."""
        groups = await self.groups(league_id)
        return all(g is not None and g.status == "finished" for division in groups for g in division)

    async def start_season(
        self, league_id: int, by: int, *, admin: bool = False
    ) -> tuple[int, Ladder, Ladder]:
        """The organiser starts the next season (the first one closes the sign-ups): its ladder and groups'
        plan stored at once; the duty makes the group events. Refused while a group of the season is still
        being played. Returns the season's number and the ladders before and after."""
        record, _ = await self.tournaments.get(league_id)
        league = _league(record)
        if closed(record.state):
            raise TournamentError("tournament.league_closed")
        season = int(league["season"])
        models: list[list[Tournament]] = []
        if season:
            for division in await self.groups(league_id):
                if any(g is None or g.status != "finished" for g in division):
                    raise TournamentError("tournament.league_season_open")
                models.append([from_data(g.state["model"]) for g in division if g is not None])

        def change(r: TournamentRecord, m: Tournament, _n: dict[str, int]) -> tuple[int, Ladder, Ladder]:
            self.tournaments._organiser(r, by, admin)
            found = _league(r)
            if closed(r.state):
                raise TournamentError("tournament.league_closed")
            if int(found["season"]) != season:
                raise TournamentError("tournament.busy")  # started meanwhile: the caller sees the new one
            before: Ladder = [list(d) for d in found["ladder"]]
            if season == 0:
                after = first_ladder(m, int(found["divisions"]))
            else:
                placed = {key for division in before for key in division}
                newcomers = [e.key for e in m.entrants.values() if _active(e) and e.key not in placed]
                after = next_ladder(before, models, int(found["movers"]), newcomers)
            gone = {e.key for e in m.entrants.values() if not _active(e)}
            after = _merged([[key for key in division if key not in gone] for division in after])
            if sum(len(d) for d in after) < 2:
                raise TournamentError("tournament.too_few")
            # Who left the ladder in a group (withdrew, or was removed) leaves the league: not a newcomer
            # of a later season.
            kept = {key for division in after for key in division}
            for key in {key for division in before for key in division} - kept:
                entrant = m.by_key(key)
                if entrant is not None and _active(entrant):
                    m.withdraw(entrant.number)
            found["season"] = season + 1
            found["ladder"] = after
            found["plan"] = [split_groups(division, int(found["group_size"])) for division in after]
            found["groups"] = [[None] * len(division) for division in found["plan"]]
            return season + 1, before, after

        _, done = await self.tournaments._change(league_id, change, status="running")
        return done

    async def close(self, league_id: int, by: int, *, admin: bool = False) -> bool:
        """The organiser closes the league: no next season, no more sign-ups. The season being played (if
        any) plays out and the duty finishes the league once it is over; with none being played it is
        finished now, and the league's channel is owed a post that says so in the same commit: the
        season's end post if the duty had not owed it yet (it then says that season was the last), else
        a ``league_closed`` post (that season was the last). A league closed before its first season has
        no game whose outbox could carry a post: the command's answer says it. Returns whether it is
        finished now (False: its season plays out). Refused if closed already."""
        from .tournaments import RoundPost

        record, _ = await self.tournaments.get(league_id)
        season = int(_league(record)["season"])
        over = await self.season_over(league_id)
        games = await self._season_games(record) if over and season else []
        key = f"over:{season}"
        owed: list[str] = []

        def change(r: TournamentRecord, _m: Tournament, n: dict[str, int]) -> bool:
            self.tournaments._organiser(r, by, admin)
            found = _league(r)
            if closed(r.state) or r.status in ("finished", "cancelled"):
                raise TournamentError("tournament.league_closed")
            if int(found["season"]) != season:
                raise TournamentError("tournament.busy")  # a season started meanwhile: close again
            found["closed"] = 1
            owed.clear()
            if games and r.channel_id is not None:
                # A season that ended before the duty posted so: its end post goes with this commit;
                # one posted already: the league's end goes with it.
                owed.append("league_closed" if n.get(key) else "season_over")
                n[key] = 1
            return over

        def posts(_r: TournamentRecord, _m: Tournament, _f: bool) -> list[RoundPost]:
            return [RoundPost(max(games), season, post) for post in owed]

        status = "finished" if over else None
        _, finished = await self.tournaments._change(league_id, change, status=status, posts=posts)
        return finished

    async def _season_games(self, record: TournamentRecord) -> list[int]:
        """The games of the current season's groups made so far."""
        made = [gid for division in _league(record)["groups"] for gid in division if gid is not None]
        return [g.game_id for gid in made for g in await self.storage.tournament_games(gid)]

    async def withdraw(
        self, league_id: int, user_id: int, *, by: int | None = None, admin: bool = False
    ) -> None:
        """Take a player off the league for good: withdrawn from its sign-up list and, if they play in a
        group of the season still being played, from that group (they leave the ladder at its end)."""

        def change(r: TournamentRecord, m: Tournament, _n: dict[str, int]) -> bool:
            if by is not None and by != user_id:
                self.tournaments._organiser(r, by, admin)
            entrant = self.tournaments._entrant_of(m, user_id)
            m.withdraw(entrant.number)
            return True

        await self.tournaments._change(league_id, change)
        for division in await self.groups(league_id):
            for group in division:
                if group is None or group.status not in ("running", "paused"):
                    continue
                _, model = await self.tournaments.get(group.id)
                playing = next((e for e in model.entrants.values() if user_id in e.members), None)
                if playing is not None and _active(playing):
                    await self.tournaments.withdraw(group.id, user_id)

    async def advance(self, record: TournamentRecord) -> Advance:
        """The duty's step for a running league: make, fill and start every planned group of the season
        that has no event yet (finding one made before a restart by its tag), then step the groups made
        now so their first round is paired in the same sweep."""
        from .tournaments import Advance

        league = _league(record)
        season = int(league["season"])
        made = []
        for d, division in enumerate(league["plan"]):
            for g, keys in enumerate(division):
                if league["groups"][d][g] is not None:
                    continue
                group = await self._group(record, season, d, g, keys)

                def note(
                    r: TournamentRecord,
                    _m: Tournament,
                    _n: dict[str, int],
                    d: int = d,
                    g: int = g,
                    gid: int = group,
                ) -> bool | None:
                    found = _league(r)
                    if int(found["season"]) != season or found["groups"][d][g] is not None:
                        return None
                    found["groups"][d][g] = gid
                    return True

                record, _ = await self.tournaments._change(record.id, note)
                made.append(group)
        opened: tuple[int, ...] = ()
        for group in made:
            opened += (await self.tournaments.advance(group)).opened
        if not made and season:
            await self._season_over(record, season)
        return Advance(opened=opened)

    async def _season_over(self, record: TournamentRecord, season: int) -> None:
        """Once every group of the season is finished: owe the league's channel a post that says so, with
        the ladder (once: the note ``over:<season>`` and the outbox row go in one commit, on the last game
        of the last group); a closed league is finished in that commit (with a ``league_closed`` post
        instead when the season's end was owed before the league was closed, alone when it has no channel
        or game to go with)."""
        from .tournaments import RoundPost

        key = f"over:{season}"
        ended = closed(record.state)
        owed = record.channel_id is not None and not record.state.get("tickets", {}).get(key)
        if not (owed or ended) or not await self.season_over(record.id):
            return
        games = await self._season_games(record)
        if not (games and owed) and not ended:
            return

        def change(r: TournamentRecord, _m: Tournament, n: dict[str, int]) -> str | None:
            if int(_league(r)["season"]) != season or r.status != "running":
                return None
            post = ""
            if r.channel_id is not None and games:
                if not n.get(key):
                    post = "season_over"
                elif ended:
                    # The end was posted before the close's commit (a close read the season as still
                    # being played): the league's end gets its own post.
                    post = "league_closed"
            if not post and not ended:
                return None
            if post:
                n[key] = 1
            return post

        def posts(_r: TournamentRecord, _m: Tournament, post: str | None) -> list[RoundPost]:
            return [RoundPost(max(games), season, post)] if post else []

        await self.tournaments._change(record.id, change, posts=posts, status="finished" if ended else None)

    async def _group(self, league: TournamentRecord, season: int, d: int, g: int, keys: Sequence[str]) -> int:
        """The event of group ``g`` of division ``d``: the one made before (its tag), else a new one; its
        entrants joined in the plan's order (the first the highest seed) and the event started."""
        tag = [league.id, season, d, g]
        found = next(
            (r for r in await self.storage.tournaments_of_guild(league.guild_id) if r.state.get(TAG) == tag),
            None,
        )
        if found is None:
            found = await self.tournaments.create(
                guild_id=league.guild_id,
                channel_id=league.channel_id,
                organiser=league.organiser,
                name=group_name(league.name, season, d, g),
                kind=league.kind,
                options=league.options,
                settings=Settings(format=Format.ROUND_ROBIN, cycles=int(_league(league)["cycles"])),
                move_time=_seconds(league.state.get("move_seconds")),
                round_time=_seconds(league.state.get("round_seconds")),
                vacations=bool(league.state.get("vacations")),
                tag={TAG: tag},
            )
        _, players = await self.tournaments.get(league.id)
        _, model = await self.tournaments.get(found.id)
        if not model.started:
            by_key = {e.key: e for e in players.entrants.values()}
            for i, key in enumerate(keys):
                if model.by_key(key) is not None:
                    continue
                e = by_key[key]
                members = [Player(uid, e.member_name(j)) for j, uid in enumerate(e.members)]
                await self.tournaments.join(found.id, members, rating=len(keys) - i)
            await self.tournaments.start(found.id, league.organiser)
        return found.id


def _merged(ladder: Ladder) -> Ladder:
    """The ladder without a division of fewer than two (its players join the one above, the top one's
    the one below): a group needs two."""
    out = [list(d) for d in ladder if d]
    i = 0
    while len(out) > 1 and i < len(out):
        if len(out[i]) < 2:
            lone = out.pop(i)
            if i > 0:
                out[i - 1].extend(lone)
            else:
                out[0][:0] = lone
            continue
        i += 1
    return out


def _league(record: TournamentRecord) -> dict[str, Any]:
    found = league_of(record.state)
    if found is None:
        raise TournamentError("tournament.not_found", str(record.id))
    return found


def _seconds(value: Any) -> timedelta | None:
    return None if value is None else timedelta(seconds=int(value))


__all__ = [
    "GROUP_SIZES",
    "KEY",
    "TAG",
    "LeagueService",
    "closed",
    "first_ladder",
    "group_name",
    "league_of",
    "moves",
    "terms_of",
]
