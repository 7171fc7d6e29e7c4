"""A turn's held steps (told to their mover alone until the turn passes) that a look showed
to others are no longer the mover's secret: taking them back is said in the channel. Taken
back in silence after a channel board showed "Last card played: 2", card 2 went back into a
hand the whole channel now knew (a review of what spectators see)."""

from __future__ import annotations

import pytest
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import open_table, to_move


async def _held_card(bot, players):
    """The player to move plays a card and their Rheinländer turn goes on: a held step."""
    who = await to_move(bot, players)
    choices = await who.autocomplete("play", "move", "", bot.stand_in.channel)
    card = next(c["value"] for c in choices if c["value"].startswith("play"))
    played = await who.command("play", bot.stand_in.channel, move=card)
    assert not played.visible_posts, "a held step posts nothing in the channel"
    return who, card.split()[1]


def _said_undo(posts, name):
    return [p.text for p in posts if f"**{name}** takes back" in p.text]


@pytest.mark.parametrize("look", ["board", "log", "status", "watch", "own log", "none"])
async def test_a_held_step_another_saw_is_taken_back_in_the_channel(tmp_path, monkeypatch,
                                                                     look):
    fake = StandIn()
    ch = fake.channel
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=11) as bot:
        players = [Member(bot, name) for name in ("Anna", "Bert", "Carl")]
        wanda = Member(bot, "Wanda")  # no seat: a friend in the channel
        await open_table(bot, "rheinlaender", players, language="en")
        who, card = await _held_card(bot, players)
        other = next(p for p in players if p is not who)
        if look == "board":
            board = await wanda.command("game board", ch)
            assert board.visible_posts  # the picture went to the channel
        elif look == "log":
            seen = await other.command("game log", ch)
            assert f"plays card {card}" in seen.private[0].text
        elif look == "status":
            await wanda.command("game status", ch)
        elif look == "watch":  # the board as it stands, by DM
            await wanda.command("game watch", ch)
        elif look == "own log":
            await who.command("game log", ch)
        before = len(fake.posts(ch))
        undone = await who.command("game undo", ch)
        said = _said_undo(fake.posts(ch)[before:], who.name)
        if look in ("own log", "none"):  # nobody else saw it: the undo stays the mover's
            assert not said
            assert "only you had been told" in undone.private[0].text
        else:
            assert len(said) == 1 and f"card {card}" in said[0], said
            # the channel never had the step's line: the undo says others had seen it
            assert "a step of their turn that others had already seen" in said[0], said
            assert not any("only you had been told" in r.text for r in undone.private)
