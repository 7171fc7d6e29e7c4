"""A turn prompt says what the player must do, as their turn card's banner does: a phone's
notification and a turn that goes on have no picture, and an 18Rhl prompt read only
"your turn (Phase 2 · OR 11.1)" above a lone Pass button while GVE was to lay track."""

from __future__ import annotations

from bot.replies import Audience
from bot.service import TablesService
from bot.store import Store
from engine import get_game
from tests.issue10_helpers import lctx


async def test_the_channel_prompt_and_a_turn_that_goes_on_say_the_task(tmp_path):
    store = await Store.open(str(tmp_path / "task.sqlite3"))
    service = TablesService(store, games={"rhein": get_game("rhein")}, render=lambda key, view: b"png",
                            seed_source=lambda: 4)
    await service.new(lctx(1, "en"), "rhein", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(lctx(user, "de"))
    started = await service.start(lctx(1, "en"), order="joined")
    prompt = next(r for r in started if "your turn" in r.text)
    assert "your turn in Rhein (Round 1/10 · Phase 1: Take Orders). Choose an order and open the bidding (0 is " \
        "allowed). Use /play" in prompt.text, prompt.text
    user = int(prompt.text.split("<@")[1].split(">")[0])
    mortgage = await service.play(lctx(user, "de"), "mortgage a")  # the bidder goes on
    own = next(r for r in mortgage if r.audience is Audience.EPHEMERAL)
    assert "Du bist weiter am Zug (" in own.text and "Wähle einen Auftrag und eröffne das Bieten (0 ist " \
        "erlaubt). " in own.text, own.text
    await store.close()
