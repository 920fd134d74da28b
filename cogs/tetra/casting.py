"""Cost matching: a cost is paid when its symbols appear in order and contiguously in the caster's
visible row, with mana tablets optionally inserted into the four slots around the tetrites.

Slots are numbered 1..4 in the caster's reading order: slot 1 before the first tetrite, slots 2
and 3 between tetrites, slot 4 after the last. The end slots take any colour; an inner slot takes
only a colour that neither neighbouring tetrite has (with three colours, exactly one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from cogs.tetra.geometry import COLOURS

SLOTS = (1, 2, 3, 4)
Placement = dict[int, str]  # slot -> mana colour


def slot_colours(reading_colours: Sequence[str], slot: int) -> tuple[str, ...]:
    """Colours a mana tablet may have in ``slot``, given the tetrite colours in reading order."""
    if slot in (1, 4):
        return COLOURS
    neighbours = {reading_colours[slot - 2], reading_colours[slot - 1]}
    return tuple(c for c in COLOURS if c not in neighbours)


def build_row(groups: Sequence[Sequence[str]], placement: Mapping[int, str]) -> list[tuple[str, int]]:
    """The row with mana inserted: (symbol, slot) pairs, slot 0 for a tetrite face."""
    row: list[tuple[str, int]] = []
    for index, group in enumerate(groups):
        if index + 1 in placement:
            row.append((placement[index + 1], index + 1))
        row.extend((symbol, 0) for symbol in group)
    if 4 in placement:
        row.append((placement[4], 4))
    return row


def matches(row: Sequence[tuple[str, int]], cost: Sequence[str]) -> list[int]:
    """Start indices where ``cost`` appears contiguously in ``row``."""
    symbols = [symbol for symbol, _ in row]
    width = len(cost)
    return [i for i in range(len(symbols) - width + 1) if symbols[i:i + width] == list(cost)]


def _template(groups: Sequence[Sequence[str]]) -> list[tuple[str, int]]:
    """The row with its four slots: (symbol, 0) for a face, ("", slot) for an empty slot."""
    template: list[tuple[str, int]] = []
    for index, group in enumerate(groups):
        template.append(("", index + 1))
        template.extend((symbol, 0) for symbol in group)
    template.append(("", 4))
    return template


def _fits(template: Sequence[tuple[str, int]], at: int, cost: Sequence[str], reading_colours: Sequence[str],
          placed: tuple[tuple[int, str], ...], started: bool) -> list[tuple[tuple[int, str], ...]]:
    """Ways to read ``cost`` starting at template item ``at``: a slot is filled with the needed
    colour (if allowed) or, inside the span, left empty."""
    if not cost:
        return [placed]
    if at >= len(template):
        return []
    symbol, slot = template[at]
    if not slot:
        return _fits(template, at + 1, cost[1:], reading_colours, placed, True) if symbol == cost[0] else []
    ways = []
    if cost[0] in slot_colours(reading_colours, slot):
        ways += _fits(template, at + 1, cost[1:], reading_colours, (*placed, (slot, cost[0])), True)
    if started:
        ways += _fits(template, at + 1, cost, reading_colours, placed, True)  # an empty slot inside the span
    return ways


def payable_placements(cost: Sequence[str], groups: Sequence[Sequence[str]], reading_colours: Sequence[str],
                       mana: Mapping[str, int]) -> list[Placement]:
    """Every cheapest placement of the caster's mana that makes ``cost`` match.

    Only tablets inside the matched span count (a tablet outside it would be spent for nothing),
    and of those only the placements with the fewest tablets: nobody wants to spend more mana than
    a cast needs. Empty list: the spell cannot be cast.
    """
    template = _template(groups)
    found: list[Placement] = []
    for start in range(len(template)):
        for placed in _fits(template, start, cost, reading_colours, (), False):
            placement = dict(placed)
            spent = list(placement.values())
            if all(spent.count(c) <= mana.get(c, 0) for c in set(spent)) and placement not in found:
                found.append(placement)
    if not found:
        return []
    fewest = min(len(p) for p in found)
    return [p for p in found if len(p) == fewest]


@lru_cache(maxsize=65536)
def cached_placements(cost: tuple[str, ...], groups: tuple[tuple[str, ...], ...], reading_colours: tuple[str, ...],
                      mana: tuple[int, ...]) -> tuple[tuple[tuple[int, str], ...], ...]:
    """:func:`payable_placements` memoised on hashable arguments (mana in COLOURS order)."""
    found = payable_placements(cost, groups, reading_colours, dict(zip(COLOURS, mana, strict=True)))
    return tuple(tuple(sorted(p.items())) for p in found)


def placement_id(slot: int, colour: str) -> str:
    return f"mana:slot{slot}:{colour}"


def parse_placement_id(option: str) -> tuple[int, str]:
    _, slot, colour = option.split(":")
    return int(slot.removeprefix("slot")), colour
