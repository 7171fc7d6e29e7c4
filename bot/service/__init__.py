"""The transport-free service: what a command does to a table, as replies to deliver.

One module per concern (lobby, moves, undo, clocks, ...), each a mixin of
:class:`bot.service.base.ServiceBase`; :class:`TablesService` puts them together. The
reminder scheduler (``reminders``), the AI seats' choice (``ai``) and the per-game additions
(``extras``, ``rhl18_steps``) live here too. Nothing in this package knows Discord.
"""

from bot.service.base import (
           STALE,
           TURN_HINT,
           Ctx,
           Refusal,
           RematchPlan,
           _private_part,
           _public,
           _secret_lines,
)
from bot.service.lobby import parse_pace
from bot.service.tables import TablesService

__all__ = ["STALE", "TURN_HINT", "Ctx", "RematchPlan", "Refusal", "TablesService",
           "_private_part", "_public", "_secret_lines", "parse_pace"]
