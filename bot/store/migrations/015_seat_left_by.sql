-- The member who held a seat before it was handed on (to an AI, or to another member):
-- the seats say who holds a seat now, the moves who made them, and a player whose seat an
-- AI took before they ever moved was found by neither ("/game kick player:Carla
-- replacement:Carla" refused her; a rematch could not give her that seat back).
ALTER TABLE seats ADD COLUMN left_by INTEGER;
