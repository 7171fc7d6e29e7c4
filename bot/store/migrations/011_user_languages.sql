-- The language of each player's Discord client, learnt from their commands: what is sent to
-- them alone (turn DMs, a new hand) is said in it, not in the table's. A table of its own, so
-- that a player with no /remind settings keeps the server's defaults for those.
CREATE TABLE user_languages (
    user_id    INTEGER PRIMARY KEY,
    language   TEXT NOT NULL,
    updated_at REAL NOT NULL
);
