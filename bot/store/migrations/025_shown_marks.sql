-- The held steps of a turn (told to their mover alone, 012) can still be seen before the
-- turn passes: a /game board posted in the channel, another player's /game log or /game
-- status, a spectator's board DM. The last action such a look showed is kept per game, so
-- that taking those steps back is said in the channel like any seen move: taken back in
-- silence, a card everybody had seen played went back into a hidden hand.
CREATE TABLE shown_marks (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    last_action INTEGER NOT NULL
);
