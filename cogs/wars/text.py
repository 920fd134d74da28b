"""Short localized labels for option ids (buttons and selects, <= 80 chars) and event/prompt args."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot import i18n
from cogs.wars import cards as C

MAX_LABEL = 80


def card_name(card_id: Any, locale: str) -> str:
    """``017`` -> ``黒妖犬 (水) 017``; ``045.2`` -> ``調律 (2)``; unknown ids are returned as they are."""
    text = str(card_id)
    card, _, value = text.partition(".")
    table = C.card_table()
    if card not in table:
        return text
    info = table[card]
    name = info["name_ja"] if locale == "ja" else info["name_en"]
    if value:
        return f"{name} ({value})"
    if info["kind"] == "unit":
        attribute = info["attribute"]
        short = {"fire": "炎", "water": "水", "grass": "草", "sky": "天"} if locale == "ja" else \
            {"fire": "Fire", "water": "Water", "grass": "Grass", "sky": "Sky"}
        return f"{name} ({short[attribute]} {info['cost']})"
    return f"{name} {card}"


def card_list(cards: Any, locale: str) -> str:
    items = cards if isinstance(cards, list | tuple) else str(cards).split("+")
    return (" + " if locale != "ja" else "・").join(card_name(c, locale) for c in items)


def great_name(great: Any, locale: str) -> str:
    for info in C.card_table().values():
        if info.get("great") == great:
            return str(info["great_ja"] if locale == "ja" else info["great_en"])
    return str(great)


def reason_name(reason: Any, locale: str) -> str:
    key = f"wars.outcome.{reason}"
    return i18n.t(key, locale) if i18n.has(key, locale) else str(reason)


ARG_FORMATTERS: dict[str, Callable[[Any, str], str]] = {
    "card": card_name, "target": card_name, "taken": card_name, "given": card_name,
    "cards": card_list, "spent": card_list, "great": great_name, "reason": reason_name,
}


def _label(key: str, locale: str, **args: Any) -> str:
    text = i18n.t(f"wars.option.{key}", locale, **args)
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def option_label(option_id: str, view: dict[str, Any], locale: str) -> str:
    parts = option_id.split(":")
    verb = parts[0]
    if verb in ("pass", "keep", "mulligan", "dig") and len(parts) == 1:
        return _label(verb, locale)
    if verb == "pick":
        return _label("pick", locale, n=parts[1])
    if verb in ("remove", "remove2"):
        return _label("remove", locale, cards=card_list(parts[1], locale), target=card_name(parts[2], locale))
    if verb in ("reinforce", "veil"):
        return _label(verb, locale, cards=card_list(parts[1], locale), target=card_name(parts[2], locale))
    if verb == "counter":
        return _label("counter", locale, cards=card_list(parts[1], locale))
    if verb == "redeploy":
        return _label("redeploy", locale, card=card_name(parts[1], locale), spent=card_list(parts[2], locale))
    if verb == "great":
        great = C.info(parts[1])["great"] if parts[1] in C.card_table() else parts[1]
        return _label("great", locale, great=great_name(great, locale), card=card_name(parts[1], locale))
    if verb == "flip":
        return _label("flip", locale, n=parts[1])
    if verb == "seek":
        return _label("seek", locale, taken=card_name(parts[1], locale), given=card_name(parts[2], locale))
    if verb == "keep":
        return _label("keep_magic", locale, card=card_name(parts[1], locale))
    if verb in ("expand", "deploy", "magic", "target", "heal", "copy", "discard", "territory", "hand"):
        return _label(verb, locale, card=card_name(parts[1], locale))
    return option_id[:MAX_LABEL]
