-- The message an undo request was posted as (a Discord message id; NULL until the adapter
-- says, and for requests asked elsewhere): whoever ends the vote (a button, a typed vote, a
-- move, in any process) puts the outcome there in place of its buttons. Kept on the vote
-- rows, which end with the vote.
ALTER TABLE undo_votes ADD COLUMN post_id INTEGER;
