"""What a full board must be to read on a phone, checked on the texts render.text_draw records:
every text at least 1.1 % of the picture's width (what stays readable when Discord shows the
picture 550 px wide and the player taps it open), no text overlapping another, none cut at
the picture's edge."""

from __future__ import annotations

import io

from PIL import Image

from render.text_draw import DrawnText, recording

LEAST = 0.011  # of the picture's width


def drawn(picture) -> tuple[list[DrawnText], list[tuple[int, int]]]:
    """The texts ``picture()`` draws and the sizes of the PNGs it returns (one or a list)."""
    with recording() as texts:
        pngs = picture()
    pages = pngs if isinstance(pngs, list) else [pngs]
    return list(texts), [Image.open(io.BytesIO(page)).size for page in pages]


def problems(texts: list[DrawnText], size: tuple[int, int]) -> list[str]:
    """Every way the texts of one picture of ``size`` fail the rules, in words."""
    width, height = size
    found = []
    for text in texts:
        if text.size < LEAST * width:
            found.append(f"too small: {text.text!r} {text.size} px on {width} px")
        left, top, right, bottom = text.box
        if left < 0 or top < 0 or right > width or bottom > height:
            found.append(f"cut at the edge: {text.text!r} {text.box} on {size}")
    for i, j in overlapping(texts):
        a, b = texts[i], texts[j]
        found.append(f"overlap: {a.text!r} {a.box} and {b.text!r} {b.box}")
    return found


def overlapping(texts: list[DrawnText]) -> list[tuple[int, int]]:
    """The pairs (i < j, in that order) of texts whose boxes share more than a pixel row of
    anti-aliasing. Swept left to right: a board has hundreds of texts, and comparing every
    pair was most of a board check's time."""
    order = sorted(range(len(texts)), key=lambda i: texts[i].box[0])
    pairs = []
    for place, i in enumerate(order):
        a = texts[i].box
        for j in order[place + 1:]:
            b = texts[j].box
            if b[0] >= a[2] - 1:  # this and every later one start right of ``a``'s end
                break
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            if w > 1 and h > 1:
                pairs.append((min(i, j), max(i, j)))
    return sorted(pairs)


def board_problems(picture) -> list[str]:
    """The problems of the one picture ``picture()`` makes (as PNG bytes)."""
    texts, sizes = drawn(picture)
    assert len(sizes) == 1, "one picture per board here (18Rhl's two: test_rhl18_pictures)"
    return problems(texts, sizes[0])


def highlight_edge_share(picture: Image.Image) -> float:
    """The share of the highlight's pink pixels with a dark part of the band (exactly
    render.common.HIGHLIGHT_EDGE) within 2 px: the line makes the mark a form of its own, as
    under colour-vision deficiency the pink alone read as the Rhine's blue or an edge's grey.
    0.0 when the picture has no pink."""
    from PIL import ImageChops, ImageColor, ImageFilter

    from render.common import HIGHLIGHT, HIGHLIGHT_EDGE

    image = picture.convert("RGB")

    def exactly(colour: str) -> Image.Image:
        r, g, b = ImageColor.getrgb(colour)
        bands = [band.point(lambda v, want=want: 255 if v == want else 0)
                 for band, want in zip(image.split(), (r, g, b), strict=True)]
        return ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])

    pink = exactly(HIGHLIGHT)
    near_edge = exactly(HIGHLIGHT_EDGE).filter(ImageFilter.MaxFilter(5))
    total = pink.histogram()[255]
    return ImageChops.multiply(pink, near_edge).histogram()[255] / total if total else 0.0
