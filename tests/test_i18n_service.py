"""Languages at the table: ephemeral replies in the caller's Discord language (falling back
to English), channel posts in the table's language, German move keywords."""

from __future__ import annotations

from bot.i18n import english_move
from bot.replies import Audience
from tests.issue10_helpers import lctx, state_of
from tests.service_pebbles import GAME


def public(replies):
    return [r for r in replies if r.audience is Audience.CHANNEL]


async def test_table_language_is_the_creators_then_the_servers(svc):
    opened = await svc.new(lctx(1, "fr", guild_locale="de"), "pebbles")  # no French: server's
    assert "hat einen Tisch für **Pebbles** eröffnet" in opened[0].text
    assert (await state_of(svc))[1].language == "de"
    # Discord says en-US for every server that is not a Community server
    other = await svc.new(lctx(1, "de", channel=501, guild_locale="en-US"), "pebbles")
    assert "eröffnet" in other[0].text
    english = await svc.new(lctx(1, "en-GB", channel=504, guild_locale="de"), "pebbles")
    assert "opened a table" in english[0].text
    chosen = await svc.new(lctx(1, "en", channel=502, guild_locale="en-US"), "pebbles",
                           lang="de")
    assert "eröffnet" in chosen[0].text
    unknown = await svc.new(lctx(1, "fr", channel=503, guild_locale="fr"), "pebbles")
    assert "opened a table" in unknown[0].text  # no French: English


async def test_ephemeral_follows_the_caller_channel_follows_the_table(svc):
    await svc.new(lctx(1, "de", guild_locale="de"), "pebbles")
    joined = await svc.join(lctx(2, "en-GB"))
    assert "spielt als" in joined[0].text  # a channel post: the table's German
    twice = await svc.join(lctx(2, "en-GB"))
    assert twice[0].audience is Audience.EPHEMERAL
    assert twice[0].text == "You already have a seat at this table."
    german = await svc.join(lctx(2, "de"))
    assert german[0].text == "Du hast an diesem Tisch schon einen Platz."
    french = await svc.join(lctx(2, "fr"))
    assert french[0].text == "You already have a seat at this table."
    started = await svc.start(lctx(1, "de"), order="joined")
    assert any("beginnt. Sitzreihenfolge" in r.text for r in public(started))
    assert any("ihr seid dran" in r.text for r in public(started))
    not_yours = await svc.status(lctx(2, "de"))
    assert "(am Zug)" in not_yours[0].text


async def test_german_move_keywords(svc):
    await svc.new(lctx(1, "de", guild_locale="de"), "pebbles")
    await svc.join(lctx(2, "de"))
    await svc.start(lctx(1, "de"), order="joined")
    await svc.play(lctx(1, "de"), "bereit")   # Pebbles' "ready"
    await svc.play(lctx(2, "de"), "BEREIT")
    state, _ = await state_of(svc)
    assert state["ready"] == [True, True]
    await svc.play(lctx(1, "de"), "nehmen 2")  # "take 2"
    state, _ = await state_of(svc)
    assert state["scores"][0] == 2
    choices = await svc.move_choices(lctx(1, "de"), "ende")
    assert choices == [("End", "end")]
    junk = await svc.play(lctx(1, "de"), "tanzen")
    assert junk[0].audience is Audience.EPHEMERAL and "not a Pebbles move" in junk[0].text
    assert GAME.active(state) == [0]


def test_keyword_table_per_game():
    assert english_move("rhein", "Laden red-train 4") == "load red-train 4"
    assert english_move("rheinlaender", "spielen 17 links") == "play 17 left"
    assert english_move("18rhl", "zug-kaufen 3 depot") == "buy-train 3 depot"
    assert english_move("troedler", "liefern 12") == "deliver 12"
    assert english_move("rhein", "take 17") == "take 17"  # English stays as it is


async def test_a_real_engine_refusal_reaches_a_german_player_in_german(tmp_path):
    import engine
    from bot.service import TablesService
    from bot.store import Store
    from tests.service_pebbles import FakeRenderer

    store = await Store.open(str(tmp_path / "rh.sqlite3"))
    service = TablesService(store, games={"rhein": engine.GAMES["rhein"]},
                            render=FakeRenderer(), seed_source=lambda: 3)
    try:
        await service.new(lctx(1, "de", guild_locale="de"), "rhein")
        await service.join(lctx(2, "de"))
        await service.start(lctx(1, "de"), order="joined")
        _, row = await state_of(service)
        seats = await service.store.seats(row.id)
        [waiting] = [s for s in seats if s.seat not in row.active_seats]
        [mover] = [s for s in seats if s.seat in row.active_seats]
        replies = await service.play(lctx(waiting.user_id, "de"), "pass")
        assert replies[0].audience is Audience.EPHEMERAL
        assert replies[0].text.startswith("Du bist nicht dran: wir warten auf")
        garbled = await service.play(lctx(mover.user_id, "de"), "zzz qqq")
        assert garbled[0].audience is Audience.EPHEMERAL
        assert "verstehe" in garbled[0].text and "„zzz qqq“" in garbled[0].text
    finally:
        await service.store.close()


async def test_status_in_the_callers_language(svc):
    await svc.new(lctx(1, "en"), "pebbles")
    await svc.add_bot(lctx(1, "en"), "easy")
    german = await svc.status(lctx(1, "de"))
    assert german[0].text.startswith("**Pebbles**: Warteraum")
    assert "[KI, leicht]" in german[0].text
    english = await svc.status(lctx(1, "en-US"))
    assert english[0].text.startswith("**Pebbles**: lobby") and "[AI, easy]" in english[0].text


async def test_german_prompts_say_du_to_one_player_and_ihr_to_several(svc, tmp_path):
    """Pebbles starts with both players to act ("ihr"); Rheinländer with one ("du")."""
    from bot.service import TablesService
    from bot.store import open_store
    from tests.service_pebbles import FakeRenderer

    await svc.new(lctx(1, "de"), "pebbles", lang="de")
    await svc.join(lctx(2, "de"))
    several = public(await svc.start(lctx(1, "de"), order="joined"))
    assert any("ihr seid dran" in r.text and "Macht euren Spielzug mit" in r.text for r in several)
    store = await open_store(str(tmp_path / "one.sqlite3"))
    one = TablesService(store, render=FakeRenderer(), seed_source=lambda: 3)
    await one.new(lctx(1, "de", channel=600), "rheinlaender", min_players=3, max_players=3,
                  lang="de")
    for user in (2, 3):
        await one.join(lctx(user, "de", channel=600))
    started = public(await one.start(lctx(1, "de", channel=600), order="joined"))
    prompt = next(r.text for r in started if "dran" in r.text)
    assert "du bist dran" in prompt and "Mach deinen Spielzug mit /zug zug: oder schau mit" in prompt, prompt
    await store.close()


async def test_a_hand_dealt_is_told_in_its_owners_language(tmp_path):
    """The hand each player is dealt at the start goes by DM to that player alone, so it is
    said in their client's language, whatever the table's."""
    from bot.service import TablesService
    from bot.store import Store
    from engine import get_game
    from tests.service_pebbles import FakeRenderer

    store = await Store.open(str(tmp_path / "hands.sqlite3"))
    service = TablesService(store, games={"rheinlaender": get_game("rheinlaender")},
                            render=FakeRenderer(), seed_source=lambda: 5)
    await service.new(lctx(1, "en-GB"), "rheinlaender", min_players=3, max_players=3)
    await service.join(lctx(2, "de"))
    await service.join(lctx(3, "en-US"))
    replies = await service.start(lctx(1, "en-GB"), order="joined")
    dms = {r.user_id: r.text for r in replies if r.audience is Audience.DM}
    assert set(dms) == {1, 2, 3}
    assert dms[2].startswith("**Nur du siehst**"), dms[2]
    assert dms[1].startswith("**Only you see**") and dms[3].startswith("**Only you see**")
    await store.close()


async def test_german_troedler_words_are_understood_or_refused_by_name(tmp_path):
    """The German board and buttons say Stuhl, Moorweg and "Zug beenden", but only the
    English notation was read: "nimm stuhl" got "Diesen Zug verstehe ich nicht", and "take
    xyz" listed the goods in English only."""
    import engine
    from bot.service import TablesService
    from bot.store import Store
    from tests.service_pebbles import FakeRenderer

    assert english_move("troedler", "Zug beenden") == "end"
    assert english_move("troedler", "ziehe Moorweg drumlee") == "move moor drumlee"
    assert english_move("troedler", "nimm Stuhl") == "take chair"
    store = await Store.open(str(tmp_path / "tr.sqlite3"))
    service = TablesService(store, games={"troedler": engine.GAMES["troedler"]},
                            render=FakeRenderer(), seed_source=lambda: 4)
    await service.new(lctx(1, "de", guild_locale="de"), "troedler", lang="de")
    await service.join(lctx(2, "de"))
    await service.start(lctx(1, "de"), order="joined")
    row = await store.latest_game(500)
    state = engine.GAMES["troedler"].load(row.state)
    user = 1 + engine.GAMES["troedler"].active(state)[0]
    [refused] = await service.play(lctx(user, "de"), "nimm xyz")
    assert refused.audience is Audience.EPHEMERAL
    assert refused.text.startswith("„xyz“ ist keine Ware; Waren sind: Amboss, Flasche, Stuhl"), \
        refused.text
    [refused] = await service.play(lctx(user, "de"), "ziehe sumpf glenmore")
    assert "ist keine Wegart; Wegarten sind: Bergpfad, Brücke, Fähre, Moorweg" in refused.text
    [unread] = await service.play(lctx(user, "de"), "tanzen")
    # German first; the English words are said to work too
    assert "Spielzüge sehen so aus: stapel-nehmen N, stapel-abwerfen N, fahre ART DORF" in unread.text
    assert "füttere weg ART DORF" in unread.text and "englische Schreibweise" in unread.text
    await store.close()
