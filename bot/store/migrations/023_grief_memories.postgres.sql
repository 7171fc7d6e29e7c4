-- PostgreSQL's twin of 023_grief_memories.sql: BIGINT for the game, action and user ids.
CREATE TABLE board_posts (
    game_id   BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version   INTEGER NOT NULL,
    zoom      TEXT NOT NULL,
    posted_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, version, zoom)
);
CREATE TABLE refused_undos (
    game_id       BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    target_action BIGINT NOT NULL,
    refused_by    TEXT NOT NULL,
    refused_at    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, target_action)
);
CREATE TABLE lobby_leaves (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    left_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX lobby_leaves_by_member ON lobby_leaves (game_id, user_id);
