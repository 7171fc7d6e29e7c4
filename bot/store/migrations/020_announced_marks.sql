-- A move is committed before its posts are built and sent; a restart in between lost them
-- for good (the outbox holds only posts Discord refused). Per game: the last version whose
-- announcement reached the channel (or the outbox), and the last action it had said. At
-- start-up a live game ahead of its mark gets a catch-up post (bot.service.catch_up).
-- Games already in the database count as announced: their posts went out before this.
CREATE TABLE announced_marks (
    game_id     INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,
    last_action INTEGER NOT NULL
);
INSERT INTO announced_marks (game_id, version, last_action)
SELECT g.id, g.version, COALESCE((SELECT MAX(a.id) FROM actions a WHERE a.game_id = g.id), 0)
FROM games g;
