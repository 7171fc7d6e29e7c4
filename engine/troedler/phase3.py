"""Phase 3: one turn each, playing any number of cards (R18 to R35).

The turn's bookkeeping lives in the state: ``take`` is the village of the open arrival take
(R24), ``delivered_here`` the villages where a request was played this turn (R30), ``pending``
the replacements made by feed for the delivery that must come next (R35).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

from engine.core import Action, RuleError, State
from engine.text import Msg, msg
from engine.troedler.common import cards_of, player_name, routes_of, village_name
from engine.troedler.data import (
    CARDS,
    GOODS,
    card_text,
    good_a,
    good_no,
    goods_text,
    neighbours,
    route_name,
)


def start_turn(state: State, seat: int) -> None:
    state["current"] = seat
    state["played"] = []
    state["take"] = None
    state["delivered_here"] = []
    state["pending"] = []


# --- what may be done -----------------------------------------------------------------


def delivered_goods(request: list[str], replacements: list[list[str]]) -> Counter | None:
    """The goods a request delivers after feed replacements, or None if they do not fit it.

    Each replacement swaps one good shown on the card (not one already swapped, R34) for a
    good of another kind.
    """
    card = Counter(request)
    replaced = Counter(old for old, _new in replacements)
    if any(replaced[good] > card[good] for good in replaced):
        return None
    if any(old == new for old, new in replacements):
        return None
    return card - replaced + Counter(new for _old, new in replacements)


def can_deliver(state: State, seat: int, card_id: int, replacements: list[list[str]]) -> bool:
    goods = delivered_goods(CARDS[card_id]["goods"], replacements)
    if goods is None:
        return False
    return not goods - Counter(state["collections"][seat])


def delivery_place_open(state: State, seat: int) -> bool:
    """R28: the cart is here, the village holds no goods, no request was played here."""
    village = state["carts"][seat]
    return not state["villages"][village] and village not in state["delivered_here"]


def open_take(state: State, seat: int) -> bool:
    village = state["carts"][seat]
    return state["take"] == village and bool(state["villages"][village])


def completable(request: list[str], replacements: list[list[str]], collection: list[str],
                feed_left: int) -> bool:
    """Can a delivery of ``request`` with these replacements still be made, using at most
    ``feed_left`` further feed to replace goods the collection lacks?

    Keeping every card good the collection holds is always best; each good still missing
    needs one more feed and one spare good, and a spare good is never of a missing kind, so
    the "another kind" rule holds by itself.
    """
    card = Counter(request)
    replaced = Counter(old for old, _new in replacements)
    added = Counter(new for _old, new in replacements)
    if any(replaced[g] > card[g] for g in replaced) or any(o == n for o, n in replacements):
        return False
    held = Counter(collection)
    if added - held:
        return False
    held -= added
    rest = card - replaced
    kept = rest & held
    missing = sum((rest - kept).values())
    spare = sum((held - kept).values())
    return missing <= feed_left and missing <= spare


def _replacement_fits(state: State, seat: int, old: str, new: str) -> bool:
    """R35: a replacement is offered only if a delivery using it can follow in this village."""
    hand = state["hands"][seat]
    return (old, new) in _fitting_replacements(
        tuple(sorted(cid for cid in hand if CARDS[cid]["type"] == "request")),
        tuple((o, n) for o, n in state["pending"]), tuple(state["collections"][seat]),
        len(cards_of(hand, "feed")) - 1)


@lru_cache(maxsize=1 << 15)
def _fitting_replacements(requests: tuple[int, ...], pending: tuple[tuple[str, str], ...],
                          collection: tuple[str, ...], feed_left: int
                          ) -> frozenset[tuple[str, str]]:
    """Every (old, new) that ``_replacement_fits``: a pure function of these few facts, and
    the AI asks it for the same hand and goods thousands of times a game."""
    base = [list(p) for p in pending]
    return frozenset(
        (old, new) for old in GOODS for new in GOODS
        if old != new and any(completable(CARDS[cid]["goods"], base + [[old, new]],
                                          list(collection), feed_left) for cid in requests))


def replacement_moves(state: State, seat: int) -> list[Action]:
    hand = state["hands"][seat]
    if not cards_of(hand, "feed") or not delivery_place_open(state, seat):
        return []
    fits = _fitting_replacements(
        tuple(sorted(cid for cid in hand if CARDS[cid]["type"] == "request")),
        tuple((o, n) for o, n in state["pending"]), tuple(state["collections"][seat]),
        len(cards_of(hand, "feed")) - 1)
    return [{"type": "feed-replace", "give": old, "use": new}
            for old in GOODS for new in GOODS if old != new and (old, new) in fits]


def delivery_moves(state: State, seat: int) -> list[Action]:
    if not delivery_place_open(state, seat):
        return []
    return [{"type": "deliver", "card": cid}
            for cid in sorted(cards_of(state["hands"][seat], "request"))
            if can_deliver(state, seat, cid, state["pending"])]


def canonical_pairs(olds: list[str], news: list[str]) -> list[list[str]]:
    """The replacements of one delivery in one order: the goods replaced sorted, each paired
    with the sorted goods given instead. Which feed swapped which good changes nothing that
    is delivered, so one spelling per delivery keeps the list of moves short."""
    return [[old, new] for old, new in zip(sorted(olds), sorted(news), strict=True)]


def compound_deliveries(state: State, seat: int) -> list[Action]:
    """R35's one-action form, ``deliver 12 replace anvil pot``: a request with exactly the
    feed replacements it needs, each swapping a good the collection lacks for a spare one.

    A spare good is never of a kind the collection lacks, so each pair swaps for another kind
    (R34) by itself. Replacing more than is missing gains nothing, so only the split form
    (``feed replace``, then ``deliver``) offers it."""
    hand = state["hands"][seat]
    feed = len(cards_of(hand, "feed"))
    if state["pending"] or not feed or not delivery_place_open(state, seat):
        return []
    held = Counter(state["collections"][seat])
    moves: list[Action] = []
    for cid in sorted(cards_of(hand, "request")):
        card = Counter(CARDS[cid]["goods"])
        missing = sorted((card - held).elements())
        if not missing or len(missing) > feed:
            continue
        spare = sorted((held - (card & held)).elements())
        for news in sorted(set(combinations(spare, len(missing)))):
            moves.append({"type": "deliver", "card": cid,
                          "replace": canonical_pairs(missing, list(news))})
    return moves


def legal(state: State, seat: int) -> list[Action]:
    if seat != state["current"]:
        return []
    if state["pending"]:
        # A replacement must be followed by its delivery (R35).
        return replacement_moves(state, seat) + delivery_moves(state, seat)
    hand = state["hands"][seat]
    village = state["carts"][seat]
    here = sorted(set(state["villages"][village]))
    moves: list[Action] = []
    kinds = {CARDS[cid]["kind"] for cid in cards_of(hand, "route")}
    for kind, to in neighbours(village):
        if kind in kinds:
            moves.append({"type": "move", "kind": kind, "to": to})
    if open_take(state, seat):
        moves += [{"type": "take", "good": good} for good in here]
    if cards_of(hand, "extra"):
        moves += [{"type": "extra", "good": good} for good in here]
    if cards_of(hand, "feed"):
        moves += [{"type": "feed-route", "kind": kind, "to": to}
                  for kind, to in neighbours(village)]
        moves += [{"type": "feed-extra", "good": good} for good in here]
    moves += replacement_moves(state, seat)
    moves += delivery_moves(state, seat)
    moves += compound_deliveries(state, seat)
    moves.append({"type": "end"})
    return moves


# --- why not (each message names the rule) ----------------------------------------------


def check(state: State, seat: int, action: Action) -> None:
    """Raise the rule's reason if ``action`` cannot be played now."""
    if seat != state["current"]:
        who = player_name(state, state["current"])
        raise RuleError(msg("troedler.error.not_your_turn", who=who))
    kind = action["type"]
    if state["pending"] and kind not in ("feed-replace", "deliver"):
        raise RuleError(msg("troedler.error.deliver_after_replace"))
    _CHECKS[kind](state, seat, action)


def _need_card(state: State, seat: int, card_type: str) -> None:
    if not cards_of(state["hands"][seat], card_type):
        raise RuleError(msg(f"troedler.error.no_card.{card_type}"))


def _check_route(state: State, seat: int, action: Action, by_feed: bool) -> None:
    village = state["carts"][seat]
    kind, to = action.get("kind"), action.get("to")
    if by_feed:
        _need_card(state, seat, "feed")
    elif not routes_of(state["hands"][seat], kind):
        raise RuleError(msg("troedler.error.no_route_card", route=route_name(kind)))
    if (kind, to) not in neighbours(village):
        raise RuleError(msg("troedler.error.no_route", route=route_name(kind),
                            origin=village_name(village),
                            to=village_name(to) if to in state["villages"] else str(to)))


def _check_good_here(state: State, seat: int, good: str) -> None:
    village = state["carts"][seat]
    if good not in state["villages"][village]:
        raise RuleError(msg("troedler.error.good_not_here", village=village_name(village),
                            no_good=good_no(good)))


def _check_take(state: State, seat: int, action: Action) -> None:
    if state["take"] != state["carts"][seat]:
        raise RuleError(msg("troedler.error.take_after_move"))
    _check_good_here(state, seat, action.get("good"))


def _check_extra(state: State, seat: int, action: Action) -> None:
    _need_card(state, seat, "extra")
    _check_good_here(state, seat, action.get("good"))


def _check_feed_extra(state: State, seat: int, action: Action) -> None:
    _need_card(state, seat, "feed")
    _check_good_here(state, seat, action.get("good"))


def _check_place(state: State, seat: int) -> None:
    village = state["carts"][seat]
    if state["villages"][village]:
        raise RuleError(msg("troedler.error.village_has_goods", village=village_name(village)))
    if village in state["delivered_here"]:
        raise RuleError(msg("troedler.error.one_request", village=village_name(village)))


def _check_replace(state: State, seat: int, action: Action) -> None:
    _need_card(state, seat, "feed")
    old, new = action.get("give"), action.get("use")
    if old == new:
        raise RuleError(msg("troedler.error.same_good"))
    _check_place(state, seat)
    if not _replacement_fits(state, seat, old, new):
        raise RuleError(msg("troedler.error.replacement_useless", old=good_a(old),
                            new=good_a(new)))


def _check_deliver(state: State, seat: int, action: Action) -> None:
    card = action.get("card")
    if card not in state["hands"][seat] or CARDS[card]["type"] != "request":
        raise RuleError(msg("troedler.error.not_a_request", card=card))
    _check_place(state, seat)
    replace = action.get("replace")
    if replace:
        _check_compound(state, seat, card, replace)
        return
    if not can_deliver(state, seat, card, state["pending"]):
        key = "missing_goods_replaced" if state["pending"] else "missing_goods"
        raise RuleError(msg(f"troedler.error.{key}", card=card_text(card)))


def _check_compound(state: State, seat: int, card: int, replace: list[list[str]]) -> None:
    """The reasons a ``deliver ... replace ...`` cannot be played, rule by rule."""
    if state["pending"]:
        raise RuleError(msg("troedler.error.compound_after_replace"))
    feed = len(cards_of(state["hands"][seat], "feed"))
    if feed < len(replace):
        raise RuleError(msg("troedler.error.compound_feed", count=len(replace), feed=feed))
    if any(old == new for old, new in replace):
        raise RuleError(msg("troedler.error.same_good"))
    _check_shown(card, replace)
    if not can_deliver(state, seat, card, replace):
        raise RuleError(msg("troedler.error.missing_goods_replaced", card=card_text(card)))
    _check_only_missing(state, seat, card, replace)


def _check_shown(card: int, replace: list[list[str]]) -> None:
    """R34: each feed replaces a different good shown on the request. Naming one it does not
    show was refused as "you do not have the goods", which a player holding them all read as
    false."""
    shown = Counter(CARDS[card]["goods"])
    for old, count in Counter(old for old, _new in replace).items():
        if not shown[old]:
            raise RuleError(msg("troedler.error.replace_not_shown", card=card_text(card),
                                none=good_no(old)))
        if count > shown[old]:
            many = good_a(old) if shown[old] == 1 else msg(f"troedler.goods_n.{old}",
                                                            n=shown[old])
            raise RuleError(msg("troedler.error.replace_too_often", card=card_text(card),
                                shown=many))


def _check_only_missing(state: State, seat: int, card: int, replace: list[list[str]]) -> None:
    """The compound form replaces exactly the goods the collection lacks (compound_deliveries);
    replacing one it holds is allowed (R34) through the split form only, and "not a legal
    move now" did not say so."""
    missing = Counter(CARDS[card]["goods"]) - Counter(state["collections"][seat])
    replaced = Counter(old for old, _new in replace)
    held = sorted(replaced - missing)
    if held:
        raise RuleError(msg("troedler.error.compound_only_missing", card=card_text(card),
                            have=good_a(held[0])))


def _check_end(state: State, seat: int, action: Action) -> None:
    return None


_CHECKS = {
    "move": lambda s, seat, a: _check_route(s, seat, a, by_feed=False),
    "feed-route": lambda s, seat, a: _check_route(s, seat, a, by_feed=True),
    "take": _check_take,
    "extra": _check_extra,
    "feed-extra": _check_feed_extra,
    "feed-replace": _check_replace,
    "deliver": _check_deliver,
    "end": _check_end,
}


# --- carrying out ----------------------------------------------------------------------


def _play(state: State, seat: int, card_id: int) -> None:
    state["hands"][seat].remove(card_id)
    state["played"].append(card_id)


def _move_cart(state: State, seat: int, to: str) -> str:
    """Moves the cart; returns the village it left."""
    origin = state["carts"][seat]
    state["carts"][seat] = to
    state["take"] = to  # a new arrival take (R24)
    return village_name(origin)


def _take_good(state: State, seat: int, good: str) -> None:
    state["villages"][state["carts"][seat]].remove(good)
    state["collections"][seat].append(good)
    state["collections"][seat].sort()


def do_move(state: State, seat: int, action: Action, say: bool = True) -> list[Msg]:
    card = min(routes_of(state["hands"][seat], action["kind"]))
    _play(state, seat, card)
    origin = _move_cart(state, seat, action["to"])
    if not say:
        return []
    return [msg("troedler.log.move", name=player_name(state, seat), card=card_text(card),
                origin=origin, to=village_name(action["to"]))]


def do_feed_route(state: State, seat: int, action: Action, say: bool = True) -> list[Msg]:
    card = min(cards_of(state["hands"][seat], "feed"))
    _play(state, seat, card)
    origin = _move_cart(state, seat, action["to"])
    if not say:
        return []
    return [msg("troedler.log.feed_route", name=player_name(state, seat), card=card_text(card),
                route=route_name(action["kind"]), origin=origin,
                to=village_name(action["to"]))]


def do_take(state: State, seat: int, action: Action, say: bool = True) -> list[Msg]:
    _take_good(state, seat, action["good"])
    state["take"] = None
    if not say:
        return []
    village = village_name(state["carts"][seat])
    return [msg("troedler.log.take", name=player_name(state, seat), good=good_a(action["good"]),
                village=village)]


def do_extra(state: State, seat: int, action: Action, say: bool = True) -> list[Msg]:
    card = min(cards_of(state["hands"][seat], "extra"))
    _play(state, seat, card)
    _take_good(state, seat, action["good"])
    if not say:
        return []
    village = village_name(state["carts"][seat])
    return [msg("troedler.log.extra", name=player_name(state, seat), card=card_text(card),
                good=good_a(action["good"]), village=village)]


def do_feed_extra(state: State, seat: int, action: Action, say: bool = True) -> list[Msg]:
    card = min(cards_of(state["hands"][seat], "feed"))
    _play(state, seat, card)
    _take_good(state, seat, action["good"])
    if not say:
        return []
    village = village_name(state["carts"][seat])
    return [msg("troedler.log.feed_extra", name=player_name(state, seat), card=card_text(card),
                good=good_a(action["good"]), village=village)]


def do_replace(state: State, seat: int, action: Action, say: bool = True) -> list[Msg]:
    card = min(cards_of(state["hands"][seat], "feed"))
    _play(state, seat, card)
    state["pending"].append([action["give"], action["use"]])
    if not say:
        return []
    return [msg("troedler.log.replace", name=player_name(state, seat), card=card_text(card),
                old=good_a(action["give"]), new=good_a(action["use"]))]


def do_deliver(state: State, seat: int, action: Action, say: bool = True) -> list[Msg]:
    # R35's compound form: the feed is played first, exactly as the split form plays it.
    lines = [line for give, use in action.get("replace", [])
             for line in do_replace(state, seat, {"give": give, "use": use}, say)]
    return lines + _deliver(state, seat, action["card"], say)


def _deliver(state: State, seat: int, card: int, say: bool = True) -> list[Msg]:
    goods = delivered_goods(CARDS[card]["goods"], state["pending"])
    assert goods is not None
    village = state["carts"][seat]
    for good in goods.elements():
        state["collections"][seat].remove(good)
        state["villages"][village].append(good)
    state["villages"][village].sort()
    _play(state, seat, card)
    state["pending"] = []
    state["delivered_here"].append(village)
    state["take"] = None  # the arrival take lapses on a delivery (R24)
    if not say:
        return []
    return [msg("troedler.log.deliver", name=player_name(state, seat), card=card_text(card),
                village=village_name(village), goods=goods_text(sorted(goods.elements())))]


HANDLERS = {
    "move": do_move,
    "feed-route": do_feed_route,
    "take": do_take,
    "extra": do_extra,
    "feed-extra": do_feed_extra,
    "feed-replace": do_replace,
    "deliver": do_deliver,
}


def turn_is_spent(state: State, seat: int) -> bool:
    """R20: the turn ends by itself only with an empty hand and no open arrival take."""
    return not state["hands"][seat] and not open_take(state, seat) and not state["pending"]
