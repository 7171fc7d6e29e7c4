"""Discord failing on demand: a committed move is never lost, repeated or half-posted."""

from __future__ import annotations

from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from test_discord_fakes import (
    FakeChannel,
    FakeService,
    forbidden,
    http_error,
    make_adapter,
    make_interaction,
    no_sleep_policy,
    not_found,
    server_error,
)

from bot.discord.delivery import (
    MISSING_PERMISSION_NOTICE,
    Delivery,
    RetryPolicy,
    coalesce,
    reply_parts,
    split_text,
    with_retry,
)
from bot.i18n import t
from bot.replies import Attachment, Audience, Button, DeliveryFailed, Reply


async def test_server_error_then_success_posts_once_and_plays_once() -> None:
    service = FakeService()
    _, commands, sleep = make_adapter(service)
    channel = FakeChannel()
    channel.failures = [server_error()]
    interaction = make_interaction(channel=channel)

    await commands["play"].callback(interaction, move="add 1")

    assert len(service.called("play")) == 1
    assert [p.text for p in channel.posts] == ["Anna: add 1\nBert, your turn."]
    assert channel.attempts == 2  # one failure, then the message once
    sleep.assert_awaited_once_with(0.5)


async def test_a_retry_after_a_lost_response_does_not_post_twice() -> None:
    # The first attempt reached Discord but its answer was lost: the retry carries the same
    # nonce, and Discord (here: FakeChannel) returns the existing message instead.
    channel = FakeChannel()
    policy, _ = no_sleep_policy()
    delivery = Delivery(None, policy)
    real_send = channel.send
    calls = {"n": 0}

    async def flaky(**kwargs):
        calls["n"] += 1
        await real_send(**kwargs)
        if calls["n"] == 1:
            raise server_error()

    channel.send = flaky
    interaction = make_interaction(channel=channel)
    await delivery.deliver(interaction, [Reply("Anna loads 3 crates.")])
    assert calls["n"] == 2 and [p.text for p in channel.posts] == ["Anna loads 3 crates."]


async def test_rate_limits_are_waited_out_as_discord_asks() -> None:
    sleep = AsyncMock()
    policy = RetryPolicy(attempts=3, sleep=sleep)
    limited = discord.RateLimited(7.5)
    send = AsyncMock(side_effect=[limited, http_error(discord.HTTPException, 429), "ok"])
    assert await with_retry(send, policy) == "ok"
    assert [c.args[0] for c in sleep.await_args_list] == [7.5, 1.0]


async def test_client_errors_are_not_retried() -> None:
    policy, sleep = no_sleep_policy()
    send = AsyncMock(side_effect=http_error(discord.HTTPException, 400, 50035, "Invalid Form"))
    with pytest.raises(discord.HTTPException):
        await with_retry(send, policy)
    assert send.await_count == 1 and sleep.await_count == 0


async def test_persistent_server_errors_tell_the_player_the_move_stands() -> None:
    service = FakeService()
    _, commands, sleep = make_adapter(service)
    channel = FakeChannel()
    channel.failures = [server_error() for _ in range(4)]
    interaction = make_interaction(channel=channel)
    await commands["play"].callback(interaction, move="add 1")
    assert len(service.called("play")) == 1 and sleep.await_count == 3
    [notice] = interaction.followup.posts
    assert notice.ephemeral and "Your action was saved" in notice.text
    assert channel.posts == []


async def test_one_undeliverable_reply_does_not_hold_back_the_next() -> None:
    channel = FakeChannel()
    channel.failures = [server_error() for _ in range(4)]
    interaction = make_interaction(channel=channel)
    board = Reply("Round 2", title="Round 2", files=[Attachment("board.png", b"png")])
    await Delivery(None, no_sleep_policy()[0]).deliver(
        interaction, [board, Reply("Bert, your turn.")])
    assert [p.text for p in channel.posts] == ["Bert, your turn."]
    assert "Your action was saved" in interaction.followup.posts[0].text


def test_plain_neighbours_are_joined_but_pictures_and_buttons_keep_their_message() -> None:
    board = Reply("Round 2", title="Round 2", files=[Attachment("board.png", b"png")])
    prompt = Reply("<@2>: your turn", buttons=[Button("Go", "rb:1:2:0")])
    secret = Reply("Your cards", Audience.EPHEMERAL, user_id=1)
    joined = coalesce([Reply("a"), Reply("b"), board, Reply("c"), prompt, Reply("d"), secret])
    # the post pings: its pinging line leads (a push shows the first hundred characters)
    assert [r.text for r in joined] == ["a\nb", "Round 2", "<@2>: your turn\nc", "d",
                                        "Your cards"]
    assert joined[2].buttons == prompt.buttons
    assert coalesce([Reply("x" * 1500), Reply("y" * 600)])[0].text == "x" * 1500


async def test_forbidden_channel_notifies_the_player_and_posts_through_the_interaction() -> None:
    service = FakeService()
    _, commands, sleep = make_adapter(service)
    channel = FakeChannel()
    channel.failures = [forbidden()]
    interaction = make_interaction(channel=channel)

    await commands["play"].callback(interaction, move="add 2")

    assert len(service.called("play")) == 1 and sleep.await_count == 0
    posts = interaction.followup.posts
    assert posts[0].ephemeral is True and posts[0].text == t(MISSING_PERMISSION_NOTICE)
    public = [p.text for p in posts if p.ephemeral is False]
    assert public == ["Anna: add 2\nBert, your turn."]
    assert channel.posts == []


async def test_an_expired_interaction_sends_private_news_by_dm() -> None:
    _, commands, _ = make_adapter()
    interaction = make_interaction()
    interaction.followup.failures = [not_found(10015)]
    await commands["game hand"].callback(interaction)
    interaction.user.send.assert_awaited_once()
    assert interaction.user.send.await_args.kwargs["content"] == "Your hand: 3 secret cards"
    assert interaction.channel.posts == []


async def test_closed_dms_raise_delivery_failed_for_the_reminders() -> None:
    dm = FakeChannel(555)
    dm.failures = [forbidden(50007)]
    client = MagicMock()
    client.create_dm = AsyncMock(return_value=dm)
    delivery = Delivery(client, no_sleep_policy()[0])
    with pytest.raises(DeliveryFailed) as caught:
        await delivery.send_dm(2, Reply("Your turn in #rhein", Audience.DM, user_id=2))
    assert caught.value.closed_dms is True
    assert client.create_dm.await_args.args[0].id == 2


async def test_other_dm_refusals_are_not_called_closed_dms() -> None:
    dm = FakeChannel(555)
    dm.failures = [forbidden(50013)]
    client = MagicMock(create_dm=AsyncMock(return_value=dm))
    with pytest.raises(DeliveryFailed) as caught:
        await Delivery(client, no_sleep_policy()[0]).send_dm(2, Reply("hi", Audience.DM))
    assert caught.value.closed_dms is False


async def test_reminder_channel_posts_retry_and_then_report() -> None:
    channel = FakeChannel(321)
    channel.failures = [server_error()]
    client = MagicMock()
    client.get_channel = MagicMock(return_value=None)
    client.get_partial_messageable = MagicMock(return_value=channel)
    policy, _ = no_sleep_policy()
    delivery = Delivery(client, policy)
    await delivery.post_channel(321, Reply("<@2>, your DMs are closed: it is your turn."))
    assert [p.text for p in channel.posts] == ["<@2>, your DMs are closed: it is your turn."]
    channel.failures = [forbidden()]
    with pytest.raises(DeliveryFailed):
        await delivery.post_channel(321, Reply("again"))


async def test_a_dm_for_another_player_goes_to_them_not_the_channel() -> None:
    dm = FakeChannel(777)
    client = MagicMock(create_dm=AsyncMock(return_value=dm))
    service = FakeService()
    adapter, _, _ = make_adapter(service, client=client)
    interaction = make_interaction(user_id=1)
    await adapter.run(interaction, service.dm_other)
    assert [p.text for p in dm.posts] == ["Psst, your secret"]
    assert interaction.channel.posts == [] and interaction.followup.posts == []
    assert client.create_dm.await_args.args[0].id == 2


async def test_a_closed_dm_of_the_caller_falls_back_to_an_ephemeral_note() -> None:
    interaction = make_interaction(user_id=1)
    interaction.user.send.side_effect = forbidden(50007)
    delivery = Delivery(None, no_sleep_policy()[0])
    await delivery.deliver(interaction, [Reply("Your cards: 3, 5", Audience.DM, user_id=1)])
    assert [(p.text, p.ephemeral) for p in interaction.followup.posts] == [
        ("Your cards: 3, 5", True)]
    assert interaction.channel.posts == []


# --- shaping messages ------------------------------------------------------------------------

def test_long_texts_are_split_at_line_breaks_within_the_limit() -> None:
    text = "\n".join(f"{n:03d} " + "x" * 95 for n in range(60))  # 60 lines of 99 characters
    pieces = split_text(text, 2000)
    assert all(len(p) <= 2000 for p in pieces) and len(pieces) == 3
    assert "\n".join(pieces) == text
    assert split_text("y" * 4500, 2000) == ["y" * 2000, "y" * 2000, "y" * 500]


def test_files_and_buttons_ride_on_the_last_message_of_a_long_reply() -> None:
    reply = Reply("line\n" * 900, files=[Attachment("board.png", b"png")],
                  buttons=[Button("Go", "rb:1:2:0")])
    parts = reply_parts(reply)
    assert len(parts) == 3
    assert [bool(p.attachments) for p in parts] == [False, False, True]
    assert [bool(p.buttons) for p in parts] == [False, False, True]
    assert len({p.nonce for p in parts}) == 3


async def test_at_most_25_buttons_in_rows_of_five() -> None:
    buttons = [Button(f"Move {n} " + "z" * 90, f"rb:1:2:{n}") for n in range(30)]
    kwargs = reply_parts(Reply("Your turn", buttons=buttons))[0].kwargs(channel=True)
    items = kwargs["view"].children
    assert len(items) == 25 and max(item.row for item in items) == 4
    assert all(len(item.item.label) <= 80 for item in items)
    assert kwargs["view"].timeout is None


async def test_files_are_fresh_on_every_attempt() -> None:
    part = reply_parts(Reply("b", files=[Attachment("board.png", b"data")]))[0]
    first, second = part.kwargs(channel=True), part.kwargs(channel=True)
    assert first["files"][0] is not second["files"][0]
    assert second["files"][0].fp.read() == b"data" and first["nonce"] == second["nonce"]
    assert "nonce" not in part.kwargs(channel=False)  # followups have no nonce


async def test_mentions_never_ping_everyone_or_roles() -> None:
    kwargs = reply_parts(Reply("@everyone <@1>"))[0].kwargs(channel=True)
    mentions = kwargs["allowed_mentions"]
    assert mentions.everyone is False and mentions.roles is False
    assert [user.id for user in mentions.users] == [1]  # the users the bot mentions, by id


async def test_an_oversized_picture_still_lets_the_text_through() -> None:
    channel = FakeChannel()
    channel.failures = [http_error(discord.HTTPException, 413, 40005, "Request entity too large")]
    interaction = make_interaction(channel=channel)
    board = Reply("Round 2: Anna loads", title="Round 2",
                  files=[Attachment("board.png", b"x" * 100)])
    await Delivery(None, no_sleep_policy()[0]).deliver(interaction, [board])
    [post] = channel.posts
    assert post.files == [] and post.embed.title == "Round 2"
    assert post.embed.description.startswith("Round 2: Anna loads")
    assert "too large" in post.embed.description


async def test_message_arguments_exist_in_discord_py() -> None:
    # The mocks accept anything; discord.py does not. Every keyword we send must be one of
    # the real parameters of Messageable.send (channels, DMs) and Webhook.send (followups).
    import inspect

    reply = Reply("text", title="T", files=[Attachment("board.png", b"png")],
                  buttons=[Button("Go", "rb:1:2:0")])
    part = reply_parts(reply)[0]
    channel_params = set(inspect.signature(discord.abc.Messageable.send).parameters)
    followup_params = set(inspect.signature(discord.Webhook.send).parameters)
    assert set(part.kwargs(channel=True)) <= channel_params
    assert set(part.kwargs(channel=False)) | {"ephemeral"} <= followup_params
    defer = set(inspect.signature(discord.InteractionResponse.defer).parameters)
    assert {"ephemeral", "thinking"} <= defer
    assert "view" in inspect.signature(discord.Interaction.edit_original_response).parameters


async def test_private_news_is_never_posted_publicly_even_when_every_private_road_fails() -> None:
    interaction = make_interaction(user_id=1)
    interaction.followup.failures = [not_found(10015)]
    interaction.user.send.side_effect = forbidden(50007)
    secret = Reply("Your hand: 2, 7, 9", Audience.EPHEMERAL, user_id=1)
    await Delivery(None, no_sleep_policy()[0]).deliver(interaction, [secret])
    assert interaction.channel.posts == [] and interaction.followup.posts == []
    interaction.user.send.assert_awaited_once()


async def test_a_dropped_connection_is_retried_then_reported_as_retryable() -> None:
    import aiohttp

    channel = FakeChannel(321)
    channel.failures = [aiohttp.ClientConnectionError("reset") for _ in range(4)]
    client = MagicMock(get_channel=MagicMock(return_value=channel))
    policy, sleep = no_sleep_policy()
    with pytest.raises(DeliveryFailed) as caught:
        await Delivery(client, policy).post_channel(321, Reply("Idle notice"))
    assert caught.value.retryable is True and sleep.await_count == 3


async def test_the_permission_notice_is_given_once_per_command() -> None:
    channel = FakeChannel()
    channel.failures = [forbidden(), forbidden()]
    interaction = make_interaction(channel=channel)
    board = Reply("Round 2", title="Round 2", files=[Attachment("board.png", b"png")])
    await Delivery(None, no_sleep_policy()[0]).deliver(
        interaction, [board, Reply("Bert, your turn.", buttons=[Button("Go", "rb:1:2:0")])])
    notices = [p for p in interaction.followup.posts if p.text == t(MISSING_PERMISSION_NOTICE)]
    assert len(notices) == 1
    assert [p.text for p in interaction.followup.posts if p.ephemeral is False] == [
        "Round 2\nRound 2", "Bert, your turn."]


def test_a_mention_in_a_board_post_notifies_through_its_content():
    """Discord notifies no one mentioned inside an embed: a bankruptcy line that rode on
    the board post ("**Emil cannot pay …** <@7>") told Emil nothing."""
    text = "Bot 1 loads 3.\n**Emil cannot pay, goes bankrupt and is out of the game.** <@7>"
    [part] = reply_parts(Reply(text, title="Round 4/10", files=[Attachment("b.png", b"x")]))
    kwargs = part.kwargs(channel=True)
    assert kwargs["content"] == "<@7>" and "<@7>" in kwargs["embed"].description
    # every user the bot mentions is notified, by name (not users=True: a name that reads
    # as a mention would notify too)
    assert [user.id for user in kwargs["allowed_mentions"].users] == [7]
    # a ping rule still holds: a mention it leaves out stays silent
    [quiet] = reply_parts(Reply(text, title="Round 4/10", pings=(3,)))
    assert quiet.content is None
    [plain] = reply_parts(Reply("Bot 1 loads 3.", title="Round 4/10"))
    assert plain.content is None


def test_a_players_dms_of_one_moment_are_one_message():
    """A Trödler table's first player got "your turn" and their hand as two DMs at once."""
    from bot.discord.delivery import one_dm_each

    turn = Reply("Your turn in **Trödler**.", Audience.DM, user_id=1, title="Your turn")
    hand = Reply("**Only you see**: Hand: #99 request 2 anvils (3)", Audience.DM, user_id=1)
    other = Reply("**Only you see**: Hand: #102 request 2 bottles (3)", Audience.DM, user_id=2)
    post = Reply("Anna takes pile 3.")
    board = Reply("Board", Audience.DM, user_id=2, files=[Attachment("b.png", b"x")])
    joined = one_dm_each([turn, post, hand, other, board])
    assert joined[0].title == "Your turn" and joined[0].user_id == 1
    assert joined[0].text == f"{turn.text}\n\n{hand.text}"
    assert joined[1:] == [post, other, board]  # other users' DMs and files stay apart
    too_long = Reply("x" * 4090, Audience.DM, user_id=1)
    assert one_dm_each([turn, too_long, hand])[1] == too_long  # past the limit: apart
