"""18Rhl pictures by kind, for the bot: ``render(view)`` draws what ``view["image"]`` asks for.

- no ``image``: the whole board as two pictures, the map (render.rhl18) and the market
  (render.rhl18_market: players, corporations, privates, trains, market), a list of PNGs;
- ``{"kind": "routes"}``: the map with ``view["routes"]`` drawn (a run, or ``run auto``'s
  proposal before the player confirms it);
- ``{"kind": "zoom", "hex": "F9"}``: the map around one hex (``/game board near:F9``);
- ``{"kind": "lay", "hex", "tile", "rotation"}``: the zoomed preview of a tile lay;
- ``{"kind": "lay_options", "hex", "title", "options"}``: the tiles a player may lay on the hex
  they picked, numbered as their menu (render.rhl18_lay_options).
"""

from __future__ import annotations

from render import rhl18, rhl18_lay_options, rhl18_market


def render(view: dict) -> bytes | list[bytes]:
    image = view.get("image")
    kind = image.get("kind") if isinstance(image, dict) else None
    if kind == "routes":
        return rhl18.render_routes(view)
    if kind == "zoom":
        return rhl18.render_zoom({**view, "routes": None}, image["hex"])
    if kind == "lay":
        return rhl18.render_lay_preview(view, image["hex"], image["tile"], int(image["rotation"]))
    if kind == "lay_options":
        return rhl18_lay_options.render(view)
    return full_board({k: v for k, v in view.items() if k != "routes"})


def full_board(view: dict) -> list[bytes]:
    """The map picture and the market picture, in that order."""
    return [rhl18.render_map(view), rhl18.png(rhl18_market.market_picture(view))]


def changes(before: dict, after: dict) -> dict:
    """The hexes whose tile, rotation, tokens or reservations differ between two views."""
    old, new = before.get("board") or {}, after.get("board") or {}
    keys = ("tile", "rotation", "tokens", "reserved")
    hexes = [h for h, cell in new.items()
             if any((old.get(h) or {}).get(k) != cell.get(k) for k in keys)]
    return {"hexes": sorted(hexes)}
