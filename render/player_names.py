"""Players as the boards name them: "Anna (Orange)", from the display names the service
puts in a view (``view["seats"]``), the colour word always whole since it ties the player to
the pieces; the colour alone where a view has no names (tests, the bench, an export)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine import text as texts
from render.card_text import fit
from render.text_draw import text_width

texts.register("render.locales")  # the renderers' catalogue (idempotent)

# Discord's escape: a backslash before any mark that is not a letter, digit or space shows
# the mark alone. The bot escapes the markdown in players' names (bot/discord/names.py) so
# its posts show them as written; a picture draws what the post shows.
ESCAPE = re.compile(r"\\([^0-9A-Za-z\s])")


def plain_name(text: str) -> str:
    """``text`` (a name, a line) as Discord shows it: ``\\*\\*Bold\\*\\*`` as ``**Bold**``."""
    return ESCAPE.sub(r"\1", text)


def plain_view(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its players' names (``view["seats"]``) and the turn card's move lines
    (``view["card"]["moves"]``, the channel's texts) as Discord shows them, for drawing."""
    seats = view.get("seats")
    card = view.get("card")
    if not seats and not (isinstance(card, dict) and card.get("moves")):
        return view
    out = dict(view)
    if seats:
        out["seats"] = [{**entry, "name": plain_name(entry["name"])}
                        if isinstance(entry.get("name"), str) else entry for entry in seats]
    if isinstance(card, dict) and card.get("moves"):
        out["card"] = {**card, "moves": [
            {**move, "text": plain_name(move["text"])}
            if isinstance(move, dict) and isinstance(move.get("text"), str) else move
            for move in card["moves"]]}
    return out


def display_name(view: dict[str, Any], seat: int) -> str | None:
    """The player's own name from ``view["seats"]`` (the service puts the table's display
    names there); None in a view without it (a test, the bench, the CLI's export)."""
    for entry in view.get("seats") or []:
        if entry.get("seat") == seat and entry.get("name"):
            return str(entry["name"])
    return None


def with_colour(name: str | None, colour: str, label: Callable[[str], str], size: int,
                width: float, bold: bool = True) -> str:
    """``label(name)`` within ``width``, the name shortened and the colour word always
    whole (it ties the player to the pieces on the map); the colour alone without a name,
    or when the name is the colour. Shared by the boards that name players."""
    if not name or name.strip().casefold() == colour.casefold():
        return colour
    rest = text_width(label(""), size, bold)
    return label(fit(name, size, width - rest, bold))


def and_list(names: list[str], lang: str) -> str:
    """Names as a sentence lists them: "A, B und C" (it said "A und B und C", or "A, B, C"
    with no "and" at all)."""
    if len(names) <= 1:
        return "".join(names)
    return texts.render("render.alt.and", {"names": ", ".join(names[:-1]), "last": names[-1]},
                        lang)


def and_word(lang: str) -> str:
    """What :func:`and_list` puts before the last name (" und "), for a line drawn in pieces
    (a swatch before each name)."""
    said = texts.render("render.alt.and", {"names": "\x00", "last": "\x01"}, lang)
    return said[said.index("\x00") + 1:said.index("\x01")]
