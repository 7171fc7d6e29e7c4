-- PostgreSQL's twin of 007_turn_cards.sql: BIGINT for the game and action ids.
CREATE TABLE turn_cards (
    game_id BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    last_action BIGINT NOT NULL
);
