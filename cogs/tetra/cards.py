"""TetrAction card catalogue: ``assets/tetra/cards.toml`` read once, with the rule fields typed."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.cards import Card, load_cards

GAME_ID = "tetra"


@cache
def all_cards() -> tuple[Card, ...]:
    return tuple(load_cards(GAME_ID))


def cards() -> list[Card]:
    """For ``GameSpec.cards``."""
    return list(all_cards())


@cache
def by_id() -> dict[str, Card]:
    return {card.id: card for card in all_cards()}


def card(card_id: str) -> Card:
    return by_id()[card_id]


def field(card_id: str, name: str, default: Any = None) -> Any:
    return card(card_id).stats.get(name, default)


def ids_of(kind: str, colour: str | None = None) -> list[str]:
    return [c.id for c in all_cards()
            if c.kind == kind and (colour is None or c.stats.get("colour") == colour)]


def band_at(card_id: str, charge: int) -> dict[str, Any]:
    """The charge band of a hand card that holds ``charge`` (bands cover 0..max_charge)."""
    for band in field(card_id, "bands"):
        if band["from"] <= charge <= band["to"]:
            return band
    raise ValueError(f"{card_id}: no band for charge {charge}")


def cost_at(card_id: str, charge: int) -> list[str]:
    """A spell's cost; blue hand cards change cost at high charge."""
    if card(card_id).kind == "hand":
        return list(band_at(card_id, charge).get("cost") or field(card_id, "cost"))
    return list(field(card_id, "cost"))
