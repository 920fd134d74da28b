"""Localized words of Formation: card and square names, option labels, event-argument formatters."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import t
from bot.render.names import seat_label
from cogs.formation.data import SQUARE_INDEX, SQUARES, catalogue, layout

MAX_LABEL = 80


def card_name(card_id: str, locale: str) -> str:
    """``r5`` -> "Red 5" / "赤5" (the book writes 赤3, 青8); formation and type ids work too (the catalogue holds them all)."""
    return catalogue().card(card_id).name(locale)


def cards_list(card_ids: list[str], locale: str) -> str:
    separator = "、" if locale == "ja" else ", "
    return separator.join(card_name(card_id, locale) for card_id in card_ids)


def square_name(square: str, locale: str) -> str:
    row, col = square.split(":")
    return t("formation.square.name", locale, row=t(f"formation.row.{row}", locale),
             col=t(f"formation.col.{col}", locale))


def type_name(type_id: str, locale: str) -> str:
    return t(f"formation.type.{type_id}", locale)


def colour_name(colour: str, locale: str) -> str:
    return t(f"formation.colour.{colour}", locale)


def seat_name(seat: int, locale: str) -> str:
    return seat_label(seat, locale)  # the member's name on a match picture, else "Player 1"


def effect_words(effect: Mapping[str, Any], locale: str) -> list[str]:
    """The labels of one square's marks, e.g. ["Deck", "Rank+2"]; empty for a plain square."""
    if effect.get("blank"):
        return [t("formation.effect.blank", locale)]
    words = []
    if effect.get("reveal"):
        words.append(t("formation.effect.reveal", locale))
    if effect.get("bonus"):
        words.append(t("formation.effect.bonus", locale, bonus=effect["bonus"]))
    if effect.get("wild"):
        words.append(t("formation.effect.wild", locale))
    if effect.get("double"):
        words.append(t("formation.effect.double", locale))
    return words


def layout_effects(layout_id: str) -> list[dict[str, Any]]:
    chosen = layout(layout_id)
    return [{"square": SQUARES[index], "blank": square.blank, "reveal": square.reveal, "bonus": square.bonus,
             "wild": square.wild, "double": square.double} for index, square in enumerate(chosen.squares)]


def formation_summary(layout_id: str, locale: str) -> str:
    """Where the marks stand, shortest form: "Front centre Rank+2, Back centre Deck"."""
    parts = []
    for effect in layout_effects(layout_id):
        if effect["blank"]:
            continue
        words = effect_words(effect, locale)
        if words:
            joiner = "＋" if locale == "ja" else "+"
            parts.append(f"{square_name(effect['square'], locale)} {joiner.join(words)}")
    return ("、" if locale == "ja" else ", ").join(parts)


def shorten(text: str, limit: int = MAX_LABEL) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _board_card(view: Mapping[str, Any], square: str) -> tuple[str | None, int]:
    seat = view.get("viewer")
    if seat is None:
        return None, 0
    board = view["seats"][seat].get("board") or []
    if not board:
        return None, 0
    entry = board[SQUARE_INDEX[square]]
    cards = entry["cards"]
    return (cards[0]["card"] if cards else None), entry["bonus"]


def pick_label(option_id: str, view: Mapping[str, Any], locale: str) -> str:
    parts = option_id.split(":")
    square = f"{parts[1]}:{parts[2]}"
    card, bonus = _board_card(view, square)
    if card is None:
        return square_name(square, locale)
    rank = int(card[1:]) + bonus
    args = {"card": card_name(card, locale), "square": square_name(square, locale), "rank": rank}
    if len(parts) == 4:
        return t("formation.option.pick_wild", locale, colour=colour_name(parts[3], locale), **args)
    return t("formation.option.pick", locale, **args)


def option_label(option_id: str, view: Mapping[str, Any], locale: str) -> str:
    """Button/select label of one option id for the deciding seat (its own view), at most 80 chars."""
    verb, _, rest = option_id.partition(":")
    if verb == "type":
        label = t("formation.option.type", locale, type=type_name(rest, locale),
                  character=t(f"formation.character.{rest}", locale))
    elif verb == "formation":
        label = t("formation.option.formation", locale, formation=card_name(rest, locale),
                  summary=formation_summary(rest, locale))
    elif option_id == "place:undo":
        label = t("formation.option.undo", locale)
    elif verb == "place":
        row, col, card = rest.split(":")
        label = t("formation.option.place", locale, card=card_name(card, locale),
                  square=square_name(f"{row}:{col}", locale))
    elif verb in ("attack", "defend"):
        label = pick_label(option_id, view, locale)
    elif verb == "advance":
        label = t("formation.option.advance", locale, card=card_name(rest, locale))
    else:
        label = option_id
    return shorten(label)


ARG_FORMATTERS: dict[str, Callable[[Any, str], str]] = {
    "card": card_name,
    "other": card_name,
    "cards": cards_list,
    "square": square_name,
    "formation": card_name,
    "type": type_name,
    "colour": colour_name,
}
