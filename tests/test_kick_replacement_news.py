"""/game kick player: replacement: tells the member now seated: the post mentions them, and
a DM gives them what the seat holds privately (never the channel)."""

from __future__ import annotations

from bot.replies import Audience
from tests.issue10_helpers import lctx, seated_game, state_of
from tests.service_pebbles import GAME, ctx, started_table

CH = 500


async def test_the_member_seated_in_place_is_mentioned_and_sent_the_seats_hand(svc):
    await seated_game(svc, 3)
    state, _ = await state_of(svc)
    hand = state["hands"][1]  # U2's seat, which U8 takes
    replies = await svc.kick(ctx(1), 2, replacement_user_id=8, replacement_name="U8")
    post = replies[0]
    assert post.audience is Audience.CHANNEL
    assert "**U2** (sky blue) is replaced by **U8** (<@8>)." in post.text
    # named without a ping: the DM below is their one push of it
    assert post.pings == ()
    dms = [r for r in replies if r.audience is Audience.DM and r.user_id == 8]
    assert len(dms) == 1
    assert "You now play **U2**'s seat (sky blue) in **Pebbles** in <#500>" in dms[0].text
    assert all(gem in dms[0].text for gem in hand)
    public = "\n".join(r.text for r in replies if r.audience is Audience.CHANNEL)
    assert not any(gem in public for gem in hand)


async def test_an_ai_replacement_dms_only_the_player_it_replaced(svc):
    await seated_game(svc, 3)
    replies = await svc.kick(ctx(1), 2)
    dms = [r for r in replies if r.audience is Audience.DM]
    assert [r.user_id for r in dms] == [2] and "handed your seat" in dms[0].text


async def test_the_dm_is_in_the_new_players_language(svc):
    await seated_game(svc, 2)
    await svc.hand(lctx(8, "de"))  # U8's client is German (refused: not seated yet)
    replies = await svc.kick(ctx(1), 2, replacement_user_id=8, replacement_name="U8")
    dm = next(r for r in replies if r.audience is Audience.DM and r.user_id == 8)
    assert dm.text.startswith("Du spielst jetzt den Platz von **U2**")
    assert "/spiel hand" in dm.text


async def test_a_troedler_replacement_gets_their_hand_at_once(tmp_path):
    service, store, game, _ = await started_table(tmp_path / "t.sqlite3", "troedler", 3)
    try:
        replies = await service.kick(ctx(1), 3, replacement_user_id=9,
                                     replacement_name="Emil")
        dm = next(r for r in replies if r.audience is Audience.DM and r.user_id == 9)
        row = await store.live_game(CH)
        state = game.load(row.state)
        mine = game.view(state, 2)
        assert mine != game.view(state, None)  # the seat holds something private
        assert "Hand" in dm.text or "hand" in dm.text
        assert "<@9>" in replies[0].text
    finally:
        await store.close()


async def test_the_replacements_turn_dm_names_them_in_the_phase(tmp_path):
    """The turn DM said the phase as stored with the position, named by the seats then:
    "It is your turn in **Rheinländer** (Turn 12: Bert)" to Cora, who had replaced Bert."""
    import engine
    from bot.service import TablesService
    from bot.service.reminders import Reminders
    from bot.store import Store
    from tests.test_pace_service import Clock, Outbox

    game = engine.get_game("rheinlaender")
    clock, box = Clock(), Outbox()
    store = await Store.open(str(tmp_path / "kick.sqlite3"))
    service = TablesService(store, games={"rheinlaender": game}, render=lambda k, v: b"\x89PNG",
                            clock=clock, seed_source=lambda: 4,
                            reminders=Reminders(store, box.send_dm, box.post_channel, clock))
    await service.new(ctx(1), "rheinlaender", min_players=3, max_players=3)
    for user in (2, 3):
        await service.join(ctx(user))
    await service.start(ctx(1), order="joined")
    row = await store.latest_game(CH)
    mover = 1 + game.active(game.load(row.state))[0]  # U1..U3 sit in seats 0..2
    await service.kick(ctx(1, manage=True), mover, replacement_user_id=8,
                       replacement_name="Cora")
    clock.now += 13 * 3600
    await service.reminders.run_due()
    [dm] = [text for user, text in box.dms if user == 8 and "your turn" in text]
    assert ": Cora)" in dm.splitlines()[0] and f"U{mover})" not in dm, dm
    await store.close()


async def test_a_seat_the_game_does_not_wait_on_changes_hands_without_a_new_prompt(svc):
    """Each kick of another's seat posted the prompt and card of the player on turn again,
    pinging them ("No new moves"): five on one day of a review's table. The kick's notice
    carries the prompt's buttons instead, which the kick's new version made stale on the
    standing prompt, without pinging them again."""
    await seated_game(svc, 3)
    for user in (1, 2, 3):
        await svc.play(ctx(user), "ready")
    state, _ = await state_of(svc)
    [on_turn] = GAME.active(state)
    admin = ctx(9, manage=True)
    idle = next(seat for seat in range(3) if seat != on_turn)
    replies = await svc.kick(admin, idle + 1)
    posts = [r for r in replies if r.audience is Audience.CHANNEL]
    assert len(posts) == 1 and "is replaced by" in posts[0].text, [p.text for p in posts]
    assert posts[0].pings == () and not posts[0].files
    _, row = await state_of(svc)
    assert posts[0].buttons and all(b.custom_id.startswith(f"rb:{row.id}:{row.version}:")
                                    for b in posts[0].buttons)
    # the seat on turn changing hands is news for the table: its new player (an AI) acts
    replies = await svc.kick(admin, on_turn + 1)
    assert len([r for r in replies if r.audience is Audience.CHANNEL]) > 1
