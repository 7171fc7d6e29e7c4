-- PostgreSQL's twin of 015_seat_left_by.sql: BIGINT for Discord's user ids.
ALTER TABLE seats ADD COLUMN left_by BIGINT;
