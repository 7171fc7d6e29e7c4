-- Three anti-griefing memories lived in one process's memory, so a restart (or a second bot
-- process on the same database) forgot them: a repeated /game board went public again, a
-- refused undo could be asked again, pinging everyone, and a member who had left a lobby
-- twice could join at once. Each is bounded where it is written (bot.store.base):
-- board_posts: a /game board posted in the channel, per game, version and zoom (rows older
--   than the ten minutes it counts are deleted with each new one);
-- refused_undos: an undo the table refused, by its first action (the newest few per game);
-- lobby_leaves: a member leaving a lobby (rows older than the half hour they count are
--   deleted with each new one, and only a member's last two per lobby are kept).
CREATE TABLE board_posts (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version   INTEGER NOT NULL,
    zoom      TEXT NOT NULL,
    posted_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, version, zoom)
);
CREATE TABLE refused_undos (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    target_action INTEGER NOT NULL,
    refused_by    TEXT NOT NULL,
    refused_at    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, target_action)
);
CREATE TABLE lobby_leaves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    left_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX lobby_leaves_by_member ON lobby_leaves (game_id, user_id);
