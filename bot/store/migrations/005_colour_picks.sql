-- Issue 15: a colour picked with /game join colour: is kept at the start (the player gets the
-- seat the game gives that colour); a colour the lobby handed out by default is not a pick.
ALTER TABLE seats ADD COLUMN colour_picked INTEGER NOT NULL DEFAULT 0;
