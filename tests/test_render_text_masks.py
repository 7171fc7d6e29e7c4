"""Pictures render each text's mask once: a label a board or card repeats (a city, a price,
a seat's letter) is blended from the mask FreeType made the first time, with the same pixels
as a fresh rendering, and a test's recording keeps the masks and measures (they hold no
recorded text)."""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from render.common import FONT_DIR
from render.text_draw import draw_text, recording, text_width


def _picture() -> Image.Image:
    image = Image.new("RGB", (400, 120), "#F4EBD0")
    draw = ImageDraw.Draw(image)
    for x in (10, 10.5, 130.25, 250):
        draw_text(draw, (x, 20.5), "Düsseldorf 12", 22, bold=True, fill="#1B1B1B")
        draw_text(draw, (x + 60, 80), "Köln", 26, fill="#D55E00", anchor="mm",
                  stroke_width=2, stroke_fill="#FFFFFF")
    return image


def test_a_repeated_text_is_rendered_once_with_the_pixels_of_a_fresh_rendering(monkeypatch):
    rendered: list[str] = []
    fresh = ImageFont.FreeTypeFont.getmask2

    def counted(self, text, *args, **kwargs):
        rendered.append(text)
        return fresh(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", counted)
    first, again = _picture(), _picture()
    # once for both pictures per sub-pixel start (0, .5, .25), "Köln" with its halo
    assert rendered.count("Düsseldorf 12") == 3
    assert rendered.count("Köln") == 6

    plain = Image.new("RGB", (400, 120), "#F4EBD0")
    draw = ImageDraw.Draw(plain)
    bold = ImageFont.truetype(str(FONT_DIR / "DejaVuSans-Bold.ttf"), 22)
    regular = ImageFont.truetype(str(FONT_DIR / "DejaVuSans.ttf"), 26)
    for x in (10, 10.5, 130.25, 250):
        draw.text((x, 20.5), "Düsseldorf 12", fill="#1B1B1B", font=bold)
        draw.text((x + 60, 80), "Köln", fill="#D55E00", font=regular, anchor="mm",
                  stroke_width=2, stroke_fill="#FFFFFF")
    assert first.tobytes() == again.tobytes() == plain.tobytes()


def texts_passed(monkeypatch, *methods: str) -> list[str]:
    """The texts Pillow's FreeType ``methods`` are asked for from now on, in order."""
    passed: list[str] = []
    for name in methods:
        real = getattr(ImageFont.FreeTypeFont, name)
        monkeypatch.setattr(ImageFont.FreeTypeFont, name,
                            lambda self, text, *a, real=real, **k:
                            passed.append(text) or real(self, text, *a, **k))
    return passed


def test_recording_keeps_the_masks_and_measures(monkeypatch):
    _picture()
    text_width("Mönchengladbach", 26)
    rendered = texts_passed(monkeypatch, "getmask2", "getlength")
    with recording() as texts:
        _picture()
        text_width("Mönchengladbach", 26)
    assert len(texts) == 8  # every text still recorded
    assert rendered == []


def test_a_repeated_measure_is_laid_out_once(monkeypatch):
    from render.common import font

    laid_out = texts_passed(monkeypatch, "getbbox", "getlength")
    face = font(23, True)
    boxes = {face.getbbox("E12 Essen", anchor="mm") for _ in range(3)}
    widths = {face.getlength("Gelsenkirchen") for _ in range(3)}
    draw = ImageDraw.Draw(Image.new("RGB", (300, 80)))
    spans = {draw.textbbox((10.5, 20), "E12 Essen", font=face, anchor="mm") for _ in range(3)}
    assert len(boxes) == len(widths) == len(spans) == 1
    assert laid_out.count("E12 Essen") <= 2 and laid_out.count("Gelsenkirchen") == 1
    plain = ImageFont.truetype(str(FONT_DIR / "DejaVuSans-Bold.ttf"), 23)
    assert boxes == {plain.getbbox("E12 Essen", anchor="mm")}
    assert widths == {plain.getlength("Gelsenkirchen")}
