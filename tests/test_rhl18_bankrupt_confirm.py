"""Going bankrupt in 18Rhl ends a player's game and cannot be taken back, yet the reference
offers it whenever the president could not raise a depot train's price, forced or not: a
stand-in player picked it from the list with a 2-train already owned. It is made only from
the button of a question that says what it does."""

from __future__ import annotations

from dataclasses import replace

from bot.replies import Audience
from bot.service import TablesService
from bot.store import Store
from engine import GAMES
from engine.rhl18 import importer as I
from tests.service_pebbles import FakeRenderer, ctx

BANKRUPTCY = "tests/fixtures/18rhl/rhl_gen_5p_51015.json.gz"  # action 228: DEE goes bankrupt


async def opened_before_the_bankruptcy(tmp_path):
    export = I.load_json(BANKRUPTCY)
    export["actions"] = export["actions"][:227]
    store = await Store.open(str(tmp_path / "rhl.sqlite3"))
    service = TablesService(store, games={"18rhl": GAMES["18rhl"]}, render=FakeRenderer())
    await service.import_18xx(ctx(1), export)
    for user in range(1, 6):
        await service.join(ctx(user))
    await service.start(ctx(1))
    row = await store.latest_game(500)
    game = GAMES["18rhl"]
    state = game.load(row.state)
    seat = game.active(state)[0]
    user = {s.seat: s.user_id for s in await store.seats(row.id)}[seat]
    return store, service, row, user


async def test_going_bankrupt_is_asked_about_first_and_made_from_the_button(tmp_path):
    store, service, row, user = await opened_before_the_bankruptcy(tmp_path)
    replies = await service.play(ctx(user), "bankrupt")
    assert len(replies) == 1 and replies[0].audience is Audience.EPHEMERAL
    asked = replies[0]
    assert "ends your game" in asked.text and "DEE must buy a train" in asked.text, asked.text
    [button] = asked.buttons
    assert button.style == "danger" and button.label == "Yes: Declare bankruptcy"
    assert (await store.latest_game(500)).version == row.version  # nothing happened yet

    german = (await service.play(replace(ctx(user), locale="de"), "bankrupt"))[0]
    assert "Bankrott beendet dein Spiel" in german.text and german.buttons[0].label == \
        "Ja: Bankrott erklären"

    # the plain move index (a list's button) asks too; only the question's button plays it
    index = button.custom_id.rsplit("-", 1)[1]
    plain = button.custom_id.replace(f"sure-{index}", index)
    again = await service.press(ctx(user), plain)
    assert again[0].buttons == [button]
    assert (await store.latest_game(500)).version == row.version
    # pressed on Discord (the question is a message): the question now says what was
    # played, as Rhein's does (one mechanism, tests/test_question_answered_discord.py)
    replies = await service.press(replace(ctx(user), message_id=77), button.custom_id)
    said = replies[0]
    assert (said.edits, said.audience, said.user_id) == (77, Audience.EPHEMERAL, user)
    assert said.text == "Played: Declare bankruptcy." and not said.buttons
    assert not any(r.edits for r in replies[1:])
    after = await store.latest_game(500)
    assert after.version > row.version
    state = GAMES["18rhl"].load(after.state)
    assert any(state["bankrupt"])
    await store.close()


async def test_an_ordinary_move_is_not_asked_about(tmp_path):
    store, service, row, user = await opened_before_the_bankruptcy(tmp_path)
    game = GAMES["18rhl"]
    state = game.load(row.state)
    seat = game.active(state)[0]
    other = next(m for m in game.legal(state, seat) if m["type"] != "bankrupt")
    replies = await service.play(ctx(user), game.format(state, other))
    assert not any(b.custom_id.split(":")[-1].startswith("sure-")
                   for r in replies for b in r.buttons)
    assert (await store.latest_game(500)).version > row.version
    await store.close()


def test_the_question_names_the_corporation_as_the_game_does():
    """It said "RHE muss keinen Zug kaufen" where every other text says RhE."""
    import engine
    from bot.service.rhl18_steps import Rhl18Extras
    from engine.text import say

    game = engine.get_game("18rhl")
    state = game.setup(3, {}, 1)
    asked = say(Rhl18Extras().confirm(game, state, 0, {"type": "bankrupt", "entity": "RhE"}),
                "de")
    assert "RhE muss" in asked and "RHE" not in asked
