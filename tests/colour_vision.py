"""Colour-vision deficiencies simulated for picture tests (Machado, Oliveira & Fernandes 2009,
severity 1.0, on linear RGB) and WCAG contrast: a test checks that a mark still reads when a
player sees without red, green or any colour. Test-only: the pictures never use it."""

from __future__ import annotations

from PIL import Image

Colour = tuple[int, int, int]

KINDS = ("none", "prot", "deut", "trit", "grey")
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


def simulate(colour: Colour, kind: str) -> Colour:
    """``colour`` as a viewer with the deficiency ``kind`` (one of KINDS) sees it."""
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
    rgb = image.convert("RGB")
    seen: dict[Colour, Colour] = {}
    data = [seen.setdefault(p, simulate(p, kind)) for p in rgb.getdata()]
    out = Image.new("RGB", rgb.size)
    out.putdata(data)
    return out


def luminance(colour: Colour) -> float:
    r, g, b = (_linear(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def at_phone_width(image: Image.Image, width: int = 550) -> Image.Image:
    """The picture as a phone shows it, ``width`` px wide (Discord's chat column)."""
    rgb = image.convert("RGB")
    return rgb.resize((width, round(rgb.height * width / rgb.width)), Image.Resampling.LANCZOS)
