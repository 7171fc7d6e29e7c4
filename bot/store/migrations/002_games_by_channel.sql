-- Every command looks up the latest game of its channel (live or finished): index it, so the
-- lookup stays instant with many thousands of finished games in the file.
CREATE INDEX games_by_channel ON games (channel_id, id);
