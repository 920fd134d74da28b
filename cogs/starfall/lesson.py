"""Starfall's lesson (/learn): the beginner option (no unique abilities, no R-effect skills), as the book
advises for a first game, with two ready-made decks: Vanguard (the learner) against Bastion.

The coach reads the learner's own decision and seat view only (bot/lessons.py)."""

from __future__ import annotations

from bot.engine import Decision
from bot.lessons import CoachLine, Lesson

FIELD_LIMIT = 4
FIRST_ROUNDS = 2  # rounds in which the move and attack phases get the whole explanation; then a short reminder


def _field(view: dict, seat: int) -> list[dict]:
    return [card for card in view["players"][seat]["field"].values() if card]


def coach(decision: Decision, view: dict) -> CoachLine:
    prompt = decision.prompt.rsplit(".", 1)[-1]
    if prompt == "place":
        return CoachLine("place", tips=("field",))
    if prompt == "act":
        mine = _field(view, decision.seat)
        if any(card["star"] >= 4 and not card["acted"] for card in mine):
            return CoachLine("act_star_danger", tips=("turn", "stars"))
        if "summon" in decision.options and len(mine) < FIELD_LIMIT - 1:
            return CoachLine("act_summon", tips=("turn", "stars"))
        return CoachLine("act_card", tips=("turn", "stars"))
    if prompt == "summon":
        return CoachLine("summon", tips=("summon",))
    later = int(view.get("round") or 0) > FIRST_ROUNDS
    if prompt == "move":
        return CoachLine("move_again" if later else "move", tips=("move",))
    if prompt == "skill":
        # Where a skill reaches is read from the columns: explained at the first skill that could be used.
        if len(decision.options) > 1:
            return CoachLine("skill_again" if later else "skill", tips=("skills", "patterns"))
        return CoachLine("skill_none", tips=("skills",))
    if prompt == "target":
        if all(option.startswith("target:s:") for option in decision.options):  # a heal or a boost: allies
            return CoachLine("target_ally")
        return CoachLine("target", tips=("patterns",))
    return CoachLine("any_move")


LESSON = Lesson(
    game="starfall", seed=5, options={"beginner": "on"}, decks=("vanguard", "bastion"), coach=coach,
    tips=("field", "turn", "stars", "summon", "move", "skills", "patterns"),
    lines=("place", "act_star_danger", "act_summon", "act_card", "summon", "move", "move_again", "skill", "skill_again",
           "skill_none", "target",
           "target_ally", "any_move"),
)
