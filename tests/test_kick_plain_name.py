"""A seat named by its player's name as the bot's posts show it: names are stored escaped
for Discord's markdown ("Mr\\_Bean", bot.discord.names), and /game kick seat:Mr_Bean named
no seat (a code review's finding); its autocomplete listed "Mr\\_Bean", backslash and all."""

from __future__ import annotations

from discord_standin.driver import Member, running_bot


async def _lobby(bot, name: str) -> Member:
    """Anna's Rhein lobby, joined by a member called ``name`` playing green: Anna."""
    anna = Member(bot, "Anna")
    await anna.command("game new", bot.stand_in.channel, game="rhein")
    await Member(bot, name).command("game join", bot.stand_in.channel, colour="green")
    return anna


async def test_a_seat_is_kicked_by_its_name_as_shown(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        ch = bot.stand_in.channel
        anna = await _lobby(bot, "Mr_Bean")
        choices = await anna.autocomplete("game kick", "seat", "mr_b", ch)
        assert [c["value"] for c in choices] == ["Mr_Bean (green)"], choices
        kicked = await anna.command("game kick", ch, seat="mr_bean")
        assert kicked.visible_posts and not kicked.errors, [m.text for m in kicked.private]
        assert "Bean" in kicked.visible_posts[0].text


async def test_the_autocomplete_choice_kicks_its_seat(tmp_path, monkeypatch) -> None:
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        ch = bot.stand_in.channel
        anna = await _lobby(bot, "*Bean*")
        choices = await anna.autocomplete("game kick", "seat", "", ch)
        shown = next(c for c in choices if "Bean" in c["value"])
        assert "\\" not in shown["name"] + shown["value"], shown
        kicked = await anna.command("game kick", ch, seat=shown["value"])
        assert kicked.visible_posts and not kicked.errors, [m.text for m in kicked.private]
