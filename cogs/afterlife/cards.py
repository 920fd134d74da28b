"""Afterlife card pool and ready-made decks, read once from ``assets/afterlife/``.

The engine keeps bare card ids in its state; everything it needs about a card (colour, type, cost,
public cost, power/toughness, keywords, timings, effects) comes from :func:`info`.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from typing import Any

from bot.cards import ASSETS, Card, load_cards

GAME_ID = "afterlife"
DECK_SIZE = 40
MAX_COPIES = 4
COLOURS = ("R", "B", "G", "N")
TYPES = ("creature", "instant", "evolution")
KEYWORDS = ("random_search", "speed_move", "indomitable", "pierce", "forced_defence")
TIMINGS = ("phase", "end", "main", "use", "attack", "battle", "counter")


@cache
def all_cards() -> tuple[Card, ...]:
    return tuple(load_cards(GAME_ID))


def cards() -> list[Card]:
    """For ``GameSpec.cards``."""
    return list(all_cards())


@cache
def by_id() -> dict[str, Card]:
    return {card.id: card for card in all_cards()}


@cache
def _table() -> dict[str, dict[str, Any]]:
    table = {}
    for card in all_cards():
        stats = dict(card.stats)
        stats.setdefault("keywords", [])
        stats.setdefault("effects", [])
        stats.setdefault("timings", [])
        stats.setdefault("public", 0)
        table[card.id] = {"id": card.id, "kind": card.kind, **stats}
    return table


def info(card_id: str) -> dict[str, Any]:
    return _table()[card_id]


def known(card_id: str) -> bool:
    return card_id in _table()


def ctype(card_id: str) -> str:
    return str(info(card_id)["type"])


def colour(card_id: str) -> str:
    return str(info(card_id)["colour"])


def cost(card_id: str) -> int:
    return int(info(card_id)["cost"])


def keywords(card_id: str) -> list[str]:
    return list(info(card_id)["keywords"])


def effects(card_id: str, when: str) -> list[dict[str, Any]]:
    return [e for e in info(card_id)["effects"] if e.get("when", "play") == when]


@cache
def decks() -> dict[str, dict[str, Any]]:
    """Ready-made decks in file order: id -> {name_en, name_ja, style_en, style_ja, cards: {id: n}}."""
    data = tomllib.loads((ASSETS / GAME_ID / "decks.toml").read_text(encoding="utf-8"))
    return {deck["id"]: deck for deck in data["deck"]}


def deck_list(deck_id: str) -> list[str]:
    """A ready-made deck as one id per copy."""
    return [cid for cid, n in decks()[deck_id]["cards"].items() for _ in range(n)]


def validate_deck(ids: list[str]) -> None:
    """40 known cards, at most 4 copies of each; raises ``ValueError``."""
    if len(ids) != DECK_SIZE:
        raise ValueError(f"a deck holds {DECK_SIZE} cards, not {len(ids)}")
    unknown = sorted({cid for cid in ids if not known(cid)})
    if unknown:
        raise ValueError(f"unknown cards: {', '.join(unknown)}")
    over = sorted(cid for cid, n in Counter(ids).items() if n > MAX_COPIES)
    if over:
        raise ValueError(f"more than {MAX_COPIES} copies: {', '.join(over)}")


def parse_deck(text: str) -> list[str]:
    """``"R01,R01,B03,..."`` -> validated id list."""
    ids = [part.strip() for part in text.split(",") if part.strip()]
    validate_deck(ids)
    return ids
