"""Decks for the games that are played with one: rules, validation, share codes, ready-made decks.

A game declares its :class:`DeckRule` once in its GameSpec (size, copy limit, the required count of each
group, banned and restricted cards); the validator, the deck image, ``/challenge`` and the tests all
read that one record. A deck is a plain ``{card_id: count}`` mapping.

Share codes (documented in docs/DECKS.md) look like ``DT1.starfall.<payload>``: a format version, the
game id in clear (so a code for another game gets a precise error), then a URL-safe base64 payload:
a varint count of distinct cards, then per card a varint id length, the ASCII id and a varint copy
count, then a CRC-32 of the game id and everything before it. Card ids are written out rather than
numbered so a code stays valid when cards are added to the pool (Hearthstone numbers its cards
globally; we have no global numbering to lean on).
"""

from __future__ import annotations

import base64
import binascii
import re
import tomllib
import unicodedata
import zlib
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from bot.cards import ASSETS, Card

CODE_VERSION = 1
CODE_PREFIX = f"DT{CODE_VERSION}"
MAX_DECKS_PER_USER = 50
MAX_NAME_LENGTH = 40
MAX_COPIES_IN_CODE = 99  # far above any game's copy limit; bounds what a hostile code can ask for
MAX_CODE_LENGTH = 1500
CARD_ID_RE = re.compile(r"^[A-Za-z0-9_\-]{1,24}$")

Deck = dict[str, int]


@dataclass(frozen=True)
class Problem:
    """One reason a deck is not legal: a locale key (``decks.problem.<code>``) and its arguments."""

    code: str
    args: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class ReadyDeck:
    game: str
    id: str
    name_en: str
    name_ja: str
    style_en: str
    style_ja: str
    cards: Mapping[str, int]

    def name(self, locale: str) -> str:
        return self.name_ja if locale == "ja" else self.name_en

    def style(self, locale: str) -> str:
        return self.style_ja if locale == "ja" else self.style_en


@dataclass(frozen=True)
class DeckRule:
    """A game's deck rule. ``group_field`` names the card stat the list is grouped by (attribute,
    colour); ``group_counts`` requires an exact count per group; ``cost_field`` names the stat the
    cost curve is drawn from (``None`` when the game has no costs)."""

    size: int
    copy_limit: int
    group_field: str
    group_counts: Mapping[str, int] = field(default_factory=dict)
    cost_field: str | None = None
    banned: frozenset[str] = frozenset()
    restricted: Mapping[str, int] = field(default_factory=dict)  # card id -> fewer copies than copy_limit
    ready: Callable[[], list[ReadyDeck]] | None = None  # default: assets/<game>/decks.toml

    def limit_of(self, card_id: str) -> int:
        if card_id in self.banned:
            return 0
        return min(self.copy_limit, self.restricted.get(card_id, self.copy_limit))


def group_of(rule: DeckRule, card: Card) -> str:
    return str(card.stats.get(rule.group_field, card.kind))


def cost_of(rule: DeckRule, card: Card) -> int | None:
    if rule.cost_field is None:
        return None
    value = card.stats.get(rule.cost_field)
    return int(value) if isinstance(value, int | float) else None


def validate(rule: DeckRule, cards: Mapping[str, Card], deck: Mapping[str, int]) -> list[Problem]:
    """Every reason the deck is illegal, in a stable order; ``[]`` means legal."""
    problems: list[Problem] = []
    unknown = sorted(card_id for card_id in deck if card_id not in cards)
    for card_id in unknown:
        problems.append(Problem("unknown_card", {"card": card_id}))
    total = sum(deck.values())
    if total != rule.size:
        problems.append(Problem("size", {"count": total, "size": rule.size}))
    groups: Counter[str] = Counter()
    for card_id, count in deck.items():
        if card_id in cards:
            groups[group_of(rule, cards[card_id])] += count
    for group, needed in rule.group_counts.items():
        if groups[group] != needed:
            problems.append(Problem("group", {"group": group, "count": groups[group], "needed": needed}))
    for card_id, count in sorted(deck.items()):
        if card_id not in cards:
            continue
        if card_id in rule.banned:
            problems.append(Problem("banned", {"card": card_id}))
        elif count > rule.limit_of(card_id):
            problems.append(Problem("copies", {"card": card_id, "count": count, "limit": rule.limit_of(card_id)}))
    return problems


def deck_option(deck: Mapping[str, int]) -> str:
    """The engine's ``deckN`` option: card ids joined by commas, one entry per copy, sorted."""
    return ",".join(card_id for card_id in sorted(deck) for _ in range(deck[card_id]))


def deck_from_option(value: str) -> Deck:
    return dict(Counter(part for part in value.split(",") if part))


# ---- share codes --------------------------------------------------------------------------------

class DeckCodeError(ValueError):
    """A code that cannot be read. ``code`` is the locale key suffix (``decks.code_error.<code>``)."""

    def __init__(self, code: str, **args: object) -> None:
        super().__init__(code)
        self.code = code
        self.args_map = args


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    for _ in range(4):  # nothing in a deck code needs more than 28 bits
        if at >= len(data):
            raise DeckCodeError("truncated")
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, at
        shift += 7
    raise DeckCodeError("malformed")


def encode_deck(game: str, deck: Mapping[str, int]) -> str:
    body = bytearray(_varint(len(deck)))
    for card_id in sorted(deck):
        raw = card_id.encode("ascii")
        body += _varint(len(raw)) + raw + _varint(deck[card_id])
    body += zlib.crc32(game.encode("ascii") + bytes(body)).to_bytes(4, "big")
    payload = base64.urlsafe_b64encode(bytes(body)).decode("ascii").rstrip("=")
    return f"{CODE_PREFIX}.{game}.{payload}"


def decode_deck(code: str, expected_game: str | None = None) -> tuple[str, Deck]:
    """``(game, deck)`` from a share code, or :class:`DeckCodeError`; never trusts the code's numbers."""
    text = code.strip().strip("`").strip()
    if len(text) > MAX_CODE_LENGTH:
        raise DeckCodeError("too_long")
    parts = text.split(".")
    if len(parts) != 3 or not parts[0].upper().startswith("DT"):
        raise DeckCodeError("malformed")
    version, game, payload = parts
    if version.upper() != CODE_PREFIX:
        raise DeckCodeError("version", version=version[:8])
    if expected_game is not None and game != expected_game:
        raise DeckCodeError("wrong_game", game=game[:20], expected=expected_game)
    if not re.fullmatch(r"[A-Za-z0-9_\-]+", payload):
        raise DeckCodeError("malformed")
    try:
        data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError) as error:
        raise DeckCodeError("malformed") from error
    if len(data) < 5:
        raise DeckCodeError("truncated")
    body, checksum = data[:-4], data[-4:]
    if zlib.crc32(game.encode("ascii", "replace") + body).to_bytes(4, "big") != checksum:
        raise DeckCodeError("checksum")
    count, at = _read_varint(body, 0)
    deck: Deck = {}
    for _ in range(count):
        length, at = _read_varint(body, at)
        raw = body[at:at + length]
        at += length
        if len(raw) != length:
            raise DeckCodeError("truncated")
        copies, at = _read_varint(body, at)
        card_id = raw.decode("ascii", "replace")
        if not CARD_ID_RE.fullmatch(card_id) or card_id in deck or not 1 <= copies <= MAX_COPIES_IN_CODE:
            raise DeckCodeError("malformed")
        deck[card_id] = copies
    if at != len(body):
        raise DeckCodeError("malformed")
    # Only the canonical spelling is accepted: base64's unused tail bits or a reordered list could
    # otherwise carry a changed code to the same deck, and a tampered code must never read as valid.
    if encode_deck(game, deck) != text:
        raise DeckCodeError("malformed")
    return game, deck


# ---- names --------------------------------------------------------------------------------------

def clean_name(raw: str) -> str:
    """A deck name safe to show anywhere: no control characters, mentions or markdown, at most 40."""
    text = re.sub(r"\s", " ", unicodedata.normalize("NFKC", raw))  # newlines and tabs become spaces
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] not in ("C",))
    text = re.sub(r"[@#<>`*_~|\\\[\]()]", "", text)
    text = re.sub(r"\s+", " ", text).strip()
    return text[:MAX_NAME_LENGTH].strip()


# ---- ready-made decks ---------------------------------------------------------------------------

def load_ready_decks(game: str, path: Path | None = None) -> list[ReadyDeck]:
    path = path or ASSETS / game / "decks.toml"
    if not path.exists():
        return []
    return list(_parsed_ready_decks(game, path, path.stat().st_mtime_ns))


@lru_cache(maxsize=16)
def _parsed_ready_decks(game: str, path: Path, modified_ns: int) -> tuple[ReadyDeck, ...]:
    """The file parsed once per version (~5 ms of TOML a challenge otherwise); the decks are frozen and
    their card counts read-only, so callers share them."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(ReadyDeck(game=game, id=str(raw["id"]), name_en=raw["name_en"], name_ja=raw["name_ja"],
                           style_en=raw.get("style_en", ""), style_ja=raw.get("style_ja", ""),
                           cards=MappingProxyType({str(k): int(v) for k, v in raw["cards"].items()}))
                 for raw in data.get("deck", []))


def ready_decks(game: str, rule: DeckRule) -> list[ReadyDeck]:
    return rule.ready() if rule.ready is not None else load_ready_decks(game)
