"""Board labels in the table's language: the service hands German labels to the renderer
(Trödler's panel uses them); English tables get the plain public view."""

from __future__ import annotations

import engine
from bot.service import TablesService
from bot.store import Store
from render import troedler as troedler_render
from tests.issue10_helpers import lctx
from tests.service_pebbles import FakeRenderer


class Recorder(FakeRenderer):
    def __call__(self, game_key, view):
        self.calls.append((game_key, view))
        return b"\x89PNG fake"


async def start_troedler(tmp_path, lang):
    store = await Store.open(str(tmp_path / f"b-{lang}.sqlite3"))
    recorder = Recorder()
    service = TablesService(store, games={"troedler": engine.GAMES["troedler"]},
                            render=recorder, seed_source=lambda: 11)
    await service.new(lctx(1, lang), "troedler", lang=lang)
    await service.join(lctx(2, lang))
    await service.start(lctx(1, lang), order="joined")
    return store, recorder


async def test_german_tables_send_german_labels_english_tables_the_plain_view(tmp_path):
    store, german = await start_troedler(tmp_path, "de")
    await store.close()
    store, english = await start_troedler(tmp_path, "en")
    await store.close()
    [(_, de_view)] = german.calls
    [(_, en_view)] = english.calls
    assert de_view["lang"] == "de" and de_view["labels"]["players"] == "Spieler"
    assert "labels" not in en_view and en_view["lang"] == "en"
    plain = {k: v for k, v in de_view.items() if k not in ("lang", "labels")}
    assert plain == {k: v for k, v in en_view.items() if k != "lang"}  # same public view, only the labels differ
    de_png = troedler_render.render(de_view)
    en_png = troedler_render.render(en_view)
    assert de_png[:8] == en_png[:8] == b"\x89PNG\r\n\x1a\n" and de_png != en_png


def test_rheinlaender_panel_in_german_fits_the_picture():
    from PIL import Image, ImageDraw

    from bot.i18n import board_labels
    from render import rheinlaender as rheinlaender_render
    from render.common import font

    game = engine.GAMES["rheinlaender"]
    view = game.view(game.setup(4, {}, 3), None)
    labels = board_labels("rheinlaender", "de")
    german = rheinlaender_render.render({**view, "lang": "de", "labels": labels})
    assert german != rheinlaender_render.render(view)
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    assert draw.textlength(labels["legend"], font=font(15)) <= 1600 - 24 * 2
    assert labels["knights"].format(count=3) == "Ritter übrig: 3"
