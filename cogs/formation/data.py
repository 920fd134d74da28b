"""Static data of Formation: the board's squares and the round's rules here; the cards (battle cards
with their colour, rank and points, the formation types with their blanks, the 18 formation layouts)
from ``assets/formation/cards.toml``, the catalogue the /card command also shows.

The cards are read once, at import, so the deck the engine deals and the layouts it plays are exactly
the ones the players can look up. Loading validates every layout against the book's constraints and
raises on a broken one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from bot.cards import ASSETS, Card, load_cards

CARDS_FILE: Path = ASSETS / "formation" / "cards.toml"

ROWS: tuple[str, ...] = ("front", "back", "reserve")
FRONT, BACK, RESERVE = 0, 1, 2
COLUMNS = 3
# Square index = row * 3 + column (0-based); the notation is "front:1" .. "reserve:3" (1-based columns,
# counted left to right from the owner's seat).
SQUARES: tuple[str, ...] = tuple(f"{row}:{col}" for row in ROWS for col in range(1, COLUMNS + 1))
SQUARE_INDEX: dict[str, int] = {name: index for index, name in enumerate(SQUARES)}

# Both players' decks hold the same battle cards; the backs (black / white) tell them apart on the table.
DECK_BACKS: tuple[str, ...] = ("black", "white")

ROUNDS = 3
BATTLES_PER_ROUND = 7
HAND_SIZE = 7
HAND_CARDS_PLACED = 6


@dataclass(frozen=True)
class Square:
    """One of the nine squares of a formation card."""

    blank: bool = False
    reveal: bool = False  # a card from the deck is turned face up here before placement
    bonus: int = 0  # Rank+1 / Rank+2
    wild: bool = False
    double: bool = False  # 2 Cards: holds two cards at placement

    @property
    def capacity(self) -> int:
        return 0 if self.blank else 2 if self.double else 1

    @property
    def token(self) -> str:
        """The grid token used in cards.toml and the docs (``X``, ``.``, ``D+2``, ``2C`` ...)."""
        if self.blank:
            return "X"
        parts = ("D" if self.reveal else "") + (f"+{self.bonus}" if self.bonus else "")
        parts += ("W" if self.wild else "") + ("2C" if self.double else "")
        return parts or "."


def parse_token(token: str) -> Square:
    if token == "X":
        return Square(blank=True)
    if token == ".":
        return Square()
    rest = token
    square = {"reveal": False, "bonus": 0, "wild": False, "double": False}
    for mark, key, value in (("D", "reveal", True), ("+1", "bonus", 1), ("+2", "bonus", 2),
                             ("W", "wild", True), ("2C", "double", True)):
        if mark in rest:
            square[key] = value
            rest = rest.replace(mark, "", 1)
    if rest:
        raise ValueError(f"unknown grid token {token!r}")
    return Square(**square)


@dataclass(frozen=True)
class Layout:
    """A formation card: nine squares plus the placement order derived from them."""

    id: str
    type: str
    round: int
    squares: tuple[Square, ...]

    # Cached: the engine asks these on every decision (the frozen dataclass keeps them consistent).
    @cached_property
    def reveal_square(self) -> int:
        return next(index for index, square in enumerate(self.squares) if square.reveal)

    @cached_property
    def line_slots(self) -> tuple[int, ...]:
        """Front and back squares filled from the hand, in the guided placement order."""
        return tuple(index for index in range(0, 6)
                     if not self.squares[index].blank and not self.squares[index].reveal)

    @cached_property
    def reserve_slots(self) -> tuple[int, ...]:
        """Reserve squares filled from the hand; a 2 Cards square appears twice."""
        slots: list[int] = []
        for index in range(6, 9):
            slots.extend([index] * self.squares[index].capacity)
        return tuple(slots)

    @cached_property
    def column_paths(self) -> tuple[tuple[int, ...], ...]:
        """Each column's non-blank squares from front to reserve: the path cards move along."""
        return tuple(tuple(row * COLUMNS + column for row in range(3) if not self.squares[row * COLUMNS + column].blank)
                     for column in range(COLUMNS))

    def column_slots(self, column: int) -> tuple[int, ...]:
        return self.column_paths[column]

    def grid(self) -> list[str]:
        return [" ".join(self.squares[row * COLUMNS + col].token for col in range(COLUMNS)) for row in range(3)]


def parse_grid(text: str) -> tuple[Square, ...]:
    rows = [row.split() for row in text.split("/")]
    if len(rows) != 3 or any(len(row) != COLUMNS for row in rows):
        raise ValueError(f"grid must be 3 rows of 3 tokens: {text!r}")
    return tuple(parse_token(token) for row in rows for token in row)


def validate_layout(layout: Layout, type_blanks: int) -> None:
    """The book's constraints plus ours; every one keeps the 7-battle round well defined."""
    squares = layout.squares
    blanks = sum(square.blank for square in squares)
    if blanks != type_blanks:
        raise ValueError(f"{layout.id}: {blanks} blanks, the {layout.type} type has {type_blanks}")
    if sum(square.reveal for square in squares) != 1 or layout.reveal_square >= 6:
        raise ValueError(f"{layout.id}: exactly one deck reveal, in the front or back row")
    battle_cards = sum(square.capacity for square in squares)
    if battle_cards != BATTLES_PER_ROUND:
        raise ValueError(f"{layout.id}: {battle_cards} battle cards, a round has {BATTLES_PER_ROUND} battles")
    if len(layout.line_slots) + len(layout.reserve_slots) != HAND_CARDS_PLACED:
        raise ValueError(f"{layout.id}: must take exactly {HAND_CARDS_PLACED} cards from the hand")
    for index in range(6, 9):
        square = squares[index]
        if square.bonus or square.wild or square.reveal:
            raise ValueError(f"{layout.id}: effects in the reserve row would never be used")
    for index in range(0, 6):
        if squares[index].double:
            raise ValueError(f"{layout.id}: 2 Cards squares stand in the reserve row only")
    for column in range(COLUMNS):
        front, back, reserve = (squares[row * COLUMNS + column] for row in range(3))
        if front.blank and back.blank and not reserve.blank:
            raise ValueError(f"{layout.id}: column {column + 1} would trap its reinforcement")


@dataclass(frozen=True, eq=False)
class Catalogue:
    cards: tuple[Card, ...]
    layouts: dict[str, Layout]
    by_id: dict[str, Card]

    def layouts_for(self, type_id: str, round_number: int) -> tuple[Layout, ...]:
        return tuple(layout for layout in self.layouts.values()
                     if layout.type == type_id and layout.round == round_number)

    def card(self, card_id: str) -> Card:
        return self.by_id[card_id]


@cache
def catalogue() -> Catalogue:
    cards = tuple(load_cards("formation", CARDS_FILE))
    blanks = {card.id: int(card.stats["blanks"]) for card in cards if card.kind == "formation_type"}
    layouts: dict[str, Layout] = {}
    for card in cards:
        if card.kind != "formation":
            continue
        stats = card.stats
        layout = Layout(id=card.id, type=stats["type"], round=int(stats["round"]), squares=parse_grid(stats["grid"]))
        validate_layout(layout, blanks[layout.type])
        layouts[layout.id] = layout
    return Catalogue(cards=cards, layouts=layouts, by_id={card.id: card for card in cards})


def layout(layout_id: str) -> Layout:
    return catalogue().layouts[layout_id]


# The battle cards, in file order (red 0-9 and 12, then blue: 22 cards), and the formation types.
_BATTLE_CARDS: tuple[Card, ...] = tuple(card for card in catalogue().cards if card.kind == "battle")
DECK: tuple[str, ...] = tuple(card.id for card in _BATTLE_CARDS)
CARD_ORDER: dict[str, int] = {card: index for index, card in enumerate(DECK)}
TYPES: tuple[str, ...] = tuple(card.id for card in catalogue().cards if card.kind == "formation_type")
_COLOUR: dict[str, str] = {card.id: card.stats["colour"] for card in _BATTLE_CARDS}
_RANK: dict[str, int] = {card.id: int(card.stats["rank"]) for card in _BATTLE_CARDS}
_POINTS: dict[str, int] = {card.id: int(card.stats["points"]) for card in _BATTLE_CARDS}


def card_colour(card: str) -> str:
    return _COLOUR[card]


def card_rank(card: str) -> int:
    return _RANK[card]


def card_points(card: str) -> int:
    """戦果 when captured (the book's table: 0 -> 0; 1-4 -> 1; 5-7 -> 2; 8, 9, 12 -> 3)."""
    return _POINTS[card]
