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


def _beats(cell: dict | None, colour: str, rank: int) -> bool:
    """Whether the defender on ``cell`` (the learner's own card, known to the learner) wins the battle."""
    if not cell or not cell["cards"]:
        return False
    card = cell["cards"][0]["card"]
    own = int(card[1:]) + int(cell.get("bonus") or 0)
    if int(card[1:]) == 0 and rank == 12:
        return True
    return (cell.get("wild") or card[0] == colour[:1]) and own > rank


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
    if prompt == "place_reserve":
        return CoachLine("place_reserve", tips=("reserve",))
    if prompt == "attack":
        return CoachLine("attack", tips=("battle", "scoring"))
    if prompt == "defend":
        colour, rank = str(args.get("colour", "")), int(args.get("rank", 0))
        squares = [option.split(":", 1)[1] for option in decision.options if option.startswith("defend:")]
        wins = any(_beats(_square(view, decision.seat, square), colour, rank) for square in squares)
        return CoachLine("defend_win" if wins else "defend_lose", tips=("follow", "zero"))
    if prompt == "advance":
        return CoachLine("advance", tips=("double",))
    return CoachLine("any_move")


LESSON = Lesson(
    game="formation", seed=7, coach=coach,
    tips=("types", "squares", "rows", "reserve", "battle", "scoring", "follow", "zero", "double"),
    lines=("type", "formation", "place_front", "place_back", "place_bonus", "place_wild", "place_reserve", "attack", "defend_win",
           "defend_lose", "advance", "any_move"),
)
