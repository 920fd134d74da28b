"""TetrAction's table as drawn on the public board: the tetrites (cached tiles, pasted turned), markers, each
seat's reading row, the status line, the public row, the accident deck, both players' panels and the log."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.render.toolkit import Canvas, sized_cache, token_width
from bot.render.toolkit import fit_text as fit
from cogs.tetra import cards as catalogue
from cogs.tetra import geometry as geo
from cogs.tetra.render_cards import PUBLIC_H, PUBLIC_W, public_tile
from cogs.tetra.render_pieces import (
    ACCIDENT,
    BACKGROUND,
    BODY,
    CHOICE,
    DARK,
    DEEP,
    FILL,
    HIGHLIGHT,
    MAIN,
    MARGIN,
    MUTED,
    PANEL,
    RIM,
    SMALL,
    TEXT,
    TILE,
    TITLE,
    WIDTH,
    Point,
    View,
    draw_cubes,
    draw_mana,
    draw_shape,
    log_lines,
    log_parts,
    owner_of,
    paste_chip,
    short_seat,
    slot_tile,
    stamp,
)
from cogs.tetra.table import ACCIDENT_THRESHOLD
from cogs.tetra.text import card_name, colour_name, rim_name, seat_name


def direction_angle(direction: int, bottom_seat: int) -> float:
    """Screen angle (radians, y up) of a table direction; the bottom seat sits at the image's bottom."""
    return math.radians(-90 + 60 * (direction - 3 * bottom_seat))


def polar(cx: float, cy: float, r: float, angle: float) -> Point:
    return cx + r * math.cos(angle), cy - r * math.sin(angle)


@sized_cache(megabytes=1)
def tetrite_tile(colour: str, faces: tuple[tuple[str, int], ...], bottom_seat: int, radius: int) -> Image.Image:
    """A tetrite from above on a transparent tile, its centre at (radius + 4, radius + 4)."""
    centre = radius + 4
    tile = Image.new("RGBA", (2 * centre + 1, 2 * centre + 1), (0, 0, 0, 0))
    draw_tetrite(ImageDraw.Draw(tile), centre, centre, radius, {"colour": colour, "faces": dict(faces)}, bottom_seat)
    return tile


def paste_tetrite(image: Image.Image, cx: int, cy: int, radius: int, tetrite: Mapping[str, Any],
                  bottom_seat: int) -> None:
    """``draw_tetrite`` from a cached tile: a tetrite turns a few times a match, and drawing one is ~20 shapes."""
    tile = tetrite_tile(tetrite["colour"], tuple(sorted(tetrite["faces"].items())), bottom_seat, radius)
    stamp(image, tile, cx - radius - 4, cy - radius - 4)


def draw_tetrite(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, tetrite: Mapping[str, Any],
                 bottom_seat: int) -> None:
    """A tetrite from above: its three side faces as the three parts of a triangle, each in its colour
    with its shape; the own-colour faces carry their white or black rim along the outer edge."""
    colour = tetrite["colour"]
    centre = (cx, cy)
    rim_depth = radius * 0.16
    for face, direction in tetrite["faces"].items():
        if direction == geo.BOTTOM:
            continue
        angle = direction_angle(direction, bottom_seat)
        v1 = polar(cx, cy, radius, angle - math.pi / 3)
        v2 = polar(cx, cy, radius, angle + math.pi / 3)
        symbol = geo.face_colour(colour, face)
        draw.polygon([centre, v1, v2], fill=FILL[symbol], outline=DARK)
        if face in RIM:
            k = rim_depth / (radius / 2)
            i1 = (v1[0] + (cx - v1[0]) * k, v1[1] + (cy - v1[1]) * k)
            i2 = (v2[0] + (cx - v2[0]) * k, v2[1] + (cy - v2[1]) * k)
            draw.polygon([v1, v2, i2, i1], fill=RIM[face], outline=(120, 120, 120) if face == "black" else DARK)
        mx, my = (cx + v1[0] + v2[0]) / 3, (cy + v1[1] + v2[1]) / 3
        draw_shape(draw, symbol, mx, my, radius * 0.14)
    corners = [polar(cx, cy, radius, direction_angle(d, bottom_seat) + math.pi / 3)
               for d in tetrite["faces"].values() if d != geo.BOTTOM]
    draw.polygon(corners, outline=DARK, width=3)
    for corner in corners:
        draw.line([centre, corner], fill=DARK, width=2)


def draw_marker(canvas: Canvas, cx: float, y: float, seat: int, colour: str, locale: str) -> None:
    label = short_seat(seat, locale)
    canvas.rect((cx - 26, y, cx + 26, y + 26), fill=DEEP[colour], outline=HIGHLIGHT, width=2, radius=12)
    canvas.text((cx, y + 13), label, size=18, bold=True, anchor="mm")


def draw_row(canvas: Canvas, x: float, y: float, row: Mapping[str, Any], chip: int, slot_w: int,
             gap: int = 4, placement: Mapping[int, str] | None = None) -> list[tuple[float, float]]:
    """One player's visible row in their reading order: slot, faces, slot, faces, slot, faces, slot.
    Each tetrite's faces sit on a bar of that tetrite's colour. Returns each slot's (left, right)."""
    placement = placement or {}
    image = canvas.image
    spans = []
    for index, group in enumerate(row["groups"]):
        slot = index + 1
        stamp(image, slot_tile(slot_w, chip, tuple(row["slots"][str(slot)]), placement.get(slot)), x, y)
        spans.append((x, x + slot_w))
        x += slot_w + gap
        start = x
        for colour in group:
            paste_chip(image, x, y, chip, colour)
            x += chip + gap
        canvas.draw.rectangle((start, y + chip + 3, x - gap, y + chip + 7), fill=FILL[row["tetrites"][index]])
    stamp(image, slot_tile(slot_w, chip, tuple(row["slots"]["4"]), placement.get(4)), x, y)
    spans.append((x, x + slot_w))
    return spans


def heading(view: View, locale: str) -> tuple[str, str]:
    left = f"{t('tetra.name', locale)} · {t('tetra.board.turn', locale, turn=view['turn'])}"
    result = view.get("result")
    if result:
        winner = result.get("winner")
        right = t("tetra.board.draw", locale) if winner is None else \
            t("tetra.board.winner", locale, player=seat_name(winner, locale))
        return left, right
    active = view["active"]
    colour = view["players"][active]["colour"]
    right = f"{t('tetra.board.to_move', locale, player=seat_name(active, locale))} ({colour_name(colour, locale)})"
    if view.get("casts_left", 1) > 1:
        right += " · " + t("tetra.board.casts_left", locale, count=view["casts_left"])
    return left, right


def draw_table(canvas: Canvas, view: View, bottom: int, locale: str) -> None:
    """A compact 550-px table (the rules page's start picture, tools/make_tetra_pictures.py): the three
    tetrites from above between the two players, markers, the faces down, then each player's visible row.
    The board stacks the same pieces for a phone (:func:`draw_tetrites`, each row in its player's panel)."""
    draw = canvas.draw
    canvas.rect((10, 48, 560, 478), fill=PANEL, outline=(70, 76, 92), width=2)
    top = 1 - bottom
    for seat, y in ((top, 54), (bottom, 336)):
        player = view["players"][seat]
        text = f"{seat_name(seat, locale)} ({short_seat(seat, locale)}) · {colour_name(player['colour'], locale)}"
        canvas.text((285, y), ("▲ " if seat == top else "▼ ") + text, size=20, bold=True,
                    fill=FILL[player["colour"]] if player["colour"] != "blue" else (120, 170, 255), anchor="mt")
    cy, radius = 184, 70
    markers = {colour: seat for seat, colour in enumerate(m["marker"] for m in view["players"]) if colour}
    for tetrite in view["tetrites"]:
        column = tetrite["position"] if bottom == 0 else 2 - tetrite["position"]
        cx = 115 + column * 170
        draw_tetrite(draw, cx, cy, radius, tetrite, bottom)
        seat = markers.get(tetrite["colour"])
        if seat is not None:
            draw_marker(canvas, cx, 82 if seat == top else 258, seat, view["players"][seat]["colour"], locale)
        owner = owner_of(view, tetrite["colour"])
        tag = t("tetra.board.neutral", locale) if owner is None else short_seat(owner, locale)
        canvas.text((cx, 288), f"{colour_name(tetrite['colour'], locale)} · {tag}", size=18, bold=True,
                    anchor="mt")
        down = t("tetra.board.down", locale, face=rim_name(geo.bottom_face(tetrite["faces"]), locale))
        canvas.text((cx, 310), down, size=18, fill=MUTED, anchor="mt")
    canvas.text((22, 368), t("tetra.board.rows", locale), size=18, fill=MUTED)
    for index, seat in enumerate((bottom, top)):
        y = 396 + index * 40
        canvas.text((22, y + 4), short_seat(seat, locale), size=20, bold=True)
        draw_row(canvas, 70, y, view["rows"][seat], 30, 22)


def draw_status(canvas: Canvas, view: View, locale: str) -> int:
    """The game and turn, then who moves (or who won), each on its own line. Returns the y below."""
    left, right = heading(view, locale)
    canvas.numbered((MARGIN, 6), left, size=TITLE, bold=True, on=BACKGROUND)
    canvas.numbered((MARGIN, 44), fit(right, MAIN, WIDTH - 2 * MARGIN, True), size=MAIN, bold=True,
                    fill=HIGHLIGHT if not view.get("result") else (140, 230, 160), on=BACKGROUND)
    return STATUS_H


STATUS_H = 82
TETRITES_H = 226
TETRITE_RADIUS = 66


def draw_tetrites(canvas: Canvas, view: View, bottom: int, top_y: int, locale: str) -> int:
    """The three tetrites from above between the two players' panels (the top seat's above, the bottom
    seat's below, as they sit at the table), with markers, owners and the faces down; then the note on
    how the rows in the panels read. Returns the y below the panel."""
    canvas.rect((MARGIN - 4, top_y, WIDTH - MARGIN + 4, top_y + TETRITES_H), fill=PANEL, outline=(70, 76, 92),
                width=2, on=BACKGROUND)
    top = 1 - bottom
    radius = TETRITE_RADIUS
    cy = top_y + 12 + radius
    markers = {colour: seat for seat, colour in enumerate(m["marker"] for m in view["players"]) if colour}
    for tetrite in view["tetrites"]:
        column = tetrite["position"] if bottom == 0 else 2 - tetrite["position"]
        cx = WIDTH / 2 + (column - 1) * 232
        paste_tetrite(canvas.image, round(cx), cy, radius, tetrite, bottom)
        seat = markers.get(tetrite["colour"])
        if seat is not None:
            draw_marker(canvas, cx, top_y + 8 if seat == top else cy + radius * 0.5 + 4, seat,
                        view["players"][seat]["colour"], locale)
        owner = owner_of(view, tetrite["colour"])
        tag = t("tetra.board.neutral", locale) if owner is None else short_seat(owner, locale)
        canvas.text((cx, cy + radius * 0.5 + 34), f"{colour_name(tetrite['colour'], locale)} · {tag}", size=BODY,
                    bold=True, anchor="mt", on=PANEL)
        down = t("tetra.board.down", locale, face=rim_name(geo.bottom_face(tetrite["faces"]), locale))
        canvas.text((cx, cy + radius * 0.5 + 60), down, size=BODY, fill=MUTED, anchor="mt", on=PANEL)
    canvas.text((WIDTH / 2, top_y + TETRITES_H - 26), fit(t("tetra.board.rows", locale), SMALL, WIDTH - 40),
                size=SMALL, fill=MUTED, anchor="mt", on=PANEL)
    return top_y + TETRITES_H


def draw_public(canvas: Canvas, view: View, top_y: int, locale: str, framed: set[str] = frozenset()) -> int:
    """The public row (four cards) with the piles; ``framed`` cards get the choice frame."""
    piles = t("tetra.board.piles", locale, deck=view["public_deck_count"], discard=view["public_discard_count"])
    title = f"{t('tetra.board.public', locale)} · {piles}"
    if framed:
        title += " · " + t("tetra.board.castable", locale)
    canvas.numbered((MARGIN, top_y), fit(title, BODY, WIDTH - 2 * MARGIN, True), size=BODY, bold=True, on=BACKGROUND)
    y = top_y + 34
    for index, card_id in enumerate(view["public_row"][:4]):
        x = MARGIN + index * (PUBLIC_W + 8)
        canvas.image.paste(public_tile(card_id, locale), (x, y))
        if card_id in framed:
            canvas.rect((x - 3, y - 3, x + PUBLIC_W + 2, y + PUBLIC_H + 2), outline=CHOICE, width=5, radius=6)
    return y + PUBLIC_H


ACCIDENT_H = 104


def draw_accident(canvas: Canvas, view: View, top_y: int, locale: str) -> int:
    """The accident deck with its cubes; the last accident and the hand cards discarded; what the last
    accident did, on one line (shortened between words). Returns the y below."""
    canvas.rect((MARGIN - 4, top_y, WIDTH - MARGIN + 4, top_y + ACCIDENT_H), fill=TILE, outline=ACCIDENT, width=3,
                on=BACKGROUND)
    canvas.text((MARGIN + 10, top_y + 6), t("tetra.board.accident", locale, count=view["accident_deck_count"]),
                size=MAIN, bold=True, on=TILE)
    cubes = view["accident_cubes"]
    x = draw_cubes(canvas.image, WIDTH - MARGIN - 8 - 24 * max(cubes, 1), top_y + 16, cubes, size=16)
    canvas.numbered((x - 24 * max(cubes, 1) - 10, top_y + 10),
                    t("tetra.board.cubes_on_deck", locale, cubes=cubes, threshold=ACCIDENT_THRESHOLD), size=BODY,
                    anchor="ra", on=TILE)
    y = top_y + 42
    discards = t("tetra.board.discards", locale, count=view["hand_discards"])
    canvas.numbered((WIDTH - MARGIN - 10, y), discards, size=BODY, fill=MUTED, anchor="ra", on=TILE)
    discard = view.get("accident_discard") or []
    if discard:
        last = discard[-1]
        room = WIDTH - 2 * MARGIN - 40 - token_width(discards, BODY)
        canvas.text((MARGIN + 10, y), fit(t("tetra.board.last_accident", locale, card=card_name(last, locale)), BODY,
                                          room, True), size=BODY, bold=True, fill=(214, 190, 255), on=TILE)
        canvas.words((MARGIN + 10, y + 28), fit(catalogue.card(last).text(locale), BODY, WIDTH - 2 * MARGIN - 20),
                     BODY, MUTED, on=TILE)
    return top_y + ACCIDENT_H


PLAYER_H = 200
HAND_LINE_H = 34


def draw_player(canvas: Canvas, view: View, seat: int, top_y: int, locale: str) -> int:
    """A player's public side across the whole width: name and colour, life; mana, ether, marker; the
    visible row and the hand piles; each hand card on a line with its charge and cubes (its full text is
    in its owner's hand picture and /card). Returns the y below."""
    player = view["players"][seat]
    colour = player["colour"]
    active = view["active"] == seat and not view.get("result")
    x0, x1 = MARGIN - 4, WIDTH - MARGIN + 4
    canvas.rect((x0, top_y, x1, top_y + PLAYER_H), fill=PANEL, outline=HIGHLIGHT if active else (70, 76, 92),
                width=4 if active else 2, on=BACKGROUND)
    canvas.rect((x0 + 2, top_y + 2, x1 - 2, top_y + 40), fill=DEEP[colour], radius=7)
    life = f"♥ {player['life']}"
    canvas.text((x1 - 12, top_y + 21), life, size=TITLE, bold=True, anchor="rm",
                fill=(255, 120, 120) if player["life"] <= 5 else TEXT, on=DEEP[colour])
    name = f"{seat_name(seat, locale)} ({short_seat(seat, locale)}) · {colour_name(colour, locale)}"
    room = x1 - x0 - 40 - token_width(life, TITLE, True)
    canvas.text((x0 + 12, top_y + 21), fit(name, BODY + 2, room, True), size=BODY + 2, bold=True, anchor="lm",
                on=DEEP[colour])
    y = top_y + 48
    cx = draw_mana(canvas, x0 + 12, y, player["mana"], 28, MAIN)
    total = sum(player["mana"].values())
    stats = [t("tetra.board.mana", locale, total=total, cap=player["mana_cap"]),
             t("tetra.board.ether", locale, ether=player["ether"], cap=player["ether_cap"])]
    marker = player.get("marker")
    stats.append(t("tetra.option.marker", locale, tetrite=colour_name(marker, locale)) if marker
                 else t("tetra.board.no_marker", locale))
    canvas.numbered((cx + 4, y + 14), fit("  ".join(stats), BODY, x1 - cx - 16), size=BODY, anchor="lm", on=PANEL)
    y += 38
    draw_row(canvas, x0 + 12, y, view["rows"][seat], 30, 22)
    canvas.numbered((x1 - 12, y + 2), t("tetra.board.hand_piles", locale, deck=player["hand_deck_count"],
                                        discard=len(player["hand_discard"])), size=BODY, fill=MUTED, anchor="ra",
                    on=PANEL)
    y += 42
    for hand in player["hand"][:2]:
        draw_hand_line(canvas, x0 + 12, x1 - 12, y, hand, locale)
        y += HAND_LINE_H
    return top_y + PLAYER_H


def draw_hand_line(canvas: Canvas, left: int, right: int, y: int, hand: Mapping[str, Any], locale: str) -> None:
    """A hand card as the table sees it, on one line: its colour's chip, its name; its cubes and charge
    against the maximum at the right."""
    card_id = hand["id"]
    most = int(catalogue.field(card_id, "max_charge"))
    paste_chip(canvas.image, left, y + 5, 24, catalogue.field(card_id, "colour"))
    charge = t("tetra.board.charge", locale, charge=hand["charge"], max=most)
    canvas.text((right, y + HAND_LINE_H / 2), charge, size=MAIN, bold=True, anchor="rm",
                fill=HIGHLIGHT if hand["charge"] >= most else TEXT, on=PANEL)
    cubes_x = right - token_width(charge, MAIN, True) - 12 - 20 * hand["cubes"]
    draw_cubes(canvas.image, cubes_x, y + 12, hand["cubes"], size=12)
    room = cubes_x - left - 44
    canvas.text((left + 32, y + HAND_LINE_H / 2), fit(catalogue.card(card_id).name(locale), MAIN, room, True),
                size=MAIN, bold=True, anchor="lm", on=PANEL)


def draw_log(canvas: Canvas, view: View, top: int, bottom: int, locale: str) -> None:
    """The newest whole events that fit between ``top`` and ``bottom``, after a bold "Last actions" on the
    first line (the thread's text holds every one of them)."""
    step = BODY + 6
    room = max(1, (bottom - top) // step)
    joiner = "　" if locale == "ja" else " · "
    lead = t("tetra.board.last", locale) + ("：" if locale == "ja" else ": ")
    # Room for one closing mark past the width (kinsoku keeps it on the line it closes).
    lines = log_lines(log_parts(view, locale), BODY, WIDTH - 2 * MARGIN - BODY, room, joiner, lead)
    for index, line in enumerate(lines):
        x = MARGIN
        if index == 0:
            canvas.text((x, top), lead.strip(), size=BODY, bold=True, on=BACKGROUND)
            x += round(token_width(lead, BODY, True))
            line = line[len(lead):].lstrip()
        canvas.words((x, top + index * step), line, BODY, MUTED, on=BACKGROUND)
