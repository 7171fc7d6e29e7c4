"""Rheinländer through the real discord.py client: the hand's private reply carries a step
menu, card then where its knight goes, that reaches every knight move ``legal()`` offers,
reinforcements too. The hand's 15 buttons held a few of the 20-50 knight moves and never a
reinforcement: a player typed it (seven taps and the notation, where two picks do now).
A bastion likewise: the spaces by one's own knights, or a stretch of the river, then the
space (the buttons hold a few of a hundred spaces; the rest were typed)."""

from __future__ import annotations

import pytest
from discord_standin import running_bot
from discord_standin.table import (
    BUTTON,
    normal_moves_until,
    pair_at_table,
    row_of,
    turn_prompt,
)

import engine
from bot.service.rheinlaender_extras import EXTRAS
from bot.service.steps import paged

HEAD = {"en": "Where card {card} puts its knight", "de": "Wohin Karte {card} ihren Ritter stellt"}
WHERE = {"en": "Where the bastion goes", "de": "Wohin die Bastion kommt"}
STRETCH = {"en": "River {first}–{last}: {spaces} spaces …",
           "de": "Rhein {first}–{last}: {spaces} Plätze …"}
CARD = {"en": "Card {card}: {ways} places for its knight",
        "de": "Karte {card}: {ways} Plätze für ihren Ritter"}
CARD_ONE = {"en": "Card {card}: 1 place for its knight",
            "de": "Karte {card}: 1 Platz für ihren Ritter"}
KNIGHTS = ("play", "convert", "reinforce")


async def _reinforcement_turn(bot, members, game):
    """Normal-AI moves, typed, until a human's turn offers a reinforcement."""
    return await normal_moves_until(bot, members, game, lambda row, state, seat, member: any(
        m["type"] == "reinforce" for m in game.legal(state, seat)), limit=120)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_reinforcement_is_two_picks_on_the_hand(tmp_path, monkeypatch, lang) -> None:
    game = engine.get_game("rheinlaender")
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert, _ = await pair_at_table(bot, "rheinlaender", lang, bots=1)
        row, state, seat, mover = await _reinforcement_turn(bot, [anna, bert], game)
        prompt = turn_prompt(bot, bot.stand_in.channel, mover, row.version)
        assert prompt is not None
        hand_button = next((c for c in prompt.custom_ids if c.endswith(":hand")), None)
        assert hand_button, (prompt.text, prompt.custom_ids)
        shown = await mover.press(prompt, hand_button)
        [hand] = [m for m in shown.private if any(c.endswith(":step") for c in m.custom_ids)]
        menu_id = next(c for c in hand.custom_ids if c.endswith(":step"))
        menu = hand.select(menu_id)
        legal = game.legal(state, seat)
        knights = [m for m in legal if m["type"] in KNIGHTS]
        cards = sorted({m["card"] for m in knights})
        bastions = any(m["type"] == "bastion" for m in legal)
        assert [o["value"] for o in menu["options"]] == [f"card {c}" for c in cards] + \
            ["bastion"] * bastions
        ways = {c: sum(1 for m in knights if m["card"] == c) for c in cards}
        assert [o["label"] for o in menu["options"]][:len(cards)] == \
            [(CARD_ONE if ways[c] == 1 else CARD)[lang].format(card=c, ways=ways[c])
             for c in cards]
        # the card with a reinforcement: its menu lists every knight move it makes
        card = next(m["card"] for m in knights if m["type"] == "reinforce")
        record = await mover.select(hand, menu_id, [f"card {card}"])
        assert record.errors == [] and (await row_of(bot, bot.stand_in.channel)).version == \
            row.version
        [step] = [m for m in record.private if menu_id in m.custom_ids]
        places = step.select(menu_id)
        assert places["placeholder"] == HEAD[lang].format(card=card)
        wanted = [game.format(state, m) for kind in KNIGHTS for m in knights
                  if m["type"] == kind and m["card"] == card]
        assert [o["value"] for o in places["options"]] == wanted
        reinforce = next(v for v in wanted if v.startswith("reinforce "))
        # the hand's buttons never had it
        assert all(not c.startswith(BUTTON) or not c.split(":")[3].isdigit()
                   or legal[int(c.split(":")[3])]["type"] != "reinforce"
                   for c in hand.custom_ids)
        record = await mover.select(step, menu_id, [reinforce])
        assert record.errors == []
        after = await row_of(bot, bot.stand_in.channel)
        assert after.version == row.version + 1
        move = game.parse(state, seat, reinforce)
        assert game.load(after.state)["knights"][move["space"]] == seat
        # the hand (secret) stayed in the private replies: no menu label reached the channel
        said = "\n".join(p.text for p in bot.stand_in.posts(bot.stand_in.channel))
        assert not any(o["label"] in said for o in menu["options"])


async def _after_a_knight(bot, members, game):
    """Normal-AI moves, typed, until a human has placed a knight and may build a bastion."""
    return await normal_moves_until(bot, members, game, lambda row, state, seat, member: (
        state["step"] == "after" and any(m["type"] == "bastion"
                                         for m in game.legal(state, seat))), limit=120)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_bastion_anywhere_is_three_picks_on_the_hand(tmp_path, monkeypatch,
                                                              lang) -> None:
    game = engine.get_game("rheinlaender")
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        anna, bert, _ = await pair_at_table(bot, "rheinlaender", lang, bots=1)
        row, state, seat, mover = await _after_a_knight(bot, [anna, bert], game)
        # (the knight's step was told to its mover alone: no channel prompt to press)
        shown = await mover.command("game hand", bot.stand_in.channel)
        [hand] = [m for m in shown.private if any(c.endswith(":step") for c in m.custom_ids)]
        menu_id = next(c for c in hand.custom_ids if c.endswith(":step"))
        legal = game.legal(state, seat)
        spaces = [game.format(state, m) for m in legal if m["type"] == "bastion"]
        assert [o["value"] for o in hand.select(menu_id)["options"]] == ["bastion"]
        record = await mover.select(hand, menu_id, ["bastion"])
        assert record.errors == []
        [step] = [m for m in record.private if menu_id in m.custom_ids]
        where = step.select(menu_id)
        assert where["placeholder"] == WHERE[lang]
        stretches = [o for o in where["options"] if o["value"].count(" ") == 1]
        near = [o["value"] for o in where["options"] if o not in stretches]
        assert set(near) <= set(spaces)  # by our knights, and legal
        # the stretches together hold every legal bastion, each once, along the river
        reached = []
        for stretch in stretches:
            first, last = map(int, stretch["value"].split()[1].split("-"))
            assert stretch["label"].startswith(STRETCH[lang].split(":")[0].format(
                first=first, last=last))
            _, part = EXTRAS.next_step(game, state, seat, stretch["value"], lang=lang)
            assert f"{len(part)} " in stretch["label"]
            reached += [value for _, value in part]
        assert sorted(reached) == sorted(spaces) and len(reached) == len(set(reached))
        # a space far from every knight, picked from its stretch on Discord, is built
        far = next(v for v in reversed(reached) if v not in near)
        stretch = next(o["value"] for o in stretches
                       if int(o["value"].split()[1].split("-")[0]) <=
                       int(far.split()[1]) <= int(o["value"].split()[1].split("-")[1]))
        record = await mover.select(step, menu_id, [stretch])
        assert record.errors == []
        [part] = [m for m in record.private if menu_id in m.custom_ids]
        assert far in [o["value"] for o in part.select(menu_id)["options"]]
        assert (await row_of(bot, bot.stand_in.channel)).version == row.version
        record = await mover.select(part, menu_id, [far])
        assert record.errors == []
        after = await row_of(bot, bot.stand_in.channel)
        assert after.version == row.version + 1
        move = game.parse(state, seat, far)
        assert move["space"] in game.load(after.state)["bastions"]


def test_a_long_menu_goes_on_in_pages_and_keeps_every_option() -> None:
    options = [(f"o{i}", f"v{i}") for i in range(60)]
    first = paged(options, "card 5", "1", "More")
    assert len(first) == 25 and first[-1] == ("More", "card 5 page 2")
    second = paged(options, "card 5", "2", "More")
    third = paged(options, "card 5", "3", "More")
    reached = [v for page in (first, second, third) for _, v in page if "page" not in v]
    assert reached == [v for _, v in options] and len(third) == 12
    assert paged(options[:25], "card 5", "1", "More") == options[:25]
