-- PostgreSQL's twin of 020_announced_marks.sql: BIGINT for the game and action ids.
CREATE TABLE announced_marks (
    game_id     BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,
    last_action BIGINT NOT NULL
);
INSERT INTO announced_marks (game_id, version, last_action)
SELECT g.id, g.version, COALESCE((SELECT MAX(a.id) FROM actions a WHERE a.game_id = g.id), 0)
FROM games g;
