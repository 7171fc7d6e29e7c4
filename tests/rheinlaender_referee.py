"""An independent Rheinländer referee, checked against engine/rheinlaender move by move.

Written from the rulebook (rheinlaender.en.txt) and its rulings, not from the engine's code:
it shares only the board's geometry (spaces, areas, adjacency, board order) and reads the
engine's state. In a random game it checks, before every move, that ``legal()`` offers
exactly the moves the rules allow (number placement with the river space last (B1, B2),
reinforcement (C2), conversion by the archbishop, the bastion and L4, discards only when no
knight action is left (L3)), and after every knight action that the knights, each duchy's
owner, the coins paid for lost duchies, the supplies, the end trigger (M1) and the
archbishop are as the rules say: castles (H1-H6), castle knights following the duke (H8),
ownership (E3-E8) and joins (G1-G6). At the end it checks the starting supply, the final
totals (coins + 5 per duchy plus its realms + 5 for the archbishop) and who won.

``play(seed, players)`` returns the first disagreement as sentences, empty when none.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable
from typing import Any

from engine.rheinlaender import GAME
from engine.rheinlaender.board import Board, get_board

State = dict[str, Any]
Group = frozenset[str]
Links = dict[str, set[str]]
Move = tuple[str, int | None, str | None]

KNIGHTS = {3: 25, 4: 20, 5: 17}  # rulebook, Setup 2
FINAL_DUKE = 5  # a duchy scores 5 at the end, 1 when lost; both plus its realms
ARCHBISHOP = 5


def links_of(board: Board) -> Links:
    links: Links = {space: set() for space in board.spaces}
    for a, b in board.data["adjacent"]:
        links[a].add(b)
        links[b].add(a)
    return links


def groups(knights: dict[str, int], links: Links) -> list[Group]:
    """Knights connected through adjacent knights; castle knights are knights too (A10)."""
    seen: set[str] = set()
    found = []
    for start in knights:
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for near in links[todo.pop()]:
                if near in knights and near not in group:
                    group.add(near)
                    todo.append(near)
        seen |= group
        found.append(frozenset(group))
    return found


def group_of(knights: dict[str, int], links: Links, space: str) -> Group:
    return next(group for group in groups(knights, links) if space in group)


def tally(knights: dict[str, int], group: Iterable[str]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for space in group:
        counts[knights[space]] = counts.get(knights[space], 0) + 1
    return counts


def leader(counts: dict[int, int]) -> int | None:
    """The one player with the most knights, at least two (E3); None on a tie."""
    if not counts:
        return None
    best = max(counts.values())
    top = [seat for seat, count in counts.items() if count == best]
    return top[0] if best >= 2 and len(top) == 1 else None


class Referee:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.links = links_of(board)
        self.land = [s for s, record in board.spaces.items() if record["kind"] == "land"]
        # each number card's land and river spaces (B1), island spaces under both numbers
        self.card_land = {card: [s for s in self.land if card in board.spaces[s]["areas"]]
                          for card in board.numbers}
        self.card_river = {card: [s for s, record in board.spaces.items()
                                  if record["kind"] == "river" and card in record["areas"]]
                           for card in board.numbers}

    # -- duchies --------------------------------------------------------------------------
    def realms(self, state: State, group: Group) -> set[str]:
        """Realm spaces bordering any knight of the group, whatever its colour (F1)."""
        return {realm for realm in state["realms"]
                if any(space in group for space in self.board.spaces[realm]["borders"])}

    def worth(self, state: State, group: Group, duke: int = 1) -> int:
        """A city counts its value, a castle or church 1 (F2)."""
        return duke + sum(state["realms"][r]["value"] if state["realms"][r]["kind"] == "city"
                          else 1 for r in self.realms(state, group))

    def owners(self, state: State) -> dict[Group, int | None]:
        """Each group of two or more knights and its owner, read from the engine's dukes."""
        owned: dict[Group, int | None] = {}
        for group in groups(state["knights"], self.links):
            dukes = [d["owner"] for d in state["dukes"] if d["anchor"] in group]
            if len(dukes) > 1:
                raise AssertionError(f"two dukes in one duchy: {sorted(group)}")
            if len(group) >= 2:
                owned[group] = dukes[0] if dukes else None
            elif dukes:
                raise AssertionError(f"a duke on a lone knight: {sorted(group)}")
        return owned

    def archbishop(self, state: State, owned: dict[Group, int | None]) -> int | None:
        """The one player owning the most duchies with a church; nobody on a tie."""
        bishops = [0] * state["players"]
        for group, owner in owned.items():
            if owner is not None and any(state["realms"][r]["kind"] == "church"
                                         for r in self.realms(state, group)):
                bishops[owner] += 1
        best = max(bishops)
        return bishops.index(best) if best and bishops.count(best) == 1 else None

    # -- legal moves ----------------------------------------------------------------------
    def legal(self, state: State, seat: int) -> list[Move]:
        if state["step"] != "start":
            moves: list[Move] = [("done", None, None)]
        else:
            moves = self.knight_actions(state, seat, state["bastions"])
            if not moves:  # L3
                moves = [("discard", card, None) for card in state["hands"][seat]]
        if state["bastions_left"][seat] > 0 and not state["bastion_placed"]:
            moves += self.bastion_moves(state, seat, knight_first=moves[0][0] != "discard")
        return sorted(moves, key=str)

    def bastion_moves(self, state: State, seat: int, knight_first: bool) -> list[Move]:
        free = [s for s in self.land if s not in state["knights"] and s not in state["bastions"]]
        if state["step"] != "start" or not knight_first:
            return [("bastion", None, s) for s in free]
        # L4: a bastion before the knight action must leave at least one knight action
        return [("bastion", None, s) for s in free
                if self.knight_actions(state, seat, {**state["bastions"], s: seat})]

    def knight_actions(self, state: State, seat: int, bastions: dict[str, int]) -> list[Move]:
        if state["supply"][seat] <= 0:
            return []
        knights = state["knights"]
        taken = set(knights) | set(bastions)
        free_land = [s for s in self.land if s not in taken]
        # C2: a free land space whose neighbouring knights are all the player's own
        reinforce = [s for s in free_land
                     if {knights[n] for n in self.links[s] if n in knights} == {seat}]
        moves: list[Move] = []
        for card in sorted(state["hands"][seat]):
            land, river = self.card_land[card], self.card_river[card]
            open_land = [s for s in land if s not in taken]
            # B2: the river space only once the area's land is full
            targets = open_land or [s for s in river if s not in taken]
            moves += [("play", card, s) for s in targets]
            if state["archbishop"] == seat:
                moves += [("convert", card, s) for s in land + river
                          if s in knights and knights[s] != seat]
            moves += [("reinforce", card, s) for s in reinforce]
        return moves

    # -- settling a knight action ---------------------------------------------------------
    def settle(self, state: State, seat: int, action: dict[str, Any]) -> State:
        """The knights, owners, coins, supplies and end flag after ``action`` on ``state``."""
        after = {"knights": dict(state["knights"]), "supply": list(state["supply"]),
                 "coins": list(state["coins"]), "end": state["end_triggered"]}
        before = self.owners(state)
        space = action["space"]
        if action["type"] == "convert":
            after["supply"][state["knights"][space]] += 1
        after["knights"][space] = seat
        self.take(after, seat)
        if action["type"] != "convert" and self.board.kind(space) == "land":
            self.decide_castles(state, after, before, seat, space)
        group = group_of(after["knights"], self.links, space)
        earlier = [(g, owner) for g, owner in before.items() if g <= group]
        removed, new_owner = self.ownership(state, after["knights"], group, earlier)
        for owner, lost in removed:
            after["coins"][owner] += self.worth(state, lost)
        if new_owner is not None:
            self.replace_castle_knights(after, group, new_owner)
        after["owners"] = {g: (new_owner if g == group else before.get(g))
                           for g in groups(after["knights"], self.links) if len(g) >= 2}
        return after

    @staticmethod
    def take(after: State, seat: int) -> bool:
        """One knight from the supply; emptying it triggers the end, whoever's turn (M1)."""
        if after["supply"][seat] <= 0:
            return False
        after["supply"][seat] -= 1
        if after["supply"][seat] == 0:
            after["end"] = True
        return True

    def decide_castles(self, state: State, after: State, before: dict[Group, int | None],
                       seat: int, space: str) -> None:
        """H1-H6: every undecided castle next to the new knight, in board order, goes to the
        one duke already in the knight's group, else to the placer; none when he runs out."""
        group = group_of(after["knights"], self.links, space)
        dukes = {owner for g, owner in before.items() if owner is not None and g <= group}
        receiver = dukes.pop() if len(dukes) == 1 else seat
        for realm in sorted(state["realms"], key=self.board.order.__getitem__):
            if (state["realms"][realm]["kind"] == "castle" and realm not in after["knights"]
                    and space in self.board.spaces[realm]["borders"]
                    and self.take(after, receiver)):
                after["knights"][realm] = receiver

    def ownership(self, state: State, knights: dict[str, int], group: Group,
                  earlier: list[tuple[Group, int | None]],
                  ) -> tuple[list[tuple[int, Group]], int | None]:
        """The dukes removed (owner, duchy as it stood before the move, F4) and the group's
        owner afterwards."""
        counts = tally(knights, group)
        lead = leader(counts)
        owned = [(g, owner) for g, owner in earlier if owner is not None]
        if len(earlier) >= 2:
            return self.join(state, owned, lead)
        if not owned:
            return [], lead
        old_group, old = owned[0]
        if lead is not None:
            return ([], old) if lead == old else ([(old, old_group)], lead)
        if max(counts.values()) > counts.get(old, 0):  # E7: overtaken by tied players
            return [(old, old_group)], None
        return [], old  # E6, E8

    def join(self, state: State, owned: list[tuple[Group, int]], lead: int | None,
             ) -> tuple[list[tuple[int, Group]], int | None]:
        """G1-G6: a tie removes every duke; the leader keeps his most valuable duke (which of
        two equal ones changes no payment), every other duke is removed."""
        mine = [g for g, owner in owned if owner == lead]
        keep = max(mine, key=lambda g: self.worth(state, g)) if mine else None
        return [(owner, g) for g, owner in owned if g != keep], lead

    def replace_castle_knights(self, after: State, group: Group, owner: int) -> None:
        """H8: castle knights follow the duke, in board order, until his supply runs out."""
        for space in sorted(group, key=self.board.order.__getitem__):
            if self.board.kind(space) == "realm" and after["knights"][space] != owner:
                if not self.take(after, owner):
                    return
                after["supply"][after["knights"][space]] += 1
                after["knights"][space] = owner

    # -- checks ---------------------------------------------------------------------------
    def check_legal(self, state: State, seat: int) -> list[str]:
        got = sorted(((a["type"], a.get("card"), a.get("space"))
                      for a in GAME.legal(state, seat)), key=str)
        want = self.legal(state, seat)
        if got == want:
            return []
        return [f"legal() for seat {seat}: engine only {sorted(set(got) - set(want), key=str)},"
                f" rules only {sorted(set(want) - set(got), key=str)}"]

    def check_settled(self, before: State, state: State, seat: int,
                      action: dict[str, Any]) -> list[str]:
        want = self.settle(before, seat, action)
        owners = self.owners(state)
        problems = [f"{what}: rules {want[key]}, engine {state[field]}"
                    for what, key, field in (("knights", "knights", "knights"),
                                             ("coins", "coins", "coins"),
                                             ("supply", "supply", "supply"),
                                             ("end triggered", "end", "end_triggered"))
                    if want[key] != state[field]]
        if want["owners"] != owners:
            problems.append("owners: " + ", ".join(
                f"{sorted(g)} rules {want['owners'].get(g)} engine {owners.get(g)}"
                for g in set(want["owners"]) | set(owners)
                if want["owners"].get(g) != owners.get(g)))
        archbishop = self.archbishop(state, owners)
        if archbishop != state["archbishop"]:
            problems.append(f"archbishop: rules {archbishop}, engine {state['archbishop']}")
        return problems

    def check_final(self, state: State) -> list[str]:
        owners = self.owners(state)
        archbishop = self.archbishop(state, owners)
        want = [state["coins"][seat]
                + sum(self.worth(state, g, FINAL_DUKE) for g, o in owners.items() if o == seat)
                + (ARCHBISHOP if archbishop == seat else 0)
                for seat in range(state["players"])]
        totals = [row["total"] for row in sorted(state["final"], key=lambda row: row["seat"])]
        if want != totals:
            return [f"final totals: rules {want}, engine {totals}"]
        best = max(totals)
        winners = {s.seat for s in GAME.result(state) or [] if s.rank == 1}
        if winners != {seat for seat, total in enumerate(totals) if total == best}:
            return [f"winners: engine {sorted(winners)} with totals {totals}"]
        return []


def play(seed: int, players: int, convert_bias: float = 0.5) -> list[str]:
    """One random game refereed move by move; what went wrong, empty when nothing did.
    ``convert_bias`` is how often a possible conversion is chosen, as they are rare."""
    rng = random.Random(seed)
    state = GAME.setup(players, {}, seed)
    if state["supply"] != [KNIGHTS[players]] * players:
        return [f"seed {seed}: starting supply {state['supply']}"]
    referee = Referee(get_board(state["board"]))
    for _ in range(2000):
        if state["step"] == "over":
            if not state["end_triggered"] or state["ended_by"] is None:
                return [f"seed {seed}: over without a last knight placed (M1)"]
            return [f"seed {seed}: {p}" for p in referee.check_final(state)]
        seat = state["current"]
        problems = referee.check_legal(state, seat)
        if problems:
            return [f"seed {seed} turn {state['turn']}: {p}" for p in problems]
        legal = GAME.legal(state, seat)
        converts = [a for a in legal if a["type"] == "convert"]
        action = rng.choice(converts if converts and rng.random() < convert_bias else legal)
        before = {**state, "knights": dict(state["knights"]), "supply": list(state["supply"]),
                  "coins": list(state["coins"]), "dukes": copy.deepcopy(state["dukes"])}
        GAME.apply(state, seat, action)
        if action["type"] in ("play", "reinforce", "convert"):
            problems = referee.check_settled(before, state, seat, action)
        problems += GAME.check_invariants(state)
        if state["step"] == "start" and any(len(hand) != 5 for hand in state["hands"]):
            problems.append(f"hand sizes {[len(hand) for hand in state['hands']]} (K5)")
        if problems:
            return [f"seed {seed} turn {before['turn']} {action}: {p}" for p in problems]
    return [f"seed {seed}: the game did not end in 2000 moves"]
