"""The turn card's text sizes, inks and line fitting, shared by the card (render.turn_card)
and the panels that take its map's place (render.rhein_card, render.troedler_card,
render.rhl18_card)."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from render.text_draw import text_width, wrapped

SMALL = 26  # 2.6 % of the width: 14 px when the card is shown 550 px wide
LINE = 33
INK = "#1B1B1B"
MUTED = "#5E5E5E"
# What the acting seat's move may choose or is about (18Rhl's hexes to lay on, Rhein's order
# under auction or transports to reserve on): a colour of its own, apart from the pictures'
# pink "changed" and the map's colours
CHOICE = "#1650C8"


# A card fits the same move lines again for every count of lines it tries (see
# turn_card.shown_moves)
@lru_cache(maxsize=2048)
def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text``, cut with an ellipsis where it would run past ``width`` at ``size``."""
    if text_width(text, size, bold) <= width:
        return text
    # The longest prefix that fits with its "…", by halving: a longer prefix is never the
    # narrower (no glyph of DejaVu Sans is kerned by more than its advance), and a card's
    # last line takes all the text left, hundreds of letters measured one shorter at a time.
    fits, wider = 0, len(text) + 1
    while wider - fits > 1:
        middle = (fits + wider) // 2
        if text_width(text[:middle] + "…", size, bold) <= width:
            fits = middle
        else:
            wider = middle
    return text[:fits].rstrip() + "…"


def wrap(text: str, size: int, width: float, lines: int) -> list[str]:
    """Words into at most ``lines`` lines of ``width``; the last line ends in … if cut."""
    out: list[str] = []
    words = text.split()
    current = ""
    while words:
        candidate = f"{current} {words[0]}".strip()
        if text_width(candidate, size) <= width or not current:
            current = candidate
            words.pop(0)
            continue
        if len(out) >= lines - 1:  # the last line takes the rest, cut with …
            break
        out.append(current)
        current = ""
    rest = " ".join([current, *words]).strip()
    if rest:
        out.append(fit(rest, size, width))
    return [fit(line, size, width) for line in out[:lines]]


def wrapped_parts(parts: list[str], separator: str, size: int, width: float,
                  bold: bool = False) -> list[str]:
    """``parts`` joined by ``separator`` into lines of ``width``, broken only between parts
    (the separator dropped there), so that no entry of a legend or a list is split across
    lines; a part wider than a line wraps at its own spaces."""
    lines: list[str] = []
    for part in parts:
        if lines and text_width(lines[-1] + separator + part, size, bold) <= width:
            lines[-1] += separator + part
        else:
            lines += wrapped(part, size, width, bold)
    return lines


def for_spectator(view: dict) -> bool:
    """Whether the card goes to a spectator's DM (/game watch) rather than the channel,
    where it is written to the seat it pings: a spectator read "Your orders" over the
    mover's orders as her own, so a panel heading says whose they are instead."""
    return bool((view.get("card") or {}).get("spectator"))


def named(label: Callable[[str], str], name: str, size: int, width: float
          ) -> tuple[str, bool]:
    """``label(name)`` ("Aufträge von Bert") within ``width`` and whether it is bold: bold
    where it fits, else in the regular weight, else with the name shortened, never the
    words around it ("Zertifikate von Anne-M…: 16 von 20"): cut at its end, the heading
    lost its count, and a short cell read "Aufträge von…", no one's."""
    for bold in (True, False):
        if text_width(label(name), size, bold) <= width:
            return label(name), bold
    return label(fit(name, size, width - text_width(label(""), size))), False
