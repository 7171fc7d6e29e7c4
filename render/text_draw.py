"""The one way every renderer puts text on a picture, so tests can see every text drawn.

Renderers call :func:`draw_text` (ImageDraw text with a size in pixels) or :func:`paste_text`
(the same text blitted from a cached mask, for labels repeated many times). Outside a test
both only draw. Inside ``with recording() as texts:`` each call also appends a
:class:`DrawnText` with the string, its font size in pixels, its bounding box on the picture
and the picture's size, so a test can check that every text is big enough for a phone,
that no two texts overlap and that none is cut at the picture's edge.

Text drawn on a small sprite that is later pasted onto the picture (a knight's letter) is
drawn inside ``with unrecorded():`` and reported where it lands with :func:`note`.

Recording clears the renderers' caches when it starts: a cached static layer would
otherwise hide the texts drawn on it in an earlier picture.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import font


@dataclass(frozen=True)
class DrawnText:
    """One text as drawn: ``box`` is (left, top, right, bottom) in picture pixels."""

    text: str
    size: int
    bold: bool
    box: tuple[int, int, int, int]
    image_size: tuple[int, int]

    @property
    def share(self) -> float:
        """The font size as a share of the picture's width (what a scaled phone view keeps)."""
        return self.size / self.image_size[0]


# The open recordings, innermost last (a plain list: renders run one at a time, see
# render.render_board's lock, and tests record in their own thread).
_RECORDINGS: list[list[DrawnText]] = []
_MUTED = [0]


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Collect every text drawn until the block ends (clears the renderers' caches first)."""
    clear_render_caches()
    texts: list[DrawnText] = []
    _RECORDINGS.append(texts)
    try:
        yield texts
    finally:
        _RECORDINGS.remove(texts)


@contextmanager
def unrecorded() -> Iterator[None]:
    """Draw without recording: for sprites whose texts are reported with :func:`note`."""
    _MUTED[0] += 1
    try:
        yield
    finally:
        _MUTED[0] -= 1


def _recording() -> bool:
    return bool(_RECORDINGS) and not _MUTED[0]


def note(text: str, size: int, bold: bool, box: tuple[float, float, float, float],
         image_size: tuple[int, int]) -> None:
    """Record a text that reached the picture some other way (a pasted sprite)."""
    if _recording():
        entry = DrawnText(text, size, bold, tuple(round(v) for v in box),  # type: ignore[arg-type]
                          tuple(image_size))  # type: ignore[arg-type]
        for texts in _RECORDINGS:
            texts.append(entry)


def clear_render_caches() -> None:
    """Empty every ``lru_cache`` of the render modules (their cached layers hold texts), but
    those of fonts, masks and measures, which draw or record nothing themselves."""
    kept = _measures()
    for name, module in list(sys.modules.items()):
        if not name.startswith("render.") or module is None:
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)) and value not in kept:
                value.cache_clear()


def _measures() -> tuple:
    from render import card_text, common

    return (font, common._mask, common._measure, _drawn, drawable, text_width, _text_mask, card_text.fit)


JOINERS = "\u200d\ufe0e\ufe0f"  # glue of emoji sequences, with nothing to join once they go


@lru_cache(maxsize=4096)
def _drawn(char: str, bold: bool) -> bool:
    """Whether DejaVu Sans has a glyph for ``char``: what it lacks (CJK, emoji) it draws as
    the empty box of its missing glyph, the shape of a noncharacter's."""
    face = font(20, bold)
    mask, missing = face.getmask(char), face.getmask("\uffff")
    return (mask.size, bytes(mask)) != (missing.size, bytes(missing))


# a card measures and draws the same German names and words many times, char by char here
@lru_cache(maxsize=4096)
def drawable(text: str, bold: bool = False) -> str:
    """``text`` without the characters the font cannot draw: a display name "Anna 🎲" is
    drawn "Anna ", and one of CJK characters only, empty, not as a row of empty boxes."""
    if text.isascii():
        return text
    kept = "".join(c for c in text if _drawn(c, bold))
    if len(kept) == len(text):
        return text
    # the gap a dropped name leaves ("李明 bietet 0" -> "bietet 0", beside its seat's colour)
    return re.sub(r" {2,}", " ", "".join(c for c in kept if c not in JOINERS)).strip()


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              *, bold: bool = False, fill: str | tuple = "#000000",
              anchor: str | None = None, stroke_width: int = 0,
              stroke_fill: str | None = None) -> None:
    """Draw ``text`` at ``xy`` in DejaVu Sans ``size`` px (``bold``), Pillow's ``anchor``;
    a ``stroke_width`` halo in ``stroke_fill`` keeps a label readable over lines."""
    text = drawable(text, bold)
    face = font(size, bold)
    draw.text(xy, text, fill=fill, font=face, anchor=anchor, stroke_width=stroke_width,
              stroke_fill=stroke_fill)
    if _recording() and text.strip():
        box = draw.textbbox(xy, text, font=face, anchor=anchor)
        note(text, size, bold, box, draw.im.size)


@lru_cache(maxsize=1024)
def _text_mask(text: str, size: int, bold: bool) -> tuple[Image.Image, tuple[int, int]]:
    """An anti-aliased coverage mask of ``text`` centred on (0, 0), rendered once."""
    face = font(size, bold)
    left, top, right, bottom = face.getbbox(text, anchor="mm")
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=face, anchor="mm")
    return mask, (left, top)


def paste_text(image: Image.Image, centre: tuple[float, float], text: str, size: int,
               fill: str, bold: bool = True) -> None:
    """Centred text from a cache of masks: boards repeat the same few labels many times."""
    text = drawable(text, bold)
    mask, (left, top) = _text_mask(text, size, bold)
    x, y = round(centre[0] + left), round(centre[1] + top)
    image.paste(fill, (x, y, x + mask.width, y + mask.height), mask)
    if _recording() and text.strip():
        note(text, size, bold, (x, y, x + mask.width, y + mask.height), image.size)


@lru_cache(maxsize=2048)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """The advance width of ``text`` at ``size`` px: for layouts that measure words."""
    return font(size, bold).getlength(drawable(text, bold))


def wrapped(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` at ``size`` px (a word
    wider than that stays whole on its own line); wider gaps between words are kept."""
    lines: list[str] = []
    for token in re.findall(r"\S+\s*", text):
        if lines and text_width((lines[-1] + token).rstrip(), size, bold) <= width:
            lines[-1] += token
        else:
            lines.append(token)
    return [line.rstrip() for line in lines]
