"""3x3 Wars' lesson (/learn): the Overlord (beginner) level the book starts with, from a seed that deals the
learner cheap units, so territories, deploying, combat and removal all come up in the first turns.

The coach reads the learner's own decision and seat view only (bot/lessons.py)."""

from __future__ import annotations

from bot.engine import Decision
from bot.lessons import CoachLine, Lesson, option_kinds


def _territories(view: dict, seat: int) -> int:
    return int(view["players"][seat].get("territory_count") or 0)


FIRST_TURNS = 4  # turns (both players') in which the main steps get the whole explanation; then a short reminder


def coach(decision: Decision, view: dict) -> CoachLine:
    prompt = decision.prompt.rsplit(".", 1)[-1]
    kinds = option_kinds(decision)
    magic = ("magic",) if "magic" in kinds else ()
    later = int(view.get("turn") or 0) > FIRST_TURNS
    if prompt == "setup_magic":
        return CoachLine("setup_magic", tips=("magic",))
    if prompt == "setup_territory":
        return CoachLine("setup_territory", tips=("territory",))
    if prompt == "expand":
        line = ("expand_again" if later else "expand") if "expand" in kinds else "pass_on"
        return CoachLine(line, tips=("expand", *magic))
    if prompt == "strategy":
        line = "strategy_deploy" if kinds & {"deploy", "redeploy"} else "strategy_none"
        return CoachLine(line, {"territories": _territories(view, decision.seat)}, tips=("deploy", "combat", *magic))
    if prompt == "removal":
        line = ("removal_again" if later else "removal") if kinds & {"remove", "remove2"} else "removal_none"
        return CoachLine(line, tips=("removal", *magic))
    if prompt == "reinforce":
        veil = ("veil",) if "veil" in kinds else ()  # a 透化 card is a reinforcement of any attribute
        line = "reinforce" if "reinforce" in kinds else "reinforce_veil" if veil else "reinforce_none"
        return CoachLine(line, tips=("reinforce", *veil, *magic))
    if prompt == "counter":
        return CoachLine("counter", tips=("counter",))
    if prompt in ("haste", "precombat", "end"):
        return CoachLine("pass_on", tips=magic)
    return CoachLine("any_move", tips=magic)


LESSON = Lesson(
    game="wars", seed=5, options={"level": "overlord"}, coach=coach,
    tips=("magic", "territory", "expand", "deploy", "combat", "removal", "reinforce", "veil", "counter"),
    lines=("setup_magic", "setup_territory", "expand", "expand_again", "pass_on", "strategy_deploy", "strategy_none",
           "removal", "removal_again", "removal_none", "reinforce", "reinforce_veil", "reinforce_none", "counter", "any_move"),
)
