"""The move notation of Rhein: River Trade, both ways, and human labels.

>>> parse_move("Load red-train 4")
{'type': 'load', 'transport': 'red-train', 'n': 4}
>>> format_move({'type': 'truck', 'truck': 'a', 'city': 6, 'n': 2})
'truck a koblenz 2'
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Action, RuleError, State, clip_word, is_plain_number
from engine.rhein import data
from engine.rhein.flow import current_seat
from engine.rhein.state import card, spec, stored_by
from engine.rhein.words import DONE_STEPS, city, transport, typed_name, vehicle
from engine.text import Msg, msg


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
    return RuleError(msg("rhein.parse.junk", text=clip_word(text.strip()),
                         help=msg("rhein.parse.help")))


def _number(word: str, text: str) -> int:
    if not is_plain_number(word):
        raise _junk(text)
    return int(word)


def _city(word: str, text: str) -> int:
    if is_plain_number(word) and int(word) in data.CITY_BY_NUMBER:
        return int(word)
    for place in data.CITIES:
        if word in (place.slug, place.name.lower()):
            return place.number
    if word in data.CITY_ALIASES:
        return data.CITY_ALIASES[word]
    raise RuleError(msg("rhein.parse.no_city", word=clip_word(word)))


def _truck(word: str, text: str) -> str:
    word = word.removeprefix("truck-")
    if word not in data.TRUCK_LETTERS:
        raise RuleError(msg("rhein.parse.no_truck", word=clip_word(word)))
    return word


def _transport(word: str, text: str, trucks: bool, in_play: Sequence[str]) -> str:
    if word in data.TRANSPORT_BY_KEY:
        return word
    if trucks and word.removeprefix("truck-") in data.TRUCK_LETTERS:
        return word.removeprefix("truck-")
    raise RuleError(no_transport(word, in_play))


def no_transport(word: str, in_play: Sequence[str]) -> Msg:
    """An unknown transport name, with the names to type instead: those of this game only,
    as the ones this player count leaves in the box would be refused next. A list, said
    "a, b, c" in the reader's words: the service clips long plain strings (what someone
    typed), never a list of the names there are."""
    return msg("rhein.parse.no_transport", word=clip_word(word),
               names=[typed_name(key) for key in in_play])


ALL_TRANSPORTS = tuple(t.key for t in data.TRANSPORTS)


def parse_move(text: str, in_play: Sequence[str] = ALL_TRANSPORTS) -> Action:
    """``text`` as an action; ``in_play`` are the transports of the game, named when a word
    is none of them."""
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
        return {"type": verb, "transport": _transport(args[0], text, True, in_play),
                "n": _number(args[1], text)}
    if verb == "truck":
        return {"type": "truck", "truck": _truck(args[0], text), "city": _city(args[1], text),
                "n": _number(args[2], text)}
    if verb == "reserve":
        # a truck is read, for the rule to say trucks reserve nothing (not "no such word")
        return {"type": "reserve", "transport": _transport(args[0], text, True, in_play),
                "city": _city(args[1], text)}
    if verb == "transfer":
        return {"type": "transfer", "from": _transport(args[0], text, False, in_play),
                "to": _transport(args[1], text, True, in_play), "n": _number(args[2], text)}
    if verb == "move":
        return {"type": "move", "truck": _truck(args[0], text), "city": _city(args[1], text)}
    if verb == "fulfil":
        return {"type": "fulfil", "card": _number(args[0], text), "n": _number(args[1], text)}
    if verb in ("mortgage", "repay"):
        return {"type": verb, "truck": _truck(args[0], text)}
    return {"type": verb}


def card_text(card_id: int) -> Msg:
    the_card = card(card_id)
    options = " ".join(f"{q}→{c}" for q, c in the_card.options)
    return msg("rhein.label.card", card=card_id, city=city(the_card.city), options=options,
               time=the_card.time, penalty=the_card.penalty)


def card_words(card_id: int) -> Msg:
    """A card in words, for a face-down fulfilled order in /game hand: "order 46 Rotterdam:
    3 containers pay 16, 4 pay 20, 5 pay 25; time 3, penalty 5", as the hand says the orders
    taken and on display (a button keeps the short "3→16 4→20")."""
    the_card = card(card_id)
    options = [msg("rhein.hidden.option_first" if i == 0 else "rhein.hidden.option",
                   count=q, pay=c) for i, (q, c) in enumerate(the_card.options)]
    return msg("rhein.hidden.card", card=card_id, city=city(the_card.city), options=options,
               time=the_card.time, penalty=the_card.penalty)


def unload_label(state: State, action: Action) -> Msg:
    """An unload, with the storage it adds to Phase 6 where no order of the unloading seat
    waits: the one wording of it for the buttons, the /play list and /game hand alike (the
    list said only "Unload 3 from the red Train" where the button warned)."""
    said = msg("rhein.label.unload", n=action["n"], vehicle=vehicle(action["transport"], "dat"))
    seat = current_seat(state)
    stored = 0 if seat is None else stored_by(state, seat, action)
    return msg("rhein.label.stored", move=said, count=stored) if stored else said


def label_move(state: State, action: Action) -> Msg:
    """The move as a player reads it (autocomplete, buttons; at most 100 characters)."""
    kind = action["type"]
    if kind == "take":
        return msg("rhein.label.take", card=card_text(action["card"]))
    if kind == "retake":
        return msg("rhein.label.retake", card=card_text(action["card"]), cost=data.RETAKE_COST)
    if kind == "bid":
        # the order's terms are on the turn card beside the buttons; with them every bid
        # button read "Bid 5 on order 47 London: 4→20 5→25, time 3, penalty 8"
        return msg("rhein.label.bid", card=action["card"], amount=action["amount"],
                   city=city(card(action["card"]).city))
    if kind == "load":
        return msg("rhein.label.load", n=action["n"], vehicle=vehicle(action["transport"], "acc"))
    if kind == "unload":
        return unload_label(state, action)
    if kind == "truck":
        return msg("rhein.label.truck", letter=action["truck"].upper(),
                   city=city(action["city"]), n=action["n"])
    if kind == "move":
        return msg("rhein.label.move", letter=action["truck"].upper(),
                   city=city(action["city"]), cost=data.TRUCK.move_cost)
    if kind == "reserve":
        key = action["transport"]
        return msg("rhein.label.reserve", transport=transport(key, "acc"),
                   city=city(action["city"]), cost=spec(key).cost)
    if kind == "transfer":
        return msg("rhein.label.transfer", n=action["n"], source=vehicle(action["from"], "dat"),
                   target=vehicle(action["to"], "acc"))
    if kind == "fulfil":
        income = dict(card(action["card"]).options)[action["n"]]
        return msg("rhein.label.fulfil", card=action["card"], n=action["n"], income=income)
    if kind == "mortgage":
        # "Mortgage truck A (+6)" in every list read as free money: what it costs back
        # (R48, R55) stands beside what it gives
        return msg("rhein.label.mortgage", letter=action["truck"].upper(),
                   amount=data.TRUCK.mortgage, repay=data.TRUCK.repay,
                   end=data.TRUCK.mortgaged_at_end)
    if kind == "repay":
        return msg("rhein.label.repay", letter=action["truck"].upper(), amount=data.TRUCK.repay)
    if kind == "pass":
        return msg("rhein.label.pass")
    if state["step"] in DONE_STEPS:
        return msg(f"rhein.label.done.{state['step']}")
    return msg("rhein.label.done")
