"""Board pictures: one module per game, each with ``render(view) -> PNG bytes``."""

from __future__ import annotations

import importlib

_MODULES = {
    "rhein": "render.rhein",
    "rheinlaender": "render.rheinlaender",
    "troedler": "render.troedler",
    "18rhl": "render.rhl18",
}


def render_board(game_key: str, view: dict) -> bytes:
    """The PNG of a game's board for a view (``game.view(state, None)`` for the channel)."""
    return importlib.import_module(_MODULES[game_key]).render(view)
