-- Channel posts Discord would not take (5xx, rate limits, a dropped connection) after every
-- retry: a move's post and the next player's ping. They were only reported to the mover,
-- so the channel missed the move and the next player was never told; kept here, they go
-- out in order before the next post to that channel, or at the delivery's next retry tick,
-- and a restart does not lose them. ``reply`` is the post as JSON (pictures base64);
-- a lease lets one process post a channel's rows at a time.
CREATE TABLE channel_outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id  INTEGER NOT NULL,
    reply       TEXT NOT NULL,
    created_at  DOUBLE PRECISION NOT NULL,
    lease_owner TEXT,
    lease_until DOUBLE PRECISION
);
CREATE INDEX channel_outbox_by_channel ON channel_outbox (channel_id, id);
