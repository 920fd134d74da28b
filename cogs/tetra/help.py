"""TetrAction's side of the ? help and of typed illegal moves (bot/help.py): the rulebook page of each question and
the rule a notation breaks. Reads only the deciding seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import Decision
from bot.games import HelpHooks
from bot.i18n import t

PAGES = {"marker": "turn", "marker_self": "rotation", "marker_opponent": "rotation", "rotate_own": "rotation",
         "exception1": "rotation", "exception2": "rotation", "rotate_marker": "rotation", "rotate_any": "tetrites",
         "rotate_neutral": "tetrites", "tip_any": "transfer", "tip_neutral": "transfer", "transfer": "transfer",
         "cast": "casting", "cast_more": "casting", "gain_mana": "casting", "pay_mana": "mana", "place_mana": "mana",
         "charge": "charge", "charge_bonus": "charge", "choose_effect": "characters", "yellow_release": "characters",
         "carry": "characters", "replace": "release", "bottom": "release"}


def explain_illegal(view: Mapping[str, Any], decision: Decision, notation: str, locale: str) -> str | None:
    verb, _, rest = notation.partition(":")
    me = view["players"][view["viewer"]] if view.get("viewer") is not None else None
    if me is None:
        return None
    if verb == "cast" and decision.prompt.rsplit(".", 1)[-1] in ("cast", "cast_more") and rest:
        hand = [card["id"] for card in me.get("hand") or []]
        if rest not in hand and rest not in (view.get("public_row") or []):
            return t("help.tetra.illegal.not_castable", locale)
        return t("help.tetra.illegal.cost", locale)
    if verb == "marker" and rest:
        taken = {player.get("marker") for player in view["players"]}
        if rest in taken:
            return t("help.tetra.illegal.marker_taken", locale)
    if verb == "tip" and decision.prompt.rsplit(".", 1)[-1] != "transfer" and me.get("ether", 0) < 1:
        return t("help.tetra.illegal.no_ether", locale)
    return None


HELP = HelpHooks(pages=PAGES, explain_illegal=explain_illegal)
