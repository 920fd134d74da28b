"""Lessons (/learn): a guided first match against the bot player, from a prepared starting position.

Pure: no Discord, no store. Each listed game may have ``cogs/<game>/lesson.py`` with ``LESSON``: the seed
and options of its starting position (chosen so the lesson shows the game's main ideas and ends in 10-20
minutes), the ready-made decks of a deck game, and its coach. The coach reads only what the learner may
see: the learner's own open decision (its prompt, options and arguments) and the learner's own seat view,
never the state; so a lesson's words cannot tell the learner anything about the bot's hidden cards.

A coach line says what this step is and what a sensible choice is, chosen from the decision's prompt and
the situation in the view (never a fixed script: the learner may play any legal move). A tip explains a
rule; the coach names the tips that matter at a decision, and the platform shows each tip once per
learner (``bot/store/lessons.py``). Texts: ``lesson.<game>.coach.<line>`` and ``lesson.<game>.tip.<tip>``
in ``assets/locales/<locale>/lesson_<game>.toml``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot import i18n
from bot.engine import Decision
from bot.games import GAME_PACKAGES, game_module

LEARNER_SEAT = 0  # the learner moves first where the game lets the seed decide; the bot player is seat 1
BOT_SEAT = 1
BOT_LEVEL = "easy"  # the bot player's strength in every lesson (bot/ai/search.py LEVELS)
LESSON_DAYS = 3  # days a move, as a challenge's default: a lesson waits like any match


@dataclass(frozen=True)
class CoachLine:
    """What the coach says before one decision: a line (``lesson.<game>.coach.<line>``, formatted with
    ``args``) and the rules that matter now (``lesson.<game>.tip.<tip>``, each shown once per learner)."""

    line: str
    args: Mapping[str, Any] = field(default_factory=dict)
    tips: tuple[str, ...] = ()


Coach = Callable[[Decision, dict], CoachLine]


@dataclass(frozen=True)
class Lesson:
    game: str
    seed: int
    coach: Coach  # (the learner's decision, the learner's own seat view) -> what the coach says
    options: Mapping[str, str] = field(default_factory=dict)  # match options of the prepared position
    decks: tuple[str, str] | None = None  # ready-made deck ids of a deck game: (learner, bot player)
    tips: tuple[str, ...] = ()  # every tip the coach may name (the locale tests walk them)
    lines: tuple[str, ...] = ()  # every line the coach may say


def lesson_of(game_id: str) -> Lesson | None:
    """The game's lesson, or None for a game without one (a game registered at run time, or no lesson.py)."""
    if game_id not in GAME_PACKAGES:
        return None
    try:
        module = game_module(game_id, "lesson")
    except ModuleNotFoundError as error:
        if not (error.name or "").endswith(".lesson"):
            raise  # the lesson exists but something it imports does not
        return None
    return module.LESSON


def lesson_options(lesson: Lesson) -> dict[str, str]:
    """The match options of a lesson: its position's options, the decks (as ``deck0``/``deck1``) and the
    bot player's level."""
    from bot.decks import deck_option, ready_decks  # the deck games load their cards only when asked
    from bot.games import get_game
    from bot.match import BOT_LEVEL_OPTION

    options = dict(lesson.options) | {BOT_LEVEL_OPTION: BOT_LEVEL}
    if lesson.decks is not None:
        ready = {deck.id: deck for deck in ready_decks(lesson.game, get_game(lesson.game).deck_rule)}
        for seat, deck_id in enumerate(lesson.decks):
            options[f"deck{seat}"] = deck_option(ready[deck_id].cards)
    return options


def coach_line(lesson: Lesson, decision: Decision, seat_view: dict) -> CoachLine:
    return lesson.coach(decision, seat_view)


def coach_text(lesson: Lesson, said: CoachLine, tips: tuple[str, ...], locale: str) -> str:
    """The coach's words on a panel: the line, then each tip shown with it."""
    prefix = f"lesson.{lesson.game}"
    parts = [i18n.t("lesson.coach", locale, line=i18n.t(f"{prefix}.coach.{said.line}", locale, **said.args))]
    parts += [i18n.t("lesson.tip", locale, tip=i18n.t(f"{prefix}.tip.{tip}", locale)) for tip in tips]
    return "\n".join(parts)


def option_kinds(decision: Decision) -> set[str]:
    """The kinds of answer a decision offers (``attack:front:1`` -> ``attack``): what the coach's situation
    reads first, since every offered option is a legal move the learner can see on the panel."""
    return {option.split(":", 1)[0] for option in decision.options}
