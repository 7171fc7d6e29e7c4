-- The end of a finished game is told to each player by DM ('ended', its line), at the end of
-- their quiet hours if it ends in them; the row stays, parked, as the mark that it was told.
-- SQLite rebuilds the table to widen the kind check; PostgreSQL changes the constraint (the
-- twin file).
CREATE TABLE reminders_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT NOT NULL CHECK (kind IN ('turn', 'idle', 'clock', 'digest', 'watch',
                                              'hand', 'decide', 'ended')),
    game_id     INTEGER REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER,
    due_at      REAL NOT NULL,
    sent        INTEGER NOT NULL DEFAULT 0,
    payload     TEXT NOT NULL DEFAULT '{}',
    created_at  REAL NOT NULL,
    lease_owner TEXT,
    lease_until DOUBLE PRECISION
);
INSERT INTO reminders_new SELECT id, kind, game_id, user_id, due_at, sent, payload, created_at,
    lease_owner, lease_until FROM reminders;
DROP TABLE reminders;
ALTER TABLE reminders_new RENAME TO reminders;
CREATE INDEX reminders_by_due ON reminders (due_at);
CREATE UNIQUE INDEX reminders_one_per_turn
    ON reminders (IFNULL(game_id, 0), kind, IFNULL(user_id, 0));
