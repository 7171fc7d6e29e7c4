"""Board pictures in the table's language: the service hands the renderer the public view with
the table's language in ``lang``; nothing else differs."""

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


async def test_the_renderer_gets_the_public_view_and_the_tables_language(tmp_path):
    store, german = await start_troedler(tmp_path, "de")
    await store.close()
    store, english = await start_troedler(tmp_path, "en")
    await store.close()
    [(_, de_view)] = german.calls
    [(_, en_view)] = english.calls
    assert de_view["lang"] == "de" and en_view["lang"] == "en"
    # the same public view; only the language differs
    assert {k: v for k, v in de_view.items() if k != "lang"} == \
        {k: v for k, v in en_view.items() if k != "lang"}
    de_png = troedler_render.render(de_view)
    en_png = troedler_render.render(en_view)
    assert de_png[:8] == en_png[:8] == b"\x89PNG\r\n\x1a\n" and de_png != en_png
