"""The turn card's text sizes, inks and line fitting, shared by the card (render.turn_card)
and the panels that take its map's place (render.rhein_card, render.troedler_card,
render.rhl18_card)."""

from __future__ import annotations

from engine.core import clip_middle
from render.text_draw import text_width

SMALL = 26  # 2.6 % of the width: 14 px when the card is shown 550 px wide
LINE = 33
INK = "#1B1B1B"
MUTED = "#5E5E5E"


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text``, cut with an ellipsis where it would run past ``width`` at ``size``."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


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


def wrap_ends(text: str, size: int, width: float, lines: int) -> list[str]:
    """:func:`wrap`, but a text too long for ``lines`` loses its middle rather than its end
    (``engine.core.clip_middle``): a turn's summary ends with where the cart stopped and
    what it took, which a cut at the end lost ("… spielt #84 M…")."""
    def fits(candidate: str) -> bool:  # one line more would change nothing
        return wrap(candidate, size, width, lines) == wrap(candidate, size, width, lines + 1)

    if lines < MIDDLE_LINES or fits(text):  # two or three lines: the start says most
        return wrap(text, size, width, lines)
    low, high = 0, len(text)  # the longest middle-clipped text that still fits
    while low < high:
        middle = (low + high + 1) // 2
        if middle > MIDDLE_MIN and fits(clip_middle(text, middle)):
            low = middle
        else:
            high = middle - 1
    return wrap(clip_middle(text, low) if low else text, size, width, lines)


MIDDLE_MIN = 20  # characters below which a middle cut leaves nothing to read
MIDDLE_LINES = 4  # fewer lines cut in the middle kept little more than "… ends the turn."
