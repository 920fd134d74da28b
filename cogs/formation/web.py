"""Formation's board for the web page (bot/web/boards.py): both formations as 3x3 grids with row and column
headers, the scores, the attack and the last battle, and in a seat's own view its hand. Built from exactly
the view its pictures are drawn from, with the renderer's own words; pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import t
from bot.render.names import shown_to_all
from bot.web.boards import draw
from cogs.formation.data import COLUMNS, ROWS, card_points
from cogs.formation.render import (
    colour_of,
    effect_kind,
    footer_lines,
    header_status,
    heading,
    rank_text,
    seat_stats,
)
from cogs.formation.text import card_name, effect_words, layout_effects, seat_name, square_name, type_name

View = Mapping[str, Any]


def _card(card: Mapping[str, Any], back: str, locale: str) -> dict[str, Any]:
    """A card on a square: face up in its colour; face down as its back (with its rank to its owner)."""
    card_id = card.get("card")
    if card.get("face_up") and card_id:
        return {"css": colour_of(card_id), "rank": rank_text(card_id), "name": card_name(card_id, locale)}
    if card_id:  # the owner's own face-down card
        return {"css": f"back-{back} own-{colour_of(card_id)}", "rank": rank_text(card_id),
                "name": t("formation.board.face_down", locale) + " · " + card_name(card_id, locale)}
    return {"css": f"back-{back}", "rank": "?", "name": t("formation.board.face_down", locale)}


def _grid(squares: Sequence[Mapping[str, Any]], back: str, locale: str, highlight: str | None) -> list[dict]:
    rows = []
    for row_index, row in enumerate(ROWS):
        cells = []
        for col in range(COLUMNS):
            entry = squares[row_index * COLUMNS + col]
            cells.append({"name": square_name(entry["square"], locale), "kind": effect_kind(entry),
                          "marks": effect_words(entry, locale), "highlight": entry["square"] == highlight,
                          "cards": [_card(card, back, locale) for card in (entry.get("cards") or [])[:2]]})
        rows.append({"label": t(f"formation.row.{row}", locale), "cells": cells})
    return rows


def _panel(view: View, seat: int, locale: str) -> dict[str, Any]:
    info = view["seats"][seat]
    attack = view.get("attack")
    highlight = attack["square"] if attack and attack["seat"] == seat else info.get("next_square")
    board = info["board"]
    hidden_key = ("formation.board.formation_hidden" if view["phase"] == "formation" and info["type"]
                  else "formation.board.no_formation")
    return {
        "seat": seat, "name": seat_name(seat, locale), "first": view["first_player"] == seat,
        "type": type_name(info["type"], locale) if info["type"] else "",
        "formation": card_name(info["formation"], locale) if info["formation"] else "",
        "stats": seat_stats(view, seat, locale).split(" · "),
        "attacking": view.get("attacker") == seat and view["phase"] == "battle",
        "rows": _grid(board, info["deck_back"], locale, highlight) if board is not None else None,
        "empty": t(hidden_key, locale),
    }


def _hand(view: View, seat: int, locale: str) -> dict[str, Any] | None:
    hand = view["seats"][seat].get("hand")
    if hand is None:
        return None
    own = view.get("viewer") == seat and not shown_to_all(view)
    title = t(f"formation.board.{'your_hand' if own else 'hand_of'}", locale, player=seat_name(seat, locale))
    return {"title": title, "empty": t("formation.board.hand_empty", locale),
            "cards": [{"css": colour_of(card), "rank": rank_text(card), "name": card_name(card, locale),
                       "points": t("formation.card.points", locale, points=card_points(card))} for card in hand]}


def _choices(view: View, seat: int, locale: str) -> list[dict[str, Any]]:
    info = view["seats"][seat]
    if view["phase"] != "formation" or info["formation"] is not None or not info.get("formation_choices"):
        return []
    return [{"name": card_name(layout_id, locale), "id": layout_id,
             "rows": _grid(layout_effects(layout_id), "black", locale, None)}
            for layout_id in info["formation_choices"][:2]]


def web_board(view: View, locale: str) -> str:
    viewer = view.get("viewer")
    order = (viewer, 1 - viewer) if viewer in (0, 1) else (0, 1)
    hands = [hand for hand in (_hand(view, seat, locale) for seat in order) if hand is not None]
    phase = t(f"formation.phase.{view['phase']}", locale)
    status = header_status(view, locale)
    if phase not in status:  # in battle and at the end the picture's line names the players, not the phase
        status = f"{phase} · {status}"
    return draw("formation.html", locale, heading=heading(view, locale), status=status,
                panels=[_panel(view, seat, locale) for seat in order], footer=footer_lines(view, locale),
                hands=hands, choices=_choices(view, viewer, locale) if viewer in (0, 1) else [],
                columns=[t(f"formation.col.{col + 1}", locale) for col in range(COLUMNS)])
