"""The Starfall card picture for /card: name in both languages, number, attribute, HP, the unique ability,
each skill with an attack-pattern diagram (which squares it hits, from which rows it is used), and the
R-effect skill. The diagrams are computed with the engine's own geometry (``cogs.starfall.board``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.cards import Card
from bot.i18n import t
from bot.render.toolkit import Canvas, wrap_text
from bot.render.toolkit import fit_text as fit
from cogs.starfall import board
from cogs.starfall.render_pieces import (
    BACKGROUND,
    DARK,
    DEEP,
    EMPTY,
    FILL,
    GOLD,
    HIT,
    MUTED,
    PANEL,
    TILE,
    badge,
    star_points,
)
from cogs.starfall.text import SHAPE, ability_line, attribute_name, skill_line

CELL = 34
WIDTH = 720  # for a phone (issue 13): text at 18 px and over (1/40), name and HP over 1/28


def pattern_cells(pattern: str, user: str) -> tuple[dict[tuple[str, str], str], str]:
    """The attack pattern as cells: (side, square) -> ``hit`` | ``choice`` | ``maybe``; with the user's
    square. Computed with the engine's own geometry on a full enemy field."""
    full = {sq: {"id": "x"} for sq in board.SQUARES}
    own = {sq: {"id": "x"} for sq in board.SQUARES}
    cells: dict[tuple[str, str], str] = {}
    targeted = board.TARGETED_PATTERNS.get(pattern)
    if pattern == "splash":
        for side, square in board.hit_squares(pattern, user, "o:f2", own, full):
            cells[(side, square)] = "hit" if square == "f2" else "maybe"
    elif pattern == "row":
        for square in board.SQUARES:
            cells[("o", square)] = "choice"
    elif targeted:
        for choice in board.target_choices(pattern, user, own, full):
            side, _, square = choice.partition(":")
            cells[(side, square)] = "choice"
        if pattern == "lane":
            for col in board.COLUMNS:
                cells.setdefault(("o", board.square("b", col)), "maybe")
    else:
        for side, square in board.hit_squares(pattern, user, None, own, full):
            cells[(side, square)] = "hit"
        if pattern == "first":
            col = board.facing_column(board.col_of(user))
            cells.setdefault(("o", board.square("b", col)), "maybe")
    return cells, user


def draw_pattern(canvas: Canvas, x: float, y: float, skill: Mapping[str, Any], locale: str) -> float:
    """Two little fields (the enemy's above, facing, columns mirrored; the user's below) with the
    rows the skill may be used from, the user (★ on the middle column) and the squares it hits."""
    rows = list(skill["from"])
    user = board.square(rows[0], 2)
    cells, user = pattern_cells(skill["pattern"], user)
    draw = canvas.draw
    canvas.text((x, y), t("starfall.ui.pattern_enemy", locale), size=18, fill=MUTED)
    grid_x = x + 76
    for top, side in ((True, "o"), (False, "s")):
        origin = y if top else y + 2 * CELL + 14
        for square in board.SQUARES:
            row, col = board.row_of(square), board.col_of(square)
            index = (3 - col) if top else (col - 1)
            line = (0 if row == "b" else 1) if top else (0 if row == "f" else 1)
            bx, by = grid_x + index * (CELL + 3), origin + line * (CELL + 3)
            box = (bx, by, bx + CELL, by + CELL)
            kind = cells.get((side, square))
            fill = HIT if kind == "hit" else EMPTY
            outline = HIT if kind in ("choice", "maybe") else (96, 102, 118)
            draw.rectangle(box, fill=fill, outline=outline, width=4 if kind in ("choice", "maybe") else 2)
            if kind == "maybe":
                for offset in range(-CELL, CELL, 10):
                    draw.line([(bx + max(0, offset), by + max(0, -offset)),
                               (bx + min(CELL, CELL + offset), by + min(CELL, CELL - offset))], fill=HIT, width=2)
            if side == "s" and row in rows:
                draw.rectangle((bx + 3, by + 3, bx + CELL - 3, by + CELL - 3), outline=GOLD, width=2)
            if side == "s" and square == user:
                draw.polygon(star_points(bx + CELL / 2, by + CELL / 2, CELL * 0.36), fill=GOLD, outline=DARK)
    canvas.text((x, y + 2 * CELL + 14), t("starfall.ui.pattern_you", locale), size=18, fill=MUTED)
    draw.line([(grid_x - 4, y + 2 * CELL + 7), (grid_x + 3 * CELL + 10, y + 2 * CELL + 7)], fill=MUTED, width=2)
    return y + 4 * CELL + 20


def row_words(rows: Sequence[str], locale: str) -> str:
    return " / ".join(t(f"starfall.ui.{'front' if row == 'f' else 'back'}", locale) for row in rows)


def render_card(card: Card, locale: str) -> bytes:
    """A Starfall card for /card: name (both languages), number, attribute, HP, the unique ability,
    each skill with its attack-pattern diagram, and the R-effect skill."""
    stats = card.stats
    attribute = str(stats.get("attribute"))
    width = WIDTH
    text_w = width - 290
    sections: list[tuple[str, str, Mapping[str, Any] | None]] = [
        (t("starfall.ui.ability", locale), ability_line(card.id, locale), None),
        (t("starfall.ui.normal", locale), skill_line(card.id, "normal", locale), stats["normal"]),
        (t("starfall.ui.consume", locale, cost=stats["consume"]["cost"]), skill_line(card.id, "consume", locale),
         stats["consume"]),
        (t("starfall.ui.r_skill", locale, cost=stats["consume"]["cost"] + stats["r"]["cost"]),
         skill_line(card.id, "r", locale), None),
    ]
    heights = []
    for _, text, skill in sections:
        lines = len(wrap_text(text, 22, text_w))
        body = 48 + lines * 30 + (30 if skill else 0)
        heights.append(max(body, 4 * CELL + 44) if skill else body)
    height = 134 + sum(h + 12 for h in heights) + 96
    canvas = Canvas(width, height, background=BACKGROUND)
    canvas.rect((8, 8, width - 8, height - 8), fill=TILE, outline=FILL.get(attribute, MUTED), width=5, radius=16)
    canvas.rect((8, 8, width - 8, 74), fill=DEEP.get(attribute, PANEL), radius=14)
    badge(canvas, 22, 26, attribute, locale, size=30)
    canvas.text((96, 41), fit(card.name(locale), 32, width - 260, True), size=32, bold=True, anchor="lm")
    canvas.text((width - 26, 41), card.id, size=24, bold=True, anchor="rm")
    other = card.name_en if locale == "ja" else card.name_ja
    canvas.text((26, 86), f"{attribute_name(attribute, locale)} {SHAPE.get(attribute, '')}   ({other})", size=20,
                fill=MUTED)
    canvas.text((width - 26, 84), t("starfall.ui.hp", locale, hp=stats.get("hp")), size=30, bold=True, anchor="ra")
    y = 134
    for (title, text, skill), block in zip(sections, heights, strict=True):
        canvas.rect((22, y, width - 22, y + block), fill=PANEL, outline=(74, 80, 96), width=2)
        canvas.text((36, y + 8), title, size=20, bold=True, fill=GOLD if skill or "R" in title else (214, 190, 255))
        line_y = y + 38
        for line in wrap_text(text, 22, text_w):
            canvas.text((36, line_y), line, size=22)
            line_y += 30
        if skill:
            canvas.text((36, line_y + 2), t("starfall.ui.from_rows", locale, rows=row_words(skill["from"], locale)),
                        size=18, fill=MUTED)
            draw_pattern(canvas, width - 240, y + 18, skill, locale)
        y += block + 12
    canvas.text_box((26, height - 92, width - 26, height - 40), t("starfall.ui.pattern_legend", locale), size=18,
                    fill=MUTED)
    source = t(f"card.source_{card.source}", locale)
    canvas.text((26, height - 38), t("starfall.ui.source", locale, id=card.id, source=source), size=18, fill=MUTED)
    return canvas.png()

