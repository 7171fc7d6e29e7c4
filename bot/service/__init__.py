"""The transport-free service: what a command does to a table, as replies to deliver."""

from bot.service.tables import (
    STALE,
    TURN_HINT,
    Ctx,
    Refusal,
    RematchPlan,
    TablesService,
    _private_part,
    _public,
    _secret_lines,
    parse_pace,
)

__all__ = ["STALE", "TURN_HINT", "Ctx", "RematchPlan", "Refusal", "TablesService",
           "_private_part", "_public", "_secret_lines", "parse_pace"]
