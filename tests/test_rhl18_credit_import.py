"""The post opening an imported 18Rhl table ended "Then /game start." without saying whose
that was: a member who had not imported it could not tell whether to start it or whom to
ask. It names who runs the table as ``/game status`` does (``runner_label``, said by
``looking._runner_line``): the importer, who has no seat yet, by a mention; for an import on
no member's behalf, the first to join."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from bot import imports
from bot.service import TablesService
from bot.service.base import runner_label
from bot.service.looking import _runner_line
from bot.store import Store
from engine import GAMES
from engine.rhl18 import importer
from tests.service_pebbles import ctx

IMPORTED = {"names": ["Ada", "Bo"], "result": None,
            "actions": [{"type": "bid"}, {"type": "pass"}, {"type": "pass"}]}


def _post(lang: str, runner: str | None) -> str:
    return imports.lobby_text("18Rhl", IMPORTED, 7, "Phase 3 · OR 4.1",
                              imports.source_text({"id": 99}), runner, lang)


def _lobby(creator_id: int, hosted: bool) -> Any:
    """A just-imported lobby as runner_id reads it: nobody seated yet."""
    return SimpleNamespace(row=SimpleNamespace(creator_id=creator_id, hosted=hosted), seats=[])


def test_the_import_post_names_the_importer_who_runs_the_table():
    table = _lobby(5, hosted=True)  # /game import: the importer runs it, seated or not
    for lang, ending in [
            ("en", "puts an AI in the next seat. <@5> runs the table and starts it with "
                   "/game start."),
            ("de", "auf den nächsten Platz. <@5> führt den Tisch und startet ihn mit "
                   "/spiel starten.")]:
        post = _post(lang, runner_label(table))
        assert post.endswith(ending), post
        assert post.endswith(_runner_line(table, lang))  # the words of /game status
        assert "Then /game start" not in post and "Dann /spiel starten" not in post


def test_an_import_on_no_members_behalf_says_the_first_to_join_runs_it():
    table = _lobby(0, hosted=False)  # rheinbot import-18xx --db without --user
    assert runner_label(table) is None
    for lang, ending in [
            ("en", "The first to join runs the table and starts it with /game start."),
            ("de", "Wer sich als Erstes dazusetzt, führt den Tisch und startet ihn mit "
                   "/spiel starten.")]:
        post = _post(lang, None)
        assert post.endswith(ending) and post.endswith(_runner_line(table, lang)), post
        # the seat order it names first is the first joiner's too
        assert ("the first to join plays Ada" if lang == "en"
                else "wer zuerst beitritt, spielt Ada") in post


def test_a_seated_runner_is_named_in_bold():
    post = _post("en", "**Anna**")
    assert post.endswith(" **Anna** runs the table and starts it with /game start."), post


async def test_the_import_post_names_who_runs_the_table(tmp_path):
    store = await Store.open(str(tmp_path / "import.sqlite3"))
    service = TablesService(store, games={"18rhl": GAMES["18rhl"]},
                            render=lambda key, view: b"\x89PNG fake")
    export = importer.load_json("tests/fixtures/18rhl/rhl_gen_3p_31001.json.gz")
    export = dict(export, actions=export["actions"][:30])
    try:
        [post] = await service.import_18xx(ctx(5), export)
        assert post.text.endswith(" <@5> runs the table and starts it with /game start."), \
            post.text
        assert post.pings == ()  # the importer reads their own post: no ping
        [status] = await service.status(ctx(6))
        assert status.text.splitlines()[-1] == post.text.splitlines()[-1].rsplit(". ", 1)[1]
        await service.abandon(ctx(5))
        [post] = await service.import_18xx(replace(ctx(0, manage=True), guild_locale="de", locale="de"),
                                           export, hosted=False)
        assert post.text.endswith(" Wer sich als Erstes dazusetzt, führt den Tisch und "
                                  "startet ihn mit /spiel starten."), post.text
    finally:
        await store.close()
