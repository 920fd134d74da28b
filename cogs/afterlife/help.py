"""Afterlife's side of the ? help and of typed illegal moves (bot/help.py): the rulebook page of each question and
the rule a notation breaks. Reads only the deciding seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import Decision
from bot.games import HelpHooks
from bot.i18n import t

PAGES = {"bundle": "setup", "send": "turn", "main": "turn", "window": "instants", "cut": "costs", "show": "costs",
         "target": "cards", "sacrifice": "cards", "block": "combat", "blockers": "combat", "order": "combat"}
FROM_HAND = ("play", "send", "cut", "show")


def explain_illegal(view: Mapping[str, Any], decision: Decision, notation: str, locale: str) -> str | None:
    verb, _, rest = notation.partition(":")
    if view.get("seat") is None:
        return None
    me = view["players"][view["seat"]]
    if verb in FROM_HAND and rest:
        if rest not in (me.get("hand") or []):
            return t("help.afterlife.illegal.not_in_hand", locale)
        if verb == "play":
            return t("help.afterlife.illegal.cost", locale)
    if verb in ("attack", "retreat", "block") and rest:
        if rest not in [creature.get("cid") for creature in me.get("field") or []]:
            return t("help.afterlife.illegal.not_your_creature", locale)
        return t(f"help.afterlife.illegal.{verb}", locale)
    if verb == "draw3":
        return t("help.afterlife.illegal.draw3", locale)
    return None


HELP = HelpHooks(pages=PAGES, explain_illegal=explain_illegal)
