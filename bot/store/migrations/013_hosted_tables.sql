-- A table its creator hosts without a seat of their own (they left their lobby seat with no
-- other human seated, as `rheinbot demo` does, or imported a game they have not sat at yet)
-- stays theirs while guests come and go. The seats alone cannot tell such a host from a
-- creator who sat and walked away, whose table the first player still seated runs.
-- Portable: both dialects run this file (flags are 0/1 integers in both).
ALTER TABLE games ADD COLUMN hosted INTEGER NOT NULL DEFAULT 0;
-- Before this column a lobby with no human seated was its creator's: such a lobby is hosted.
UPDATE games SET hosted = 1 WHERE status = 'lobby' AND NOT EXISTS (
    SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.is_ai = 0
    AND seats.user_id IS NOT NULL);
