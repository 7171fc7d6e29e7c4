-- The steps of a player's turn that goes on are told to them alone; the channel gets the
-- whole run once the turn passes (a Trödler turn was up to nine posts). The service keeps,
-- per game, the last action whose line the channel has: the held steps are the mover's
-- actions after it, so a restart in mid-turn loses none of them.
CREATE TABLE said_marks (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    last_action INTEGER NOT NULL
);
