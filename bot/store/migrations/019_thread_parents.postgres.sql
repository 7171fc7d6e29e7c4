-- PostgreSQL's twin of 019_thread_parents.sql: BIGINT for Discord's channel ids.
CREATE TABLE thread_parents (
    channel_id BIGINT PRIMARY KEY,
    parent_id  BIGINT NOT NULL
);
CREATE INDEX thread_parents_by_parent ON thread_parents (parent_id);
