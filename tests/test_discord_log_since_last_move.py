"""Through the Discord stand-in: a player back after days while someone else is to move.

``/game log lines:100`` of a running game began "(48 earlier lines not shown: more than three
messages; /game export has every move)", and /game export refuses while the game runs: a
dead end in both languages, and the turn DM's "Since your last move:" comes only on one's
own turn. Now the note names ``from:`` (a move number, which goes on from there), ``since:my
last move`` shows everything after the caller's own last move, and nothing of the log is out
of reach while the game runs."""

from __future__ import annotations

import random
import re

import pytest
from discord_standin import Member, running_bot
from discord_standin.table import Played, open_table, play_turn, row_of, seat_users

NUMBER = re.compile(r"^(\d+)(?:–(\d+))?\\\. ")
EARLIER = {"en": r"^\((\d+) earlier lines? not shown: more than three messages; "
                 r"/game log from:(\d+) begins at move \2\)$",
           "de": r"^\((\d+) frühere Zeilen? nicht gezeigt: mehr als drei Nachrichten; "
                 r"/spiel verlauf ab:(\d+) beginnt bei Spielzug \2\)$"}
LATER = {"en": r"^\((\d+) later lines? not shown: more than three messages; "
               r"/game log from:(\d+) goes on from there\)$",
         "de": r"^\((\d+) spätere Zeilen? nicht gezeigt: mehr als drei Nachrichten; "
               r"/spiel verlauf ab:(\d+) macht dort weiter\)$"}
SINCE = {"en": "Since your last move (move {move}):",
         "de": "Seit deinem letzten Spielzug (Spielzug {move}):"}


def _lines(answer) -> list[str]:
    texts = [m.text for m in answer.private]
    assert texts and len(texts) <= 3 and all(len(t) <= 2000 for t in texts), texts
    return "\n".join(texts).split("\n")


def _numbers(lines: list[str]) -> list[int]:
    """Every move number the log lines cover, in order ("21–24\\." covers four)."""
    out = []
    for line in lines:
        found = NUMBER.match(line)
        if found:
            first = int(found.group(1))
            out += range(first, int(found.group(2) or first) + 1)
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_whole_log_of_a_running_game_is_in_reach(tmp_path, monkeypatch, lang) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=1) as bot:
        fake = bot.stand_in
        locale = "de" if lang == "de" else "en-US"
        anna = Member(bot, "Annabelle von Rheinfels-Kerpen", locale=locale)
        bert = Member(bot, "Bertram zu Oberwesel-Bacharach", locale=locale)
        wanda = Member(bot, "Wanda", locale=locale)  # watches, has no seat
        await open_table(bot, "troedler", [anna, bert], bots=1, language=lang)
        rng, played = random.Random(7), Played()
        row = await row_of(bot, fake.channel)
        while len(await bot.client.store.actions(row.id)) < 150:
            row = await row_of(bot, fake.channel)
            assert row.status == "active"
            users = await seat_users(bot, row.id)
            [mover] = [m for m in (anna, bert) if m.id == users[row.active_seats[0]]]
            await play_turn(bot, mover, fake.channel, rng, played)
        row = await row_of(bot, fake.channel)
        assert row.status == "active"
        count = len(await bot.client.store.actions(row.id))

        # the note over the latest hundred lines points to what works while the game runs
        latest = _lines(await wanda.command("game log", lines=100))
        note = re.match(EARLIER[lang], latest[0])
        assert note, latest[0]
        assert "export" not in latest[0]
        assert _numbers(latest)[-1] == count

        # and following from: from the first move on reaches every move, once each
        seen: list[int] = []
        start = 1
        for _ in range(20):
            page = _lines(await wanda.command("game log", **{"from": start}))
            seen += _numbers(page)
            going = re.match(LATER[lang], page[-1])
            if going is None:
                break
            start = int(going.group(2))
            assert start == seen[-1] + 1, (start, seen[-5:])
        assert seen == list(range(1, count + 1))
        # the earlier note's move begins the hundred lines asked
        begun = _numbers(_lines(await wanda.command("game log", **{"from": int(note.group(2))})))
        assert begun[0] == int(note.group(2)) and begun[0] + 99 >= _numbers(latest)[0] - 1

        # a player not to move sees all since their own last move, and nothing before it
        users = await seat_users(bot, row.id)
        [away] = [m for m in (anna, bert) if m.id != users[row.active_seats[0]]]
        actions = await bot.client.store.actions(row.id)
        own = max(n for n, a in enumerate(actions, 1) if a.user_id == away.id)
        since = _lines(await away.command("game log", since="mine"))
        assert since[0] == SINCE[lang].format(move=own), since[0]
        assert _numbers(since) and _numbers(since)[-1] == count
        assert min(_numbers(since)) >= own and own + 1 in _numbers(since)
        # "the start" is from:1
        assert _lines(await away.command("game log", since="start")) == \
            _lines(await away.command("game log", **{"from": 1}))

        # bad input: a clear refusal each
        late = " ".join(m.text for m in (await wanda.command(
            "game log", **{"from": count + 1})).private)
        assert str(count) in late and ("from:" in late if lang == "en" else "ab:" in late)
        seatless = " ".join(m.text for m in (await wanda.command("game log",
                                                                   since="mine")).private)
        assert ("/game log from:1" if lang == "en" else "/spiel verlauf ab:1") in seatless
        assert (await row_of(bot, fake.channel)).version == row.version


async def test_a_player_back_after_days_gets_all_since_their_move_by_default(
        tmp_path, monkeypatch) -> None:
    """Cara's move clock ran out day after day and the others let an AI play her turns:
    her plain ``/game log`` shows every move since her own last one, not only the last 20;
    ``lines:20`` asked is still the last 20."""
    import time

    from discord_standin.clock import install_clock, reminders_settle

    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        fake = bot.stand_in
        anna, bert, cara = (Member(bot, n) for n in ("Anna", "Bert", "Cara"))
        clock = install_clock(bot, time.time())
        await anna.command("game new", game="rheinlaender", pace="24h")
        for member in (bert, cara):
            await member.command("game join")
        await anna.command("game start", order="joined")
        rng, played = random.Random(3), Played()
        row = await row_of(bot, fake.channel)
        own = 0
        for _ in range(200):
            row = await row_of(bot, fake.channel)
            actions = await bot.client.store.actions(row.id)
            own = max((n for n, a in enumerate(actions, 1) if a.user_id == cara.id), default=0)
            if own and len(actions) - own > 30:
                break
            users = await seat_users(bot, row.id)
            [mover] = [m for m in (anna, bert, cara) if m.id == users[row.active_seats[0]]]
            if mover is not cara or not own:
                await play_turn(bot, mover, fake.channel, rng, played)
                continue
            clock.now += 24.1 * 3600  # Cara is away: her clock runs out, Anna lets an AI play
            await reminders_settle(bot, clock)
            notice = next(m for m in reversed(fake.posts())
                          if any(":clock-ai-" in c for c in m.custom_ids))
            await anna.press(notice, next(c for c in notice.custom_ids if ":clock-ai-" in c))
        assert row.status == "active" and own
        count = len(await bot.client.store.actions(row.id))
        back = _lines(await cara.command("game log"))
        assert back[0] == SINCE["en"].format(move=own), back[:2]
        assert _numbers(back)[-1] == count and own + 1 in _numbers(back)
        assert min(_numbers(back)) >= own
        assert any("An AI for Cara" in line or "an AI for Cara" in line for line in back)
        last20 = _lines(await cara.command("game log", lines=20))
        assert NUMBER.match(last20[0]) and len(last20) == 20
