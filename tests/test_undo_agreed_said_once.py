"""An agreed undo is said once: the request's post, edited, says "Undo agreed: Bert's last
move was taken back (3 moves undone)"; the channel then gets the turn prompt, not a second
post "Bert takes back 3 moves." (a reviewer read the two as two undos)."""

from __future__ import annotations

from discord_standin import running_bot
from test_undo_vote_buttons import YES, button, outcome, request_of, three_players_and_a_vote


async def test_typed_agreement_says_the_undo_in_the_request_alone(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, second), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        await first.command("game undo-vote", bot.stand_in.channel, agree=True)
        done = await second.command("game undo-vote", bot.stand_in.channel, agree=True)
        assert outcome(request).startswith(f"Undo agreed: **{asker.name}**'s last move")
        texts = [m.text for m in done.visible_posts]
        assert not any("takes back" in text for text in texts), texts
        assert not done.errors
        # the next prompt pings whose turn it is; the voter who just agreed only if it is theirs
        assert texts and "your turn" in texts[-1]


async def test_the_last_button_vote_says_the_undo_in_the_request_alone(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        asker, (first, second), asked = await three_players_and_a_vote(bot)
        request = request_of(asked)
        await first.press(request, button(request, YES))
        done = await second.press(request, button(request, YES))
        assert outcome(request).startswith(f"Undo agreed: **{asker.name}**'s last move")
        assert not any("takes back" in m.text for m in done.visible_posts)
        assert not any(f"<@{second.id}>" in m.text for m in done.visible_posts
                       if "your turn" not in m.text)
