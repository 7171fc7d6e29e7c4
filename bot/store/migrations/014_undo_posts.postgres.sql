-- PostgreSQL's twin of 014_undo_posts.sql: BIGINT for Discord's message ids.
ALTER TABLE undo_votes ADD COLUMN post_id BIGINT;
