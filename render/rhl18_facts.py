"""What both 18Rhl pictures say about the table: players' names and colours, the round, who
acts now and the end of the game, in the picture's language.

Players are named by seat from ``view["seats"]`` (``[{"seat", "name", "colour"}]``: the
Discord display names and seat colours the service puts in); a view without them (a test, a
bench) names them with the engine's "Player 2" / "Spieler 2" in the picture's language.
"""

from __future__ import annotations

import re
from typing import Any

from PIL import ImageDraw

from engine import text
from render.common import PLAYER_COLOURS, text_colour_on
from render.player_names import and_word
from render.rhl18_tiles import CORP_COLOURS, INK
from render.text_draw import draw_text, text_width

text.register("render.locales")

# One segment of a line: words, or a swatch (("swatch", colour)) drawn before a name.
Segment = tuple[str, str]


def lang_of(view: dict) -> str:
    """The language the picture's labels are drawn in (the table's, put in by the service)."""
    return text.language(view.get("lang") or text.DEFAULT)


def t(lang: str, key: str, **params: Any) -> str:
    return text.render(f"render.rhl18.{key}", params, lang)


def money(amount: Any) -> str:
    return f"{amount}M"


def round_label(value: Any, lang: str) -> str:
    """The round as the engine's view names it ("OR 3.1", "SR 4", "Auction", or a catalogue
    text) in ``lang``; anything else is shown as given."""
    if not isinstance(value, str) or isinstance(value, text.Msg):
        return text.say(value, lang)
    found = re.fullmatch(r"(OR|SR) (\d+(?:\.\d+)?)", value.strip())
    if found:
        kind = "operating" if found[1] == "OR" else "stock"
        return t(lang, f"round.{kind}", number=found[2])
    if value.strip() == "Auction":
        return t(lang, "round.auction")
    return value


def seat_of_id(view: dict, player_id: Any) -> int | None:
    """The seat of a player id (the view's players carry both)."""
    for player in view.get("players") or []:
        if player.get("id") == player_id:
            return player.get("seat")
    return None


def seat_name(view: dict, seat: int | None, lang: str) -> str:
    if seat is None:
        return "-"
    for entry in view.get("seats") or []:
        if entry.get("seat") == seat and entry.get("name"):
            return str(entry["name"])
    for player in view.get("players") or []:
        if player.get("seat") == seat and player.get("name") is not None:
            return text.say(player["name"], lang)
    return text.say(text.player(seat), lang)


def seat_colour(view: dict, seat: int | None) -> str:
    """The seat's colour (#rrggbb): the table's choice, else the seat's place in the list."""
    for entry in view.get("seats") or []:
        if entry.get("seat") == seat and entry.get("colour") in PLAYER_COLOURS:
            return PLAYER_COLOURS[entry["colour"]][0]
    colours = list(PLAYER_COLOURS.values())
    return colours[(seat or 0) % len(colours)][0]


def who(view: dict, seat: int | None, lang: str) -> list[Segment]:
    """A player as a swatch and a name."""
    if seat is None:
        return [("text", "-")]
    return [("swatch", seat_colour(view, seat)), ("text", seat_name(view, seat, lang))]


def corp(view: dict, sym: str) -> dict:
    for entry in view.get("corporations") or []:
        if (entry.get("id") or entry.get("sym")) == sym:
            return entry
    return {}


def header_line(view: dict, lang: str) -> str:
    """18Rhl · Phase 3 · OR 3.1 · Bank 7564M"""
    parts = [t(lang, "title")]
    if view.get("phase"):
        parts.append(t(lang, "phase", phase=str(view["phase"])))
    if view.get("round") and not view.get("finished"):
        parts.append(round_label(view["round"], lang))
    if view.get("finished"):
        pass  # the line below says how the game ended
    elif view.get("bank_broken"):
        parts.append(t(lang, "bank_broken"))
    elif view.get("bank") is not None:
        parts.append(t(lang, "bank", bank=view["bank"]))
    return "  ·  ".join(parts)


def acting(view: dict, lang: str) -> list[Segment]:
    """Who acts now, in words: the operating corporation and its president, or the player
    to act in a stock round or the auction with the priority deal; the end when it is over."""
    if view.get("finished"):
        return game_over(view, lang)
    priority = view.get("priority")
    offer = view.get("offer")
    if offer:
        seat = offer.get("answering_seat")
        return [("text", t(lang, "who.offer", seller=offer["seller"], buyer=offer["buyer"],
                           train=str(offer["train"]).split("-")[0], price=offer["price"]) +
                 "  "),
                *who(view, seat, lang), ("text", t(lang, "who.must_answer"))]
    step = view.get("active_step")
    entity = view.get("current_entity")
    if step in ("WaterfallAuction", "CompanyPendingPar", "BuySellParShares"):
        seat = seat_of_id(view, entity)
        key = "who.par_rhe" if step == "CompanyPendingPar" else "who.to_act"
        out = [*who(view, seat, lang), ("text", t(lang, key))]
        if priority is not None:
            out += [("text", "   " + t(lang, "who.priority") + " "), *who(view, priority, lang)]
        return out
    if isinstance(entity, str) and entity in CORP_COLOURS:
        data = corp(view, entity)
        seat = data.get("president_seat")
        does = t(lang, f"step.{step}") if step and text.has(f"render.rhl18.step.{step}") \
            else ""
        out: list[Segment] = [("corp", entity), ("text", t(lang, "who.operates"))]
        if does:
            out.append(("text", f" ({does})"))
        if data.get("president") == "pool" or seat is None:
            out.append(("text", "  " + t(lang, "who.receivership")))
        else:
            out += [("text", "  " + t(lang, "who.president") + " "), *who(view, seat, lang)]
        return out
    return [("text", "")]


END_REASONS = ("bank", "bankrupt", "dnf")


def end_reason(view: dict, lang: str) -> str:
    reason = view.get("end_reason")
    return t(lang, f"end.{reason}") if reason in END_REASONS else t(lang, "end.other")


def ranking(view: dict) -> list[dict]:
    """Players by value, best first: seat, rank (ties share it), cash, shares' value, value."""
    rows = []
    for player in view.get("players") or []:
        value = int(player.get("value", player.get("cash", 0)))
        cash = int(player.get("cash", 0))
        rows.append({"seat": player.get("seat"), "cash": cash, "shares": value - cash,
                     "value": value})
    rows.sort(key=lambda r: (-r["value"], r["seat"] if r["seat"] is not None else 99))
    for i, row in enumerate(rows):
        same = i and rows[i - 1]["value"] == row["value"]
        row["rank"] = rows[i - 1]["rank"] if same else i + 1
    return rows


def game_over(view: dict, lang: str) -> list[Segment]:
    """Game over: the reason, and the winner(s) with their value."""
    rows = ranking(view)
    out: list[Segment] = [("text", t(lang, "over", reason=end_reason(view, lang)) + "   ")]
    winners = [r for r in rows if r["rank"] == 1]
    if winners:
        out.append(("text", t(lang, "winner" if len(winners) == 1 else "winners") + " "))
        for i, row in enumerate(winners):
            if i:
                out.append(("text", ", " if i < len(winners) - 1 else and_word(lang)))
            out += who(view, row["seat"], lang)
        out.append(("text", f" ({money(winners[0]['value'])})"))
    return out


def segments_width(segments: list[Segment], size: int, bold: bool = True) -> float:
    width = 0.0
    for kind, value in segments:
        if kind == "swatch":
            width += size + 6
        elif kind == "corp":
            width += text_width(value, size, True) + 16
        else:
            width += text_width(value, size, bold)
    return width


def draw_segments(draw: ImageDraw.ImageDraw, x: float, y: float, segments: list[Segment],
                  size: int, bold: bool = True, fill: str = INK) -> float:
    """Draw a line of words, swatches and corporation chips from ``x`` (middle at ``y``);
    returns where it ends."""
    for kind, value in segments:
        if kind == "swatch":
            draw.rectangle((x, y - size / 2, x + size, y + size / 2), fill=value, outline=INK,
                           width=2)
            x += size + 6
        elif kind == "corp":
            colour = CORP_COLOURS.get(value, "#CCCCCC")
            w = text_width(value, size, True) + 12
            draw.rounded_rectangle((x, y - size * 0.7, x + w, y + size * 0.7), radius=6,
                                   fill=colour, outline=INK, width=2)
            draw_text(draw, (x + w / 2, y), value, size, bold=True,
                      fill=text_colour_on(colour), anchor="mm")
            x += w + 4
        else:
            # Spaces around words only move the pen: the recorded box holds the words.
            lead = value[:len(value) - len(value.lstrip())]
            if value.strip():
                draw_text(draw, (x + text_width(lead, size, bold), y), value.strip(), size,
                          bold=bold, fill=fill, anchor="lm")
            x += text_width(value, size, bold)
    return x


def fit_size(segments: list[Segment], width: float, size: int, least: int) -> int:
    """The largest size from ``size`` down to ``least`` at which the line fits ``width``."""
    while size > least and segments_width(segments, size) > width:
        size -= 1
    return size


def clip(segments: list[Segment], width: float, size: int) -> list[Segment]:
    """The line shortened to ``width`` at ``size``: the longest words cut with "…" (long
    names in a shared win), so that nothing runs off the picture."""
    out = list(segments)
    while segments_width(out, size) > width:
        k = max((i for i, (kind, _v) in enumerate(out) if kind == "text"),
                key=lambda i: len(out[i][1].strip()), default=None)
        if k is None or len(out[k][1].strip()) <= 2:
            break
        words = out[k][1].rstrip().rstrip("…")
        out[k] = ("text", words[:-1].rstrip() + "…")
    return out
