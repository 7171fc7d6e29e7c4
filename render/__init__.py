"""Board pictures: one module per game, each with ``render(view) -> PNG bytes``."""

from __future__ import annotations

import importlib
import threading
from pathlib import Path

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


def render_board(game_key: str, view: dict) -> bytes | list[bytes]:
    """The PNG of a game's board for a view (``game.view(state, None)`` for the channel).

    A game whose full board is several pictures returns a list of PNGs (18Rhl: the map and
    the market), to be posted together; pictures of one kind (a route, a zoom) stay bytes.
    """
    from render.player_names import plain_view

    module = importlib.import_module(_MODULES[game_key])
    with _ONE_AT_A_TIME:
        return module.render(plain_view(view))


def render_turn_card(game_key: str, view: dict) -> bytes | None:
    """The turn card PNG (render.turn_card) for a public view with ``view["card"]``; None
    for a game drawn by another renderer (tests' stand-ins), which posts no card."""
    if game_key not in _MODULES:
        return None
    from render import turn_card
    from render.player_names import plain_view

    with _ONE_AT_A_TIME:
        return turn_card.render(game_key, plain_view(view))


def board_changes(game_key: str, before: dict, after: dict) -> dict | None:
    """What changed between two public views, for the next full board to highlight
    (``view["changed"]``: the touched places, render.changes), or None for a game that does
    not say."""
    if game_key not in _MODULES:  # a game drawn by another renderer (tests' stand-ins)
        return None
    from render import changes

    return changes.touched(game_key, before, after)


def write_board(path: Path, pngs: bytes | list[bytes]) -> list[Path]:
    """Save a board to ``path``; a board of several pictures as ``path``, ``<stem>-2.png``..."""
    pages = pngs if isinstance(pngs, list) else [pngs]
    paths = [path] + [path.with_name(f"{path.stem}-{k + 2}{path.suffix}")
                      for k in range(len(pages) - 1)]
    for where, body in zip(paths, pages, strict=True):
        where.write_bytes(body)
    return paths
