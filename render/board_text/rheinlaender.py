"""Rheinländer's board as text: each seat's points, duchies, knights and supply; every duchy
with its owner, spaces, realms and value; the realms no duchy holds; the bastions; who holds
the archbishop. Spaces are said as the log says them ("32–36 right", "island 10/11"), a realm
by the two land spaces beside it ("castle by 2/3 left"), as the log names it."""

from __future__ import annotations

from engine.rheinlaender.board import Board, get_board
from engine.rheinlaender.words import place, realm
from engine.text import say as said
from render.board_text import say, who

BANKS = ("left", "right", "river", "island")


def lines(view: dict, lang: str) -> list[str]:
    board = get_board(view["board"])
    realms = view.get("realms") or {}
    duchies = view.get("duchies") or []
    out = [_seat(view, player, duchies, lang) for player in view.get("players") or []]
    held: set[str] = set()
    owned = [d for d in duchies if d.get("owner") is not None]
    if owned:
        out.append(say(lang, "rl.duchies_head"))
    for duchy in sorted(owned, key=lambda d: _along(board, d["anchor"])):
        held |= set(duchy.get("realms") or [])
        out.append(_duchy(view, board, realms, duchy, lang))
    free = [_realm(board, realms, key, lang) for key in sorted(realms, key=_number)
            if key not in held]
    if free:
        out.append(say(lang, "rl.free_realms", realms="; ".join(free)))
    if view.get("bastions"):
        out.append(say(lang, "rl.bastions", places=_spaces(board, realms, view["bastions"],
                                                          lang)))
    holder = view.get("archbishop")
    if holder is not None:
        out.append(say(lang, "rl.archbishop", who=who(view, holder, lang)))
    elif view.get("step") != "over":  # "nobody yet" at the end promised a holder to come
        out.append(say(lang, "rl.no_archbishop"))
    return out


def duchies_of(view: dict, seat: int, lang: str) -> str:
    """A seat's duchies along the river, each by its spaces, realms and value ("3 left,
    castle by 2 left, value 2"), for its /game hand; "none" without one."""
    board = get_board(view["board"])
    realms = view.get("realms") or {}
    owned = sorted((d for d in view.get("duchies") or [] if d.get("owner") == seat),
                   key=lambda d: _along(board, d["anchor"]))
    said_each = [say(lang, "rl.own_duchy", spaces=_spaces(
        board, realms, [s for s in d["spaces"] if s not in realms], lang),
        realms=", ".join(_realm(board, realms, key, lang) for key in d.get("realms") or [])
        or say(lang, "rl.no_realm"), value=d.get("value", 0)) for d in owned]
    return say(lang, "rl.own_duchies", duchies="; ".join(said_each) or say(lang, "rl.no_realm"))


def _seat(view: dict, player: dict, duchies: list[dict], lang: str) -> str:
    seat = player["seat"]
    board = get_board(view["board"])
    knights = [space for space, owner in (view.get("knights") or {}).items() if owner == seat]
    owned = sum(1 for d in duchies if d.get("owner") == seat)
    line = say(lang, "rl.seat", who=who(view, seat, lang), points=player.get("board_points", 0),
               duchies=owned, knights=len(knights), left=player.get("knights_left", 0),
               bastions=player.get("bastions_left", 0), bishops=player.get("bishops", 0))
    if player.get("archbishop"):
        line = f"{line} {say(lang, 'rl.holds_archbishop')}"
    if knights:
        places = _spaces(board, view.get("realms") or {}, knights, lang)
        line = f"{line} {say(lang, 'rl.knights_at', places=places)}"
    return line


def _duchy(view: dict, board: Board, realms: dict, duchy: dict, lang: str) -> str:
    land = [s for s in duchy["spaces"] if s not in realms]
    inside = [_realm(board, realms, key, lang) for key in duchy.get("realms") or []]
    key = "rl.duchy_bishop" if duchy.get("bishop") else "rl.duchy"
    return say(lang, key, who=who(view, duchy["owner"], lang),
               spaces=_spaces(board, realms, land, lang), value=duchy.get("value", 0),
               realms=", ".join(inside) or say(lang, "rl.no_realm"))


def _realm(board: Board, realms: dict, key: str, lang: str) -> str:
    """A realm by the land spaces beside it, as the log names it: the board's realms have
    no names."""
    marker = realms.get(key)
    name = said(realm(marker), lang) if marker else key
    if key not in board.spaces:
        return name
    return say(lang, "rl.realm_by", realm=name, place=said(place(board, key), lang))


def _spaces(board: Board, realms: dict, spaces: list[str], lang: str) -> str:
    """Land spaces along the river, a run of numbers on one bank as one ("23–26 left"),
    realm spaces by the space beside them."""
    named: list[str] = []
    runs: dict[str, list[list[int]]] = {}
    for space in sorted((s for s in spaces if s in board.spaces),
                        key=lambda s: _along(board, s)):
        if space in realms or board.spaces[space]["kind"] == "realm":
            named.append(_realm(board, realms, space, lang))
            continue
        number, bank = board.where(space)
        if bank in ("left", "right"):
            run = runs.setdefault(bank, [])
            if run and run[-1][-1] == number - 1:
                run[-1].append(number)
            else:
                run.append([number])
            continue
        named.append(said(place(board, space), lang))
    for bank, found in runs.items():
        for run in found:
            numbers = str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}"
            named.append(say(lang, f"rl.{bank}", n=numbers))
    return ", ".join(sorted(named, key=_leading_number))


def _along(board: Board, space: str) -> tuple[int, int]:
    number, bank = board.where(space)
    return number, BANKS.index(bank) if bank in BANKS else len(BANKS)


def _number(key: str) -> int:
    digits = "".join(c for c in key if c.isdigit())
    return int(digits) if digits else 0


def _leading_number(text: str) -> tuple[int, str]:
    digits = ""
    for char in text:
        if char.isdigit():
            digits += char
        elif digits:
            break
    return (int(digits) if digits else 0, text)
