"""3x3 Wars: a card's text (en, ja) generated from its data in ``assets/wars/cards.toml``.

The TOML names kinds (traits, the magic's effect, condition and great magic); the words of each kind live
beside its rules in its registry (``cogs.wars.traits``, ``cogs.wars.effects``, ``cogs.wars.magic``,
``cogs.wars.greats``), in the rule book's own terms. The TOML's ``text_en``/``text_ja`` fields are this
text, written back by the shared card-text command, and a test checks they are current.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cogs.wars.effects import EFFECTS
from cogs.wars.greats import GREATS
from cogs.wars.magic import CONDITIONS
from cogs.wars.traits import TRAITS

ATTRIBUTE_NAMES = {
    "en": {"fire": "fire", "water": "water", "grass": "grass", "sky": "sky"},
    "ja": {"fire": "炎", "water": "水", "grass": "草", "sky": "天"},
}
CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨"


def requirement_text(card: Mapping[str, Any], locale: str) -> str:
    """必要魔力: ``(1) (fire)`` / ``①(炎)``; numbered circles first, then one per attribute."""
    ja = locale == "ja"
    need_any = int(card.get("req_any", 0))
    parts = [CIRCLED[need_any] if ja else f"({need_any})"] if need_any else []
    parts += [f"({ATTRIBUTE_NAMES[locale][attr]})" for attr in card.get("req_attrs", [])]
    if not parts:
        return "なし" if ja else "none"
    return "".join(parts) if ja else " ".join(parts)


def trait_texts(card: Mapping[str, Any], locale: str) -> list[str]:
    return [TRAITS[trait].text(locale).replace("{cost}", str(card.get("cost", ""))) for trait in card.get("traits", [])]


def magic_effect_text(card: Mapping[str, Any], locale: str) -> str:
    """The magic's own effect with its condition bracket: what the magic tile of a picture prints."""
    condition = CONDITIONS[card.get("condition", "")].text(locale)
    effect = EFFECTS[card["effect"]].text(locale)
    return f"{condition} {effect}" if condition else effect


def _magic_text(card: Mapping[str, Any], locale: str) -> str:
    ja = locale == "ja"
    requirement = requirement_text(card, locale)
    text = f"必要魔力 {requirement}。" if ja else f"Requirement {requirement}. "
    text += " ".join([magic_effect_text(card, locale), *trait_texts(card, locale)])
    if card.get("great"):
        name = card["great_ja"] if ja else card["great_en"]
        text += f" {'大魔術' if ja else 'Great magic'} {name}: {GREATS[card['great']].text(locale)}"
    return text


def card_text(card: Mapping[str, Any], locale: str) -> str:
    """The full text of a card (a TOML ``[[card]]`` table) in ``locale`` ("en" or "ja")."""
    ja = locale == "ja"
    if card["kind"] == "magic":
        text = _magic_text(card, locale)
    elif card["kind"] == "spell":
        text = ("呪文専用(ユニットではない)。" if ja else "Spell only (not a unit). ") + " ".join(trait_texts(card, locale))
    else:
        text = " ".join(trait_texts(card, locale)) or ("特性なし。" if ja else "No trait.")
    if card.get("alternate_of"):
        original = card["alternate_of"]
        text += f" {original}の絵違い版。どちらか一方を使う。" if ja else f" Alternate art of {original}; use one or the other."
    return text
