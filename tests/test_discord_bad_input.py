"""Random text in every free-text slash option: a clear private refusal or a valid action,
never a crash, never a public post, never a changed game."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_discord_fakes import CHANNEL, TALLY, FakeChannel, make_adapter, make_interaction

import engine
from bot.discord.commands import TROUBLE, VariantError, parse_variants
from bot.service import Ctx, TablesService
from bot.store import Store

TEXT = st.text(max_size=120)
WORDY = st.lists(st.sampled_from(["target", "big", "pace", "=", ",", "true", "9", "wild",
                                  "relax", " ", ":", "no", "-1", "calm", ";"]),
                 max_size=10).map("".join)


def installed_games() -> list[engine.Game]:
    games = []
    for key in engine.GAMES:
        try:
            games.append(engine.GAMES[key])
        except Exception:  # a game whose engine has not landed yet
            continue
    return games + [TALLY]


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(TEXT, WORDY))
def test_variants_text_is_parsed_or_explained(text: str) -> None:
    for game in installed_games():
        try:
            options = parse_variants(game, text)
        except VariantError as error:
            assert str(error).endswith(".") and len(str(error)) > 20
            continue
        # Whatever parses is of the right type for the engine (range checks are its own).
        try:
            game.normalise_options(options)
        except engine.RuleError as error:
            assert str(error)


async def fresh_table(path: str):
    store = await Store.open(path)
    service = TablesService(store, games={"tally": TALLY}, render=lambda k, v: b"PNG",
                            seed_source=lambda: 5)
    _, commands, _ = make_adapter(service, ctx_type=Ctx)
    channel = FakeChannel()
    for user, name, path_, options in [(1, "Anna", "game new", {"game": "tally"}),
                                       (2, "Bert", "game join", {}),
                                       (1, "Anna", "game start", {"order": "joined"})]:
        await commands[path_].callback(make_interaction(user, name, channel), **options)
    return store, commands, channel


async def throw_text(path: str, texts: list[str]) -> None:
    store, commands, channel = await fresh_table(path)
    try:
        row = await store.latest_game(CHANNEL)
        posts = len(channel.posts)
        for user, text in zip([1, 2] * len(texts), texts, strict=False):
            for command, options in [("play", {"move": text}),
                                     ("rules", {"game": "tally", "topic": text}),
                                     ("remind quiet", {"start": 1, "end": 2, "tz": text}),
                                     ("game join", {"colour": text})]:
                interaction = make_interaction(user, "Anna" if user == 1 else "Bert", channel)
                await commands[command].callback(interaction, **options)
                said = [p for p in interaction.followup.posts]
                assert all(p.text != TROUBLE for p in said), (command, text)
                if command != "play" or text.strip().lower() not in ("add 1", "add 2"):
                    assert len(channel.posts) == posts, (command, text)
                posts = len(channel.posts)
        assert (await store.game(row.id)).status in ("active", "finished")
    finally:
        await store.close()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=st.lists(st.one_of(TEXT, st.sampled_from(["add 1", "ADD 2", "add 3", "add",
                                                       "Europe/Berlin", "red"])),
                      min_size=1, max_size=6))
def test_random_text_in_slash_options_is_refused_privately(tmp_path_factory, texts) -> None:
    path = str(tmp_path_factory.mktemp("fuzz") / "t.sqlite3")
    asyncio.run(throw_text(path, texts))


@pytest.mark.parametrize("text", ["", " ", "add 1; drop table games", "\x00", "add 99999999999"])
async def test_odd_moves_change_nothing(tmp_path, text: str) -> None:
    store, commands, channel = await fresh_table(str(tmp_path / "odd.sqlite3"))
    try:
        row = await store.latest_game(CHANNEL)
        interaction = make_interaction(1, "Anna", channel)
        await commands["play"].callback(interaction, move=text)
        [refusal] = interaction.followup.posts
        assert refusal.ephemeral and refusal.text != TROUBLE
        assert (await store.game(row.id)).version == row.version
    finally:
        await store.close()
