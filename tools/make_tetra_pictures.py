"""Draw the geometry pictures of docs/rules/tetra.md with the bot's own drawing code.

Every tetrite is drawn by :func:`cogs.tetra.render_table.draw_tetrite` (the board's code) from orientations
computed by :mod:`cogs.tetra.geometry` (the engine's code), so a picture cannot disagree with the game.
The start picture is the board's own table panel (:func:`cogs.tetra.render_table.draw_table`) of a new match.

Usage, from the repository root::

    python -m tools.make_tetra_pictures

writes the PNGs into ``docs/rules/img/tetra/``. Each ``picture_*`` function returns PNG bytes;
:data:`PICTURES` maps the file stems to them (the tests render them all).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PIL import ImageDraw

from bot.render.toolkit import Canvas
from cogs.tetra import engine as rules
from cogs.tetra import geometry as geo
from cogs.tetra import render_pieces, render_table

OUT_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules" / "img" / "tetra"
SIZE_BUDGET = 150 * 1024

SEAT_INK = {0: render_pieces.HIGHLIGHT, 1: (120, 170, 255)}  # Player 1 / Player 2 sight lines
SEAT_NAME = {0: "Player 1 (seat 0)", 1: "Player 2 (seat 1)"}
FACE_WORDS = {"white": "white rim", "black": "black rim"}

Point = tuple[float, float]


# --- small helpers ---------------------------------------------------------------------------------


def tetrite(colour: str, faces: Mapping[str, int]) -> dict[str, object]:
    return {"colour": colour, "faces": dict(faces)}


def face_words(colour: str, face: str) -> str:
    """``red, white rim`` / ``yellow``: the colour printed on the face, and its rim if it has one."""
    symbol = geo.face_colour(colour, face)
    return f"{symbol}, {FACE_WORDS[face]}" if face in FACE_WORDS else symbol


def arrow(draw: ImageDraw.ImageDraw, start: Point, end: Point, fill: tuple[int, int, int] = render_pieces.TEXT,
          width: int = 5, head: float = 18) -> None:
    draw.line([start, end], fill=fill, width=width)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    wings = [(end[0] - head * math.cos(angle + s), end[1] - head * math.sin(angle + s)) for s in (0.45, -0.45)]
    draw.polygon([end, *wings], fill=fill)


def turn_arrow(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, centre_deg: float, step: int,
               fill: tuple[int, int, int] = render_pieces.HIGHLIGHT) -> None:
    """An arc of 50° around (cx, cy) centred on ``centre_deg`` (y up), its head showing the turn
    (``geo.CCW`` counter-clockwise seen from above, as the picture is)."""
    low, high = math.radians(centre_deg - 25), math.radians(centre_deg + 25)
    # Pillow measures arcs clockwise on screen: the y-up angles a..b become -b..-a.
    draw.arc((cx - r, cy - r, cx + r, cy + r), -math.degrees(high), -math.degrees(low), fill=fill, width=5)
    tip_angle = high if step == geo.CCW else low
    tip = render_table.polar(cx, cy, r, tip_angle)
    tangent = (-math.sin(tip_angle) * step, -math.cos(tip_angle) * step)  # screen direction of travel
    base = (tip[0] - 16 * tangent[0], tip[1] - 16 * tangent[1])
    normal = (tangent[1], -tangent[0])
    draw.polygon([tip, (base[0] + 9 * normal[0], base[1] + 9 * normal[1]),
                  (base[0] - 9 * normal[0], base[1] - 9 * normal[1])], fill=fill)


def direction_ring(canvas: Canvas, cx: float, cy: float, r: float, degrees: bool = False) -> None:
    """The six table directions around a tetrite: a tick and the number (and angle) of each."""
    for direction in range(geo.DIRECTIONS):
        angle = render_table.direction_angle(direction, 0)
        canvas.draw.line([render_table.polar(cx, cy, r - 10, angle), render_table.polar(cx, cy, r + 4, angle)],
                         fill=render_pieces.MUTED, width=3)
        label = f"{direction} ({60 * direction}°)" if degrees else str(direction)
        reach = r + (38 if degrees else 18)
        canvas.text(render_table.polar(cx, cy, reach, angle), label, size=18, bold=True, fill=render_pieces.MUTED,
                    anchor="mm")


def seat_box(canvas: Canvas, cx: float, y: float, seat: int, text: str | None = None) -> None:
    """A seat at the table edge, centred on ``cx``, top at ``y``."""
    label = text or SEAT_NAME[seat]
    width = 12 * len(label) + 30
    canvas.rect((cx - width / 2, y, cx + width / 2, y + 32), fill=render_pieces.PANEL, outline=SEAT_INK[seat], width=3,
                radius=14)
    canvas.text((cx, y + 16), label, size=18, bold=True, anchor="mm")


def chips(canvas: Canvas, x: float, y: float, colours: Sequence[str], size: int = 30,
          notes: Sequence[str] = ()) -> float:
    """A read row of symbols (the board's chips), with an optional word under each. Returns the x after."""
    for index, colour in enumerate(colours):
        render_pieces.draw_chip(canvas.draw, x, y, size, colour)
        if index < len(notes):
            canvas.text((x + size / 2, y + size + 4), notes[index], size=18, fill=render_pieces.MUTED, anchor="mt")
        x += size + (26 if notes else 6)
    return x


def edge_midpoint(cx: float, cy: float, radius: float, direction: int) -> Point:
    """The middle of a side face's outer (bottom) edge, seen from above."""
    return render_table.polar(cx, cy, radius / 2, render_table.direction_angle(direction, 0))


def read(colour: str, faces: Mapping[str, int], seat: int) -> list[str]:
    return [geo.face_colour(colour, f) for f in geo.visible_faces(faces, seat)]


def bottom_note(canvas: Canvas, cx: float, y: float, colour: str, faces: Mapping[str, int]) -> None:
    canvas.text((cx, y), f"on the table: {face_words(colour, geo.bottom_face(faces))}", size=18, bold=True,
                anchor="mt")


# --- the pictures --------------------------------------------------------------------------------------


def picture_faces() -> bytes:
    """(a) One tetrite from above: its three side faces, the six directions, the two seats."""
    canvas = Canvas(980, 640, background=render_pieces.BACKGROUND)
    canvas.text((20, 12), "A tetrite seen from above", size=26, bold=True)
    cx, cy, radius = 300, 338, 140
    faces = geo.initial_orientation("red", 0)
    seat_box(canvas, cx, 52, 1, "Player 2 (seat 1) · direction 3")
    seat_box(canvas, cx, 594, 0, "Player 1 (seat 0) · direction 0")
    direction_ring(canvas, cx, cy, radius + 52, degrees=True)
    render_table.draw_tetrite(canvas.draw, cx, cy, radius, tetrite("red", faces), 0)

    x = 600
    canvas.text((x, 70), "The red tetrite's four faces", size=22, bold=True)
    y = 110
    for face in ("white", "yellow", "blue", "black"):
        symbol = geo.face_colour("red", face)
        render_pieces.draw_chip(canvas.draw, x, y, 34, symbol)
        if face in render_pieces.RIM:
            canvas.draw.rounded_rectangle((x - 4, y - 4, x + 38, y + 38), radius=8, outline=render_pieces.RIM[face],
                                          width=4)
        where = "on the table (bottom)" if faces[face] == geo.BOTTOM else f"points to direction {faces[face]}"
        canvas.text((x + 50, y - 2), face_words("red", face), size=20, bold=True)
        canvas.text((x + 50, y + 22), where, size=18, fill=render_pieces.MUTED)
        y += 64
    notes = ("Own colour twice (white and black rim),",
             "each other colour once.",
             "",
             "Standing on one face, it shows three side",
             "faces pointing 120° apart. The table has",
             "six directions 60° apart, counted",
             "counter-clockwise from above: 0 points",
             "at Player 1, 3 at Player 2.")
    for line in notes:
        canvas.text((x, y + 6), line, size=18)
        y += 26
    return canvas.png()


def picture_views() -> bytes:
    """(b) What each player sees: a face pointing at them (one face) or an edge (two faces), left to right."""
    canvas = Canvas(1100, 690, background=render_pieces.BACKGROUND)
    canvas.text((20, 12), "What each player sees, in their own left-to-right order", size=26, bold=True)
    cases = (("A face points at Player 1", geo.initial_orientation("red", 0)),
             ("An edge points at Player 1", geo.rotate(geo.initial_orientation("red", 0), geo.CCW)))
    for index, (title, faces) in enumerate(cases):
        left = 10 + index * 545
        cx, cy, radius = left + 270, 356, 100
        canvas.rect((left, 50, left + 535, 680), fill=render_pieces.PANEL, outline=(70, 76, 92), width=2)
        canvas.text((cx, 60), title, size=22, bold=True, anchor="mt")
        seats = {1: (cx, 188), 0: (cx, 524)}  # where each seat's sight lines start
        for seat, (sx, sy) in seats.items():
            for face in geo.visible_faces(faces, seat):
                target = edge_midpoint(cx, cy, radius, faces[face])
                canvas.draw.line([(sx, sy), target], fill=SEAT_INK[seat], width=3)
        render_table.draw_tetrite(canvas.draw, cx, cy, radius, tetrite("red", faces), 0)
        seat_box(canvas, cx, 156, 1)
        seat_box(canvas, cx, 524, 0)
        for seat, y in ((1, 98), (0, 574)):
            seen = read("red", faces, seat)
            count = "1 face" if len(seen) == 1 else "2 faces"
            canvas.text((left + 20, y + 4), f"P{seat + 1} sees {count}:", size=20, bold=True)
            chips(canvas, left + 200, y, seen, 28, ("left", "right") if len(seen) == 2 else ())
        canvas.text((left + 20, 648), "Player 2 sits opposite: their left is the picture's right.", size=18,
                    fill=render_pieces.MUTED)
    return canvas.png()


def picture_rotation() -> bytes:
    """(c) Rotation by 60°: the start orientation, turned clockwise and counter-clockwise."""
    canvas = Canvas(1100, 510, background=render_pieces.BACKGROUND)
    canvas.text((20, 12), "Rotation: every side face moves one direction (60°)", size=26, bold=True)
    before = geo.initial_orientation("red", 0)
    panels = (("turned clockwise (cw)", geo.rotate(before, geo.CW), geo.CW),
              ("before", before, None),
              ("turned counter-clockwise (ccw)", geo.rotate(before, geo.CCW), geo.CCW))
    cy, radius = 262, 92
    for index, (title, faces, step) in enumerate(panels):
        cx = 185 + index * 365
        canvas.text((cx, 62), title, size=22, bold=True, anchor="mt")
        direction_ring(canvas, cx, cy, radius + 40)
        render_table.draw_tetrite(canvas.draw, cx, cy, radius, tetrite("red", faces), 0)
        if step is not None:
            turn_arrow(canvas.draw, cx, cy, radius + 14, 90, step)
        line = ", ".join(f"{FACE_WORDS.get(f, f)} {faces[f]}" for f in ("white", "yellow", "blue"))
        canvas.text((cx, 436), line, size=18, anchor="mt")
    arrow(canvas.draw, (450, cy), (330, cy))
    arrow(canvas.draw, (650, cy), (770, cy))
    canvas.text((20, 470), "Seen from above, Player 1 at the bottom. The face on the table stays there; "
                           "six turns the same way return the start.", size=18, fill=render_pieces.MUTED)
    return canvas.png()


def picture_tip() -> bytes:
    """(d) Tipping over the edge under the yellow face: where each face ends up (GAMES.md's ruling)."""
    canvas = Canvas(1100, 720, background=render_pieces.BACKGROUND)
    canvas.text((20, 12), "Tipping over an edge toward a side face", size=26, bold=True)
    before = geo.initial_orientation("red", 0)
    towards = "yellow"
    theta = before[towards]
    after = geo.tip(before, towards)
    cy, radius = 290, 110
    for cx, faces, title in ((250, before, "before"), (850, after, f"after tipping toward {towards}")):
        canvas.text((cx, 62), title, size=22, bold=True, anchor="mt")
        direction_ring(canvas, cx, cy, radius + 44)
        render_table.draw_tetrite(canvas.draw, cx, cy, radius, tetrite("red", faces), 0)
        bottom_note(canvas, cx, 484, "red", faces)
    # The edge it rolls over, and which way.
    angle = render_table.direction_angle(theta, 0)
    ends = [render_table.polar(250, cy, radius, angle + s * math.pi / 3) for s in (-1, 1)]
    canvas.draw.line(ends, fill=render_pieces.HIGHLIGHT, width=7)
    arrow(canvas.draw, render_table.polar(250, cy, radius * 0.62, angle), render_table.polar(250, cy, radius * 1.25, angle),
          fill=render_pieces.HIGHLIGHT, width=6)
    arrow(canvas.draw, (470, cy), (630, cy))
    canvas.text((550, cy - 44), f"θ = {theta}", size=20, bold=True, anchor="mm")

    old_bottom = geo.bottom_face(before)
    moves = [f"{face_words('red', towards)} at θ = {theta}  →  on the table",
             f"{face_words('red', old_bottom)} (was on the table)  →  {after[old_bottom]}  (θ + 180°)"]
    for face in geo.side_faces(before):
        if face == towards:
            continue
        ahead = (before[face] - theta) % geo.DIRECTIONS == 2
        rule = "(θ + 120° → θ + 60°)" if ahead else "(θ − 120° → θ − 60°)"
        moves.append(f"{face_words('red', face)} at {before[face]}  →  {after[face]}  {rule}")
    y = 526
    for line in moves:
        canvas.text((40, y), line, size=20)
        y += 30
    canvas.text((40, y + 8), "Player 1 reads before:", size=20, bold=True)
    x = chips(canvas, 280, y + 4, read("red", before, 0), 30)
    canvas.text((x + 30, y + 8), "after:", size=20, bold=True)
    rims = [FACE_WORDS.get(f, f).split()[0] for f in geo.visible_faces(after, 0)]
    chips(canvas, x + 100, y + 4, read("red", after, 0), 30, rims)
    canvas.text((600, y + 8), "Tipping back onto the black rim restores the start.", size=18, fill=render_pieces.MUTED)
    return canvas.png()


def picture_start() -> bytes:
    """(e) The start of a red (first) vs blue match: the board's own table panel."""
    canvas = Canvas(570, 610, background=render_pieces.BACKGROUND)
    canvas.text((14, 10), "Start: red (Player 1, first) vs blue", size=24, bold=True)
    state = rules.new_game(1, {"characters": "red-blue"})
    render_table.draw_table(canvas, rules.view(state, None), 0, "en")
    text = ("Every tetrite stands on its black rim, its faces red → yellow → blue counter-clockwise. "
            "Each own tetrite is at its owner's left end and points its white face at its owner; the "
            "neutral one (the colour nobody plays) is in the middle and points it at the first player.")
    canvas.text_box((16, 488, 556, 606), text, size=18, line_gap=5)
    return canvas.png()


def picture_flip() -> bytes:
    """(f) The white/black flip accident: standing on an own face vs on a foreign face."""
    canvas = Canvas(1100, 750, background=render_pieces.BACKGROUND)
    canvas.text((20, 12), "The white/black flip (accident)", size=26, bold=True)
    standing = geo.initial_orientation("red", 0)
    foreign = geo.tip(standing, "yellow")
    rows = ((196, standing, ("Standing on an own-colour face: the hidden rim",
                             "takes the shown rim's place (black now at 0).",
                             "As a move: a tip onto the white face, then a",
                             "half turn. The solid has a handedness, so",
                             "yellow and blue trade places (2 <-> 4).")),
            (532, foreign, ("Standing on a foreign face: both rims already",
                            "show, so the flip leaves it alone.")))
    radius = 82
    for cy, faces, lines in rows:
        flipped = geo.flip_white_black(faces)
        for cx, shown in ((150, faces), (470, flipped)):
            direction_ring(canvas, cx, cy, radius + 34)
            render_table.draw_tetrite(canvas.draw, cx, cy, radius, tetrite("red", shown), 0)
            bottom_note(canvas, cx, cy + radius + 70, "red", shown)
        arrow(canvas.draw, (262, cy), (358, cy))
        canvas.text((310, cy - 34), "flip", size=20, bold=True, anchor="mm")
        for index, line in enumerate(lines):
            canvas.text((640, cy - 40 + index * 28), line, size=18)
    canvas.text((20, 718), "Seen from above, Player 1 at the bottom.", size=18, fill=render_pieces.MUTED)
    return canvas.png()


PICTURES: dict[str, Callable[[], bytes]] = {
    "faces": picture_faces,
    "views": picture_views,
    "rotation": picture_rotation,
    "tip": picture_tip,
    "start": picture_start,
    "flip": picture_flip,
}


def main() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for stem, make in PICTURES.items():
        png = make()
        if len(png) > SIZE_BUDGET:
            raise SystemExit(f"{stem}.png is {len(png)} bytes, over the {SIZE_BUDGET} budget")
        (OUT_DIR / f"{stem}.png").write_bytes(png)
        print(f"{stem}.png {len(png) // 1024} KB")


if __name__ == "__main__":
    main()
