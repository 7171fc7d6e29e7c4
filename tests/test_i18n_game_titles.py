"""A game's title is said in its reader's language wherever a text names the game, as the
game choice list says it: a German table read "hat einen Tisch für **18Rhl: Rhineland**
eröffnet", "**18Rhl: Rhineland** beginnt" and DMs "Du bist dran in **18Rhl: Rhineland**",
where the list and the board say "18Rhl: Rheinland"."""

from __future__ import annotations

import engine
from bot.replies import Audience
from bot.service import TablesService
from bot.service.reminders import TurnInfo
from bot.store import Store
from engine.text import catalogue, say
from tests.issue10_helpers import lctx
from tests.service_pebbles import FakeRenderer
from tests.test_reminders_timers import _setup


def test_every_title_is_the_choice_lists_words_in_each_language() -> None:
    for game in engine.GAMES.values():
        for lang in ("en", "de"):
            assert say(game.title, lang) == catalogue(lang)[f"choice.{str(game.title)}"]
    assert say(engine.GAMES["18rhl"].title, "de") == "18Rhl: Rheinland"
    assert str(engine.GAMES["18rhl"].title) == "18Rhl: Rhineland"  # the choice's own name


async def test_a_german_table_says_the_german_title(tmp_path) -> None:
    store = await Store.open(str(tmp_path / "t.sqlite3"))
    svc = TablesService(store, games={"18rhl": engine.GAMES["18rhl"]}, render=FakeRenderer())
    opened = await svc.new(lctx(1, "de"), "18rhl", lang="de")
    assert "**18Rhl: Rheinland**" in opened[0].text and "Rhineland" not in opened[0].text
    assert opened[0].title == "18Rhl: Rheinland"
    for _ in range(2):
        await svc.add_bot(lctx(1, "de"), "easy")
    started = [r for r in await svc.start(lctx(1, "de"), order="joined")
               if r.audience is Audience.CHANNEL]
    said = "\n".join(f"{r.title}\n{r.text}" for r in started)
    assert "18Rhl: Rheinland" in said and "Rhineland" not in said, said
    status = await svc.status(lctx(1, "de"))
    assert status[0].text.startswith("**18Rhl: Rheinland**"), status[0].text
    english = await svc.status(lctx(1, "en"))
    assert english[0].text.startswith("**18Rhl: Rhineland**"), english[0].text
    await store.close()


async def test_a_turn_dm_says_the_title_in_its_readers_language(tmp_path) -> None:
    store, box, reminders, _clock, game_id = await _setup(tmp_path, game_key="18rhl")
    await reminders.game_changed(TurnInfo(
        game_id=game_id, guild_id=1, channel_id=500, title=engine.GAMES["18rhl"].title,
        phase="Phase 2", live=True, waiting={7: "Biete.", 8: "Bid."}, language="de",
        languages={8: "en"}))
    await reminders.run_due()
    dms = dict(box.dms)
    assert "Du bist dran in **18Rhl: Rheinland**" in dms[7], dms[7]
    assert "your turn in **18Rhl: Rhineland**" in dms[8], dms[8]
    await store.close()
