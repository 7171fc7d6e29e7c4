"""A human knocked out of the game reads how it ended: after the count of the AI seats'
moves in between, the game's last phase is said whole under its heading. A reviewer's Rhein
post read "**Anna cannot pay, goes bankrupt and is out of the game.** … and 23 more moves
(/game log lists every move)." and one fulfilment, so how the last round scored was never
told to the player who had left it."""

from __future__ import annotations

import engine
from bot.i18n import t
from engine import text as texts
from tests.service_pebbles import ctx, play_meaning_it


async def test_the_last_phase_is_said_whole_after_the_count(tmp_path):
    from bot.service import TablesService
    from bot.store import Store

    key = "rhein"
    game = engine.get_game(key)
    store = await Store.open(str(tmp_path / "out.sqlite3"))
    service = TablesService(store, games={key: game}, render=lambda k, v: b"\x89PNG",
                            seed_source=lambda: 3)
    await service.new(ctx(1), key, min_players=3, max_players=3)
    for _ in range(2):
        await service.add_bot(ctx(1), "normal")
    await service.start(ctx(1), order="joined")
    bankrupt = texts.render("rhein.log.bankrupt", {"player": "U1"}, "en")
    for _ in range(200):  # the human takes the first move offered, and soon cannot pay
        row = await store.latest_game(500)
        state = game.load(row.state)
        replies = await play_meaning_it(service, ctx(1),
                                        game.format(state, game.legal(state, 0)[0]))
        if any(bankrupt in reply.text for reply in replies):
            break
    else:
        raise AssertionError("the human never went bankrupt")
    posts = [reply.text for reply in replies if reply.is_public]
    [told] = [post for post in posts if bankrupt in post]
    after = told.split(bankrupt, 1)[1].splitlines()[1:]
    more = t("svc.ai_more", "en", count=0).split("0")[0]  # "… and "
    assert after[0].startswith(more), told
    # the last round's last phase with moves under its heading, and the round's end
    assert after[1].startswith("__Round 10/10 · Phase ") and after[1].endswith("__"), told
    last = after[2:]
    assert any(line.startswith("**Bot ") for line in last), told
    assert last[-2] == "__Round 10/10 · Phase 6: End of Round__", told
    assert not any(line.startswith(more) for line in last), told
    assert len(posts) <= 3 and sum(map(len, posts)) < 3000, posts
    await store.close()
