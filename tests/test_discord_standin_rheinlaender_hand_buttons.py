"""Rheinländer's hand, shown by the turn prompt's button, offers the card plays first, in the
order the list above the buttons names them. A review of a five-seat table found the buttons
of turn 1 starting "Bastion on 1 left bank", "Bastion on 1 right bank", "Bastion on island
10/11", under a prompt asking "Play a card: place a knight", while the list put the cards
first; with no knight on the board, a bastion anywhere is no move worth a button."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import BUTTON, Played, open_table, row_of, turn_prompt


async def test_turn_ones_hand_buttons_are_the_card_plays_in_the_lists_order(
        tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna"), Member(bot, "Bert")
        await open_table(bot, "rheinlaender", [anna, bert], bots=3, played=Played(),
                         level="normal")
        row = await row_of(bot, fake.channel)
        [(member, prompt)] = [(m, p) for m in (anna, bert)
                              if (p := turn_prompt(bot, fake.channel, m, row.version))]
        assert "Play a card" in prompt.text
        [hand] = [c for c in prompt.custom_ids if c.endswith(":hand")]
        shown = await member.press(prompt, hand)
        [private] = [m for m in shown.private if m.custom_ids]
        labels = [button["label"] for line in private.components
                  for button in line["components"]
                  if button.get("custom_id", "").startswith(BUTTON)
                  and button["type"] == 2]  # the step menu (a select) under them has no label
        assert labels and all(label.startswith("Card ") for label in labels), labels
        listed = private.text[private.text.index("Your moves"):]
        places = [listed.index(label) for label in labels]
        assert places == sorted(places), labels
