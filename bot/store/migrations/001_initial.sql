-- Rheinbot schema, version 1. Applied inside one transaction by bot/store.py, which then sets
-- PRAGMA user_version = 1 and records the row in schema_migrations.

CREATE TABLE schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
);

CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    game_key      TEXT NOT NULL,
    options       TEXT NOT NULL DEFAULT '{}',      -- JSON, normalised by the engine
    seed          INTEGER NOT NULL,
    status        TEXT NOT NULL DEFAULT 'lobby'
                  CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    min_players   INTEGER NOT NULL,
    max_players   INTEGER NOT NULL,
    creator_id    INTEGER NOT NULL,
    state         TEXT,                            -- snapshot: game.dump(state), NULL in the lobby
    state_format  INTEGER NOT NULL DEFAULT 1,      -- the engine's snapshot format when written
    version       INTEGER NOT NULL DEFAULT 0,      -- bumped by every change: the optimistic lock
    phase         TEXT NOT NULL DEFAULT '',
    active_seats  TEXT NOT NULL DEFAULT '[]',      -- JSON list, denormalised for /mygames
    created_at    REAL NOT NULL,
    updated_at    REAL NOT NULL
);

-- One live game per channel or thread; finished and abandoned games stay for the record.
CREATE UNIQUE INDEX games_one_live_per_channel
    ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_by_status ON games (status, updated_at);

CREATE TABLE seats (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    joined     INTEGER NOT NULL,                   -- join order, 0..
    seat       INTEGER,                            -- engine seat 0..n-1, set at start
    user_id    INTEGER,                            -- NULL for an AI seat
    name       TEXT NOT NULL,
    colour     TEXT NOT NULL,
    is_ai      INTEGER NOT NULL DEFAULT 0,
    ai_level   TEXT,
    PRIMARY KEY (game_id, joined)
);
CREATE INDEX seats_by_user ON seats (user_id);
CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

-- The ordered action log, stored as notation. Undone actions stay, flagged, for the record.
CREATE TABLE actions (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat           INTEGER NOT NULL,
    user_id        INTEGER,                        -- NULL when an AI seat acted
    notation       TEXT NOT NULL,
    lines          TEXT NOT NULL DEFAULT '[]',     -- JSON: the public log lines apply() wrote
    created_at     REAL NOT NULL,
    reveals_before INTEGER NOT NULL DEFAULT 0,
    reveals_after  INTEGER NOT NULL DEFAULT 0,
    undone         INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX actions_by_game ON actions (game_id, undone, id);

CREATE TABLE undo_votes (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    at_version     INTEGER NOT NULL,               -- a vote only counts while the game is here
    target_action  INTEGER NOT NULL,               -- first action to undo
    requested_by   INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    agree          INTEGER NOT NULL,
    created_at     REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE user_settings (
    user_id      INTEGER PRIMARY KEY,
    remind_on    INTEGER NOT NULL DEFAULT 1,
    every_hours  REAL NOT NULL DEFAULT 12,
    quiet_from   INTEGER,                          -- local hour 0-23, NULL = no quiet hours
    quiet_to     INTEGER,
    tz           TEXT NOT NULL DEFAULT 'UTC',
    updated_at   REAL NOT NULL
);

-- Durable timers: one row per pending reminder; the reminder task sleeps until the earliest.
CREATE TABLE reminders (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT NOT NULL CHECK (kind IN ('turn', 'idle')),
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER,                            -- NULL for the idle notice
    due_at     REAL NOT NULL,
    sent       INTEGER NOT NULL DEFAULT 0,         -- how many times this one has fired
    payload    TEXT NOT NULL DEFAULT '{}',
    created_at REAL NOT NULL
);
CREATE INDEX reminders_by_due ON reminders (due_at);
CREATE UNIQUE INDEX reminders_one_per_turn ON reminders (game_id, kind, IFNULL(user_id, 0));
