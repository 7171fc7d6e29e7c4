"""Which places a stretch of play touched, from two public views (before and after).

Pure functions, one per game, over the public views only (``game.view(state, None)``), so
what a picture marks as changed can never come from hidden information. A place is named
the way that game's pictures locate it:

- Rhein: a river position (``"0"``..``"14"``, the city numbers);
- Rheinländer: a board space (``"L5"``, ``"T12"``, ``"I10/11"``, a realm ``"O3"``);
- Trödler: a village key (``"ardvane"``);
- 18Rhl: a hex (``"E10"``).

>>> touched("troedler", {"players": [{"cart": "ardvane"}], "villages": {"ardvane": ["cup"]}},
...         {"players": [{"cart": "morvich"}], "villages": {"ardvane": []}})
{'places': ['ardvane', 'morvich']}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


def touched(game_key: str, before: dict | None, after: dict) -> dict | None:
    """``{"places": [...]}`` (sorted, no repeats) for a known game; None for another game.

    18Rhl's answer says ``"hexes"`` instead, the key its map draws from (:func:`places`
    reads either), and, when any differ, ``"corporations"``: for each corporation whose
    share price or trains differ, which of the two (``{"GVE": ["share_price", "trains"]}``),
    for its market picture. Without a ``before`` view (nothing posted yet) nothing is marked.
    """
    finder = _FINDERS.get(game_key)
    if finder is None:
        return None
    places = sorted(set(finder(before, after))) if before else []
    if game_key != "18rhl":
        return {"places": places}
    # the market picture marks these, as the map marks the hexes (the key only when some did)
    corporations = _rhl18_corporations(before, after) if before else {}
    return {"hexes": places, **({"corporations": corporations} if corporations else {})}


def places(changed: dict | None) -> list[str]:
    """The touched places of a :func:`touched` answer (``places`` or 18Rhl's ``hexes``)."""
    if not isinstance(changed, dict):
        return []
    return list(changed.get("places") or changed.get("hexes") or [])


def _differs(old: dict, new: dict, keys: Iterable[str]) -> bool:
    return any(old.get(key) != new.get(key) for key in keys)


def _rhein(before: dict, after: dict) -> list[str]:
    """Positions where a transport, a reservation marker, a truck or lying containers came
    or went (a move touches where it left and where it arrived), and where a transport was
    loaded (one waiting on its mat stands in Basel, position 0)."""
    places: list[Any] = []
    old_transports = {t["key"]: t for t in before.get("transports") or []}
    for transport in after.get("transports") or []:
        old = old_transports.get(transport["key"], {})
        if old.get("pos") != transport.get("pos"):
            places += [old.get("pos"), transport.get("pos")]
        places += set(old.get("markers") or []) ^ set(transport.get("markers") or [])
        if old and old.get("load") != transport.get("load"):
            places.append(transport.get("pos") or 0)
    old_players = {p["seat"]: p for p in before.get("players") or []}
    for player in after.get("players") or []:
        old = old_players.get(player["seat"], {})
        old_trucks = old.get("trucks") or {}
        for letter, truck in (player.get("trucks") or {}).items():
            was = old_trucks.get(letter) or {}
            if _differs(was, truck, ("pos", "load", "where")):
                places += [was.get("pos"), truck.get("pos")]
        lying, was_lying = player.get("lying") or {}, old.get("lying") or {}
        places += [city for city in set(lying) | set(was_lying)
                   if lying.get(city) != was_lying.get(city)]
    return [str(int(p)) for p in places if p is not None and str(p).lstrip("-").isdigit()]


def _rheinlaender(before: dict, after: dict) -> list[str]:
    """Spaces that gained or lost a knight or a bastion, and realms whose piece changed."""
    knights, old_knights = after.get("knights") or {}, before.get("knights") or {}
    places = [space for space in set(knights) | set(old_knights)
              if knights.get(space) != old_knights.get(space)]
    places += set(after.get("bastions") or []) ^ set(before.get("bastions") or [])
    realms, old_realms = after.get("realms") or {}, before.get("realms") or {}
    places += [realm for realm in realms if realms[realm] != old_realms.get(realm)]
    return places


def _troedler(before: dict, after: dict) -> list[str]:
    """Villages a cart left or reached, and villages whose goods changed."""
    places: list[str] = []
    old_players = before.get("players") or []
    for index, player in enumerate(after.get("players") or []):
        was = old_players[index].get("cart") if index < len(old_players) else None
        if was != player.get("cart"):
            places += [p for p in (was, player.get("cart")) if p]
    villages, old_villages = after.get("villages") or {}, before.get("villages") or {}
    places += [v for v in villages if sorted(villages[v]) != sorted(old_villages.get(v) or [])]
    return places


def _rhl18(before: dict, after: dict) -> list[str]:
    """Hexes whose tile, rotation, tokens or reservations differ."""
    old, new = before.get("board") or {}, after.get("board") or {}
    keys = ("tile", "rotation", "tokens", "reserved")
    return [h for h, cell in new.items() if _differs(old.get(h) or {}, cell, keys)]


def _rhl18_corporations(before: dict, after: dict) -> dict[str, list[str]]:
    """Corporation -> which of its share price (the market cell its marker stands on, so a
    corporation parred since is named too) and its trains differ."""
    def by_sym(view: dict) -> dict[str, dict]:
        corps = view.get("corporations") or []
        if isinstance(corps, dict):
            return dict(corps)
        return {c.get("sym") or c.get("id"): c for c in corps}

    old, new = by_sym(before), by_sym(after)
    out = {}
    for sym, corp in new.items():
        was = old.get(sym) or {}
        fields = [key for key in ("share_price", "trains")
                  if (was.get(key) or None) != (corp.get(key) or None)]
        if fields:
            out[sym] = fields
    return out


_FINDERS: dict[str, Callable[[dict, dict], list[str]]] = {
    "rhein": _rhein,
    "rheinlaender": _rheinlaender,
    "troedler": _troedler,
    "18rhl": _rhl18,
}
