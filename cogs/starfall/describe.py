"""Starfall's pictures in words (alt text and /board): round, turn and who acts, each player's deck, turns
taken, grave (of 7) and the cards waiting to be placed, and each square of both fields (HP, damage, ★,
status, R-effect). Starfall hides only deck orders, which the view does not hold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.alttext import listing, seat, sentences
from bot.i18n import t
from cogs.starfall.render_pieces import as_view
from cogs.starfall.text import attribute_name, card_name, r_name, reason_name, square_name, status_name

ROWS = (("front", ("f1", "f2", "f3")), ("back", ("b1", "b2", "b3")))


def _card(card: Mapping[str, Any], locale: str) -> str:
    notes = [attribute_name(card["attribute"], locale),
             t("alt.starfall.hp", locale, left=max(card["hp"] - card["dmg"], 0), hp=card["hp"]),
             t("alt.starfall.star", locale, star=card["star"])]
    if card.get("acted"):
        notes.append(t("alt.starfall.acted", locale))
    if card.get("status"):
        notes.append(status_name(card["status"], locale))
    if card.get("r"):
        notes.append(t("alt.starfall.r", locale, name=r_name(card.get("r_kind"), locale)))
    return t("alt.starfall.card", locale, card=card_name(card["id"], locale), notes=listing(notes, locale))


def _player(player: Mapping[str, Any], locale: str) -> str:
    rows = {}
    for row, squares in ROWS:
        cards = [t("alt.starfall.square", locale, square=square_name(sq, locale),
                   card=_card(player["field"][sq], locale) if player["field"].get(sq) else t("alt.empty", locale))
                 for sq in squares]
        rows[row] = listing(cards, locale)
    grave = player.get("grave") or []
    return t("alt.starfall.player", locale, seat=seat(player["seat"], locale), deck=player.get("deck_count", 0),
             turns=player.get("chips", 0), grave=len(grave),
             last=card_name(grave[-1], locale) if grave else t("alt.none", locale),
             drawn=listing((card_name(c, locale) for c in player.get("drawn") or []), locale),
             front=rows["front"], back=rows["back"])


def describe(view: Mapping[str, Any], locale: str) -> str:
    view = as_view(view)  # the final board is drawn from reveal_all's state, as the picture is
    game = t("games.starfall", locale)
    if view.get("phase") == "setup" or not view.get("round"):  # as the picture's heading: no round yet
        parts = [t("alt.starfall.setup", locale, game=game, phase=t("starfall.ui.setup", locale),
                   seat=seat(view["active"], locale))]
    else:
        parts = [t("alt.starfall.header", locale, game=game, round=view["round"], limit=view["round_limit"],
                   turn=view["turn"], seat=seat(view["active"], locale))]
    result = view.get("result")
    decision = view.get("decision")
    acting = view.get("acting")
    if result:
        reason = reason_name(result.get("reason"), locale)
        parts.append(t("alt.starfall.winner", locale, seat=seat(result["winner"], locale), reason=reason)
                     if result.get("winner") is not None else t("alt.starfall.draw", locale, reason=reason))
    else:
        if acting and acting.get("card"):
            parts.append(t("alt.starfall.acting", locale, card=card_name(acting["card"], locale),
                           square=square_name(acting.get("square"), locale)))
        if decision and decision["seat"] != view["active"]:
            parts.append(t("alt.waiting", locale, seats=seat(decision["seat"], locale)))
    parts.extend(_player(player, locale) for player in view["players"])
    return sentences(parts, locale)
