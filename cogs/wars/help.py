"""3x3 Wars' side of the ? help and of typed illegal moves (bot/help.py): the rulebook page of each question and
the rule a notation breaks. Reads only the deciding seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import Decision
from bot.games import HelpHooks
from bot.i18n import t

MAGIC_EFFECTS = ("twin", "poison", "copy", "discard_one", "flip", "giant", "heal", "nullify", "reincarnate", "seek",
                 "treasure", "woods", "frontier")
PAGES = {"setup_magic": "setup", "setup_territory": "setup", "setup_hand": "levels", "setup_mulligan": "levels",
         "setup_pick": "levels", "expand": "deploy", "strategy": "deploy", "settle": "deploy", "removal": "spells",
         "reinforce": "spells", "counter": "counters", "precombat": "combat", "haste": "combat", "end": "magic",
         **{kind: "magic" for kind in MAGIC_EFFECTS}}
# Verbs whose every card id is a card of the mover's hand.
FROM_HAND = ("deploy", "expand", "territory", "hand", "counter", "discard")


def explain_illegal(view: Mapping[str, Any], decision: Decision, notation: str, locale: str) -> str | None:
    verb, _, rest = notation.partition(":")
    if verb in FROM_HAND and rest:
        hand = view.get("hand") or []
        if any(card not in hand for card in rest.replace(":", "+").split("+")):
            return t("help.wars.illegal.not_in_hand", locale)
    if verb == "magic" and rest:
        own = view["players"][view["seat"]]["magic"] if view.get("seat") is not None else []
        if rest not in [magic.get("card") for magic in own]:
            return t("help.wars.illegal.not_your_magic", locale)
        return t("help.wars.illegal.magic_requirement", locale)
    return None


HELP = HelpHooks(pages=PAGES, explain_illegal=explain_illegal)
