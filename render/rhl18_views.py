"""18Rhl pictures by kind, for the bot: ``render(view)`` draws what ``view["image"]`` asks for.

- no ``image``: the whole board (map, market, charters) as :func:`render.rhl18.render`;
- ``{"kind": "routes"}``: the map with ``view["routes"]`` drawn (a run, or ``run auto``'s
  proposal before the player confirms it);
- ``{"kind": "zoom", "hex": "F9"}``: the map around one hex (``/game board near:F9``);
- ``{"kind": "lay", "hex", "tile", "rotation"}``: the zoomed preview of a tile lay.
"""

from __future__ import annotations

from render import rhl18


def render(view: dict) -> bytes:
    image = view.get("image")
    kind = image.get("kind") if isinstance(image, dict) else None
    if kind == "routes":
        return rhl18.render_routes(view)
    if kind == "zoom":
        return rhl18.render_zoom({**view, "routes": None}, image["hex"])
    if kind == "lay":
        return rhl18.render_lay_preview(view, image["hex"], image["tile"], int(image["rotation"]))
    return rhl18.render({k: v for k, v in view.items() if k != "routes"})
