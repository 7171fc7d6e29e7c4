"""What /game rematch says: the old game by where it was played (not a database number),
and the players mentioned where a mention notifies them."""

from __future__ import annotations

from tests.issue10_helpers import play_out, seated_game
from tests.service_pebbles import ctx

CH, THREAD = 500, 9001


async def rematch_replies(service, players=3, lang=None, who=2):
    await seated_game(service, players, **({"lang": lang} if lang else {}))
    await play_out(service)
    plan, _ = await service.prepare_rematch(ctx(who))
    return await service.rematch(ctx(who, THREAD), plan)


async def test_the_rematch_names_the_old_games_channel_not_its_number(svc_seeded):
    opened = (await rematch_replies(svc_seeded))[0]
    assert "opened a rematch of **Pebbles** (played in <#500>)" in opened.text
    assert "(game 1)" not in opened.text
    # who starts it by name: "Whoever runs the table starts it" left the table to guess
    assert "\n**U2** starts it with /game start" in opened.text


async def test_the_german_rematch_names_the_channel_too(svc_seeded):
    opened, call = await rematch_replies(svc_seeded, lang="de")
    assert "(gespielt in <#500>)" in opened.text and "(Spiel 1)" not in opened.text
    assert "\n**U2** startet die Revanche mit /spiel starten" in opened.text
    assert "<@1> <@3>:" in call.text and "ihr sitzt wieder" in call.text  # two called


async def test_one_german_player_called_is_du(svc_seeded):
    [_, call] = await rematch_replies(svc_seeded, players=2, lang="de")
    assert call.text.startswith("<@1>:") and "du sitzt wieder" in call.text


async def test_the_players_are_mentioned_in_a_plain_post_not_in_the_embed(svc_seeded):
    replies = await rematch_replies(svc_seeded, players=3, who=2)
    opened, call = replies
    assert opened.title is not None and "<@" not in opened.text  # an embed never notifies
    assert call.title is None and call.pings is None
    assert call.text == "<@1> <@3>: the rematch of **Pebbles** is open here, with you seated."
    assert "<@2>" not in call.text  # U2 asked and opened the thread


async def test_nobody_to_call_when_the_others_were_ai_seats(svc_seeded):
    await svc_seeded.new(ctx(1), "pebbles")
    await svc_seeded.add_bot(ctx(1))
    await svc_seeded.start(ctx(1), order="joined")
    await play_out(svc_seeded)
    plan, _ = await svc_seeded.prepare_rematch(ctx(1))
    replies = await svc_seeded.rematch(ctx(1, THREAD), plan)
    assert len(replies) == 1 and replies[0].title is not None


async def test_through_discord_the_mentions_are_message_content_in_the_thread(svc_seeded):
    from unittest.mock import AsyncMock, MagicMock

    from test_discord_fakes import FakeChannel, make_adapter, make_interaction

    from bot.service import Ctx
    from tests.service_pebbles import GAMES

    await seated_game(svc_seeded, 3)
    await play_out(svc_seeded)
    thread, channel = FakeChannel(THREAD), FakeChannel(CH)
    channel.create_thread = AsyncMock(return_value=thread)
    client = MagicMock()
    client.get_channel = MagicMock(side_effect=lambda cid: thread if cid == THREAD else channel)
    _, commands, _ = make_adapter(svc_seeded, games=GAMES, client=client, ctx_type=Ctx)
    await commands["game rematch"].callback(make_interaction(user_id=3, name="U3",
                                                             channel=channel))
    embeds = [p.embed.description or "" for p in thread.posts if p.embed is not None]
    contents = [p.content or "" for p in thread.posts]
    assert embeds and not any("<@" in text for text in embeds)
    assert any("<@1> <@2>" in text for text in contents)
