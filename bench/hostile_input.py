"""Discord-sized hostile input into every text parameter of every service operation.

Discord lets a member type up to 6,000 characters into a string option, and a refusal that
repeats all of it passes the 2,000-character message limit, so Discord refuses the reply and
the player sees nothing. Each probe calls one operation with one hostile value in one
language and checks what comes back: every reply within Discord's limits
(``bot.replies.limit_problems``; autocomplete answers too), no exception, and (checked once
at the end) no table changed. ``tests/test_service_hostile_input.py`` runs all probes;
``python -m bench.hostile_input`` prints the probe count and the max and p99 time per probe
(a bench figure: the target is under 2 s each, never asserted in a test).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.replies import Reply, choice_problems, limit_problems
from bot.service import Ctx, TablesService
from bot.store import Store
from engine import GAMES
from engine.rhl18 import importer

GAME_KEYS = ("rhein", "rheinlaender", "troedler", "18rhl")
SIZE = 6000  # characters Discord allows in one string option
LANGUAGES = ("en", "de")
SLOW_S = 2.0  # the target per probe (bench figure)
PARTIAL = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "18rhl" / \
    "rhl_gen_3p_31001.json.gz"


def _filled(head: str, fill: str) -> str:
    return (head + fill * SIZE)[:SIZE]


# Each value is as long as Discord allows: plain letters, numbers past int()'s 4,300 digits
# (alone and after each game's verbs), text that is several bytes per character, Discord
# markup and mentions, line breaks, emoji, a button id and a hex that run on.
HOSTILE = (
    _filled("", "x"),
    _filled("", "9"),
    _filled("take ", "9"),
    _filled("bid nlk ", "9"),
    _filled("lay 9 F11 ", "1"),
    _filled("deliver ", "1"),
    _filled("", "ä"),
    _filled("", "<@1> @everyone `**__"),
    _filled("", "\n") [:SIZE // 2] + _filled("", "y")[:SIZE // 2],
    "\U0001F600" * (SIZE // 2),
    _filled("rb:1:1:", "1"),
    _filled("F", "9"),
)


@dataclass
class Probe:
    operation: str   # "play(move)", with the game it ran on
    value: int       # index into HOSTILE
    lang: str
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)


@dataclass
class Tables:
    """Where each kind of probe runs: a lobby and a started game per game (the started 18Rhl
    one an 18xx.games import in an operating round, where lays and runs are asked for)."""

    service: TablesService
    lobby: dict[str, int] = field(default_factory=dict)     # game -> channel
    active: dict[str, tuple[int, int]] = field(default_factory=dict)  # -> channel, user to act
    versions: dict[int, int] = field(default_factory=dict)  # channel -> version at the start


def ctx(channel: int, user: int, lang: str = "en") -> Ctx:
    return Ctx(guild_id=1, channel_id=channel, user_id=user, user_name=f"U{user}",
               locale=lang, can_manage=True)


def no_render(game_key: str, view: dict) -> bytes:
    return b"\x89PNG probe"


async def prepare(path: Path) -> Tables:
    store = await Store.open(str(path))
    service = TablesService(store, games={k: GAMES[k] for k in GAME_KEYS}, render=no_render,
                            seed_source=lambda: 11)
    tables = Tables(service)
    for number, key in enumerate(GAME_KEYS):
        lobby, active = 100 + number, 200 + number
        await service.new(ctx(lobby, 1), key)
        tables.lobby[key] = lobby
        players = GAMES[key].min_players if key != "18rhl" else 3
        if key == "18rhl":
            export = importer.load_json(PARTIAL)
            export["actions"] = export["actions"][:260]  # in an operating round
            await service.import_18xx(ctx(active, 1), export)
        else:
            await service.new(ctx(active, 1), key, min_players=players, max_players=players)
        for user in range(1 if key == "18rhl" else 2, players + 1):
            await service.join(ctx(active, user))
        await service.start(ctx(active, 1), order="joined")
        row = await store.latest_game(active)
        assert row is not None and row.status == "active", (key, row)
        seats = {s.seat: s.user_id for s in await store.seats(row.id)}
        tables.active[key] = (active, int(seats[row.active_seats[0]]))
    for channel in [*tables.lobby.values(), *(c for c, _ in tables.active.values())]:
        row = await store.latest_game(channel)
        assert row is not None
        tables.versions[channel] = row.version
    return tables


Call = Callable[[str, str], Awaitable[Any]]


def operations(tables: Tables) -> list[tuple[str, Call]]:
    """(name, call(value, lang)) for every text parameter of every service operation."""
    svc = tables.service
    ops: list[tuple[str, Call]] = []

    def add(name: str, call: Call) -> None:
        ops.append((name, call))

    for key, lobby in tables.lobby.items():
        # user 9 is not seated: join goes through colour picking; user 1 created the table
        add(f"join(colour) {key}", lambda v, g, c=lobby: svc.join(ctx(c, 9, g), v))
        add(f"colour_choices(typed) {key}",
            lambda v, g, c=lobby: svc.colour_choices(ctx(c, 9, g), v))
        add(f"add_bot(level) {key}", lambda v, g, c=lobby: svc.add_bot(ctx(c, 1, g), v))
        add(f"start(order) {key}", lambda v, g, c=lobby: svc.start(ctx(c, 1, g), v))
        # /game new in a channel that has a table: every value is checked before that
        add(f"new(pace) {key}",
            lambda v, g, c=lobby, k=key: svc.new(ctx(c, 1, g), k, pace=v))
        add(f"new(language) {key}",
            lambda v, g, c=lobby, k=key: svc.new(ctx(c, 1, g), k, lang=v))
        add(f"new(variant name) {key}",
            lambda v, g, c=lobby, k=key: svc.new(ctx(c, 1, g), k, {v: True}))
        for option in GAMES[key].options[:1]:  # Rheinländer has none
            add(f"new(variant value) {key}", lambda v, g, c=lobby, k=key, o=option.name:
                svc.new(ctx(c, 1, g), k, {o: v}))
        add(f"rules(topic) {key}", lambda v, g, k=key: svc.rules(ctx(1, 1, g), k, v))
    for key, (channel, user) in tables.active.items():
        add(f"play(move) {key}", lambda v, g, c=channel, u=user: svc.play(ctx(c, u, g), v))
        add(f"preview(move) {key}",
            lambda v, g, c=channel, u=user: svc.preview(ctx(c, u, g), v))
        add(f"board(near) {key}", lambda v, g, c=channel, u=user: svc.board(ctx(c, u, g), v))
        add(f"move_choices(typed) {key}",
            lambda v, g, c=channel, u=user: svc.move_choices(ctx(c, u, g), v))
        add(f"press(custom_id) {key}",
            lambda v, g, c=channel, u=user: svc.press(ctx(c, u, g), v))
    lobby = tables.lobby["rhein"]
    add("new(game)", lambda v, g: svc.new(ctx(lobby, 1, g), v))
    add("rules(game)", lambda v, g: svc.rules(ctx(1, 1, g), v, None))
    add("remind(tz)", lambda v, g: svc.remind(ctx(1, 1, g), quiet_from=22, quiet_to=7, tz=v))
    add("stats(player name)", lambda v, g: svc.stats(ctx(lobby, 1, g), 5, v))
    add("import_18xx(title)", lambda v, g: svc.import_18xx(
        ctx(300, 1, g), {"title": v, "players": [], "actions": []}))
    add("import_18xx(bad action)", lambda v, g: svc.import_18xx(
        ctx(300, 1, g), {"title": "18Rhl", "players": [{"id": 1, "name": "A"},
                                                       {"id": 2, "name": "B"},
                                                       {"id": 3, "name": "C"}],
                         "actions": [{"type": v, "id": 1, "entity": 1}]}))
    return ops


QUOTED = 64  # a reply repeating this much of a hostile value quotes more than a prefix


def check(operation: str, value: str, result: Any) -> list[str]:
    if not isinstance(result, list):
        return [f"unexpected answer {type(result).__name__}"]
    if "choices" in operation:  # autocomplete: (name, value) pairs, none is an answer too
        return choice_problems(result)
    if not result or not all(isinstance(r, Reply) for r in result):
        return ["no reply at all"]
    problems = [problem for reply in result for problem in limit_problems(reply)]
    # a run from the value's middle: past any verb at its start, well inside its filler
    middle = value[len(value) // 4:len(value) // 4 + QUOTED]
    problems += [f"quotes {QUOTED}+ characters of the input" for reply in result
                 if middle in reply.text or middle in (reply.title or "")]
    return problems


async def run_probes(tables: Tables) -> list[Probe]:
    probes = []
    for name, call in operations(tables):
        for index, value in enumerate(HOSTILE):
            for lang in LANGUAGES:
                probe = Probe(name, index, lang)
                start = time.perf_counter()
                try:
                    probe.problems = check(name, value, await call(value, lang))
                except Exception as error:  # noqa: BLE001 - a probe reports, never stops
                    probe.problems = [f"{type(error).__name__}: {str(error)[:200]}"]
                probe.seconds = time.perf_counter() - start
                probes.append(probe)
    return probes


async def changed_tables(tables: Tables) -> list[str]:
    """Tables whose version moved while the probes ran (a probe must change nothing)."""
    moved = []
    for channel, version in tables.versions.items():
        row = await tables.service.store.latest_game(channel)
        if row is None or row.version != version:
            moved.append(f"channel {channel}: version {version} -> {row and row.version}")
    if await tables.service.store.latest_game(300) is not None:
        moved.append("an import opened a table")
    return moved


async def probe_all(folder: Path) -> tuple[list[Probe], list[str]]:
    tables = await prepare(folder / "probes.sqlite3")
    try:
        probes = await run_probes(tables)
        return probes, await changed_tables(tables)
    finally:
        await tables.service.store.close()


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        probes, moved = asyncio.run(probe_all(Path(folder)))
    times = sorted(p.seconds for p in probes)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    bad = [p for p in probes if p.problems]
    slow = [p for p in probes if p.seconds > SLOW_S]
    print(f"hostile input: {len(probes)} probes ({len(HOSTILE)} values x {len(LANGUAGES)} "
          f"languages x {len(probes) // len(HOSTILE) // len(LANGUAGES)} parameters)")
    print(f"time per probe: max {times[-1] * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
          f"slower than {SLOW_S:g} s: {len(slow)}")
    print(f"replies over a Discord limit or exceptions: {len(bad)}; tables changed: "
          f"{len(moved)}")
    slowest = max(probes, key=lambda p: p.seconds)
    print(f"slowest: {slowest.operation} with value {slowest.value} ({slowest.lang})")
    by_operation: dict[str, list[Probe]] = {}
    for probe in bad:
        by_operation.setdefault(probe.operation, []).append(probe)
    for operation, failed in by_operation.items():
        print(f"  {operation}: {len(failed)} probes, e.g. value {failed[0].value} "
              f"{failed[0].lang}: {failed[0].problems[:2]}")
    for line in moved:
        print(f"  {line}")
    return 1 if bad or moved else 0


if __name__ == "__main__":
    raise SystemExit(main())
