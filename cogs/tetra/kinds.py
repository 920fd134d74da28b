"""TetrAction: the card data checked against the registry of effect kinds (``cogs.tetra.effects``), so a card
that names an effect nobody implements stops the engine loading instead of failing mid-match."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cogs.tetra import cards as catalogue
from cogs.tetra.effects import ACCIDENT_EFFECTS, PUBLIC_EFFECTS, band_fields

BAND_SHAPE = {"from", "to", "cost", "choices"}  # a band's own fields, not effects


def _effect_sets(card: Mapping[str, Any]) -> Iterable[tuple[str, Mapping[str, Any], set[str]]]:
    """(where, fields, the fields allowed there) for each band, choice and the release of a hand card."""
    for band in card["bands"]:
        where = f"band {band['from']}-{band['to']}"
        yield where, band, BAND_SHAPE
        for choice in band.get("choices", []):
            yield f"{where} choice", choice, set()
    yield "release", card["release"], set()


def check_card(card: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` naming the card and the kind when the registry lacks a kind it names."""
    named: list[tuple[str, str, Iterable[str]]] = []
    if card["kind"] == "public" and "effect" in card:
        named.append(("public effect", card["effect"], PUBLIC_EFFECTS))
    if card["kind"] == "accident":
        named.append(("accident effect", card.get("effect"), ACCIDENT_EFFECTS))
    if card["kind"] == "hand":
        known = band_fields()
        for where, fields, shape in _effect_sets(card):
            named += [(f"{where} effect", name, known) for name in fields if name not in shape]
    for what, kind, registry in named:
        if kind not in registry:
            raise ValueError(f"tetra card {card['id']}: unknown {what} kind {kind!r} (known: {', '.join(sorted(registry))})")


def check_catalogue(cards: Iterable[Mapping[str, Any]] | None = None) -> None:
    """Check every card of ``assets/tetra/cards.toml``, or the ``cards`` given (TOML tables)."""
    for card in cards if cards is not None else ({"id": c.id, "kind": c.kind, **c.stats} for c in catalogue.all_cards()):
        check_card(card)
