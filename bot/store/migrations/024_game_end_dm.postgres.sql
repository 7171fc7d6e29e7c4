-- The end of a finished game told to each player by DM: a reminder of kind 'ended' (see
-- 024_game_end_dm.sql).
ALTER TABLE reminders DROP CONSTRAINT reminders_kind;
ALTER TABLE reminders ADD CONSTRAINT reminders_kind
    CHECK (kind IN ('turn', 'idle', 'clock', 'digest', 'watch', 'hand', 'decide', 'ended'));
