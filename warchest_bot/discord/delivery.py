"""The outbox's delivery worker: turns the announcements the service committed into Discord messages.

Every accepted action writes the announcements it owes (outbox rows, see `warchest_bot.service.publication`)
in its own transaction, then tells this worker (the service's `Publisher`). The worker reads the pending rows
of a game in order, one game at a time per game (games in parallel), sends each (`GameFlow.deliver`), and
marks it done in the database right after its post went through. A failure (Discord down, a 5xx, a timeout)
records the error and tries the row again later with back-off (2 s, 4 s, … up to 10 minutes); later rows of
that game wait, so a game's posts keep their order. At start-up (once the gateway is ready) it delivers
whatever is still owed, so a crash or a restart between a commit and its post loses nothing.

Several processes (shards across processes, one database). Each row is delivered under a claim (see
`warchest_bot.storage.outbox`): the bot whose action wrote it holds it from the commit on; a worker takes a
row (a compare-and-swap in the database) right before it sends it, and only when the row is free, its own,
expired or its holder is gone; it renews the claim while a post takes long. A game is started only when its
first owed row is due and claimable: a game whose first row another live bot holds waits until that claim
expires, or, when this bot has rows of its own behind it, looks again every `BLOCKED_POLL` seconds (the
other bot is about to finish its rows). A clean stop frees this bot's claims at once, and on PostgreSQL
wakes the other bots' workers (`OUTBOX_CHANNEL`, as does a failed post, whose row is free again): they read
the outbox again at once instead of when the claims would have lapsed. Without a wake-up (a bot that
crashed, SQLite) a shared bot reads the outbox at least every `SHARED_POLL` seconds.

Guarantee: a row is never delivered twice, within one process (one task per game, the row is marked done
before the next one is read) or across processes (a row is sent only by the holder of its claim). A hard
crash (SIGKILL, power cut) while a row is being delivered leaves it owed: it is delivered again after the
restart, or by another process once the dead bot's claim expires (at once on the same host, where a dead pid
is seen). That repeat posts nothing twice: every message a row sends goes through `send_once`, which records
each message that went through in the row (`OutboxRecord.posted`: a repeat skips it) and sends it with a
nonce derived from the row and the message's slot, with ``enforce_nonce``: Discord dedupes a create with the
nonce of a message the same author made in the past few minutes and returns that message instead, which
covers the instant between a post going through and its record. (A restart after more than those few
minutes, in that very instant, could still post one message again.) A SIGTERM or Ctrl-C lets in-flight
deliveries finish first (`stop`). What follows a post once its row is done (a finished game's replay GIF)
is best effort.

Interactions. A command or button that acts holds the announcements it commits until its reply (or its
refusal) has been sent (the board comes after "You played …"; see `interactions.py`), then releases them,
whatever happened to the reply: a reply that failed never stops an announcement.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import logging
from collections.abc import Awaitable, Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

from ..service import ServiceError
from ..storage import (
    OUTBOX_CHANNEL,
    OUTBOX_CLAIM_SECONDS,
    OutboxRecord,
    StorageBusy,
    StorageError,
    Unlisten,
    holder_is_gone,
    listen_or_poll,
    nothing_to_stop,
)
from ..tasks import cancel_and_wait

if TYPE_CHECKING:
    from .bot import WarchestBot

log = logging.getLogger("warchest_bot.discord.delivery")

FIRST_RETRY = 2.0
MAX_RETRY = 600.0
KEEP_DONE = timedelta(days=7)
"""Delivered rows are kept this long (for diagnostics), then pruned at the next start."""
STOP_TIMEOUT = 10.0
"""How long closing waits for deliveries in flight (the rest stays owed and goes out after the restart)."""
SHARED_POLL = float(OUTBOX_CLAIM_SECONDS)
"""With a shared database (``bot.shared``): the longest the outbox goes unread, so that rows another process
left without a wake-up (it crashed; a wake-up was lost; SQLite) are seen once their claims lapse."""
BLOCKED_POLL = 1.0
"""How often a game whose first row another live bot holds is looked at again when this bot has rows of its own
behind it."""


class _Scope:
    """Announcements held while an interaction is being answered."""

    def __init__(self, interaction: discord.Interaction | None) -> None:
        self.interaction = interaction
        self.games: list[int] = []
        self.open = True


_scope: contextvars.ContextVar[_Scope | None] = contextvars.ContextVar("warchest_outbox_scope", default=None)


class RowPosts:
    """The messages of one outbox row being delivered: each message's slot (its channel and its number
    among the row's messages there, so the same message gets the same slot in every delivery of the row),
    what the row already posted (slot -> message id), and the nonce of each slot."""

    def __init__(self, row: OutboxRecord, record: Callable[[dict[str, int]], Awaitable[None]]) -> None:
        self.row = row
        self.posted: dict[str, int] = dict(row.posted)
        self._record = record
        self._counts: dict[int, int] = {}

    def slot(self, channel_id: int) -> str:
        """The next message's slot in ``channel_id``."""
        n = self._counts.get(channel_id, 0)
        self._counts[channel_id] = n + 1
        return f"{channel_id}:{n}"

    def nonce(self, slot: str) -> str:
        """The nonce of ``slot`` (24 characters; Discord takes up to 25): the same in every delivery of this
        row, different for every other row and slot (the row's creation time keeps a new database's rows
        apart from an old one's)."""
        row = self.row
        key = f"{row.id}:{row.created_at.timestamp()}:{slot}"
        return hashlib.blake2b(key.encode(), digest_size=12).hexdigest()

    async def posted_as(self, slot: str, message_id: int) -> None:
        """``slot`` went through as ``message_id``: recorded in the row (a failure to record is logged: the
        nonce still covers a repeat within minutes)."""
        self.posted[slot] = message_id
        try:
            await self._record(self.posted)
        except StorageError as exc:
            log.warning(
                "game %s: could not note a post of announcement %s: %s", self.row.game_id, self.row.id, exc
            )


_row_posts: contextvars.ContextVar[RowPosts | None] = contextvars.ContextVar(
    "warchest_row_posts", default=None
)


async def send_once(
    place: discord.abc.Messageable, content: str | None = None, **kwargs: Any
) -> discord.Message | discord.PartialMessage:
    """``place.send(content, **kwargs)``, at most once per outbox row: while a row is being delivered, a
    message the row already posted is not sent again (its message is returned as a partial message), and a
    new one goes with the nonce of its slot (discord.py sets ``enforce_nonce``), so that Discord returns the
    message a crashed delivery already made instead of a second one. Outside a delivery: a plain send."""
    posts = _row_posts.get()
    if posts is None:
        return await place.send(content, **kwargs)
    channel = await place._get_channel()  # discord.py's own way from a Messageable to its channel
    slot = posts.slot(channel.id)
    known = posts.posted.get(slot)
    if known is not None:
        log.info(
            "game %s: announcement %s already posted %s; not again", posts.row.game_id, posts.row.id, slot
        )
        return discord.PartialMessage(channel=channel, id=known)
    message = await place.send(content, nonce=posts.nonce(slot), **kwargs)
    await posts.posted_as(slot, message.id)
    return message


def retry_delay(attempts: int) -> float:
    """Seconds before the next try after ``attempts`` failed ones (doubling, capped)."""
    return min(MAX_RETRY, FIRST_RETRY * 2 ** max(0, attempts - 1))


class Delivery:
    """Delivers the outbox (implements the service's `Publisher` port)."""

    def __init__(self, bot: WarchestBot) -> None:
        self.bot = bot
        self._wake = asyncio.Event()
        self._task: asyncio.Task[Any] | None = None
        self._games: dict[int, asyncio.Task[Any]] = {}
        self._interactions: dict[int, discord.Interaction] = {}
        self._stopping = False
        self._unlisten: Unlisten = nothing_to_stop
        self.paused = False
        """Tests: take announcements but deliver nothing (as if the bot died right after its commits)."""
        self.claim_seconds: float = OUTBOX_CLAIM_SECONDS
        """How long this bot's claim on a row it takes lasts (renewed at half of it while the row is posted)."""

    # --- the Publisher port ------------------------------------------------------------------------------
    def announce(self, game_id: int) -> None:
        scope = _scope.get()
        if scope is not None and scope.open:
            scope.games.append(game_id)
            return
        self._wake.set()

    def hold(self, interaction: discord.Interaction | None) -> _Scope:
        """Hold the announcements committed from now on in this task (and the tasks it starts) until
        `release`: the task is answering ``interaction``."""
        scope = _Scope(interaction)
        _scope.set(scope)
        return scope

    def release(self, scope: _Scope) -> None:
        """Deliver what ``scope`` held (and, from then on, what its task commits) as usual."""
        scope.open = False
        if scope.interaction is not None:
            for game_id in scope.games:
                self._interactions[game_id] = scope.interaction  # for a closed-DM notice to the actor
        if scope.games:
            self._wake.set()

    @contextlib.contextmanager
    def interaction_scope(self, interaction: discord.Interaction | None) -> Iterator[None]:
        """Hold the announcements committed while answering ``interaction``; release them on exit."""
        outer = _scope.get()
        scope = self.hold(interaction)
        try:
            yield
        finally:
            _scope.set(outer)
            self.release(scope)

    # --- the worker ----------------------------------------------------------------------------------------
    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="outbox-delivery")

    async def stop(self, timeout: float = STOP_TIMEOUT) -> None:
        """Stop taking rows; let the deliveries in flight finish (up to ``timeout``), then cancel the rest
        (rows not marked done stay owed: the next start delivers them)."""
        self._stopping = True
        self._wake.set()
        task, self._task = self._task, None
        await cancel_and_wait(task)
        unlisten, self._unlisten = self._unlisten, nothing_to_stop
        await unlisten()
        running = set(self._games.values())
        if running:
            _, late = await asyncio.wait(running, timeout=timeout)
            for task in late:
                task.cancel()
            if late:
                await asyncio.wait(late, timeout=1.0)
        if self.bot.service is None:  # a bot that only registers commands
            return
        try:  # what this bot still holds goes to the next process at once (else when the claims expire)
            await self.bot.service.storage.release_outbox_claims(self.bot.holder)
        except StorageError as exc:
            log.warning("outbox: could not free this bot's claims: %s", exc)

    async def idle(self, timeout: float = 10.0) -> None:
        """Wait until nothing due is owed that this bot is to deliver and no delivery runs (tests,
        `GameFlow.drain`): rows another live bot holds are its own to deliver, unless rows of this bot wait
        behind them."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not self._stopping and not self.paused and self._task is not None and loop.time() < deadline:
            if self._games:
                await asyncio.wait(set(self._games.values()), timeout=deadline - loop.time())
                continue
            now = self._now()
            rows = await self.bot.service.storage.pending_outbox(limit=1000)
            if not any(
                first.due_at <= now and (self._claimable(first, now) or ours)
                for first, ours in self._firsts(rows).values()
            ):
                return
            await asyncio.sleep(0.01)

    async def _run(self) -> None:
        await self.bot.wait_until_ready()  # channels must be known to open threads
        # Rows other processes free (a clean stop, a failed post): look at once (PostgreSQL).
        self._unlisten = await listen_or_poll(
            self.bot.service.storage, OUTBOX_CHANNEL, self._wake.set, "the outbox delivery"
        )
        try:
            await self.bot.service.storage.prune_outbox(self._now() - KEEP_DONE)
        except StorageError:
            log.warning("outbox: could not prune delivered rows", exc_info=True)
        while not self._stopping:
            self._wake.clear()
            wait: float | None = None
            try:
                wait = await self._dispatch()
            except (StorageError, ServiceError):
                log.exception("outbox: cannot read the pending announcements; trying again")
                wait = FIRST_RETRY
            if self.bot.shared:
                wait = SHARED_POLL if wait is None else min(wait, SHARED_POLL)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=wait)

    def _now(self) -> datetime:
        return datetime.now(UTC)

    def _claimable(self, row: OutboxRecord, now: datetime) -> bool:
        """Whether this bot may take ``row``: free, its own, expired, or held by a bot that is gone."""
        holder = row.claimed_by
        return (
            holder is None
            or holder == self.bot.holder
            or row.claimed_until is None
            or row.claimed_until <= now
            or holder_is_gone(holder)
        )

    def _firsts(self, rows: list[OutboxRecord]) -> dict[int, tuple[OutboxRecord, bool]]:
        """Per game: its first owed row, and whether rows this bot claimed wait behind it."""
        games: dict[int, tuple[OutboxRecord, bool]] = {}
        for row in rows:
            first, ours = games.get(row.game_id, (row, False))
            ours = ours or (row is not first and row.claimed_by == self.bot.holder)
            games[row.game_id] = (first, ours)
        return games

    async def _dispatch(self) -> float | None:
        """Start a delivery task for each game whose first row is due and claimable; return seconds until
        the next row falls due or a claim of another bot expires (None: nothing is waiting)."""
        if self.paused:
            return None
        rows = await self.bot.service.storage.pending_outbox(limit=1000)
        now = self._now()
        wait: float | None = None
        for game_id, (row, ours) in self._firsts(rows).items():
            if game_id in self._games:
                continue
            if row.due_at > now:
                left = (row.due_at - now).total_seconds()
            elif not self._claimable(row, now):  # another live bot is delivering this game
                assert row.claimed_until is not None
                left = (row.claimed_until - now).total_seconds()
                if ours:
                    left = min(left, BLOCKED_POLL)
            else:
                task = asyncio.get_running_loop().create_task(self._deliver_game(game_id))
                self._games[game_id] = task
                continue
            wait = left if wait is None else min(wait, left)
        return wait

    async def _deliver_game(self, game_id: int) -> None:
        flow = self.bot.flow
        try:
            async with flow.lock_for(game_id):
                while not self._stopping and not self.paused:
                    rows = await self.bot.service.storage.pending_outbox(game_id, limit=1)
                    if not rows:
                        self._interactions.pop(game_id, None)
                        return
                    if rows[0].due_at > self._now():
                        return
                    if not await self._claim(rows[0]):
                        return  # another process has it (it delivers this game now)
                    if not await self._deliver(rows[0]):
                        return
        except StorageBusy as exc:  # another program holds the write lock: the status line counts it
            log.warning("game %s: outbox delivery waits for the database: %s", game_id, exc)
        except Exception:
            log.exception("game %s: outbox delivery failed", game_id)
        finally:
            if self._games.get(game_id) is asyncio.current_task():
                del self._games[game_id]
            self._wake.set()  # rows of this game may be due, or were added meanwhile

    async def _claim(self, row: OutboxRecord) -> bool:
        """Take ``row`` for this bot (or renew its claim when less than half of it is left); False if another
        process holds it."""
        now = self._now()
        if (
            row.claimed_by == self.bot.holder
            and row.claimed_until is not None
            and (row.claimed_until - now).total_seconds() > self.claim_seconds / 2
        ):
            return True
        return await self.bot.service.storage.claim_outbox(
            row.id, self.bot.holder, seen=row.claimed_by, seconds=self.claim_seconds, at=now
        )

    async def _keep_claim(self, row: OutboxRecord) -> None:
        """While ``row`` is being posted: renew its claim every half period (a post that takes long, a rate
        limit, is not taken over by another process)."""
        while True:
            await asyncio.sleep(self.claim_seconds / 2)
            try:
                kept = await self.bot.service.storage.claim_outbox(
                    row.id, self.bot.holder, seen=self.bot.holder, seconds=self.claim_seconds, at=self._now()
                )
            except StorageError as exc:
                log.warning(
                    "game %s: could not renew the claim on announcement %s: %s", row.game_id, row.id, exc
                )
                continue
            if not kept:
                log.warning(
                    "game %s: lost the claim on announcement %s while posting it", row.game_id, row.id
                )
                return

    async def post(self, row: OutboxRecord, interaction: discord.Interaction | None) -> Any:
        """`GameFlow.deliver` under this bot's claim on ``row``, renewed while it takes; its messages go
        through `send_once` for this row."""
        keeper = asyncio.get_running_loop().create_task(self._keep_claim(row))
        storage = self.bot.service.storage
        token = _row_posts.set(RowPosts(row, lambda posted: storage.outbox_posted(row.id, posted)))
        try:
            return await self.bot.flow.deliver(row, interaction)
        finally:
            _row_posts.reset(token)
            keeper.cancel()

    async def _deliver(self, row: OutboxRecord) -> bool:
        """Deliver one row; True if it is done (go on with the game's next row)."""
        storage = self.bot.service.storage
        interaction = self._interactions.get(row.game_id)
        try:
            rest = await self.post(row, interaction)
        except Exception as exc:  # (a cancellation is no Exception: it leaves the row owed)
            # Discord down, a 5xx, a timeout: expected, one line; anything else with its traceback.
            expected = isinstance(exc, (TimeoutError, discord.HTTPException, OSError))
            delay = retry_delay(row.attempts + 1)
            log.log(
                logging.WARNING if expected else logging.ERROR,
                "game %s: announcement %s (%s, ply %s) failed (%r); next try in %.0f s",
                row.game_id,
                row.id,
                row.kind,
                row.ply,
                exc,
                delay,
                exc_info=not expected,
            )
            await storage.outbox_failed(row.id, repr(exc), self._now() + timedelta(seconds=delay))
            return False
        await storage.outbox_done(row.id)
        if rest is not None:
            try:
                await rest()
            except Exception:
                log.exception("game %s: after announcement %s (%s)", row.game_id, row.id, row.kind)
        return True


__all__ = ["Delivery", "RowPosts", "retry_delay", "send_once"]
