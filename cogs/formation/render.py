"""Formation images: the public board, a seat's private hand panel and /card pictures.

Renderers only read a view (``ENGINE.view``), never the state, so an image can never show a hidden
card. Drawing is flat colour and a few dozen text runs; images are 1100 px wide and under 500 px high, so a
render plus ``encode_png`` stays far below the 40 ms budget (see ``tests/formation/test_render.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.cards import Card
from bot.i18n import t
from bot.render.toolkit import Canvas, text_size
from cogs.formation.data import COLUMNS, ROWS, card_points
from cogs.formation.text import (
    card_name,
    colour_name,
    effect_words,
    layout_effects,
    seat_name,
    shorten,
    type_name,
)

View = Mapping[str, Any]
Box = tuple[int, int, int, int]

WIDTH = 1100
BACKGROUND = (34, 38, 46)
PANEL = (44, 49, 60)
SQUARE = (60, 66, 80)
TEXT = (235, 235, 235)
MUTED = (170, 176, 190)
HIGHLIGHT = (255, 196, 64)
CARD_FILL = {"red": (204, 62, 56), "blue": (52, 108, 212)}
CARD_TEXT = {"red": (255, 236, 232), "blue": (232, 240, 255)}
BACK_FILL = {"black": (18, 18, 22), "white": (226, 226, 222)}
BACK_TEXT = {"black": (150, 150, 160), "white": (90, 90, 96)}
EFFECT_STYLE = {  # square fill, label colour
    "bonus": ((88, 72, 34), (255, 204, 90)),
    "wild": ((72, 48, 98), (214, 170, 255)),
    "double": ((30, 78, 78), (120, 226, 214)),
    "reveal": ((56, 70, 62), (190, 230, 200)),
    "blank": ((26, 28, 33), (110, 114, 124)),
    "plain": (SQUARE, MUTED),
}

# Layout (px). The board is 1100 x 484 and the hand panel 1100 x 428.
SQUARE_W, SQUARE_H, GAP, LABEL_W = 144, 100, 6, 80
CARD_W, CARD_H = 58, 70
GRID_W = LABEL_W + COLUMNS * SQUARE_W + (COLUMNS - 1) * GAP
GRID_H = 3 * SQUARE_H + 2 * GAP
PANEL_W, GRID_TOP = 538, 62
PANEL_H = GRID_TOP + GRID_H + 6
HEADER_H, LINE_H = 44, 28
HAND_CARD_W, HAND_CARD_H = 122, 132
STRIP_CARD_W, STRIP_CARD_H = 90, 100


def colour_of(card: str) -> str:
    return "red" if card[0] == "r" else "blue"


def rank_text(card: str) -> str:
    return card[1:]


# ---------------------------------------------------------------------------------------------
# Cards and squares
# ---------------------------------------------------------------------------------------------

def draw_card(canvas: Canvas, box: Box, card: str | None, face_up: bool, back: str, size: int = 32) -> None:
    """A face-up card in its colour; a face-down card shows its back (and its rank when the viewer may know it)."""
    if face_up and card is not None:
        colour = colour_of(card)
        canvas.rect(box, fill=CARD_FILL[colour], outline=(250, 250, 250), width=2, radius=7)
        canvas.text(center(box), rank_text(card), size=size, fill=CARD_TEXT[colour], bold=True, anchor="mm")
        return
    canvas.rect(box, fill=BACK_FILL[back], outline=(120, 124, 134), width=2, radius=7)
    if card is None:
        canvas.text(center(box), "?", size=size, fill=BACK_TEXT[back], bold=True, anchor="mm")
        return
    # The owner's own face-down card: the back with the rank in its colour, so it reads as still hidden.
    inset = (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4)
    canvas.rect(inset, outline=CARD_FILL[colour_of(card)], width=3, radius=5)
    canvas.text(center(box), rank_text(card), size=size, fill=CARD_FILL[colour_of(card)], bold=True, anchor="mm")


def center(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def effect_kind(effect: Mapping[str, Any]) -> str:
    for kind in ("blank", "wild", "bonus", "double", "reveal"):
        if effect.get(kind):
            return kind
    return "plain"


def draw_square(canvas: Canvas, box: Box, effect: Mapping[str, Any], cards: Sequence[Mapping[str, Any]],
                back: str, locale: str, highlight: bool = False) -> None:
    fill, label_colour = EFFECT_STYLE[effect_kind(effect)]
    canvas.rect(box, fill=fill, outline=HIGHLIGHT if highlight else (84, 90, 106), width=4 if highlight else 2)
    left, top, right, bottom = box
    if effect.get("blank"):
        canvas.draw.line((left + 46, top + 30, right - 46, bottom - 10), fill=(70, 74, 84), width=4)
        canvas.draw.line((left + 46, bottom - 10, right - 46, top + 30), fill=(70, 74, 84), width=4)
    words = effect_words(effect, locale)
    if words:
        canvas.text((left + 8, top + 2), shorten(" ".join(words), 14), size=20, fill=label_colour, bold=True)
    if not cards:
        return
    card_top = bottom - CARD_H - 3
    if len(cards) == 1:
        x = (left + right) // 2 - CARD_W // 2
        draw_card(canvas, (x, card_top, x + CARD_W, card_top + CARD_H), cards[0]["card"], cards[0]["face_up"], back)
        return
    # 2 Cards: both cards side by side, slightly narrower.
    width = CARD_W - 6
    x = (left + right) // 2 - width - 3
    for entry in cards[:2]:
        draw_card(canvas, (x, card_top, x + width, card_top + CARD_H), entry["card"], entry["face_up"], back, size=28)
        x += width + 6


def draw_grid(canvas: Canvas, origin: tuple[int, int], squares: Sequence[Mapping[str, Any]] | None,
              back: str, locale: str, highlight_square: str | None = None) -> None:
    """The 3x3 formation: row labels at the left, the front row on top."""
    x0, y0 = origin
    for row_index, row in enumerate(ROWS):
        top = y0 + row_index * (SQUARE_H + GAP)
        canvas.text((x0, top + SQUARE_H // 2), t(f"formation.row.{row}", locale), size=20, fill=MUTED, anchor="lm")
        for col in range(COLUMNS):
            left = x0 + LABEL_W + col * (SQUARE_W + GAP)
            box = (left, top, left + SQUARE_W, top + SQUARE_H)
            if squares is None:
                canvas.rect(box, fill=(38, 42, 51), outline=(60, 64, 76), width=2)
                continue
            entry = squares[row_index * COLUMNS + col]
            draw_square(canvas, box, entry, entry.get("cards", ()), back, locale,
                        highlight=entry["square"] == highlight_square)


# ---------------------------------------------------------------------------------------------
# Board
# ---------------------------------------------------------------------------------------------

def seat_title(view: View, seat: int, locale: str) -> str:
    info = view["seats"][seat]
    parts = [seat_name(seat, locale)]
    if info["type"]:
        parts.append(type_name(info["type"], locale))
    if info["formation"]:
        parts.append(card_name(info["formation"], locale))
    return " · ".join(parts)


def seat_stats(view: View, seat: int, locale: str) -> str:
    info = view["seats"][seat]
    total = t("formation.board.total", locale, total=info["total"])
    if len(info["round_points"]) > 1:
        total += " (" + "+".join(str(points) for points in info["round_points"]) + ")"
    parts = [total, t("formation.board.captured", locale, count=info["captured_count"]),
             t("formation.board.hand", locale, count=info["hand_count"]),
             t("formation.board.deck", locale, count=info["deck_count"])]
    return " · ".join(parts)


def draw_badge(canvas: Canvas, x: int, y: int, text: str) -> int:
    """A small amber label (the first player's marker); returns its right edge."""
    width = text_size(text, 18, True)[0] + 14
    canvas.rect((x, y - 13, x + width, y + 13), fill=HIGHLIGHT, radius=6)
    canvas.text((x + width / 2, y), text, size=18, fill=(40, 30, 0), bold=True, anchor="mm")
    return x + width


def draw_panel(canvas: Canvas, view: View, seat: int, origin: tuple[int, int], locale: str) -> None:
    x, y = origin
    info = view["seats"][seat]
    attacking = view.get("attacker") == seat and view["phase"] == "battle"
    canvas.rect((x, y, x + PANEL_W, y + PANEL_H), fill=PANEL, outline=HIGHLIGHT if attacking else PANEL,
                width=3, radius=12)
    title_x = x + 12
    if view["first_player"] == seat:
        title_x = draw_badge(canvas, title_x, y + 20, t("formation.board.first", locale)) + 8
    canvas.text((title_x, y + 20), shorten(seat_title(view, seat, locale), 34), size=24, bold=True, anchor="lm")
    canvas.text((x + 12, y + 46), seat_stats(view, seat, locale), size=19, fill=MUTED, anchor="lm")
    attack = view.get("attack")
    # Highlight the attacking card, or (on the owner's own panel) the square being filled now.
    highlight = attack["square"] if attack and attack["seat"] == seat else info.get("next_square")
    board = info["board"]
    draw_grid(canvas, (x + 8, y + GRID_TOP), board, info["deck_back"], locale, highlight)
    if board is None:
        key = "formation.board.formation_hidden" if view["phase"] == "formation" and info["type"] \
            else "formation.board.no_formation"
        canvas.text((x + 8 + LABEL_W + (GRID_W - LABEL_W) // 2, y + GRID_TOP + GRID_H // 2), t(key, locale),
                    size=20, fill=TEXT, anchor="mm")


def pick_text(pick: Mapping[str, Any], locale: str) -> str:
    return t("formation.board.pick", locale, card=card_name(pick["card"], locale),
             colour=colour_name(pick["colour"], locale), rank=pick["rank"])


def last_battle_text(view: View, locale: str) -> str | None:
    last = view.get("last_battle")
    if not last:
        return None
    if last["winner"] is None:
        result = t("formation.board.result_draw", locale)
    else:
        key = "formation.board.result_zero" if last["zero"] else "formation.board.result_win"
        result = t(key, locale, player=seat_name(last["winner"], locale))
    return t("formation.board.last", locale, battle=last["battle"], attack=pick_text(last["attack"], locale),
             defence=pick_text(last["defence"], locale), result=result)


def winner_seat(view: View) -> int:
    totals = view["totals"]
    if totals[0] != totals[1]:
        return 0 if totals[0] > totals[1] else 1
    return view["tiebreak_seat"]


def header_status(view: View, locale: str) -> str:
    """Who is to act: the winner at the end, the attacker or defender in battle, else the phase."""
    if view["phase"] == "over":
        return t("formation.board.winner", locale, player=seat_name(winner_seat(view), locale))
    if view["phase"] == "battle" and view.get("attacker") is not None:
        if view.get("attack"):
            return t("formation.board.defends", locale, player=seat_name(1 - view["attacker"], locale))
        return t("formation.board.attacks", locale, player=seat_name(view["attacker"], locale))
    status = t(f"formation.phase.{view['phase']}", locale)
    if len(view["to_act"]) == 1 and view["phase"] != "type":
        status += " · " + t("formation.board.waiting", locale, players=seat_name(view["to_act"][0], locale))
    return status


def footer_lines(view: View, locale: str) -> list[str]:
    """At most two lines: the attack being answered, then the last battle's result."""
    lines = []
    attack = view.get("attack")
    if attack:
        lines.append(t("formation.board.attack_now", locale, player=seat_name(attack["seat"], locale),
                       card=card_name(attack["card"], locale), colour=colour_name(attack["colour"], locale),
                       rank=attack["rank"]))
    last = last_battle_text(view, locale)
    if last:
        lines.append(last)
    return lines


def heading(view: View, locale: str) -> str:
    text = t("formation.board.round", locale, round=view["round"], rounds=view["rounds"])
    if view["phase"] in ("battle", "advance"):
        battle = min(view["battle"] + 1, view["battles"])
        text += "  ·  " + t("formation.board.battle", locale, battle=battle, battles=view["battles"])
    return text


def render_board(view: View, locale: str) -> bytes:
    """Both formations side by side (the viewer's on the left), who acts, the attack and the last battle."""
    height = HEADER_H + PANEL_H + 4 + 2 * LINE_H + 6
    canvas = Canvas(WIDTH, height, BACKGROUND)
    canvas.text((12, HEADER_H // 2), heading(view, locale), size=26, bold=True, anchor="lm")
    canvas.text((WIDTH - 12, HEADER_H // 2), header_status(view, locale), size=22, fill=HIGHLIGHT, bold=True,
                anchor="rm")
    viewer = view.get("viewer")
    order = (viewer, 1 - viewer) if viewer in (0, 1) else (0, 1)
    for slot, seat in enumerate(order):
        draw_panel(canvas, view, seat, (8 + slot * (PANEL_W + 8), HEADER_H), locale)
    y = HEADER_H + PANEL_H + 4
    for line in footer_lines(view, locale):
        canvas.text((12, y + LINE_H // 2), shorten(line, 92), size=20, fill=TEXT, anchor="lm")
        y += LINE_H
    return canvas.png()


# ---------------------------------------------------------------------------------------------
# Hand
# ---------------------------------------------------------------------------------------------

def draw_hand_card(canvas: Canvas, box: Box, card: str, locale: str, with_name: bool = True) -> None:
    colour = colour_of(card)
    canvas.rect(box, fill=CARD_FILL[colour], outline=(250, 250, 250), width=3, radius=10)
    left, top, right, bottom = box
    middle = (left + right) / 2
    canvas.text((middle, top + 42), rank_text(card), size=48, fill=CARD_TEXT[colour], bold=True, anchor="mm")
    if with_name:
        canvas.text((middle, bottom - 40), card_name(card, locale), size=19, fill=CARD_TEXT[colour], anchor="mm")
    canvas.text((middle, bottom - 16), t("formation.card.points", locale, points=card_points(card)), size=18,
                fill=CARD_TEXT[colour], anchor="mm")


def render_hand(view: View, locale: str) -> bytes:
    """The seat's private panel: its hand with this round's two formation choices, or with its own formation."""
    seat = view["viewer"] if view.get("viewer") in (0, 1) else 0
    info = view["seats"][seat]
    hand = info.get("hand") or []
    choices = info.get("formation_choices")
    choosing = view["phase"] == "formation" and bool(choices) and info["formation"] is None
    body = STRIP_CARD_H + 8 + 36 + GRID_H + 8 if choosing else PANEL_H + 6
    canvas = Canvas(WIDTH, HEADER_H + body, BACKGROUND)
    canvas.text((12, HEADER_H // 2), t("formation.board.your_hand", locale, player=seat_name(seat, locale)),
                size=24, bold=True, anchor="lm")
    canvas.text((WIDTH - 12, HEADER_H // 2), heading(view, locale), size=20, fill=MUTED, anchor="rm")
    if choosing:
        draw_formation_choices(canvas, hand, choices, HEADER_H, locale)
        return canvas.png()
    draw_panel(canvas, view, seat, (8, HEADER_H), locale)
    draw_hand_grid(canvas, hand, (PANEL_W + 20, HEADER_H), locale)
    rows = max(1, (len(hand) + 3) // 4)
    notes_top = HEADER_H + rows * (HAND_CARD_H + 8) + 4
    draw_side_notes(canvas, view, seat, (PANEL_W + 20, notes_top), HEADER_H + PANEL_H, locale)
    return canvas.png()


def draw_hand_grid(canvas: Canvas, hand: Sequence[str], origin: tuple[int, int], locale: str) -> None:
    x, y = origin
    if not hand:
        canvas.text((x, y + HAND_CARD_H / 2), t("formation.board.hand_empty", locale), size=20, fill=MUTED,
                    anchor="lm")
    for index, card in enumerate(hand):
        left = x + (index % 4) * (HAND_CARD_W + 10)
        top = y + (index // 4) * (HAND_CARD_H + 8)
        draw_hand_card(canvas, (left, top, left + HAND_CARD_W, top + HAND_CARD_H), card, locale)


def draw_formation_choices(canvas: Canvas, hand: Sequence[str], choices: Sequence[str], top: int,
                           locale: str) -> None:
    for index, card in enumerate(hand):
        left = 12 + index * (STRIP_CARD_W + 8)
        draw_hand_card(canvas, (left, top, left + STRIP_CARD_W, top + STRIP_CARD_H), card, locale,
                       with_name=False)
    y = top + STRIP_CARD_H + 8
    for slot, layout_id in enumerate(choices[:2]):
        x = 8 + slot * (PANEL_W + 8)
        canvas.rect((x, y, x + PANEL_W, y + 36 + GRID_H + 4), fill=PANEL, radius=12)
        canvas.text((x + 12, y + 18), f"{card_name(layout_id, locale)}  ({layout_id})", size=22, bold=True,
                    anchor="lm")
        draw_grid(canvas, (x + 8, y + 36), layout_effects(layout_id), "black", locale)


def draw_side_notes(canvas: Canvas, view: View, seat: int, origin: tuple[int, int], bottom: int,
                    locale: str) -> None:
    """Under the hand: what happens now, the kept-card note, the attack being answered or the last battle."""
    x, y = origin
    lines = [header_status(view, locale)]
    if view["phase"] in ("reserve", "battle", "advance") and len(view["seats"][seat].get("hand") or []) == 1:
        lines.append(t("formation.board.kept_note", locale))
    lines += footer_lines(view, locale)
    for line in lines:
        if y + 19 > bottom:
            break
        y = canvas.text_box((x, y, WIDTH - 12, bottom), line, size=19, fill=TEXT, line_gap=3) + 3


# ---------------------------------------------------------------------------------------------
# /card
# ---------------------------------------------------------------------------------------------

def render_card(card: Card, locale: str) -> bytes:
    """/card: the card's picture (a battle card, the 3x3 diagram of a formation card, a type emblem) and text."""
    canvas = Canvas(WIDTH, 360, BACKGROUND)
    stats = card.stats
    text_left = 310
    if card.kind == "battle":
        colour = stats["colour"]
        canvas.rect((40, 18, 270, 342), fill=CARD_FILL[colour], outline=(250, 250, 250), width=4, radius=18)
        canvas.text((155, 150), str(stats["rank"]), size=120, fill=CARD_TEXT[colour], bold=True, anchor="mm")
        dots = "●" * stats["points"] if stats["points"] else "—"
        canvas.text((155, 295), dots, size=36, fill=(130, 230, 130), anchor="mm")
        kind = t("formation.card.battle_kind", locale)
    elif card.kind == "formation":
        draw_grid(canvas, (12, 24), layout_effects(card.id), "black", locale)
        kind = t("formation.card.formation_kind", locale, type=type_name(stats["type"], locale),
                 round=stats["round"])
        text_left = 12 + GRID_W + 24
    else:
        canvas.rect((40, 18, 270, 342), fill=PANEL, outline=HIGHLIGHT, width=4, radius=18)
        canvas.text((155, 175), type_name(card.id, "ja"), size=120, fill=HIGHLIGHT, bold=True, anchor="mm")
        kind = t("formation.card.type_kind", locale)
    canvas.text((text_left, 40), card.name(locale), size=32, bold=True, anchor="lm")
    canvas.text((text_left, 78), kind + " · " + t(f"card.source_{card.source}", locale), size=18, fill=MUTED,
                anchor="lm")
    canvas.text_box((text_left, 104, WIDTH - 16, 352), card.text(locale), size=21, line_gap=7)
    return canvas.png()
