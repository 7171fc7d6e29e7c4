"""A picture's alt text: what a screen reader says for a board or turn card posted to
Discord, and what any player reads of it without opening the picture.

Made from the same public view the picture is drawn from (``game.view(state, None)`` with
the service's ``lang`` and ``seats``), and the move lines the channel already read, so it
can say nothing the picture could not show. The most important first (which picture, the
phase, who acts and what they must do, the standings, what changed), cut to Discord's limit
of an attachment's description.
"""

from __future__ import annotations

import re
from typing import Any

from engine import text as texts
from render import card_scene, changes
from render.turn_card import seat_colour_word, seat_name, standings, task_text

texts.register("render.locales")

LIMIT = 1024  # Discord: an attachment's description (alt text)
PLACES = 10  # changed places named; the standings and the moves say more than a long list
MARKUP = re.compile(r"\*\*|__|`|~~")  # Discord's markdown: a screen reader spells it out


def say(lang: str, key: str, **values: Any) -> str:
    return texts.render(f"render.alt.{key}", values, lang)


def describe(game_key: str, view: dict, lang: str, *, kind: str, title: str, phase: str,
             acting: list[int], caption: str = "", over: bool = False,
             page: tuple[int, int] = (0, 1)) -> str:
    """The alt text of one picture of ``kind`` ("board", "card" or "picture": another view
    a game asks for, with its channel ``caption``), for a game titled ``title`` in
    ``phase`` where the seats ``acting`` are to move (``over``: the game has ended).
    ``page``: which of a board's pictures this is, of how many (18Rhl: map, market)."""
    head = say(lang, "final" if over else kind, title=plain(title), phase=plain(phase))
    if page[1] > 1:
        head = say(lang, "page", head=head, page=_page(game_key, lang, *page))
    parts = [head]
    if caption:
        parts.append(_sentence(plain(caption)))
    parts.append(say(lang, "over") if over else _turn(game_key, view, lang, acting))
    rows = [f"{_who(view, seat, lang)}: {value}" for seat, value in standings(game_key, view,
                                                                              lang)]
    if rows:
        parts.append(_sentence(say(lang, "standings", rows="; ".join(rows))))
    changed = _changed(game_key, view, lang, kind)
    if changed:
        parts.append(changed)
    said = " ".join(p for p in parts if p)
    if kind == "card":
        said = f"{said} {_moves(view.get('card') or {}, lang, LIMIT - len(said) - 1)}"
    return clipped(said)


def plain(text: str) -> str:
    """``text`` without Discord's markdown and on one line."""
    return " ".join(MARKUP.sub("", str(text)).split())


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


def _turn(game_key: str, view: dict, lang: str, acting: list[int]) -> str:
    if not acting:
        return say(lang, "nobody")
    names = [_who(view, seat, lang) for seat in acting]
    who = names[0] if len(names) == 1 else say(lang, "and", names=", ".join(names[:-1]),
                                                 last=names[-1])
    task = task_text(game_key, view, lang)
    if task:
        task = _sentence(task[0].upper() + task[1:])
    return say(lang, "acts" if task else "acts_bare", count=len(acting), who=who, task=task)


def _changed(game_key: str, view: dict, lang: str, kind: str) -> str:
    """The places the picture marks as changed, named as the picture labels them."""
    changed = (view.get("card") or {}).get("changed") if kind == "card" else view.get("changed")
    keys = changes.places(changed)
    scene = card_scene.scene(game_key, view) if keys else None
    named = list(dict.fromkeys(
        scene.places[key].label if scene is not None and key in scene.places else key
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


def _moves(card: dict, lang: str, room: int) -> str:
    """The moves the card lists, as the channel read them, the latest that fit ``room``
    (the older ones counted)."""
    moves = [_sentence(plain(m.get("text") or "")) for m in card.get("moves") or []
             if plain(m.get("text") or "")]
    if not moves:
        return _sentence(texts.render("render.card.since_start" if card.get("first")
                                      else "render.card.no_new_moves", {}, lang))
    earlier = int(card.get("earlier") or 0)
    while True:
        said = say(lang, "moves_more" if earlier else "moves", count=earlier,
                   moves=" ".join(moves))
        if len(said) <= room or len(moves) == 1:
            return said
        moves, earlier = moves[1:], earlier + 1
