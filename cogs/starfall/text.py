"""Localized words of Starfall: card, square, skill and state names, option labels and the argument
formatters of prompts and events.

Option labels (buttons and selects, <= 80 chars) say what a choice does from the deciding seat's view:
the card acting and its ★ and HP, where a move or swap goes, what a skill does (the card's own generated
skill text), which card a target is. They read the seat's view only, never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import t
from bot.render.names import seat_label
from cogs.starfall import board, cardtext
from cogs.starfall import cards as catalogue

MAX_LABEL = 80
View = Mapping[str, Any]

ATTRIBUTES = ("attack", "magic", "trick")
# A shape per attribute, so an attribute never reads by colour alone (board, panel, card, labels); not
# ▲ or ●, the seat markers of players' names on the pictures.
SHAPE = {"attack": "■", "magic": "◆", "trick": "♣"}
SKILLS = ("normal", "consume", "r")
STATUSES = ("sick", "lock")
CAUSES = ("damage", "star", "sick")
R_KINDS = ("power", "guard", "thorns", "ward", "regen", "cool", "aura_power", "aura_guard")
OUTCOMES = ("graves", "wiped", "locked", "both_on_action", "both_at_round_start", "round_limit")


def lang(locale: str) -> str:
    return "ja" if locale == "ja" else "en"


def shorten(text: str, limit: int = MAX_LABEL) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def joiner(locale: str) -> str:
    return "、" if lang(locale) == "ja" else ", "


# --- names ---------------------------------------------------------------------------------------


def card_name(card_id: Any, locale: str) -> str:
    """``S01`` -> "Iron Vanguard" / "鉄の先陣"; an unknown id comes back as it is."""
    found = catalogue.by_id().get(str(card_id))
    return found.name(lang(locale)) if found else str(card_id)


def card_list(cards: Any, locale: str) -> str:
    """A list or a comma-joined string of card ids -> localized names."""
    items = cards if isinstance(cards, list | tuple) else [c for c in str(cards).split(",") if c]
    return joiner(locale).join(card_name(c, locale) for c in items)


def square_name(square: Any, locale: str) -> str:
    """``f1`` -> "f1" / "前1" (front or back row, column counted from the owner's left)."""
    text = str(square)
    if text not in board.SQUARES:
        return text
    return t(f"starfall.ui.square_{board.row_of(text)}", locale, col=board.col_of(text))


def target_name(target: Any, locale: str) -> str:
    """A skill target suffix: ``o:f3`` -> the square, ``o:front`` -> "the enemy front row"."""
    if target is None:
        return ""
    _, _, name = str(target).partition(":")
    if name in ("front", "back"):
        return t(f"starfall.ui.row_{name}", locale)
    return square_name(name, locale)


def attribute_name(attribute: Any, locale: str) -> str:
    return t(f"starfall.attribute.{attribute}", locale) if attribute in ATTRIBUTES else str(attribute)


def attribute_letter(attribute: Any, locale: str) -> str:
    return t(f"starfall.ui.letter.{attribute}", locale) if attribute in ATTRIBUTES else "?"


def skill_name(skill: Any, locale: str) -> str:
    return t(f"starfall.skill.{skill}", locale) if skill in SKILLS else str(skill)


def status_name(status: Any, locale: str) -> str:
    return t(f"starfall.status.{status}", locale) if status in STATUSES else str(status)


def cause_name(cause: Any, locale: str) -> str:
    return t(f"starfall.cause.{cause}", locale) if cause in CAUSES else str(cause)


def r_name(kind: Any, locale: str) -> str:
    return t(f"starfall.ui.r.{kind}", locale) if kind in R_KINDS else str(kind)


def reason_name(reason: Any, locale: str) -> str:
    return t(f"starfall.outcome.{reason}", locale) if reason in OUTCOMES else str(reason)


def seat_name(seat: int, locale: str) -> str:
    return seat_label(seat, locale)  # the member's name on a match picture, else "Player 1"


def skill_line(card_id: str, which: str, locale: str) -> str:
    """The card's own generated text of one skill (``normal``, ``consume`` or ``r``)."""
    stats = catalogue.card(card_id).stats
    if which == "normal":
        return cardtext.skill_text(stats["normal"], lang(locale))
    if which == "consume":
        return cardtext.skill_text(stats["consume"], lang(locale), cost=stats["consume"]["cost"])
    return cardtext.card_text(stats, lang(locale)).split("\n")[3]


def r_skill_label(card_id: str, locale: str) -> str:
    """The R-effect skill as a choice: the consumption skill at its R cost, plus the R state it leaves."""
    stats = catalogue.card(card_id).stats
    consume, r_effect = stats["consume"], stats["r"]
    used = cardtext.skill_text(consume, lang(locale), cost=consume["cost"] + r_effect["cost"]).rstrip(".。")
    amount = r_effect.get("amount")
    state = r_name(r_effect["kind"], locale) + (f" {amount}" if amount else "")
    return t("starfall.ui.option.r_skill", locale, skill=used, state=state)


def ability_line(card_id: str, locale: str) -> str:
    return cardtext.card_text(catalogue.card(card_id).stats, lang(locale)).split("\n")[0]


# --- the view ------------------------------------------------------------------------------------


def viewer_of(view: View) -> int:
    viewer = view.get("viewer")
    if viewer is None:
        viewer = (view.get("decision") or {}).get("seat", view.get("active", 0))
    return int(viewer or 0)


def field_of(view: View, seat: int) -> Mapping[str, Any]:
    players = view.get("players") or []
    return players[seat]["field"] if seat < len(players) else {}


def find_card(view: View, seat: int, card_id: str) -> tuple[str, Mapping[str, Any]] | None:
    for square, record in field_of(view, seat).items():
        if record is not None and record["id"] == card_id:
            return square, record
    return None


def decision_args(view: View) -> Mapping[str, Any]:
    return (view.get("decision") or {}).get("args") or {}


# --- option labels -------------------------------------------------------------------------------


def _join(label: str, detail: str, locale: str) -> str:
    if not detail:
        return label
    return f"{label}：{detail}" if lang(locale) == "ja" else f"{label} · {detail}"


def _card_label(card_id: str, view: View, locale: str) -> str:
    seat = viewer_of(view)
    found = find_card(view, seat, card_id)
    if found is None:
        return t("starfall.ui.option.card", locale, card=card_name(card_id, locale), square="?")
    square, record = found
    label = t("starfall.ui.option.card", locale, card=card_name(card_id, locale), square=square_name(square, locale))
    state = t("starfall.ui.option.card_state", locale, star=record["star"], left=record["hp"] - record["dmg"],
              hp=record["hp"])
    if record.get("status"):
        state += " · " + status_name(record["status"], locale)
    return f"{SHAPE.get(record['attribute'], '')} {label} ({state})"


def _target_label(target: str, view: View, locale: str) -> str:
    side, _, name = target.partition(":")
    if name in ("front", "back"):
        return t(f"starfall.ui.option.target_row_{name}", locale)
    seat = viewer_of(view)
    owner = seat if side == "s" else 1 - seat
    record = field_of(view, owner).get(name)
    card = card_name(record["id"], locale) if record else "?"
    key = "starfall.ui.option.target_ally" if side == "s" else "starfall.ui.option.target_enemy"
    label = t(key, locale, card=card, square=square_name(name, locale))
    if record:
        label += f" (HP {record['hp'] - record['dmg']}/{record['hp']})"
    return label


def _acting_card(view: View) -> str | None:
    acting = view.get("acting") or {}
    return acting.get("card") or decision_args(view).get("card")


def option_label(option_id: str, view: View, locale: str) -> str:
    """Button/select label of one option id for the deciding seat (its own view), at most 80 chars."""
    verb, _, rest = option_id.partition(":")
    args = decision_args(view)
    card = card_name(args.get("card", "?"), locale)
    try:
        if verb == "place" and rest:
            return shorten(t("starfall.ui.option.place", locale, card=card, square=square_name(rest, locale)))
        if option_id == "summon":
            players = view.get("players") or []
            seat = viewer_of(view)
            count = players[seat]["deck_count"] if seat < len(players) else "?"
            return shorten(t("starfall.ui.option.summon", locale, count=count))
        if verb == "summon" and rest:
            return shorten(t("starfall.ui.option.summon_square", locale, card=card, square=square_name(rest, locale)))
        if verb == "card" and rest:
            return shorten(_card_label(rest, view, locale))
        if verb == "move" and rest:
            return shorten(t("starfall.ui.option.move", locale, card=card, square=square_name(rest, locale)))
        if verb == "swap" and rest:
            other = field_of(view, viewer_of(view)).get(rest)
            return shorten(t("starfall.ui.option.swap", locale, card=card_name(other["id"] if other else "?", locale),
                             square=square_name(rest, locale)))
        if option_id == "stay":
            return t("starfall.ui.option.stay", locale)
        if option_id == "pass":
            prompt = (view.get("decision") or {}).get("prompt", "")
            return t("starfall.ui.option.pass_skill" if prompt.endswith(".skill") else "starfall.ui.option.pass_act",
                     locale)
        if verb == "skill" and rest in SKILLS:
            card_id = _acting_card(view)
            if card_id in catalogue.by_id():
                return shorten(r_skill_label(card_id, locale) if rest == "r" else skill_line(card_id, rest, locale))
            return shorten(skill_name(rest, locale))
        if verb == "target" and rest:
            return shorten(_target_label(rest, view, locale))
    except (KeyError, ValueError, IndexError, TypeError):  # a malformed id never breaks a panel
        pass
    return shorten(option_id)


ARG_FORMATTERS: dict[str, Callable[[Any, str], str]] = {
    "card": card_name,
    "cards": card_list,
    "other": lambda value, locale: card_name(value, locale) if value else "",
    "square": square_name,
    "start": square_name,
    "end": square_name,
    "target": target_name,
    "skill": skill_name,
    "status": status_name,
    "cause": cause_name,
    "r": r_name,
    "reason": reason_name,
    "cost": lambda value, locale: t("starfall.ui.spending", locale, cost=value) if value else "",  # a free skill says none
    "attribute": attribute_name,
}
