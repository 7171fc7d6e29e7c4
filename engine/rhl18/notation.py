"""Text notation for 18Rhl moves: ``bid nlk 125``, ``par rhe 80``, ``buy gve ipo``,
``sell dee 2``, ``lay 9 F11 1``, ``szl lay 9 F11 1``, ``token K6``, ``run auto``, ``payout``,
``withhold``, ``buy-train 3 depot``, ``buy-train 2-3 from dee 150``, ``discard 3-1``, ``pass``.
"""

from __future__ import annotations

import marshal
from collections.abc import Callable
from typing import Any

from engine.core import QUOTE_LIMIT, RuleError, clip_word, is_plain_number
from engine.rhl18 import board as bd
from engine.rhl18 import data, hexmap
from engine.rhl18 import flow as F
from engine.rhl18 import legal as L
from engine.rhl18 import rules as R
from engine.rhl18 import words as W
from engine.text import Msg, has, msg, player

State = dict[str, Any]

COMPANIES = ("PWB", "ATB", "KEO", "Szl", "Tjt", "NLK", "RhE")


def _sym(text: str, choices: tuple[str, ...] | list[str]) -> str:
    for c in choices:
        if c.lower() == text.lower():
            return c
    raise RuleError(msg("rhl18.err.unknown_name", text=clip_word(text), choices=list(choices)))


def typed(notation: str) -> Msg | str:
    """A move's notation as its reader types it, for a refusal to quote: each word that
    has one in the reader's language said so (``bieten pwb 20``, ``zug-kaufen 2-3 von dee
    150``; a German player was told to type ``bid pwb 20``). The words are the catalogue's
    ``rhl18.typed.<word>``, the ones the bot's labels end with (a test holds them equal)."""
    parts: list[Msg | str] = []
    for word in notation.split(" "):
        said = _typed_word(word)
        if type(said) is str and parts and type(parts[-1]) is str:
            parts[-1] = f"{parts[-1]} {said}"  # plain words run together: a shallow text
        else:
            parts.append(said)
    text = parts[-1]
    for part in reversed(parts[:-1]):
        text = msg("rhl18.typed", first=part, rest=text)
    return text


def _typed_word(word: str) -> Msg | str:
    if has(f"rhl18.typed.{word}"):
        return msg(f"rhl18.typed.{word}")
    halves = word.split("-")
    if len(halves) > 1 and any(has(f"rhl18.typed.{half}") for half in halves):
        joined: Msg | str = _typed_word(halves[-1])
        for half in reversed(halves[:-1]):
            joined = msg("rhl18.typed_joined", first=_typed_word(half), rest=joined)
        return joined
    return word


def quoted(notation: str) -> Msg:
    """``notation`` in the reader's typed form between backticks, as a refusal lists it."""
    return msg("rhl18.typed_quoted", move=typed(notation))


def format_action(state: State, action: dict) -> str:
    kind = action["type"]
    if kind == "bid":
        return f"bid {action['company'].lower()} {action['price']}"
    if kind == "par":
        return f"par {action['corporation'].lower()} {R.price_of(action['share_price'])}"
    if kind == "buy_shares":
        cert = action["shares"][0]
        sym = cert.rsplit("_", 1)[0]
        where = "pool" if state["certs"].get(cert) == R.POOL else "ipo"
        extra = " 20" if R.units(cert) == 2 else ""
        return f"buy {sym.lower()} {where}{extra}"
    if kind == "sell_shares":
        sym = action["shares"][0].rsplit("_", 1)[0]
        pres = " pres" if f"{sym}_0" in action["shares"] else ""
        full = sum(R.units(c) for c in action["shares"]) * 10
        if pres and action.get("percent", full) < full:
            pres = " half-pres"  # only half of the president's certificate is sold
        return f"sell {sym.lower()} {len(action['shares'])}{pres}"
    if kind == "lay_tile":
        prefix = f"{action['entity'].lower()} " if action["entity"] in COMPANIES \
            and action["entity"] not in state["corps"] else ""
        name = action["tile"].rsplit("-", 1)[0]
        return f"{prefix}lay {name} {action['hex']} {action['rotation']}"
    if kind == "place_token":
        found = bd.find_city(state["board"], action["city"])
        if found is None:
            return f"token {action['city']}"
        hex_id, i = found
        return f"token {hex_id}" + (f".{i}" if len(state["board"][hex_id]["tokens"]) > 1
                                    else "")
    if kind == "run_routes":
        if action["entity"] in state["corps"] and action == L.auto_run(state, action["entity"]):
            return "run auto"
        parts = []
        for route in action.get("routes", []):
            stops = route.get("stops") or route.get("nodes") or []
            parts.append(f"{route['train']}: " + " ".join(stops))
        return "run " + "; ".join(parts) if parts else "run none"
    if kind == "dividend":
        return action["kind"]
    if kind == "buy_train":
        return _format_train(state, action)
    if kind == "discard_train":
        return f"discard {action['train']}"
    if kind == "bankrupt":
        return "bankrupt"
    return kind  # also "accept" and "decline" (the seller's answer to an offer)


def _format_train(state: State, action: dict) -> str:
    tid = action["train"]
    for sym, corp in state["corps"].items():
        if tid in corp["trains"]:
            return f"buy-train {tid} from {sym.lower()} {action['price']}"
    name = tid.split("-")[0]
    same = [t for t in F.depot_available(state) if t.split("-")[0] == name]
    # A discarded train and a new one of the same kind can both be on offer.
    return f"buy-train {name if len(same) <= 1 else tid} depot"


def label(state: State, action: dict) -> Msg:
    """The notation with what the move costs or brings (the numbers read the same in every
    language, but the label is a catalogue text like every other)."""
    text = format_action(state, action)
    if action["type"] == "run_routes":
        total = sum(r.get("revenue", 0) for r in action.get("routes", []))
        return msg("rhl18.label.money", mv=text, amt=total)
    if action["type"] == "buy_train" and "depot" in text:
        return msg("rhl18.label.money", mv=text, amt=action["price"])
    if action["type"] == "sell_shares":
        return msg("rhl18.label.gain", mv=text, amt=sale_gain(state, action))
    if action["type"] in ("accept", "decline"):
        return msg(f"rhl18.label.{action['type']}", seller=action["entity"],
                   buyer=action["buyer"], train=W.train_name(action["train"]),
                   price=action["price"])
    cost = cost_of(state, action)
    return msg("rhl18.label.money", mv=text, amt=cost) if cost else \
        msg("rhl18.label.plain", mv=text)


def sale_gain(state: State, action: dict) -> int:
    """What selling ``action``'s shares brings at the current share price."""
    sym = action["shares"][0].rsplit("_", 1)[0]
    return R.price_of(state["corps"][sym]["price"]) * action["percent"] // 10


def cost_of(state: State, action: dict) -> int:
    """What a move costs its mover (a tile's terrain, a station, shares), 0 when free: what
    the rules take (rules.do_par, operating._special_token), not a price a menu guesses."""
    kind = action["type"]
    if kind == "par" and action["corporation"] == "RhE":
        # the RhE private's winner got the director's share with it: floating RhE is free
        return 0
    if kind == "place_token" and state["round"].get("step") == "SpecialToken":
        # a station a private (KEO aside) places still costs the corporation its price
        tok = F.next_token(state, action["entity"])
        return 0 if tok is None or state["round"]["t"]["teleported"] == "KEO" else tok["price"]
    if kind == "buy_shares":
        sym = action["shares"][0].rsplit("_", 1)[0]
        return R.price_of(state["corps"][sym]["price"]) * sum(R.units(c)
                                                              for c in action["shares"])
    if kind == "par":
        return 2 * R.price_of(action["share_price"])
    if kind == "lay_tile" and action["entity"] in state["corps"]:
        from engine.rhl18 import board as bd

        parts = bd.parts_of(state["board"][action["hex"]]["tile"])
        return sum(p.get("cost", 0) for p in parts if p["type"] == "upgrade")
    if kind == "place_token" and action["entity"] in state["corps"]:
        tok = F.next_token(state, action["entity"])
        return tok["price"] if tok and state["round"].get("step") == "Token" else 0
    return 0


def token_place(state: State, action: dict) -> Msg | str:
    """Where a token goes, as a player finds it on the map: the hex, and in a hex of
    several cities the one whose track leads towards a neighbour ("F9 (city towards
    E10)"). The notation's "F9.1" numbers cities in an order no picture shows."""
    found = bd.find_city(state["board"], action["city"])
    if found is None:
        return action["city"]
    hex_id, i = found
    cell = state["board"][hex_id]
    if len(cell["tokens"]) < 2:
        return hex_id
    exits = bd.city_exits(cell["tile"], cell["rotation"])
    shared = set().union(*(e for k, e in enumerate(exits) if k != i))
    towards = [n for n in (hexmap.neighbor(hex_id, e) for e in sorted(exits[i] - shared))
               if n is not None]
    if towards:
        return msg("rhl18.city_towards", hex=hex_id, to=" / ".join(towards[:2]))
    return msg("rhl18.city_number", hex=hex_id, number=i + 1, count=len(cell["tokens"]))


def parse(state: State, seat: int, text: str,
          moves: Callable[[State, int], list[dict]] = L.moves) -> dict:
    """The legal move ``text`` names. ``moves`` lists the seat's moves (``legal.moves``,
    or the game's remembered copy of them: a player types in a position the prompt has
    just listed)."""
    words = text.strip().split()
    if not words:
        raise RuleError(msg("rhl18.err.type_move"))
    if state["finished"]:  # nobody acts; the moves of a finished game are not defined
        raise RuleError(msg("rhl18.err.game_over"))
    long = next((w for w in words if len(w) > QUOTE_LIMIT), None)
    if long is not None:  # no name, number or stop is this long; the rules would quote it
        raise RuleError(msg("rhl18.err.word_too_long", word=clip_word(long)))
    legal = moves(state, seat)
    low = [w.lower() for w in words]
    for move in legal:
        if format_action(state, move).lower() == " ".join(low):
            return move
    return _parse_free(state, seat, low, legal)


def _parse_free(state: State, seat: int, words: list[str], legal: list[dict]) -> dict:
    head = words[0]
    entity = _entity(state, legal, seat)
    if head == "bid" and len(words) == 3 and _is_number(words[2]):
        comp = _sym(words[1], list(state["companies"]))
        return {"type": "bid", "entity": seat, "company": comp, "price": int(words[2])}
    if head == "buy-train" and len(words) == 5 and words[2] == "from" \
            and _is_number(words[4]):
        return {"type": "buy_train", "entity": entity, "train": words[1],
                "price": int(words[4])}
    if head == "lay" and len(words) == 4 and _is_number(words[3]):
        return _parse_lay(state, entity, words[1:])
    if len(words) == 5 and words[1] == "lay" and _is_number(words[4]):
        return _parse_lay(state, _sym(words[0], list(state["companies"])), words[2:])
    if head == "buy-train" and len(words) == 3 and words[2] == "depot":
        return _parse_depot_train(state, seat, entity, words[1])
    if head == "par" and len(words) == 3 and _is_number(words[2]):
        refusal = par_refusal(state, seat, words)
        if refusal is not None:
            raise RuleError(refusal)
        corp = _sym(words[1], list(state["corps"]))
        cell = next(c for c in _par_cells(corp) if R.price_of(c) == int(words[2]))
        # a par price: the rules say what stands in the way (cash, the round, a par)
        return {"type": "par", "entity": seat, "corporation": corp, "share_price": cell}
    if head == "token" and len(words) == 2:
        return _parse_token(state, seat, words[1], legal)
    bought = _buy_private(state, words, legal)
    if bought is not None:
        return bought
    sold = _sell_one(state, words, legal)
    if sold is not None:
        return sold
    if words in (["payout"], ["withhold"]):  # not offered now (else read above)
        raise RuleError(msg("rhl18.err.dividend_not_now", kinds=_kinds_now(state, seat)))
    if head == "run":
        if "run_routes" not in L.step_kinds(state, seat):
            # Only a corporation's route step runs trains; outside it there is no corporation
            # to run for (its notation would look one up and fail).
            raise RuleError(msg("rhl18.err.run_not_now", kinds=_kinds_now(state, seat)))
        return _parse_run(state, entity, " ".join(words[1:]))
    kinds = _heads_typed(state, legal)
    sale = sale_refusal(state, seat, words, legal)
    if sale is not None:
        raise RuleError(sale)
    share = share_refusal(state, seat, words, legal)
    if share is not None and head == "sell" and any(m["type"] == "sell_shares" for m in legal):
        raise RuleError(share)  # "sell xyz": the name is wrong, not the verb
    if share is not None:
        raise RuleError(_then(share, msg("rhl18.err.moves_now", kinds=kinds)))
    if words == ["sell"]:
        bare = _sell_which(state, legal)
        if bare is not None:
            raise RuleError(bare)
    if words == ["pass"]:  # a move every player knows, not offered now: say why
        corp = F.current_corp(state) if state["round"]["type"] == "Operating" else None
        if corp is not None and state["round"].get("step") == "BuyTrain" and \
                F.must_buy(state, corp):
            raise RuleError(msg("rhl18.err.must_buy_no_pass", corp=corp, kinds=kinds))
        raise RuleError(msg("rhl18.err.no_pass_now", kinds=kinds))
    raise RuleError(msg("rhl18.err.unreadable", kinds=kinds))


# words that name no private but may stand in a typed purchase ("buy the private 1")
_PRIVATE_WORDS = frozenset({"private", "privat", "privatbahn", "company", "the", "die"})


def _buy_private(state: State, words: list[str], legal: list[dict]) -> dict | None:
    """The outright purchase of the auction's cheapest private (its notation is a bid at
    its price, ``bid pwb 20``) from the words a newcomer types for it: ``buy private 1``,
    ``buy pwb``, ``buy``. A review's newcomer read "Buy PWB … for 20M" on the button, typed
    "buy private 1" and was told only that moves start with bid or pass. Naming another
    private says it goes to auction, with the bids to type."""
    rnd = state["round"]
    companies = list(rnd.get("companies") or [])
    if words[0] != "buy" or not companies or rnd.get("auctioning"):
        return None
    offers = [m for m in legal if m["type"] == "bid" and m["company"] == companies[0]]
    if not offers:
        return None
    buy = min(offers, key=lambda m: m["price"])
    named = set()
    for word in words[1:]:
        if word in _PRIVATE_WORDS or word == str(buy["price"]):
            continue
        sym = next((c for c in companies if c.lower() == word), None)
        if sym is None and _is_number(word) and 1 <= int(word) <= len(companies):
            sym = companies[int(word) - 1]
        if sym is None:
            return None
        named.add(sym)
    other = next((c for c in companies if c in named and c != companies[0]), None)
    if other is None:
        return buy
    bids = [m for m in legal if m["type"] == "bid" and m["company"] == other]
    if not bids:
        return None
    raise RuleError(msg("rhl18.err.buy_only_first", company=companies[0], price=buy["price"],
                        move=typed(format_action(state, buy)), other=other,
                        bid=typed(format_action(state, min(bids, key=lambda m: m["price"])))))


def _sell_one(state: State, words: list[str], legal: list[dict]) -> dict | None:
    """``sell gve``: the sale of one 10% share (``sell gve 1``), when legal() has it. A
    learner who typed it was told the move could not be read; where no such sale is
    allowed, :func:`share_refusal` says why, or lists the sales there are."""
    if len(words) != 2 or words[0] != "sell":
        return None
    one = f"sell {words[1]} 1"
    return next((m for m in legal if m["type"] == "sell_shares"
                 and format_action(state, m).lower() == one), None)


def _share_words(state: State, words: list[str]) -> tuple[str, str] | None:
    """(``buy`` or ``sell``, corporation) when ``words`` are a share move's shape with a
    known corporation (``buy adr ipo``, ``buy keg pool 20``, ``sell dee 2 pres``, and
    ``sell dee`` with no count)."""
    if len(words) not in (2, 3, 4) or words[0] not in ("buy", "sell"):
        return None
    corp = next((c for c in state["corps"] if c.lower() == words[1]), None)
    if corp is None:
        return None
    if words[0] == "sell" and len(words) == 2:
        return "sell", corp
    if len(words) == 2:
        return None
    # a count after the source ("buy cme ipo 3") is no notation, but a corporation not yet
    # started is still what stands in the way: it was "could not read that move"
    if words[0] == "buy" and words[2] in ("ipo", "pool") and \
            (words[3:] in ([], ["20"]) or not state["corps"][corp]["ipoed"] and
             _is_number(words[3])):
        return "buy", corp
    if words[0] == "sell" and _is_number(words[2]) and \
            words[3:] in ([], ["pres"], ["half-pres"]):
        return "sell", corp
    return None


def share_refusal(state: State, seat: int, words: list[str], legal: list[dict]) -> Msg | None:
    """Why a share move typed in its notation's shape (lower-case ``words``) is no move
    now: the rule that stands in the way, so a player learns it instead of reading that
    the move could not be read. None when no rule of these explains it."""
    shape = _share_words(state, words)
    if shape is None and words[0] == "sell" and len(words) in (2, 3, 4):
        # no other move starts with sell: the name is what is wrong
        return msg("rhl18.err.unknown_name", text=clip_word(words[1]),
                   choices=list(state["corps"]))
    if shape is None:
        return None
    verb, corp = shape
    if verb == "buy":
        return _buy_refusal(state, seat, corp, words[2])
    return _sell_refusal(state, seat, corp, legal)


def sale_refusal(state: State, seat: int, words: list[str], legal: list[dict]) -> Msg | None:
    """Why a sale of a known corporation (lower-case ``words``: ``sell bme``, ``sell gve 2``)
    is no move now, whole: with that corporation's sales where it has some. Guesses by
    shared words answered "sell bme" with "Did you mean `sell gve 1 half-pres`", another
    corporation's sale. None for any other text."""
    shape = _share_words(state, words)
    refusal = None if shape is None or shape[0] != "sell" else \
        _sell_refusal(state, seat, shape[1], legal)
    if refusal is None or any(m["type"] == "sell_shares" for m in legal):
        # a sale is a move now: "Moves now start with: pass, sell" after "sell gve" told
        # nothing; a refused buy keeps the list ("buy adr ipo" unstarted points to par)
        return refusal
    return _then(refusal, msg("rhl18.err.moves_now", kinds=_heads_typed(state, legal)))


def _heads_typed(state: State, legal: list[dict]) -> list[Msg | str]:
    """The words the moves now start with, as the reader types them."""
    return [typed(head) for head in sorted({format_action(state, m).split()[0]
                                            for m in legal})]


def _buy_refusal(state: State, seat: int, corp: str, where: str) -> Msg | None:
    rnd, c = state["round"], state["corps"][corp]
    if rnd["type"] != "Stock":
        return msg("rhl18.err.buy_shares_not_now")
    if not c["ipoed"]:
        return msg("rhl18.err.buy_not_started", corp=corp, sym=corp.lower())
    if corp in rnd.get("sold", {}).get(str(seat), []):
        return msg("rhl18.err.sold_this_round", corp=corp)
    if rnd["turn_bought"]:
        return msg("rhl18.err.already_bought")
    holder = R.POOL if where == "pool" else R.T
    if not R.certs_of(state, corp, holder):
        return msg("rhl18.err.none_in_pool" if where == "pool" else "rhl18.err.none_in_ipo",
                   corp=corp)
    if R.cert_count(state, seat) >= R.cert_limit(state):
        return msg("rhl18.err.cert_limit")
    price = R.price_of(c["price"])
    if state["cash"][seat] < price:
        return msg("rhl18.err.costs", price=price)
    return None


def _sell_refusal(state: State, seat: int, corp: str, legal: list[dict]) -> Msg | None:
    rnd, c = state["round"], state["corps"][corp]
    if rnd["type"] != "Stock" and "sell_shares" not in L.step_kinds(state, seat):
        return msg("rhl18.err.sell_not_now")
    # holding none is the first obstacle: "ADR has not operated yet" told a player with no
    # ADR share a rule that was not what stood in the way
    if not R.certs_of(state, corp, seat):
        return msg("rhl18.err.sell_none_held", corp=corp)
    if not c["operated"]:
        return msg("rhl18.err.sell_not_operated", corp=corp)
    if rnd.get("turn_bought"):
        return msg("rhl18.err.sell_after_buy")
    sales = [_sale_quoted(state, m) for m in legal
             if m["type"] == "sell_shares" and m["shares"][0].rsplit("_", 1)[0] == corp]
    if sales:
        return msg("rhl18.err.sell_as", corp=corp, moves=sales)
    if R.held_units(state, corp, R.POOL) >= 5:
        return msg("rhl18.err.pool_limit")
    return None


def _sell_which(state: State, legal: list[dict]) -> Msg | None:
    """A bare ``sell`` while sales are moves: which corporations, and how a sale is typed.
    It was "I could not read that move. Moves now start with: pass, sell": a sale was the
    very move typed, and nothing said how to name one."""
    sales = [m for m in legal if m["type"] == "sell_shares"]
    if not sales:
        return None
    corps = list(dict.fromkeys(m["shares"][0].rsplit("_", 1)[0] for m in sales))
    return msg("rhl18.err.sell_which", example=quoted(format_action(state, sales[0])),
               corps=corps)


def _sale_quoted(state: State, action: dict) -> Msg:
    """A sale as a refusal lists it, with who becomes president by it: "`sell gve 1
    half-pres`" handed GVE to another player with no word of it."""
    heir = sale_heir(state, action)
    move = quoted(format_action(state, action))
    if heir is None:
        return move
    return msg("rhl18.err.sale_hands_over", move=move, who=seat_name(state, heir),
               corp=action["shares"][0].rsplit("_", 1)[0])


def seat_name(state: State, seat: int) -> Msg | str:
    """A player as the log names them: an imported game's own name, else by seat (the bot
    says the table's name)."""
    names = state.get("names") or []
    return names[seat] if seat < len(names) else player(seat)


def sale_heir(state: State, action: dict) -> int | None:
    """The player who becomes the corporation's president by the sale ``action``, or None
    where its president stays. Decided by the rules' own sale (``rules.sell_shares``, as
    the move is played) on a copy; only its president's sale can hand it over."""
    sym = action["shares"][0].rsplit("_", 1)[0]
    seat = action["entity"]
    if state["corps"][sym]["president"] != seat:
        return None
    trial = marshal.loads(marshal.dumps(state))
    try:
        R.sell_shares(trial, seat, list(action["shares"]), action.get("percent"))
    except RuleError:  # not a sale the rules make: nobody takes over by it
        return None
    heir = trial["corps"][sym]["president"]
    return heir if isinstance(heir, int) and heir != seat else None


def _then(first: Msg | None, then: Msg) -> Msg:
    """Two sentences of one refusal (what is wrong with the move, then what can be done)."""
    return then if first is None else msg("rhl18.err.then", first=first, then=then)


def _par_cells(corp: str) -> list[str]:
    market = data.market()
    return market["rhe_pars"] if corp == "RhE" else market["pars"]


def par_refusal(state: State, seat: int, words: list[str]) -> Msg | None:
    """Why ``par <corp> <price>`` (lower-case ``words``) founds nothing when ``price`` is
    no par price of a known corporation: the par prices there are, and the nearest one the
    seat can found it at now. None for any other text."""
    if len(words) != 3 or words[0] != "par" or not _is_number(words[2]):
        return None
    corp = next((c for c in state["corps"] if c.lower() == words[1]), None)
    price = int(words[2])
    if corp is None or any(R.price_of(c) == price for c in _par_cells(corp)):
        return None
    if state["corps"][corp]["ipoed"]:  # its par price is not what stands in the way
        return msg("rhl18.err.already_parred", corp=corp)
    prices = sorted(R.price_of(c) for c in _par_cells(corp))
    pars = [m for m in L.moves(state, seat) if m["type"] == "par" and m["corporation"] == corp]
    if not pars:
        return msg("rhl18.err.par_price", corp=corp, price=price, prices=prices)
    nearest = min(pars, key=lambda m: (abs(R.price_of(m["share_price"]) - price),
                                       R.price_of(m["share_price"])))
    return msg("rhl18.err.par_price_nearest", corp=corp, price=price, prices=prices,
               nearest=typed(format_action(state, nearest)))


def _parse_token(state: State, seat: int, word: str, legal: list[dict]) -> dict:
    """``token <hex>`` that is no move as typed: the one spot in that hex (typed with a
    city's number it does not need), else why not: no such hex, not the station step,
    or no spot of the corporation's there, with the spots it has."""
    hex_id = word.upper().partition(".")[0]
    spots = [m for m in legal if m["type"] == "place_token"]
    here = [m for m in spots if (bd.find_city(state["board"], m["city"]) or ("",))[0] == hex_id]
    if len(here) == 1:
        return here[0]
    problem = msg("rhl18.err.no_hex_map", hex=clip_word(hex_id)) \
        if hex_id not in state["board"] else None
    if "place_token" not in L.step_kinds(state, seat):
        raise RuleError(_then(problem, msg("rhl18.err.token_not_now",
                                           kinds=_kinds_now(state, seat))))
    corp = F.current_corp(state)
    if problem is None:
        problem = msg("rhl18.err.token_not_there", corp=corp, hex=hex_id)
    if not spots:
        raise RuleError(_then(problem, msg("rhl18.err.token_nowhere", corp=corp)))
    places = [quoted(format_action(state, m)) for m in spots]
    raise RuleError(_then(problem, msg("rhl18.err.token_spots", corp=corp, spots=places)))


def _parse_depot_train(state: State, seat: int, entity: Any, name: str) -> dict:
    """``buy-train <train> depot`` that is no move as typed: the depot's train of that kind
    in the train step (the rules then say what stands in the way: cash, the train limit),
    else why not: no such train for sale (with the ones that are), not the train step."""
    offer = F.depot_available(state)
    kind = W.train_kind(name)  # "3" of a copy's id ("3-1") too
    wanted = [t for t in offer if W.train_kind(t).lower() == kind]
    in_step = "buy_train" in L.step_kinds(state, seat)
    if wanted and in_step:
        return {"type": "buy_train", "entity": entity, "train": wanted[0],
                "price": F.train_price(wanted[0])}
    problem = None
    if not wanted:
        kinds = {str(t["name"]).lower() for t in data.trains()}
        sold = list(dict.fromkeys(W.train_kind(t) for t in offer))
        depot = msg("rhl18.err.depot_sells", trains=[
            msg("rhl18.err.train_for", train=W.a_train(other),
                price=F.train_price(other)) for other in sold]) if sold \
            else msg("rhl18.err.depot_empty")
        missing = msg("rhl18.err.train_not_for_sale", train=W.train_name(kind)) \
            if kind in kinds else msg("rhl18.err.no_train_kind", name=clip_word(name))
        problem = _then(missing, depot)
    if not in_step:
        now = msg("rhl18.err.buy_train_not_now", kinds=_kinds_now(state, seat))
        raise RuleError(_then(problem, now))
    raise RuleError(problem or msg("rhl18.err.train_not_buyable"))


def _kinds_now(state: State, seat: int) -> list[Msg]:
    kinds = sorted({m["type"] for m in L.moves(state, seat)}, key=lambda k: k.replace("_", " "))
    return [W.kind(k) for k in kinds]


def _is_number(word: str) -> bool:
    return is_plain_number(word)


def _parse_lay(state: State, entity: Any, words: list[str]) -> dict:
    """``<tile> <hex> <rotation>`` after ``lay``, or ``<hex> <tile> <rotation>``: the step
    menu and the lay list teach the hex first ("lay F11 27"), and no tile is named like a
    hex, so either order says one lay."""
    if words[0].upper() in state["board"] and words[1].upper() not in state["board"]:
        words = [words[1], words[0], *words[2:]]
    name = _tile_name(words[0])
    hex_id = words[1].upper()
    if hex_id not in state["board"]:
        raise RuleError(msg("rhl18.err.no_hex_map", hex=clip_word(hex_id)))
    rotation = int(words[2])
    if rotation > 5:
        raise RuleError(msg("rhl18.err.rotation"))
    tid = L.free_tile_id(state, name)
    if tid is None:
        raise RuleError(msg("rhl18.err.tile_none_left", tile=name))
    return {"type": "lay_tile", "entity": entity, "hex": hex_id, "tile": tid,
            "rotation": rotation}


def _parse_run(state: State, entity: Any, text: str) -> dict:
    """``run 2-0: I10 K6; 3-1: F9-1 G10 I10-0``: stops are hexes, or <hex>-<part> where a
    hex has several stops (a metropolis, two towns); ``run none`` runs nothing."""
    routes = []
    if text.strip() != "none":
        for chunk in text.split(";"):
            train, _, stops = chunk.partition(":")
            names = [_stop(state, w) for w in stops.split()]
            if not train.strip() or not names:
                raise RuleError(msg("rhl18.err.route_syntax"))
            routes.append({"train": train.strip(), "stops": names})
    _trains_by_kind(state, entity, routes)
    return {"type": "run_routes", "entity": entity, "routes": routes}


def _trains_by_kind(state: State, entity: Any, routes: list[dict]) -> None:
    """A route's train named as players read it ("2", "2-train": the run texts say no copy's
    id) becomes the corporation's next train of that kind the run does not name yet."""
    own = state["corps"][entity]["trains"] if entity in state["corps"] else []
    named = {r["train"] for r in routes if r["train"] in own}
    for route in routes:
        if route["train"] in own:
            continue
        kind = route["train"].removesuffix("-train")
        free = next((t for t in own if W.train_kind(t) == kind and t not in named), None)
        if free is not None:
            route["train"] = free
            named.add(free)


def _stop(state: State, word: str) -> str:
    from engine.rhl18 import board as bd

    word = word.upper()
    hex_id, _, part = word.partition("-")
    cell = state["board"].get(hex_id)
    if cell is None:
        raise RuleError(msg("rhl18.err.no_hex", hex=clip_word(hex_id)))
    nodes = sorted(bd.nodes_of(cell["tile"]))
    if part:
        return word
    if len(nodes) != 1:
        if not nodes:
            raise RuleError(msg("rhl18.err.no_stops", hex=hex_id))
        raise RuleError(msg("rhl18.err.name_stop", hex=hex_id,
                            choices=[f"{hex_id}-{n}" for n in nodes]))
    return f"{hex_id}-{nodes[0]}"


def _tile_name(word: str) -> str:
    for name in data.tiles():
        if name.lower() == word.lower():
            return name
    raise RuleError(msg("rhl18.err.no_tile", tile=clip_word(word)))


def _entity(state: State, legal: list[dict], seat: int) -> Any:
    for move in legal:
        if isinstance(move.get("entity"), str):
            return move["entity"]
    return seat
