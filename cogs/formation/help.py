"""Formation's side of the ? help and of typed illegal moves (bot/help.py): the rulebook page of each question and
the rule a notation breaks. Reads only the deciding seat's view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.engine import Decision
from bot.games import HelpHooks
from bot.i18n import t
from cogs.formation.data import SQUARES

PAGES = {"type": "setup", "formation": "setup", "place_lines": "turn", "place_reserve": "turn", "attack": "battle",
         "defend": "battle", "advance": "squares"}


def _own(view: Mapping[str, Any]) -> Mapping[str, Any]:
    return view["seats"][view["viewer"]]


def _square(view: Mapping[str, Any], square: str) -> Mapping[str, Any] | None:
    return next((entry for entry in _own(view).get("board") or [] if entry["square"] == square), None)


def explain_illegal(view: Mapping[str, Any], decision: Decision, notation: str, locale: str) -> str | None:
    parts = notation.split(":")
    verb, kind = parts[0], decision.prompt.rsplit(".", 1)[-1]
    if verb == "place" and kind.startswith("place") and len(parts) == 4:
        square, card = f"{parts[1]}:{parts[2]}", parts[3]
        if card not in (_own(view).get("hand") or []):
            return t("help.formation.illegal.not_in_hand", locale)
        entry = _square(view, square)
        if entry is not None and entry["blank"]:
            return t("help.formation.illegal.blank", locale)
        if entry is not None and entry["cards"]:
            return t("help.formation.illegal.occupied", locale)
        return t("help.formation.illegal.order", locale)
    if verb == kind and verb in ("attack", "defend") and len(parts) >= 3 and f"{parts[1]}:{parts[2]}" in SQUARES:
        entry = _square(view, f"{parts[1]}:{parts[2]}")
        if entry is None or not entry["cards"]:
            return t("help.formation.illegal.empty", locale)
        return t(f"help.formation.illegal.{verb}_row", locale)
    return None


HELP = HelpHooks(pages=PAGES, explain_illegal=explain_illegal)
