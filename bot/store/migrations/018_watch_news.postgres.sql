-- A spectator's board DMs keep their quiet hours: a board that comes in them is held as a
-- reminder of kind 'watch' (see 018_watch_news.sql).
ALTER TABLE reminders DROP CONSTRAINT reminders_kind;
ALTER TABLE reminders ADD CONSTRAINT reminders_kind
    CHECK (kind IN ('turn', 'idle', 'clock', 'digest', 'watch'));
