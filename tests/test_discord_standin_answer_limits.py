"""The stand-in checks every answer that carries a message against Discord's limits, as
Discord does: a button press answered by editing the pressed message in place (callback
type 7) as well as a new message (type 4); and a select menu's option descriptions (the
line under an option's label, at most 100 characters) and the emoji on options and buttons.
A reply the bot builds past them then fails here instead of in a real channel."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest
from discord_standin import StandIn
from discord_standin.server import TOKEN

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
        return response.status, await response.json() if response.status != 204 else {}


def menu(**option: Any) -> dict[str, Any]:
    return {"components": [{"type": 1, "components": [{
        "type": 3, "custom_id": "rb:1:2:step", "min_values": 1, "max_values": 1,
        "options": [{"label": "Tile 57", "value": "57", **option}]}]}]}


def button(**extra: Any) -> dict[str, Any]:
    return {"components": [{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Pass", "custom_id": "rb:1:2:0", **extra}]}]}


async def press(fake: StandIn) -> Any:
    """A button press on a posted prompt, not yet answered (the test answers it)."""
    status, posted = await call(fake, "POST", f"channels/{fake.channel}/messages",
                                {"content": "Your turn", **button()})
    assert status == 200
    return await fake.interact(3, fake.user, fake.channel,
                               {"custom_id": "rb:1:2:0", "component_type": 2},
                               message=fake.messages[int(posted["id"])], send=False)


async def answer(fake: StandIn, kind: int, data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    record = await press(fake)
    return await call(fake, "POST", f"interactions/{record.id}/{record.token}/callback",
                      {"type": kind, "data": data}, auth=False)


@pytest.mark.parametrize("kind", [4, 7])
@pytest.mark.parametrize(("data", "where"), [
    ({"content": "x" * 2001}, "content"),
    ({"embeds": [{"title": "t", "description": "d" * 4097}]}, "embeds"),
    (button(label="L" * 81), "components"),
    (menu(label="L" * 101), "components"),
    (menu(description="d" * 101), "components"),
    (menu(emoji={"name": "dice"}), "components"),
    (button(emoji={"name": ""}), "components"),
])
async def test_an_answer_past_a_limit_is_refused(fake: StandIn, kind: int,
                                                 data: dict[str, Any], where: str) -> None:
    status, refused = await answer(fake, kind, data)
    assert (status, refused["code"]) == (400, 50035), refused
    assert where in refused["errors"]


async def test_an_edit_in_place_past_a_limit_leaves_the_message_as_it_was(fake) -> None:
    record = await press(fake)
    status, _ = await call(fake, "POST", f"interactions/{record.id}/{record.token}/callback",
                           {"type": 7, "data": {"content": "x" * 2001}}, auth=False)
    assert status == 400
    pressed = fake.messages[int(record.payload["message"]["id"])]
    assert pressed.content == "Your turn" and record.answered is None


@pytest.mark.parametrize("kind", [4, 7])
async def test_an_answer_within_the_limits_goes_through(fake: StandIn, kind: int) -> None:
    fits = menu(description="d" * 100, emoji={"name": "\U0001f3b2"})
    fits["components"] += button(emoji={"id": "123", "name": "coin"})["components"]
    assert (await answer(fake, kind, {"content": "x" * 2000, **fits}))[0] == 200
    # an edit in place may take a message's text away
    assert (await answer(fake, 7, {"content": ""}))[0] == 200


async def test_a_post_with_a_long_option_description_is_refused(fake: StandIn) -> None:
    for description, status in (("d" * 101, 400), ("d" * 100, 200)):
        got, _ = await call(fake, "POST", f"channels/{fake.channel}/messages",
                            {"content": "menu", **menu(description=description)})
        assert got == status
