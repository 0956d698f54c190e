"""The SQLite schema, as numbered migrations, and the code that applies them.

`MIGRATIONS[i]` upgrades a database from schema version `i` to `i + 1`; the version lives in
`PRAGMA user_version`, which SQLite keeps in the file header and updates in the same transaction as the
migration, so a crash mid-migration leaves the previous version intact. Rules for adding one:
append a new script, never edit a released one; keep each script to statements that are valid inside a
transaction (no `VACUUM`, no `PRAGMA journal_mode`); a table rebuild needs `PRAGMA foreign_keys` handled by
the runner first.

Times are INTEGER unix seconds (UTC); booleans are INTEGER 0/1; JSON is TEXT; Discord snowflakes fit in
SQLite's signed 64-bit INTEGER.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Awaitable, Iterable, Sequence
from typing import Any, Protocol

from .errors import SchemaError

# "WCHB": marks the file as a warchest-bot database (PRAGMA application_id), so that pointing the bot at
# some other SQLite file is refused instead of "migrated".
APPLICATION_ID = 0x57434842

_V1 = """
CREATE TABLE games (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: ids end up in Discord buttons
    kind         TEXT    NOT NULL,                   -- which game of the family, e.g. 'warchest'
    status       TEXT    NOT NULL CHECK (status IN ('open', 'active', 'finished', 'aborted')),
    guild_id     INTEGER,
    channel_id   INTEGER,
    thread_id    INTEGER,
    created_by   INTEGER,
    options      TEXT    NOT NULL,                   -- JSON object
    seed         INTEGER NOT NULL,
    rated        INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1)),
    ply_count    INTEGER NOT NULL DEFAULT 0 CHECK (ply_count >= 0),  -- = number of rows in actions
    turn_seat    INTEGER,                            -- hint kept by the service: who must act next
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    started_at   INTEGER,
    finished_at  INTEGER,
    winner_team  INTEGER,
    end_reason   TEXT,
    result       TEXT                                -- JSON object
);
CREATE INDEX games_by_guild ON games (guild_id, id DESC);
CREATE INDEX games_by_guild_status ON games (guild_id, status, id DESC);
CREATE INDEX games_by_status_updated ON games (status, updated_at);
CREATE INDEX games_by_thread ON games (thread_id) WHERE thread_id IS NOT NULL;

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    user_id      INTEGER,                            -- NULL for an AI seat
    display_name TEXT    NOT NULL,                   -- as it was when the seat was taken
    team         INTEGER NOT NULL,
    ai_level     TEXT,                               -- NULL for a human seat
    dm_reachable INTEGER CHECK (dm_reachable IN (0, 1)),  -- NULL = not known yet
    joined_at    INTEGER NOT NULL,
    game_status  TEXT    NOT NULL,                   -- copy of games.status, for the per-user indexes
    outcome      TEXT    CHECK (outcome IN ('win', 'loss', 'draw')),  -- set when the game finishes
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id),
    CHECK ((user_id IS NULL) <> (ai_level IS NULL))
);
CREATE INDEX seats_by_user ON seats (user_id, game_id DESC);
CREATE INDEX seats_by_user_status ON seats (user_id, game_status, game_id DESC, outcome);

CREATE TABLE actions (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply          INTEGER NOT NULL CHECK (ply >= 0),
    seat         INTEGER,                            -- who acted; NULL for a system action
    notation     TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;

CREATE TABLE snapshots (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply          INTEGER NOT NULL CHECK (ply >= 0),  -- state after this many actions
    state        TEXT    NOT NULL,                   -- JSON, a cache: never the truth
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE challenges (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    challenger_id INTEGER NOT NULL,
    open_seats    INTEGER NOT NULL DEFAULT 0 CHECK (open_seats >= 0),  -- seats anyone may take
    channel_id    INTEGER,
    message_id    INTEGER,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER
);
CREATE INDEX challenges_by_challenger ON challenges (challenger_id);
CREATE INDEX challenges_by_expiry ON challenges (expires_at) WHERE expires_at IS NOT NULL;

CREATE TABLE challenge_invites (
    game_id      INTEGER NOT NULL REFERENCES challenges (game_id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX challenge_invites_by_user ON challenge_invites (user_id);

CREATE TABLE message_refs (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL,                   -- 'board', 'hand', ...
    seat         INTEGER NOT NULL DEFAULT -1,        -- -1 = the game as a whole
    channel_id   INTEGER,
    message_id   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind, seat)
);
CREATE INDEX message_refs_by_message ON message_refs (message_id);

CREATE TABLE user_settings (
    user_id      INTEGER PRIMARY KEY,
    settings     TEXT    NOT NULL,                   -- JSON object
    updated_at   INTEGER NOT NULL
);

CREATE TABLE guild_settings (
    guild_id     INTEGER PRIMARY KEY,
    settings     TEXT    NOT NULL,                   -- JSON object
    updated_at   INTEGER NOT NULL
);
"""

# v2: correspondence play (issue 7): move clocks, the timer table the scheduler sleeps on, vacations,
# Glicko-2 ratings, undo requests and rematch links.
_V2 = """
CREATE TABLE game_clocks (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    move_seconds    INTEGER NOT NULL CHECK (move_seconds > 0),  -- time per decision
    ply             INTEGER,                            -- the ply the running deadline belongs to
    seat            INTEGER,                            -- the seat that must decide by `deadline`
    turn_started_at INTEGER,
    deadline        INTEGER,                            -- NULL: no running deadline (not started / over)
    updated_at      INTEGER NOT NULL
);
CREATE INDEX game_clocks_by_deadline ON game_clocks (deadline) WHERE deadline IS NOT NULL;

CREATE TABLE timers (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    due_at       INTEGER NOT NULL,
    kind         TEXT    NOT NULL,                      -- 'reminder', 'deadline', 'vacation_end'
    game_id      INTEGER REFERENCES games (id) ON DELETE CASCADE,
    user_id      INTEGER,
    ply          INTEGER,
    step         INTEGER NOT NULL DEFAULT 0,            -- reminder step (or vacation id)
    payload      TEXT,                                  -- JSON object
    fired_at     INTEGER,                               -- NULL until fired (or dropped)
    created_at   INTEGER NOT NULL,
    UNIQUE (kind, game_id, user_id, ply, step)          -- at most once per reminder step
);
CREATE INDEX timers_due ON timers (due_at) WHERE fired_at IS NULL;
CREATE INDEX timers_by_game ON timers (game_id) WHERE game_id IS NOT NULL;

CREATE TABLE vacations (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL,
    year         INTEGER NOT NULL,                      -- the calendar year whose allowance it uses
    starts_at    INTEGER NOT NULL,
    ends_at      INTEGER NOT NULL,
    days         INTEGER NOT NULL CHECK (days >= 1),
    created_at   INTEGER NOT NULL,
    CHECK (ends_at > starts_at)
);
CREATE INDEX vacations_by_user ON vacations (user_id, ends_at);

CREATE TABLE ratings (
    scope        INTEGER NOT NULL,                      -- 0 = global, else the guild id
    user_id      INTEGER NOT NULL,
    rating       REAL    NOT NULL,
    rd           REAL    NOT NULL,
    volatility   REAL    NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (scope, user_id)
);
CREATE INDEX ratings_leaderboard ON ratings (scope, rating DESC);

CREATE TABLE rated_games (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    applied_at   INTEGER NOT NULL
);

CREATE TABLE undo_requests (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    ply          INTEGER NOT NULL,                      -- the game's ply count when asked (undoes ply - 1)
    seat         INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    accepted     TEXT    NOT NULL DEFAULT '[]',         -- JSON list of user ids who accepted
    created_at   INTEGER NOT NULL
);

CREATE TABLE rematches (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    rematch_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE
);
"""

# v3: the bot's own key-value bookkeeping (e.g. the hash of the slash commands last registered).
_V3 = """
CREATE TABLE bot_meta (
    key          TEXT    PRIMARY KEY,
    value        TEXT    NOT NULL,
    updated_at   INTEGER NOT NULL
) WITHOUT ROWID;
"""

_V4 = """
CREATE TABLE leases (
    name         TEXT    PRIMARY KEY,                   -- what is held, e.g. 'service'
    holder       TEXT    NOT NULL,                      -- host:pid:random of the process holding it
    acquired_at  INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL                       -- free for the taking from then on
) WITHOUT ROWID;
"""

# v5: the transactional outbox (issue 11): the announcements an accepted action owes (board post, pings,
# hand DMs), written in the action's own transaction and delivered, retried and resumed by the adapter.
_V5 = """
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,     -- delivery order within a game
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply          INTEGER NOT NULL,                      -- the game's ply count right after the action
    kind         TEXT    NOT NULL,                      -- 'start', 'move', 'end', 'undo', 'hands'
    payload      TEXT    NOT NULL DEFAULT '{}',         -- JSON object: public facts only, never the seed
    created_at   INTEGER NOT NULL,
    due_at       INTEGER NOT NULL,                      -- not tried again before (back-off)
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT,
    done_at      INTEGER                                -- NULL while owed
);
CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE done_at IS NULL;
"""

# v6: ratings per game kind (a War Chest rating never moves when someone plays another game). The table is
# rebuilt with `kind` in its key; every rating stored before was War Chest's.
_V6 = """
CREATE TABLE ratings_by_kind (
    kind         TEXT    NOT NULL,                      -- the game (games.kind) the rating is of
    scope        INTEGER NOT NULL,                      -- 0 = global, else the guild id
    user_id      INTEGER NOT NULL,
    rating       REAL    NOT NULL,
    rd           REAL    NOT NULL,
    volatility   REAL    NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (kind, scope, user_id)
);
INSERT INTO ratings_by_kind (kind, scope, user_id, rating, rd, volatility, games, updated_at)
    SELECT 'warchest', scope, user_id, rating, rd, volatility, games, updated_at FROM ratings;
DROP TABLE ratings;
ALTER TABLE ratings_by_kind RENAME TO ratings;
CREATE INDEX ratings_leaderboard ON ratings (kind, scope, rating DESC);
"""

# v7: each user's place in the tutorial (/wc tutorial): the lesson, the actions of the attempt in progress,
# a counter that tells stale tutorial messages apart, and the lessons finished.
_V7 = """
CREATE TABLE tutorial_progress (
    user_id      INTEGER PRIMARY KEY,
    lesson       TEXT    NOT NULL,                      -- the lesson's name (tutorial/lessons/NN_<name>.json)
    actions      TEXT    NOT NULL DEFAULT '[]',         -- JSON list of canonical action texts
    attempt      INTEGER NOT NULL DEFAULT 0,
    completed    TEXT    NOT NULL DEFAULT '[]',         -- JSON list of lesson names
    updated_at   INTEGER NOT NULL
);
"""

# v8: puzzles (issue 15): each user's puzzle rating, each puzzle's rating and results, every attempt, and the
# daily puzzle of the servers that opted in (settings, and one row per server and day: posted exactly once).
_V8 = """
CREATE TABLE puzzle_ratings (
    subject      TEXT    PRIMARY KEY,                   -- 'user:<id>' or 'puzzle:<puzzle id>'
    rating       REAL    NOT NULL,
    rd           REAL    NOT NULL,
    volatility   REAL    NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    solved       INTEGER NOT NULL DEFAULT 0,
    updated_at   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE puzzle_attempts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL,
    puzzle_id    TEXT    NOT NULL,
    guild_id     INTEGER,                               -- where it was asked (NULL: a DM)
    started_at   INTEGER NOT NULL,
    tries        INTEGER NOT NULL DEFAULT 0,            -- answers given so far
    solved       INTEGER,                               -- NULL until the first answer: 1 right, 0 wrong
    finished_at  INTEGER                                -- solved, or the solution was shown
);
CREATE INDEX puzzle_attempts_user ON puzzle_attempts (user_id, id);
CREATE TABLE puzzle_daily (
    guild_id     INTEGER PRIMARY KEY,
    channel_id   INTEGER NOT NULL,
    hour         INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),   -- UTC hour of the day it is posted
    set_by       INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);
CREATE TABLE puzzle_daily_posts (
    guild_id     INTEGER NOT NULL,
    day          INTEGER NOT NULL,                      -- days since 1970-01-01 (UTC)
    channel_id   INTEGER NOT NULL,
    puzzle_id    TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT,
    done_at      INTEGER,                               -- NULL while owed
    PRIMARY KEY (guild_id, day)
);
CREATE INDEX puzzle_daily_owed ON puzzle_daily_posts (guild_id, day) WHERE done_at IS NULL;
"""

# v9: the review of a finished game (issue 15), cached per game: what the search found, in public notation
# only (never the seed, never a hidden coin); ``requested_by`` and ``created_at`` count a user's reviews.
_V9 = """
CREATE TABLE reviews (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version      INTEGER NOT NULL,                      -- the review algorithm's version
    budget       INTEGER NOT NULL,                      -- the search budget it was made with
    data         TEXT    NOT NULL,                      -- JSON object: the review
    requested_by INTEGER,                               -- the user who asked for it
    created_at   INTEGER NOT NULL
);
CREATE INDEX reviews_by_user ON reviews (requested_by, created_at);
"""

# v10: outbox claims (issue 16): several bot processes share one database; the process delivering a row holds
# it for a while, so that no other one posts it too (see `outbox`). NULL: free for any process to take.
_V10 = """
-- the holder (host:pid:random) of the bot that delivers the row, and when another one may take it over
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until INTEGER;
"""

# v11: the messages an outbox row already posted (issue 30, item 16): a row delivered again after a crash skips
# them instead of posting them twice (see `outbox`).
_V11 = """
-- JSON object: the row's message slot ("channel:n", the n-th message of the row in that channel) -> message id
ALTER TABLE outbox ADD COLUMN posted TEXT NOT NULL DEFAULT '{}';
"""

# v12: what each seat was last shown and last did (issue 30, item 17): an action typed without a ply is checked
# against these in the transaction that appends it, by whichever process it reaches (see `sqlite.actions`).
_V12 = """
-- the position (ply, and the game's round there) the seat was last shown: its hand, its legal actions
ALTER TABLE seats ADD COLUMN shown_ply INTEGER;
ALTER TABLE seats ADD COLUMN shown_round INTEGER;
-- the position the seat's last action was chosen on
ALTER TABLE seats ADD COLUMN acted_ply INTEGER;
ALTER TABLE seats ADD COLUMN acted_round INTEGER;
"""

# v13: per-player totals (issue 30, item 14): a player's record (/wc stats) was counted over all their games
# at every request; these totals are kept by the transaction that finishes a game (see `sqlite.core`), and
# filled here from the games finished so far.
_V13 = """
CREATE TABLE player_totals (
    user_id      INTEGER NOT NULL,
    guild_key    INTEGER NOT NULL,                   -- the game's guild_id, 0 for a game outside any server
    kind         TEXT    NOT NULL,
    rated        INTEGER NOT NULL,
    games        INTEGER NOT NULL,                   -- finished games (aborted ones do not count)
    wins         INTEGER NOT NULL,
    losses       INTEGER NOT NULL,
    draws        INTEGER NOT NULL,
    PRIMARY KEY (user_id, guild_key, kind, rated)
) WITHOUT ROWID;
INSERT INTO player_totals (user_id, guild_key, kind, rated, games, wins, losses, draws)
SELECT s.user_id, COALESCE(g.guild_id, 0), g.kind, g.rated, count(*),
       sum(CASE WHEN s.outcome = 'win' THEN 1 ELSE 0 END),
       sum(CASE WHEN s.outcome = 'loss' THEN 1 ELSE 0 END),
       sum(CASE WHEN s.outcome = 'draw' THEN 1 ELSE 0 END)
FROM seats s JOIN games g ON g.id = s.game_id
WHERE s.user_id IS NOT NULL AND s.game_status = 'finished'
GROUP BY s.user_id, COALESCE(g.guild_id, 0), g.kind, g.rated;
"""

# v14: spectators and clock policies (issue 27). ``follows``: who follows a game or a player, how (a DM or a
# mention in the game's thread) and how often (every turn, or results only). ``game_clocks`` gets its policy:
# 'fixed' (``move_seconds`` per turn, as before) or 'increment' (each seat a bank, starting at
# ``move_seconds``, growing by ``increment_seconds`` per turn up to ``cap_seconds``); ``playing_hours``: the
# clock of a seat does not run during its player's night (their quiet hours); ``banks``: JSON seat -> seconds.
_V14 = """
CREATE TABLE follows (
    user_id      INTEGER NOT NULL,                      -- the follower
    target       TEXT    NOT NULL CHECK (target IN ('game', 'player')),
    target_id    INTEGER NOT NULL,                      -- a game id or a user id
    mode         TEXT    NOT NULL CHECK (mode IN ('turns', 'results')),
    how          TEXT    NOT NULL CHECK (how IN ('dm', 'mention')),
    guild_id     INTEGER,                               -- where a player was followed: only games there
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (user_id, target, target_id)
);
CREATE INDEX follows_by_target ON follows (target, target_id);
ALTER TABLE game_clocks ADD COLUMN policy TEXT NOT NULL DEFAULT 'fixed';
ALTER TABLE game_clocks ADD COLUMN increment_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_clocks ADD COLUMN cap_seconds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_clocks ADD COLUMN playing_hours INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_clocks ADD COLUMN banks TEXT NOT NULL DEFAULT '{}';
"""

# v15: games that never die (issue 27): the bot playing for a silent player (``seats.autopilot``), a game's own
# autopilot rule, every tenure of a seat (who held it from which ply to which), and pending seat offers (a seat
# handed to someone, or a silent player's replacement).
_V15 = """
-- the AI level playing for the seat's player after missed deadlines; NULL: the player plays
ALTER TABLE seats ADD COLUMN autopilot TEXT;
CREATE TABLE seat_rules (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    autopilot_after INTEGER NOT NULL CHECK (autopilot_after >= 0),  -- missed deadlines; 0 = never
    set_by          INTEGER,
    updated_at      INTEGER NOT NULL
);
CREATE TABLE seat_tenures (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER,                               -- NULL: the bot played for the seat's player
    display_name TEXT    NOT NULL,
    from_ply     INTEGER NOT NULL,
    to_ply       INTEGER,                               -- NULL: holds the seat now (or to the end)
    how          TEXT    NOT NULL,                      -- 'start', 'autopilot', 'returned', 'handed', 'replaced'
    created_at   INTEGER NOT NULL
);
CREATE INDEX seat_tenures_by_game ON seat_tenures (game_id, seat, id);
CREATE TABLE seat_offers (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    kind         TEXT    NOT NULL CHECK (kind IN ('hand', 'replace')),
    to_user_id   INTEGER NOT NULL,
    to_name      TEXT    NOT NULL,
    by_user_id   INTEGER NOT NULL,
    votes        TEXT    NOT NULL DEFAULT '[]',         -- JSON list of the user ids who agreed
    admin        INTEGER NOT NULL DEFAULT 0,            -- a server admin asked: no votes needed
    created_at   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
"""

# v16: conditional moves (issue 27): "if they play X, I answer Y" lines a player leaves in a game of perfect
# information (Point-Buy Chess); ``moves``: JSON list of canonical action texts, the opponent's move expected
# at ``from_ply`` first, then the owner's answer, and so on (see ``storage/conditionals.py``).
_V16 = """
CREATE TABLE conditional_moves (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,                      -- the owner's seat
    user_id      INTEGER NOT NULL,                      -- the owner
    from_ply     INTEGER NOT NULL,                      -- the ply of the opponent's move the line expects
    moves        TEXT    NOT NULL,
    created_at   INTEGER NOT NULL
);
CREATE INDEX conditional_moves_by_game ON conditional_moves (game_id, seat, id);
"""

# v17: tournaments and leagues (issue 26): an event (its game and options, fixed per event, and the whole
# tournament model as JSON, `tournaments.records`), changed by compare-and-swap on ``version``; each board of
# a round opens at most one game (the primary key), so a pairing run twice (a restart) opens none twice.
_V17 = """
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER,                               -- where the rounds are posted
    name         TEXT    NOT NULL,
    kind         TEXT    NOT NULL,                      -- the game
    options      TEXT    NOT NULL,                      -- JSON: the game's options
    organiser    INTEGER NOT NULL,
    status       TEXT    NOT NULL CHECK (status IN ('entry', 'running', 'paused', 'finished', 'cancelled')),
    state        TEXT    NOT NULL,                      -- JSON: the tournament model
    version      INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    game_id       INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    PRIMARY KEY (tournament_id, round, board)
);
"""

MIGRATIONS: tuple[str, ...] = (
    _V1,
    _V2,
    _V3,
    _V4,
    _V5,
    _V6,
    _V7,
    _V8,
    _V9,
    _V10,
    _V11,
    _V12,
    _V13,
    _V14,
    _V15,
    _V16,
    _V17,
)
"""Schema scripts; index i upgrades version i to i + 1. Append only."""


def split_statements(script: str) -> list[str]:
    """Split a migration script into single statements (triggers and quoted ';' are handled by SQLite)."""
    statements: list[str] = []
    buffer = ""
    for char in script:
        buffer += char
        if char == ";" and sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    rest = "\n".join(line for line in buffer.splitlines() if not line.strip().startswith("--"))
    if rest.strip():
        raise ValueError(f"migration script ends with an unterminated statement: {rest.strip()[:60]!r}")
    return statements


class _Db(Protocol):
    """What the migrations use of SQLite's write connection (`sqlite.worker.Worker`)."""

    def execute(self, sql: str, parameters: Iterable[Any] | None = None, /) -> Awaitable[object]: ...

    def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] | None = None, /
    ) -> Awaitable[Iterable[Any]]: ...


async def _pragma_int(db: _Db, name: str) -> int:
    rows = list(await db.execute_fetchall(f"PRAGMA {name}"))  # name is one of ours, never user input
    return int(rows[0][0])


async def _check_usable(db: _Db, version: int, known: int) -> None:
    if version > known:
        raise SchemaError(
            f"database schema version {version} is newer than this bot ({known}); upgrade the bot"
        )
    app_id = await _pragma_int(db, "application_id")
    if app_id not in (0, APPLICATION_ID):
        raise SchemaError(f"this SQLite file belongs to another application (application_id {app_id:#x})")
    if version == 0:
        rows = list(
            await db.execute_fetchall("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
        )
        if rows[0][0]:
            raise SchemaError(
                "this SQLite file has tables but no warchest-bot schema version; refusing to use it"
            )


async def check_usable(db: _Db, known: int) -> int:
    """Raise `SchemaError` unless the file is empty or a warchest-bot database of at most version `known`;
    return its version. Reads the header only: safe to call before anything is written."""
    version = await _pragma_int(db, "user_version")
    await _check_usable(db, version, known)
    return version


async def migrate(db: _Db, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Bring the schema up to `len(migrations)`, one migration per transaction; return the final version.

    Safe to run from several processes at once: each step re-reads the version under the write lock.
    """
    known = len(migrations)
    while True:
        version = await _pragma_int(db, "user_version")
        await _check_usable(db, version, known)
        if version == known:
            return version
        await db.execute("BEGIN IMMEDIATE")
        try:
            version = await _pragma_int(db, "user_version")
            await _check_usable(db, version, known)
            if version < known:
                for statement in split_statements(migrations[version]):
                    await db.execute(statement)
                # PRAGMAs take no parameters; both values are integers computed here.
                await db.execute(f"PRAGMA user_version = {int(version) + 1}")
                await db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            await db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                await db.execute("ROLLBACK")
            raise
