"""A typed move its player never heard the answer to, typed again after a restart.

The bot died after storing a player's typed move and before answering it: Discord told them
"The application did not respond", and after the restart the same ``/play load white-plane 1``
was accepted again, the move made twice (crash review: 131 of 2176 18Rhl moves and 23 of 234
Rhein moves could be repeated so). A button is safe (it carries the game's version); a typed
move is not.

Which moves lost their answer only the start-up catch-up knows (``bot.service.catch_up``:
the store's announced mark, migration 020, says what the channel was told). It notes, per
game, each player's last such move (:func:`remember`), before the gateway connects; that
player's next typed move in the game, when it is the same move and they have made none since
(a button), is asked about once, with a button that plays it (the question of a risky move,
``Moves._asked_first``, does the same). Any other typed move of theirs forgets the note.

Kept in the process, not in the store: the catch-up and the channel's commands are served by
the same process (its shards), and a stored "answered" flag would cost every move a second
write for a question asked once after a crash. A second restart before the player types
again forgets it: the catch-up post ("What you missed") still says the move was made.
"""

from __future__ import annotations

from bot.i18n import t, typed_move
from bot.replies import SURE, Button, Reply
from bot.service.base import Ctx, Table, _private
from bot.service.pictures import button_label, move_words
from bot.store import ActionRow, StoreBase
from engine.core import Action

Unanswered = dict[int, dict[int, tuple[int, str]]]  # game -> {user: (action id, notation)}


def remember(unanswered: Unanswered, game_id: int, missed: list[ActionRow]) -> None:
    """Note each player's last of ``missed`` (a game's moves whose answer was lost)."""
    last = {action.user_id: (action.id, action.notation) for action in missed
            if action.user_id is not None}
    if last:
        unanswered[game_id] = {**unanswered.get(game_id, {}), **last}


async def asked_again(store: StoreBase, unanswered: Unanswered, ctx: Ctx, table: Table,
                      seat: int, action: Action) -> Reply | None:
    """The question before playing ``action`` again, when it is the typed move of this
    player whose answer never reached them, their latest; None to play it (the note is
    used up)."""
    mine = unanswered.get(table.row.id)
    if not mine or ctx.user_id not in mine:
        return None
    action_id, notation = mine.pop(ctx.user_id)
    if not mine:
        del unanswered[table.row.id]
    state = table.state
    assert state is not None
    legal = table.game.legal(state, seat)
    if action not in legal or table.game.format(state, action) != notation or \
            await store.last_action_of(table.row.id, seat) != action_id:
        return None
    words = move_words(table, state, action, ctx.locale)
    again = Button(button_label(t("svc.retyped_button", ctx.locale, move=words), ""),
                   f"rb:{table.row.id}:{table.row.version}:{SURE}{legal.index(action)}",
                   "danger")
    # in the words the reader types: a German player was quoted "load white-plane 1"
    typed = typed_move(table.row.game_key, notation, ctx.locale)
    return _private(ctx, t("svc.retyped", ctx.locale, move=typed), buttons=[again])
