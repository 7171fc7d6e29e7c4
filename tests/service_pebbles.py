"""Pebbles: a tiny test-only game for the store, service, reminder and CLI tests.

It has what the real games have that the platform must handle: 2-4 players, a simultaneous
step (everyone says ``ready``), hidden hands of gem cards, random draws, and phase changes.

Rules: a pile of stones; on your turn ``take N`` (1-3) scores N, or ``play GEM`` discards a gem
from your hidden hand, removes its value in stones, scores double, and draws a new gem; then
you ``end`` your turn (so a mover stays active, as in games with several steps per turn). The
phase is the "round": every five stones taken starts a new one. Empty pile: highest score wins.
"""

from __future__ import annotations

from engine.core import (
    Game,
    Option,
    RuleError,
    State,
    new_rng,
    rank_standings,
    rng_below,
    rng_shuffle,
)

GEMS = {"amber": 1, "beryl": 2, "coral": 3, "garnet": 1, "jasper": 2, "opal": 3,
        "pearl": 1, "quartz": 2, "ruby": 3, "topaz": 1, "zircon": 2, "jade": 3}


class Pebbles(Game):
    key = "pebbles"
    title = "Pebbles"
    min_players = 2
    max_players = 4
    options = (Option("big_pile", "bool", False, "Ten more stones in the pile."),)
    topics = {"moves": "take N (1-3) or play GEM.", "components": "All house-made."}

    def setup(self, num_players, options, seed):
        self.check_players(num_players)
        options = self.normalise_options(options)
        deck = sorted(GEMS)
        state: State = {"n": num_players, "rng": new_rng(seed), "reveals": 0, "turn": 0,
                        "pile": 9 + 3 * num_players + (10 if options["big_pile"] else 0),
                        "ready": [False] * num_players, "scores": [0] * num_players,
                        "acted": False}
        rng_shuffle(state["rng"], deck)
        state["start"] = state["pile"]
        state["hands"] = [[deck.pop(), deck.pop()] for _ in range(num_players)]
        state["deck"] = deck
        state["discard"] = []
        return state

    def active(self, state):
        if state["pile"] == 0:
            return []
        if not all(state["ready"]):
            return [seat for seat, ready in enumerate(state["ready"]) if not ready]
        return [state["turn"]]

    def legal(self, state, seat):
        if seat not in self.active(state):
            return []
        if not state["ready"][seat]:
            return [{"type": "ready"}]
        if state["acted"]:
            return [{"type": "end"}]
        moves = [{"type": "take", "n": n} for n in (1, 2, 3) if n <= state["pile"]]
        moves += [{"type": "play", "gem": gem} for gem in state["hands"][seat]
                  if GEMS[gem] <= state["pile"]]
        return moves

    def _apply(self, state, seat, action):
        if seat not in self.active(state):
            raise RuleError("It is not your turn in Pebbles.")
        if self.find_legal(state, seat, action) is None:
            raise RuleError("Pebbles allows taking 1-3 stones (no more than the pile) "
                            "or playing a gem from your hand.")
        if action["type"] == "ready":
            state["ready"][seat] = True
            return [f"Seat {seat} is ready."]
        if action["type"] == "end":
            state["acted"] = False
            state["turn"] = (state["turn"] + 1) % state["n"]
            return [f"Seat {seat} ends the turn."]
        state["acted"] = True
        if action["type"] == "take":
            state["pile"] -= action["n"]
            state["scores"][seat] += action["n"]
            lines = [f"Seat {seat} takes {action['n']}."]
        else:
            gem = action["gem"]
            state["hands"][seat].remove(gem)
            state["discard"].append(gem)
            state["reveals"] += 1
            state["pile"] -= GEMS[gem]
            state["scores"][seat] += 2 * GEMS[gem]
            lines = [f"Seat {seat} plays {gem} for {2 * GEMS[gem]}."]
            if state["deck"]:
                pick = rng_below(state["rng"], len(state["deck"]))
                state["hands"][seat].append(state["deck"].pop(pick))
        return lines

    def view(self, state, seat):
        public = {"pile": state["pile"], "scores": list(state["scores"]),
                  "turn": state["turn"], "hand_sizes": [len(h) for h in state["hands"]],
                  "discard": list(state["discard"]), "phase": self.phase(state)}
        if seat is not None:
            public["hand"] = list(state["hands"][seat])
        return public

    def phase(self, state):
        if not all(state["ready"]):
            return "Getting ready"
        if state["pile"] == 0:
            return "Game over"
        return f"Round {1 + (state['start'] - state['pile']) // 5}"

    def result(self, state):
        if state["pile"]:
            return None
        return rank_standings({seat: (score,) for seat, score in enumerate(state["scores"])})

    def format(self, state, action):
        if action["type"] in ("ready", "end"):
            return action["type"]
        if action["type"] == "take":
            return f"take {action['n']}"
        return f"play {action['gem']}"

    def label(self, state, action):
        if action["type"] == "play":
            return f"Play {action['gem']} (worth {2 * GEMS[action['gem']]})"
        return self.format(state, action).capitalize()

    def parse(self, state, seat, text):
        words = text.strip().lower().split()
        if words in (["ready"], ["end"]):
            return {"type": words[0]}
        if len(words) == 2 and words[0] == "take" and words[1] in ("1", "2", "3"):
            return {"type": "take", "n": int(words[1])}
        if len(words) == 2 and words[0] == "play" and words[1] in GEMS:
            return {"type": "play", "gem": words[1]}
        raise RuleError(f"{text!r} is not a Pebbles move: try 'take 2' or 'play ruby'.")


GAME = Pebbles()
GAMES = {"pebbles": GAME}


class FakeRenderer:
    """Stands in for render.render_board: records every view it is asked to draw."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict]] = []

    def __call__(self, game_key: str, view: dict) -> bytes:
        self.calls.append((game_key, view))
        return b"\x89PNG fake " + f"{game_key} pile={view['pile']}".encode()


def ctx(user: int, channel: int = 500, manage: bool = False, guild: int | None = 1):
    """A Ctx for user ``user`` (named U<user>) in ``channel``."""
    from bot.service import Ctx

    return Ctx(guild_id=guild, channel_id=channel, user_id=user, user_name=f"U{user}",
               can_manage=manage)


def hidden_gems(state) -> set[str]:
    """The gems in hands right now: they must never appear in a channel reply."""
    return {gem for hand in state["hands"] for gem in hand}


async def open_service(path, seed: int = 7, **kwargs):
    """A store on a real file (or a ``postgresql://`` URL: the ``store_target`` fixture) and
    a TablesService playing Pebbles with a fake renderer."""
    from bot.service import TablesService
    from bot.store import open_store

    store = await open_store(str(path))
    renderer = kwargs.pop("render", None) or FakeRenderer()
    service = TablesService(store, games=GAMES, render=renderer, seed_source=lambda: seed,
                            **kwargs)
    return service, renderer


def made(replies) -> bool:
    """Whether a play's replies tell of a move made: its line in the channel or, a step of a
    turn that goes on, told to its mover first (the channel gets the whole turn at its end).
    A refusal is plain text to the caller, never a line that credits a player in bold."""
    from bot.replies import Audience

    first = replies[0]
    return first.audience is Audience.CHANNEL or \
        first.audience is Audience.EPHEMERAL and first.text.startswith("**")


async def started_table(path, game_key: str, seed: int, players: int = 3,
                        lang: str | None = None):
    """A store on ``path`` and a TablesService with ``game_key``'s real engine (pictures
    stubbed) whose table in channel 500 (in ``lang``, else the default) has ``players``
    seats, joined in order, and has started: seat n is user n + 1. Returns (service, store,
    game, the start's replies)."""
    import engine
    from bot.service import TablesService
    from bot.store import Store

    game = engine.get_game(game_key)
    store = await Store.open(str(path))
    service = TablesService(store, games={game_key: game}, render=lambda key, view: b"png",
                            seed_source=lambda: seed)
    chosen = {"lang": lang} if lang else {}
    await service.new(ctx(1), game_key, min_players=players, max_players=players, **chosen)
    for user in range(2, players + 1):
        await service.join(ctx(user))
    replies = await service.start(ctx(1), order="joined")
    return service, store, game, replies


def sure_button(replies: list) -> str | None:
    """The id of the button that makes a move the service asked about first (Rhein's Phase 6
    warning, 18Rhl's bankruptcy), if ``replies`` are such a question."""
    from bot.replies import asks_first

    return next((reply.buttons[0].custom_id for reply in replies if asks_first(reply)), None)


async def play_meaning_it(service, user_ctx, move: str) -> list:
    """``service.play`` as a player who means the move: one the service asks about first is
    then made with the question's button. The replies of the move as made."""
    replies = await service.play(user_ctx, move)
    sure = sure_button(replies)
    return await service.press(user_ctx, sure) if sure else replies
