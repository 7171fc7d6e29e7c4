"""/game rematch where the finished game was played in a forum post, or in a voice
channel's chat (found by a type checker: a forum's ``create_thread`` takes no ``type``).
A forum post's rematch opens a new post in the forum; it had told the player the bot needed
Create Public Threads, which a moderator could grant to no effect."""

from __future__ import annotations

from types import SimpleNamespace
from unittest.mock import MagicMock, create_autospec

import discord
from test_discord_fakes import FakeChannel, make_adapter, make_interaction

from bot.service import Ctx
from tests.issue10_helpers import play_out, seated_game
from tests.service_pebbles import GAMES

CH = 500


def _forum_post(channel_id: int, forum: MagicMock) -> MagicMock:
    post = MagicMock(spec=discord.Thread)  # isinstance(post, discord.Thread)
    post.id = channel_id
    post.parent = forum
    fake = FakeChannel(channel_id)
    post.send, post.posts = fake.send, fake.posts
    return post


async def test_a_rematch_in_a_forum_post_opens_a_new_post(svc):
    await seated_game(svc, 2, channel=CH)
    await play_out(svc, CH)
    forum = create_autospec(discord.ForumChannel, instance=True)  # its real signature
    new_post = FakeChannel(9001)
    forum.create_thread.return_value = SimpleNamespace(thread=new_post, message=MagicMock())
    post = _forum_post(CH, forum)
    client = MagicMock()
    client.get_channel = MagicMock(side_effect=lambda cid: new_post if cid == 9001 else post)
    adapter, commands, _ = make_adapter(svc, games=GAMES, client=client, ctx_type=Ctx)
    interaction = make_interaction(user_id=2, name="U2", channel=post)
    await commands["game rematch"].callback(interaction)
    said = " ".join(p.text for p in interaction.followup.posts)
    assert "Create Public Threads" not in said, said
    kwargs = forum.create_thread.await_args.kwargs
    assert "type" not in kwargs and kwargs["content"] and "Pebbles" in kwargs["name"]
    row = await svc.store.live_game(9001)
    assert row is not None and row.status == "lobby" and row.creator_id == 2


async def test_a_rematch_in_a_voice_channels_chat_says_threads_cannot_open_there(svc):
    await seated_game(svc, 2, channel=CH)
    await play_out(svc, CH)
    voice = create_autospec(discord.VoiceChannel, instance=True)
    voice.id = CH
    adapter, commands, _ = make_adapter(svc, games=GAMES, client=MagicMock(), ctx_type=Ctx)
    interaction = make_interaction(user_id=2, name="U2", channel=voice)
    await commands["game rematch"].callback(interaction)
    said = " ".join(p.text for p in interaction.followup.posts)
    assert "Threads cannot be opened in this kind of channel" in said, said
    assert "Create Public Threads" not in said
