-- Issue 10: table language, move clock (pace), rematch link, spectators, results for /stats,
-- the daily digest setting, and reminder kinds for the move clock and the digest.

ALTER TABLE games ADD COLUMN pace_hours REAL;                  -- NULL: no move clock
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';  -- channel posts' language
ALTER TABLE games ADD COLUMN rematch_of INTEGER;               -- the game this one replays

-- Spectators: the public board by DM after each phase.
CREATE TABLE watchers (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Final standings, one row per seat, written when a game finishes (read by /stats).
CREATE TABLE results (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   INTEGER,                                  -- NULL for an AI seat
    name      TEXT NOT NULL,
    rank      INTEGER NOT NULL,
    score     TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_user ON results (user_id);

ALTER TABLE user_settings ADD COLUMN digest INTEGER NOT NULL DEFAULT 0;

-- Reminders gain two kinds: 'clock' (a pace table's move clock, per waiting user) and
-- 'digest' (one daily DM per user, not tied to a game, so game_id may be NULL).
CREATE TABLE reminders_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT NOT NULL CHECK (kind IN ('turn', 'idle', 'clock', 'digest')),
    game_id    INTEGER REFERENCES games (id) ON DELETE CASCADE,
    user_id    INTEGER,
    due_at     REAL NOT NULL,
    sent       INTEGER NOT NULL DEFAULT 0,
    payload    TEXT NOT NULL DEFAULT '{}',
    created_at REAL NOT NULL
);
INSERT INTO reminders_new SELECT id, kind, game_id, user_id, due_at, sent, payload, created_at
    FROM reminders;
DROP TABLE reminders;
ALTER TABLE reminders_new RENAME TO reminders;
CREATE INDEX reminders_by_due ON reminders (due_at);
CREATE UNIQUE INDEX reminders_one_per_turn
    ON reminders (IFNULL(game_id, 0), kind, IFNULL(user_id, 0));
