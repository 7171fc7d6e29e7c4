"""Slash commands, autocomplete and buttons driven with mocked interactions and a scripted
service: what is deferred, what goes to the channel, what only to the caller."""

from __future__ import annotations

from unittest.mock import AsyncMock, MagicMock

import discord
import pytest
from test_discord_fakes import (
    CHANNEL,
    TALLY,
    FakeChannel,
    FakeService,
    make_adapter,
    make_interaction,
    not_found,
)

from bot.discord.commands import VariantError, parse_variants, variant_suggestions
from bot.discord.delivery import MoveButton


async def test_board_defers_before_the_service_then_posts_the_picture_in_the_channel() -> None:
    order: list[str] = []
    service = FakeService()
    _, commands, _ = make_adapter(service)
    interaction = make_interaction()
    interaction.response.defer.side_effect = lambda **kw: order.append("defer")
    real_board = service.board

    async def board(ctx):
        order.append("service")
        return await real_board(ctx)

    service.board = board
    await commands["game board"].callback(interaction)

    assert order == ["defer", "service"]
    interaction.response.defer.assert_awaited_once_with(ephemeral=True, thinking=True)
    [post] = interaction.channel.posts
    assert post.files == [("board.png", b"\x89PNG fake")]
    assert post.embed.title == "Tally" and post.embed.image.url == "attachment://board.png"
    # Nothing private was said, so the caller's "thinking..." placeholder is removed.
    assert interaction.followup.posts == []
    interaction.delete_original_response.assert_awaited_once()


async def test_export_follows_up_privately_with_the_file() -> None:
    _, commands, _ = make_adapter()
    interaction = make_interaction()
    await commands["game export"].callback(interaction)
    [post] = interaction.followup.posts
    assert post.ephemeral is True
    assert post.files == [("game-7.json", b'{"moves": []}')]
    assert interaction.channel.posts == []
    interaction.delete_original_response.assert_not_awaited()


async def test_hidden_hand_goes_only_to_its_owner() -> None:
    _, commands, _ = make_adapter()
    interaction = make_interaction()
    await commands["game hand"].callback(interaction)
    assert [p.text for p in interaction.followup.posts] == ["Your hand: 3 secret cards"]
    assert all(p.ephemeral for p in interaction.followup.posts)
    assert interaction.channel.posts == []


async def test_an_illegal_move_is_refused_privately_and_the_channel_stays_quiet() -> None:
    service = FakeService()
    _, commands, _ = make_adapter(service)
    interaction = make_interaction()
    await commands["play"].callback(interaction, move="junk")
    assert service.called("play") == [("junk", None)]
    assert [(p.text, p.ephemeral) for p in interaction.followup.posts] == [
        ("'junk' is not a move here.", True)]
    assert interaction.channel.posts == []


async def test_a_move_is_posted_in_the_channel_with_the_next_turn_buttons() -> None:
    service = FakeService()
    _, commands, _ = make_adapter(service)
    interaction = make_interaction(name="Anna")
    await commands["play"].callback(interaction, move="add 2")
    # The move line and the next prompt share one message (fewer posts, fewer rate limits).
    [post] = interaction.channel.posts
    assert post.text == "Anna: add 2\nBert, your turn."
    assert post.custom_ids == ["rb:7:4:0", "rb:7:4:1"]
    assert all(isinstance(item, MoveButton) for item in post.view.children)


async def test_the_service_sees_who_and_where() -> None:
    service = FakeService()
    _, commands, _ = make_adapter(service)
    interaction = make_interaction(user_id=42, name="Cleo", manage=True)
    await commands["game status"].callback(interaction)
    [(_, ctx, _)] = service.calls
    assert (ctx.guild_id, ctx.channel_id, ctx.user_id, ctx.user_name) == (10, CHANNEL, 42, "Cleo")
    assert ctx.can_manage is True and ctx.locale == "en-GB"


async def test_kick_passes_the_replacement_member() -> None:
    service = FakeService()
    _, commands, _ = make_adapter(service)
    player = MagicMock(id=5, display_name="Dora", bot=False)
    stand_in = MagicMock(id=6, display_name="Emil", bot=False)
    await commands["game kick"].callback(make_interaction(manage=True), player=player,
                                         replacement=stand_in)
    await commands["game kick"].callback(make_interaction(manage=True), player=player)
    assert service.called("kick") == [(5, 6, "Emil"), (5, None, None)]
    other_bot = MagicMock(id=7, display_name="Dyno", bot=True)
    refused = make_interaction(manage=True)
    await commands["game kick"].callback(refused, player=player, replacement=other_bot)
    assert "cannot take a seat" in refused.response.send_message.await_args.args[0]
    assert len(service.called("kick")) == 2
    # an AI seat, which no member holds, is named by seat:
    await commands["game kick"].callback(make_interaction(manage=True), seat="Bot 1 (blue)",
                                         replacement=stand_in)
    assert service.called("kick")[-1] == (None, 6, "Emil", "Bot 1 (blue)")


async def test_remind_options_reach_the_service() -> None:
    service = FakeService()
    _, commands, _ = make_adapter(service)
    await commands["remind every"].callback(make_interaction(), hours=6)
    await commands["remind quiet"].callback(make_interaction(), start=22, end=7,
                                            tz="Europe/Berlin")
    await commands["remind off"].callback(make_interaction())
    assert service.called("remind") == [
        ((("every_hours", 6.0),),),
        ((("quiet_from", 22), ("quiet_to", 7), ("tz", "Europe/Berlin")),),
        ((("on", False),),),
    ]


# --- /game new and its variants ------------------------------------------------------------

async def test_new_game_parses_variants_against_the_games_options() -> None:
    service = FakeService()
    _, commands, _ = make_adapter(service)
    await commands["game new"].callback(make_interaction(), game="tally",
                                        variants="target=9, big, pace=WILD", max_players=3)
    assert service.called("new") == [("tally", {"target": 9, "big": True, "pace": "wild"},
                                      None, 3)]


@pytest.mark.parametrize(("text", "complaint"), [
    ("speed=3", "Tally has no variant called 'speed'. Variants of Tally: target=<number>"),
    ("big=maybe", "The variant 'big' is on or off: write big=true or big=false."),
    ("target=many", "The variant 'target' needs a whole number, e.g. target=7."),
    ("pace=slow", "The variant 'pace' is one of: calm, wild."),
    ("target", "The variant 'target' needs a value: target=<number>."),
    ("big, big=false", "The variant 'big' is given twice."),
])
def test_bad_variants_are_explained(text: str, complaint: str) -> None:
    with pytest.raises(VariantError) as caught:
        parse_variants(TALLY, text)
    assert str(caught.value).startswith(complaint)


async def test_a_bad_variant_is_refused_at_once_without_touching_the_service() -> None:
    service = FakeService()
    _, commands, _ = make_adapter(service)
    interaction = make_interaction()
    await commands["game new"].callback(interaction, game="tally", variants="big=maybe")
    interaction.response.send_message.assert_awaited_once()
    args, kwargs = interaction.response.send_message.call_args
    assert kwargs == {"ephemeral": True} and "big=true or big=false" in args[0]
    interaction.response.defer.assert_not_awaited()
    assert service.calls == []


def test_variant_suggestions_complete_the_last_item() -> None:
    pairs = variant_suggestions(TALLY, "target=9, pa")
    assert [value for _, value in pairs] == ["target=9, pace=calm", "target=9, pace=wild"]
    assert all(label.startswith("pace=") for label, _ in pairs)


async def test_variants_autocomplete_follows_the_chosen_game() -> None:
    _, commands, _ = make_adapter()
    complete = commands["game new"]._params["variants"].autocomplete
    found = await complete(make_interaction(namespace={"game": "tally"}), "b")
    assert [c.value for c in found] == ["big=true", "big=false"]
    assert await complete(make_interaction(namespace={}), "b") == []


# --- autocomplete ----------------------------------------------------------------------------

async def test_move_autocomplete_is_filtered_capped_and_fits_discord() -> None:
    service = FakeService()
    service.choices = [(f"Load crate {n} onto the red barge", f"load red {n}") for n in range(40)]
    service.choices += [("Sail " + "far " * 40, "sail far"), ("Too long", "x" * 101)]
    _, commands, _ = make_adapter(service)
    complete = commands["play"]._params["move"].autocomplete

    everything = await complete(make_interaction(), "")
    assert len(everything) == 25
    sail = await complete(make_interaction(), "sail")
    assert [c.value for c in sail] == ["sail far"] and len(sail[0].name) <= 100
    assert sail[0].name.endswith(" far…")  # cut after a whole word
    crate7 = await complete(make_interaction(), "crate 7")
    assert [c.value for c in crate7] == ["load red 7"]
    assert service.called("move_choices")[-1] == ("crate 7",)
    assert await complete(make_interaction(), "too long") == []


async def test_move_autocomplete_answers_empty_when_the_service_fails() -> None:
    service = FakeService()
    service.move_choices = AsyncMock(side_effect=RuntimeError("database locked"))
    adapter, _, _ = make_adapter(service)
    assert await adapter.move_choices(make_interaction(), "lo") == []


async def test_rules_topics_autocomplete_asks_the_service_with_the_game_picked() -> None:
    # the service knows the channel's game where none is picked (test_discord_rules_topic_channel)
    service = FakeService()
    service.topic_choices = AsyncMock(return_value=[("Components", "components")])
    _, commands, _ = make_adapter(service)
    complete = commands["rules"]._params["topic"].autocomplete
    found = await complete(make_interaction(namespace={"game": "tally"}), "comp")
    assert [c.value for c in found] == ["components"]
    assert service.topic_choices.await_args.args[1:] == ("comp", "tally")


async def test_time_zones_autocomplete() -> None:
    _, commands, _ = make_adapter()
    complete = commands["remind quiet"]._params["tz"].autocomplete
    found = await complete(make_interaction(), "europe/ber")
    assert [c.value for c in found] == ["Europe/Berlin"]


# --- buttons ---------------------------------------------------------------------------------

async def test_a_button_press_routes_its_custom_id_to_the_service() -> None:
    service = FakeService(version=4)
    adapter, _, _ = make_adapter(service)
    channel = FakeChannel()
    interaction = make_interaction(channel=channel, client=MagicMock(adapter=adapter))
    button = MoveButton("rb:7:4:1", "Add 2")
    await button.callback(interaction)
    assert service.called("press") == [("rb:7:4:1",)]
    assert service.called("play") == [("add 1", 4)]
    assert channel.posts[0].text.startswith("Anna: add 1")
    # No "thinking..." placeholder for a click; the used prompt loses its buttons.
    interaction.response.defer.assert_awaited_once_with(ephemeral=True, thinking=False)
    interaction.edit_original_response.assert_awaited_once_with(view=None)
    interaction.delete_original_response.assert_not_awaited()


async def test_a_stale_button_is_refused_privately() -> None:
    service = FakeService(version=9)
    adapter, _, _ = make_adapter(service)
    interaction = make_interaction(client=MagicMock(adapter=adapter))
    await MoveButton("rb:7:4:1").callback(interaction)
    assert service.called("play") == []
    assert [(p.text, p.ephemeral) for p in interaction.followup.posts] == [
        ("The game moved on, look again.", True)]
    assert interaction.channel.posts == []
    interaction.edit_original_response.assert_not_awaited()


async def test_button_is_rebuilt_from_its_custom_id_after_a_restart() -> None:
    template = MoveButton.__discord_ui_compiled_template__
    custom_id = "rb:12:345:7"
    match = template.fullmatch(custom_id)
    assert match and match.group("game") == "12" and match.group("version") == "345"
    stored = discord.ui.Button(label="Add 1", custom_id=custom_id)
    rebuilt = await MoveButton.from_custom_id(make_interaction(), stored, match)
    assert rebuilt.custom_id == custom_id and rebuilt.item.label == "Add 1"
    assert template.fullmatch("other:1:2") is None


# --- refusals before the service -------------------------------------------------------------

async def test_when_the_defer_fails_the_move_is_not_made() -> None:
    service = FakeService()
    _, commands, _ = make_adapter(service)
    interaction = make_interaction()
    interaction.response.defer.side_effect = not_found(10062)
    await commands["play"].callback(interaction, move="add 1")
    assert service.calls == []
    assert interaction.channel.posts == []


async def test_a_service_crash_is_answered_privately() -> None:
    service = FakeService()
    service.status = AsyncMock(side_effect=RuntimeError("boom"))
    _, commands, _ = make_adapter(service)
    interaction = make_interaction()
    await commands["game status"].callback(interaction)
    [post] = interaction.followup.posts
    assert post.ephemeral and "went wrong" in post.text
    assert interaction.channel.posts == []


async def test_a_question_before_a_move_leaves_the_pressed_prompt_its_buttons() -> None:
    # pressing "Go bankrupt" asks first; saying no must leave the prompt usable
    from bot.discord.commands import Adapter
    from bot.replies import Audience, Button, Reply

    interaction = make_interaction()
    question = Reply("Going bankrupt ends your game…", Audience.EPHEMERAL,
                     buttons=[Button("Go bankrupt", "rb:7:4:sure-12", "danger")])
    await Adapter._clear_used(interaction, [question])
    interaction.edit_original_response.assert_not_awaited()
    prompt = Reply("Your turn goes on", Audience.EPHEMERAL, buttons=[Button("Pass", "rb:7:5:0")])
    await Adapter._clear_used(interaction, [prompt])
    interaction.edit_original_response.assert_awaited_once_with(view=None)
