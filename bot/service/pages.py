"""A long text as several messages, split between lines, for what a player reads whole (a
rules topic): cut to one message with "..." it lost its last lines (the last privates of
18Rhl's topic in German came within 15 characters of it)."""

from __future__ import annotations

from engine.core import clip_word


def pages(text: str, limit: int) -> list[str]:
    """``text`` in messages of at most ``limit`` characters, each ending at a line's end;
    a paragraph break (an empty line) between two messages is dropped. A line alone over
    the limit is cut between words, the last guard.

    >>> pages("one\\ntwo\\n\\nthree", 8)
    ['one\\ntwo', 'three']
    """
    found: list[str] = []
    lines: list[str] = []
    for line in text.split("\n"):
        line = line if len(line) <= limit else clip_word(line, limit)
        if lines and len("\n".join([*lines, line])) > limit:
            found.append("\n".join(lines).strip("\n"))
            lines = []
        lines.append(line)
    found.append("\n".join(lines).strip("\n"))
    return [page for page in found if page] or [""]
