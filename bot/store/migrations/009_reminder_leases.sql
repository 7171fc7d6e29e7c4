-- Issue 17: several bot processes share one database, and each due notice must be sent by
-- exactly one of them. A process leases the due rows it is about to fire (lease_owner: that
-- process, lease_until: when the lease runs out); the others skip leased rows until then,
-- so a process that dies mid-pass hands its rows over once their leases expire.
-- DOUBLE PRECISION (not REAL, a 4-byte float on PostgreSQL): the same epoch seconds as due_at.
ALTER TABLE reminders ADD COLUMN lease_owner TEXT;
ALTER TABLE reminders ADD COLUMN lease_until DOUBLE PRECISION;
