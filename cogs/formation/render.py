"""Formation images: the public board, a seat's private hand panel and /card pictures.

Renderers only read a view (``ENGINE.view``), never the state, so an image can never show a hidden
card. Pictures are 760 px wide and stacked vertically (a phone shows a tall picture better than a wide
one): no text is under 1/40 of the width (19 px) and ranks, names and scores are at least 1/28 (28 px).
Squares and hand cards are drawn once per look and pasted from a bounded cache, so a board is mostly
pastes and a handful of text runs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from bot.cards import Card
from bot.i18n import t
from bot.render.names import shown_to_all
from bot.render.toolkit import (
    Canvas,
    clear_picture_caches,
    encode_png,
    remembered,
    token_width,
    wrap_text,
)
from bot.render.toolkit import fit_text as fit
from cogs.formation.data import COLUMNS, ROWS, card_points
from cogs.formation.text import (
    card_name,
    colour_name,
    effect_words,
    layout_effects,
    seat_name,
    type_name,
)

View = Mapping[str, Any]
Box = tuple[int, int, int, int]

WIDTH = 760
SMALL = 20  # the smallest text: above WIDTH / 40
MAIN = 28  # ranks, names, scores: above WIDTH / 28
BACKGROUND = (34, 38, 46)
PANEL = (44, 49, 60)
SQUARE = (60, 66, 80)
EMPTY = (38, 42, 51)
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

# Layout (px): a seat's panel is the full width; its grid has a row-label column and three squares.
MARGIN = 10
PANEL_W = WIDTH - 2 * MARGIN
LABEL_W, GAP = 92, 8
SQUARE_W = (PANEL_W - 16 - LABEL_W - (COLUMNS - 1) * GAP) // COLUMNS
SQUARE_H = 126
CARD_W, CARD_H = 74, 88
GRID_W = LABEL_W + COLUMNS * SQUARE_W + (COLUMNS - 1) * GAP
GRID_H = 3 * SQUARE_H + 2 * GAP
GRID_TOP = 96  # below the panel's title and score lines
PANEL_H = GRID_TOP + GRID_H + 10
HEADER_H = 92
LINE_GAP = 6
HAND_COLUMNS = 4
HAND_CARD_W = (WIDTH - 2 * MARGIN - (HAND_COLUMNS - 1) * GAP) // HAND_COLUMNS
HAND_CARD_H = 196


def colour_of(card: str) -> str:
    return "red" if card[0] == "r" else "blue"


def rank_text(card: str) -> str:
    return card[1:]


def center(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


# ---------------------------------------------------------------------------------------------
# Cards and squares (drawn once, then pasted)
# ---------------------------------------------------------------------------------------------

def draw_card(canvas: Canvas, box: Box, card: str | None, face_up: bool, back: str, size: int = 40,
              ground: tuple[int, int, int] | None = None) -> None:
    """A face-up card in its colour; a face-down card shows its back (and its rank when the viewer may know it).
    ``ground``: the flat colour under the card's corners, if known."""
    if face_up and card is not None:
        colour = colour_of(card)
        canvas.rect(box, fill=CARD_FILL[colour], outline=(250, 250, 250), width=2, radius=7, on=ground)
        canvas.text(center(box), rank_text(card), size=size, fill=CARD_TEXT[colour], bold=True, anchor="mm",
                    on=CARD_FILL[colour])
        return
    canvas.rect(box, fill=BACK_FILL[back], outline=(120, 124, 134), width=2, radius=7, on=ground)
    if card is None:
        canvas.text(center(box), "?", size=size, fill=BACK_TEXT[back], bold=True, anchor="mm", on=BACK_FILL[back])
        return
    # The owner's own face-down card: the back with the rank in its colour, so it reads as still hidden.
    inset = (box[0] + 4, box[1] + 4, box[2] - 4, box[3] - 4)
    canvas.rect(inset, outline=CARD_FILL[colour_of(card)], width=3, radius=5)
    canvas.text(center(box), rank_text(card), size=size, fill=CARD_FILL[colour_of(card)], bold=True, anchor="mm",
                on=BACK_FILL[back])


def effect_kind(effect: Mapping[str, Any]) -> str:
    for kind in ("blank", "wild", "bonus", "double", "reveal"):
        if effect.get(kind):
            return kind
    return "plain"


def draw_square(canvas: Canvas, x: int, y: int, entry: Mapping[str, Any], back: str, locale: str, highlight: bool,
                ground: tuple[int, int, int] = PANEL) -> None:
    """One square with its marks and cards, top-left at (x, y) on ``ground``. Drawn in place: cached whole
    (~100 KB each, keyed by its marks, cards and highlight) a third of them missed, and drawing one is a
    rectangle, a label and a card or two from cached corners and texts."""
    if ground != PANEL:  # the square's corners show a panel's colour, as on the board
        canvas.draw.rectangle((x, y, x + SQUARE_W - 1, y + SQUARE_H - 1), fill=PANEL)
    fill, label_colour = EFFECT_STYLE[effect_kind(entry)]
    canvas.rect((x, y, x + SQUARE_W - 1, y + SQUARE_H - 1), fill=fill, outline=HIGHLIGHT if highlight else (84, 90, 106),
                width=4 if highlight else 2, on=PANEL)
    if entry.get("blank"):
        canvas.draw.line((x + 56, y + 36, x + SQUARE_W - 56, y + SQUARE_H - 12), fill=(70, 74, 84), width=4)
        canvas.draw.line((x + 56, y + SQUARE_H - 12, x + SQUARE_W - 56, y + 36), fill=(70, 74, 84), width=4)
    words = effect_words(entry, locale)
    if words:
        canvas.text((x + 8, y + 4), fit(" ".join(words), SMALL, SQUARE_W - 14, True), size=SMALL, fill=label_colour,
                    bold=True, on=fill)
    cards = entry.get("cards") or []
    card_top = y + SQUARE_H - CARD_H - 6
    if len(cards) == 1:
        left = x + SQUARE_W // 2 - CARD_W // 2
        draw_card(canvas, (left, card_top, left + CARD_W, card_top + CARD_H), cards[0]["card"], cards[0]["face_up"],
                  back, ground=fill)
    elif cards:  # 2 Cards: both cards side by side
        left = x + SQUARE_W // 2 - CARD_W - 4
        for card in cards[:2]:
            draw_card(canvas, (left, card_top, left + CARD_W, card_top + CARD_H), card["card"], card["face_up"], back,
                      ground=fill)
            left += CARD_W + 8


@lru_cache(maxsize=1)
def empty_square() -> Image.Image:
    canvas = Canvas(SQUARE_W, SQUARE_H, PANEL)
    canvas.rect((0, 0, SQUARE_W - 1, SQUARE_H - 1), fill=EMPTY, outline=(60, 64, 76), width=2)
    return canvas.image


def clear_tile_caches() -> None:
    """Forget the pasted tiles and remembered pictures (tests that record every drawn text need them drawn afresh)."""
    clear_picture_caches()


def draw_grid(canvas: Canvas, origin: tuple[int, int], squares: Sequence[Mapping[str, Any]] | None,
              back: str, locale: str, highlight_square: str | None = None, ground: tuple[int, int, int] = PANEL) -> None:
    """The 3x3 formation on ``ground`` (a panel): row labels at the left, the front row on top."""
    x0, y0 = origin
    for row_index, row in enumerate(ROWS):
        top = y0 + row_index * (SQUARE_H + GAP)
        canvas.text((x0 + 4, top + SQUARE_H // 2), fit(t(f"formation.row.{row}", locale), SMALL, LABEL_W - 8),
                    size=SMALL, fill=MUTED, anchor="lm", on=ground)
        for col in range(COLUMNS):
            left = x0 + LABEL_W + col * (SQUARE_W + GAP)
            if squares is None:
                canvas.image.paste(empty_square(), (left, top))
                continue
            entry = squares[row_index * COLUMNS + col]
            draw_square(canvas, left, top, entry, back, locale, entry["square"] == highlight_square, ground)


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
    width = int(token_width(text, SMALL, True)) + 16
    canvas.rect((x, y - 16, x + width, y + 16), fill=HIGHLIGHT, radius=6, on=PANEL)
    canvas.text((x + width / 2, y), text, size=SMALL, fill=(40, 30, 0), bold=True, anchor="mm", on=HIGHLIGHT)
    return x + width


def draw_panel(canvas: Canvas, view: View, seat: int, top: int, locale: str) -> None:
    """A seat's title (the "1st" badge, name, type, formation), its score line and its formation."""
    x, y = MARGIN, top
    info = view["seats"][seat]
    attacking = view.get("attacker") == seat and view["phase"] == "battle"
    canvas.rect((x, y, x + PANEL_W, y + PANEL_H), fill=PANEL, outline=HIGHLIGHT if attacking else PANEL, on=BACKGROUND,
                width=3, radius=12)
    title_x = x + 12
    if view["first_player"] == seat:
        title_x = draw_badge(canvas, title_x, y + 26, t("formation.board.first", locale)) + 10
    canvas.text((title_x, y + 26), fit(seat_title(view, seat, locale), MAIN, x + PANEL_W - 12 - title_x, True),
                size=MAIN, bold=True, anchor="lm", on=PANEL)
    draw_parts(canvas, (x + 12, y + 66), seat_stats(view, seat, locale), PANEL_W - 24)
    attack = view.get("attack")
    # Highlight the attacking card, or (on the owner's own panel) the square being filled now.
    highlight = attack["square"] if attack and attack["seat"] == seat else info.get("next_square")
    board = info["board"]
    draw_grid(canvas, (x + 8, y + GRID_TOP), board, info["deck_back"], locale, highlight)
    if board is None:
        key = "formation.board.formation_hidden" if view["phase"] == "formation" and info["type"] \
            else "formation.board.no_formation"
        canvas.text((x + 8 + LABEL_W + (GRID_W - LABEL_W) // 2, y + GRID_TOP + GRID_H // 2),
                    fit(t(key, locale), 24, GRID_W - LABEL_W - 16), size=24, fill=TEXT, anchor="mm")


def draw_parts(canvas: Canvas, xy: tuple[int, int], line: str, width: int, separator: str = " · ") -> None:
    """A main-size line of parts ("Total 14 · Captured 3 · ...") on the panel, drawn part by part: each part recurs
    from picture to picture where the whole line rarely does, so its cached mask is reused."""
    if token_width(line, MAIN) > width:
        canvas.text(xy, fit(line, MAIN, width), size=MAIN, fill=TEXT, anchor="lm", on=PANEL)
        return
    x, y = xy
    for index, part in enumerate(line.split(separator)):
        if index:
            gap = token_width(separator, MAIN)
            canvas.text((x + gap / 2, y), separator.strip(), size=MAIN, fill=MUTED, anchor="mm", on=PANEL)
            x += gap
        canvas.text((x, y), part, size=MAIN, fill=TEXT, anchor="lm", on=PANEL)
        x += token_width(part, MAIN)


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


def wrapped(lines: Sequence[str], size: int, width: int = WIDTH - 2 * MARGIN - 8) -> list[str]:
    return [part for line in lines for part in wrap_text(line, size, width)]


def draw_lines(canvas: Canvas, y: int, lines: Sequence[str], size: int, fill=TEXT) -> int:
    for line in lines:
        canvas.words((MARGIN + 4, y), line, size=size, fill=fill, on=BACKGROUND)  # running text: cached word by word
        y += size + LINE_GAP + 4
    return y


@remembered
def render_board(view: View, locale: str) -> bytes:
    """Both formations one above the other (the viewer's first), who acts, the attack and the last battle."""
    footer = wrapped(footer_lines(view, locale), MAIN)
    height = HEADER_H + 2 * (PANEL_H + 10) + len(footer) * (MAIN + LINE_GAP + 4) + 12
    canvas = Canvas(WIDTH, height, BACKGROUND)
    # Lines with counts are drawn in runs of digits and of words, which come back from picture to picture.
    canvas.numbered((MARGIN + 4, 24), heading(view, locale), size=30, bold=True, anchor="lm", on=BACKGROUND)
    canvas.numbered((MARGIN + 4, 66), fit(header_status(view, locale), MAIN, WIDTH - 2 * MARGIN, True), size=MAIN,
                    fill=HIGHLIGHT, bold=True, anchor="lm", on=BACKGROUND)
    viewer = view.get("viewer")
    order = (viewer, 1 - viewer) if viewer in (0, 1) else (0, 1)
    y = HEADER_H
    for seat in order:
        draw_panel(canvas, view, seat, y, locale)
        y += PANEL_H + 10
    draw_lines(canvas, y, footer, MAIN)
    return encode_png(canvas.image)


# ---------------------------------------------------------------------------------------------
# Hand
# ---------------------------------------------------------------------------------------------

def draw_hand_card(canvas: Canvas, x: int, y: int, card: str, locale: str) -> None:
    """A hand card on the background, top-left at (x, y): its rank large, its name and its score. Drawn in
    place: cached whole (~140 KB each) two thirds of them missed in the process bench."""
    colour = colour_of(card)
    canvas.rect((x, y, x + HAND_CARD_W - 1, y + HAND_CARD_H - 1), fill=CARD_FILL[colour], outline=(250, 250, 250),
                width=3, radius=10, on=BACKGROUND)
    middle = x + round(HAND_CARD_W / 2)  # where the card drawn alone put its centre
    ground = CARD_FILL[colour]
    canvas.text((middle, y + 56), rank_text(card), size=64, fill=CARD_TEXT[colour], bold=True, anchor="mm", on=ground)
    name = card_name(card, locale)
    canvas.text((middle, y + HAND_CARD_H - 70), name, size=MAIN, fill=CARD_TEXT[colour], bold=True, anchor="mm",
                on=ground if token_width(name, MAIN, True) <= HAND_CARD_W - 12 else None)  # a long name meets the frame
    canvas.text((middle, y + HAND_CARD_H - 28), t("formation.card.points", locale, points=card_points(card)),
                size=MAIN, fill=CARD_TEXT[colour], anchor="mm", on=ground)


def hand_height(hand: Sequence[str]) -> int:
    rows = max(1, (len(hand) + HAND_COLUMNS - 1) // HAND_COLUMNS)
    return rows * (HAND_CARD_H + GAP)


def draw_hand_grid(canvas: Canvas, hand: Sequence[str], top: int, locale: str) -> None:
    if not hand:
        canvas.text((MARGIN + 4, top + HAND_CARD_H / 2), t("formation.board.hand_empty", locale), size=24,
                    fill=MUTED, anchor="lm", on=BACKGROUND)
    for index, card in enumerate(hand):
        left = MARGIN + (index % HAND_COLUMNS) * (HAND_CARD_W + GAP)
        draw_hand_card(canvas, left, top + (index // HAND_COLUMNS) * (HAND_CARD_H + GAP), card, locale)


def hand_notes(view: View, seat: int, locale: str) -> list[str]:
    """Under the hand: what happens now, the kept-card note, the attack being answered or the last battle."""
    lines = [header_status(view, locale)]
    if view["phase"] in ("reserve", "battle", "advance") and len(view["seats"][seat].get("hand") or []) == 1:
        lines.append(t("formation.board.kept_note", locale))
    return lines + footer_lines(view, locale)


@remembered
def render_hand(view: View, locale: str) -> bytes:
    """The seat's private panel: its hand with this round's two formation choices, or with its own formation."""
    seat = view["viewer"] if view.get("viewer") in (0, 1) else 0
    info = view["seats"][seat]
    hand = info.get("hand") or []
    choices = info.get("formation_choices")
    choosing = view["phase"] == "formation" and bool(choices) and info["formation"] is None
    if choosing:
        notes: list[str] = []
        body = hand_height(hand) + 2 * (CHOICE_TITLE_H + GRID_H + 18)
    else:
        notes = wrapped(hand_notes(view, seat, locale), MAIN)
        body = PANEL_H + 10 + hand_height(hand) + len(notes) * (MAIN + LINE_GAP + 4) + 8
    canvas = Canvas(WIDTH, HEADER_H + body, BACKGROUND)
    title = t(f"formation.board.{'hand_of' if shown_to_all(view) else 'your_hand'}", locale,
              player=seat_name(seat, locale))
    canvas.text((MARGIN + 4, 24), fit(title, 30, WIDTH - 2 * MARGIN, True), size=30, bold=True, anchor="lm",
                on=BACKGROUND)
    canvas.numbered((MARGIN + 4, 66), heading(view, locale), size=24, fill=MUTED, anchor="lm", on=BACKGROUND)
    y = HEADER_H
    if choosing:
        draw_hand_grid(canvas, hand, y, locale)
        draw_formation_choices(canvas, choices, y + hand_height(hand), locale)
        return encode_png(canvas.image)
    draw_panel(canvas, view, seat, y, locale)
    y += PANEL_H + 10
    draw_hand_grid(canvas, hand, y, locale)
    draw_lines(canvas, y + hand_height(hand), notes, MAIN)
    return encode_png(canvas.image)


CHOICE_TITLE_H = 48


def draw_formation_choices(canvas: Canvas, choices: Sequence[str], top: int, locale: str) -> None:
    """The round's two formation cards, one above the other, each with its name and diagram."""
    y = top
    for layout_id in choices[:2]:
        canvas.rect((MARGIN, y, MARGIN + PANEL_W, y + CHOICE_TITLE_H + GRID_H + 8), fill=PANEL, radius=12,
                    on=BACKGROUND)
        canvas.text((MARGIN + 12, y + CHOICE_TITLE_H // 2 + 2), f"{card_name(layout_id, locale)}  ({layout_id})",
                    size=MAIN, bold=True, anchor="lm", on=PANEL)
        draw_grid(canvas, (MARGIN + 8, y + CHOICE_TITLE_H), layout_effects(layout_id), "black", locale)
        y += CHOICE_TITLE_H + GRID_H + 18


# ---------------------------------------------------------------------------------------------
# /card
# ---------------------------------------------------------------------------------------------

CARD_TEXT_SIZE = 24


def render_card(card: Card, locale: str) -> bytes:
    """/card: the card's picture (a battle card, the 3x3 diagram of a formation card, a type emblem) and text."""
    stats = card.stats
    if card.kind == "formation":
        kind = t("formation.card.formation_kind", locale, type=type_name(stats["type"], locale), round=stats["round"])
        picture_h, text_left = GRID_H + 16, MARGIN + 8
    else:
        kind = t("formation.card.battle_kind" if card.kind == "battle" else "formation.card.type_kind", locale)
        picture_h, text_left = 0, 280
    text_width = WIDTH - MARGIN - 8 - text_left
    body = wrap_text(card.text(locale), CARD_TEXT_SIZE, text_width)
    text_h = 96 + len(body) * (CARD_TEXT_SIZE + 8)
    height = max(text_h, 340) + 16 if card.kind != "formation" else 110 + picture_h + text_h - 96 + 16
    canvas = Canvas(WIDTH, height, BACKGROUND)
    top = 18
    if card.kind == "battle":
        colour = stats["colour"]
        canvas.rect((24, top, 254, top + 310), fill=CARD_FILL[colour], outline=(250, 250, 250), width=4, radius=18)
        canvas.text((139, top + 130), str(stats["rank"]), size=120, fill=CARD_TEXT[colour], bold=True, anchor="mm")
        dots = "●" * stats["points"] if stats["points"] else "—"
        canvas.text((139, top + 270), dots, size=40, fill=(130, 230, 130), anchor="mm")
    elif card.kind != "formation":
        canvas.rect((24, top, 254, top + 310), fill=PANEL, outline=HIGHLIGHT, width=4, radius=18)
        canvas.text((139, top + 150), type_name(card.id, "ja"), size=120, fill=HIGHLIGHT, bold=True, anchor="mm")
    canvas.text((text_left, top + 22), fit(card.name(locale), 36, WIDTH - MARGIN - text_left, True), size=36,
                bold=True, anchor="lm")
    canvas.text((text_left, top + 64), kind + " · " + t(f"card.source_{card.source}", locale), size=22, fill=MUTED,
                anchor="lm")
    y = top + 96
    if card.kind == "formation":
        draw_grid(canvas, (MARGIN, y), layout_effects(card.id), "black", locale, ground=BACKGROUND)
        y += picture_h
    for line in body:
        canvas.words((text_left, y), line, size=CARD_TEXT_SIZE, fill=TEXT)
        y += CARD_TEXT_SIZE + 8
    return encode_png(canvas.image)
