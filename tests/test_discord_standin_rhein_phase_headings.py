"""The AI seats' summary heads the game's own events with the phase they belong to, through
the Discord stand-in. A move's lines all went under the phase it was made in, so "Bot 1 is
done loading. Anna has nothing to do in Phase 3 (Reserve Stops)." stood above the Phase 3
heading, "The red Train stops in Strasbourg." ended Phase 3 and "Round 2: orders …
revealed." ended the round before. Rhein's log now says where a phase begins, and the
summary heads what follows with it."""

from __future__ import annotations

import re

from discord_standin import Member, running_bot
from discord_standin.table import row_of

from engine.rhein import Rhein
from tests.rhein_helpers import at_load, board, fresh

HEADING = re.compile(r"^__Round (\d+)/\d+ · Phase (\d)")


class LoadRhein(Rhein):
    """Rhein that opens on Phase 2 with 4 of the second seat's containers on the red Train,
    a stop reserved in Strasbourg: Phase 4 moves it there by itself."""

    def setup(self, num_players, options, seed):
        state = fresh(num_players, options, seed=3)
        board(state, "red-train", None, {1: 4}, markers=[1])
        at_load(state)
        return state


def phase_of(line: str) -> tuple[int, int] | None:
    """The round and phase a line of a Rhein event belongs to, by its words."""
    if "nothing to do in Phase 3" in line:
        return None, 3
    if "stops in Strasbourg" in line:
        return None, 4
    found = re.search(r"Round (\d+): orders", line)
    return (int(found.group(1)), 1) if found else None


async def test_events_read_under_the_heading_of_their_phase(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        service = bot.client.adapter.service
        service.games = {**service.games, "rhein": LoadRhein()}
        channel = bot.stand_in.channel
        anna = Member(bot, "Anna")
        await anna.command("game new", channel, game="rhein")
        await anna.command("game add-bot", channel, level="normal")
        await anna.command("game start", channel, order="joined")
        assert (await row_of(bot, channel)).active_seats == [0]
        await anna.command("play", channel, move="done")  # Anna loads nothing: Bot 1's turn
        checked = set()
        for post in bot.stand_in.posts(channel):
            heading = None
            for line in post.text.splitlines():
                found = HEADING.match(line)
                if found:
                    heading = (int(found.group(1)), int(found.group(2)))
                    continue
                for sentence in line.split(". "):
                    belongs = phase_of(sentence)
                    if belongs is None:
                        continue
                    round_number, phase = belongs
                    assert heading is not None and heading[1] == phase and \
                        round_number in (None, heading[0]), (sentence, heading, post.text)
                    checked.add(phase)
        assert checked == {1, 3, 4}, "\n---\n".join(p.text for p in bot.stand_in.posts(channel))
