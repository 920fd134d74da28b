"""Card data of 3x3 Wars, read once from ``assets/wars/cards.toml``.

The engine only needs a few facts per card (kind, attribute, cost, traits, magic fields); they are
exposed as plain dicts keyed by card id so the state can keep bare ids.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.cards import Card, load_cards

ATTRIBUTES = ("fire", "water", "grass", "sky")
MASTER_IDS = ("001", "002", "012", "013", "022", "023", "038", "039")
DECK_IDS = tuple(f"{n:03d}" for n in range(1, 49))
OVERLORD_DECK_IDS = tuple(cid for cid in DECK_IDS if cid not in MASTER_IDS)
MAGIC_IDS = tuple(f"A{n:02d}" for n in range(1, 23))
BASIC_MAGIC_IDS = tuple(f"A{n:02d}" for n in range(17, 23))
ADVANCED_MAGIC_IDS = tuple(f"A{n:02d}" for n in range(1, 17))
OVERLORD_MAGIC_IDS = ("A01", "A04", "A05", "A08", "A11", "A12", "A14", "A16")
# The four Apprentice magic decks (魔法山札), as the manual lists them.
APPRENTICE_DECKS: dict[str, tuple[str, ...]] = {
    "randa": ("A01", "A08", "A09", "A15"),
    "kenko": ("A02", "A05", "A10", "A14"),
    "saigai": ("A03", "A04", "A06", "A16"),
    "atto": ("A07", "A11", "A12", "A13"),
}
SPELLBREAKER = "wildcard"
TUNING = "shift"


@cache
def catalogue() -> list[Card]:
    return load_cards("wars")


@cache
def card_table() -> dict[str, dict[str, Any]]:
    """id -> {kind, attribute, cost, traits, ...} for every card in play (alternate arts excluded)."""
    table: dict[str, dict[str, Any]] = {}
    for card in catalogue():
        if card.stats.get("alternate_of"):
            continue
        table[card.id] = {"id": card.id, "kind": card.kind, "name_en": card.name_en, "name_ja": card.name_ja, **card.stats}
    return table


def info(card_id: str) -> dict[str, Any]:
    return card_table()[card_id]


def cost(card_id: str) -> int:
    return int(info(card_id)["cost"])


def attribute(card_id: str) -> str:
    return str(info(card_id)["attribute"])


@cache
def traits(card_id: str) -> tuple[str, ...]:
    # Cached: the engine asks it a million times an answer of the hard bot (has_trait, can_pay_magic).
    return tuple(info(card_id).get("traits", ()))


def is_unit(card_id: str) -> bool:
    return info(card_id)["kind"] == "unit"


def is_spellbreaker(card_id: str) -> bool:
    return SPELLBREAKER in traits(card_id)


def is_tuning(card_id: str) -> bool:
    return TUNING in traits(card_id)


def find_card(query: str) -> Card | None:
    """Number (``017``, ``A08``, ``extra01``) or exact name in either language."""
    needle = query.strip().lower()
    for card in catalogue():
        if needle == card.id.lower() or needle in (a.lower() for a in card.aliases):
            return card
    for card in catalogue():
        if needle in (card.name_en.lower(), card.name_ja.lower()):
            return card
    return None
