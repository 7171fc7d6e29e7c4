"""A loopback stand-in for Discord's REST API and gateway, and the real bot running on it.

``server.StandIn`` is the fake Discord (rules and error codes in its module note, limits in
``limits``); ``driver.running_bot`` starts the bot as ``rheinbot run`` does and
``driver.Member`` plays a person using it.
"""

from .driver import Bot, Member, running_bot
from .server import GUILD_ID, Interaction, Message, StandIn

__all__ = ["GUILD_ID", "Bot", "Interaction", "Member", "Message", "StandIn", "running_bot"]
