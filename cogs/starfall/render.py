"""Starfall images: the public board and a seat's private panel (the /card picture is render_card.py).

Renderers read a view (``ENGINE.view``) only, so no image can show a deck order (each deck is a
count). The end-of-match board is drawn from ``ENGINE.reveal_all(state)``, the raw state: :func:`as_view`
turns it into the public view first.

The two 3 x 2 fields face each other, front rows toward the middle. The bottom field is the viewer's
(Player 1 for spectators); the top field is drawn rotated, so its columns run right to left and each
column sits straight across from the column it faces (my column c faces the opponent's 4 - c).
Attributes carry a shape and a letter as well as a colour (Attack ▲, Magic ●, Trick ◆); chips are
labelled pills, so nothing depends on colour vision. Drawn at 1100 px wide for a ~550 px phone view.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.render.names import localized_args
from bot.render.toolkit import Canvas, token_width, wrap_text
from cogs.starfall import board
from cogs.starfall import cards as catalogue
from cogs.starfall.engine import view as engine_view
from cogs.starfall.text import (
    ARG_FORMATTERS,
    ability_line,
    attribute_letter,
    card_name,
    joiner,
    r_name,
    seat_name,
    skill_line,
    square_name,
)

View = Mapping[str, Any]
Box = tuple[float, float, float, float]

WIDTH = 1100
BOARD_HEIGHT = 898
PANEL_HEIGHT = 820
BACKGROUND = (30, 33, 42)
PANEL = (42, 47, 58)
TILE = (54, 60, 74)
EMPTY = (40, 44, 54)
TEXT = (236, 236, 236)
MUTED = (168, 174, 190)
DARK = (20, 22, 28)
GOLD = (255, 200, 70)
CHOICE = (96, 230, 140)
HIT = (255, 140, 50)
HP_OK = (84, 190, 110)
HP_LOST = (200, 60, 60)
FILL = {"attack": (214, 72, 62), "magic": (70, 120, 224), "trick": (156, 96, 210)}
DEEP = {"attack": (120, 40, 36), "magic": (36, 64, 130), "trick": (88, 50, 122)}
PILL = {"acted": (110, 114, 128), "sick": (70, 150, 70), "lock": (170, 120, 30), "r": (180, 70, 150)}
SEAT_TINT = {0: (52, 70, 96), 1: (96, 58, 58)}

TILE_W, TILE_H, GAP = 232, 140, 8
GRID_X = 14
SIDE_X = GRID_X + 3 * TILE_W + 2 * GAP + 14  # 742
TOP_Y = 62
MID_H = 40


# --- the input -----------------------------------------------------------------------------------


def as_view(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """A view as it is; the raw state that ``reveal_all`` returns becomes the public view."""
    players = view.get("players") or []
    if players and "deck" in players[0]:
        return engine_view(dict(view), None)
    return view


def bottom_seat(view: View) -> int:
    viewer = view.get("viewer")
    return 0 if viewer is None else int(viewer)


# --- small drawing helpers -----------------------------------------------------------------------


def draw_shape(draw: ImageDraw.ImageDraw, attribute: str, cx: float, cy: float, r: float,
               ink: tuple[int, int, int] = TEXT) -> None:
    """Attack ■, Magic ◆, Trick ♣, centred, ``r`` its half size. (The seat markers of players' names
    are ▲ and ●, so an attribute never looks like a seat.)"""
    if attribute == "attack":
        draw.rectangle((cx - 0.78 * r, cy - 0.78 * r, cx + 0.78 * r, cy + 0.78 * r), fill=ink)
    elif attribute == "magic":
        draw.polygon([(cx, cy - r), (cx + 0.8 * r, cy), (cx, cy + r), (cx - 0.8 * r, cy)], fill=ink)
    else:
        leaf = 0.42 * r
        for lx, ly in ((cx, cy - 0.48 * r), (cx - 0.5 * r, cy + 0.12 * r), (cx + 0.5 * r, cy + 0.12 * r)):
            draw.ellipse((lx - leaf, ly - leaf, lx + leaf, ly + leaf), fill=ink)
        draw.polygon([(cx, cy), (cx + 0.3 * r, cy + r), (cx - 0.3 * r, cy + r)], fill=ink)


def badge(canvas: Canvas, x: float, y: float, attribute: str, locale: str, size: int = 26) -> None:
    """The attribute badge: a coloured square with its shape and letter."""
    canvas.rect((x, y, x + size * 2, y + size), fill=FILL.get(attribute, MUTED), outline=DARK, width=1, radius=5)
    draw_shape(canvas.draw, attribute, x + size * 0.5, y + size * 0.5, size * 0.32)
    canvas.text((x + size * 1.45, y + size / 2), attribute_letter(attribute, locale), size=18, bold=True,
                anchor="mm")


def star_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    points = []
    for index in range(10):
        radius = r if index % 2 == 0 else r * 0.45
        angle = math.radians(-90 + 36 * index)
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw_stars(draw: ImageDraw.ImageDraw, x: float, cy: float, count: int, size: int = 22) -> float:
    """★ chips: five slots, ``count`` filled; the fifth slot is red, a card reaching it dies."""
    for index in range(5):
        cx = x + size / 2 + index * (size + 2)
        points = star_points(cx, cy, size / 2)
        if index < count:
            draw.polygon(points, fill=GOLD, outline=DARK)
        else:
            draw.polygon(points, outline=HP_LOST if index == 4 else (120, 126, 142), width=2)
    return x + 5 * (size + 2)


def pill(canvas: Canvas, x: float, y: float, label: str, colour: tuple[int, int, int], height: int = 26) -> float:
    width = token_width(label, 18, True) + 12
    canvas.rect((x, y, x + width, y + height), fill=colour, outline=DARK, width=1, radius=height // 2)
    canvas.text((x + width / 2, y + height / 2), label, size=18, bold=True, anchor="mm")
    return x + width + 5


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """The text, cut with an ellipsis if it is wider than ``width``."""
    if token_width(text, size, bold) <= width:
        return text
    while text and token_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def fmt_args(args: Mapping[str, Any], locale: str) -> dict[str, Any]:
    return localized_args(args, locale, ARG_FORMATTERS)


def log_parts(view: View, locale: str) -> list[str]:
    """The view's last events in words. The ★+1 of every card at round start is said by the round's own
    line, so those ★ lines are left out; any other run of ★+1 lines becomes one line naming the cards."""
    parts: list[str] = []
    run: list[Mapping[str, Any]] = []
    after_round_start = False

    def flush() -> None:
        if not run or after_round_start:
            pass
        elif len(run) == 1:
            parts.append(t("starfall.event.star", locale, **fmt_args(run[0], locale)))
        else:
            parts.append(t("starfall.ui.star_run", locale,
                           cards=joiner(locale).join(card_name(args.get("card"), locale) for args in run)))
        run.clear()

    for entry in view.get("log") or []:
        key = entry["key"]
        args = entry.get("args") or {}
        if key == "starfall.event.star" and args.get("amount") == 1:
            run.append(args)
            continue
        flush()
        after_round_start = key == "starfall.event.round_start"
        try:
            parts.append(t(key, locale, **fmt_args(args, locale)))
        except (KeyError, IndexError, ValueError):
            continue
    flush()
    return [part for part in parts if part]


def log_lines(parts: Sequence[str], size: int, width: int, room: int) -> list[str]:
    """The newest events, one line each (cut to fit), oldest first."""
    return [fit(part, size, width) for part in parts[-room:]]


# --- geometry of the two fields ------------------------------------------------------------------


def square_box(square: str, top: bool, origin_y: int) -> Box:
    """Where a square is drawn. The bottom field: front row first, columns left to right. The top
    field is the opponent's, seen across the table: back row first, columns right to left."""
    row, col = board.row_of(square), board.col_of(square)
    if top:
        index, line = 3 - col, (0 if row == "b" else 1)
    else:
        index, line = col - 1, (0 if row == "f" else 1)
    x = GRID_X + index * (TILE_W + GAP)
    y = origin_y + line * (TILE_H + GAP)
    return x, y, x + TILE_W, y + TILE_H


def field_origins(top_y: int) -> tuple[int, int]:
    """(top field y, bottom field y)."""
    return top_y, top_y + 2 * (TILE_H + GAP) + MID_H


# --- a card on the field -------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def tile_image(card_id: str, square: str, dmg: int, star: int, acted: bool, status: str | None, r_kind: str | None,
               locale: str) -> Image.Image:
    """A field card: attribute band with the name and square, HP with damage, ★, chips."""
    found = catalogue.card(card_id)
    attribute = str(found.stats["attribute"])
    hp = int(found.stats["hp"])
    canvas = Canvas(TILE_W, TILE_H, background=BACKGROUND)
    canvas.rect((0, 0, TILE_W - 1, TILE_H - 1), fill=TILE, outline=FILL[attribute], width=3)
    canvas.rect((0, 0, TILE_W - 1, 32), fill=DEEP[attribute], radius=7)
    badge(canvas, 6, 4, attribute, locale, size=24)
    tag = square_name(square, locale)
    tag_w = token_width(tag, 18, True)
    canvas.text((TILE_W - 8, 16), tag, size=18, bold=True, anchor="rm", fill=MUTED)
    canvas.text((62, 16), fit(found.name(locale), 19, TILE_W - 62 - tag_w - 14, True), size=19, bold=True,
                anchor="lm")
    left = max(0, hp - dmg)
    canvas.text((8, 38), f"HP {left}/{hp}", size=22, bold=True, fill=HP_LOST if left <= hp // 3 else TEXT)
    if dmg:
        canvas.text((TILE_W - 8, 40), t("starfall.ui.dmg", locale, amount=dmg), size=18, bold=True,
                    fill=(255, 130, 120), anchor="ra")
    bar = (8, 68, TILE_W - 8, 76)
    canvas.draw.rectangle(bar, fill=HP_LOST)
    canvas.draw.rectangle((8, 68, 8 + (TILE_W - 16) * left / hp, 76), fill=HP_OK)
    end = draw_stars(canvas.draw, 8, 93, star, size=22)
    canvas.text((end + 6, 93), f"★{star}", size=20, bold=True, anchor="lm", fill=GOLD if star < 4 else HP_LOST)
    x = 8.0
    if acted:
        x = pill(canvas, x, 108, t("starfall.ui.acted", locale), PILL["acted"])
    if status in ("sick", "lock"):
        x = pill(canvas, x, 108, t(f"starfall.ui.{status}", locale), PILL[status])
    if r_kind:
        amount = catalogue.r_effect(card_id).get("amount")
        name = r_name(r_kind, locale) + (f" {amount}" if amount else "")
        pill(canvas, x, 108, fit(t("starfall.ui.r_chip", locale, name=name), 18, TILE_W - x - 20, True), PILL["r"])
    return canvas.image


def draw_square(canvas: Canvas, box: Box, square: str, record: Mapping[str, Any] | None, locale: str) -> None:
    x0, y0, x1, y1 = box
    if record is None:
        canvas.rect(box, fill=EMPTY, outline=(78, 84, 100), width=2)
        canvas.text(((x0 + x1) / 2, (y0 + y1) / 2), square_name(square, locale), size=20, fill=(110, 116, 132),
                    anchor="mm")
        return
    image = tile_image(record["id"], square, int(record["dmg"]), int(record["star"]), bool(record["acted"]),
                       record.get("status"), record.get("r_kind") if record.get("r") else None, locale)
    canvas.image.paste(image, (int(x0), int(y0)))


Marks = dict[tuple[int, str], tuple[tuple[int, int, int], str]]


def draw_fields(canvas: Canvas, view: View, top_y: int, locale: str, marks: Marks | None = None,
                acting: tuple[int, str] | None = None) -> None:
    """Both fields; ``marks`` frames squares (seat, square) -> (colour, label); ``acting`` gets gold."""
    bottom = bottom_seat(view)
    top_origin, bottom_origin = field_origins(top_y)
    for seat, origin, is_top in ((1 - bottom, top_origin, True), (bottom, bottom_origin, False)):
        field = view["players"][seat]["field"]
        for square in board.SQUARES:
            draw_square(canvas, square_box(square, is_top, origin), square, field.get(square), locale)
    # The middle: which rows are front, and how columns face.
    mid_y = top_origin + 2 * (TILE_H + GAP)
    canvas.rect((GRID_X, mid_y, GRID_X + 3 * TILE_W + 2 * GAP, mid_y + MID_H - 8), fill=(36, 40, 50),
                outline=(70, 76, 92), width=1, radius=6)
    half = (3 * TILE_W + 2 * GAP) / 2 - 20
    canvas.text((GRID_X + 10, mid_y + (MID_H - 8) / 2),
                "↑ " + fit(f"{t('starfall.ui.front', locale)} · {seat_name(1 - bottom, locale)}", 18, half), size=18,
                fill=MUTED, anchor="lm")
    canvas.text((GRID_X + 3 * TILE_W + 2 * GAP - 10, mid_y + (MID_H - 8) / 2),
                fit(f"{t('starfall.ui.front', locale)} · {seat_name(bottom, locale)}", 18, half) + " ↓", size=18,
                fill=MUTED, anchor="rm")
    for (seat, square), (colour, label) in (marks or {}).items():
        is_top = seat != bottom
        box = square_box(square, is_top, top_origin if is_top else bottom_origin)
        canvas.rect((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), outline=colour, width=5, radius=9)
        if label:
            width = token_width(label, 18, True) + 14
            x1, y1 = box[2] - 6, box[3] - 6
            canvas.rect((x1 - width, y1 - 28, x1, y1), fill=colour, outline=DARK, width=2, radius=6)
            canvas.text((x1 - width / 2, y1 - 14), label, size=18, bold=True, fill=DARK, anchor="mm")
    if acting is not None:
        seat, square = acting
        is_top = seat != bottom
        box = square_box(square, is_top, top_origin if is_top else bottom_origin)
        canvas.rect((box[0] - 6, box[1] - 6, box[2] + 6, box[3] + 6), outline=GOLD, width=4, radius=10)


def acting_square(view: View) -> tuple[int, str] | None:
    acting = view.get("acting")
    if not acting or view.get("result"):
        return None
    seat = int(view["active"])
    square = acting.get("square")
    record = view["players"][seat]["field"].get(square)
    return (seat, square) if record is not None and record["id"] == acting.get("card") else None


# --- the side panel ------------------------------------------------------------------------------


def draw_pips(canvas: Canvas, x: float, y: float, filled: int, total: int, size: int = 16,
              colour: tuple[int, int, int] = GOLD) -> float:
    for index in range(total):
        box = (x, y, x + size, y + size)
        if index < filled:
            canvas.draw.rectangle(box, fill=colour, outline=DARK)
        else:
            canvas.draw.rectangle(box, outline=(130, 136, 150), width=2)
        x += size + 5
    return x


def draw_player_box(canvas: Canvas, view: View, seat: int, box: Box, locale: str, graves: int = 3) -> None:
    x0, y0, x1, y1 = box
    player = view["players"][seat]
    result = view.get("result")
    active = view.get("active") == seat and not result and view.get("phase") != "over"
    canvas.rect(box, fill=PANEL, outline=GOLD if active else (70, 76, 92), width=4 if active else 2)
    canvas.rect((x0 + 2, y0 + 2, x1 - 2, y0 + 38), fill=SEAT_TINT[seat], radius=7)
    name = seat_name(seat, locale)
    if view.get("first") == seat:
        name += f" ({t('starfall.ui.first', locale)})"
    canvas.text((x0 + 12, y0 + 20), fit(name, 22, x1 - x0 - 24, True), size=22, bold=True, anchor="lm")
    y = y0 + 46
    if active:
        canvas.text((x0 + 12, y), fit(t("starfall.ui.to_act", locale, player=seat_name(seat, locale)), 20,
                    x1 - x0 - 24, True), size=20, bold=True, fill=GOLD)
        y += 30
    canvas.text((x0 + 12, y), t("starfall.ui.deck", locale, count=player["deck_count"]), size=20, bold=True)
    turns = t("starfall.ui.turns", locale)
    tx = x0 + 170
    canvas.text((tx, y), turns, size=18, fill=MUTED)
    draw_pips(canvas, tx + token_width(turns, 18) + 8, y + 5, int(player.get("chips", 0)), 3, size=16)
    y += 32
    grave = player["grave"]
    canvas.text((x0 + 12, y), t("starfall.ui.grave", locale, count=len(grave)), size=20, bold=True,
                fill=HP_LOST if len(grave) >= 5 else TEXT)
    draw_pips(canvas, x0 + 150, y + 5, len(grave), 7, size=16, colour=HP_LOST)
    y += 30
    for card_id in reversed(grave[-graves:]):
        if y + 22 > y1 - 4:
            break
        attribute = catalogue.attribute(card_id)
        draw_shape(canvas.draw, attribute, x0 + 22, y + 12, 8, ink=FILL[attribute])
        canvas.text((x0 + 36, y), fit(card_name(card_id, locale), 18, x1 - x0 - 50), size=18, fill=MUTED)
        y += 24
    drawn = player.get("drawn") or []
    if drawn and y + 24 <= y1 - 4:
        names = ", ".join(card_name(c, locale) for c in drawn)
        key = "starfall.ui.to_place" if view.get("phase") == "setup" else "starfall.ui.drawn"
        text = t(key, locale, cards=names, card=names)
        for line in wrap_text(text, 18, int(x1 - x0 - 24))[:2]:
            if y + 22 > y1 - 4:
                break
            canvas.text((x0 + 12, y), line, size=18, bold=True, fill=GOLD)
            y += 24


def heading(view: View, locale: str) -> tuple[str, str, tuple[int, int, int]]:
    """(left, right, colour of right): the round and turn, and who acts or who won."""
    phase = view.get("phase")
    if phase == "setup" or not view.get("round"):
        left = t("starfall.name", locale) + " · " + t("starfall.ui.setup", locale)
    else:
        left = t("starfall.name", locale) + " · " + t("starfall.ui.round_turn", locale, round=view["round"],
                                                       turn=view["turn"])
    if view.get("beginner"):
        left += " · " + t("starfall.ui.beginner", locale)
    result = view.get("result")
    if result:
        winner = result.get("winner")
        right = t("starfall.ui.draw", locale) if winner is None else t("starfall.ui.won", locale,
                                                                       player=seat_name(int(winner), locale))
        return left, right, CHOICE
    return left, t("starfall.ui.to_act", locale, player=seat_name(int(view["active"]), locale)), GOLD


def draw_heading(canvas: Canvas, view: View, locale: str) -> None:
    left, right, colour = heading(view, locale)
    canvas.text((14, 10), left, size=26, bold=True)
    canvas.text((WIDTH - 14, 12), fit(right, 24, 420, True), size=24, bold=True, anchor="ra", fill=colour)
    result = view.get("result")
    if result:
        canvas.text((WIDTH - 14, 44), fit(reason_text(result, locale), 18, 700), size=18, anchor="ra", fill=MUTED)


# --- the board -----------------------------------------------------------------------------------


def render_board(view: View, locale: str) -> bytes:
    """The public board (or a seat's view of it): the viewer's field at the bottom, else Player 1's."""
    view = as_view(view)
    bottom = bottom_seat(view)
    canvas = Canvas(WIDTH, BOARD_HEIGHT, background=BACKGROUND)
    draw_heading(canvas, view, locale)
    top_y = TOP_Y + 8
    draw_fields(canvas, view, top_y, locale, acting=acting_square(view))
    top_origin, bottom_origin = field_origins(top_y)
    field_h = 2 * TILE_H + GAP
    draw_player_box(canvas, view, 1 - bottom, (SIDE_X, top_origin, WIDTH - 10, top_origin + field_h), locale)
    draw_player_box(canvas, view, bottom, (SIDE_X, bottom_origin, WIDTH - 10, bottom_origin + field_h), locale)
    log_top = bottom_origin + field_h + 12
    canvas.text((14, log_top), t("starfall.ui.last", locale), size=20, bold=True)
    room = (BOARD_HEIGHT - log_top - 34) // 24
    for index, line in enumerate(log_lines(log_parts(view, locale), 18, WIDTH - 28, room)):
        canvas.text((14, log_top + 30 + index * 24), line, size=18, fill=MUTED)
    return canvas.png()


# --- the private panel ---------------------------------------------------------------------------


def panel_marks(view: View, locale: str) -> tuple[Marks, dict[tuple[int, str], list[str]]]:
    """The squares the seat's open decision offers (green, labelled) and, for a skill choice, which
    usable skill hits which square (orange, with N / C / R letters)."""
    seat = bottom_seat(view)
    decision = view.get("decision") or {}
    options = decision.get("options") or []
    marks: Marks = {}
    hits: dict[tuple[int, str], list[str]] = {}
    own = view["players"][seat]["field"]
    enemy = view["players"][1 - seat]["field"]
    acting = view.get("acting") or {}
    for option in options:
        verb, _, rest = option.partition(":")
        if verb in ("place", "summon") and rest:
            marks[(seat, rest)] = (CHOICE, t(f"starfall.ui.{verb}_here", locale))
        elif verb == "card":
            found = next((sq for sq, rec in own.items() if rec is not None and rec["id"] == rest), None)
            if found:
                marks[(seat, found)] = (CHOICE, t("starfall.ui.can_act", locale))
        elif verb == "move":
            marks[(seat, rest)] = (CHOICE, t("starfall.ui.move_here", locale))
        elif verb == "swap":
            marks[(seat, rest)] = (CHOICE, t("starfall.ui.swap_here", locale))
        elif verb == "target":
            side, _, name = rest.partition(":")
            skill = catalogue.skill(acting["card"], "normal" if acting.get("skill") == "normal" else "consume")
            row_pick = name in ("front", "back")
            label = (f"{t('starfall.ui.target_here', locale)} · {t(f'starfall.ui.{name}', locale)}" if row_pick
                     else t("starfall.ui.hit_here", locale))
            for hit_side, square in board.hit_squares(skill["pattern"], acting["square"], rest, own, enemy):
                key = (seat if hit_side == "s" else 1 - seat, square)
                marks.setdefault(key, (CHOICE if row_pick else HIT, label))
            if name not in ("front", "back"):
                marks[(seat if side == "s" else 1 - seat, name)] = (CHOICE, t("starfall.ui.target_here", locale))
        elif verb == "skill" and acting.get("card"):
            which = rest
            skill = catalogue.skill(acting["card"], "normal" if which == "normal" else "consume")
            square = acting["square"]
            targets = board.target_choices(skill["pattern"], square, own, enemy) or [None]
            letter = {"normal": "N", "consume": "C", "r": "R"}[which]
            for target in targets:
                for hit_side, hit in board.hit_squares(skill["pattern"], square, target, own, enemy):
                    key = (seat if hit_side == "s" else 1 - seat, hit)
                    if letter not in hits.setdefault(key, []):
                        hits[key].append(letter)
    for key, letters in hits.items():
        marks.setdefault(key, (HIT, " ".join(letters)))
    return marks, hits


def focus_card(view: View) -> str | None:
    """The card the seat is deciding about: the acting card, or the card to place or summon."""
    acting = view.get("acting") or {}
    decision = view.get("decision") or {}
    if acting.get("card"):
        return acting["card"]
    args = decision.get("args") or {}
    return args.get("card")


def detail_lines(card_id: str, locale: str, width: int, usable: set[str] | None,
                 beginner: bool = False) -> list[tuple[str, tuple[int, int, int], bool]]:
    """The wrapped text of a card (ability, then each skill), each line with its colour and weight:
    usable skills green and bold, unusable ones muted, while a skill is being chosen. In the beginner
    game the unique ability and the R-effect skill are marked as not in play."""
    out: list[tuple[str, tuple[int, int, int], bool]] = []
    off = " " + t("starfall.ui.off_beginner", locale) if beginner else ""
    parts: list[tuple[str, str | None]] = [(ability_line(card_id, locale) + off, None)]
    parts += [(skill_line(card_id, which, locale) + (off if which == "r" else ""), which)
              for which in ("normal", "consume", "r")]
    for text, which in parts:
        good = usable is not None and which in usable
        if beginner and (which is None or which == "r"):
            colour = MUTED
        elif which is None:
            colour = (214, 190, 255)
        else:
            colour = CHOICE if good else (MUTED if usable is not None else TEXT)
        out += [(line, colour, good) for line in wrap_text(text, 18, width)]
        out.append(("", TEXT, False))
    return out[:-1]


def card_detail(canvas: Canvas, card_id: str, x0: float, y0: float, x1: float, locale: str,
                usable: set[str] | None = None, beginner: bool = False) -> float:
    """A card's full text in a box sized to it: name, attribute, HP, ability and skills. Returns its bottom."""
    found = catalogue.card(card_id)
    attribute = str(found.stats["attribute"])
    lines = detail_lines(card_id, locale, int(x1 - x0 - 40), usable, beginner)
    y1 = y0 + 46 + sum(23 if text else 5 for text, _, _ in lines) + 8
    canvas.rect((x0, y0, x1, y1), fill=TILE, outline=FILL[attribute], width=3)
    canvas.rect((x0, y0, x1, y0 + 36), fill=DEEP[attribute], radius=7)
    badge(canvas, x0 + 8, y0 + 5, attribute, locale, size=26)
    canvas.text((x0 + 68, y0 + 18), fit(found.name(locale), 22, x1 - x0 - 150, True), size=22, bold=True,
                anchor="lm")
    canvas.text((x1 - 10, y0 + 18), f"HP {found.stats['hp']}", size=20, bold=True, anchor="rm")
    y = y0 + 46
    for text, colour, bold in lines:
        if text:
            canvas.text((x0 + 12, y), text, size=18, fill=colour, bold=bold)
        y += 23 if text else 5
    return y1


def draw_player_brief(canvas: Canvas, view: View, seat: int, x0: float, y0: float, x1: float, locale: str) -> float:
    """Two lines: the player (gold when to act), then deck, grave and turns taken this round."""
    player = view["players"][seat]
    active = view.get("active") == seat and not view.get("result") and view.get("phase") != "over"
    canvas.rect((x0, y0, x1, y0 + 70), fill=PANEL, outline=GOLD if active else (70, 76, 92), width=3 if active else 2)
    name = seat_name(seat, locale)
    if active:
        name = "▶ " + name
    canvas.text((x0 + 12, y0 + 6), fit(name, 20, x1 - x0 - 24, True), size=20, bold=True, fill=GOLD if active else TEXT)
    line = "  ".join([t("starfall.ui.deck", locale, count=player["deck_count"]),
                      t("starfall.ui.grave", locale, count=len(player["grave"]))])
    canvas.text((x0 + 12, y0 + 38), line, size=18)
    draw_pips(canvas, x1 - 12 - 3 * 21, y0 + 41, int(player.get("chips", 0)), 3, size=16)
    return y0 + 70


def reason_text(result: Mapping[str, Any], locale: str) -> str:
    return t(f"starfall.outcome.{result['reason']}", locale)


def draw_side_log(canvas: Canvas, view: View, x0: float, y0: float, x1: float, y1: float, locale: str) -> None:
    """The newest events that fit between ``y0`` and ``y1``, wrapped to the side panel, oldest first."""
    canvas.text((x0 + 4, y0), t("starfall.ui.last", locale), size=20, bold=True)
    room = int((y1 - y0 - 30) // 23)
    chosen: list[str] = []
    for part in reversed(log_parts(view, locale)):
        lines = wrap_text(part, 18, int(x1 - x0 - 8))
        if len(chosen) + len(lines) > room:
            break
        chosen = lines + chosen
    for index, line in enumerate(chosen):
        canvas.text((x0 + 4, y0 + 30 + index * 23), line, size=18, fill=MUTED)


def render_hand(view: View, locale: str) -> bytes:
    """The seat's own panel: the fields from its side with what its decision offers marked, the card
    it is deciding about in full, and the prompt."""
    view = as_view(view)
    seat = bottom_seat(view)
    decision = view.get("decision") or {}
    options = decision.get("options") or []
    canvas = Canvas(WIDTH, PANEL_HEIGHT, background=BACKGROUND)
    canvas.rect((0, 0, WIDTH, 52), fill=SEAT_TINT[seat], radius=0)
    canvas.text((14, 10), t("starfall.ui.your_panel", locale, player=seat_name(seat, locale)), size=26, bold=True)
    left, right, colour = heading(view, locale)
    canvas.text((WIDTH - 14, 12), left.split(" · ", 1)[-1], size=22, bold=True, anchor="ra")
    result = view.get("result")
    if options:
        prompt, ink = t(decision["prompt"], locale, **fmt_args(decision.get("args") or {}, locale)), GOLD
    elif result:
        prompt, ink = f"{right} · {reason_text(result, locale)}", colour
    else:
        prompt, ink = t("starfall.ui.waiting", locale), MUTED
    prompt_lines = wrap_text(prompt, 20, WIDTH - 28)[:2]
    for index, line in enumerate(prompt_lines):
        canvas.text((14, 60 + index * 26), line, size=20, bold=True, fill=ink)
    top_y = 62 + 26 * max(1, len(prompt_lines)) + 8
    marks, _ = panel_marks(view, locale) if options else ({}, {})
    draw_fields(canvas, view, top_y, locale, marks=marks, acting=acting_square(view))
    top_origin, bottom_origin = field_origins(top_y)
    field_h = 2 * TILE_H + GAP
    # The side: the card being decided about in full, else a summon note; then both players in brief.
    card_id = focus_card(view) if options else None
    side_bottom = bottom_origin + field_h
    y = float(top_origin)
    if card_id in catalogue.by_id():
        usable = ({o.split(":")[1] for o in options if o.startswith("skill:")}
                  if any(o.startswith("skill:") for o in options) else None)
        y = card_detail(canvas, card_id, SIDE_X, y, WIDTH - 10, locale, usable, bool(view.get("beginner"))) + 10
    elif "summon" in options:
        count = view["players"][seat]["deck_count"]
        canvas.rect((SIDE_X, y, WIDTH - 10, y + 100), fill=PANEL, outline=CHOICE, width=3)
        canvas.text_box((SIDE_X + 12, int(y) + 10, WIDTH - 22, int(y) + 96),
                        t("starfall.ui.summon_info", locale, count=count), size=18)
        y += 110
    brief_y = max(y, side_bottom - 150)
    if brief_y - y >= 80:
        draw_side_log(canvas, view, SIDE_X, y, WIDTH - 10, brief_y - 10, locale)
    draw_player_brief(canvas, view, 1 - seat, SIDE_X, brief_y, WIDTH - 10, locale)
    side_bottom = max(side_bottom, draw_player_brief(canvas, view, seat, SIDE_X, brief_y + 80, WIDTH - 10, locale))
    legend_top = side_bottom + 12
    canvas.text((14, legend_top), fit(t("starfall.ui.legend", locale), 18, WIDTH - 28), size=18, fill=MUTED)
    if any(o.startswith("skill:") for o in options):
        canvas.text((14, legend_top + 26), fit(t("starfall.ui.hits_legend", locale), 18, WIDTH - 28), size=18,
                    fill=MUTED)
    return canvas.png()
