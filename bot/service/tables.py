"""The tables service: games, seats and turns, without Discord.

Every operation takes a :class:`Ctx` (who asks, where) and returns Replies saying what goes to
the channel, what only to the caller, what by DM. A player's mistake never raises: it comes
back as an ephemeral Reply with a sentence and changes nothing.

Hidden information leaves this module only in EPHEMERAL or DM replies. Channel replies carry
the public view (board pictures are drawn from ``game.view(state, None)``) and the log lines
``apply()`` returns, which the engines write for everyone to read.

The service is one class put together from a mixin per concern (bot/service/<concern>.py),
all extending :class:`bot.service.base.ServiceBase`."""

from __future__ import annotations

from bot.service.ai_seats import AiSeats
from bot.service.board_text import BoardText
from bot.service.channel_gone import ChannelGone
from bot.service.clocks import Clocks
from bot.service.lobby import Lobby
from bot.service.looking import Looking
from bot.service.management import Management
from bot.service.moves import Moves
from bot.service.pictures import Pictures
from bot.service.rematch import Rematch
from bot.service.reminder_settings import ReminderSettings
from bot.service.server_games import ServerGames
from bot.service.stats import Stats
from bot.service.undo import Undo
from bot.service.watchers import Watchers


class TablesService(Lobby, Looking, BoardText, Moves, AiSeats, Pictures, Undo, Management,
                    Clocks, Watchers, Stats, Rematch, ReminderSettings, ChannelGone,
                    ServerGames):
    """Every table operation the front doors call (see the mixins for each concern)."""
