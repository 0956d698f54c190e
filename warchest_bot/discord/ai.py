"""Games against the bot: `/wc new ai:` (or the bot chosen as opponent) and the AI's turns.

Whenever an AI seat must decide (a move, a follow-up, a draft pick), `AiRunner` runs one background task for
that game: it asks the service for the seat's own view (`GameService.ai_turn`), thinks OFF the event loop
(a worker thread, or worker processes with ``ai_processes``; a worker process that dies is replaced and the
decision retried once; reviews have workers of their own at a lower priority), then plays through `GameService.play_ai` with
the ply it thought about, exactly like a human's button press, and hands the result to the normal board
post. The service's per-game lock serializes it with everything else; a move that went stale is simply
reconsidered. Games waiting for the AI are resumed when the bot starts. A failure is logged with the game
id and leaves the game as it was (the service commits a move whole or not at all).

The AI's random seed never comes from the game's seed (which fixes the hidden bag draws): each decision
draws a fresh one from `secrets`.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import secrets
import time
from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from ..ai.review import Appraisal, Decision, appraise
from ..games import DEFAULT_KIND, Players, ai_levels_of, get_game
from ..i18n import format_list, has_message, t
from ..service import AiPlayer, ErrorCode, GameService, ServiceError
from ..storage import LeaseHeld, StorageError, ai_lease, give_up_lease
from .common import NO_PINGS, player_of, public_locale
from .workers import WorkerPool, worker_started

if TYPE_CHECKING:
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord.ai")


DEFAULT_LEVEL = "normal"
AI_LEASE_SECONDS = 120
"""How long a game's AI lease lasts (far longer than any think time): a process that died while thinking
leaves the turn to the others after this."""
TURN_FLOOR_MS = 1.0
"""The think time of a decision once its turn's budget is spent (the player still takes the cheapest
sound choice: For the Crown's scores ``end`` first)."""
REVIEW_PROCESSES = 2
"""Worker processes of the reviews (at most one per core), beside the AI's own: a review never delays a
live AI move."""
REVIEW_NICENESS = 10
"""How much lower the review workers' CPU priority is (`os.nice`): the bot and its AI moves come first."""


def think(
    player: str, budget_ms: float | None, seed: int, view: dict[str, Any], kind: str = DEFAULT_KIND
) -> Any:
    """One decision from the acting seat's own view (a module-level function of the game's kind and plain
    data: it pickles for a process pool). Only ``view_for(seat)`` is given: the AI cannot read what its
    seat may not see."""
    return players_of(kind).make_player(player, seed, budget_ms=budget_ms).choose_from_view(view)


def players_of(kind: str) -> Players:
    """The computer players of the game ``kind``; LookupError for a game that has none (no AI seat can
    be taken in its games)."""
    players = get_game(kind).facets.players
    if players is None:
        raise LookupError(f"game {kind!r} has no computer players")
    return players


def level_name(level: str, locale: str) -> str:
    """A difficulty level as people read it (a game's own level without a catalogue name: as it is)."""
    key = f"bot.ai.level.{level}"
    return t(key, locale) if has_message(key) else level


class AiRunner:
    """Plays the AI seats of every game, one background task per game."""

    def __init__(
        self,
        bot: WarchestBot,
        *,
        budgets: Mapping[str, float] | None = None,
        processes: int = 0,
    ) -> None:
        self.bot = bot
        ai = players_of(DEFAULT_KIND)
        self.levels = {
            level: (player, (budgets or {}).get(level, ai.ai_budgets[level]))
            for level, player in ai.ai_levels.items()
        }
        """The default game's levels: (player, think time in ms) each."""
        self._pool = WorkerPool(processes, initializer=worker_started, name="AI")
        """Worker processes (threads with 0); a dead worker process is replaced and the decision retried."""
        reviewers = min(REVIEW_PROCESSES, os.cpu_count() or 1) if processes else 0
        self._reviews = WorkerPool(
            reviewers,
            threads=1,
            initializer=functools.partial(worker_started, REVIEW_NICENESS),
            name="review",
        )
        """The reviews' own workers (a thread with ``processes=0``), at a lower priority."""
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._wanted: set[int] = set()
        self._leased: set[int] = set()  # games whose AI lease this bot holds (shared database only)
        self._closed = False
        self.review_budget: int | None = None
        """The search budget of `/wc review` per decision (None: each game's ``review_budget``)."""
        self.decisions: deque[tuple[int, int, float]] = deque(maxlen=1000)
        """(game id, ply, seconds thought) of the latest AI decisions (for tests and benchmarks)."""

    @property
    def service(self) -> GameService:
        return self.bot.service

    # --- scheduling ----------------------------------------------------------------------------------
    def poke(self, game_id: int) -> None:
        """Something changed in the game: if an AI seat must act, it will (no-op for human turns)."""
        if self._closed:
            return
        self._wanted.add(game_id)
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._run(game_id))

    async def resume(self) -> None:
        """Schedule every active game in which an AI seat must act and this bot is not already working on
        (at start-up; with a shared database, also now and then: see coordinator.py)."""
        try:
            waiting = [g for g in await self.service.games_awaiting_ai() if g not in self._tasks]
        except Exception:
            log.exception("could not list the games waiting for the AI")
            return
        if waiting:
            log.info("resuming the AI in %d game(s)", len(waiting))
        for game_id in waiting:
            self.poke(game_id)

    def busy(self, game_id: int) -> bool:
        """Whether the AI is (or will be) working on this game."""
        return game_id in self._tasks

    async def stop(self) -> None:
        """Stop thinking (before closing): a move not yet committed is simply not made."""
        self._closed = True
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=5.0)
        self._pool.close()
        self._reviews.close()

    # --- playing -------------------------------------------------------------------------------------
    async def _run(self, game_id: int) -> None:
        try:
            while game_id in self._wanted and not self._closed:
                self._wanted.discard(game_id)
                streak: dict[str, Any] = {}  # the AI decisions in a row: one wait for the people
                while await self._move(game_id, streak):
                    pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the AI could not move; the game is unchanged", game_id)
            await self._tell_failure(game_id)
        finally:
            self._wanted.discard(game_id)
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]
            if game_id in self._leased:
                self._leased.discard(game_id)
                await give_up_lease(self.service.storage, ai_lease(game_id), self.bot.holder)

    async def _lease(self, game_id: int) -> bool:
        """With a shared database: take the game's AI lease before thinking (False: another process is
        thinking about this turn, and will play it; if it dies, the lease lapses and the worker's sweep
        brings the turn back). Alone on the database, nobody else thinks: no lease."""
        if not self.bot.shared or game_id in self._leased:
            return True
        try:
            await self.service.storage.take_lease(
                ai_lease(game_id), self.bot.holder, seconds=AI_LEASE_SECONDS
            )
        except LeaseHeld:
            return False
        except StorageError as exc:  # busy: the worker's sweep tries again
            log.warning("game %s: could not take the AI lease: %s", game_id, exc)
            return False
        self._leased.add(game_id)
        return True

    async def _move(self, game_id: int, streak: dict[str, Any] | None = None) -> bool:
        """Make one AI decision if one is due; False when a human is to act or the game is over.
        ``streak``: the decisions the same AI seat took just before, in a row (their time is shared)."""
        turn = await self.service.ai_turn(game_id)
        if turn is None or not await self._lease(game_id):
            return False
        kind = turn.kind
        player, budget = self._level(kind, turn.level)
        left = self._turn_left(kind, turn.level, turn.seat, {} if streak is None else streak)
        if left is not None:
            budget = left if budget is None else min(budget, left)
        started = time.perf_counter()
        action = await self._think(player, budget, secrets.randbits(64), turn.view, kind)
        self.decisions.append((game_id, turn.ply, time.perf_counter() - started))
        try:
            result = await self.service.play_ai(game_id, turn.seat, action, expected_ply=turn.ply)
        except ServiceError as exc:
            if exc.code in (
                ErrorCode.STALE,
                ErrorCode.GAME_OVER,
                ErrorCode.NOT_YOUR_TURN,
                ErrorCode.NOT_SEATED,
            ):
                # The game moved on while the AI thought (a resignation, another process, a silent player
                # who took their seat back): look again.
                again = await self.service.ai_turn(game_id)
                return again is not None and again.ply != turn.ply
            raise
        self.bot.flow.after_play(result)
        return True

    def _level(self, kind: str, level: str) -> tuple[str, float | None]:
        """The player and think time of a level of the game ``kind`` (a player's own name stands for
        itself)."""
        if kind == DEFAULT_KIND:
            return self.levels.get(level, (level, None))
        ai = get_game(kind).facets.players
        player = ai.ai_levels.get(level) if ai is not None else None
        return (level, None) if ai is None or player is None else (player, ai.ai_budgets.get(level))

    @staticmethod
    def _turn_left(kind: str, level: str, seat: int, streak: dict[str, Any]) -> float | None:
        """The think time (ms) left of the seat's decisions in a row, for a game whose players declare a
        budget per turn (``ai_turn_budgets``: a person waits for the whole turn, e.g. For the Crown's);
        None: no such budget. The clock starts at the first of them (``streak`` keeps it)."""
        ai = get_game(kind).facets.players
        whole = getattr(ai, "ai_turn_budgets", {}).get(level) if ai is not None else None
        if whole is None:
            return None
        now = time.perf_counter()
        if streak.get("seat") != seat:
            streak["seat"], streak["began"] = seat, now
        return max(TURN_FLOOR_MS, whole - 1000.0 * (now - streak["began"]))

    async def _think(
        self, player: str, budget: float | None, seed: int, view: dict[str, Any], kind: str = DEFAULT_KIND
    ) -> Any:
        return await self._pool.run(think, player, budget, seed, view, kind)

    # --- reviews of finished games (`/wc review`) ---------------------------------------------------------
    @property
    def review_parallel(self) -> int:
        """How many review decisions are appraised at once: one per review worker process (1 with threads)."""
        return max(1, self._reviews.processes)

    async def appraise(
        self, kind: str, decision: Decision, budget: int | None, seed: int
    ) -> Appraisal | None:
        """One review decision appraised in the review workers (`warchest_bot.ai.review.appraise`), never on
        the event loop nor in the AI's workers; the seat's own view is all a worker is given."""
        return await self._reviews.run(appraise, kind, decision, budget, seed)

    async def _tell_failure(self, game_id: int) -> None:
        try:
            info = await self.service.get_game(game_id)
            place = self.bot.flow.place(info)
            if place is not None:
                loc = await self.bot.flow.public_locale(info.guild_id)
                await place.send(t("bot.ai.failed", loc, game_id=game_id), allowed_mentions=NO_PINGS)
        except Exception:
            log.exception("game %s: could not tell the players that the AI failed", game_id)

    # --- /wc new against the bot --------------------------------------------------------------------------
    def seat_names(self, level: str, players: int, locale: str = "en") -> list[str]:
        """The names of the bot's seats (stored with the game, so in the language of the server's posts)."""
        bot_name = self.bot.user.display_name if self.bot.user is not None else "War Chest"
        shown = level_name(level, locale)
        if players == 2:
            return [t("bot.ai.seat_name", locale, bot=bot_name, level=shown)]
        return [
            t("bot.ai.seat_name_numbered", locale, bot=bot_name, number=n, level=shown)
            for n in range(1, players)
        ]

    async def start_game(
        self,
        interaction: discord.Interaction,
        level: str,
        *,
        kind: str = DEFAULT_KIND,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """A game of ``kind`` of the caller against the bot (every other seat an AI seat), started at once in
        its own thread; the AI moves first if it holds the initiative."""
        levels = ai_levels_of(get_game(kind))
        if level not in levels:  # (a game without computer players is refused by the service)
            level = DEFAULT_LEVEL if DEFAULT_LEVEL in levels else next(iter(levels), level)
        channel = interaction.channel
        thread_id = channel.id if isinstance(channel, discord.Thread) else None
        human = player_of(interaction.user)
        options = dict(options or {})
        players = get_game(kind).players_of(options)
        bots = [AiPlayer(level, name) for name in self.seat_names(level, players, public_locale(interaction))]
        info = await self.service.create_game(
            [human, *bots],
            kind=kind,
            options=options,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            thread_id=thread_id,
            rated=False,
        )
        loc = public_locale(interaction)
        shown = level_name(level, loc)
        await interaction.response.send_message(
            t("bot.ai.starting", loc, game_id=info.id, player=f"<@{human.user_id}>", level=shown),
            allowed_mentions=NO_PINGS,
        )
        message = await interaction.original_response()
        info = await self.bot.flow.open_place(info, message.id)
        await message.edit(
            content=t(
                "bot.ai.started",
                loc,
                game_id=info.id,
                level=shown,
                place=f"<#{info.thread_id or info.channel_id}>",
                players=format_list((s.name for s in info.seats), loc),
            ),
            allowed_mentions=NO_PINGS,
        )
        self.bot.flow.after_start(info, interaction)
