"""/game join colour: offers the game's own seat colours and the pick is kept at the start."""

from __future__ import annotations

import engine
from bot.replies import Audience
from tests.service_pebbles import FakeRenderer, ctx


async def _service(tmp_path, key, seed=3):
    from bot.service import TablesService
    from bot.store import Store

    store = await Store.open(str(tmp_path / f"{key}.sqlite3"))
    return TablesService(store, games={key: engine.get_game(key)}, render=FakeRenderer(),
                         seed_source=lambda: seed)


async def test_rhein_offers_its_piece_colours_in_the_tables_language(tmp_path):
    service = await _service(tmp_path, "rhein")
    await service.new(ctx(1), "rhein", max_players=4, lang="de")
    choices = await service.colour_choices(ctx(2))
    # the creator holds green only by default, so it is still offered; brown needs 5 seats
    assert choices == [("Grün", "green"), ("Gelb", "yellow"), ("Blau", "blue"),
                       ("Lila", "purple")]
    assert await service.colour_choices(ctx(2), "bl") == [("Blau", "blue")]
    assert "not a colour here" in (await service.join(ctx(2), "orange"))[0].text  # not Rhein's
    await service.join(ctx(2), "lila")  # the German name works too
    assert ("Lila", "purple") not in await service.colour_choices(ctx(3))
    refused = await service.join(ctx(3), "purple")
    assert refused[0].audience is Audience.EPHEMERAL and "taken" in refused[0].text
    await service.store.close()


async def test_picked_colours_are_the_colours_played(tmp_path):
    for seed in range(4):  # several drawn seat orders: the picks hold in each
        folder = tmp_path / str(seed)
        folder.mkdir()
        service = await _service(folder, "rhein", seed)
        await service.new(ctx(1), "rhein", max_players=4)
        await service.join(ctx(2), "blue")
        await service.join(ctx(3))            # no pick: any free seat
        await service.join(ctx(4), "green")   # the creator's default green goes elsewhere
        await service.join(ctx(1), "yellow")  # the creator changes their colour
        replies = await service.start(ctx(1))
        assert replies[0].audience is Audience.CHANNEL, replies[0].text
        seats = {s.user_id: s for s in await service.store.seats(
            (await service.store.latest_game(500)).id)}
        game = engine.get_game("rhein")
        for user, colour in ((2, "blue"), (4, "green"), (1, "yellow")):
            assert seats[user].colour == colour
            assert game.view(game.setup(4, {}, seed), None)["players"][seats[user].seat][
                "colour"] == colour
        assert seats[3].colour == "purple"
        await service.store.close()


async def test_a_colour_without_a_seat_at_this_count_refuses_the_start(tmp_path):
    service = await _service(tmp_path, "troedler")
    await service.new(ctx(1), "troedler")
    note = (await service.join(ctx(2), "blue"))[0].text  # the fourth start village's cart
    assert "4 or more players" in note
    refused = await service.start(ctx(1))
    assert refused[0].audience is Audience.EPHEMERAL and "blue" in refused[0].text
    await service.join(ctx(2), "sky")
    await service.start(ctx(1))
    seats = await service.store.seats((await service.store.latest_game(500)).id)
    assert {s.user_id: s.colour for s in seats}[2] == "sky"
    await service.store.close()


async def test_a_taken_colour_offers_the_caller_other_colours_than_their_own(tmp_path):
    """"purple is taken. Free colours: green, yellow, …" listed the caller's own green."""
    service = await _service(tmp_path, "rhein")
    await service.new(ctx(1), "rhein", max_players=4)
    await service.join(ctx(2), "purple")
    refused = await service.join(ctx(1), "purple")  # U1 sits as green
    assert refused[0].text == "purple is taken. Free colours: yellow, blue.", refused[0].text
    await service.store.close()
