"""The deck list picture for /deck show: cards grouped and sorted by cost, counts, validity, cost curve.

Drawn 820 px wide for a phone (Discord shows ~550 px): card names at 30 px (over 1/28 of the width),
no text under 22 px (over 1/40). Groups (attribute or colour) stack in two columns, filled to balance their heights.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from bot import i18n
from bot.cards import Card
from bot.decks import DeckRule, cost_of, group_of
from bot.render.toolkit import Canvas, text_size, wrap_text

WIDTH = 820
MARGIN = 24
COLUMN_GAP = 24
ROW = 42
NAME_PX = 30
HEAD_PX = 36
GROUP_PX = 30
NOTE_PX = 22
CURVE_HEIGHT = 170
GOOD = (120, 200, 130)
BAD = (240, 120, 110)
PANEL = (48, 53, 64)
MUTED = (170, 176, 190)
# One accent per group name, so a colour identity reads at a glance; a letter label goes with it,
# so colour is never the only cue.
ACCENTS = {"R": (220, 80, 70), "B": (80, 130, 230), "G": (90, 180, 100), "N": (170, 170, 170),
           "attack": (220, 110, 70), "magic": (140, 110, 230), "trick": (70, 180, 170)}


def _entries(rule: DeckRule, cards: Mapping[str, Card], deck: Mapping[str, int],
             label: Callable[[str], str], locale: str) -> list[tuple[str, list[tuple[int | None, str, int]]]]:
    groups: dict[str, list[tuple[int | None, str, int]]] = {}
    for card_id, count in deck.items():
        card = cards.get(card_id)
        group = group_of(rule, card) if card else "?"
        name = card.name(locale) if card else card_id
        groups.setdefault(group, []).append((cost_of(rule, card) if card else None, name, count))
    order = list(rule.group_counts) + sorted(g for g in groups if g not in rule.group_counts)
    return [(group, sorted(groups[group], key=lambda e: (e[0] if e[0] is not None else 99, e[1])))
            for group in order if group in groups]


def render_deck(*, game_id: str, name: str, deck: Mapping[str, int], cards: Mapping[str, Card], rule: DeckRule,
                problems: list[str], locale: str, group_label: Callable[[str], str]) -> bytes:
    groups = _entries(rule, cards, deck, group_label, locale)
    column_width = (WIDTH - 2 * MARGIN - COLUMN_GAP) // 2
    # Balance the two columns by their line counts (a group never splits).
    heights = [GROUP_PX + 16 + ROW * len(entries) + 14 for _, entries in groups]
    columns: list[list[int]] = [[], []]
    totals = [0, 0]
    for index, height in enumerate(heights):
        side = 0 if totals[0] <= totals[1] else 1
        columns[side].append(index)
        totals[side] += height
    problem_lines = [line for problem in problems for line in wrap_text(problem, NOTE_PX, WIDTH - 2 * MARGIN - 30)]
    header = MARGIN + HEAD_PX + 14 + NOTE_PX + 12 + (NOTE_PX + 6) * max(1, len(problem_lines)) + 16
    body = max(totals) if groups else ROW
    curve = CURVE_HEIGHT + 20 if rule.cost_field else 0
    canvas = Canvas(WIDTH, header + body + curve + MARGIN)

    total = sum(deck.values())
    canvas.text((MARGIN, MARGIN), name, size=HEAD_PX, bold=True)
    y = MARGIN + HEAD_PX + 14
    summary = i18n.t("decks.image.summary", locale, game=i18n.t(f"games.{game_id}", locale), count=total,
                     size=rule.size)
    canvas.text((MARGIN, y), summary, size=NOTE_PX, fill=MUTED)
    y += NOTE_PX + 12
    # A drawn marker (the bundled font subset has no check or cross glyphs): a red bar for each
    # problem, a green dot for a legal deck, so the colour is not the only cue.
    if problem_lines:
        for line in problem_lines:
            canvas.rect((MARGIN, y + 10, MARGIN + 16, y + 16), fill=BAD, radius=2)
            canvas.text((MARGIN + 30, y), line, size=NOTE_PX, fill=BAD)
            y += NOTE_PX + 6
    else:
        canvas.draw.ellipse((MARGIN, y + 5, MARGIN + 16, y + 21), fill=GOOD)
        canvas.text((MARGIN + 30, y), i18n.t("decks.valid", locale), size=NOTE_PX, fill=GOOD)
        y += NOTE_PX + 6
    top = header
    for side, indices in enumerate(columns):
        x = MARGIN + side * (column_width + COLUMN_GAP)
        y = top
        for index in indices:
            group, entries = groups[index]
            accent = ACCENTS.get(group, (200, 200, 120))
            count = sum(entry[2] for entry in entries)
            needed = rule.group_counts.get(group)
            heading = f"{group_label(group)}  {count}" + (f"/{needed}" if needed is not None else "")
            canvas.rect((x, y, x + column_width, y + heights[index] - 10), fill=PANEL, radius=10)
            canvas.rect((x, y, x + 10, y + heights[index] - 10), fill=accent, radius=4)
            canvas.text((x + 22, y + 8), heading, size=GROUP_PX, bold=True,
                        fill=accent if needed is None or needed == count else BAD)
            row_y = y + GROUP_PX + 18
            for cost, card_name, copies in entries:
                prefix = f"{copies}×"
                canvas.text((x + 22, row_y), prefix, size=NAME_PX, bold=True)
                left = x + 22 + 60
                if cost is not None:
                    canvas.rect((left, row_y + 1, left + 40, row_y + NAME_PX + 7), fill=(30, 33, 40), radius=6)
                    canvas.text((left + 20, row_y + NAME_PX // 2 + 4), str(cost), size=NAME_PX - 6, anchor="mm")
                    left += 50
                room = x + column_width - 12 - left
                shown = card_name
                while shown and text_size(shown, NAME_PX)[0] > room:
                    shown = shown[:-1]
                if shown != card_name:
                    shown = shown[:-1] + "…"
                canvas.text((left, row_y), shown, size=NAME_PX)
                row_y += ROW
            y += heights[index]
    if rule.cost_field:
        _draw_curve(canvas, rule, cards, deck, top + body + 10, locale)
    return canvas.png()


def _draw_curve(canvas: Canvas, rule: DeckRule, cards: Mapping[str, Card], deck: Mapping[str, int], top: int,
                locale: str) -> None:
    curve: Counter[int] = Counter()
    for card_id, count in deck.items():
        card = cards.get(card_id)
        cost = cost_of(rule, card) if card else None
        if cost is not None:
            curve[min(cost, 8)] += count
    canvas.text((MARGIN, top), i18n.t("decks.image.curve", locale), size=NOTE_PX, fill=MUTED)
    bar_top = top + 2 * NOTE_PX + 14  # room for the tallest bar's count under the caption
    bar_area = CURVE_HEIGHT - 2 * NOTE_PX - 54
    peak = max(curve.values(), default=1)
    slot = (WIDTH - 2 * MARGIN) // 9
    for cost in range(0, 9):
        x = MARGIN + cost * slot
        height = int(bar_area * curve[cost] / peak) if peak else 0
        base = bar_top + bar_area
        if height:
            canvas.rect((x + 12, base - height, x + slot - 12, base), fill=(200, 170, 80), radius=4)
            canvas.text((x + slot // 2, base - height - 4), str(curve[cost]), size=NOTE_PX, anchor="mb")
        canvas.text((x + slot // 2, base + 6), f"{cost}+" if cost == 8 else str(cost), size=NOTE_PX,
                    fill=MUTED, anchor="ma")
