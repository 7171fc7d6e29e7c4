-- PostgreSQL's twin of 006_notify_settings.sql: DOUBLE PRECISION, not REAL (4 bytes there).
ALTER TABLE user_settings ADD COLUMN delay_hours DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE user_settings ADD COLUMN dms_closed INTEGER NOT NULL DEFAULT 0;
