"""A spectator's board DM (/game watch) opens with a turn card drawn for them. The channel's
card is written to the seat it pings, so its panels say "Your orders" (Rhein) and "Your
certificates: 6 of 20" (18Rhl) over the mover's things; in Wanda's DM she read Bert's
orders and holdings as her own. A card for a spectator names the mover there instead
("Bert's orders", "Aufträge von Bert"), in every game and both languages; the channel's
card keeps its "your". Read from the texts the card draws, not from its pixels."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from discord_standin.driver import Member, running_bot
from discord_standin.server import StandIn
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

from render import turn_card
from render.text_draw import recording

LOCALE = {"en": "en-US", "de": "de"}
# a panel's words about the seat to act, as the channel's card says them to that seat
YOURS = {"en": re.compile(r"\byour\b", re.I), "de": re.compile(r"\bdein", re.I)}
# the same panels on a spectator's card, naming the mover
NAMED = {"en": ("{name}'s orders", "{name}'s certificates: "),
         "de": ("Aufträge von {name}", "Zertifikate von {name}: ")}


def panel_texts(game: str, view: dict[str, Any]) -> list[str]:
    """The texts a card draws under its banner (the banner's task line is the mover's
    instruction, "Bert (Yellow)" above it)."""
    with recording() as texts:
        turn_card.render(game, view)
    return [text.text for text in texts if text.box[1] > turn_card.BANNER]


@pytest.mark.parametrize(("game", "lang", "named"), [
    ("rhein", "de", True), ("rhein", "en", True), ("18rhl", "de", True),
    ("18rhl", "en", True), ("rheinlaender", "de", False), ("troedler", "en", False)])
async def test_a_spectators_card_names_the_mover_where_the_channels_says_your(
        tmp_path, monkeypatch, game: str, lang: str, named: bool) -> None:
    fake = StandIn()
    channel = fake.channel
    async with running_bot(tmp_path, monkeypatch, stand_in=fake, seed=7) as bot:
        service = bot.client.adapter.service
        drawn_by: dict[bytes, dict[str, Any]] = {}  # each card's picture -> its view
        draw = service.card_render

        def card(key: str, view: dict[str, Any]) -> bytes | None:
            png = draw(key, view)
            if png is not None:
                drawn_by[png] = view
            return png

        service.card_render = card
        anna, bert = Member(bot, "Anna", LOCALE[lang]), Member(bot, "Bert", LOCALE[lang])
        wanda = Member(bot, "Wanda", LOCALE[lang])
        await open_table(bot, game, [anna, bert], bots=1, language=lang)
        await wanda.command("game watch", channel)
        rng, played, by_id = random.Random(3), Played(), {anna.id: anna, bert.id: bert}
        seen, named_seen, read = 0, [], 0
        for _ in range(60):
            row = await row_of(bot, channel)
            names = {s.seat: s.name for s in await bot.client.store.seats(row.id)}
            for dm in fake.dms(wanda.id)[seen:]:
                cards = [body for name, body in dm.files if name.endswith("-turn-card.png")]
                if not cards:
                    continue
                view = drawn_by[cards[0]]
                said = panel_texts(game, view)
                read += 1
                assert not [text for text in said if YOURS[lang].search(text)], said
                movers = [names[s] for s in view["card"]["acting"][:1] if s in names]
                named_seen += [text for text in said for head in NAMED[lang]
                               for mover in movers if text.startswith(head.format(name=mover))]
            seen = len(fake.dms(wanda.id))
            if (named_seen or not named) and read >= 3 or row.status != "active":
                break
            users = await seat_users(bot, row.id)
            waiting = [by_id[users[s]] for s in row.active_seats if users.get(s) in by_id]
            await play_turn(bot, waiting[0], channel, rng, played)
        assert read >= 3, [dm.text for dm in fake.dms(wanda.id)]
        if named:  # the card showed the mover's orders or certificates, by name
            assert named_seen, [panel_texts(game, v) for v in drawn_by.values()
                                if v["card"].get("spectator")]
        # the channel's own cards still speak to the seat they ping
        channel_said = [text for png, view in drawn_by.items()
                        if not view["card"].get("spectator")
                        for text in panel_texts(game, view)]
        if named:
            assert any(YOURS[lang].search(text) for text in channel_said), channel_said
