"""Starfall field geometry (upper volume 1-1) and attack patterns (2-2).

Each player has 3 columns x 2 rows. Squares are named from their owner's seat: ``f1 f2 f3`` is the
front row (facing the opponent), ``b1 b2 b3`` the back row, columns counted from the owner's left.
The tables face each other, so my column ``c`` faces the opponent's column ``4 - c``.
"""

from __future__ import annotations

ROWS = ("f", "b")
COLUMNS = (1, 2, 3)
SQUARES = tuple(f"{row}{col}" for row in ROWS for col in COLUMNS)
FIELD_LIMIT = 4  # the book: at most 4 cards on a field, so a card can always move

# Patterns that ask the player for a target, and what the target names.
TARGETED_PATTERNS = {"lane": "enemy", "any": "enemy", "splash": "enemy", "row": "enemy_row", "ally": "ally"}
PATTERNS = ("first", "pierce", "lane", "any", "row", "splash", "self", "ally", "allies")


def row_of(square: str) -> str:
    return square[0]


def col_of(square: str) -> int:
    return int(square[1])


def square(row: str, col: int) -> str:
    return f"{row}{col}"


def facing_column(col: int) -> int:
    """The opponent's column across the table from my column ``col``."""
    return 4 - col


def other_row(row: str) -> str:
    return "b" if row == "f" else "f"


def neighbours8(sq: str) -> list[str]:
    """Squares one step away in 8 directions (normal move)."""
    col = col_of(sq)
    return [other for other in SQUARES if other != sq and abs(col_of(other) - col) <= 1]


def neighbours4(sq: str) -> list[str]:
    """Orthogonally adjacent squares (swap move, splash)."""
    row, col = row_of(sq), col_of(sq)
    out = [square(other_row(row), col)]
    out += [square(row, c) for c in (col - 1, col + 1) if c in COLUMNS]
    return sorted(out, key=SQUARES.index)


def first_of_column(field: dict[str, object], col: int) -> str | None:
    """The first card of a column: the front card covers the one behind it."""
    for row in ROWS:
        sq = square(row, col)
        if field.get(sq) is not None:
            return sq
    return None


def occupied(field: dict[str, object]) -> list[str]:
    return [sq for sq in SQUARES if field.get(sq) is not None]


def empty(field: dict[str, object]) -> list[str]:
    return [sq for sq in SQUARES if field.get(sq) is None]


def target_choices(pattern: str, user_square: str, own: dict[str, object],
                   enemy: dict[str, object]) -> list[str]:
    """Option suffixes of a targeted pattern (``o:f3``, ``o:front``, ``s:b1``); [] when untargeted."""
    if pattern == "lane":
        firsts = [first_of_column(enemy, col) for col in COLUMNS]
        return [f"o:{sq}" for sq in SQUARES if sq in firsts]
    if pattern in ("any", "splash"):
        return [f"o:{sq}" for sq in occupied(enemy)]
    if pattern == "row":
        return [f"o:{name}" for name, row in (("front", "f"), ("back", "b"))
                if any(row_of(sq) == row for sq in occupied(enemy))]
    if pattern == "ally":
        return [f"s:{sq}" for sq in occupied(own)]
    return []


def hit_squares(pattern: str, user_square: str, target: str | None, own: dict[str, object],
                enemy: dict[str, object]) -> list[tuple[str, str]]:
    """The squares a skill hits, as (side, square) with side ``o`` (enemy) or ``s`` (own)."""
    col = facing_column(col_of(user_square))
    if pattern == "first":
        first = first_of_column(enemy, col)
        return [("o", first)] if first else []
    if pattern == "pierce":
        return [("o", sq) for sq in (square("f", col), square("b", col)) if enemy.get(sq) is not None]
    if pattern == "self":
        return [("s", user_square)]
    if pattern == "allies":
        return [("s", sq) for sq in occupied(own)]
    if target is None:
        return []
    side, name = target.split(":")
    if pattern == "row":
        row = "f" if name == "front" else "b"
        return [("o", sq) for sq in occupied(enemy) if row_of(sq) == row]
    if pattern == "splash":
        return [("o", name)] + [("o", sq) for sq in neighbours4(name) if enemy.get(sq) is not None]
    return [(side, name)]
