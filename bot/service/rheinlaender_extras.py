"""Rheinländer's additions to the front doors: which bastions get a button, ending the turn
listed first after the knight, and in /game hand the knights and bastions left and where the
seat's duchies lie.

A bastion may go on any free land space (D1), over a hundred of them, and the prompt's buttons
were spread over them by label: "Bastion on 1 left bank" to "Bastion on 7 right bank"
whatever the board looked like, while the bastion a player wants closes a door of their
own duchy or stands by their own knights. Those come first now, after the card plays; every
bastion can still be typed or picked from the autocomplete. Only the public board is read.
"""

from __future__ import annotations

from bot.service.extras import MAX_BUTTONS, STEP_ENDS, Extras, Pick
from bot.service.move_lists import LISTED, spread
from bot.service.steps import LIMIT, paged
from engine.core import Action, Game, State
from engine.rheinlaender.board import Board, get_board
from engine.rheinlaender.game import BASTIONS
from engine.text import DEFAULT, language, msg, say
from render.board_text.rheinlaender import duchies_of

# while knight moves are offered too, one button in this many goes to a bastion
BASTION_SHARE = 5
KNIGHTS = ("play", "convert", "reinforce")  # the knight moves a card makes, in menu order
BASTION_STEP = "bastion"  # the step menu's value for "build a bastion", which parse() refuses
# river numbers per stretch of the bastion menu: two or three spaces each, so a stretch fits
# one menu, and the 54 numbers make six stretches beside the spaces by our own knights
STRETCH = 9


def bastion_tier(state: State, seat: int, space: str) -> int:
    """0: a door of ours, a free space between our knight and another seat's; 1: next to our
    knight; 2: next to another seat's knight only; 3: by no knight."""
    board = get_board(state["board"])
    owners = {state["knights"][n] for n in board.neighbours[space] if n in state["knights"]}
    if seat not in owners:
        return 2 if owners else 3
    return 0 if owners - {seat} else 1


def button_indexes(game: Game, state: State, seat: int, moves: list[Action],
                   room: int) -> list[int]:
    """The card plays first, in the list's order (the prompt asks to play a card, and the
    list above the buttons names them first), then the bastions worth a button, then the
    move that ends the step."""
    listed = moves[:LISTED]
    closing = next((i for i, m in enumerate(listed) if m.get("type") in STEP_ENDS), None)
    if closing is not None:
        room -= 1
    labels = [str(game.label(state, m)) for m in listed]
    bastions = [i for i, m in enumerate(listed) if m.get("type") == "bastion"]
    others = [i for i, m in enumerate(listed) if i != closing and i not in bastions]
    tiers = {i: bastion_tier(state, seat, listed[i]["space"]) for i in bastions}
    # beside a card play, only a bastion by our own knights is worth a button (on turn 1,
    # with no knight on the board, three bastions anywhere came before the cards); alone,
    # spaces by no knight at all only while no space is by a knight (twelve of filler)
    worth = 2 if others else 4
    ranked = []
    for tier in range(worth):
        if tier == 3 and ranked:
            break
        members = [i for i in bastions if tiers[i] == tier]
        ranked += [members[n] for n in spread([labels[i] for i in members])]
    if others:
        ranked = ranked[:max(1, room // BASTION_SHARE)]
    cards = _by_card(listed, [others[n] for n in spread([labels[i] for i in others])])
    chosen = sorted(cards[:max(0, room - len(ranked))]) + ranked
    return chosen[:room] + ([closing] if closing is not None else [])


def _by_card(moves: list[Action], indexes: list[int]) -> list[int]:
    """``indexes`` taking each card's moves in turn, so that every card in hand has a button
    before any card has a second."""
    cards: dict[object, list[int]] = {}
    for i in indexes:
        cards.setdefault(moves[i].get("card"), []).append(i)
    queues = list(cards.values())
    return [queue[k] for k in range(max(map(len, queues), default=0)) for queue in queues
            if k < len(queue)]


_BANKS = {"left": 0, "right": 1, "island": 2}


def _bastions_along_the_river(state: State, moves: list[Action]) -> list[Action]:
    """The bastions where they stand in ``moves``, those the buttons rank first (by the
    mover's knights, then by others') first, each rank by river number, then left bank,
    right bank, island, as a card's knight spaces are: the board's own order put the islands
    10/11 and 44/45 between "1 right bank" and "2 left bank", and by number alone a
    newcomer's first /play list held "Bastion on 1 left bank" to "6 right bank", far from
    any knight."""
    board = get_board(state["board"])
    spots = [i for i, m in enumerate(moves) if m.get("type") == "bastion"]
    if not spots:
        return moves
    seat = state["current"]
    sorted_bastions = sorted((moves[i] for i in spots), key=lambda m: (
        bastion_tier(state, seat, m["space"]), _along(board, m["space"])))
    out = list(moves)
    for i, move in zip(spots, sorted_bastions, strict=True):
        out[i] = move
    return out


def _along(board: Board, space: str) -> tuple[int, int]:
    number, where = board.where(space)
    return number, _BANKS.get(where, len(_BANKS))


def _bastion_step(game: Game, state: State, seat: int, words: list[str],
                  lang: str) -> tuple[str, list[tuple[str, str]]] | None:
    """After "bastion": the spaces by our own knights (doors of ours first, as the buttons
    rank them), then the river in stretches of :data:`STRETCH` numbers; after "bastion
    10-18": that stretch's spaces along the river."""
    board = get_board(state["board"])
    bastions = sorted((m for m in game.legal(state, seat) if m.get("type") == "bastion"),
                      key=lambda m: _along(board, m["space"]))
    if not bastions:
        return None
    labelled = [(say(game.label(state, m), lang), game.format(state, m)) for m in bastions]
    if not words:
        tiers = [bastion_tier(state, seat, m["space"]) for m in bastions]
        numbers = sorted({board.where(m["space"])[0] for m in bastions})
        stretches = [numbers[i:i + STRETCH] for i in range(0, len(numbers), STRETCH)]
        ours = [labelled[i] for tier in (0, 1) for i, t in enumerate(tiers) if t == tier]
        ours = [(say(msg("extras.rheinlaender.step_by_yours", label=label), lang), value)
                for label, value in ours[:LIMIT - len(stretches)]]
        return (say(msg("extras.rheinlaender.step_where"), lang), ours + [
            (say(msg("extras.rheinlaender.step_stretch", first=part[0], last=part[-1],
                     spaces=sum(1 for m in bastions
                                if part[0] <= board.where(m["space"])[0] <= part[-1])), lang),
             f"{BASTION_STEP} {part[0]}-{part[-1]}") for part in stretches])
    ends = words[0].split("-")
    if len(ends) != 2 or not all(end.isdigit() for end in ends):
        return None
    first, last = int(ends[0]), int(ends[1])
    shown = [option for option, m in zip(labelled, bastions, strict=True)
             if first <= board.where(m["space"])[0] <= last]
    page = words[2] if len(words) == 3 else "1"
    return (say(msg("extras.rheinlaender.step_where"), lang),
            paged(shown, f"{BASTION_STEP} {words[0]}", page,
                  say(msg("extras.rheinlaender.step_more"), lang)))


class RheinlaenderExtras(Extras):
    def button_indexes(self, game: Game, state: State, seat: int, moves: list[Action],
                       room: int = MAX_BUTTONS) -> list[int]:
        picked = button_indexes(game, state, seat, moves, room)
        ends = [i for i in picked if moves[i].get("type") in STEP_ENDS]
        if state["step"] == "after":  # the turn's end first, as in the lists
            picked = ends + [i for i in picked if i not in ends]
        return picked

    def ordered(self, game: Game, state: State, moves: list[Action]) -> list[Action]:
        moves = _bastions_along_the_river(state, moves)
        # after the knight, ending the turn first: listed fifth, behind "Bastion on 1 left
        # bank", it let a review's newcomer spend all three bastions at the board's edge
        if state["step"] != "after":
            return moves
        return [m for m in moves if m.get("type") in STEP_ENDS] + \
            [m for m in moves if m.get("type") not in STEP_ENDS]

    def step_menu(self, game: Game, state: State, seat: int, moves: list[Action], *,
                  lang: str = DEFAULT) -> Pick | None:
        # card, then where its knight goes: the hand's 15 buttons held a few of the 20-50
        # knight moves, and never a reinforcement (typed, they took seven taps and the notation)
        counts: dict[int, int] = {}
        for move in moves:
            if move.get("type") in KNIGHTS:
                counts[move["card"]] = counts.get(move["card"], 0) + 1
        # then a bastion: where, from the spaces by our knights or a stretch of the river
        # (the buttons hold a few of a hundred spaces; the rest had to be typed)
        spaces = sum(1 for move in moves if move.get("type") == "bastion")
        if not counts and not spaces:
            return None
        lang = language(lang)
        options = [(say(msg("extras.rheinlaender.step_card", card=card, count=ways), lang),
                    f"card {card}") for card, ways in sorted(counts.items())]
        if spaces:
            options.append((say(msg("extras.rheinlaender.step_bastion", count=spaces), lang),
                            BASTION_STEP))
        head = "step_menu" if counts else "step_menu_bastion"
        return Pick(say(msg(f"extras.rheinlaender.{head}"), lang), "", 1, tuple(options))

    def next_step(self, game: Game, state: State, seat: int, value: str, *,
                  lang: str = DEFAULT) -> tuple[str, list[tuple[str, str]]] | None:
        words = value.split()
        if words[:1] == [BASTION_STEP]:
            return _bastion_step(game, state, seat, words[1:], language(lang))
        if len(words) not in (2, 4) or words[0] != "card" or not words[1].isdigit():
            return None
        card, lang = int(words[1]), language(lang)
        knights = [m for kind in KNIGHTS for m in game.legal(state, seat)
                   if m.get("type") == kind and m["card"] == card]
        if not knights:
            return None
        options = [(say(game.label(state, m), lang), game.format(state, m)) for m in knights]
        more = say(msg("extras.rheinlaender.step_more"), lang)
        return (say(msg("extras.rheinlaender.step_place", card=card), lang),
                paged(options, f"card {card}", words[3] if len(words) == 4 else "1", more))

    def holdings(self, game: Game, state: State, seat: int, *,
                 lang: str = DEFAULT) -> list[str]:
        # the supply is public but on no picture: a newcomer learnt of the three bastions
        # only once the last was gone
        view = game.view(state, None)
        me = next(p for p in view["players"] if p["seat"] == seat)
        lang = language(lang)
        # "6 duchies" in the standings said not where: a blind player had no picture to ask
        return [say(msg("extras.rheinlaender.left", knights=me["knights_left"],
                        bastions=me["bastions_left"], total=BASTIONS), lang),
                duchies_of(view, seat, lang)]


EXTRAS = RheinlaenderExtras()
