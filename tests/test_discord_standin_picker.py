"""Trödler's hand-limit discard through the real discord.py client: the mover's private
prompt carries a select menu of their droppable cards, picking three makes the move, the
channel hears it and the menu is gone from the used prompt."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, row_of

import engine

SEED = 2  # the third seat's first turn, ended at once, leaves seven cards: drop three


async def discard_prompt(bot, members, played, game):
    """Trödler played on (ending turns) until a seat must discard to the hand limit: that
    seat, the move that brought it, and the private prompt with its select menu."""
    fake = bot.stand_in
    await open_table(bot, "troedler", members, bots=0, played=played)
    while True:
        state = game.load((await row_of(bot, fake.channel)).state)
        seat = game.active(state)[0]
        moves = game.legal(state, seat)
        if moves[0]["type"] == "discard":
            break
        move = next((m for m in moves if m["type"] == "end"), moves[0])
        played.moves.append(await members[seat].command(
            "play", fake.channel, move=game.format(state, move)))
    ended = played.moves[-1]
    [prompt] = [m for m in ended.private if any(c.endswith(":pick") for c in m.custom_ids)]
    return seat, ended, prompt


async def test_a_hand_limit_discard_is_made_in_its_select_menu(tmp_path, monkeypatch) -> None:
    game = engine.get_game("troedler")
    async with running_bot(tmp_path, monkeypatch, seed=SEED) as bot:
        fake = bot.stand_in
        members = [Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora", locale="de")]
        played = Played()
        seat, ended, prompt = await discard_prompt(bot, members, played, game)
        cora = members[seat]
        assert seat == 2 and ended.user_id == cora.id
        [menu_id] = prompt.custom_ids  # the menu alone: no buttons for 20 combinations
        menu = prompt.select(menu_id)
        assert menu["placeholder"] == "Wähle die 3 Karten zum Abwerfen (Kraftfutter bleibt auf der Hand)"
        assert menu["min_values"] == menu["max_values"] == 3 and len(menu["options"]) == 6
        version = (await row_of(bot, fake.channel)).version
        record = await cora.select(prompt, menu_id, [o["value"] for o in menu["options"][:3]])
        assert record.errors == [] and record.answered is not None
        after = game.load((await row_of(bot, fake.channel)).state)
        assert (await row_of(bot, fake.channel)).version == version + 1
        assert len(after["hands"][seat]) == 4 and after["stage"] != "limit"
        dropped = [f"#{o['value']}" for o in menu["options"][:3]]
        said = "\n".join(m.text for m in record.visible_posts)
        assert "Cora" in said and all(card in said for card in dropped), said
        assert prompt.components == []  # the used menu is gone from the prompt


async def test_an_18rhl_lay_walked_through_its_menus_clears_them(tmp_path, monkeypatch) -> None:
    from engine import ai

    game = engine.get_game("18rhl")
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        members = [Member(bot, "Anna"), Member(bot, "Bert"), Member(bot, "Cora")]
        played = Played()
        await open_table(bot, "18rhl", members, bots=0, played=played)
        for step in range(200):  # moves of the normal AI, typed, until a lay menu is up
            row = await row_of(bot, fake.channel)
            prompt = next((m for m in reversed(fake.posts())
                           if any(c.endswith(f":{row.version}:step") for c in m.custom_ids)),
                          None)
            # a menu of hexes (one hex to lay on offers its tiles at once: no walk)
            if prompt is not None and len(prompt.select(prompt.custom_ids[-1])["options"][0][
                    "value"].split()) == 2 and "lay" in prompt.select(
                    prompt.custom_ids[-1])["options"][0]["value"]:
                break
            state = game.load(row.state)
            seat = game.active(state)[0]
            move = ai.choose(game, state, seat, "normal", step)
            await members[seat].command("play", fake.channel, move=game.format(state, move))
        else:
            raise AssertionError("no lay menu in 200 moves")
        seat = game.active(game.load(row.state))[0]
        menu_id, message = prompt.custom_ids[-1], prompt
        walked = []
        for _ in range(4):  # hex, then tile and rotation (or tile, then rotation)
            value = message.select(menu_id)["options"][0]["value"]
            record = await members[seat].select(message, menu_id, [value])
            assert record.errors == [] and record.answered is not None
            walked.append(message)
            if (await row_of(bot, fake.channel)).version != row.version:
                break
            # a step keeps the channel prompt's menu, drawn again with nothing picked
            assert menu_id in prompt.custom_ids
            [message] = [m for m in record.private if menu_id in m.custom_ids]
        else:
            raise AssertionError("the walk made no move")
        assert len(walked) >= 2
        # every menu used on the way is gone: the channel prompt's and each private step's
        assert walked[0] is prompt and all(menu_id not in m.custom_ids for m in walked), \
            [m.custom_ids for m in walked]
