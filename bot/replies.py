"""What a service operation answers: messages and who may see them. No Discord types here."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Audience(StrEnum):
    CHANNEL = "channel"      # posted in the game's channel or thread, seen by everyone
    EPHEMERAL = "ephemeral"  # only the caller sees it (slash-command reply)
    DM = "dm"                # a direct message to ``user_id``


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes


@dataclass(frozen=True)
class Button:
    """A button on a message; ``custom_id`` carries game id, state version and the move."""

    label: str
    custom_id: str
    style: str = "secondary"  # primary | secondary | success | danger


@dataclass
class Reply:
    text: str
    audience: Audience = Audience.CHANNEL
    user_id: int | None = None  # for DM (and who an ephemeral reply is for)
    files: list[Attachment] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    title: str | None = None  # rendered as an embed title by the adapter
    # Who the mentions in ``text`` notify: None, everyone mentioned; else only these users
    # (a turn prompt names every waiting player but pings only those not told by DM).
    pings: tuple[int, ...] | None = None

    @property
    def is_public(self) -> bool:
        return self.audience is Audience.CHANNEL


class DeliveryFailed(Exception):
    """The transport could not deliver a Reply; ``closed_dms`` when a user refuses DMs."""

    def __init__(self, message: str = "", closed_dms: bool = False, retryable: bool = False):
        super().__init__(message)
        self.closed_dms = closed_dms
        self.retryable = retryable
