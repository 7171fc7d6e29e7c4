"""``/game board text:True``: the board as text, to its asker alone, in their language.

A screen reader cannot read a picture, and the alt text (1,024 characters) says the phase,
the turn, the standings and what changed, not where everything stands: a blind player knew
they held "6 duchies" and not where. The text is said from the public view only
(``game.view(state, None)``, the one the pictures are drawn from), so a watcher may ask for
it too and it names no hand, no face-down coin or order. The describers are
:mod:`render.board_text`; this sends their pages, one message each.
"""

from __future__ import annotations

from bot.i18n import t
from bot.replies import Reply
from bot.service.base import Ctx, ServiceBase, _guarded, _private
from bot.service.pictures import result_head
from engine import text as texts
from render import board_text


class BoardText(ServiceBase):
    @_guarded
    async def board_text(self, ctx: Ctx, near: str | None = None) -> list[Reply]:
        table, notices = await self._table(ctx, ("active", "finished"))
        game, state = table.game, table.state
        assert state is not None
        lang = texts.language(ctx.locale)
        seats = [{"seat": s.seat, "name": s.name, "colour": s.colour}
                 for s in table.seats if s.seat is not None]
        standings = game.result(state)
        result = None if standings is None else [
            result_head(table, lang), *(table.standing_line(s, lang) for s in standings)]
        pages = board_text.describe(
            table.row.game_key, {**game.view(state, None), "seats": seats}, lang,
            title=texts.say(game.title, lang), phase=table.said([game.phase(state)], lang),
            acting=list(game.active(state)), over=standings is not None, result=result)
        # a near: given is said to be the picture's, not dropped unsaid (the whole board came)
        if near and near.strip():
            notices = [*notices, _private(ctx, t("svc.board_text_near", lang), pings=())]
        # pings=(): a name is said, never a mention, in a text its asker reads alone
        return notices + [_private(ctx, page, pings=()) for page in pages]
