-- The channel each game's thread belongs to. When a text channel is deleted, its threads go
-- with it, and discord.py reports only the threads it caches (it drops auto-archived ones):
-- without their parents on record, every live game in an uncached channel of the server was
-- looked up on Discord, one request each. Recorded when a thread with a live game is seen
-- (a command or button in it, Discord archiving it) and, for rows older than this table, at
-- that lookup. A thread's parent never changes; a row goes when its channel or parent does.
CREATE TABLE thread_parents (
    channel_id INTEGER PRIMARY KEY,
    parent_id  INTEGER NOT NULL
);
CREATE INDEX thread_parents_by_parent ON thread_parents (parent_id);
