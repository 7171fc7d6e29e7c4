-- How many messages of a kept channel post already went out. A long post is several Discord
-- messages (the picture rides on the last); when a later one failed, the whole post was
-- kept and sent again, so the channel showed its first message twice. Recorded as each
-- message goes out, a retry (or a restarted process) sends only the rest.
ALTER TABLE channel_outbox ADD COLUMN sent_parts INTEGER NOT NULL DEFAULT 0;
