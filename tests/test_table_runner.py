"""Who runs a table (starts, kicks, abandons): its creator while seated or hosting, else the
first seated human; a lobby left with no human and no host closes."""

from __future__ import annotations

from bot.replies import Audience
from tests.issue10_helpers import lctx, seated_game
from tests.service_pebbles import ctx, open_service

CH = 500


def refused(replies) -> bool:
    return len(replies) == 1 and replies[0].audience is Audience.EPHEMERAL


async def test_a_kicked_creator_keeps_no_powers_and_the_next_player_runs_the_table(svc):
    await seated_game(svc, 3)
    kicked = await svc.kick(ctx(9, manage=True), 1)
    assert "replaced by **Bot 1**, an AI seat." in kicked[0].text
    assert "**U2** now runs the table" in kicked[0].text
    for verb in (lambda c: svc.abandon(c), lambda c: svc.kick(c, 2)):
        answer = await verb(ctx(1))
        assert refused(answer) and answer[0].text.startswith("Only **U2**, who runs this table")
    assert (await svc.store.live_game(CH)).status == "active"
    assert any(s.user_id == 2 for s in await svc.store.seats(1))
    replaced = await svc.kick(ctx(2), 3)  # U2 runs it now
    assert replaced[0].audience is Audience.CHANNEL and "replaced" in replaced[0].text
    assert "now runs" not in replaced[0].text  # U3 did not run it: nothing passes on
    assert "abandoned" in (await svc.abandon(ctx(2)))[0].text


async def test_a_player_who_does_not_run_the_table_leaves_without_a_handover(svc):
    await seated_game(svc, 3)
    left = await svc.leave(ctx(3))
    assert "leaves" in left[0].text and "runs the table" not in left[0].text
    assert refused(await svc.abandon(ctx(2)))  # the creator still runs it


async def test_a_creator_who_leaves_the_lobby_hands_it_to_the_next_player(svc):
    await svc.new(ctx(1), "pebbles")
    await svc.join(ctx(2))
    await svc.join(ctx(3))
    left = await svc.leave(ctx(1))
    assert left[0].audience is Audience.CHANNEL
    assert "**U1** leaves the table." in left[0].text
    assert "**U2** now runs the table and starts it with /game start" in left[0].text
    assert refused(await svc.start(ctx(3)))
    started = await svc.start(ctx(2))
    assert started[0].audience is Audience.CHANNEL and "begins" in started[0].text


async def test_a_creator_who_joins_again_runs_the_table_again(svc):
    await svc.new(ctx(1), "pebbles")
    await svc.join(ctx(2))
    await svc.leave(ctx(1))
    await svc.join(ctx(1))
    assert refused(await svc.start(ctx(2)))
    assert (await svc.start(ctx(1)))[0].audience is Audience.CHANNEL


async def test_a_lobby_left_with_no_human_closes_and_frees_the_channel(svc):
    await svc.new(ctx(1), "pebbles")
    await svc.join(ctx(2))
    await svc.add_bot(ctx(2))
    await svc.leave(ctx(1))
    left = await svc.leave(ctx(2))
    assert "**U2** leaves the table." in left[0].text
    assert "so it closes" in left[0].text and "/game new" in left[0].text
    assert await svc.store.live_game(CH) is None
    opened = await svc.new(ctx(3), "pebbles")
    assert opened[0].audience is Audience.CHANNEL and "opened a table" in opened[0].text


async def test_removing_the_last_human_from_a_lobby_closes_it_too(svc):
    await svc.new(ctx(1), "pebbles")
    await svc.join(ctx(2))
    await svc.leave(ctx(1))
    removed = await svc.kick(ctx(9, manage=True), 2)
    assert "was removed" in removed[0].text and "so it closes" in removed[0].text
    assert await svc.store.live_game(CH) is None


async def test_a_creator_alone_who_leaves_hosts_a_table_of_ai_seats(svc):
    # as `rheinbot demo` does: the host leaves, seats AI players and starts
    await svc.new(ctx(1), "pebbles")
    left = await svc.leave(ctx(1))
    assert "**U1** still runs the table without a seat" in left[0].text
    assert "/game abandon closes it" in left[0].text
    assert refused(await svc.add_bot(ctx(2)))
    for _ in range(2):
        assert (await svc.add_bot(ctx(1)))[0].audience is Audience.CHANNEL
    assert refused(await svc.start(ctx(2)))
    assert (await svc.start(ctx(1)))[0].audience is Audience.CHANNEL


async def test_a_running_game_with_no_human_left_is_managed_by_admins_only(tmp_path):
    # AI seats make two moves per trigger here, so the game is still running after
    service, _ = await open_service(tmp_path / "ai.sqlite3", ai_limit=2)
    try:
        await seated_game(service, 2)
        await service.kick(ctx(9, manage=True), 2)
        kicked = await service.kick(ctx(9, manage=True), 1)
        assert (await service.store.latest_game(CH)).status == "active"
        assert "only members with Manage Channels" in kicked[0].text
        assert refused(await service.abandon(ctx(1)))
        assert "abandoned" in (await service.abandon(ctx(9, manage=True)))[0].text
    finally:
        await service.store.close()


async def test_the_handover_is_said_in_the_tables_language(svc):
    await svc.new(lctx(1, "de"), "pebbles", lang="de")
    await svc.join(lctx(2, "de"))
    left = await svc.leave(lctx(1, "de"))
    assert "**U2** führt jetzt den Tisch und startet ihn mit /spiel starten." in left[0].text
    alone = await svc.leave(lctx(2, "de"))
    assert "Der Kanal ist frei" in alone[0].text
