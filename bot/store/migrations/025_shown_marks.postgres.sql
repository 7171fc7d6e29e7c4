-- PostgreSQL's twin of 025_shown_marks.sql: BIGINT for the game and action ids.
CREATE TABLE shown_marks (
    game_id BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    last_action BIGINT NOT NULL
);
