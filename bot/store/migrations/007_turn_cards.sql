-- Issue 14: the turn card shows the moves since the previous card, so the service remembers,
-- per game, the last action the previous card had seen (restarts keep it; an undo that
-- removes later actions leaves it pointing past the log, which then reads as "no moves").
CREATE TABLE turn_cards (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    last_action INTEGER NOT NULL
);
