"""A post's title and its headings agree, and a player's move that begins a phase says the
new phase's events under its heading, through the Discord stand-in. A board post was titled
with the phase after its moves and opened with the heading of the phase before ("Phase 5 ·
OR 5.1" above "__Phase 4 · OR 5.1__"); Bert's last load that ended Phase 2 read
"**Bert** is done loading. Anna has nothing to do in Phase 3 (Reserve Stops)." all under the
Phase 2 heading (the AI seats' summary already split such moves)."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import row_of

from engine.rhein import Rhein
from tests.rhein_helpers import at_load, board, fresh


class LoadRhein(Rhein):
    """Rhein that opens on Phase 2 with 4 of the second seat's containers on the red Train."""

    def setup(self, num_players, options, seed):
        state = fresh(num_players, options, seed=3)
        board(state, "red-train", None, {1: 4}, markers=[1])
        at_load(state)
        return state


def headed(post) -> tuple[str | None, list[str]]:
    """A post's embed title and the phases its headings name, in order."""
    title = next((e.get("title") for e in post.embeds if e.get("title")), None)
    text = "\n".join(e.get("description") or "" for e in post.embeds) or post.content
    return title, [line[2:-2] for line in text.splitlines()
                   if line.startswith("__") and line.endswith("__")]


async def seated(bot, *, bots: int = 0, humans=("Anna", "Bert")):
    service = bot.client.adapter.service
    service.games = {**service.games, "rhein": LoadRhein()}
    channel = bot.stand_in.channel
    members = [Member(bot, name) for name in humans]
    await members[0].command("game new", channel, game="rhein")
    for member in members[1:]:
        await member.command("game join", channel)
    for _ in range(bots):
        await members[0].command("game add-bot", channel, level="normal")
    await members[0].command("game start", channel, order="joined")
    return channel, members


async def test_a_players_move_that_begins_a_phase_heads_its_events(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        channel, (anna, bert) = await seated(bot)
        assert (await row_of(bot, channel)).active_seats == [0]
        await anna.command("play", channel, move="done")
        before = len(bot.stand_in.posts(channel))
        await bert.command("play", channel, move="done")  # the last load: Phase 3 begins
        post = next(p for p in bot.stand_in.posts(channel)[before:] if "Bert" in p.text)
        title, headings = headed(post)
        assert headings == ["Round 1/10 · Phase 2: Load Containers",
                            "Round 1/10 · Phase 3: Reserve Stops"], post.text
        lines = post.text.splitlines()
        bert_line = next(n for n, line in enumerate(lines) if "**Bert**" in line)
        anna_line = next(n for n, line in enumerate(lines) if "nothing to do" in line)
        assert lines[bert_line] == "**Bert** (yellow) is done loading."
        assert lines[anna_line - 1] == "__Round 1/10 · Phase 3: Reserve Stops__"
        assert title == "Round 1/10 · Phase 2: Load Containers → Phase 3: Reserve Stops"


async def test_titles_name_the_phase_their_headings_begin_with(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        channel, (anna,) = await seated(bot, bots=1, humans=("Anna",))
        await anna.command("play", channel, move="done")  # Bot 1 loads, the round goes on
        checked = 0
        for post in bot.stand_in.posts(channel):
            title, headings = headed(post)
            if title is None or not headings:
                continue
            # the title names where the post begins ("A → B" from A to B)
            assert title == headings[0] or title.split(" → ")[0] in headings[0], post.text
            checked += 1
        assert checked, [p.text for p in bot.stand_in.posts(channel)]
