"""Starfall's side of the ? help and of typed illegal moves (bot/help.py): the rulebook page of each question and
the rule a notation breaks. Reads only the deciding seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import Decision
from bot.games import HelpHooks
from bot.i18n import t

PAGES = {"place": "setup", "act": "turn", "summon": "moves", "move": "moves", "skill": "skills", "target": "patterns"}


def explain_illegal(view: Mapping[str, Any], decision: Decision, notation: str, locale: str) -> str | None:
    verb, _, rest = notation.partition(":")
    if view.get("viewer") is None:
        return None
    field = view["players"][view["viewer"]]["field"]
    if verb in ("place", "summon", "move") and rest:
        if rest not in field:
            return t("help.starfall.illegal.no_square", locale)
        if field[rest] is not None:
            return t("help.starfall.illegal.occupied", locale)
        if verb == "move":
            return t("help.starfall.illegal.move", locale)
    if verb == "summon" and not rest and sum(card is not None for card in field.values()) >= 4:
        return t("help.starfall.illegal.full", locale)
    if verb == "card" and rest:
        mine = {card["id"]: card for card in field.values() if card is not None}
        if rest not in mine:
            return t("help.starfall.illegal.not_on_field", locale)
        if mine[rest].get("acted"):
            return t("help.starfall.illegal.acted", locale)
    return None


HELP = HelpHooks(pages=PAGES, explain_illegal=explain_illegal)
