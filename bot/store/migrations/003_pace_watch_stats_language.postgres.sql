-- Issue 10, PostgreSQL's twin of 003_pace_watch_stats_language.sql: the same columns, tables
-- and reminder kinds. PostgreSQL changes the reminders table in place where SQLite rebuilds it.

ALTER TABLE games ADD COLUMN pace_hours DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE games ADD COLUMN rematch_of BIGINT;

CREATE TABLE watchers (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE results (
    game_id   BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    user_id   BIGINT,
    name      TEXT NOT NULL,
    rank      INTEGER NOT NULL,
    score     TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_user ON results (user_id);

ALTER TABLE user_settings ADD COLUMN digest INTEGER NOT NULL DEFAULT 0;

ALTER TABLE reminders DROP CONSTRAINT reminders_kind;
ALTER TABLE reminders ADD CONSTRAINT reminders_kind
    CHECK (kind IN ('turn', 'idle', 'clock', 'digest'));
ALTER TABLE reminders ALTER COLUMN game_id DROP NOT NULL;
DROP INDEX reminders_one_per_turn;
CREATE UNIQUE INDEX reminders_one_per_turn
    ON reminders (COALESCE(game_id, 0), kind, COALESCE(user_id, 0));
