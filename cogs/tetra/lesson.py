"""TetrAction's lesson (/learn): red against blue, as the book advises for a first game, so the learner meets
the rotations, reading the row, casting, mana and charge with the simplest characters.

The coach reads the learner's own decision and seat view only (bot/lessons.py)."""

from __future__ import annotations

from bot.engine import Decision
from bot.lessons import CoachLine, Lesson

ROTATION1 = ("rotate_own", "exception1")
EFFECT_STEPS = ("rotate_any", "rotate_neutral", "tip_neutral", "tip_any", "pay_mana", "marker_opponent")
RELEASE_STEPS = ("carry", "replace", "bottom", "yellow_release")


def coach(decision: Decision, view: dict) -> CoachLine:
    prompt = decision.prompt.rsplit(".", 1)[-1]
    if prompt in ("marker", "marker_self"):
        return CoachLine("marker", tips=("marker",))
    if prompt in ROTATION1:
        return CoachLine("rotation1", tips=("rotation1", "row"))  # the row is what rotation 1 already shapes
    if prompt == "exception2":
        return CoachLine("exception2", tips=("rotation1",))
    if prompt == "rotate_marker":
        return CoachLine("rotation2", tips=("rotation2", "row"))
    if prompt == "transfer":
        return CoachLine("transfer", tips=("transfer",))
    if prompt in ("cast", "cast_more"):
        spells = [option for option in decision.options if option.startswith("cast:")]
        if not spells:
            return CoachLine("cast_none", tips=("casting", "mana"))
        hand_card = any(option.startswith("cast:H-") for option in spells)
        line = "cast_more" if prompt == "cast_more" else "cast" if hand_card else "cast_public"
        return CoachLine(line, {"count": len(spells)}, tips=("casting", *(("accidents",) if hand_card else ())))
    if prompt == "place_mana":
        return CoachLine("place_mana", tips=("mana",))
    if prompt == "choose_effect":
        return CoachLine("choose_effect")
    if prompt in ("charge", "charge_bonus"):
        return CoachLine(prompt, tips=("charge",))
    if prompt == "gain_mana":
        return CoachLine("gain_mana", tips=("mana",))
    if prompt in RELEASE_STEPS:
        return CoachLine("release", tips=("release",))
    if prompt in EFFECT_STEPS:
        return CoachLine("effect_step")
    return CoachLine("any_move")


LESSON = Lesson(
    game="tetra", seed=5, options={"characters": "red-blue"}, coach=coach,
    tips=("marker", "rotation1", "rotation2", "row", "transfer", "casting", "mana", "accidents", "charge", "release"),
    lines=("marker", "rotation1", "exception2", "rotation2", "transfer", "cast", "cast_more", "cast_public", "cast_none",
           "place_mana", "choose_effect", "charge", "charge_bonus", "gain_mana", "release", "effect_step", "any_move"),
)
