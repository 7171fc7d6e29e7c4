"""What a service operation answers: messages and who may see them. No Discord types here."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from enum import StrEnum

log = logging.getLogger(__name__)

# What Discord accepts in one message (https://discord.com/developers/docs/resources/message):
# a Reply with a title becomes an embed, one without is plain content.
MESSAGE_LIMIT = 2000
EMBED_TITLE_LIMIT = 256
EMBED_DESCRIPTION_LIMIT = 4096
BUTTONS_LIMIT = 25          # five rows of five
BUTTON_LABEL_LIMIT = 80
CUSTOM_ID_LIMIT = 100
FILES_LIMIT = 10
ALT_TEXT_LIMIT = 1024       # an attachment's description
CHOICES_LIMIT = 25          # autocomplete: choices per answer
CHOICE_LIMIT = 100          # autocomplete: characters of a choice's name and of its value
PICKER_OPTIONS_LIMIT = 25   # a select menu's options; it fills one of the five rows alone
PICKER_TEXT_LIMIT = 100     # characters of an option's label and of its value
PICKER_PLACEHOLDER_LIMIT = 150

# The last part of a turn prompt's button id that shows the presser their own hand and moves
# (privately) instead of making a move: the prompt keeps its buttons for the other players.
HAND_BUTTON = "hand"
# The start of the last part of a run-out move clock's Skip button id (then the seat): the
# clock's last call promises a skip only where the others will get this button.
SKIP_BUTTON = "clock-skip-"


# The last part of a select menu's id whose picked values make one move (Trödler: the cards
# a hand-limit discard drops, where each combination as a button would be dozens).
PICK_CHOICE = "pick"
# ... and of a menu whose one value is a move or a step towards one (18Rhl: a hex, then a
# tile, then a rotation), each step answered with the next menu.
STEP_CHOICE = "step"
MENU_CHOICES = (PICK_CHOICE, STEP_CHOICE)


# Before a button's move index: the player confirmed a move they were asked about first (an
# 18Rhl bankruptcy); a reply carrying such a button is that question, not a move made.
SURE = "sure-"


def asks_first(reply: Reply) -> bool:
    """Whether ``reply`` asks the player to confirm a move (nothing was played yet)."""
    return any(button.custom_id.rsplit(":", 1)[-1].startswith(SURE) for button in reply.buttons)


# The last parts of an undo request's button ids (agree, refuse): the request is one
# message for all the players who vote, so a vote that leaves others to vote keeps it.
UNDO_AGREE, UNDO_REFUSE = "undo-yes", "undo-no"  # an undo request's buttons' id ends
UNDO_VOTE = {UNDO_AGREE: True, UNDO_REFUSE: False}  # each one's vote: agree or not


def undo_request(reply: Reply) -> str | None:
    """The Agree button's id of an undo request's post, None for any other Reply: once it
    is posted, the adapter tells the service which message it became, so that whoever ends
    the vote can show the outcome there (``Reply.edits``)."""
    return next((b.custom_id for b in reply.buttons
                 if b.custom_id.rsplit(":", 1)[-1] == UNDO_AGREE), None)


def keeps_buttons(custom_id: str, vote_open: bool = False) -> bool:
    """Whether a pressed button's message keeps its buttons whatever the press answered:
    a turn prompt's hand button, and an undo request's while its vote is still open."""
    last = custom_id.rsplit(":", 1)[-1]
    return last == HAND_BUTTON or last in UNDO_VOTE and vote_open


def answers_question(custom_id: str) -> bool:
    """Whether a pressed button is a question's Yes (asked before a risky move): one press
    ends the question, whether it made the move or came after the game moved on."""
    return custom_id.rsplit(":", 1)[-1].startswith(SURE)


class Audience(StrEnum):
    CHANNEL = "channel"      # posted in the game's channel or thread, seen by everyone
    EPHEMERAL = "ephemeral"  # only the caller sees it (slash-command reply)
    DM = "dm"                # a direct message to ``user_id``


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes
    # alt text: what a screen reader says for a picture, and a player reads without opening
    # it; made from the picture's own (public) view
    description: str = ""


@dataclass(frozen=True)
class Button:
    """A button on a message; ``custom_id`` carries game id, state version and the move."""

    label: str
    custom_id: str
    style: str = "secondary"  # primary | secondary | success | danger


@dataclass(frozen=True)
class Picker:
    """A select menu on a message: exactly ``count`` of ``options`` (label, value) make a
    move; ``custom_id`` carries the game id and state version, as a button's does."""

    placeholder: str
    custom_id: str
    count: int
    options: tuple[tuple[str, str], ...]
    example: str = ""  # one move as typed ("discard 16 54 88"), for a screen without menus

    @property
    def kind(self) -> str:
        """``PICK_CHOICE`` (its picks make any legal move) or ``STEP_CHOICE``."""
        return self.custom_id.rsplit(":", 1)[-1]


@dataclass
class Reply:
    text: str
    audience: Audience = Audience.CHANNEL
    user_id: int | None = None  # for DM (and who an ephemeral reply is for)
    files: list[Attachment] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    picker: Picker | None = None  # a row of its own under the buttons (at most 20 then)
    title: str | None = None  # rendered as an embed title by the adapter
    # Who the mentions in ``text`` notify: None, everyone mentioned; else only these users
    # (a turn prompt names every waiting player but pings only those not told by DM).
    pings: tuple[int, ...] | None = None
    # The earlier message (its id) this Reply is the new text of, instead of a new post: a
    # post that outlived its purpose (an undo request whose vote is over, a question whose
    # move was made) shows the outcome and loses its buttons. An edit notifies no one.
    edits: int | None = None
    # A titled DM's message content: the plain line a phone's lock screen shows (an embed
    # shows nothing there, so a turn DM read as an empty push). No markdown, no hidden
    # information; ``<#id>`` becomes the channel's name on the way out.
    preview: str | None = None

    @property
    def is_public(self) -> bool:
        return self.audience is Audience.CHANNEL


def text_limit(reply: Reply) -> int:
    return EMBED_DESCRIPTION_LIMIT if reply.title is not None else MESSAGE_LIMIT


def limit_problems(reply: Reply) -> list[str]:
    """Where a Reply passes what Discord accepts in one message; empty when it fits."""
    problems = []
    if len(reply.text) > text_limit(reply):
        problems.append(f"text of {len(reply.text)} characters (limit {text_limit(reply)})")
    if reply.title is not None and len(reply.title) > EMBED_TITLE_LIMIT:
        problems.append(f"title of {len(reply.title)} characters")
    if len(reply.buttons) > BUTTONS_LIMIT:
        problems.append(f"{len(reply.buttons)} buttons")
    problems += [f"button label {b.label[:20]!r}... of {len(b.label)} characters"
                 for b in reply.buttons if not 0 < len(b.label) <= BUTTON_LABEL_LIMIT]
    problems += [f"button id of {len(b.custom_id)} characters" for b in reply.buttons
                 if len(b.custom_id) > CUSTOM_ID_LIMIT]
    if len(reply.files) > FILES_LIMIT:
        problems.append(f"{len(reply.files)} files")
    problems += [f"alt text of {a.filename} of {len(a.description)} characters"
                 for a in reply.files if len(a.description) > ALT_TEXT_LIMIT]
    if reply.picker is not None:
        problems += picker_problems(reply.picker, len(reply.buttons))
    return problems


def picker_problems(picker: Picker, buttons: int) -> list[str]:
    """Where a select menu passes Discord's limits, next to ``buttons`` buttons."""
    problems = []
    if buttons > BUTTONS_LIMIT - 5:
        problems.append(f"{buttons} buttons next to a select menu (a row of its own)")
    if not 0 < len(picker.options) <= PICKER_OPTIONS_LIMIT:
        problems.append(f"{len(picker.options)} select options")
    if not 0 < picker.count <= len(picker.options):
        problems.append(f"pick {picker.count} of {len(picker.options)}")
    if len(picker.placeholder) > PICKER_PLACEHOLDER_LIMIT or \
            len(picker.custom_id) > CUSTOM_ID_LIMIT:
        problems.append("select placeholder or id too long")
    problems += [f"select option {label[:20]!r}... of {len(label)}/{len(value)} characters"
                 for label, value in picker.options
                 if not 0 < len(label) <= PICKER_TEXT_LIMIT
                 or not 0 < len(value) <= PICKER_TEXT_LIMIT]
    if len({value for _, value in picker.options}) != len(picker.options):
        problems.append("select options with the same value")
    return problems


def choice_problems(choices: list[tuple[str, str]]) -> list[str]:
    """Where an autocomplete answer passes Discord's limits; empty when it fits."""
    problems = [f"{len(choices)} choices"] if len(choices) > CHOICES_LIMIT else []
    return problems + [f"choice {name[:20]!r}... of {len(name)}/{len(value)} characters"
                       for name, value in choices
                       if not 0 < len(name) <= CHOICE_LIMIT or len(value) > CHOICE_LIMIT]


def fitting_picker(picker: Picker | None) -> Picker | None:
    """``picker`` if Discord takes it (in a row of its own), else None: typed moves still
    make its moves, and a refused message would say nothing at all. The one check for every
    path a select menu takes to Discord (a reply's ``fitted``, a background post's view)."""
    if picker is None or not picker_problems(picker, 0):
        return picker
    # counts and kinds only: an option's label may be a card in a hand
    log.warning("dropped a %s select menu (%d options, pick %d) past Discord's limits",
                picker.kind, len(picker.options), picker.count)
    return None


def fitted(reply: Reply) -> Reply:
    """The Reply within Discord's limits: the last guard after each text was kept short
    where it is made (a reply Discord refuses is a reply the player never sees)."""
    if not limit_problems(reply):
        return reply
    limit = text_limit(reply)
    text = reply.text if len(reply.text) <= limit else reply.text[:limit - 1] + "…"
    title = reply.title if reply.title is None or len(reply.title) <= EMBED_TITLE_LIMIT else \
        reply.title[:EMBED_TITLE_LIMIT - 1] + "…"
    buttons = [replace(b, label=(b.label[:BUTTON_LABEL_LIMIT - 1] + "…")
                       if len(b.label) > BUTTON_LABEL_LIMIT else b.label or "?")
               for b in reply.buttons if len(b.custom_id) <= CUSTOM_ID_LIMIT]
    picker = fitting_picker(reply.picker)
    buttons = buttons[:BUTTONS_LIMIT - (5 if picker is not None else 0)]
    if len(buttons) < len(reply.buttons):
        log.warning("dropped %d of %d buttons past Discord's limits (%s)",
                    len(reply.buttons) - len(buttons), len(reply.buttons),
                    "next to a select menu" if picker is not None else "no select menu")
    files = [a if len(a.description) <= ALT_TEXT_LIMIT else
             replace(a, description=a.description[:ALT_TEXT_LIMIT - 1] + "…")
             for a in reply.files[:FILES_LIMIT]]
    if len(reply.files) > FILES_LIMIT:
        log.warning("dropped %d of %d pictures past Discord's limit",
                    len(reply.files) - FILES_LIMIT, len(reply.files))
    return replace(reply, text=text, title=title, buttons=buttons, picker=picker, files=files)


class DeliveryFailed(Exception):
    """The transport could not deliver a Reply; ``closed_dms`` when a user refuses DMs."""

    def __init__(self, message: str = "", closed_dms: bool = False, retryable: bool = False):
        super().__init__(message)
        self.closed_dms = closed_dms
        self.retryable = retryable
