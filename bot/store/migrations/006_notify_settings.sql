-- Issue 15: one notification per turn. delay_hours: the first notice of a turn comes that many
-- hours after the turn starts (0: at once). dms_closed: a DM to this user was refused with
-- 403 50007, so they get channel mentions instead until they change /remind.
ALTER TABLE user_settings ADD COLUMN delay_hours REAL NOT NULL DEFAULT 0;
ALTER TABLE user_settings ADD COLUMN dms_closed INTEGER NOT NULL DEFAULT 0;
