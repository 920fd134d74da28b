"""Starfall's board for the web page (bot/web/boards.py): the heading (round, turn, who acts or who won),
both players (deck, turns taken, grave of 7 with its last cards, cards to place) and the two 3 x 2 fields
facing each other, front rows toward the middle, the top field turned as on the picture (its columns right
to left, each straight across from the column it faces), then the last events. Attributes carry their
shape (inline SVG) and letter as well as their colour. Built from exactly the view its pictures are drawn
from (``as_view``: the final board's raw state becomes the public view), with the renderer's words; pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import t
from bot.web.boards import draw
from cogs.starfall import cards as catalogue
from cogs.starfall.render_fields import acting_square, heading
from cogs.starfall.render_pieces import as_view, bottom_seat, log_parts, reason_text
from cogs.starfall.text import attribute_letter, attribute_name, card_name, r_name, seat_name, square_name

View = Mapping[str, Any]
LOG_ROOM = 6  # last events under the board (the picture has room for 4)
COLUMNS = ("1", "2", "3")


def _tile(record: Mapping[str, Any] | None, square: str, acting: bool, locale: str) -> dict[str, Any]:
    if record is None:
        return {"square": square_name(square, locale), "card": None}
    card_id = record["id"]
    found = catalogue.card(card_id)
    attribute = str(found.stats["attribute"])
    hp = int(found.stats["hp"])
    left = max(0, hp - int(record["dmg"]))
    chips = []
    if record.get("acted"):
        chips.append(("acted", t("starfall.ui.acted", locale)))
    if record.get("status") in ("sick", "lock"):
        chips.append((record["status"], t(f"starfall.ui.{record['status']}", locale)))
    if record.get("r") and record.get("r_kind"):
        amount = catalogue.r_effect(card_id).get("amount")
        chips.append(("r", t("starfall.ui.r_chip", locale,
                             name=r_name(record["r_kind"], locale) + (f" {amount}" if amount else ""))))
    return {"square": square_name(square, locale), "card": card_name(card_id, locale), "attr": attribute,
            "attr_name": attribute_name(attribute, locale), "letter": attribute_letter(attribute, locale),
            "hp": left, "hp_max": hp, "hp_low": left <= hp // 3, "hp_percent": round(100 * left / hp) if hp else 0,
            "star": int(record["star"]), "dmg": int(record["dmg"]),
            "dmg_text": t("starfall.ui.dmg_short", locale, amount=record["dmg"]) if record["dmg"] else "",
            "chips": chips, "acting": acting}


def _field(view: View, seat: int, top: bool, locale: str, acting: tuple[int, str] | None) -> dict[str, Any]:
    """A field as rows of squares in the picture's order: the top field back row first, columns reversed."""
    field = view["players"][seat]["field"]
    rows = [("front", "f"), ("back", "b")]
    columns = list(COLUMNS)
    if top:
        rows.reverse()
        columns.reverse()
    return {"seat": seat, "name": seat_name(seat, locale), "top": top, "rows": [
        {"label": t(f"starfall.ui.{row}", locale),
         "cells": [_tile(field.get(prefix + column), prefix + column, acting == (seat, prefix + column), locale)
                   for column in columns]} for row, prefix in rows]}


def _player(view: View, seat: int, locale: str) -> dict[str, Any]:
    player = view["players"][seat]
    active = view.get("active") == seat and not view.get("result") and view.get("phase") != "over"
    grave = player["grave"]
    drawn = player.get("drawn") or []
    names = ", ".join(card_name(card, locale) for card in drawn)
    key = "starfall.ui.to_place" if view.get("phase") == "setup" else "starfall.ui.drawn"
    return {"seat": seat, "name": seat_name(seat, locale), "active": active,
            "first": t("starfall.ui.first", locale) if view.get("first") == seat else "",
            "deck": t("starfall.ui.deck", locale, count=player["deck_count"]),
            "turns_label": t("starfall.ui.turns", locale), "turns": int(player.get("chips", 0)),
            "grave": t("starfall.ui.grave", locale, count=len(grave)), "grave_count": len(grave),
            "grave_cards": [(catalogue.attribute(card), card_name(card, locale)) for card in reversed(grave[-3:])],
            "drawn": t(key, locale, cards=names, card=names) if drawn else ""}


def web_board(view: View, locale: str) -> str:
    view = as_view(view)
    bottom = bottom_seat(view)
    left, right, _ = heading(view, locale)
    result = view.get("result")
    acting = acting_square(view)
    return draw("starfall.html", locale, title=left, status=right,
                reason=reason_text(result, locale) if result else "", won=bool(result),
                top=_player(view, 1 - bottom, locale), bottom=_player(view, bottom, locale),
                fields=[_field(view, 1 - bottom, True, locale, acting), _field(view, bottom, False, locale, acting)],
                last_title=t("starfall.ui.last", locale), log=log_parts(view, locale)[-LOG_ROOM:])
