"""Reminder leases: the statements both backends run so that one process fires each due row.

A lease is two columns of ``reminders`` (migration 009): ``lease_owner``, the process that
fires the row, and ``lease_until``, when its claim runs out. A row is claimable when it is due
and nobody holds it, or its holder's lease ran out (that process died or stalled). The
statements use ``?`` placeholders, written once for SQLite and PostgreSQL; only the claim
differs: PostgreSQL locks the chosen rows with ``FOR UPDATE SKIP LOCKED`` so that two
processes claiming at the same instant take different rows instead of queueing, while
SQLite runs the claim inside ``BEGIN IMMEDIATE``, where writers take turns anyway.
"""

from __future__ import annotations

_CLAIMABLE = ("SELECT id FROM reminders WHERE due_at <= ? "
              "AND (lease_until IS NULL OR lease_until <= ?) ORDER BY due_at, id LIMIT ?")
_CLAIM = ("UPDATE reminders SET lease_owner = ?, lease_until = ? WHERE id IN ({rows}) "
          "RETURNING id, kind, game_id, user_id, due_at, sent, payload")

# parameters: owner, lease until, now, now, limit
CLAIM_DUE_SQLITE = _CLAIM.format(rows=_CLAIMABLE)
CLAIM_DUE_POSTGRES = _CLAIM.format(rows=_CLAIMABLE + " FOR UPDATE SKIP LOCKED")

# parameters: owner. A process fires one pass at a time, so all its leases end together.
RELEASE_CLAIMS = ("UPDATE reminders SET lease_owner = NULL, lease_until = NULL "
                  "WHERE lease_owner = ?")

# When the next row becomes claimable: its due time, or the end of the lease on it (a row
# another process holds is not ours to fire before then). CASE, not MAX(a, b) / GREATEST:
# the one spelling both dialects know.
NEXT_CLAIMABLE = ("SELECT MIN(CASE WHEN lease_until > due_at THEN lease_until ELSE due_at END) "
                  "FROM reminders")
