"""18Rhl's moves without a button as a select menu on the prompt: a tile lay by hex, tile
and rotation, and founding a corporation by its price, each step answered privately with
the next menu. Laying track, an operating round's main move, was typed only, so a phone
player's prompt offered "Pass" alone."""

from __future__ import annotations

from bot.replies import Audience
from bot.service.rhl18_steps import step_menu
from engine import ai
from engine.rhl18.tiles import describe_rotation, track_groups
from engine.text import say
from tests.service_pebbles import ctx, started_table


async def _until(tmp_path, wanted: str):
    """A 3-player table played by normal AI choices until the prompt's menu offers
    ``wanted`` ("par" or "lay"); returns the service, store, game, state, seat and menu."""
    service, store, game, replies = await started_table(tmp_path / "menu.sqlite3", "18rhl", 5)
    for step in range(400):
        row = await store.latest_game(500)
        state = game.load(row.state)
        seat = game.active(state)[0]
        menus = [r.picker for r in replies if r.is_public and r.picker is not None]
        if menus and menus[-1].options[0][1].startswith(wanted):
            return service, store, game, state, seat, menus[-1]
        move = ai.choose(game, state, seat, "normal", step)
        replies = await service.play(ctx(seat + 1), game.format(state, move))
    raise AssertionError(f"no {wanted} menu in 400 moves")


async def test_a_corporation_is_founded_from_the_menu(tmp_path):
    service, store, game, state, seat, menu = await _until(tmp_path, "par")
    assert menu.custom_id.endswith(":step") and menu.count == 1
    label, value = menu.options[0]
    assert value.startswith("par ") and label.startswith("Start ") and "M a share" in label
    [prices] = await service.pick(ctx(seat + 1), menu.custom_id, [value])
    assert prices.audience is Audience.EPHEMERAL and prices.picker is not None
    corp = value.split()[1].upper()
    assert prices.picker.placeholder.lower() == f"pick the share price to start {corp.lower()} at"
    offered = [v for _, v in prices.picker.options]
    legal = {game.format(state, m) for m in game.legal(state, seat) if m["type"] == "par"}
    assert set(offered) == {v for v in legal if v.startswith(value + " ")}
    assert offered == sorted(offered, key=lambda v: int(v.split()[-1]))  # cheapest first
    # words only: the menu shows no notation
    assert all(label.endswith("M)") and "par" not in label for label, _ in prices.picker.options)
    version = (await store.latest_game(500)).version
    replies = await service.pick(ctx(seat + 1), prices.picker.custom_id, [sorted(offered)[0]])
    assert (await store.latest_game(500)).version == version + 1
    assert any(r.is_public for r in replies)
    await store.close()


async def test_a_tile_is_laid_hex_then_tile_then_rotation(tmp_path):
    service, store, game, state, seat, menu = await _until(tmp_path, "lay")
    version = (await store.latest_game(500)).version
    (label, value), steps = menu.options[0], 0
    while True:  # each step a private menu, until a value is the move itself
        replies = await service.pick(ctx(seat + 1), menu.custom_id, [value])
        if (await store.latest_game(500)).version != version:
            break
        [reply] = replies
        assert reply.audience is Audience.EPHEMERAL and not reply.is_public
        # the placeholder, and the text above the menu, name what to pick and where
        hex_id = value.split()[1]
        assert reply.picker is not None and reply.text == f"**{reply.picker.placeholder}**"
        assert reply.picker.placeholder == f"Pick the tile for {hex_id} and how it lies"
        menu, steps = reply.picker, steps + 1
        label, value = menu.options[-1]
    # F5, then a tile and its rotation at once ("lay 1 F5 2"); the tile and the rotation were
    # two picks. A single hex to lay on offers its tiles and rotations at once.
    assert steps == (0 if len(menu.options[0][1].split()) == 4 else 1) <= 1
    assert len(value.split()) == 4
    assert label.startswith("Tile ") and " lay " not in label and " to " in label
    after = game.load((await store.latest_game(500)).state)
    hex_id, tile = value.split()[2], value.split()[1]
    assert after["board"][hex_id]["tile"].rsplit("-", 1)[0] == tile
    await store.close()


async def test_another_seat_or_an_old_menu_changes_nothing(tmp_path):
    service, store, game, state, seat, menu = await _until(tmp_path, "lay")
    version = (await store.latest_game(500)).version
    other = (seat + 1) % 3 + 1
    [refusal] = await service.pick(ctx(other), menu.custom_id, [menu.options[0][1]])
    assert refusal.audience is Audience.EPHEMERAL
    old = menu.custom_id.replace(f":{version}:", f":{version - 1}:")
    [refusal] = await service.pick(ctx(seat + 1), old, [menu.options[0][1]])
    assert "moved on" in refusal.text
    [refusal] = await service.pick(ctx(seat + 1), menu.custom_id, ["lay Q99"])
    assert refusal.audience is Audience.EPHEMERAL and refusal.picker is None
    assert (await store.latest_game(500)).version == version
    await store.close()


def test_separate_tracks_are_named_and_a_same_track_rotation_offered_once():
    # Tile 1 has two towns on separate tracks: rotations 1 and 4 lay the same track.
    assert track_groups("1", 1) == track_groups("1", 4) != track_groups("1", 2)
    assert say(describe_rotation("F5", "1", 1), "en") == \
        "tracks (W to F3, SE to G6), (NW to E4, E to F7)"
    assert say(describe_rotation("F5", "1", 2), "de") == \
        "Gleise (SW nach G4, NW nach E4), (NO nach E6, SO nach G6)"
    # one piece of track keeps the plain exits
    assert say(describe_rotation("F7", "26", 3), "en") == "exits SW to G6, NW to E6, NE to E8"


def test_over_25_hexes_the_menu_starts_by_map_row():
    import engine
    from engine.rhl18 import hexmap

    game = engine.get_game("18rhl")
    state = game.setup(3, {}, 1)
    hexes = [h for h in hexmap.all_hexes() if h[0] in "EFGHI"]
    lays = [{"type": "lay_tile", "hex": h, "tile": "7-0", "rotation": 0, "entity": "RhE"}
            for h in hexes]
    assert len(hexes) > 25
    menu = step_menu(game, state, lays, "en")
    assert menu is not None and [v for _, v in menu.options] == [f"lay {r}" for r in "EFGHI"]
    first = sorted((h for h in hexes if h[0] == "E"), key=lambda h: int(h[1:]))
    assert menu.options[0][0].startswith(f"row E: {first[0]}, {first[1]}")


def test_a_privates_lays_are_headed_by_the_company_not_its_notation():
    import engine
    from bot.service.rhl18_steps import Lays

    game = engine.get_game("18rhl")
    lays = Lays(game, game.setup(3, {}, 1), [], "de", menu=True)
    assert say(lays.by("szl "), "de") == "Szl Seilzuganlage · "
    assert say(lays.by("keo "), "en") == "KEO Konzession Essen-Osterath · "
    assert lays.by("") == ""
