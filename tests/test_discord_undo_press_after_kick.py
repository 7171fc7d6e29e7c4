"""Through the Discord stand-in: an undo request's button pressed after a seat changed hands.

A seat handed on ends an open undo request; its post says so when the bot kept which post it
was. Where it did not (the post was never recorded), the buttons stayed, and a press said
"the undo was made, or a move was played" where neither had happened. A member whose seat
was handed on is now told that; anyone else is told what may have ended it, a seat changing
hands among them."""

from __future__ import annotations

import random

import pytest
from discord_standin.driver import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

from bot.i18n import t

SEAT_GONE = {"en": "your seat was handed on since it was asked",
             "de": "dein Platz wurde seit der Anfrage weitergegeben"}
CHANGED = {"en": "a seat changing hands", "de": "ein Platz in neuen Händen"}
WRONG = {"en": "the undo was made, or a move was played",
         "de": "die Rücknahme wurde gemacht, oder es wurde weitergespielt"}


async def _mover(bot, people):
    row = await row_of(bot, bot.stand_in.channel)
    users = await seat_users(bot, row.id)
    return next(p for p in people if p.id == users[row.active_seats[0]])


@pytest.mark.parametrize(("lang", "presser"), [("en", "gone"), ("de", "gone"), ("en", "stays"),
                                               ("de", "stays")])
async def test_a_press_after_a_kick_says_the_seat_changed_hands(tmp_path, monkeypatch, lang,
                                                                 presser):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        locale = "de" if lang == "de" else "en-US"
        people = [Member(bot, name, locale) for name in ("Anna", "Bert", "Cora")]
        await open_table(bot, "troedler", people, language=lang)
        ch, rng, played = bot.stand_in.channel, random.Random(3), Played()

        async def unrecorded(custom_id, message_id):
            return []

        # the request's post is not kept (as before posts were kept, or lost at a crash)
        monkeypatch.setattr(bot.client.adapter.service, "undo_posted", unrecorded)
        asker = await _mover(bot, people)
        await play_turn(bot, asker, ch, rng, played)
        request = (await asker.command("game undo", ch)).visible_posts[-1]
        agree = next(c for c in request.custom_ids if c.endswith(":undo-yes"))
        host = people[0]
        gone = next(p for p in people if p is not asker and p is not host)
        stays = host if host is not asker else next(
            p for p in people if p is not asker and p is not gone)
        kicked = await host.command("game kick", ch, seat=gone.name)
        assert kicked.visible_posts or kicked.private, kicked
        assert agree in request.custom_ids  # the stale post kept its buttons
        member, said = (gone, SEAT_GONE[lang]) if presser == "gone" else (stays, CHANGED[lang])
        pressed = await member.press(request, agree)
        (told,) = pressed.private
        assert said in told.text and WRONG[lang] not in told.text, told.text
        assert t("svc.undo.over_moved_on", lang).count(CHANGED[lang]) == 1
