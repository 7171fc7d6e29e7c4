"""Board pictures: one module per game, each with ``render(view) -> PNG bytes``."""

from __future__ import annotations

import importlib
import threading

from engine import text

text.register("render.locales")  # the pictures' labels, in every catalogue language

_MODULES = {
    "rhein": "render.rhein",
    "rheinlaender": "render.rheinlaender",
    "troedler": "render.troedler",
    "18rhl": "render.rhl18_views",  # whole board, routes, zoom, lay preview
}


# One board at a time, whichever thread asks. Drawing holds the GIL nearly throughout, so
# parallel renders gain nothing, and each extra drawing thread is one more the event loop
# queues behind for the GIL: 20 boards at once stalled the loop 57-107 ms with the service's
# default thread pool, under 12 ms drawn one by one, in the same total time (bench "loop").
_ONE_AT_A_TIME = threading.Lock()


def render_board(game_key: str, view: dict) -> bytes:
    """The PNG of a game's board for a view (``game.view(state, None)`` for the channel)."""
    module = importlib.import_module(_MODULES[game_key])
    with _ONE_AT_A_TIME:
        return module.render(view)
