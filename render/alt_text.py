"""A picture's alt text: what a screen reader says for a board or turn card posted to
Discord, and what any player reads of it without opening the picture.

Made from the same public view the picture is drawn from (``game.view(state, None)`` with
the service's ``lang`` and ``seats``), and the move lines the channel already read, so it
can say nothing the picture could not show. The most important first (which picture, the
phase, who acts and what they must do, the standings, what changed), cut to Discord's limit
of an attachment's description.

Short enough to listen to: a screen reader reads the whole description in one go, and a
turn card that listed every move since the last ran to 1,023 characters, cut mid-word.
The moves come last, the newest first, as many as fit in ``TARGET`` (the newest always,
shortened by whole pieces as the card does), the rest counted. Words are written out as a
player says them ("6 Punkte, 1 Herzogtum", not "6 P., 1 Herzogt."; "3 links", not "3L";
"Burg bei 3 links", not "Burg"), and a Trödler pile is said by its top card and how many
cards it holds, not card by card.
"""

from __future__ import annotations

import re
from typing import Any

from engine import text as texts
from render import card_scene, changes
from render.move_pieces import decisive_said, shortened
from render.player_names import plain_name, plain_view
from render.troedler import card_words
from render.turn_card import seat_colour_word, seat_name, standings, task_text

texts.register("render.locales")

LIMIT = 1024  # Discord: an attachment's description (alt text)
TARGET = 400  # what the moves may fill a card's alt text up to: about 30 s read aloud
LEAST_MOVES = 120  # the newest move's room however long the rest ran (18Rhl's market)
PLACES = 10  # changed places named; the standings and the moves say more than a long list
# log lines that list every card of a pile: the alt text says each pile by its top card and
# how many it holds (the deal line alone listed 16 cards)
LISTINGS = ("troedler.log.deal_pile",)
MARKUP = re.compile(r"\*\*|__|`|~~")  # Discord's markdown: a screen reader spells it out


def say(lang: str, key: str, **values: Any) -> str:
    return texts.render(f"render.alt.{key}", values, lang)


def describe(game_key: str, view: dict, lang: str, *, kind: str, title: str, phase: str,
             acting: list[int], caption: str = "", over: bool = False,
             page: tuple[int, int] = (0, 1), result: list[str] | None = None) -> str:
    """The alt text of one picture of ``kind`` ("board", "card" or "picture": another view
    a game asks for, with its channel ``caption``), for a game titled ``title`` in
    ``phase`` where the seats ``acting`` are to move (``over``: the game has ended).
    ``page``: which of a board's pictures this is, of how many (18Rhl: map, market).
    ``result``: a finished game's result as the channel's result post says it (its head,
    "Bert wins!", then a line per seat), said in place of the standings "if it ended now"."""
    view = plain_view(view)  # the players' names as the picture draws them
    zoom = _zoomed(view)
    if zoom is not None and caption:
        # the caption names the game, the phase and the hex: a head said them twice
        head, caption = _sentence(plain(caption)), ""
    else:
        head = say(lang, "final" if over else kind, title=plain(title), phase=plain(phase))
    if page[1] > 1:
        head = say(lang, "page", head=head, page=_page(game_key, lang, *page))
    parts = [head]
    if over and result:
        # the winner first: a final board that said "Anna: 39 points if it ended now" first
        # read as Anna's win where the result post named Bert
        parts.append(" ".join(_sentence(_result_line(line)) for line in result
                              if _result_line(line)))
    elif caption:
        parts.append(_sentence(plain(caption)))
    if not (over and result):
        parts.append(say(lang, "over") if over else to_move(game_key, view, lang, acting))
    if zoom is not None:
        parts.append(_zoom(view, zoom, lang))
    if game_key == "18rhl" and page == (1, 2):
        parts.append(_prices(view, lang))
    parts.append(_piles(view, lang))
    rows = [f"{_who(view, seat, lang)}: {value}" for seat, value in _standings(game_key, view,
                                                                               lang)]
    if rows and not (over and result):
        parts.append(_sentence(say(lang, "standings", rows="; ".join(rows))))
    parts.append(_changed(game_key, view, lang, kind))
    said = " ".join(p for p in parts if p)
    if kind == "card":
        room = max(TARGET - len(said) - 1, LEAST_MOVES)
        moves = _moves(game_key, view.get("card") or {}, lang, room, LIMIT - len(said) - 1)
        said = f"{said} {moves}"
    return clipped(said)


def _result_line(line: str) -> str:
    """A result post's line as it is read aloud: "1. Bert: 41; 6 duchies …", without the
    escaped list dot, the middle dot and the dash before a seat out of the scoring."""
    said = plain(line.replace("\\.", ".")).replace(" · ", "; ")
    return said[2:] if said.startswith("– ") else said


def _zoomed(view: dict) -> str | None:
    """The hex a zoomed picture (``/game board near:``) is drawn around, if it is one."""
    image = view.get("image")
    if isinstance(image, dict) and image.get("kind") == "zoom" and image.get("hex"):
        return str(image["hex"])
    return None


def _zoom(view: dict, centre: str, lang: str) -> str:
    """The hexes a zoom shows (the centre and two rings around it) and what lies on each:
    the zoom's alt text said the title twice and nothing of the area."""
    from engine.rhl18 import data

    hexes = data.hexes()
    shown, ring = [centre], [centre]
    for _ in range(2):
        ring = [n for h in ring for n in (hexes.get(h) or {}).get("all_neighbors", {}).values()
                if n in hexes and n not in shown]
        ring = list(dict.fromkeys(ring))
        shown += ring
    board = view.get("board") or {}
    said = [_hex(h, hexes[h], board.get(h) or {}, lang) for h in shown if h in hexes]
    return say(lang, "zoom", hexes="; ".join(said))


def _hex(hex_id: str, record: dict, cell: dict, lang: str) -> str:
    """"F9 Köln: tile 921, stations DEE": the hex, its place name, a laid tile, tokens."""
    from engine.rhl18 import data

    name = f"{hex_id} {record['location_name']}" if record.get("location_name") else hex_id
    things = []
    tile = str(cell.get("tile") or "")
    if tile and tile != record.get("preprinted_tile_id"):
        things.append(say(lang, "zoom_tile", tile=tile.split("-")[0]))
    corporations = data.corporations()
    tokens = [str(t) for slot in cell.get("tokens") or [] for t in slot or []
              if t in corporations]
    if tokens:
        things.append(say(lang, "zoom_stations", corporations=", ".join(tokens)))
    return f"{name}: {', '.join(things)}" if things else name


def _prices(view: dict, lang: str) -> str:
    """18Rhl's market page: each corporation with its share price (its alt text named the
    page and nothing on it)."""
    from render.rhl18_market import corporations, price_text

    prices = [say(lang, "price", corporation=entry["sym"],
                  price=price_text(entry.get("share_price")))
              for entry in corporations(view)
              if not entry.get("closed") and entry.get("share_price") is not None]
    return say(lang, "prices", prices="; ".join(prices)) if prices else \
        say(lang, "no_prices")


def plain(text: str) -> str:
    """``text`` without Discord's markdown and on one line."""
    return " ".join(plain_name(MARKUP.sub("", str(text))).split())


def clipped(text: str, limit: int = LIMIT) -> str:
    """``text`` within ``limit`` characters, cut between words."""
    if len(text) <= limit:
        return text
    return text[:limit - 1].rsplit(" ", 1)[0].rstrip(" ;,:·") + "…"


def _page(game_key: str, lang: str, number: int, count: int) -> str:
    key = f"page.{game_key}.{number}"
    return say(lang, key) if texts.has(f"render.alt.{key}") else \
        say(lang, "page_of", number=number + 1, count=count)


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def _who(view: dict, seat: int, lang: str) -> str:
    name, colour = seat_name(view, seat, lang), seat_colour_word(view, seat, lang)
    return texts.render("render.card.turn_of_one", {"name": name, "colour": colour}, lang) \
        if colour else name


def to_move(game_key: str, view: dict, lang: str, acting: list[int]) -> str:
    """Who is to move and what they must do, as a sentence ("Bert (yellow) is to move:
    Take an order."): also the line of a spectator's board DM, which named only the phase.
    The names as ``view`` has them: a picture's plain (:func:`plain_view`), a post's escaped."""
    if not acting:
        return say(lang, "nobody")
    names = [_who(view, seat, lang) for seat in acting]
    who = names[0] if len(names) == 1 else say(lang, "and", names=", ".join(names[:-1]),
                                                 last=names[-1])
    task = task_text(game_key, view, lang)
    if task:
        task = _sentence(task[0].upper() + task[1:])
    return say(lang, "acts" if task else "acts_bare", count=len(acting), who=who, task=task)


def _standings(game_key: str, view: dict, lang: str) -> list[tuple[int, str]]:
    """The card's standings, Rheinländer's in words: the card's "6 P., 1 Herzogt." was read
    aloud as a word "Herzogt"."""
    rows = standings(game_key, view, lang)
    if game_key != "rheinlaender":
        return rows
    players = {p.get("seat"): p for p in view.get("players") or [] if isinstance(p, dict)}
    spoken = []
    for seat, value in rows:
        player = players.get(seat) or {}
        if "board_points" in player and not player.get("bankrupt"):
            held = sum(d.get("owner") == seat for d in view.get("duchies") or [])
            points = player["board_points"]
            value = say(lang, "stand.rheinlaender_points", points=points, count=points,
                        duchies=texts.render("render.card.duchies", {"count": held}, lang))
        spoken.append((seat, value))
    return spoken


def _piles(view: dict, lang: str) -> str:
    """Trödler's dealer piles while they lie on the table: each by its top card and how
    many cards it holds, as the picture shows them (open piles too: the rest is a list)."""
    said = []
    for pile in view.get("piles") or []:
        if not isinstance(pile, dict):
            continue
        cards = pile.get("cards")
        top = cards[-1] if cards else pile.get("top")
        count = len(cards) if cards else int(pile.get("covered") or 0) + (top is not None)
        said.append(say(lang, "pile", number=pile.get("number"), count=count,
                        top=card_words(top, lang)) if top is not None
                    else say(lang, "pile_empty", number=pile.get("number")))
    return say(lang, "piles", piles="; ".join(said)) if said else ""


def _changed(game_key: str, view: dict, lang: str, kind: str) -> str:
    """The places the picture marks as changed, named as the picture labels them, or as
    the game's own texts name them where a label is a short mark (Rheinländer's "3L")."""
    changed = (view.get("card") or {}).get("changed") if kind == "card" else view.get("changed")
    keys = changes.places(changed)
    scene = card_scene.scene(game_key, view) if keys else None
    spoken = _spaces(view, keys, lang) if game_key == "rheinlaender" and keys else {}
    named = list(dict.fromkeys(
        spoken.get(key) or (scene.places[key].label if scene is not None and key in
                            scene.places else key)
        for key in keys))
    if len(named) > PLACES:
        named = [*named[:PLACES], say(lang, "more", count=len(named) - PLACES)]
    said = [say(lang, "changed_card" if kind == "card" else "changed",
                places=", ".join(named))] if named else []
    corporations = (changed or {}).get("corporations") if isinstance(changed, dict) else None
    if corporations:
        said.append(say(lang, "changed_corporations", corporations="; ".join(
            f"{sym} ({', '.join(say(lang, f'what.{what}') for what in whats)})"
            for sym, whats in corporations.items())))
    return " ".join(said)


def _spaces(view: dict, keys: list[str], lang: str) -> dict[str, str]:
    """Rheinländer's spaces as its log names them ("3 left", "island 10/11"), a realm by
    the two land spaces beside it ("castle by 2/3 left", as "takes the castle by 2/3 left"
    says): "Castle" alone said not which."""
    from engine.rheinlaender.board import get_board
    from engine.rheinlaender.words import place, realm

    try:
        board = get_board(view["board"])
    except (KeyError, ValueError):
        return {}
    named: dict[str, str] = {}
    for key in keys:
        record = board.spaces.get(key)
        if record is None:
            continue
        if record["kind"] != "realm":
            named[key] = texts.say(place(board, key), lang)
            continue
        marker = (view.get("realms") or {}).get(key)
        if marker:
            named[key] = say(lang, "realm_by", realm=texts.say(realm(marker), lang),
                             place=texts.say(place(board, key), lang))
    return named


def _moves(game_key: str, card: dict, lang: str, room: int, most: int = LIMIT) -> str:
    """The moves the card lists, as the channel read them, the newest first, as many whole
    as fit in ``room`` (the newest always, shortened by whole pieces if it must be, but
    its decisive pieces whole up to ``most``: a cut bankruptcy read "… Anna cannot pay 5 for
    expired orders (has 0), …" and lost that she was out), the older ones counted."""
    moves = [_sentence(text) for m in card.get("moves") or []
             if (text := _unlisted(plain(m.get("text") or ""), lang))]
    if not moves:
        return _sentence(texts.render("render.card.since_start" if card.get("first")
                                      else "render.card.no_new_moves", {}, lang))
    earlier = int(card.get("earlier") or 0)
    newest_first = moves[::-1]

    def told(said: list[str]) -> str:
        left = earlier + len(moves) - len(said)
        text = say(lang, "moves", count=len(said), moves=" ".join(said))
        return f"{text} {say(lang, 'moves_earlier', count=left)}" if left else text

    said = [newest_first[0]]
    if len(told(said)) > room:
        said = [_newest(newest_first[0], game_key, room - len(told([""])),
                        most - len(told([""])))]
    for move in newest_first[1:]:
        if len(told([*said, move])) > room:
            break
        said.append(move)
    # the channel's " · " between one seat's moves is read out as "middle dot"
    return told(said).replace(" · ", "; ")


def _newest(move: str, game_key: str, spare: int, most: int) -> str:
    """The newest move shortened to ``spare`` characters, or if that cuts a decisive piece
    (a bankruptcy, the game's end) to as many as keep them whole, up to ``most``."""
    whole = decisive_said(move, [move], game_key)

    def within(limit: int) -> str:
        return shortened(move, lambda text: len(_sentence(text)) <= limit, game_key)

    short = within(spare)
    if decisive_said(move, [short], game_key) >= whole or most <= spare:
        return short
    low, high = spare, most  # the least room that keeps them whole, if any does
    if decisive_said(move, [within(most)], game_key) < whole:
        return within(most)
    while low < high:
        middle = (low + high) // 2
        if decisive_said(move, [within(middle)], game_key) >= whole:
            high = middle
        else:
            low = middle + 1
    return within(low)


def _unlisted(text: str, lang: str) -> str:
    """``text`` without the log lines that list a pile card by card (``LISTINGS``)."""
    for key in LISTINGS:
        template = texts.catalogue(lang).get(key)
        if template:
            text = _listing(template).sub("", text)
    return text.strip()


def _listing(template: str) -> re.Pattern[str]:
    """Lines said from ``template``, one after another, with the colon or semicolon before
    them: what is left reads "deals 4 piles, … (everyone sees every card)"."""
    line = re.escape(template)
    for name in re.findall(r"\{(\w+)\}", template):
        line = line.replace(re.escape(f"{{{name}}}"), r"[^;·]*?")
    end = r"(?=;|\s·|\.\s|\.?$)"
    return re.compile(rf"[:;]?\s*{line}{end}(?:;\s*{line}{end})*")
