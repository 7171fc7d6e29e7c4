"""A stop through the Discord stand-in, as a reviewer played it: the unload buttons read
"Unload 5, Unload 3, Unload 1, Transfer 1 …, Unload 2, Unload 4", and "Done: keep the rest
aboard" was said in the channel as "Blue keeps the rest aboard." when nothing had been
unloaded, naming no transport or city. The buttons now read the whole load first, then the
smaller counts downwards, transfers after; the done says how many stay aboard what, where."""

from __future__ import annotations

import re

from discord_standin import running_bot
from discord_standin.table import row_of, turn_prompt

from tests.test_discord_standin_rhein_unload_all import stop_table


def _unloads(labels: list[str]) -> list[int]:
    return [int(m[1]) for label in labels if (m := re.match(r"Unload (\d+) ", label))]


async def test_the_unload_buttons_count_down_with_transfers_after(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover, row = await stop_table(bot)
        channel = bot.stand_in.channel
        # the channel's prompt, read before its buttons go; then the private one that holds
        # more buttons, shown once the turn goes on after an unload
        shown = [list(turn_prompt(bot, channel, mover, row.version).labels.values())]
        last = await mover.command("play", channel, move="unload red-train 1")
        row = await row_of(bot, channel)
        shown.append(list(turn_prompt(bot, channel, mover, row.version, last).labels.values()))
        for every in shown:
            labels = [label for label in every if label.startswith(("Unload", "Transfer"))]
            counts = _unloads(labels)
            assert counts == sorted(counts, reverse=True), labels
            kinds = [label.split()[0] for label in labels]
            assert kinds == sorted(kinds, key=lambda kind: kind == "Transfer"), labels
        assert len(_unloads(shown[1])) > 2, shown[1]


async def test_done_at_the_stop_says_what_stays_aboard_where(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        mover, row = await stop_table(bot)
        channel = bot.stand_in.channel
        prompt = turn_prompt(bot, channel, mover, row.version)
        done = next(custom for custom, label in prompt.labels.items()
                    if label.startswith("Done"))
        await mover.press(prompt, done)
        said = "\n".join(m.text for m in bot.stand_in.posts(channel))
        assert "keeps 5 aboard the red Train in Strasbourg" in said, said
        assert "the rest" not in said.replace("Done: keep the rest aboard", ""), said
