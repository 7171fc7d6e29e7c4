"""The move notation: ``take-pile 3``, ``move bridge glenmore``, ``feed replace anvil pot``...

``format`` writes the canonical text; ``parse`` reads it back case-insensitively and also
accepts village names, plural goods and long route names (``moor-path``).
"""

from __future__ import annotations

from engine.core import Action, RuleError, State, is_plain_number
from engine.troedler.data import (
    CARDS,
    GOODS,
    ROUTE_KINDS,
    ROUTE_NAMES,
    VILLAGE_KEYS,
    VILLAGE_NAMES,
    card_text,
    goods_text,
)

_KIND_WORDS = {kind: kind for kind in ROUTE_KINDS} | {
    "mountain": "trail", "mountain-trail": "trail", "moor-path": "moor", "moorpath": "moor"}

HELP = ("Moves: take-pile N, discard-pile N, move KIND VILLAGE, take GOOD, extra GOOD, "
        "deliver CARD, feed route KIND VILLAGE, feed extra GOOD, feed replace OLD NEW, "
        "discard CARD..., end.")


def format_action(action: Action) -> str:
    kind = action["type"]
    if kind in ("take-pile", "discard-pile"):
        return f"{kind} {action['pile']}"
    if kind == "move":
        return f"move {action['kind']} {action['to']}"
    if kind in ("take", "extra"):
        return f"{kind} {action['good']}"
    if kind == "deliver":
        return f"deliver {action['card']}"
    if kind == "feed-route":
        return f"feed route {action['kind']} {action['to']}"
    if kind == "feed-extra":
        return f"feed extra {action['good']}"
    if kind == "feed-replace":
        return f"feed replace {action['give']} {action['use']}"
    if kind == "discard":
        return "discard " + " ".join(str(cid) for cid in action["cards"])
    return "end"


def label(state: State, action: Action) -> str:
    """Words for autocomplete and buttons (at most 100 characters)."""
    kind = action["type"]
    text = format_action(action)
    if kind in ("take-pile", "discard-pile"):
        pile = state["piles"][action["pile"] - 1] or []
        if state["options"].get("open_piles"):
            text += ": top " + ", ".join(card_text(cid) for cid in reversed(pile))
        elif pile:
            text += f": top {card_text(pile[-1])}, 3 covered"
    elif kind in ("move", "feed-route"):
        how = "special feed" if kind == "feed-route" else "card"
        goods = state["villages"].get(action["to"], [])
        text += (f" ({ROUTE_NAMES[action['kind']]} {how}; "
                 f"{VILLAGE_NAMES[action['to']]} has {goods_text(goods)})")
    elif kind == "deliver":
        card = CARDS[action["card"]]
        text += f": {goods_text(card['goods'])} for {card['points']} points"
    elif kind == "discard":
        text = "discard " + ", ".join(card_text(cid) for cid in action["cards"])
    elif kind == "feed-replace":
        text += f" (special feed: deliver a {action['use']} instead of a {action['give']})"
    elif kind == "feed-extra":
        text += " (special feed: one more good here)"
    elif kind == "extra":
        text += " (extra-good card)"
    elif kind == "end":
        text = "end (end your turn)"
    return text if len(text) <= 100 else text[:99] + "…"


def _good(word: str) -> str:
    word = word.lower()
    if word in GOODS:
        return word
    if word.endswith("s") and word[:-1] in GOODS:
        return word[:-1]
    raise RuleError(f"{word!r} is not a good; goods are " + ", ".join(GOODS) + ".")


def _kind(word: str) -> str:
    if word.lower() in _KIND_WORDS:
        return _KIND_WORDS[word.lower()]
    raise RuleError(f"{word!r} is not a kind of route; kinds are " + ", ".join(ROUTE_KINDS) + ".")


def _village(word: str) -> str:
    key = word.lower().replace(" ", "").replace("-", "")
    if key in VILLAGE_KEYS:
        return key
    raise RuleError(f"There is no village called {word!r}.")


def _number(word: str) -> int:
    digits = word.lstrip("#")
    if not is_plain_number(digits):
        raise RuleError(f"{word!r} is not a number.")
    return int(word.lstrip("#"))


def _expect(words: list[str], count: int) -> None:
    if len(words) != count:
        raise RuleError("I cannot read that move. " + HELP)


def parse_text(state: State, seat: int, text: str) -> Action:
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise RuleError("Type a move. " + HELP)
    head, rest = words[0], words[1:]
    if head in ("take-pile", "discard-pile"):
        _expect(rest, 1)
        return {"type": head, "pile": _number(rest[0])}
    if head == "move":
        _expect(rest, 2)
        return {"type": "move", "kind": _kind(rest[0]), "to": _village(rest[1])}
    if head in ("take", "extra"):
        _expect(rest, 1)
        return {"type": head, "good": _good(rest[0])}
    if head == "deliver":
        _expect(rest, 1)
        return {"type": "deliver", "card": _number(rest[0])}
    if head == "discard" and rest:
        return {"type": "discard", "cards": sorted(_number(word) for word in rest)}
    if head == "end" and not rest:
        return {"type": "end"}
    if head == "feed" and rest:
        return _parse_feed(rest)
    raise RuleError("I cannot read that move. " + HELP)


def _parse_feed(rest: list[str]) -> Action:
    use, args = rest[0], rest[1:]
    if use == "route":
        _expect(args, 2)
        return {"type": "feed-route", "kind": _kind(args[0]), "to": _village(args[1])}
    if use == "extra":
        _expect(args, 1)
        return {"type": "feed-extra", "good": _good(args[0])}
    if use == "replace":
        _expect(args, 2)
        return {"type": "feed-replace", "give": _good(args[0]), "use": _good(args[1])}
    raise RuleError("Special feed is used as: feed route KIND VILLAGE, feed extra GOOD or "
                    "feed replace OLD NEW.")
