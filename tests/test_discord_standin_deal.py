"""A deal through the Discord stand-in: the player it makes to act gets one DM, their turn DM
with their hand in it (a review found the hand and "your turn" as two DMs, two notifications
at the same moment); the other player gets their hand alone, and later their turn DM alone,
their hand unchanged. Nobody's hand reaches another player or the channel."""

from __future__ import annotations

import random

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users
from test_discord_standin_failures import reminders_done, waiting_users

from bot.service import _private_part, _secret_lines

TURN = {"en": "Your turn", "de": "Du bist dran"}
ONLY = {"en": "**Only you see**", "de": "**Nur du siehst**"}


async def hand_lines(bot, lang: str) -> dict[int, str]:
    """Each human's hand line (``Hand: ...``) as their DM says it, from the bot's own state."""
    service = bot.client.adapter.service
    row = await row_of(bot, bot.stand_in.channel)
    table, _ = await service._load(row, tell=False)
    game, state = table.game, table.state
    lines = {}
    for seat, user in (await seat_users(bot, row.id)).items():
        if user is not None:
            secret = _private_part(game.view(state, seat), game.view(state, None))
            lines[user] = next(line for line in _secret_lines(secret, lang)
                               if line.startswith("Hand: "))
    return lines


def turn_title(message) -> str | None:
    return message.embeds[0].get("title") if message.embeds else None


@pytest.mark.parametrize("locale", ["en-US", "de"])
@pytest.mark.parametrize("game", ["rheinlaender", "troedler"])
async def test_a_deal_is_one_dm_for_the_player_to_act(tmp_path, monkeypatch, game: str,
                                                      locale: str) -> None:
    lang = locale[:2]
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert = Member(bot, "Anna", locale=locale), Member(bot, "Bert", locale=locale)
        played = Played()
        await open_table(bot, game, [anna, bert], bots=1, played=played)
        await reminders_done(bot)
        [first] = [m for m in (anna, bert) if m.id in await waiting_users(bot, fake.channel)]
        other = bert if first is anna else anna
        hands = await hand_lines(bot, lang)

        [turn] = fake.dms(first.id)
        assert turn_title(turn) == TURN[lang]
        assert ONLY[lang] in turn.text and hands[first.id] in turn.text, turn.text
        [hand] = fake.dms(other.id)
        # the hand rides in the embed; the content (a lock screen's line) names the game
        assert turn_title(hand) == ONLY[lang].strip("*") and \
            hand.embed_text.startswith(f"{ONLY[lang].strip('*')}\n{ONLY[lang]}")
        assert hands[other.id] not in hand.content
        assert hands[other.id] in hand.text
        assert hands[first.id] not in hand.text and hands[other.id] not in turn.text
        assert not any(line in post.text for post in fake.posts() for line in hands.values())

        rng = random.Random(7)
        while other.id not in await waiting_users(bot, fake.channel):
            await play_turn(bot, first, fake.channel, rng, played)
        await reminders_done(bot)
        [*_, again] = fake.dms(other.id)
        assert len(fake.dms(other.id)) == 2 and turn_title(again) == TURN[lang]
        assert ONLY[lang] not in again.text  # their hand did not change: the turn DM as before
        assert all(r.errors == [] for r in played.all)
