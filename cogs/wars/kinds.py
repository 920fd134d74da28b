"""3x3 Wars: the card data checked against the registries, so a card that names an effect, condition,
great magic or trait nobody implements stops the engine loading instead of failing mid-match.

The registries: ``cogs.wars.effects.EFFECTS`` (magic effects), ``cogs.wars.magic.CONDITIONS``,
``cogs.wars.greats.GREATS`` and ``cogs.wars.traits.TRAITS``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cogs.wars import cards as C
from cogs.wars.effects import EFFECTS
from cogs.wars.greats import GREATS
from cogs.wars.magic import CONDITIONS
from cogs.wars.traits import TRAITS


def check_card(card: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` naming the card and the kind when a registry lacks a kind it names."""
    named = [("trait", trait, TRAITS) for trait in card.get("traits", [])]
    if card["kind"] == "magic":
        named += [("effect", card.get("effect"), EFFECTS), ("condition", card.get("condition", ""), CONDITIONS),
                  ("great magic", card.get("great"), GREATS)]
    for what, kind, registry in named:
        if kind not in registry:
            raise ValueError(f"wars card {card['id']}: unknown {what} kind {kind!r} (known: {', '.join(sorted(registry))})")


def check_catalogue(cards: Iterable[Mapping[str, Any]] | None = None) -> None:
    """Check every card of ``assets/wars/cards.toml`` (alternate arts included), or the ``cards`` given."""
    for card in cards if cards is not None else ({"id": c.id, "kind": c.kind, **c.stats} for c in C.catalogue()):
        check_card(card)
