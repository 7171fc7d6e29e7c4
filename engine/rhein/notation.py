"""The move notation of Rhein: River Trade, both ways, and human labels.

>>> parse_move("Load red-train 4")
{'type': 'load', 'transport': 'red-train', 'n': 4}
>>> format_move({'type': 'truck', 'truck': 'a', 'city': 6, 'n': 2})
'truck a koblenz 2'
"""

from __future__ import annotations

from engine.core import Action, RuleError, State, is_plain_number
from engine.rhein import data
from engine.rhein.state import card, spec

HELP = ("Moves look like: take 17, bid 17 4, pass, load red-train 4, truck a koblenz 2, "
        "reserve white-ship koblenz, unload red-train 3, transfer red-train white-ship 2, "
        "move a bonn, fulfil 17 4, mortgage a, repay a, done.")


def city_slug(number: int) -> str:
    return data.CITY_BY_NUMBER[number].slug


def format_move(action: Action) -> str:
    kind = action["type"]
    if kind in ("take", "retake"):
        return f"{kind} {action['card']}"
    if kind == "bid":
        return f"bid {action['card']} {action['amount']}"
    if kind in ("load", "unload"):
        return f"{kind} {action['transport']} {action['n']}"
    if kind == "truck":
        return f"truck {action['truck']} {city_slug(action['city'])} {action['n']}"
    if kind == "reserve":
        return f"reserve {action['transport']} {city_slug(action['city'])}"
    if kind == "transfer":
        return f"transfer {action['from']} {action['to']} {action['n']}"
    if kind == "move":
        return f"move {action['truck']} {city_slug(action['city'])}"
    if kind == "fulfil":
        return f"fulfil {action['card']} {action['n']}"
    if kind in ("mortgage", "repay"):
        return f"{kind} {action['truck']}"
    return kind  # done, pass


def _junk(text: str) -> RuleError:
    return RuleError(f"I do not understand {text!r}. {HELP}")


def _number(word: str, text: str) -> int:
    if not is_plain_number(word):
        raise _junk(text)
    return int(word)


def _city(word: str, text: str) -> int:
    if is_plain_number(word) and int(word) in data.CITY_BY_NUMBER:
        return int(word)
    for city in data.CITIES:
        if word in (city.slug, city.name.lower()):
            return city.number
    if word in data.CITY_ALIASES:
        return data.CITY_ALIASES[word]
    raise RuleError(f"There is no city called {word!r} on the board.")


def _truck(word: str, text: str) -> str:
    word = word.removeprefix("truck-")
    if word not in data.TRUCK_LETTERS:
        raise RuleError(f"Your trucks are a and b, not {word!r}.")
    return word


def _transport(word: str, text: str, trucks: bool) -> str:
    if word in data.TRANSPORT_BY_KEY:
        return word
    if trucks and word.removeprefix("truck-") in data.TRUCK_LETTERS:
        return word.removeprefix("truck-")
    names = ", ".join(t.key for t in data.TRANSPORTS)
    raise RuleError(f"There is no transport called {word!r}. Transports: {names}.")


def parse_move(text: str) -> Action:
    words = text.strip().lower().split()
    if not words:
        raise _junk(text)
    verb, args = words[0], words[1:]
    verb = {"fulfill": "fulfil", "reserve-stop": "reserve"}.get(verb, verb)
    shapes = {
        "take": 1, "retake": 1, "bid": 2, "load": 2, "unload": 2, "truck": 3, "reserve": 2,
        "transfer": 3, "move": 2, "fulfil": 2, "mortgage": 1, "repay": 1, "done": 0, "pass": 0,
    }
    if verb not in shapes or len(args) != shapes[verb]:
        raise _junk(text)
    if verb in ("take", "retake"):
        return {"type": verb, "card": _number(args[0], text)}
    if verb == "bid":
        return {"type": "bid", "card": _number(args[0], text), "amount": _number(args[1], text)}
    if verb in ("load", "unload"):
        return {"type": verb, "transport": _transport(args[0], text, True),
                "n": _number(args[1], text)}
    if verb == "truck":
        return {"type": "truck", "truck": _truck(args[0], text), "city": _city(args[1], text),
                "n": _number(args[2], text)}
    if verb == "reserve":
        return {"type": "reserve", "transport": _transport(args[0], text, False),
                "city": _city(args[1], text)}
    if verb == "transfer":
        return {"type": "transfer", "from": _transport(args[0], text, False),
                "to": _transport(args[1], text, True), "n": _number(args[2], text)}
    if verb == "move":
        return {"type": "move", "truck": _truck(args[0], text), "city": _city(args[1], text)}
    if verb == "fulfil":
        return {"type": "fulfil", "card": _number(args[0], text), "n": _number(args[1], text)}
    if verb in ("mortgage", "repay"):
        return {"type": verb, "truck": _truck(args[0], text)}
    return {"type": verb}


def card_text(card_id: int) -> str:
    the_card = card(card_id)
    options = " ".join(f"{q}→{c}" for q, c in the_card.options)
    city = data.CITY_BY_NUMBER[the_card.city].name
    return f"order {card_id} {city}: {options}, time {the_card.time}, penalty {the_card.penalty}"


def _vehicle(key: str) -> str:
    return f"truck {key.upper()}" if key in data.TRUCK_LETTERS else f"the {spec(key).name}"


def label_move(state: State, action: Action) -> str:
    kind = action["type"]
    city = data.CITY_BY_NUMBER.get(action.get("city", -1))
    if kind == "take":
        text = f"Take {card_text(action['card'])}"
    elif kind == "retake":
        text = f"Re-take fulfilled {card_text(action['card'])} for 3"
    elif kind == "bid":
        text = f"Bid {action['amount']} on {card_text(action['card'])}"
    elif kind == "pass":
        text = "Pass (leave this auction)"
    elif kind == "load":
        text = f"Load {action['n']} onto {_vehicle(action['transport'])} (cost {action['n']})"
    elif kind == "truck":
        text = (f"Place truck {action['truck'].upper()} in {city.name} with {action['n']} "
                f"(cost {action['n']})")
    elif kind == "reserve":
        key = action["transport"]
        text = f"Reserve the {spec(key).name} in {city.name} (cost {spec(key).cost})"
    elif kind == "unload":
        text = f"Unload {action['n']} from {_vehicle(action['transport'])}"
    elif kind == "transfer":
        text = f"Transfer {action['n']} from {_vehicle(action['from'])} to {_vehicle(action['to'])}"
    elif kind == "move":
        text = f"Move truck {action['truck'].upper()} to {city.name} (cost 1)"
    elif kind == "fulfil":
        income = dict(card(action["card"]).options)[action["n"]]
        text = f"Fulfil order {action['card']} with {action['n']} (+{income})"
    elif kind == "mortgage":
        text = f"Mortgage truck {action['truck'].upper()} (+6)"
    elif kind == "repay":
        text = f"Repay truck {action['truck'].upper()} (cost 9)"
    else:
        text = DONE_LABELS.get(state["step"], "Done")
    return text[:100]


DONE_LABELS = {
    "take": "Done: take no order in this pass",
    "load": "Done loading",
    "reserve": "Done reserving",
    "stop": "Done: keep the rest aboard",
    "trucks": "Done with my trucks",
    "fulfil": "Done fulfilling here",
}
