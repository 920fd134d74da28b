"""Card search for /card and [[name]]: exact id/alias/name, then prefix, substring, then fuzzy.

English and Japanese names are both indexed, and so is the reading of each Japanese name in hiragana
and in Hepburn romaji (assets/card_readings.json, made with pykakasi by ``python -m bot.lookup``), so
どくさつ and dokusatsu find 毒殺. Text is NFKC-normalised,
case-folded and katakana is folded to hiragana, so full-width digits, ``Ａ０８``, ``a08``, ｻｲｸﾛﾝ and
さいくろん all find their card; an id typed without its leading zeros (``a8``) finds it just below an
exact id. Fuzzy scores are RapidFuzz's normalised Indel similarity (the same measure difflib's ratio
approximates, computed in C over every key at once); the hit rates on tests/platform/lookup_queries.toml
are in docs/SCALING.md.
"""

from __future__ import annotations

import json
import re
import sys
import unicodedata
from dataclasses import dataclass
from functools import cache

from rapidfuzz import fuzz, process

from bot.cards import ASSETS, Card
from bot.games import available_games

FUZZY_FLOOR = 0.6
CLEAR_LEAD = 0.1
EXACT, COMPACT_ID, PREFIX, SUBSTRING = 1.0, 0.95, 0.9, 0.8

# Katakana (ァ..ヶ) to hiragana (ぁ..ゖ): the two scripts spell the same sounds.
_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
_LEADING_ZEROS = re.compile(r"(?<![0-9])0+(?=[0-9])")


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold().translate(_KATAKANA_TO_HIRAGANA)
    return "".join(ch for ch in text if ch.isalnum())


def compact_id(key: str) -> str:
    """``a08`` -> ``a8``: numbers typed without their leading zeros."""
    return _LEADING_ZEROS.sub("", key)


READINGS = ASSETS / "card_readings.json"


@cache
def reading_table() -> dict[str, list[str]]:
    """Japanese name -> [hiragana, romaji], made by ``python -m bot.lookup`` (pykakasi's dictionaries
    cost ~100 MB of memory, so the bot reads the readings from this file and never loads them)."""
    if not READINGS.is_file():
        return {}
    return json.loads(READINGS.read_text(encoding="utf-8"))


@cache
def readings(japanese: str) -> tuple[str, ...]:
    """The normalised hiragana and romaji readings of a Japanese card name (empty if it has none)."""
    return tuple(dict.fromkeys(key for key in map(normalize, reading_table().get(japanese, ())) if key))


def compute_readings(names: list[str]) -> dict[str, list[str]]:
    """Each name's [hiragana, Hepburn romaji] by pykakasi (a test dependency: only this uses it)."""
    import pykakasi

    kakasi = pykakasi.kakasi()
    table = {}
    for name in sorted(set(names)):
        if name and not name.isascii():
            parts = kakasi.convert(name)
            table[name] = ["".join(part["hira"] for part in parts), "".join(part["hepburn"] for part in parts)]
    return table


def japanese_names() -> list[str]:
    from bot.games import GAME_IDS, get_game

    return [card.name_ja for game_id in GAME_IDS for card in get_game(game_id).cards()]


@dataclass(frozen=True)
class Hit:
    score: float
    card: Card


class CardIndex:
    def __init__(self, cards: list[Card]) -> None:
        self.cards = cards
        self.exact: list[frozenset[str]] = []
        self.compact: list[frozenset[str]] = []
        self.names: list[tuple[str, ...]] = []
        self._fuzzy_keys: list[str] = []
        self._fuzzy_owner: list[int] = []
        for position, card in enumerate(cards):
            exact = frozenset({normalize(card.id), *(normalize(a) for a in card.aliases)} - {""})
            names = tuple(dict.fromkeys(key for key in (normalize(card.name_en), normalize(card.name_ja),
                                                        *readings(card.name_ja)) if key))
            self.exact.append(exact)
            self.compact.append(frozenset(compact_id(key) for key in exact))
            self.names.append(names)
            for key in names:
                self._fuzzy_keys.append(key)
                self._fuzzy_owner.append(position)

    def search(self, query: str, game: str | None = None, prefer_game: str | None = None,
               limit: int = 25) -> list[Hit]:
        wanted = normalize(query)
        scores = self._scores(wanted) if wanted else dict.fromkeys(range(len(self.cards)), FUZZY_FLOOR)
        hits = []
        for position, score in scores.items():
            card = self.cards[position]
            if game and card.game != game:
                continue
            if prefer_game and card.game == prefer_game:
                score += 0.05
            hits.append(Hit(score, card))
        hits.sort(key=lambda hit: (-hit.score, hit.card.game, hit.card.id))
        return hits[:limit]

    def _scores(self, wanted: str) -> dict[int, float]:
        """Each matching card's best score: exact 1.0, id without zeros 0.95, prefix 0.9,
        substring 0.8, else the fuzzy similarity if at least FUZZY_FLOOR."""
        scores: dict[int, float] = {}
        for _key, similarity, slot in process.extract(wanted, self._fuzzy_keys, scorer=fuzz.ratio,
                                                      score_cutoff=FUZZY_FLOOR * 100, limit=None):
            position = self._fuzzy_owner[slot]
            scores[position] = max(scores.get(position, 0.0), similarity / 100)
        compact = compact_id(wanted)
        for position, names in enumerate(self.names):
            if wanted in self.exact[position] or wanted in names:
                found = EXACT
            elif compact in self.compact[position]:
                found = COMPACT_ID
            elif any(name.startswith(wanted) for name in names):
                found = PREFIX
            elif any(wanted in name for name in names):
                found = SUBSTRING
            else:
                continue
            scores[position] = max(scores.get(position, 0.0), found)
        return scores

    def resolve(self, query: str, game: str | None = None, prefer_game: str | None = None
                ) -> tuple[Card | None, list[Card]]:
        """The one card meant, or None with the candidates (empty: nothing matched; many: ambiguous)."""
        if ":" in query:  # an autocomplete value: "game:id"
            game_id, _, card_id = query.partition(":")
            for card in self.cards:
                if card.game == game_id and card.id == card_id:
                    return card, [card]
        hits = self.search(query, game=game, prefer_game=prefer_game, limit=10)
        best = [hit for hit in hits if hits and hit.score >= hits[0].score]
        if len(best) == 1 and (len(hits) == 1 or hits[0].score - hits[1].score >= CLEAR_LEAD
                               or hits[0].score >= 1.0):
            return hits[0].card, [hits[0].card]
        numbered = self._named_number(query, game, prefer_game)
        if numbered is not None:
            return numbered, [numbered]
        return None, [hit.card for hit in hits]

    def _named_number(self, query: str, game: str | None, prefer_game: str | None) -> Card | None:
        """A card named with its number, as printed: "Dragon Queen 020", "020 Dragon Queen", 「龍王妃 020」
        (several copies share a name; the number tells them apart). The number (an id or alias, its leading
        zeros optional; the first or last word) picks the card when the rest names it, or when the rest names
        no card at all (a transcription the index does not hold, 「ドラゴンクイーン 020」); a rest naming
        another card leaves it ambiguous. Asked only when the whole query resolves no card, so no query that
        resolved before changes."""
        words = unicodedata.normalize("NFKC", query).split()
        if len(words) < 2:
            return None
        for number, rest in ((words[-1], words[:-1]), (words[0], words[1:])):
            key = normalize(number)
            in_game = [position for position, card in enumerate(self.cards) if not game or card.game == game]
            exact = [position for position in in_game if key in self.exact[position]]
            compact = [position for position in in_game if compact_id(key) in self.compact[position]]
            if not compact:
                continue
            named_by_rest = {position: score for position, score in self._scores(normalize("".join(rest))).items()
                             if score >= FUZZY_FLOOR and (not game or self.cards[position].game == game)}
            named = [position for position in compact if position in named_by_rest]
            if len(named) > 1 and prefer_game:
                named = [position for position in named if self.cards[position].game == prefer_game] or named
            if len(named) == 1:
                return self.cards[named[0]]
            naming_another = any(score >= SUBSTRING for score in named_by_rest.values())
            numbered = exact or compact  # the number alone: an exact id before one without its zeros
            if len(numbered) == 1 and not named and not naming_another:
                return self.cards[numbered[0]]
        return None


@cache
def default_index() -> CardIndex:
    cards: list[Card] = []
    for game in available_games():
        cards.extend(game.cards())
    return CardIndex(cards)


if __name__ == "__main__":  # python -m bot.lookup: rewrite assets/card_readings.json after cards change
    table = compute_readings(japanese_names())
    lines = [f"{json.dumps(name, ensure_ascii=False)}: {json.dumps(table[name], ensure_ascii=False)}"
             for name in sorted(table)]
    READINGS.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    print(f"{len(table)} readings written to {READINGS}", file=sys.stderr)
