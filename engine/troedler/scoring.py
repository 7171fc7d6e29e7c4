"""End of the game and scoring (R44 to R49)."""

from __future__ import annotations

import dataclasses

from engine.core import Standing, State, rank_standings
from engine.text import Msg, msg
from engine.troedler.common import player_name
from engine.troedler.data import CARDS, SETUP


def requests(state: State, seat: int) -> list[int]:
    return [cid for cid in state["values"][seat] if CARDS[cid]["type"] == "request"]


def value_feed(state: State, seat: int) -> int:
    return sum(1 for cid in state["values"][seat] if CARDS[cid]["type"] == "feed")


def request_points(state: State, seat: int) -> int:
    return sum(CARDS[cid]["points"] for cid in requests(state, seat))


def damage(feed: int, goods: int) -> int:
    """Feed in the value pile plus half the goods, rounded up (R45)."""
    return feed + (goods + 1) // 2


def end_reached(state: State) -> bool:
    need = SETUP["end_requests"][str(state["n"])]
    return any(len(requests(state, seat)) >= need for seat in range(state["n"]))


def total_damage(damages: list[int]) -> int | None:
    """The seat that suffers total damage, if any (R46; 2 players: 3 or more above, R47)."""
    top = max(damages)
    if len(damages) == 2:
        low = min(damages)
        return damages.index(top) if top - low >= 3 else None
    return damages.index(top) if damages.count(top) == 1 else None


def rank(points: list[int], goods: list[int], damages: list[int]) -> list[Standing]:
    """Standings: survivors by points, then fewer goods; the damaged player last (R48, R49)."""
    loser = total_damage(damages)
    keys = {seat: (int(seat != loser), points[seat], -goods[seat]) for seat in range(len(points))}
    standings = rank_standings(keys)
    return [dataclasses.replace(s, score=points[s.seat], detail={
        "damage": damages[s.seat], "goods": goods[s.seat], "total_damage": s.seat == loser,
    }) for s in standings]


def standings(state: State) -> list[Standing]:
    seats = range(state["n"])
    goods = [len(state["collections"][seat]) for seat in seats]
    points = [request_points(state, seat) + goods[seat] for seat in seats]
    damages = [damage(value_feed(state, seat), goods[seat]) for seat in seats]
    result = rank(points, goods, damages)
    for standing in result:
        standing.detail["requests"] = len(requests(state, standing.seat))
        standing.detail["request_points"] = request_points(state, standing.seat)
        standing.detail["feed"] = value_feed(state, standing.seat)
    return result


def result_lines(state: State) -> list[Msg]:
    """The final standings as the game's log ends with them, the counted words agreeing
    ("1 request", "1 good", "1 point"; games logged before keep their
    ``troedler.result.line``, "from 1 requests")."""
    lines = []
    for s in standings(state):
        d = s.detail
        key = "troedler.result.standing_out" if d["total_damage"] else "troedler.result.standing"
        lines.append(msg(key, rank=s.rank, name=player_name(state, s.seat),
                         points=msg("troedler.result.points", count=s.score),
                         request_points=d["request_points"],
                         requests=msg("troedler.note.requests", count=d["requests"]),
                         goods=msg("troedler.note.goods", count=d["goods"]),
                         damage=d["damage"], feed=d["feed"]))
    return lines
