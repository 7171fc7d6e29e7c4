-- PostgreSQL's twin of 004_game_origins.sql: BIGINT ids and DOUBLE PRECISION times.
CREATE TABLE game_origins (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    source     TEXT NOT NULL,
    state      TEXT NOT NULL,
    moves      INTEGER NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);
