"""Random text into every free-text entry of the service: a clear private refusal (or a
valid move), never an exception, never a change to the game."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.replies import Audience
from tests.service_pebbles import ctx, open_service


async def _prepare(path: Path) -> None:
    service, _ = await open_service(path)
    await service.new(ctx(1), "pebbles")
    await service.join(ctx(2))
    await service.start(ctx(1), order="joined")
    await service.play(ctx(1), "ready")
    await service.play(ctx(2), "ready")
    await service.store.close()


VALID = {"take 1", "take 2", "take 3"}


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    """One game in Round 1, shared by every example (each leaves it as it found it)."""
    path = tmp_path_factory.mktemp("bad-input") / "bad.sqlite3"
    asyncio.run(_prepare(path))
    return path


async def _try(db: Path, call_name: str, *args) -> None:
    service, _ = await open_service(db)
    try:
        before = await service.store.live_game(500)
        replies = await getattr(service, call_name)(*args)
        after = await service.store.live_game(500)
        if call_name == "move_choices":
            assert isinstance(replies, list)
            return
        assert replies and all(r.text for r in replies)
        if after.version != before.version:  # it was a legal move: undo it for the next try
            move = " ".join(args[1].lower().split())
            assert move in VALID or move.startswith("play ") or args[1].startswith("rb:")
            await service.undo(ctx(1))
            return
        assert [r.audience for r in replies] == [Audience.EPHEMERAL]
        assert after == before
    finally:
        await service.store.close()


junk = st.one_of(st.text(max_size=60), st.sampled_from(
    ["take", "take 4", "take -1", "play", "play diamond", "TAKE 1", " take  2 ", "end",
     "ready", "\x00", "rb:1:1:1", "rb:x:y:z", "rb:1:999999999999999999999:0", "ẞ" * 500]))
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(text=junk)
def test_random_moves(db, text):
    asyncio.run(_try(db, "play", ctx(1), text))


@SETTINGS
@given(text=junk)
def test_random_button_ids(db, text):
    asyncio.run(_try(db, "press", ctx(1), text))


@SETTINGS
@given(text=junk)
def test_random_autocomplete(db, text):
    asyncio.run(_try(db, "move_choices", ctx(1), text))


@SETTINGS
@given(tz=junk, hours=st.one_of(st.none(), st.floats(allow_nan=True, allow_infinity=True)),
       quiet=st.one_of(st.none(), st.integers(-5, 30)))
def test_random_reminder_settings(db, tz, hours, quiet):
    async def check():
        service, _ = await open_service(db)
        try:
            replies = await service.remind(ctx(9), every_hours=hours, quiet_from=quiet,
                                           quiet_to=quiet, tz=tz)
            assert [r.audience for r in replies] == [Audience.EPHEMERAL]
        finally:
            await service.store.close()

    asyncio.run(check())


async def test_an_unknown_table_language_is_refused_and_opens_nothing(tmp_path) -> None:
    from tests.service_pebbles import ctx, open_service

    service, _ = await open_service(tmp_path / "lang.sqlite3")
    replies = await service.new(ctx(1), "pebbles", lang="klingon" * 900)
    assert len(replies) == 1 and "klingon" in replies[0].text and "en, de" in replies[0].text
    assert len(replies[0].text) < 300  # the typed value is quoted cut short
    assert await service.store.live_game(500) is None
    replies = await service.new(ctx(1), "pebbles", lang="DE")
    assert (await service.store.live_game(500)).language == "de"
    await service.store.close()
