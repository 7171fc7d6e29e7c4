"""A colour word the table does not know is answered with all of the table's colours: a
seated member typing one got a list without their own colour ("Colours: green, blue, purple,
brown" to the member on yellow), and then read `colour:yellow` as no colour here (the
verifying review). A taken colour still lists only the free ones, the asker's own left out."""

from __future__ import annotations

import pytest
from test_service_game import ctx

from tests.service_pebbles import open_service


@pytest.fixture
async def svc(store_target):
    service, _ = await open_service(store_target)
    yield service
    await service.store.close()


async def test_a_bad_colour_lists_every_colour_of_the_table(svc) -> None:
    await svc.new(ctx(1), "pebbles")
    await svc.join(ctx(2))
    own = next(s.colour for s in await svc.store.seats(1) if s.user_id == 2)
    [refused] = await svc.join(ctx(2), colour="pink")
    assert "is not a colour here" in refused.text and own in refused.text.lower(), \
        (own, refused.text)
