"""18Rhl on Discord: step-by-step tile-lay choices, turn-prompt buttons, lay and route previews,
the routes picture after each run, and board zoom (``/game board near:F9``).

Every choice offered comes from ``game.legal()``: the steps only regroup its tile lays
(hex -> tile -> rotation), so no illegal combination can be offered. ``legal()`` lists one
rotation per track shape for single-stop tiles (other rotations give the same track); those
are the rotations offered, each described by the exits it connects.

Typed forms the autocomplete understands (the values it fills in follow them):
``lay`` or ``lay F`` -> hexes; ``lay F11`` -> tiles for F11; ``lay F11 9`` (or ``lay 9 F11``)
-> rotations, whose values are the final notation ``lay 9 F11 1``. A private company's lays
work alike behind its prefix (``szl lay ...``).

Texts are catalogue keys ``rhl18.discord.*`` (bot/locales/<lang>/rhl18.json), said in the
``lang`` the service passes: the caller's language for autocomplete and previews, the table's
for pictures posted to the channel. Notation (``lay 9 F11 1``) stays as the engine writes it.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from bot.i18n import english_move, fitted_label, language, typed_label, typed_move
from bot.service.extras import Extras, NoZoom, Pick
from bot.service.move_lists import LISTED
from bot.service.rhl18_holdings import holdings
from engine.core import Action, Game, State
from engine.rhl18 import data, hexmap
from engine.rhl18 import move_line as ML
from engine.rhl18 import rules as R
from engine.rhl18 import tiles as TL
from engine.rhl18 import words as W
from engine.rhl18.labels import dividend_effect
from engine.rhl18.legal import offer_refusal
from engine.rhl18.notation import cost_of as move_cost
from engine.rhl18.notation import par_refusal, sale_refusal
from engine.rhl18.notation import typed as typed_notation
from engine.rhl18.tiles import describe_rotation, track_groups
from engine.rhl18.words import private_name
from engine.text import DEFAULT, Msg, has, msg, say

LIMIT = 25  # Discord's autocomplete, button and select-menu limits
BUTTON_ROOM = LIMIT - 5  # a select menu fills one of a message's five rows


def tile_name(tile_id: str) -> str:
    """``"X921-0"`` -> ``"X921"`` (a supply tile id is its name and a copy number)."""
    return tile_id.rsplit("-", 1)[0]


def colour_word(colour: str) -> Msg | str:
    key = f"rhl18.discord.colour.{colour}"
    return msg(key) if has(key) else colour


class Lays:
    """The legal tile lays of a position, grouped by prefix ("" or "szl "), hex and tile."""

    def __init__(self, game: Game, state: State, moves: list[Action],
                 lang: str = DEFAULT, menu: bool = False) -> None:
        # menu: labels in words alone, for a select menu (its values are not shown); the
        # autocomplete's labels also show what to type
        self.game, self.state, self.lang, self.menu = game, state, language(lang), menu
        self.tree: dict[str, dict[str, dict[str, list[Action]]]] = defaultdict(
            lambda: defaultdict(lambda: defaultdict(list)))
        for move in moves:
            if move.get("type") != "lay_tile":
                continue
            prefix = game.format(state, move).split("lay ", 1)[0]
            self.tree[prefix][move["hex"]][tile_name(move["tile"])].append(move)

    def cost(self, move: Action) -> str:
        """The move's cost as a label suffix (" (20M)"), or ""."""
        amount = move_cost(self.state, move)
        return f" ({amount}M)" if amount else ""

    def hex_choice(self, prefix: str, hex_id: str) -> tuple[str, str]:
        by_tile = self.tree[prefix][hex_id]
        info = hexmap.hex_info(hex_id)
        name = f" {info.name}" if info.name else ""
        tiles = ", ".join(sorted(by_tile, key=_tile_order))
        first = next(iter(by_tile.values()))[0]
        if self.menu:
            label = msg("rhl18.discord.menu.hex", by=self.by(prefix), hex=hex_id, name=name,
                        tiles=tiles, cost=self.cost(first))
        else:
            label = msg("rhl18.discord.lay_hex", prefix=self.by(prefix), hex=hex_id,
                        name=name, tiles=tiles, cost=self.cost(first))
        return _fit(say(label, self.lang)), f"{prefix}lay {hex_id}"

    def by(self, prefix: str) -> Msg | str:
        """A private company's lays named by the company ("Szl Seilzuganlage · "), not by
        the notation's prefix ("szl ")."""
        sym = next((s for s in data.companies() if s.lower() == prefix.strip()), None)
        return msg("rhl18.discord.menu.by", company=sym, name=private_name(sym)) if sym \
            else ""

    def tile_choice(self, prefix: str, hex_id: str, name: str) -> tuple[str, str]:
        moves = distinct_tracks(self.tree[prefix][hex_id][name])
        if len(moves) == 1:  # nothing left to choose: the final notation at once
            return self.rotation_choice(moves[0])
        key = "rhl18.discord.menu.tile" if self.menu else "rhl18.discord.lay_tile"
        label = msg(key, prefix=self.by(prefix), tile=name, hex=hex_id,
                    colour=colour_word(TL.tile(name).color), ways=len(moves))
        return _fit(say(label, self.lang)), f"{prefix}lay {hex_id} {name}"

    def placements(self, prefix: str, hex_id: str) -> list[tuple[str, str]] | None:
        """Every tile and way it lies on ``hex_id`` as one menu's options (final moves,
        by tile), or None where they are more than a menu holds: a lay then takes two picks
        after the hex (tile, then rotation), where it took three."""
        moves = self.placement_moves(prefix, hex_id)
        return [self.rotation_choice(m) for m in moves] if len(moves) <= LIMIT else None

    def placement_moves(self, prefix: str, hex_id: str) -> list[Action]:
        """Every tile and way it lies on ``hex_id`` (one per track), by tile."""
        by_tile = self.tree[prefix][hex_id]
        return [m for name in sorted(by_tile, key=_tile_order)
                for m in distinct_tracks(by_tile[name])]

    def hex_pick(self, prefix: str, hex_id: str) -> list[Action]:
        """The lays the answer to a hex pick offers, in its menu's order: each tile and way
        (:meth:`placements`), or where those are more than a menu holds, each tile once (its
        first way), as the tile menu lists them."""
        moves = self.placement_moves(prefix, hex_id)
        if len(moves) <= LIMIT:
            return moves
        by_tile = self.tree[prefix][hex_id]
        return [distinct_tracks(by_tile[name])[0] for name in sorted(by_tile, key=_tile_order)]

    def rotation_choice(self, move: Action) -> tuple[str, str]:
        text = self.game.format(self.state, move)
        exits = describe_rotation(move["hex"], tile_name(move["tile"]), move["rotation"])
        if self.menu:
            return _fit(say(msg("rhl18.discord.menu.rotation", tile=tile_name(move["tile"]),
                                exits=exits, cost=self.cost(move)), self.lang)), text
        # the typed form: exits (cost); the notation read English in a German list
        label = f"{typed_move(self.game.key, text, self.lang)}: {say(exits, self.lang)}" \
            f"{self.cost(move)}"
        return _fit(label), text


def _tile_order(name: str) -> tuple[int, str]:
    return (int(name) if name.isdigit() else 10_000, name)


def _fit(text: str) -> str:
    # cut between words, a typed form kept whole (its end is what a player types)
    return fitted_label(text, 100)


def _split_prefix(words: list[str], prefixes: list[str]) -> tuple[str, list[str]] | None:
    """("szl ", rest) for "szl lay ...", ("", rest) for "lay ...", None if not a lay."""
    for prefix in prefixes:
        head = (prefix + "lay").split()
        if words[:len(head)] == head:
            return prefix, words[len(head):]
    return None


def lay_steps(lays: Lays, prefix: str, rest: list[str]) -> list[tuple[str, str]]:
    """The choices once the typed text starts with ``<prefix>lay``."""
    hexes = lays.tree[prefix]
    upper = [w.upper() for w in rest]
    hex_id = next((w for w in upper if w in hexes), None)
    if hex_id is None:
        named = {w for w in rest if any(w == n.lower() for h in hexes.values() for n in h)}
        partial = [w for w in upper if w.lower() not in named]
        found = [h for h in hexes if all(h.startswith(p) for p in partial)
                 and all(any(w == n.lower() for n in hexes[h]) for w in named)]
        return [lays.hex_choice(prefix, h) for h in sorted(found, key=_hex_order)]
    others = [w for w in rest if w.upper() != hex_id]
    by_tile = hexes[hex_id]
    name = next((n for w in others for n in by_tile if n.lower() == w), None)
    if name is None:
        partial = others[0] if others else ""
        names = [n for n in sorted(by_tile, key=_tile_order) if n.lower().startswith(partial)]
        return [lays.tile_choice(prefix, hex_id, n) for n in names]
    after = others[others.index(name.lower()) + 1:]
    moves = by_tile[name]
    if after and after[0].isdigit():
        moves = [m for m in moves if str(m["rotation"]) == after[0]] or moves
    return [lays.rotation_choice(m) for m in distinct_tracks(moves)]


def distinct_tracks(moves: list[Action]) -> list[Action]:
    """Lays of one tile on one hex by rotation, without a rotation that lays the same
    track as a lower one (legal() lists both, as the reference engine does; a player
    sees one choice)."""
    seen: set[tuple] = set()
    kept = []
    for move in sorted(moves, key=lambda m: m["rotation"]):
        track = track_groups(tile_name(move["tile"]), move["rotation"])
        if track not in seen:
            seen.add(track)
            kept.append(move)
    return kept


def step_menu(game: Game, state: State, moves: list[Action],
              lang: str = DEFAULT) -> Pick | None:
    """The moves without a button, as a menu's first step: a tile lay by its hex (by its
    map row when there are more hexes than a menu holds) and founding a corporation; the
    autocomplete's steps go on from each (``lay F11`` -> tiles, ``par adr`` -> prices)."""
    lays = Lays(game, state, moves, lang, menu=True)
    hexes = [(prefix, h) for prefix in sorted(lays.tree)
             for h in sorted(lays.tree[prefix], key=_hex_order)]
    prices: dict[str, list[int]] = defaultdict(list)
    for move in moves:
        if move.get("type") == "par":
            prices[move["corporation"]].append(R.price_of(move["share_price"]))
    # one price left reads as one ("60M a share"), not as a range "60-60M"
    pars = [(say(msg("rhl18.discord.step_par", corp=corp, low=min(p), high=max(p))
                 if min(p) != max(p) else msg("rhl18.discord.step_par_one", corp=corp,
                                               price=min(p)), lang),
             f"par {corp.lower()}") for corp, p in sorted(prices.items())]
    only = lays.placements(*hexes[0]) if len(hexes) == 1 else None
    if only is not None and len(only) + len(pars) <= LIMIT:
        # one hex to lay on: its tiles and ways at once, not a menu of one hex first
        kind = "hex_both" if pars else "hex"
        prefix, hex_id = hexes[0]
        return Pick(_fit(say(msg(f"rhl18.discord.step_menu.{kind}", by=lays.by(prefix),
                                 hex=hex_id), lang)), "", 1, tuple(pars + only))
    options = [lays.hex_choice(prefix, h) for prefix, h in hexes]
    if len(options) + len(pars) > LIMIT:
        rows: dict[tuple[str, str], list[str]] = defaultdict(list)
        for prefix, h in hexes:
            rows[(prefix, h[0])].append(h)
        options = [(_fit(say(msg("rhl18.discord.step_row", by=lays.by(prefix), row=row,
                                 hexes=", ".join(found)), lang)), f"{prefix}lay {row}")
                   for (prefix, row), found in rows.items()]
    options = (pars + options)[:LIMIT]  # the corporations first: rows could fill the menu
    if not options:
        return None
    kind = "both" if hexes and pars else "lay" if hexes else "par"
    return Pick(say(msg(f"rhl18.discord.step_menu.{kind}"), lang), "", 1, tuple(options))


def _par_choice(state: State, move: Action) -> Msg:
    amount = move_cost(state, move)
    return msg("rhl18.discord.menu.par" if amount else "rhl18.discord.menu.par_free",
               price=R.price_of(move["share_price"]), cost=amount)


def next_step(game: Game, state: State, seat: int, value: str,
              lang: str = DEFAULT) -> tuple[str, list[tuple[str, str]]] | None:
    """The menu after a step of :func:`step_menu` (``lay F`` -> its hexes, ``lay F5`` -> the
    tiles, ``lay F5 9`` -> the rotations, ``par bme`` -> the prices): a placeholder naming
    what to pick, and its options in words."""
    moves = game.legal(state, seat)
    words = value.strip().lower().split()
    if words[:1] == ["par"] and len(words) == 2:
        pars = sorted((m for m in moves if m.get("type") == "par"
                       and m["corporation"].lower() == words[1]),
                      key=lambda m: R.price_of(m["share_price"]))
        if not pars:
            return None
        corp = pars[0]["corporation"]
        return (say(msg("rhl18.discord.pick.par", corp=corp), lang),
                [(say(_par_choice(state, m), lang), game.format(state, m)) for m in pars])
    lays = Lays(game, state, moves, lang, menu=True)
    split = _split_prefix(words, sorted(lays.tree, key=len, reverse=True))
    if split is None or split[0] not in lays.tree:
        return None
    prefix, rest = split
    options = lay_steps(lays, prefix, rest)[:LIMIT]
    hexes = lays.tree[prefix]
    hex_id = next((w.upper() for w in rest if w.upper() in hexes), None)
    placements = lays.placements(prefix, hex_id) if hex_id and len(rest) == 1 else None
    if placements is not None and hex_id is not None:  # tile and rotation in one pick
        return say(msg("rhl18.discord.pick.placement", hex=hex_id), lang), numbered(placements)
    if hex_id is None:
        title = msg("rhl18.discord.pick.hex_in_row", row=" ".join(rest).upper())
    elif len(rest) < 2:
        # numbered as the picture of the tiles (:func:`lay_options_view`) numbers them
        options = numbered(options)
        title = msg("rhl18.discord.pick.tile", hex=hex_id)
    else:
        options = numbered(options)  # as the picture of the ways the tile lies
        title = msg("rhl18.discord.pick.rotation", tile=rest[-1], hex=hex_id)
    return say(title, lang), options


def numbered(options: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A hex pick's options as the picture of its tiles numbers them ("2 · Tile 57: exits
    ..."): a player matches the drawn track to the menu by its number."""
    return [(_fit(f"{n} · {label}"), value) for n, (label, value) in enumerate(options, 1)]


def lay_options_view(game: Game, state: State, seat: int, value: str,
                     lang: str = DEFAULT) -> dict | None:
    """The picture that comes with the answer to a hex pick (``lay F11``, ``szl lay F11``):
    the hex and its neighbours now, and each lay the answer's menu offers, drawn as it would
    lie and numbered as the menu (:func:`numbered`); likewise the ways one tile lies after a
    tile pick (``lay F11 57``, where a hex has more lays than a menu holds); None for any
    other step. A public view: a tile lay hides nothing, and the picture goes to the mover
    alone with their menu."""
    lays = Lays(game, state, game.legal(state, seat), lang, menu=True)
    split = _split_prefix(value.strip().lower().split(), sorted(lays.tree, key=len,
                                                                 reverse=True))
    if split is None or split[0] not in lays.tree or len(split[1]) not in (1, 2) or \
            split[1][0].upper() not in lays.tree[split[0]]:
        return None
    prefix, hex_id = split[0], split[1][0].upper()
    shown = lays.hex_pick(prefix, hex_id)
    if len(split[1]) == 2:
        name = next((n for n in lays.tree[prefix][hex_id] if n.lower() == split[1][1]), None)
        if name is None:
            return None
        shown = distinct_tracks(lays.tree[prefix][hex_id][name])
    lang = language(lang)
    options = [{"number": n, "tile": tile_name(m["tile"]), "rotation": m["rotation"],
                "caption": say(msg("rhl18.discord.options.cell", tile=tile_name(m["tile"])),
                               lang)}
               for n, m in enumerate(shown, 1)]
    view = game.view(state, None)
    view["lang"] = lang
    view["image"] = {"kind": "lay_options", "hex": hex_id, "options": options,
                     "title": say(msg("rhl18.discord.options.title", hex=hex_id), lang)}
    return view


def _hex_order(hex_id: str) -> tuple[str, int]:
    return (hex_id[0], int(hex_id[1:]) if hex_id[1:].isdigit() else 0)


def step_choices(game: Game, state: State, seat: int, typed: str,
                 lang: str = DEFAULT) -> list[tuple[str, str]]:
    """Autocomplete for 18Rhl: tile lays step by step, every other move as the engine labels
    it (filtered by the typed text), labels in ``lang``."""
    moves = game.legal(state, seat)
    lays = Lays(game, state, moves, lang)
    words = typed.strip().lower().split()
    split = _split_prefix(words, sorted(lays.tree, key=len, reverse=True))
    if split is not None and split[0] in lays.tree:
        return lay_steps(lays, *split)[:LIMIT]
    needle = typed.strip().lower()
    priced = _train_offers(game, state, moves, words, lang)
    if priced:
        return priced
    out: list[tuple[str, str]] = []
    shown: set[str] = set()
    for move in moves:
        if move.get("type") == "lay_tile":
            continue
        if move.get("type") in ("buy_train", "discard_train"):
            # of two trains alike the first is the choice (typed, either is a move)
            if _choice(game, state, move) in shown:
                continue
            shown.add(_choice(game, state, move))
        text = game.format(state, move)
        label = say(typed_label(game.key, game.label(state, move), text, lang), lang)
        if len(text) <= 100 and (needle in label.lower() or needle in text.lower()):
            out.append((_fit(label), text))
    for prefix in sorted(lays.tree):
        for hex_id in sorted(lays.tree[prefix], key=_hex_order):
            label, value = lays.hex_choice(prefix, hex_id)
            if not needle or needle in label.lower() or (prefix + "lay").startswith(needle):
                out.append((label, value))
    return out  # (cut to the limit by the caller, which keeps a pass among them)


def _train_offers(game: Game, state: State, moves: list[Action], words: list[str],
                  lang: str) -> list[tuple[str, str]]:
    """Another corporation's trains for a typed ``buy-train [kind] [from <corp> [price]]``,
    at the price typed. legal() lists one price (the list price, or all of the treasury) and
    the notation names a train by its id, so "buy-train 3 from gve 150" found nothing (a
    veteran's review): any price from 1M to the treasury is a move (operating._buy_train),
    bar one a president declined this turn (legal.offer_refusal, the engine's own rule)."""
    if words[:1] != ["buy-train"] or words[2:3] != ["from"]:
        return []  # the depot's trains and the plain list as before
    kind = words[1].split("-")[0] if len(words) > 1 else ""
    seller = words[3] if len(words) > 3 else ""
    # ASCII digits only: str.isdigit() holds for "²", which int() refuses.
    typed = words[4] if len(words) > 4 else ""
    price = int(typed) if typed.isascii() and typed.isdigit() else None
    if not price and len(words) > 4:
        return []
    out: list[tuple[str, str]] = []
    shown: set[str] = set()
    for move in moves:
        if move.get("type") != "buy_train":
            continue
        owner = next((sym for sym, corp in state["corps"].items()
                      if move["train"] in corp["trains"]), None)
        if owner is None or (kind and W.train_kind(move["train"]) != kind) or \
                (seller and not owner.lower().startswith(seller)):
            continue
        if price is not None:
            if offer_refusal(state, move["entity"], owner, move["train"], price) is not None:
                continue
            move = {**move, "price": price}
        if _choice(game, state, move) in shown:
            continue
        shown.add(_choice(game, state, move))
        text = game.format(state, move)
        out.append((_fit(say(typed_label(game.key, game.label(state, move), text, lang),
                             lang)), text))
    return out


DIVIDENDS = ("payout", "withhold")  # the run's two answers, one button each with the run
BUTTON_ORDER = ("accept", "decline", "run_routes", "dividend", "buy_train", "place_token",
                "buy_shares", "sell_shares", "bid", "discard_train", "pass")


def button_indexes(game: Game, state: State, moves: list[Action]) -> list[int]:
    """Buttons for the moves a player makes most: run auto, payout/withhold, new trains from
    the depot (one per kind), a token when there is a single spot, buying a share (IPO or
    pool, each corporation), selling one certificate of each corporation, the cheapest bid
    per private, discards and pass; bankruptcy only where no other move has a button.
    Tile lays, pars and bigger sales go through /play's autocomplete. At most 20, pass
    among them: a fifth row is the step menu's."""
    best: dict[str, int] = {}
    tokens = sum(1 for m in moves if m.get("type") == "place_token")
    texts = [game.format(state, m) for m in moves]
    # a price between corporations is the player's to name, unless the depot sells
    # nothing they can pay: then the list price of each kind of train on offer (a company
    # that must buy a train had only "sell" buttons)
    depot = any(m.get("type") == "buy_train" and "depot" in text
                for m, text in zip(moves, texts, strict=True))
    for index, move in enumerate(moves):
        kind = move.get("type")
        if kind not in BUTTON_ORDER or (kind == "place_token" and tokens > 1):
            continue
        text = texts[index]
        key, size = text, 0
        if kind == "buy_train" and "depot" not in text and depot:
            continue
        if kind in ("buy_train", "discard_train") and "depot" not in text:
            # one per seller, kind and price (a discard: per kind), as the label says it
            # without its notation: "Discard a 3-train | Discard a 3-train" were two buttons
            key = _choice(game, state, move)
        if kind == "bid":
            key, size = f"bid {move['company']}", move["price"]
        elif kind == "sell_shares":
            key, size = f"sell {text.split()[1]}", _size(move)
        if key not in best or size < _size(moves[best[key]]):
            best[key] = index
    order = {kind: n for n, kind in enumerate(BUTTON_ORDER)}
    ranked = sorted(best.values(), key=lambda i: (order[moves[i]["type"]], i))
    if not ranked:
        # a president with nothing left to sell for a forced train has bankruptcy as the one
        # move: its button (asked once more before it is made, Rhl18Extras.confirm), where
        # the prompt had none and a phone player had to type it
        ranked = [i for i, m in enumerate(moves) if m.get("type") == "bankrupt"][:1]
    if len(ranked) <= BUTTON_ROOM:
        return ranked
    # a row stays free for the step menu, and pass (ranked last) keeps its button
    closing = [i for i in ranked if moves[i].get("type") == "pass"][:1]
    return [i for i in ranked if i not in closing][:BUTTON_ROOM - len(closing)] + closing


def _choice(game: Game, state: State, move: Action) -> str:
    """The move's label without its notation: two trains of a kind, seller and price (the
    reference engine lists each) are one choice for a player."""
    text = game.format(state, move)
    return say(game.label(state, move), DEFAULT).removesuffix(f" · {text}")


def _alike(game: Game, state: State, moves: list[Action]) -> list[Action]:
    """``moves`` where a train move the same as an earlier one (:func:`_choice`) stands for
    that one, so a list labels them alike and shows them as one entry."""
    first: dict[str, Action] = {}
    out = []
    for move in moves:
        if move.get("type") in ("buy_train", "discard_train"):
            move = first.setdefault(_choice(game, state, move), move)
        out.append(move)
    return out


def _size(move: Action) -> int:
    if move.get("type") == "bid":
        return int(move["price"])
    if move.get("type") == "sell_shares":  # a plain share before the president's
        president = any(share.endswith("_0") for share in move["shares"])
        return int(move.get("percent", len(move["shares"]))) + (1000 if president else 0)
    return 0


def routes_of(game: Game, state: State, action: Action) -> list[dict[str, Any]]:
    """The routes a run action runs, with revenues (validated on ``state``'s board)."""
    return ML.ran_routes(state, action)


def routes_text(sym: str, routes: list[dict[str, Any]], would: bool = False) -> Msg:
    """What a corporation runs (or ``would`` run with ``run auto``): trains, stops, revenue."""
    mood = "would_run" if would else "runs"
    total = sum(int(r.get("revenue", 0)) for r in routes)
    if not routes:
        return msg(f"rhl18.discord.{mood}_nothing", corp=sym)
    return msg(f"rhl18.discord.{mood}", corp=sym, total=total,
               routes=ML.joined(ML.train_runs(routes)))


def routes_view(game: Game, state: State, routes: list[dict[str, Any]],
                lang: str = DEFAULT) -> dict:
    """The public view with the routes drawn over the map, labelled in ``lang``."""
    view = game.view(state, None)
    view["lang"] = language(lang)
    view["routes"] = [{**r, "text": r.get("revenue_str") or r.get("text", "")} for r in routes]
    view["image"] = {"kind": "routes"}
    return view


class Rhl18Extras(Extras):
    def choices(self, game: Game, state: State, seat: int, typed: str, *,
                lang: str = DEFAULT) -> list[tuple[str, str]] | None:
        return step_choices(game, state, seat, typed, lang)

    def button_indexes(self, game: Game, state: State, seat: int, moves: list[Action],
                       room: int = LIMIT) -> list[int]:
        # its own choice of the moves players make most, up to 20 wherever shown (the
        # step menu takes the last of a message's five rows)
        return button_indexes(game, state, moves)

    def step_menu(self, game: Game, state: State, seat: int, moves: list[Action], *,
                  lang: str = DEFAULT) -> Pick | None:
        return step_menu(game, state, moves, lang)

    def next_step(self, game: Game, state: State, seat: int, value: str, *,
                  lang: str = DEFAULT) -> tuple[str, list[tuple[str, str]]] | None:
        return next_step(game, state, seat, value, lang)

    def step_view(self, game: Game, state: State, seat: int, value: str, *,
                  lang: str = DEFAULT) -> dict | None:
        return lay_options_view(game, state, seat, value, lang)

    def incomplete(self, game: Game, state: State, seat: int, text: str) -> Msg | None:
        # read in English notation: a German "legen F5", as the turn DM lists it, was refused
        # as unreadable while "lay F5" got this hint
        english = english_move(game.key, text)
        words = english.strip().lower().split()
        # "par adr 55": the step "par adr" (its menu lists the prices) with no par price; the
        # refusal names the prices and the nearest, where guesses by shared words offered the
        # menu's first three (100, 90, 80)
        refusal = par_refusal(state, seat, words)
        if refusal is not None:
            return refusal
        # "sell bme": why not, with BME's own sales; the guesses offered GVE's first
        refusal = sale_refusal(state, seat, words, game.legal(state, seat)) if words else None
        if refusal is not None:
            return refusal
        if "lay" not in words or len(words) - words.index("lay") > 3:
            return None
        if not step_choices(game, state, seat, english):
            return None
        named = set(words[words.index("lay") + 1:])
        lays = [m for m in game.legal(state, seat) if m.get("type") == "lay_tile"]
        if not lays:
            return None
        # a whole lay on the hex named (a step's own value, "lay F5 1", was itself a part)
        whole = next((m for m in lays if str(m["hex"]).lower() in named), lays[0])
        return msg("rhl18.discord.partial_lay", typed=typed_notation(" ".join(english.split())),
                   example=typed_notation(game.format(state, whole)))

    def ordered(self, game: Game, state: State, moves: list[Action]) -> list[Action]:
        # as autocomplete lists them (:func:`step_choices`): every other move before the
        # tile lays. /game hand put "Lay no track" after 200 lays, said only in its tail
        return [m for m in moves if m.get("type") != "lay_tile"] + \
            [m for m in moves if m.get("type") == "lay_tile"]

    def list_labels(self, game: Game, state: State, moves: list[Action], *,
                    lang: str = DEFAULT) -> list[str] | None:
        """A tile lay listed by its hex, with the tiles it takes and the step to type ("lay
        on F5 Kempen: tile 1, 2, 55 · lay F5"): a list of single lays named them by rotation
        number ("Lay tile 1 on F5, rotation 2"), which says nothing of where the track runs;
        autocomplete walks on from the hex to the tile and each rotation's exits."""
        lays = Lays(game, state, moves, lang)
        alike = _alike(game, state, moves[:LISTED])
        if not lays.tree and alike == moves[:LISTED]:
            return None
        labels = []
        for move in alike:
            if move.get("type") == "lay_tile":
                prefix = game.format(state, move).split("lay ", 1)[0]
                label, typed = lays.hex_choice(prefix, move["hex"])
                labels.append(f"{label} · {typed_move(game.key, typed, lays.lang)}")
            else:
                labels.append(say(typed_label(game.key, game.label(state, move),
                                              game.format(state, move), lays.lang), lays.lang))
        return labels

    def then_buttons(self, game: Game, state: State, seat: int, moves: list[Action], *,
                     lang: str = DEFAULT) -> list[tuple[int, str, str]]:
        # the run is followed by paying out or withholding, always: in 13 of 21 runs of a
        # review's games the run was the only move, a tap of its own before the dividend's
        index = next((i for i, m in enumerate(moves) if m.get("type") == "run_routes"), None)
        if index is None or not moves[index].get("routes"):
            return []
        total = sum(int(r.get("revenue", 0)) for r in moves[index]["routes"])
        if total <= 0:  # no revenue: nothing to pay out, the plain run button stays
            return []
        sym = moves[index]["entity"]
        # a share's part and the price's move, as the dividend's own label says them: "and
        # pay out" left a player to work both out from the market's rules
        labels = []
        for kind in DIVIDENDS:
            effect = dividend_effect(state, sym, kind, total)
            text = msg(f"rhl18.discord.run_and_{kind}", amount=total,
                       share=effect.params.get("share"), price=effect.params["price"])
            labels.append((index, kind, fitted_label(say(text, language(lang)), 80)))
        return labels

    def then_move(self, game: Game, state: State, seat: int, then: str) -> Action | None:
        return next((m for m in game.legal(state, seat)
                     if m.get("type") == "dividend" and m.get("kind") == then), None)

    def confirm(self, game: Game, state: State, seat: int, action: Action) -> Msg | None:
        if action.get("type") != "bankrupt":
            return None
        from engine.rhl18 import flow as F

        corp = action["entity"]
        forced = F.must_buy(state, corp) and not state["corps"][corp]["trains"]
        return msg("rhl18.discord.confirm_bankrupt", corp=corp,
                   why=msg("rhl18.discord.bankrupt_forced" if forced
                           else "rhl18.discord.bankrupt_unforced", corp=corp))

    def prompt_images(self, game: Game, state: State, seat: int, *,
                      lang: str = DEFAULT) -> list[tuple[str, dict]]:
        runs = [m for m in game.legal(state, seat) if m.get("type") == "run_routes"]
        if not runs:
            return []
        routes = routes_of(game, state, runs[0])
        # the typed form the reader's buttons and autocomplete teach ("fahren auto")
        text = msg("rhl18.discord.run_auto_offer",
                   routes=routes_text(runs[0]["entity"], routes, would=True),
                   typed=typed_move(game.key, game.format(state, runs[0]), lang))
        return [(say(text, lang), routes_view(game, state, routes, lang))]

    def previewed(self, game: Game, before: State, seat: int, action: Action) -> bool:
        runs = [m for m in game.legal(before, seat) if m.get("type") == "run_routes"]
        return bool(runs) and action == runs[0]  # the auto run the prompt drew

    def images_after(self, game: Game, before: State, seat: int, action: Action,
                     after: State, *, lang: str = DEFAULT) -> list[tuple[str, dict]]:
        if action.get("type") != "run_routes" or not action.get("routes"):
            return []
        routes = routes_of(game, before, action)
        # no caption: the run's log line just above says each train's route and revenue
        # (move_line.train_runs); a caption said the run a second time in other words
        return [("", routes_view(game, before, routes, lang))]

    def preview(self, game: Game, state: State, seat: int, action: Action, *,
                lang: str = DEFAULT) -> tuple[str, dict | None]:
        label = game.label(state, action)
        if action.get("type") == "lay_tile":
            name = tile_name(action["tile"])
            exits = describe_rotation(action["hex"], name, action["rotation"])
            view = game.view(state, None)
            view["lang"] = language(lang)
            view["image"] = {"kind": "lay", "hex": action["hex"], "tile": name,
                             "rotation": action["rotation"]}
            return say(msg("rhl18.discord.preview_lay", label=label, exits=exits), lang), view
        if action.get("type") == "run_routes":
            routes = routes_of(game, state, action)
            text = msg("rhl18.discord.preview", what=routes_text(action["entity"], routes,
                                                                 would=True))
            return say(text, lang), routes_view(game, state, routes, lang)
        # no picture: /game preview says the move in the reader's words and what it does
        return say(label, lang), None

    def holdings(self, game: Game, state: State, seat: int, *,
                 lang: str = DEFAULT) -> list[str]:
        return holdings(game, state, seat, language(lang))

    def zoom(self, game: Game, state: State, near: str, *, lang: str = DEFAULT) -> dict:
        hex_id = near.strip().upper()
        if hex_id not in state["board"]:
            raise NoZoom(msg("rhl18.discord.no_hex", near=near.strip()))
        view = game.view(state, None)
        view["lang"] = language(lang)
        view["image"] = {"kind": "zoom", "hex": hex_id}
        return view


EXTRAS = Rhl18Extras()
