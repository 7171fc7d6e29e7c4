"""Discord names as the bot's texts may carry them.

A member's display name is theirs to choose, and every post that names them ("**Anna**
joins") used to paste it into Discord markdown as it was: "||" hid the rest of the line as a
spoiler, "[free nitro](http://…)" became the bot's own link, "<@id>" pinged a member outside
the game, a right-to-left override turned the rest of the line around, a name of zero-width
spaces named nobody. The name is made safe once, here, where Discord hands it to us: the
service, the store and every text (posts, DMs, logs, /stats, both languages) then carry a
name that shows as written. Pictures draw the name without the escapes
(:func:`render.player_names.plain_name` undoes them as Discord does).
"""

from __future__ import annotations

import re
import unicodedata

from render.player_names import plain_name

__all__ = ["clean", "escaped", "member_name", "plain_name", "text_name", "visible"]

# Controls that turn the direction of the text after them: an unclosed one in a name runs
# on through the rest of the line ("fua rettiR" for "Ritter auf" on a turn card).
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Characters that draw nothing: a name of only these reads "** ** joins".
INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u180e\u3164\u115f\u1160\uffa0\u2800"
                      "\u00ad\u034f")
# Combining marks kept on one letter: enough for any script's accents and tones, not for
# "Zalgo" text whose stacked marks draw over the lines above and below.
MARKS_PER_LETTER = 2
# Discord markdown that can act inside a line, and "<" of mentions (<@id>, <#id>, <t:…>)
# and "@" of @everyone: a backslash makes each show as written.
INLINE = re.compile(r"([\\*_~|`\[\]<>@:])")
# Markdown that acts where a line starts (a heading, quote, list, small text): a name can
# start a line ("Anna: …"), so its first such mark is escaped too.
LINE_START = re.compile(r"^(\d+(?=\.)|)([#>+\-.])")


def clean(name: str | None) -> str:
    """``name`` without direction controls, line breaks or stacked marks, its spaces
    collapsed; "" when nothing in it would show."""
    if not name:
        return ""
    kept: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFD", name):  # "á" counts as "a" and a mark
        if char in BIDI:
            continue
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            char = " "
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me"):
            marks += 1
            if marks > MARKS_PER_LETTER:
                continue
        else:
            marks = 0
        kept.append(char)
    said = " ".join(unicodedata.normalize("NFC", "".join(kept)).split())
    return said if visible(said) else ""


def visible(name: str) -> bool:
    """Whether ``name`` has a character that draws something."""
    return any(not char.isspace() and char not in INVISIBLE
               and unicodedata.category(char) not in ("Mn", "Me", "Cf", "Cc")
               for char in name)


def escaped(name: str) -> str:
    """``name`` as Discord markdown that shows it as written."""
    return LINE_START.sub(r"\1\\\2", INLINE.sub(r"\\\1", name))


def text_name(display_name: str | None, username: str | None, user_id: int) -> str:
    """What the bot's texts call a member: their display name, else (nothing of it shows)
    their account's username, else the last digits of their id ("#4821", readable in both
    languages); cleaned and escaped."""
    plain = clean(display_name) or clean(username) or f"#{str(user_id)[-4:]}"
    return escaped(plain)


def member_name(user: object) -> str:
    """:func:`text_name` of a discord.py ``User``/``Member`` (the server nickname, else the
    global name, else the username, as ``display_name`` picks)."""
    said, account = getattr(user, "display_name", None), getattr(user, "name", None)
    return text_name(said if isinstance(said, str) else None,
                     account if isinstance(account, str) else None,
                     int(getattr(user, "id", 0) or 0))
