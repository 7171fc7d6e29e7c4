-- Imported games (rheinbot import-18xx, /game import): the state the import reached. Replays
-- (undo, a snapshot that no longer loads) start from it instead of a fresh setup.
CREATE TABLE game_origins (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    source     TEXT NOT NULL,           -- where it came from, e.g. "18xx.games 190691"
    state      TEXT NOT NULL,           -- the engine state (game.dump) at the import
    moves      INTEGER NOT NULL,        -- effective moves replayed by the import
    created_at REAL NOT NULL
);
