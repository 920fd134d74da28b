"""TetrAction's private hand picture: the pending decision's cards, the seat's reading row, its hand cards in
full text, and the opponent in brief."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import t
from bot.render.names import shown_to_all
from bot.render.toolkit import Canvas, token_width
from bot.render.toolkit import fit_text as fit
from cogs.tetra import cards as catalogue
from cogs.tetra.render_cards import PUBLIC_H, detail_layout, draw_detail
from cogs.tetra.render_pieces import (
    BACKGROUND,
    BODY,
    CHOICE,
    DEEP,
    FILL,
    GAP,
    HIGHLIGHT,
    MAIN,
    MARGIN,
    MUTED,
    PANEL,
    TEXT,
    TILE,
    TITLE,
    WIDTH,
    View,
    as_view,
    draw_cubes,
    draw_mana,
    short_seat,
)
from cogs.tetra.render_table import draw_public, draw_row
from cogs.tetra.text import SHAPE, card_name, colour_name, seat_name


def option_cards(view: View, verb: str) -> set[str]:
    """Cards named by the viewer's open options with this verb (``cast`` -> the castable spells)."""
    decision = view.get("decision") or {}
    return {o.split(":", 1)[1] for o in decision.get("options") or [] if o.startswith(verb + ":")}


def pending_cards(view: View) -> list[str]:
    """Hand cards the viewer is choosing between right now (a new hand card, or which goes to the bottom)."""
    decision = view.get("decision") or {}
    options = decision.get("options") or []
    return [o.split(":", 1)[1] for o in options if o.startswith(("take:", "bottom:"))]


def draw_big_row(canvas: Canvas, view: View, seat: int, x: int, y: int, locale: str) -> None:
    """The viewer's row, large, with what each mana slot takes and how many such tablets they hold."""
    row = view["rows"][seat]
    mana = view["players"][seat]["mana"]
    spans = draw_row(canvas, x, y, row, 46, 36, gap=6)
    for slot, (left, right) in enumerate(spans, start=1):
        allowed = row["slots"][str(slot)]
        centre = (left + right) / 2
        canvas.text((centre, y + 58), str(slot), size=BODY, bold=True, anchor="mt", fill=MUTED, on=PANEL)
        if len(allowed) == 1:
            canvas.text((centre, y + 84), f"{SHAPE[allowed[0]]}×{mana[allowed[0]]}", size=BODY, anchor="mt",
                        fill=TEXT if mana[allowed[0]] else MUTED, on=PANEL)
        else:
            canvas.text((centre, y + 84), t("tetra.board.any", locale), size=BODY, anchor="mt", fill=MUTED, on=PANEL)


def draw_hand_detail(canvas: Canvas, hand: Mapping[str, Any], x: int, y: int, width: int, locale: str) -> int:
    boxes = draw_detail(canvas, x, y, hand["id"], locale, width)
    most = catalogue.field(hand["id"], "max_charge")
    charge = hand["charge"]
    band = catalogue.band_at(hand["id"], min(charge, most))
    index = catalogue.field(hand["id"], "bands").index(band)
    for number, top, bottom in boxes:
        if number == index:
            canvas.rect((x + 4, y + top, x + width - 4, y + bottom), outline=HIGHLIGHT, width=3, radius=4)
    # Charge and cubes, to the right of the cost.
    text = t("tetra.board.charge", locale, charge=charge, max=most)
    canvas.text((x + width - 14, y + 66), text, size=MAIN, bold=True, anchor="rm",
                fill=HIGHLIGHT if charge >= most else TEXT, on=TILE)
    draw_cubes(canvas.image, x + width - 14 - hand["cubes"] * 24 + 8, y + 96, hand["cubes"], size=14)
    return y + detail_layout(hand["id"], locale, width)[0]


DETAIL_W = WIDTH - 2 * MARGIN


def render_hand(view: View, locale: str) -> bytes:
    """The seat's own picture, stacked for a phone: its row with the slots, its mana and ether, its hand
    cards in full, then the cards it is choosing between (else the public cards and the opponent in
    brief)."""
    view = as_view(view)
    seat = view.get("viewer")
    seat = int(view.get("active", 0) if seat is None else seat)
    player = view["players"][seat]
    colour = player["colour"]
    choices = pending_cards(view)[:3]
    hands = player["hand"][:2]
    hand_height = sum(detail_layout(h["id"], locale, DETAIL_W)[0] + GAP for h in hands)
    if choices:
        bottom_height = 44 + sum(detail_layout(c, locale, DETAIL_W)[0] + GAP for c in choices)
    else:
        bottom_height = 34 + PUBLIC_H + GAP + OPPONENT_H + GAP
    height = ROW_PANEL_TOP + ROW_PANEL_H + GAP + hand_height + bottom_height + 4
    canvas = Canvas(WIDTH, height, background=BACKGROUND)
    canvas.rect((0, 0, WIDTH, 50), fill=DEEP[colour], radius=0)
    life = f"♥ {player['life']}"
    canvas.text((WIDTH - MARGIN, 25), life, size=TITLE, bold=True, anchor="rm", on=DEEP[colour])
    title = t(f"tetra.board.{'hand_of' if shown_to_all(view) else 'your_hand'}", locale,
              player=seat_name(seat, locale)) + f" · {colour_name(colour, locale)}"
    room = WIDTH - 3 * MARGIN - token_width(life, TITLE, True)
    canvas.text((MARGIN, 25), fit(title, MAIN - 2, room, True), size=MAIN - 2, bold=True, anchor="lm",
                on=DEEP[colour])
    # The row and the slots, then the mana, ether and marker.
    top = ROW_PANEL_TOP
    canvas.rect((MARGIN - 4, top, WIDTH - MARGIN + 4, top + ROW_PANEL_H), fill=PANEL, outline=(70, 76, 92), width=2,
                on=BACKGROUND)
    canvas.text((MARGIN + 8, top + 8), fit(t(f"tetra.board.{'row_of' if shown_to_all(view) else 'your_row'}", locale,
                                         player=seat_name(seat, locale)), BODY, WIDTH - 200, True), size=BODY,
                bold=True, on=PANEL)
    canvas.numbered((WIDTH - MARGIN - 8, top + 8), t("tetra.board.turn", locale, turn=view["turn"]), size=BODY,
                    bold=True, anchor="ra", fill=MUTED, on=PANEL)
    draw_big_row(canvas, view, seat, MARGIN + 8, top + 42, locale)
    y = top + 158
    x = draw_mana(canvas, MARGIN + 8, y, player["mana"], 30, MAIN)
    marker = player.get("marker")
    stats = [t("tetra.board.mana", locale, total=sum(player["mana"].values()), cap=player["mana_cap"]),
             t("tetra.board.ether", locale, ether=player["ether"], cap=player["ether_cap"]),
             t("tetra.option.marker", locale, tetrite=colour_name(marker, locale)) if marker
             else t("tetra.board.no_marker", locale)]
    canvas.numbered((x + 4, y + 15), fit("  ".join(stats), BODY, WIDTH - MARGIN - x - 12), size=BODY, anchor="lm",
                    on=PANEL)
    y = top + ROW_PANEL_H + GAP
    framed = option_cards(view, "cast") | option_cards(view, "charge")
    for hand in hands:
        bottom = draw_hand_detail(canvas, hand, MARGIN, y, DETAIL_W, locale)
        if hand["id"] in framed:
            canvas.rect((MARGIN - 4, y - 4, MARGIN + DETAIL_W + 3, bottom + 3), outline=CHOICE, width=5, radius=8)
        y = bottom + GAP
    if choices:
        decision = view.get("decision") or {}
        prompt = decision.get("prompt")
        title = t(prompt, locale) if prompt and not decision.get("args") else t("tetra.board.choose_from", locale)
        canvas.text((MARGIN, y + 4), fit(title, BODY + 2, WIDTH - 2 * MARGIN, True), size=BODY + 2, bold=True,
                    fill=HIGHLIGHT, on=BACKGROUND)
        y += 44
        for card_id in choices:
            draw_detail(canvas, MARGIN, y, card_id, locale, DETAIL_W)
            y += detail_layout(card_id, locale, DETAIL_W)[0] + GAP
        return canvas.png()
    y = draw_public(canvas, view, y, locale, framed & set(view["public_row"][:4])) + GAP
    draw_opponent(canvas, view, 1 - seat, y, locale)
    return canvas.png()


ROW_PANEL_TOP, ROW_PANEL_H = 58, 204
OPPONENT_H = 212


def draw_opponent(canvas: Canvas, view: View, seat: int, y: int, locale: str) -> None:
    """The opponent in brief: name and colour, life, ether and mana, hand cards with their charge, row."""
    player = view["players"][seat]
    colour = player["colour"]
    x0, x1 = MARGIN - 4, WIDTH - MARGIN + 4
    canvas.rect((x0, y, x1, y + OPPONENT_H), fill=PANEL, outline=FILL[colour], width=2, on=BACKGROUND)
    life = f"♥ {player['life']}"
    canvas.text((x1 - 12, y + 22), life, size=TITLE, bold=True, anchor="rm", on=PANEL)
    name = f"{seat_name(seat, locale)} · {colour_name(colour, locale)}"
    canvas.text((x0 + 12, y + 22), fit(name, BODY + 2, x1 - x0 - 40 - token_width(life, TITLE, True), True),
                size=BODY + 2, bold=True, anchor="lm", on=PANEL)
    canvas.numbered((x0 + 12, y + 44), t("tetra.board.ether", locale, ether=player["ether"], cap=player["ether_cap"])
                    + "   " + t("tetra.board.mana", locale, total=sum(player["mana"].values()), cap=player["mana_cap"]),
                    size=BODY, fill=MUTED, on=PANEL)
    for index, hand in enumerate(player["hand"][:2]):
        most = catalogue.field(hand["id"], "max_charge")
        line_y = y + 74 + index * 34
        canvas.text((x0 + 12, line_y), card_name(hand["id"], locale), size=MAIN, bold=True, on=PANEL)
        canvas.text((x1 - 12, line_y), t("tetra.board.charge", locale, charge=hand["charge"], max=most), size=MAIN,
                    bold=True, anchor="ra", on=PANEL)
    canvas.text((x0 + 12, y + 146), t("tetra.board.opponent_row", locale, player=short_seat(seat, locale)),
                size=BODY, fill=MUTED, on=PANEL)
    draw_row(canvas, x0 + 12, y + 174, view["rows"][seat], 26, 20, gap=3)
