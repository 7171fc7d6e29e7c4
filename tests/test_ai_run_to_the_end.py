"""Through the Discord stand-in: a move after which the AI seats play the game to its end in
many phases says the earlier ones as a count, then the last phase whole and the result. In
the stand-in's 18Rhl game Bert is bankrupt when Anna leaves; her leave set off the AI seats'
last eight operating rounds in eleven posts (about 15,000 characters), which the table, with
nobody left to move, could only scroll past to the result."""

from __future__ import annotations

from discord_standin import running_bot
from discord_standin.table import game_of_two

from bot.i18n import t


async def test_a_long_run_to_the_end_is_counted_up_to_its_last_phase(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        played = await game_of_two(bot, "18rhl", 30, second_locale="de")
        assert played.status == "finished"
        [leave, *_] = [r for r in played.other
                       if r.payload["data"].get("options", [{}])[0].get("name") == "leave"]
        posts = [post.text for post in leave.visible_posts]
        said = "\n".join(posts)
        # her own moves of a stock-round turn that went on are said with the leave that ends it
        lines = said.splitlines()
        [leaves] = [i for i, line in enumerate(lines) if line.startswith("**Anna** leaves")]
        assert all(line.startswith("**Anna**") for line in lines[:leaves]), said
        more = t("svc.ai_more", "en", count=0).split("0")[0]  # "… and "
        assert lines[leaves + 2].startswith(more), said  # under the run's first heading
        # the bank's break and the phases' changes stay, as lines of their own
        assert "Phase 5 begins: train limit 2." in lines, said
        headings = [line for line in lines if line.startswith("__")]
        assert len(headings) == 2, headings  # the run's first phase, and its last
        assert "bank has broken" in said and "final result" in posts[-1], posts
        assert len(posts) <= 3, [len(post) for post in posts]
