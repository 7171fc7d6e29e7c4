"""The new slash commands (/game board near:, /game preview, /game import) reach the service
with the right arguments; bad uploads are refused before the service."""

from __future__ import annotations

import gzip
import json
from unittest.mock import AsyncMock, MagicMock

from test_discord_fakes import FakeService, make_adapter, make_interaction

from bot.replies import Attachment, Audience, Reply


class Service(FakeService):
    async def board(self, ctx, near=None):
        self._note("board", ctx, near)
        return [Reply("zoom", files=[Attachment("zoom.png", b"\x89PNG fake")])]

    async def preview(self, ctx, move):
        self._note("preview", ctx, move)
        return [Reply("Preview", Audience.EPHEMERAL, user_id=ctx.user_id,
                      files=[Attachment("p.png", b"\x89PNG fake")])]

    async def import_18xx(self, ctx, export):
        self._note("import_18xx", ctx, export)
        return [Reply("imported")]


def upload(data: bytes) -> MagicMock:
    attachment = MagicMock()
    attachment.read = AsyncMock(return_value=data)
    attachment.size = len(data)  # Discord says the size in the interaction payload
    return attachment


async def test_board_near_and_plain_board():
    service = Service()
    _, commands, _ = make_adapter(service)
    await commands["game board"].callback(make_interaction(), near="F9")
    await commands["game board"].callback(make_interaction())
    assert service.called("board") == [("F9",), (None,)]


async def test_preview_is_private_and_autocompletes_like_play():
    service = Service()
    _, commands, _ = make_adapter(service)
    assert commands["game preview"]._params["move"].autocomplete is not None
    interaction = make_interaction()
    await commands["game preview"].callback(interaction, move="lay 9 F11 1")
    assert service.called("preview") == [("lay 9 F11 1",)]
    assert interaction.channel.posts == [] and interaction.followup.posts


async def test_import_decodes_gzip_and_refuses_other_files():
    service = Service()
    _, commands, _ = make_adapter(service)
    export = {"title": "18Rhl", "players": [{"id": 1}], "actions": []}
    await commands["game import"].callback(
        make_interaction(), file=upload(gzip.compress(json.dumps(export).encode())))
    assert service.called("import_18xx") == [(export,)]
    refused = make_interaction()
    await commands["game import"].callback(refused, file=upload(b'{"title": "1830"}'))
    assert len(service.called("import_18xx")) == 1
    # Deferred first (a download may be slow), then refused privately.
    refused.response.defer.assert_awaited_once()
    assert [p.ephemeral for p in refused.followup.posts] == [True]
    assert refused.channel.posts == []
