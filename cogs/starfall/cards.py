"""Starfall card catalogue and ready-made decks (``assets/starfall/cards.toml`` / ``decks.toml``)."""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from typing import Any

from bot.cards import ASSETS, Card, load_cards

GAME_ID = "starfall"
ATTRIBUTES = ("attack", "magic", "trick")
DECK_SIZE = 18
PER_ATTRIBUTE = 6
DECKS_PATH = ASSETS / GAME_ID / "decks.toml"


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


def stat(card_id: str, name: str, default: Any = None) -> Any:
    return by_id()[card_id].stats.get(name, default)


def hp(card_id: str) -> int:
    return int(stat(card_id, "hp"))


def attribute(card_id: str) -> str:
    return str(stat(card_id, "attribute"))


def skill(card_id: str, which: str) -> dict[str, Any]:
    """``normal`` or ``consume``."""
    return dict(stat(card_id, which))


def ability(card_id: str) -> dict[str, Any]:
    return dict(stat(card_id, "ability"))


def r_effect(card_id: str) -> dict[str, Any]:
    return dict(stat(card_id, "r"))


@cache
def ready_decks() -> tuple[dict[str, Any], ...]:
    """The ready-made decks in file order: ``{id, name_en, name_ja, style_en, style_ja, cards}``."""
    data = tomllib.loads(DECKS_PATH.read_text(encoding="utf-8"))
    return tuple(data["deck"])


def ready_deck(deck_id: str) -> dict[str, Any]:
    for deck in ready_decks():
        if deck["id"] == deck_id:
            return deck
    raise KeyError(deck_id)


def deck_list(deck: dict[str, Any]) -> list[str]:
    """A ready-made deck as one entry per copy, in card id order."""
    return sorted(card_id for card_id, count in deck["cards"].items() for _ in range(count))


def deck_problem(card_ids: list[str]) -> str | None:
    """Why a deck breaks the book's rule 4-1 (18 cards, 6 of each attribute, no duplicates), or None."""
    unknown = [c for c in card_ids if c not in by_id()]
    if unknown:
        return f"unknown card {unknown[0]}"
    if len(card_ids) != DECK_SIZE:
        return f"a deck has {DECK_SIZE} cards, not {len(card_ids)}"
    repeated = [c for c, n in Counter(card_ids).items() if n > 1]
    if repeated:
        return f"{repeated[0]} appears more than once"
    counts = Counter(attribute(c) for c in card_ids)
    for name in ATTRIBUTES:
        if counts[name] != PER_ATTRIBUTE:
            return f"a deck has {PER_ATTRIBUTE} {name} cards, not {counts[name]}"
    return None
