-- The version of a game's last change to its state (a move, an undo, the start, a rebuild),
-- beside ``version``, which every change bumps, seat changes too. A button or menu made at
-- version v still fits the game while no change to its state came since (state_version <= v):
-- a kick of another seat moved ``version`` alone, and the private "your turn goes on"
-- prompt's buttons were refused ("the newest prompt has your moves") with no newer prompt.
-- Games already running count from their current version: their older buttons stay refused.
ALTER TABLE games ADD COLUMN state_version INTEGER NOT NULL DEFAULT 0;
UPDATE games SET state_version = version;
