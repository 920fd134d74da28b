"""Formation's lesson (/learn): a whole match from a seed whose first hand holds both colours, high cards and
a 0, so placing, attacking, following the colour and "0 beats 12" all come up in round 1.

The coach reads the learner's own decision and seat view only (bot/lessons.py)."""

from __future__ import annotations

from bot.engine import Decision
from bot.lessons import CoachLine, Lesson


def _square(view: dict, seat: int, square: str) -> dict | None:
    for cell in view["seats"][seat]["board"]:
        if cell["square"] == square:
            return cell
    return None


def _beats(cell: dict | None, colour: str, rank: int, attacker: str) -> bool:
    """Whether the defender on ``cell`` (the learner's own card, known to the learner) wins the battle against
    ``attacker`` (its printed card) attacking as ``colour`` at ``rank`` (bonuses counted). "0 beats 12" reads
    the printed numbers, whatever the bonuses and colours."""
    if not cell or not cell["cards"]:
        return False
    card = cell["cards"][0]["card"]
    printed, attacking = int(card[1:]), int(attacker[1:]) if attacker[1:].isdigit() else rank
    if printed == 0 and attacking == 12:
        return True
    if printed == 12 and attacking == 0:
        return False
    own = printed + int(cell.get("bonus") or 0)
    return bool(cell.get("wild") or card[0] == colour[:1]) and own > rank


def coach(decision: Decision, view: dict) -> CoachLine:
    prompt = decision.prompt.rsplit(".", 1)[-1]
    args = decision.args
    if prompt == "type":
        return CoachLine("type", tips=("types",))
    if prompt == "formation":
        return CoachLine("formation", tips=("squares",))
    if prompt == "place_lines":
        square = str(args.get("square", "front"))
        cell = _square(view, decision.seat, square) or {}
        if cell.get("wild"):
            return CoachLine("place_wild", tips=("rows", "squares"))
        if cell.get("bonus"):
            return CoachLine("place_bonus", {"bonus": int(cell["bonus"])}, tips=("rows", "squares"))
        row = square.split(":", 1)[0]
        return CoachLine("place_back" if row == "back" else "place_front", tips=("rows",))
    if prompt == "place_reserve":  # the card left in hand is kept for the next round; after the last, for nothing
        last = int(view.get("round") or 1) >= int(view.get("rounds") or 3)
        return CoachLine("place_reserve_last" if last else "place_reserve", tips=("reserve",))
    if prompt == "attack":
        # The whole reasoning at the learner's first attacks; later a shorter line, so it is read, not skipped.
        if len(decision.options) == 1:
            line = "attack_only"
        elif int(args.get("round", 1)) == 1 and int(args.get("battle", 1)) <= 2:
            line = "attack"
        else:
            line = "attack_again"
        return CoachLine(line, tips=("battle", "scoring"))
    if prompt == "defend":
        colour, rank, card = str(args.get("colour", "")), int(args.get("rank", 0)), str(args.get("card", ""))
        squares = [option.split(":", 1)[1] for option in decision.options if option.startswith("defend:")]
        wins = any(_beats(_square(view, decision.seat, square), colour, rank, card) for square in squares)
        only = "defend_only_" if len(squares) == 1 else "defend_"
        return CoachLine(only + ("win" if wins else "lose"), tips=("follow", "zero"))
    if prompt == "advance":
        return CoachLine("advance", tips=("double",))
    return CoachLine("any_move")


LESSON = Lesson(
    game="formation", seed=7, coach=coach,
    tips=("types", "squares", "rows", "reserve", "battle", "scoring", "follow", "zero", "double"),
    lines=("type", "formation", "place_front", "place_back", "place_bonus", "place_wild", "place_reserve", "place_reserve_last",
           "attack",
           "attack_again", "attack_only", "defend_win", "defend_lose", "defend_only_win", "defend_only_lose", "advance",
           "any_move"),
)
