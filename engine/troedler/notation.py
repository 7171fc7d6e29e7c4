"""The move notation: ``take-pile 3``, ``move bridge glenmore``, ``feed replace anvil pot``...

``format`` writes the canonical text; ``parse`` reads it back case-insensitively and also
accepts village names, plural goods and long route names (``moor-path``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.core import Action, RuleError, State, clip_word, is_plain_number
from engine.text import LANGUAGES, Msg, has, language, msg, say
from engine.troedler.data import (
    CARDS,
    GOODS,
    HAND_LIMIT,
    ROUTE_KINDS,
    VILLAGE_KEYS,
    VILLAGE_NAMES,
    card_text,
    good_a,
    goods_text,
    route_name,
)
from engine.troedler.phase3 import canonical_pairs, delivered_goods

_KIND_WORDS = {kind: kind for kind in ROUTE_KINDS} | {
    "mountain": "trail", "mountain-trail": "trail", "moor-path": "moor", "moorpath": "moor"}

# The bot's own words for a delivery: its prompt says "fulfil requests", its log "fulfils #12".
_HEAD_WORDS = {"fulfil": "deliver", "fulfill": "deliver", "fulfils": "deliver"}

LABEL_LIMIT = 100


def format_action(action: Action) -> str:
    kind = action["type"]
    if kind in ("take-pile", "discard-pile"):
        return f"{kind} {action['pile']}"
    if kind == "move":
        return f"move {action['kind']} {action['to']}"
    if kind in ("take", "extra"):
        return f"{kind} {action['good']}"
    if kind == "deliver":
        return f"deliver {action['card']}" + "".join(
            f" replace {give} {use}" for give, use in action.get("replace", []))
    if kind == "feed-route":
        return f"feed route {action['kind']} {action['to']}"
    if kind == "feed-extra":
        return f"feed extra {action['good']}"
    if kind == "feed-replace":
        return f"feed replace {action['give']} {action['use']}"
    if kind == "discard":
        return "discard " + " ".join(str(cid) for cid in action["cards"])
    return "end"


def typed_action(action: Action) -> Msg:
    """``format_action`` in the words a reader of each language types ("liefere 12 ersatz
    amboss topf" in German, the notation itself in English): a refusal quoting the move a
    player sent quotes it in their own words, not the engine's English."""
    kind = action["type"]
    key = f"troedler.typed.{kind}"
    if kind in ("take-pile", "discard-pile"):
        return msg(key, pile=action["pile"])
    if kind in ("move", "feed-route"):
        return msg(key, route=_typed_word("route", action["kind"]), village=action["to"])
    if kind in ("take", "extra", "feed-extra"):
        return msg(key, good=_typed_word("good", action["good"]))
    if kind == "deliver":
        typed = msg(key, card=action["card"])
        for give, use in action.get("replace", []):
            typed = msg("troedler.typed.replace", before=typed, give=_typed_word("good", give),
                        use=_typed_word("good", use))
        return typed
    if kind == "feed-replace":
        return msg(key, give=_typed_word("good", action["give"]),
                   use=_typed_word("good", action["use"]))
    if kind == "discard":
        return msg(key, cards=" ".join(str(cid) for cid in action["cards"]))
    return msg("troedler.typed.end")


def _typed_word(group: str, word: object) -> Msg | str:
    """A good or a route kind as typed; a word the game has no such name for, as it is (a
    hand-made move's)."""
    key = f"troedler.typed.{group}.{word}"
    return msg(key) if has(key) else str(word)


def label(state: State, action: Action) -> Msg:
    """Words for a move that fit a choice of 100 characters in every language, for a caller
    that does not know its reader; :func:`reader_label` for one that does."""
    return _fit(action, _wordings(state, action), LANGUAGES)


def reader_label(state: State, action: Action, lang: str) -> Msg:
    """The label a reader of ``lang`` is shown in a choice (autocomplete, a button) of at
    most 100 characters (see :func:`_fit`). Fitted per reader: measured against every
    language's typed form, an English label lost its typed move ("· feed route bridge
    bracklin") because the German one ("· füttere weg brücke bracklin") was too long."""
    return _fit(action, _wordings(state, action), (language(lang),))


def listed_label(state: State, action: Action) -> Msg:
    """A move as a list shows it (``/game hand``, the turn DM): the wording that says most,
    with the typed move. A list entry has no 100-character limit, and a list without the
    typed form ("Kraftfutter als …" next to "Per … · fahre …") taught no one how to type
    the move."""
    return _wordings(state, action)[0]


def _wordings(state: State, action: Action) -> tuple[Msg, ...]:
    """A move's label, those wordings saying most first: a choice takes the first that
    fits (:func:`_fit`), a list the first."""
    kind = action["type"]
    move = format_action(action)
    if kind in ("take-pile", "discard-pile"):
        return _pile_wordings(state, action, move)
    if kind in ("move", "feed-route"):
        key = "troedler.label.feed_route" if kind == "feed-route" else "troedler.label.move"
        goods = state["villages"].get(action["to"], [])
        route = route_name(action["kind"])
        return (msg(key, move=move, route=route, village=VILLAGE_NAMES[action["to"]],
                    goods=goods_text(goods)),
                msg(f"{key}_short", move=move, route=route, village=VILLAGE_NAMES[action["to"]]))
    if kind == "deliver":
        card = CARDS[action["card"]]
        if action.get("replace"):
            goods = delivered_goods(card["goods"], action["replace"]) or Counter()
            return (msg("troedler.label.deliver_replace", move=move, points=card["points"],
                        goods=goods_text(sorted(goods.elements())),
                        feed=len(action["replace"])),
                    msg("troedler.label.deliver_replace_short", move=move,
                        points=card["points"], feed=len(action["replace"])))
        return (msg("troedler.label.deliver", move=move, goods=goods_text(card["goods"]),
                    points=card["points"]),)
    if kind == "discard":
        return (_discard_label(action["cards"], move, _discard_form(state, action)),)
    if kind in ("take", "extra", "feed-extra"):
        if state["current"] is None:  # labelled outside a turn (a parsed example)
            return (msg("troedler.label.plain", move=move),)
        village = VILLAGE_NAMES[state["carts"][state["current"]]]
        return (msg(f"troedler.label.{kind}", move=move, good=good_a(action["good"]),
                    village=village),)
    if kind == "feed-replace":
        return (msg("troedler.label.feed_replace", move=move, old=good_a(action["give"]),
                    new=good_a(action["use"])),)
    return (_end_label(state, move),)


def short_card_text(card_id: int) -> Msg:
    """A card's face without the word for its kind where its goods say it, e.g. ``#12 2 vases +
    chair (4 pts)``: a list of several cards to drop then fits a line of 100 characters."""
    card = CARDS[card_id]
    if card["type"] == "request":
        return msg("troedler.card.short_request", id=card_id, goods=goods_text(card["goods"]),
                   points=card["points"])
    return card_text(card_id)


def _discard_label(cards: list[int], move: str, form: Callable[[int], Msg] | None) -> Msg:
    if form is None:
        return msg("troedler.label.discard_ids", move=move, ids=[f"#{c}" for c in cards])
    return msg("troedler.label.discard", move=move, cards=[form(c) for c in cards])


def _discard_form(state: State, action: Action) -> Callable[[int], Msg] | None:
    """How every entry of one discard list names its cards: the card's face, else its compact
    face ("#15 3 chairs (5 pts)"), else its number alone, whichever the list's longest entry
    still fits. Chosen per entry, a list mixed "#15 request 3 chairs (5 pts), …" with "#15,
    #18, #99", and the numbers alone hid what the cards were."""
    seat = state["current"]
    count = len(action["cards"])
    pool = action["cards"]
    if seat is not None and state.get("stage") == "limit":
        pool = [c for c in state["hands"][seat] if CARDS[c]["type"] != "feed"]
    for form in (card_text, short_card_text):
        if all(_worst_fits(form, pool, count, lang) for lang in LANGUAGES):
            return form
    return None


# The typed form a German reader is shown ("abwerfen 15 18 99") is a letter longer than the
# English notation a label holds.
_TYPED_SLACK = 2


def _worst_fits(form: Callable[[int], Msg], pool: list[int], count: int, lang: str) -> bool:
    """Whether the longest discard of ``count`` cards from ``pool`` fits: a label's length is
    its words plus, per card, its name and its number in the typed form."""
    worst = sorted(pool, key=lambda c: len(say(form(c), lang)) + len(str(c)))[-count:]
    text = _discard_label(worst, "discard " + " ".join(map(str, worst)), form)
    return len(say(text, lang)) <= LABEL_LIMIT - _TYPED_SLACK


def _end_label(state: State, move: str) -> Msg:
    """Ending the turn says what the hand limit then costs (R37, R38): a newcomer ending with
    seven cards learnt only afterwards that three had to go. Only the mover sees it (their
    moves are never channel buttons)."""
    seat = state["current"]
    hand = state["hands"][seat] if seat is not None else []
    over = len(hand) - HAND_LIMIT
    if over <= 0:
        return msg("troedler.label.end", move=move)
    surplus = sum(CARDS[cid]["type"] == "feed" for cid in hand) - HAND_LIMIT
    if surplus <= 0:
        return msg("troedler.label.end_discard", move=move, count=over)
    if over == surplus:
        return msg("troedler.label.end_feed", move=move, feed=surplus)
    return msg("troedler.label.end_both", move=move, count=over - surplus, feed=surplus)


def _pile_wordings(state: State, action: Action, move: str) -> tuple[Msg, ...]:
    number = action["pile"]
    pile = state["piles"][number - 1] if 1 <= number <= len(state["piles"]) else None
    if not pile:
        return (msg("troedler.label.plain", move=move),)
    head = msg(f"troedler.label.pile_head.{action['type']}", number=number)
    if not state["options"].get("open_piles"):
        return (msg("troedler.label.pile", head=head, move=move, card=card_text(pile[-1]),
                    covered=len(pile) - 1),
                msg("troedler.label.plain", move=move))
    # every card of the pile, top first, in its compact face ("#11 2 cups + vase (4 pts)")
    # where its whole one does not fit, before a card is left out
    return (*(
        msg("troedler.label.open_pile", head=head, move=move, cards=faces) if shown == len(pile)
        else msg("troedler.label.open_pile_more", head=head, move=move, cards=faces[:shown],
                 more=len(pile) - shown)
        for shown in range(len(pile), 0, -1)
        for faces in ([form(cid) for cid in reversed(pile)] for form in (card_text, short_card_text))),
        msg("troedler.label.plain", move=move))


def _fits(text: Msg, langs: tuple[str, ...]) -> bool:
    return all(len(say(text, lang)) <= LABEL_LIMIT for lang in langs)


def _fit(action: Action, texts: tuple[Msg, ...], langs: tuple[str, ...]) -> Msg:
    """The first of ``texts`` (those saying most first) that stays within Discord's 100
    characters in each of ``langs``, ending with the move as each reader types it ("… ·
    füttere weg moorweg bracklin", longer than the notation); else without that ending (the
    choice's value is the move, and autocomplete finds it by its typed words anyway), before
    a shorter text is taken: a label cut short to make room for the typed move lost what lay
    in the village ("Kraftfutter als Moorweg nach Bracklin (+1 Schaden)"). Not cut as a
    string, so that a label keeps its catalogue key."""
    if len(texts) == 1:
        return texts[0]
    typed = typed_action(action)
    for text in texts:
        if _fits(Msg(text.key, {**text.params, "move": typed}), langs):
            return text
        bare = f"{text.key}_bare"
        if has(bare) and _fits(said := msg(bare, **_without_move(text)), langs):
            return said
    return texts[-1]


def _without_move(text: Msg) -> dict[str, object]:
    return {name: value for name, value in text.params.items() if name != "move"}


def _good(word: str) -> str:
    word = word.lower()
    if word in GOODS:
        return word
    if word.endswith("s") and word[:-1] in GOODS:
        return word[:-1]
    raise RuleError(msg("troedler.error.not_a_good", word=clip_word(word), goods=list(GOODS)))


def _kind(word: str) -> str:
    if word.lower() in _KIND_WORDS:
        return _KIND_WORDS[word.lower()]
    raise RuleError(msg("troedler.error.not_a_kind", word=clip_word(word),
                        kinds=list(ROUTE_KINDS)))


def _village(word: str) -> str:
    key = word.lower().replace(" ", "").replace("-", "")
    if key in VILLAGE_KEYS:
        return key
    raise RuleError(msg("troedler.error.no_village", word=clip_word(word)))


def _number(word: str) -> int:
    digits = word.lstrip("#")
    if not is_plain_number(digits):
        raise RuleError(msg("troedler.error.not_a_number", word=clip_word(word)))
    return int(word.lstrip("#"))


def _expect(words: list[str], count: int) -> None:
    if len(words) != count:
        raise RuleError(msg("troedler.error.unreadable", help=msg("troedler.help.moves")))


def parse_text(state: State, seat: int, text: str) -> Action:
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        raise RuleError(msg("troedler.error.empty", help=msg("troedler.help.moves")))
    head, rest = _HEAD_WORDS.get(words[0], words[0]), words[1:]
    if head in ("take", "discard") and rest[:1] == ["pile"]:
        head, rest = f"{head}-pile", rest[1:]  # as the channel says it: "takes pile 2"
    elif head == "take" and len(rest) == 1 and rest[0].lstrip("#").isdigit():
        head = "take-pile"  # goods have names: a number taken can only be a pile's
    if head in ("take-pile", "discard-pile"):
        _expect(rest, 1)
        return {"type": head, "pile": _number(rest[0])}
    if head == "move":
        _expect(rest, 2)
        return {"type": "move", "kind": _kind(rest[0]), "to": _village(rest[1])}
    if head in ("take", "extra"):
        _expect(rest, 1)
        return {"type": head, "good": _good(rest[0])}
    if head == "deliver" and len(rest) > 1:
        return _parse_compound(rest)
    if head == "deliver":
        _expect(rest, 1)
        return {"type": "deliver", "card": _number(rest[0])}
    if head == "discard" and rest:
        return {"type": "discard", "cards": sorted(_number(word) for word in rest)}
    if head == "end" and not rest:
        return {"type": "end"}
    if head == "feed" and rest:
        return _parse_feed(rest)
    raise RuleError(msg("troedler.error.unreadable", help=msg("troedler.help.moves")))


def _parse_compound(rest: list[str]) -> Action:
    """R35's ``deliver 12 replace anvil pot [replace cup vase ...]``: the replacements in any
    order and pairing, spelt as legal() lists them (``phase3.canonical_pairs``)."""
    card, tail = _number(rest[0]), rest[1:]
    if len(tail) % 3 or any(word != "replace" for word in tail[::3]):
        raise RuleError(msg("troedler.error.compound_usage"))
    olds = [_good(word) for word in tail[1::3]]
    news = [_good(word) for word in tail[2::3]]
    if any(old == new for old, new in zip(olds, news, strict=True)):
        raise RuleError(msg("troedler.error.same_good"))
    return {"type": "deliver", "card": card, "replace": canonical_pairs(olds, news)}


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
    raise RuleError(msg("troedler.error.feed_usage"))
