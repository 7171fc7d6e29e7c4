"""Shared pieces of the step menus every game builds on (``Extras.step_menu`` and
``Extras.next_step``): a first menu of steps on a prompt, each step answered privately with
the next menu, until a value is a move that ``apply()`` decides.

A step's value is text the game's parser refuses (``card 17``, ``lay F11``): the service then
asks ``next_step`` for the menu after it. Every option of a menu comes from ``legal()``.
"""

from __future__ import annotations

LIMIT = 25  # options in one Discord select menu
PAGE = "page"  # the word after a step's stem that names a page of a long menu
# a button's move index and the word naming its second move (``Extras.then_buttons``):
# "rb:<game>:<version>:3+payout" runs the routes (legal()[3]), then pays out
THEN = "+"


def paged(options: list[tuple[str, str]], stem: str, page: str,
          more: str) -> list[tuple[str, str]]:
    """Page ``page`` (counted from 1) of ``options`` where they are more than a menu holds:
    ``LIMIT - 1`` of them and a last option ``more`` whose value (``<stem> page <n>``) is the
    step to the next page, so that every option stays reachable instead of cut at 25."""
    if len(options) <= LIMIT:
        return options
    size = LIMIT - 1
    number = int(page) if page.isdigit() and int(page) > 0 else 1
    start = (number - 1) * size
    shown = options[start:start + size]
    if start + size < len(options):
        shown.append((more, f"{stem} {PAGE} {number + 1}"))
    return shown
