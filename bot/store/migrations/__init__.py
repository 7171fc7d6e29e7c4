"""The numbered schema migrations, one file each, applied in order by every store backend.

The rule for dialects: ``NNN_name.sql`` is the migration, written in SQL both SQLite and
PostgreSQL run wherever the two agree (COALESCE, not IFNULL; ``ON CONFLICT`` upserts;
DOUBLE PRECISION, not REAL, which is a 4-byte float on PostgreSQL). Where they cannot agree
(AUTOINCREMENT against identity columns, 64-bit Discord ids that SQLite's INTEGER holds and
PostgreSQL's does not, SQLite's rebuild-the-table ALTERs), a twin ``NNN_name.postgres.sql``
next to it replaces it on PostgreSQL. Both leave the schema in the same shape: the same
tables, columns, indexes and constraints, so every statement in ``bot.store.base`` reads and
writes either. A twin always has its plain file (the number belongs to both dialects), and
the plain files of applied migrations never change: a database records only the number.
"""

from __future__ import annotations

from importlib import resources

DIALECTS = ("sqlite", "postgres")


def migrations(dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """(number, file name, sql) of every migration for ``dialect``, in order."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown SQL dialect {dialect!r}")
    plain: dict[int, tuple[str, str]] = {}
    twins: dict[int, tuple[str, str]] = {}
    for entry in resources.files(__name__).iterdir():
        name = entry.name
        if not (name.endswith(".sql") and name[:3].isdigit()):
            continue
        found = twins if name.endswith(".postgres.sql") else plain
        if int(name[:3]) in found:
            raise RuntimeError(f"two migrations numbered {name[:3]}")
        found[int(name[:3])] = (name, entry.read_text(encoding="utf-8"))
    numbers = sorted(plain)
    if numbers != list(range(1, len(numbers) + 1)):
        raise RuntimeError(f"migrations must be numbered 001, 002, ... without gaps: {numbers}")
    if set(twins) - set(plain):
        raise RuntimeError(f"PostgreSQL twins without a migration: {sorted(set(twins) - set(plain))}")
    chosen = {**plain, **twins} if dialect == "postgres" else plain
    return [(number, *chosen[number]) for number in numbers]
