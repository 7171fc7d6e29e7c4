-- PostgreSQL's twin of 011_user_languages.sql: BIGINT for Discord's user ids.
CREATE TABLE user_languages (
    user_id    BIGINT PRIMARY KEY,
    language   TEXT NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);
