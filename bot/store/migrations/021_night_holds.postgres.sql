-- A hand dealt or a run-out clock's choice in a player's quiet hours is held for their end
-- as a reminder of kind 'hand' or 'decide' (see 021_night_holds.sql).
ALTER TABLE reminders DROP CONSTRAINT reminders_kind;
ALTER TABLE reminders ADD CONSTRAINT reminders_kind
    CHECK (kind IN ('turn', 'idle', 'clock', 'digest', 'watch', 'hand', 'decide'));
