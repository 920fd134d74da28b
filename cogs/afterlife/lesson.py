"""Afterlife's lesson (/learn): two ready-made decks, Inferno (red aggression, the learner) against Grove,
so cores, summoning, attacking and blocking come up from the first turns.

The coach reads the learner's own decision and seat view only (bot/lessons.py)."""

from __future__ import annotations

from bot.engine import Decision
from bot.lessons import CoachLine, Lesson, option_kinds


def coach(decision: Decision, view: dict) -> CoachLine:
    prompt = decision.prompt.rsplit(".", 1)[-1]
    kinds = option_kinds(decision)
    if prompt == "bundle":
        return CoachLine("bundle", tips=("bundle",))
    if prompt == "send":
        return CoachLine("send", tips=("afterlife",))
    if prompt == "main":
        if "attack" in kinds:
            return CoachLine("main_attack", tips=("cores", "combat"))
        if "play" in kinds:
            return CoachLine("main_play", tips=("cores", "creatures"))
        return CoachLine("main_end", tips=("cores",))
    if prompt == "cut":  # without "nocut" the card can be paid only with the reduction
        return CoachLine("cut" if "nocut" in decision.options else "cut_needed", tips=("reduction",))
    if prompt == "show":
        return CoachLine("show", tips=("public",))
    if prompt == "sacrifice":
        return CoachLine("sacrifice", tips=("evolution",))
    if prompt == "window":
        return CoachLine("window", tips=("instants",))
    if prompt in ("block", "blockers", "order"):
        return CoachLine(prompt, tips=("combat",))
    if prompt == "target":
        return CoachLine("target")
    return CoachLine("any_move")


LESSON = Lesson(
    game="afterlife", seed=5, decks=("inferno", "grove"), coach=coach,
    tips=("bundle", "afterlife", "cores", "combat", "creatures", "reduction", "public", "evolution", "instants"),
    lines=("bundle", "send", "main_attack", "main_play", "main_end", "cut", "cut_needed", "show", "sacrifice", "window", "block",
           "blockers", "order", "target", "any_move"),
)
