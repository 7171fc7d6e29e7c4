"""Colour-vision deficiencies simulated for picture tests (Machado, Oliveira & Fernandes 2009,
severity 1.0, on linear RGB), how far apart two colours are seen (CIE ΔE2000) and WCAG
contrast: a test checks that a mark still reads when a player sees without red, green or any
colour. Test-only: the pictures never use it."""

from __future__ import annotations

import itertools
import math

from PIL import Image

Colour = tuple[int, int, int]

KINDS = ("none", "prot", "deut", "trit", "grey")
HUED = KINDS[:4]  # the visions that still see hue
_MATRICES = {
    "prot": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
             (-0.003882, -0.048116, 1.051998)),
    "deut": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
             (-0.011820, 0.042940, 0.968881)),
    "trit": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
             (0.004733, 0.691367, 0.303900)),
}


def _linear(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> int:
    c = min(1.0, max(0.0, c))
    return round(255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))


def rgb(colour: str | Colour) -> Colour:
    """``colour`` as a triple ("#7B3FA0" or one already)."""
    if isinstance(colour, str):
        h = colour.lstrip("#")
        return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))
    return colour


def simulate(colour: str | Colour, kind: str) -> Colour:
    """``colour`` as a viewer with the deficiency ``kind`` (one of KINDS) sees it."""
    colour = rgb(colour)
    if kind == "none":
        return colour
    r, g, b = (_linear(v) for v in colour)
    if kind == "grey":
        grey = _gamma(0.2126 * r + 0.7152 * g + 0.0722 * b)
        return (grey, grey, grey)
    m = _MATRICES[kind]
    out = [_gamma(m[i][0] * r + m[i][1] * g + m[i][2] * b) for i in range(3)]
    return (out[0], out[1], out[2])


def simulate_image(image: Image.Image, kind: str) -> Image.Image:
    """The RGB picture as seen with ``kind`` (a lookup per distinct colour: boards hold few)."""
    picture = image.convert("RGB")
    seen = {c: simulate(c, kind)
            for _, c in picture.getcolors(picture.width * picture.height) or []}
    out = Image.new("RGB", picture.size)
    out.putdata([seen[p] for p in pixels(picture)])
    return out


def _lab(colour: str | Colour) -> tuple[float, float, float]:
    r, g, b = (_linear(v) for v in rgb(colour))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(one: str | Colour, other: str | Colour) -> float:
    """CIE ΔE2000 between two colours (about 2: barely told apart; 10: clearly)."""
    l1, a1, b1 = _lab(one)
    l2, a2, b2 = _lab(other)
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dhp = 0.0
    if c1p * c2p:
        dhp = h2p - h1p
        dhp -= 360 if dhp > 180 else -360 if dhp < -180 else 0
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lbar, cbarp = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6))
         - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    theta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbarp ** 7 / (cbarp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    rt = -math.sin(math.radians(2 * theta)) * rc
    dl, dc, dh = (l2 - l1) / sl, (c2p - c1p) / sc, d_h / sh
    return math.sqrt(dl ** 2 + dc ** 2 + dh ** 2 + rt * dc * dh)


def seen_apart(one: str | Colour, other: str | Colour, kind: str) -> float:
    """ΔE2000 between two colours as ``kind`` sees them."""
    return delta_e(simulate(one, kind), simulate(other, kind))


def closest_pair(colours: dict[str, str], kinds: tuple[str, ...] = KINDS
                 ) -> tuple[float, str, str, str]:
    """(ΔE2000, name, name, kind) of the two ``colours`` seen most alike."""
    return min((seen_apart(a, b, k), na, nb, k)
               for (na, a), (nb, b) in itertools.combinations(colours.items(), 2)
               for k in kinds)


def pixels(image: Image.Image) -> list:
    """The picture's pixels in rows (Pillow 12 names it get_flattened_data; getdata goes
    in Pillow 14 and warns)."""
    return list(getattr(image, "get_flattened_data", image.getdata)())


def luminance(colour: str | Colour) -> float:
    r, g, b = (_linear(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str | Colour, b: str | Colour) -> float:
    """The WCAG contrast ratio, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def at_phone_width(image: Image.Image, width: int = 550) -> Image.Image:
    """The picture as a phone shows it, ``width`` px wide (Discord's chat column)."""
    rgb = image.convert("RGB")
    return rgb.resize((width, round(rgb.height * width / rgb.width)), Image.Resampling.LANCZOS)
