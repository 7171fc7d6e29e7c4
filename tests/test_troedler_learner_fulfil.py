"""Through the Discord stand-in: Trödler takes the bot's own word for its scoring move. The
turn prompt says "Spiele Karten: fahre, erfülle Aufträge" ("fulfil requests"), /rules says
requests are fulfilled and the log "Anna fulfils #12", but a newcomer's `erfülle 26` (and
`fulfil 26`, `fulfill 26`) got only "I could not read that move", no word of why the
delivery was not possible; only `liefere`/`deliver` were read."""

from __future__ import annotations

import pytest
from discord_standin import running_bot
from discord_standin.table import pair_at_table, row_of, seat_users

from engine.troedler.data import VILLAGE_NAMES
from tests.test_troedler_support import GAME, request, turn_state

CANONICAL = {"en": "deliver", "de": "liefere"}
WORDS = {"en": ["fulfil", "fulfill", "Fulfil"], "de": ["erfülle", "erfuelle", "erfüllen"]}
UNREAD = {"en": "could not read", "de": "verstehe ich nicht"}
DELIVERS = {"en": "fulfils", "de": "erfüllt"}
VASES = request("chair", "vase", "vase")


async def _seated_at(bot, lang: str, villages: dict[str, list[str]]):
    """The player to move, their cart in Ruthven with a chair and two vases, holding the
    request for just those (and a spare one, so that the turn goes on)."""
    _, _, first = await pair_at_table(bot, "troedler", lang)
    row = await row_of(bot, bot.stand_in.channel)
    seat = next(s for s, user in (await seat_users(bot, row.id)).items() if user == first.id)
    state = turn_state("ruthven", [VASES], goods=["chair", "vase", "vase"], villages=villages,
                       n=2, seat=seat, spare=True)
    service = bot.client.adapter.service
    table, _ = await service._load(row)
    await service.store.save_snapshot(row.id, row.version, service._snapshot(table, state),
                                      service.clock())
    return first, seat


async def _answer(bot, member, move: str) -> str:
    reply = await member.command("play", bot.stand_in.channel, move=move)
    return "\n".join(m.content for m in reply.private + reply.visible_posts)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_bots_word_for_a_delivery_is_refused_as_a_delivery_is(tmp_path, monkeypatch,
                                                                        lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        # Ruthven holds a good: no request is fulfilled there (R30), and that is the answer
        first, _ = await _seated_at(bot, lang, {"ruthven": ["pot"]})
        before = (await row_of(bot, bot.stand_in.channel)).version
        refusal = await _answer(bot, first, f"{CANONICAL[lang]} {VASES}")
        assert UNREAD[lang] not in refusal and refusal, refusal
        for word in WORDS[lang]:
            said = await _answer(bot, first, f"{word} {VASES}")
            assert said == refusal, (word, said)
        assert (await row_of(bot, bot.stand_in.channel)).version == before


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_bots_word_for_a_delivery_delivers(tmp_path, monkeypatch, lang: str) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        first, seat = await _seated_at(bot, lang, {})
        said = await _answer(bot, first, f"{WORDS[lang][0]} {VASES}")
        state = GAME.load((await row_of(bot, bot.stand_in.channel)).state)
        assert VASES in state["played"] and VASES not in state["hands"][seat], said
        assert f"{DELIVERS[lang]} #{VASES}" in said and VILLAGE_NAMES["ruthven"] in said, said


def test_the_engine_reads_fulfil_as_deliver():
    state = turn_state("ruthven", [VASES], goods=["chair", "vase", "vase"], n=2, seat=0)
    for word in ("fulfil", "fulfill", "fulfils"):
        assert GAME.parse(state, 0, f"{word} {VASES}") == {"type": "deliver", "card": VASES}
