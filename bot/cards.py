"""Card catalogue shared by /card, [[name]] lookups and the renderers.

Each game keeps its cards in ``assets/<game>/cards.toml`` as ``[[card]]`` tables with at least
``id``, ``name_en``, ``name_ja``, ``text_en``, ``text_ja``, ``kind`` and ``source``
(``"seed"`` when the rule book prints it, ``"authored"`` when we wrote it). Optional ``aliases``
(numbers such as ``017`` or ``A08``) and ``stats`` (a table shown in the embed) may follow.
The TOML is edited by hand and is the only source of card data; a game whose ``GameSpec.card_text``
makes the texts from the data has them written by ``python -m bot cardtext`` (bot/cardtext.py).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ASSETS = Path(__file__).resolve().parent.parent / "assets"


@dataclass(frozen=True)
class Card:
    game: str
    id: str
    name_en: str
    name_ja: str
    text_en: str
    text_ja: str
    kind: str
    source: str
    aliases: tuple[str, ...] = ()
    stats: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def name(self, locale: str) -> str:
        return self.name_ja if locale == "ja" else self.name_en

    def text(self, locale: str) -> str:
        return self.text_ja if locale == "ja" else self.text_en


def load_cards(game: str, path: Path | None = None) -> list[Card]:
    """Read ``assets/<game>/cards.toml``; raises on a card missing a required field."""
    data = tomllib.loads((path or ASSETS / game / "cards.toml").read_text(encoding="utf-8"))
    cards = []
    for raw in data.get("card", []):
        raw = dict(raw)
        if raw.get("source") not in ("seed", "authored"):
            raise ValueError(f"{game} card {raw.get('id')}: source must be seed or authored")
        cards.append(
            Card(
                game=game,
                id=str(raw.pop("id")),
                name_en=raw.pop("name_en"),
                name_ja=raw.pop("name_ja"),
                text_en=raw.pop("text_en"),
                text_ja=raw.pop("text_ja"),
                kind=raw.pop("kind"),
                source=raw.pop("source"),
                aliases=tuple(str(a) for a in raw.pop("aliases", ())),
                stats=raw.pop("stats", {}) | raw,
            )
        )
    ids = [card.id for card in cards]
    if len(ids) != len(set(ids)):
        raise ValueError(f"{game}: duplicate card ids")
    return cards
