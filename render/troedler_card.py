"""The Trödler turn card's left panel while dealer piles lie on the table: the piles
themselves, in place of the small map.

A seat taking a pile chooses by the piles' top cards (and, with open piles, every card), which
the card's map never showed; a player on a phone had to scroll back to the board or read the
move list's labels. Each pile gets a row: its number, its top card in the card's colour, and
how many cards lie covered under it (with open piles, the cards under it by name).
"""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.card_text import INK, LINE, MUTED, SMALL, wrap
from render.text_draw import draw_text
from render.troedler import CARD_FILL, card_words, word

GAP = 10  # between two piles' rows


def draw_piles(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[float, ...],
               lang: str) -> None:
    left, top, right, bottom = box
    piles = view.get("piles") or []
    room = (bottom - top - GAP * (len(piles) - 1)) // max(1, len(piles))
    lines = max(1, min(3, int(room - 12) // LINE))  # text lines a row may take
    y = top
    for pile in piles:
        cards = pile.get("cards")
        face = cards[-1] if cards else pile.get("top")
        under = [card_words(card, lang) for card in reversed(cards[:-1])] if cards else []
        text = card_words(face, lang) if face is not None else word(lang, "empty")
        # inside the box (left + 44 to right - 70) with 10 px to its edge: "Tasse" ran over it
        said = wrap(text, SMALL, right - left - 134, lines)
        height = 12 + LINE * len(said)
        fill = CARD_FILL.get(face["type"], "#FFFFFF") if face is not None else "#FFFFFF"
        draw.rounded_rectangle((left + 44, y, right - 70, y + height), 6, fill=fill,
                               outline=INK, width=2)
        draw_text(draw, (left + 6, y + height / 2), str(pile["number"]), SMALL + 4, bold=True,
                  fill=INK, anchor="lm")
        for number, line in enumerate(said):
            draw_text(draw, (left + 54, y + 6 + LINE * number), line, SMALL, fill=INK)
        covered = len(under) if cards else int(pile.get("covered") or 0)
        if covered:
            draw_text(draw, (right - 4, y + height / 2), f"+{covered}", SMALL, fill=MUTED,
                      anchor="rm")
        y += height + GAP
        if under and y + LINE <= bottom:  # open piles: what lies under the top, by name
            for line in wrap(", ".join(under), SMALL, right - left - 54, 1):
                draw_text(draw, (left + 54, y - GAP + 2), line, SMALL, fill=MUTED)
            y += LINE
