"""``/game preview`` through the Discord stand-in says what a move would do, in the words
the channel posts it with, and the mover's standing before and after; a move that draws or
reveals says so and shows nothing of what comes up. A move's label typed whole (a phone's
Enter before an entry of the list was picked) is that move.

The preview repeated the move's label ("Card 3: knight on 3 left bank (by castle)"), where
played it took a castle and a duchy; "Card 3: knight on 3 left bank" typed was answered with
the notation help."""

from __future__ import annotations

from discord_standin import Member, running_bot
from discord_standin.table import open_table, row_of, to_move

from bot.i18n import FORM


async def _table(bot, game: str, lang: str, count: int = 3) -> tuple[list[Member], Member]:
    people = [Member(bot, name, locale=lang) for name in ("Nora", "Otto", "Pia")[:count]]
    await open_table(bot, game, people, language=lang)
    return people, await to_move(bot, people)


async def _choices(member: Member) -> list[dict]:
    return await member.autocomplete("play", "move", "")


async def _preview(bot, member: Member, move: str) -> str:
    record = await member.command("game preview", bot.stand_in.channel, move=move)
    assert not record.visible_posts, "a preview posted in the channel"
    return "\n".join(m.text for m in record.private)


async def test_a_knight_preview_says_what_the_move_posts_and_the_points(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        people, nora = await _table(bot, "rheinlaender", "en")
        move = "play 3 left"  # seed 3: Nora's card 3 takes the castle and the duchy by it
        shown = await _preview(bot, nora, move)
        played = await nora.command("play", bot.stand_in.channel, move=move)
        line = played.private[0].text.splitlines()[0]
        assert "takes the duchy" in line, line
        assert f"> {line}" in shown.splitlines(), shown
        assert "Your standing: 0 pts" in shown and "→ 6 pts" in shown, shown


async def test_the_end_of_a_turn_says_a_card_is_drawn_but_not_which(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        people, nora = await _table(bot, "rheinlaender", "de")
        channel = bot.stand_in.channel
        await nora.command("play", channel, move="play 3 left")
        shown = await _preview(bot, nora, "fertig")
        assert "> **Nora** (Orange) beendet den Zug ohne Bastion." in shown, shown
        assert "zieht oder deckt etwas auf" in shown, shown
        played = await nora.command("play", channel, move="fertig")
        hand = next(m.text for m in played.private if "Hand:" in m.text)
        drawn = hand.split("Hand: ", 1)[1].splitlines()[0]
        assert "Hand:" not in shown and drawn not in shown, shown


async def test_a_pass_preview_in_18rhl_says_the_pass_and_the_worth(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        people, nora = await _table(bot, "18rhl", "en")
        shown = await _preview(bot, nora, "pass")
        played = await nora.command("play", bot.stand_in.channel, move="pass")
        # the move's line: the post's first but the call to the next player, which leads
        line = next(row for row in next(m.text for m in played.visible_posts).splitlines()
                    if not row.startswith("<@"))
        assert f"> {line}" in shown.splitlines(), shown
        assert "Your standing stays: 600M, worth 600M" in shown, shown


async def test_the_preview_never_shows_the_orders_a_round_reveals(tmp_path, monkeypatch):
    """Rhein's next orders lie face down until the round that turns them up: the preview
    of the move that ends a round says the reveal, not the orders."""
    async with running_bot(tmp_path, monkeypatch, seed=5) as bot:
        people, _ = await _table(bot, "rhein", "en", count=2)
        channel = bot.stand_in.channel
        for _ in range(400):
            mover = await to_move(bot, people)
            choices = await _choices(mover)
            move = next((c["value"] for c in choices if c["value"] in ("pass", "done")),
                        choices[-1]["value"])
            shown = await _preview(bot, mover, move)
            played = await mover.command("play", channel, move=move)
            posted = "\n".join(m.text for m in played.visible_posts)
            if "revealed" in posted:
                revealed = next(row for row in posted.splitlines() if "revealed" in row)
                assert revealed not in shown and "revealed" not in shown, shown
                assert "draws or reveals" in shown, shown
                return
        raise AssertionError("no round ended")


async def test_a_label_typed_whole_is_its_move(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        people, nora = await _table(bot, "rheinlaender", "en")
        version = (await row_of(bot, bot.stand_in.channel)).version
        played = await nora.command("play", bot.stand_in.channel,
                                    move="  card 3: Knight on 3 left bank ")
        assert "takes the duchy" in played.private[0].text, played.private[0].text
        assert (await row_of(bot, bot.stand_in.channel)).version == version + 1


async def test_a_german_label_typed_with_its_typed_form_is_its_move(tmp_path, monkeypatch):
    async with running_bot(tmp_path, monkeypatch, seed=3) as bot:
        people, nora = await _table(bot, "rheinlaender", "de")
        channel = bot.stand_in.channel
        label = next(c["name"] for c in await _choices(nora) if c["value"] == "play 3 left")
        assert label.startswith("Karte 3"), label
        version = (await row_of(bot, channel)).version
        for typed in (label, label.partition(FORM)[0], label.rpartition(" (")[0]):
            if not typed:
                continue
            shown = await _preview(bot, nora, typed)
            assert "Herzogtum" in shown, (typed, shown)
        played = await nora.command("play", channel, move=label.rpartition(" (")[0] or label)
        assert "übernimmt das Herzogtum" in played.private[0].text, played.private[0].text
        assert (await row_of(bot, channel)).version == version + 1
