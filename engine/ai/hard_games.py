"""The games that have a ``hard`` searcher (``engine.ai.hard``), each in its own module:
worlds, candidates, playout horizon and values per game. 18Rhl has none and plays
``normal`` at that level.
"""

from __future__ import annotations

from engine.ai.hard_rhein import RHEIN
from engine.ai.hard_rheinlaender import RHEINLAENDER
from engine.ai.hard_troedler import TROEDLER

SEARCHERS = {"rhein": RHEIN, "rheinlaender": RHEINLAENDER, "troedler": TROEDLER}
