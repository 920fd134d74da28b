"""Card search for /card and [[name]]: exact id/alias/name, then prefix, substring, then fuzzy.

English and Japanese names are both indexed; text is NFKC-normalised and case-folded, so
full-width digits, ``Ａ０８`` and ``a08`` all find A08.
"""

from __future__ import annotations

import difflib
import unicodedata
from dataclasses import dataclass
from functools import cache

from bot.cards import Card
from bot.games import available_games

FUZZY_FLOOR = 0.6
CLEAR_LEAD = 0.1


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in text if ch.isalnum())


@dataclass(frozen=True)
class Hit:
    score: float
    card: Card


class CardIndex:
    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards
        self.keys: list[tuple[Card, tuple[str, ...], tuple[str, ...]]] = []
        for card in cards:
            exact = tuple({normalize(card.id), *(normalize(a) for a in card.aliases)} - {""})
            names = tuple({normalize(card.name_en), normalize(card.name_ja)} - {""})
            self.keys.append((card, exact, names))

    def search(self, query: str, game: str | None = None, prefer_game: str | None = None,
               limit: int = 25) -> list[Hit]:
        wanted = normalize(query)
        hits = []
        for card, exact, names in self.keys:
            if game and card.game != game:
                continue
            score = self._score(wanted, exact, names) if wanted else FUZZY_FLOOR  # empty: list all
            if score >= FUZZY_FLOOR:
                if prefer_game and card.game == prefer_game:
                    score += 0.05
                hits.append(Hit(score, card))
        hits.sort(key=lambda hit: (-hit.score, hit.card.game, hit.card.id))
        return hits[:limit]

    @staticmethod
    def _score(wanted: str, exact: tuple[str, ...], names: tuple[str, ...]) -> float:
        if wanted in exact or wanted in names:
            return 1.0
        if any(name.startswith(wanted) for name in names):
            return 0.9
        if any(wanted in name for name in names):
            return 0.8
        return max((difflib.SequenceMatcher(None, wanted, name).ratio() for name in names), default=0.0)

    def resolve(self, query: str, game: str | None = None, prefer_game: str | None = None
                ) -> tuple[Card | None, list[Card]]:
        """The one card meant, or None with the candidates (empty: nothing matched; many: ambiguous)."""
        if ":" in query:  # an autocomplete value: "game:id"
            game_id, _, card_id = query.partition(":")
            for card in self.cards:
                if card.game == game_id and card.id == card_id:
                    return card, [card]
        hits = self.search(query, game=game, prefer_game=prefer_game, limit=10)
        if not hits:
            return None, []
        best = [hit for hit in hits if hit.score >= hits[0].score]
        if len(best) == 1 and (len(hits) == 1 or hits[0].score - hits[1].score >= CLEAR_LEAD
                               or hits[0].score >= 1.0):
            return hits[0].card, [hits[0].card]
        return None, [hit.card for hit in hits]


@cache
def default_index() -> CardIndex:
    cards: list[Card] = []
    for game in available_games():
        cards.extend(game.cards())
    return CardIndex(cards)
