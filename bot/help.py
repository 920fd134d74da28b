"""Help on the open question (the panels' ? control) and the rule a typed illegal move breaks. Pure: no discord.

Everything here is built from one seat's view and its own open :class:`Decision`, never from the match state,
so help cannot tell a seat more than its panel shows. The words:

* ``help.<game>.<kind>.what`` / ``.rule``: what is being decided and the rule that governs it, one pair per
  decision *kind*, the last part of its prompt key (``formation.prompt.attack`` -> ``attack``), in
  ``assets/locales/<locale>/help_<game>.toml``;
* ``help.<game>.option.<verb>``: what an option does, by its verb (the option id up to its first colon:
  ``attack:front:2:red`` -> ``attack``); ``help.<game>.<kind>.option_<verb>`` words it for one kind only;
* the game's ``HelpHooks`` (bot/games.py): the rulebook page of each kind, and ``explain_illegal`` for the rule a
  notation breaks where the game can say more than "not now" (a card the seat does not hold, an occupied square).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot import i18n
from bot.engine import Decision
from bot.games import GameSpec, View

LISTED_PER_VERB = 6  # options named under one explanation; the rest are counted ("and 9 more")
NOTATION_SHOWN = 60  # characters of a typed notation echoed back


@dataclass(frozen=True)
class RulePointer:
    """The rulebook page that teaches a decision kind: its index (0-based) and title in the reader's language."""

    index: int
    title: str


def decision_kind(decision: Decision) -> str:
    return decision.prompt.rsplit(".", 1)[-1]


def option_verb(option: str) -> str:
    return option.split(":", 1)[0]


def has_help(game_id: str, kind: str, locale: str) -> bool:
    return i18n.defined_in(f"help.{game_id}.{kind}.what", locale) and i18n.defined_in(
        f"help.{game_id}.{kind}.rule", locale)


def rule_pointer(game: GameSpec, kind: str, locale: str) -> RulePointer | None:
    page_key = game.help.pages.get(kind) if game.help is not None else None
    if page_key is None or game.rulebook is None:
        return None
    for index, page in enumerate(game.rulebook()):
        if page.key == page_key:
            return RulePointer(index, i18n.t(page.title_key(game.game_id), locale))
    return None


def option_explanation(game_id: str, kind: str, verb: str, locale: str) -> str | None:
    for key in (f"help.{game_id}.{kind}.option_{verb}", f"help.{game_id}.option.{verb}"):
        if i18n.has(key):
            return i18n.t(key, locale)
    return None


def grouped_options(options: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The options by verb, in the order the decision lists them (a verb's first option places its group)."""
    groups: dict[str, list[str]] = {}
    for option in options:
        groups.setdefault(option_verb(option), []).append(option)
    return list(groups.items())


def _listing(game: GameSpec, options: Sequence[str], seat_view: View, locale: str) -> list[str]:
    lines = [f"  · `{option}` {game.option_label(option, seat_view, locale)}" for option in options[:LISTED_PER_VERB]]
    if len(options) > LISTED_PER_VERB:
        lines.append("  · " + i18n.t("help.more", locale, count=len(options) - LISTED_PER_VERB))
    return lines


def explain_options(game: GameSpec, decision: Decision, seat_view: View, locale: str) -> list[str]:
    """Each kind of offered option: what it does, then the options of that kind (notation and label)."""
    kind = decision_kind(decision)
    lines: list[str] = []
    for verb, options in grouped_options(decision.options):
        explanation = option_explanation(game.game_id, kind, verb, locale)
        if explanation is not None:
            lines.append(f"▸ {explanation}")
        lines.extend(_listing(game, options, seat_view, locale))
    return lines


def help_body(game: GameSpec, decision: Decision, seat_view: View, locale: str) -> str:
    """What is decided, what each offered option does, which rule applies and where the rulebook teaches it."""
    kind, game_id = decision_kind(decision), game.game_id
    parts = [i18n.t("help.what", locale, text=_text(f"help.{game_id}.{kind}.what", locale))]
    if decision.max > 1:
        parts.append(i18n.t("panel.choose_between", locale, min=decision.min, max=decision.max))
    parts.append(i18n.t("help.options", locale))
    parts.extend(explain_options(game, decision, seat_view, locale))
    parts.append(i18n.t("help.rule", locale, text=_text(f"help.{game_id}.{kind}.rule", locale)))
    pointer = rule_pointer(game, kind, locale)
    if pointer is not None:
        parts.append(i18n.t("help.page", locale, page=pointer.index + 1, title=pointer.title, game=game_id))
    return "\n".join(parts)


def _text(key: str, locale: str) -> str:
    return i18n.t(key, locale) if i18n.has(key) else i18n.t("help.no_text", locale)


def shown_notation(notation: str) -> str:
    """A typed notation echoed inside a code span: no backticks (they would end it), no line breaks, bounded."""
    cleaned = "".join(ch for ch in notation if ch.isprintable() and ch != "`")
    return cleaned[:NOTATION_SHOWN] or "?"


def explain_illegal(game: GameSpec, decision: Decision, seat_view: View, choice: Sequence[str], prompt: str,
                    locale: str) -> str:
    """Why ``choice`` is not an answer to ``decision``, in the rule's words, with the question now open.

    ``prompt`` is the question as the panel words it. The specific rule comes from the game's hook when it knows
    one (a card the seat does not hold); else a known move of another moment gets "not now" with this question's
    rule, and a notation the game has never heard of gets the options to type instead."""
    kind, game_id = decision_kind(decision), game.game_id
    rule = _text(f"help.{game_id}.{kind}.rule", locale)
    picked = list(choice)
    if len(set(picked)) != len(picked):
        return i18n.t("help.illegal.repeated", locale, question=prompt)
    if not decision.min <= len(picked) <= decision.max:
        return i18n.t("help.illegal.count", locale, question=prompt, min=decision.min, max=decision.max,
                      count=len(picked))
    unknown = next((option for option in picked if option not in decision.options), None)
    if unknown is None:  # every part is offered: the engine refused the combination
        return i18n.t("help.illegal.not_now", locale, notation=shown_notation(" ".join(picked)), question=prompt,
                      rule=rule)
    notation = shown_notation(unknown)
    hook = game.help.explain_illegal if game.help is not None else None
    specific = hook(seat_view, decision, unknown, locale) if hook is not None else None
    if specific:
        return i18n.t("help.illegal.specific", locale, notation=notation, reason=specific, question=prompt)
    verb = option_verb(unknown)
    offered = [option for option in decision.options if option_verb(option) == verb]
    if offered:
        return i18n.t("help.illegal.not_offered", locale, notation=notation, question=prompt,
                      offered=_examples(offered))
    if i18n.has(f"help.{game_id}.option.{verb}"):
        return i18n.t("help.illegal.not_now", locale, notation=notation, question=prompt, rule=rule)
    return i18n.t("help.illegal.unknown", locale, notation=notation, game=i18n.t(f"games.{game_id}", locale),
                  question=prompt, offered=_examples(decision.options))


def _examples(options: Sequence[str]) -> str:
    shown = ", ".join(f"`{option}`" for option in options[:LISTED_PER_VERB])
    return shown + (", …" if len(options) > LISTED_PER_VERB else "")
