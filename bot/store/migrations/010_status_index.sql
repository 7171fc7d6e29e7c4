-- Issue 17: every move rewrote games_by_status, because it indexed updated_at, which each move
-- changes (an index page more in the WAL per commit on SQLite, and on PostgreSQL no HOT update
-- of the game row). No query orders games by status and time; the ones that filter by status
-- (finished_count, finished_without_results) also read game_key, so index that instead: it
-- changes only when a game starts or ends. Portable: both dialects run this file.
DROP INDEX games_by_status;
CREATE INDEX games_by_status_key ON games (status, game_key);
