-- Issue 14: the full board outlines what changed since the previous full board; the service
-- remembers, per game, the last action that board had seen, so a board posted after a restart
-- still marks what changed (the log is replayed up to it).
CREATE TABLE board_marks (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    last_action INTEGER NOT NULL
);
