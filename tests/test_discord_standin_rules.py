"""The stand-in enforces Discord's rules with Discord's codes (so the bot's tests through it
can fail), checked with plain HTTP requests the way a careless client would make them."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest
from discord_standin import StandIn
from discord_standin.server import APP_ID, TOKEN, TOKEN_LIFETIME

AUTH = {"Authorization": f"Bot {TOKEN}"}


@pytest.fixture
async def fake():
    stand_in = StandIn()
    await stand_in.start()
    stand_in.user = stand_in.add_user("Anna")
    async with aiohttp.ClientSession() as session:
        stand_in.session = session
        yield stand_in
    await stand_in.stop()


async def call(fake: StandIn, method: str, path: str, body: Any = None,
               auth: bool = True) -> tuple[int, dict[str, Any]]:
    async with fake.session.request(method, f"{fake.api_base}/{path}", json=body,
                                    headers=AUTH if auth else {}) as response:
        data = await response.json() if response.status != 204 else {}
        return response.status, data


async def interaction(fake: StandIn, kind: int = 2) -> Any:
    return await fake.interact(kind, fake.user, fake.channel,
                               {"id": "1", "name": "play", "type": 1}, send=False)


def callback_path(record: Any) -> str:
    return f"interactions/{record.id}/{record.token}/callback"


def webhook_path(record: Any, tail: str = "") -> str:
    return f"webhooks/{APP_ID}/{record.token}{tail}"


async def test_an_answer_after_three_seconds_is_unknown(fake: StandIn) -> None:
    record = await interaction(fake)
    fake.clock.advance(3.1)
    assert await call(fake, "POST", callback_path(record), {"type": 5}, auth=False) == (
        404, {"code": 10062, "message": "Unknown interaction"})


async def test_a_second_answer_is_refused(fake: StandIn) -> None:
    record = await interaction(fake)
    status, _ = await call(fake, "POST", callback_path(record), {"type": 5}, auth=False)
    assert status == 200
    status, body = await call(fake, "POST", callback_path(record), {"type": 5}, auth=False)
    assert (status, body["code"]) == (400, 40060)


async def test_a_followup_before_the_answer_and_after_fifteen_minutes(fake: StandIn) -> None:
    record = await interaction(fake)
    status, body = await call(fake, "POST", webhook_path(record), {"content": "hi"},
                              auth=False)
    assert (status, body["code"]) == (404, 10015)
    await call(fake, "POST", callback_path(record), {"type": 5, "data": {"flags": 64}},
               auth=False)
    status, _ = await call(fake, "POST", webhook_path(record), {"content": "first"},
                           auth=False)
    assert status == 200 and record.original is not None
    assert record.original.content == "first" and record.original.ephemeral  # took its place
    fake.clock.advance(TOKEN_LIFETIME)
    status, body = await call(fake, "PATCH", webhook_path(record, "/messages/@original"),
                              {"content": "late"}, auth=False)
    assert (status, body["code"]) == (401, 50027)


@pytest.mark.parametrize(("body", "where"), [
    ({"content": "x" * 2001}, "content"),
    ({"embeds": [{"title": "t", "description": "d" * 4097}]}, "embeds"),
    ({"embeds": [{"title": "t", "description": "d" * 4000}] * 2}, "embeds"),
    ({"components": [{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "b", "custom_id": f"c{i}"} for i in range(6)]}]},
     "components"),
    ({"components": [{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "L" * 81, "custom_id": "c"}]}]}, "components"),
    ({}, "content"),
])
async def test_message_limits(fake: StandIn, body: dict[str, Any], where: str) -> None:
    status, answer = await call(fake, "POST", f"channels/{fake.channel}/messages", body)
    assert (status, answer["code"]) == (400, 50035)
    assert where in answer["errors"]


async def test_autocomplete_limits(fake: StandIn) -> None:
    too_many = [{"name": f"m{i}", "value": f"m{i}"} for i in range(26)]
    too_long = [{"name": "n" * 101, "value": "v"}]
    for choices in (too_many, too_long):
        record = await interaction(fake, kind=4)
        status, answer = await call(fake, "POST", callback_path(record),
                                    {"type": 8, "data": {"choices": choices}}, auth=False)
        assert (status, answer["code"]) == (400, 50035)
    record = await interaction(fake, kind=4)
    status, _ = await call(fake, "POST", callback_path(record),
                           {"type": 8, "data": {"choices": too_many[:25]}}, auth=False)
    assert status == 200


async def test_command_limits(fake: StandIn) -> None:
    good = {"name": "play", "description": "Make your move", "options": [
        {"type": 3, "name": "move", "description": "Your move", "required": True,
         "autocomplete": True}]}
    path = f"applications/{APP_ID}/guilds/1/commands"
    assert (await call(fake, "PUT", path, [good]))[0] == 200
    for bad in ({**good, "name": "Play"}, {**good, "description": "d" * 101},
                {**good, "name_localizations": {"de": "Zug machen"}},
                {**good, "options": [{"type": 3, "name": "a", "description": "a"},
                                     {"type": 3, "name": "b", "description": "b",
                                      "required": True}]}):
        status, answer = await call(fake, "PUT", path, [bad])
        assert (status, answer["code"]) == (400, 50035), bad


async def test_permissions_closed_dms_and_rate_limits(fake: StandIn) -> None:
    fake.denied.add(fake.channel)
    status, answer = await call(fake, "POST", f"channels/{fake.channel}/messages",
                                {"content": "hi"})
    assert (status, answer["code"]) == (403, 50013)
    fake.closed_dms.add(fake.user)
    status, dm = await call(fake, "POST", "users/@me/channels", {"recipient_id": fake.user})
    assert status == 200 and dm["type"] == 1
    status, answer = await call(fake, "POST", f"channels/{dm['id']}/messages", {"content": "x"})
    assert (status, answer["code"]) == (403, 50007)
    other = fake.add_channel("other")
    fake.inject("POST", rf"channels/{other}/messages", 429, retry_after=0.25)
    status, answer = await call(fake, "POST", f"channels/{other}/messages", {"content": "x"})
    assert status == 429 and answer["retry_after"] == 0.25
    assert (await call(fake, "POST", f"channels/{other}/messages", {"content": "x"}))[0] == 200
    assert (await call(fake, "GET", "users/@me", auth=False))[0] == 401
