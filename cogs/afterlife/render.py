"""Afterlife images: the public board, a seat's private hand picture and /card pictures.

Renderers read a view (``ENGINE.view`` or, for the end-of-match board, ``ENGINE.reveal_all``, which is
the public view plus both hands) and nothing else, so no image can show a hidden card.

Phone legibility: drawn 1100 px wide (Discord shows ~550 px), text never under 18 px. Colour is never
the only cue: every card carries its colour letter (R/B/G/N, 赤/青/緑/無), a tapped creature is drawn
turned (a landscape tile) with a TAPPED label, attackers and blockers are labelled, cores are filled or
crossed circles with the count in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image

from bot.cards import Card
from bot.i18n import t
from bot.render.names import localized_args
from bot.render.toolkit import Canvas, text_size, token_width, wrap_text
from cogs.afterlife import cards as catalogue
from cogs.afterlife.text import (
    ARG_FORMATTERS,
    COLOUR_LETTER,
    card_name,
    keyword_name,
    lang,
    phase_name,
    reason_name,
    seat_name,
    type_name,
)

View = Mapping[str, Any]
Box = tuple[float, float, float, float]

WIDTH = 1100
BACKGROUND = (30, 32, 40)
PANEL = (42, 46, 58)
TILE = (58, 63, 78)
TILE_TAPPED = (46, 48, 58)
LINE = (80, 86, 104)
TEXT = (238, 238, 238)
MUTED = (172, 178, 192)
DARK = (18, 20, 26)
HIGHLIGHT = (255, 198, 64)
CHOICE = (80, 226, 236)  # frames what the viewer may pick now (never a card colour)
ATTACK = (255, 120, 60)
DAMAGE = (255, 110, 110)
LIFE = (120, 220, 140)
FILL = {"R": (206, 62, 52), "B": (54, 112, 214), "G": (48, 150, 72), "N": (130, 132, 146)}
DEEP = {"R": (120, 36, 32), "B": (30, 60, 130), "G": (28, 90, 44), "N": (78, 80, 92)}

UNIT_W, UNIT_H = 140, 184  # an untapped creature; a tapped one is turned: UNIT_H wide, UNIT_W high
TURN_EXTRA = UNIT_H - UNIT_W  # a turned tile is this much wider than an upright one
MIN_UNIT_W = 100  # a crowded field narrows its tiles down to this before it leaves any out
FIELD_H = UNIT_H + 30  # a strip above the tallest creature for the ATTACKS / BLOCKS labels


# --- small helpers -------------------------------------------------------------------------------


def colour_of(card_id: str) -> str:
    return catalogue.colour(card_id) if catalogue.known(card_id) else "N"


def letter(colour: str, locale: str) -> str:
    return COLOUR_LETTER[lang(locale)].get(colour, colour)


def badge(canvas: Canvas, x: float, y: float, colour: str, locale: str, size: int = 26) -> float:
    """The colour letter in a dark-rimmed square: readable without colour vision. Returns the x after it."""
    canvas.rect((x, y, x + size, y + size), fill=FILL[colour], outline=DARK, width=2, radius=5)
    canvas.text((x + size / 2, y + size / 2), letter(colour, locale), size=18, bold=True, anchor="mm")
    return x + size + 4


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """One line of ``text`` cut with an ellipsis to ``width`` pixels (a binary search on the length)."""
    if token_width(text, size, bold) <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if token_width(text[:middle] + "…", size, bold) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low] + "…"


def fmt_args(args: Mapping[str, Any], locale: str) -> dict[str, Any]:
    return localized_args(args, locale, ARG_FORMATTERS)


def log_parts(view: View, locale: str) -> list[str]:
    """The public events the view carries (a ``log`` list of ``{key, args}``), localized."""
    parts = []
    for entry in view.get("log") or []:
        try:
            parts.append(t(entry["key"], locale, **fmt_args(entry.get("args") or {}, locale)))
        except (KeyError, IndexError, ValueError, TypeError):
            continue
    return [part for part in parts if part]


def draw_core(canvas: Canvas, cx: float, cy: float, r: float, state: str) -> None:
    """A core: ``free`` a filled gold disc, ``used`` a dark disc crossed out, ``none`` a faint ring."""
    box = (cx - r, cy - r, cx + r, cy + r)
    if state == "free":
        canvas.draw.ellipse(box, fill=HIGHLIGHT, outline=DARK, width=2)
    elif state == "used":
        canvas.draw.ellipse(box, fill=(70, 70, 80), outline=MUTED, width=2)
        d = r * 0.6
        canvas.draw.line((cx - d, cy - d, cx + d, cy + d), fill=MUTED, width=3)
        canvas.draw.line((cx - d, cy + d, cx + d, cy - d), fill=MUTED, width=3)
    else:
        canvas.draw.ellipse(box, outline=(90, 94, 110), width=2)


def draw_cores(canvas: Canvas, x: float, y: float, cores: int, used: int, r: int = 10) -> float:
    """Eight places: the free cores, then the used ones, then the cores not yet gained."""
    for index in range(catalogue_max_cores()):
        state = "free" if index < cores - used else "used" if index < cores else "none"
        draw_core(canvas, x + r + index * (2 * r + 5), y + r, r, state)
    return x + catalogue_max_cores() * (2 * r + 5)


def catalogue_max_cores() -> int:
    return 8


def draw_eye(canvas: Canvas, cx: float, cy: float, r: float, fill=HIGHLIGHT) -> None:
    """The public mark: an open eye (a lens with a pupil)."""
    canvas.draw.ellipse((cx - r, cy - r * 0.55, cx + r, cy + r * 0.55), outline=fill, width=2)
    canvas.draw.ellipse((cx - r * 0.3, cy - r * 0.3, cx + r * 0.3, cy + r * 0.3), fill=fill)


def draw_turned(canvas: Canvas, x: float, y: float, size: float, fill=MUTED) -> None:
    """The tapped mark: a card lying on its side."""
    canvas.draw.rounded_rectangle((x, y + size * 0.2, x + size * 1.3, y + size * 0.85), radius=3, fill=fill,
                                  outline=DARK)


# --- creatures -----------------------------------------------------------------------------------


def unit_size(unit: Mapping[str, Any], base: int = UNIT_W) -> tuple[int, int]:
    return (base + TURN_EXTRA, UNIT_W) if unit["tapped"] else (base, UNIT_H)


@lru_cache(maxsize=512)
def unit_tile(card: str, cid: str, tapped: bool, sick: bool, power: int, base: int, toughness: int, damage: int,
              keywords: tuple[str, ...], locale: str, base_w: int = UNIT_W) -> Image.Image:
    """A creature on the field: colour letter, creature id, name, keywords, power/toughness and damage.
    A tapped creature is turned: a landscape tile, dimmed, with the turned-card mark (and the TAPPED
    label when it fits). ``base_w`` is the upright width (narrower on a crowded field)."""
    colour = colour_of(card)
    width, height = (base_w + TURN_EXTRA, UNIT_W) if tapped else (base_w, UNIT_H)
    canvas = Canvas(width, height, background=BACKGROUND)
    canvas.rect((0, 0, width - 1, height - 1), fill=TILE_TAPPED if tapped else TILE, outline=FILL[colour], width=3)
    canvas.rect((0, 0, width - 1, 28), fill=DEEP[colour], radius=6)
    badge(canvas, 4, 2, colour, locale, size=24)
    canvas.text((width - 6, 3), cid, size=18, bold=True, anchor="ra")
    if tapped:
        draw_turned(canvas, 34, 5, 18)
    name_lines = 1 if tapped else 2
    lines = wrap_text(card_name(card, locale), 18, width - 10, bold=True)
    if len(lines) > name_lines:
        lines = lines[: name_lines - 1] + [fit("".join(lines[name_lines - 1:]) if lang(locale) == "ja"
                                                else " ".join(lines[name_lines - 1:]), 18, width - 10, True)]
    y = 31
    for line in lines:
        canvas.text((6, y), line, size=18, bold=True)
        y += 22
    y = max(y, 31 + 22 * name_lines) + 2
    kw_room = 1 if tapped else 2
    shown = list(keywords)
    for index, keyword in enumerate(shown[:kw_room]):
        text = keyword_name(keyword, locale)
        if index == kw_room - 1 and len(shown) > kw_room:
            text += f" +{len(shown) - kw_room}"
        canvas.text((6, y), fit(text, 18, width - 10), size=18, fill=(214, 190, 255))
        y += 21
    bottom = height - 30
    if tapped:
        canvas.text((width - 6, bottom - 23), t("afterlife.ui.board.tapped", locale), size=18, bold=True,
                    fill=MUTED, anchor="ra")
    elif sick:
        canvas.text((width - 6, bottom - 22), t("afterlife.ui.board.sick", locale), size=18, fill=MUTED, anchor="ra")
    if damage:
        label = t("afterlife.ui.board.damage", locale, amount=damage)
        if token_width(label, 18, True) > width - 10:
            label = f"-{damage}"  # a narrow tile keeps the number
        canvas.text((6, bottom - 22), label, size=18, bold=True, fill=DAMAGE)
    canvas.rect((3, bottom, width - 4, height - 4), fill=DARK, radius=4)
    # Power / toughness; a boosted power in gold, a damaged toughness as what is left of it.
    power_text, tough_text = str(power), (f"{toughness - damage}" if damage else str(toughness))
    size, slash = 20, " / "
    if sum(token_width(part, size, True) for part in (power_text, slash, tough_text)) > width - 10:
        size, slash = 18, "/"
    total = sum(token_width(part, size, True) for part in (power_text, slash, tough_text))
    x = (width - total) / 2
    for part, fill in ((power_text, HIGHLIGHT if power != base else TEXT), (slash, MUTED),
                       (tough_text, DAMAGE if damage else TEXT)):
        canvas.text((x, bottom + 1 + (20 - size) // 2), part, size=size, bold=True, fill=fill)
        x += token_width(part, size, True)
    return canvas.image


def unit_image(unit: Mapping[str, Any], locale: str, base_w: int = UNIT_W) -> Image.Image:
    return unit_tile(unit["card"], unit["cid"], bool(unit["tapped"]), bool(unit.get("sick")), int(unit["power"]),
                     int(unit.get("base_power", unit["power"])), int(unit["toughness"]), int(unit.get("damage", 0)),
                     tuple(unit.get("keywords") or ()), locale, base_w)


def field_width(units: Sequence[Mapping[str, Any]], room: float, gap: int) -> int:
    """The upright tile width that fits every creature in ``room`` (at most the full width, at least
    ``MIN_UNIT_W``)."""
    turned = sum(1 for unit in units if unit["tapped"])
    fitting = (room - gap * (len(units) - 1) - TURN_EXTRA * turned) // max(1, len(units))
    return int(max(MIN_UNIT_W, min(UNIT_W, fitting)))


COMPACT_W, COMPACT_H = 126, 98  # a creature on a field too crowded for one row (two rows of these)


@lru_cache(maxsize=512)
def compact_tile(card: str, cid: str, tapped: bool, power: int, base: int, toughness: int, damage: int,
                 keywords: tuple[str, ...], locale: str) -> Image.Image:
    """A creature in brief for a crowded field: colour letter, id, name, first keyword, power/toughness
    (damage as what is left, in red). Turned (wider than tall, dimmed, TAPPED) when tapped."""
    colour = colour_of(card)
    width, height = (COMPACT_W + 34, COMPACT_H - 18) if tapped else (COMPACT_W, COMPACT_H)
    canvas = Canvas(width, height, background=BACKGROUND)
    canvas.rect((0, 0, width - 1, height - 1), fill=TILE_TAPPED if tapped else TILE, outline=FILL[colour], width=3)
    canvas.rect((0, 0, width - 1, 26), fill=DEEP[colour], radius=6)
    badge(canvas, 3, 2, colour, locale, size=22)
    canvas.text((width - 5, 2), cid, size=18, bold=True, anchor="ra")
    if tapped:
        canvas.text((29, 2), fit(t("afterlife.ui.board.tapped", locale), 18, width - 70, True), size=18, bold=True,
                    fill=MUTED)
    canvas.text((5, 27), fit(card_name(card, locale), 18, width - 10, True), size=18, bold=True)
    if keywords and not tapped:
        extra = f" +{len(keywords) - 1}" if len(keywords) > 1 else ""
        canvas.text((5, 49), fit(keyword_name(keywords[0], locale), 18, width - 10 - token_width(extra, 18)) + extra,
                    size=18, fill=(214, 190, 255))
    canvas.rect((3, height - 26, width - 4, height - 4), fill=DARK, radius=4)
    left = toughness - damage
    x = 8
    for part, fill in ((str(power), HIGHLIGHT if power != base else TEXT), ("/", MUTED),
                       (str(left), DAMAGE if damage else TEXT)):
        canvas.text((x, height - 26), part, size=18, bold=True, fill=fill)
        x += token_width(part, 18, True)
    return canvas.image


def compact_image(unit: Mapping[str, Any], locale: str) -> Image.Image:
    return compact_tile(unit["card"], unit["cid"], bool(unit["tapped"]), int(unit["power"]),
                        int(unit.get("base_power", unit["power"])), int(unit["toughness"]), int(unit.get("damage", 0)),
                        tuple(unit.get("keywords") or ()), locale)


def frame(canvas: Canvas, box: Box, mark: tuple[str, tuple[int, int, int]] | None, label_room: bool) -> None:
    """Frame a creature the viewer should notice; its label (ATTACKS, BLOCKS 1) above it when there is room."""
    if not mark:
        return
    label, colour = mark
    left, top, right, bottom = box
    canvas.rect((left - 3, top - 3, right + 2, bottom + 2), outline=colour, width=4, radius=8)
    if label and label_room:
        canvas.rect((left - 3, top - 28, left + 8 + text_size(label, 18, True)[0] + 6, top - 3), fill=colour, radius=5)
        canvas.text((left + 5, top - 27), label, size=18, bold=True, fill=DARK)


def draw_field(canvas: Canvas, units: Sequence[Mapping[str, Any]], x: int, y: int, right: int, locale: str,
               marks: Mapping[str, tuple[str, tuple[int, int, int]]] | None = None) -> None:
    """The creatures of one field, bottom-aligned in one row; a field too crowded for that (about nine
    creatures) is drawn as two rows of brief tiles. ``marks`` frames some (cid -> label, colour)."""
    marks = marks or {}
    if not units:
        canvas.text((x + 8, y + FIELD_H / 2), t("afterlife.ui.board.empty_field", locale), size=18, fill=MUTED,
                    anchor="lm")
        return
    gap = 8
    base_w = field_width(units, right - x, gap)
    if sum(unit_size(u, base_w)[0] for u in units) + gap * (len(units) - 1) <= right - x:
        cursor = x
        for unit in units:
            width, height = unit_size(unit, base_w)
            top = y + FIELD_H - height - 4
            canvas.image.paste(unit_image(unit, locale, base_w), (cursor, top))
            frame(canvas, (cursor, top, cursor + width, top + height), marks.get(unit["cid"]), True)
            cursor += width + gap
        return
    rows: list[list[Mapping[str, Any]]] = [[], []]
    used = [0.0, 0.0]
    hidden = 0
    for unit in units:
        image_width = compact_image(unit, locale).width
        row = 0 if used[0] + image_width <= right - x else 1
        if used[row] + image_width > right - x - (40 if row else 0):
            hidden += 1
            continue
        rows[row].append(unit)
        used[row] += image_width + gap
    for index, row_units in enumerate(rows):
        cursor = x
        row_bottom = y + FIELD_H - 4 - (1 - index) * (COMPACT_H + 6)
        for unit in row_units:
            image = compact_image(unit, locale)
            top = row_bottom - image.height
            canvas.image.paste(image, (cursor, top))
            frame(canvas, (cursor, top, cursor + image.width, top + image.height), marks.get(unit["cid"]), False)
            cursor += image.width + gap
    if hidden:
        canvas.text((right, y + FIELD_H - 40), f"+{hidden}", size=22, bold=True, anchor="ra", fill=HIGHLIGHT)


def combat_marks(view: View, locale: str) -> dict[str, tuple[str, tuple[int, int, int]]]:
    combat = view.get("combat") or {}
    marks: dict[str, tuple[str, tuple[int, int, int]]] = {}
    if combat.get("attacker"):
        marks[combat["attacker"]] = (t("afterlife.ui.board.attacking", locale), ATTACK)
    for index, cid in enumerate(combat.get("blockers") or []):
        label = t("afterlife.ui.board.blocking", locale)
        if len(combat["blockers"]) > 1:
            label += f" {index + 1}"
        marks[cid] = (label, ATTACK)
    return marks


# --- card chips (public zone, revealed hands) ------------------------------------------------------


def chip_width(card: str, locale: str, max_width: int = 260) -> int:
    return min(max_width, 42 + int(text_size(card_name(card, locale), 18)[0]))


def draw_chip(canvas: Canvas, x: float, y: float, card: str, locale: str, max_width: int = 260,
              outline: tuple[int, int, int] | None = None) -> float:
    """A face-up card in brief: the colour letter and the name. Returns the x after it."""
    colour = colour_of(card)
    width = chip_width(card, locale, max_width)
    canvas.rect((x, y, x + width, y + 30), fill=TILE, outline=outline or FILL[colour], width=2, radius=6)
    badge(canvas, x + 3, y + 3, colour, locale, size=24)
    canvas.text((x + 32, y + 15), fit(card_name(card, locale), 18, width - 38), size=18, anchor="lm")
    return x + width + 6


def draw_chips(canvas: Canvas, x: float, y: float, right: float, cards: Sequence[str], locale: str) -> float:
    """As many chips as fit before ``right``, then ``+N``; returns the x after them."""
    for index, card in enumerate(cards):
        width = chip_width(card, locale)
        rest = len(cards) - index - 1
        if x + width > right - (44 if rest else 0):
            canvas.text((x, y + 15), f"+{len(cards) - index}", size=18, bold=True, anchor="lm", fill=MUTED)
            return x + 44
        x = draw_chip(canvas, x, y, card, locale)
    return x


def names_line(cards: Sequence[str], locale: str, size: int, width: float) -> str:
    """Newest first: ``[R]Name, [B]Name, …`` cut to ``width`` pixels."""
    if not cards:
        return t("afterlife.ui.board.none", locale)
    sep = "、" if lang(locale) == "ja" else ", "
    line = ""
    for card in reversed(cards):
        part = f"[{letter(colour_of(card), locale)}]{card_name(card, locale)}"
        trial = f"{line}{sep}{part}" if line else part
        if token_width(trial, size) > width:
            return fit(trial, size, width)
        line = trial
    return line


# --- the board -----------------------------------------------------------------------------------


def header(view: View, locale: str) -> tuple[str, str]:
    left = t("afterlife.name", locale)
    if view.get("turn"):
        left += " · " + t("afterlife.ui.board.turn", locale, turn=view["turn"], limit=view.get("turn_limit", 60))
    result = view.get("result")
    if result:
        winner = result.get("winner")
        outcome = (t("afterlife.ui.board.draw", locale) if winner is None
                   else t("afterlife.ui.board.winner", locale, player=seat_name(winner, locale)))
        return left, f"{t('afterlife.ui.board.over', locale)} · {outcome} ({reason_name(result.get('reason'), locale)})"
    if view.get("phase") == "setup":
        return left, t("afterlife.ui.board.setup", locale)
    return left, t("afterlife.ui.board.whose", locale, player=seat_name(view["active"], locale),
                   phase=phase_name(view["phase"], locale))


def draw_player_bar(canvas: Canvas, view: View, seat: int, y: int, locale: str) -> None:
    """Name, life (number and bar), cores, and the counts of deck, hand, grave and afterlife."""
    player = view["players"][seat]
    active = view["active"] == seat and not view.get("result") and view.get("phase") != "setup"
    canvas.rect((8, y, WIDTH - 8, y + 78), fill=PANEL, outline=HIGHLIGHT if active else LINE,
                width=4 if active else 2)
    prefix = "▶ " if active else ""
    suffix = ""
    if view.get("first") == seat and view.get("phase") != "setup":
        suffix = f" ({t('afterlife.ui.board.first', locale)})"
    room = 320 - token_width(prefix + suffix, 22, True)  # a long member name is cut, never the marks
    name = prefix + fit(seat_name(seat, locale), 22, room, True) + suffix
    canvas.text((20, y + 6), name, size=22, bold=True, fill=HIGHLIGHT if active else TEXT)
    life = int(player["life"])
    canvas.text((20, y + 40), f"♥ {life}", size=26, bold=True, fill=DAMAGE if life <= 1000 else LIFE)
    bar_x, bar_w = 150, 170
    canvas.rect((bar_x, y + 52, bar_x + bar_w, y + 64), fill=DARK, outline=LINE, width=1, radius=3)
    share = max(0.0, min(1.0, life / 3000))
    if share:
        canvas.rect((bar_x + 1, y + 53, bar_x + 1 + (bar_w - 2) * share, y + 63),
                    fill=DAMAGE if life <= 1000 else LIFE, radius=3)
    cores, used = int(player["cores"]), int(player["cores_used"])
    canvas.text((350, y + 8), t("afterlife.ui.board.cores", locale, free=cores - used, cores=cores), size=20,
                bold=True)
    draw_cores(canvas, 350, y + 42, cores, used, r=11)
    counts = [t("afterlife.ui.board.deck", locale, count=player["deck_count"]),
              t("afterlife.ui.board.hand", locale, count=player["hand_count"]),
              t("afterlife.ui.board.grave", locale, count=len(player["grave"])),
              t("afterlife.ui.board.afterlife", locale, count=len(player["afterlife"]))]
    canvas.text((WIDTH - 20, y + 8), "  ".join(counts[:2]), size=20, bold=True, anchor="ra")
    canvas.text((WIDTH - 20, y + 42), "  ".join(counts[2:]), size=20, bold=True, anchor="ra")
    notes = []
    if view.get("phase") == "setup":
        notes.append(t("afterlife.ui.board.picked" if player.get("picked") else "afterlife.ui.board.picking", locale))
    elif player.get("drew3"):
        notes.append(t("afterlife.ui.board.drew3", locale))
    if notes:
        canvas.text((620, y + 8), " · ".join(notes), size=18, fill=MUTED)


def zone_text(cards: Sequence[str], locale: str) -> str:
    """A whole grave or afterlife, newest first, repeats folded: ``[R]Ember Imp ×2, [B]Freeze``."""
    counts: dict[str, int] = {}
    for card in reversed(cards):
        counts[card] = counts.get(card, 0) + 1
    sep = "、" if lang(locale) == "ja" else ", "
    return sep.join(f"[{letter(colour_of(c), locale)}]{card_name(c, locale)}" + (f" ×{n}" if n > 1 else "")
                    for c, n in counts.items())


def draw_full_zones(canvas: Canvas, view: View, seat: int, y: int, locale: str, max_lines: int = 3) -> int:
    """The grave and the afterlife written out in full (wrapped; the hand picture has the room)."""
    player = view["players"][seat]
    for zone in ("grave", "afterlife"):
        title = t(f"afterlife.ui.board.{zone}", locale, count=len(player[zone]))
        offset = 20 + text_size(title, 18, True)[0] + 10
        canvas.text((20, y), title, size=18, bold=True)
        text = zone_text(player[zone], locale) or t("afterlife.ui.board.none", locale)
        lines = [line for line in wrap_text(text, 18, WIDTH - 16 - offset) if line.strip()]
        if len(lines) > max_lines:
            lines = lines[: max_lines - 1] + [fit(" ".join(lines[max_lines - 1:]), 18, WIDTH - 16 - offset)]
        for line in lines:
            canvas.text((offset, y), line, size=18, fill=MUTED)
            y += 23
        y += 4
    return y


def draw_zones(canvas: Canvas, view: View, seat: int, y: int, locale: str, full: bool = False) -> int:
    """The public zone as face-up chips; the grave and afterlife newest first (both open to both), on one
    line (the board) or written out in full (``full``: the hand picture). Returns the y below."""
    player = view["players"][seat]
    hands = view.get("hands")
    if hands:  # end of the match: the whole hand is revealed
        label = t("afterlife.ui.board.hand_of", locale, player=seat_name(seat, locale))
        canvas.text((20, y + 15), label, size=18, bold=True, anchor="lm", fill=HIGHLIGHT)
        draw_chips(canvas, 28 + text_size(label, 18, True)[0], y, WIDTH - 16, hands[seat], locale)
    else:
        label = t("afterlife.ui.board.public", locale)
        draw_eye(canvas, 32, y + 15, 12)
        canvas.text((50, y + 15), label, size=18, bold=True, anchor="lm")
        start = 58 + text_size(label, 18, True)[0]
        if player["public"]:
            draw_chips(canvas, start, y, WIDTH - 16, player["public"], locale)
        else:
            canvas.text((start, y + 15), t("afterlife.ui.board.none", locale), size=18, anchor="lm", fill=MUTED)
    if full:
        return draw_full_zones(canvas, view, seat, y + 38, locale)
    half = (WIDTH - 40) // 2
    for index, (zone, key) in enumerate((("grave", "grave"), ("afterlife", "afterlife"))):
        x = 20 + index * (half + 10)
        title = t(f"afterlife.ui.board.{key}", locale, count=len(player[zone]))
        canvas.text((x, y + 38), title, size=18, bold=True)
        offset = text_size(title, 18, True)[0] + 10
        canvas.text((x + offset, y + 38), names_line(player[zone], locale, 18, half - offset - 6), size=18,
                    fill=MUTED)
    return y + 64


def draw_middle(canvas: Canvas, view: View, y: int, locale: str) -> None:
    """What is happening between the fields: the attack and its blockers, instants waiting, a card in use."""
    parts = []
    combat = view.get("combat") or {}
    units = {u["cid"]: u for p in view["players"] for u in p["field"]}

    def unit_name(cid: str) -> str:
        unit = units.get(cid)
        return f"{card_name(unit['card'], locale)} [{cid}]" if unit else cid

    if combat.get("attacker"):
        text = t("afterlife.ui.board.combat", locale, attacker=unit_name(combat["attacker"]))
        if combat.get("blockers"):
            sep = "、" if lang(locale) == "ja" else ", "
            text += " · " + t("afterlife.ui.board.blocked_by", locale,
                              blockers=sep.join(unit_name(c) for c in combat["blockers"]))
        parts.append(text)
    stack = view.get("stack") or []
    if stack:
        sep = "、" if lang(locale) == "ja" else ", "
        items = [f"{card_name(e['card'], locale)} ({seat_name(e['seat'], locale)}"
                 + (f", {t('afterlife.ui.board.negated', locale)})" if e.get("negated") else ")") for e in stack]
        parts.append(t("afterlife.ui.board.stack", locale, cards=sep.join(items)))
    casting = view.get("casting")
    if casting:
        parts.append(t("afterlife.ui.board.casting", locale, player=seat_name(casting["seat"], locale),
                       card=card_name(casting["card"], locale)))
    if not parts:  # nothing between the fields: a plain divider
        canvas.rect((8, y + MIDDLE_H // 2 - 1, WIDTH - 8, y + MIDDLE_H // 2 + 1), fill=LINE, radius=0)
        return
    canvas.rect((8, y, WIDTH - 8, y + MIDDLE_H), fill=(70, 44, 30), outline=ATTACK, width=2, radius=6)
    text = " · ".join(parts)
    if token_width(text, 20, True) <= WIDTH - 40:
        canvas.text((20, y + MIDDLE_H / 2), text, size=20, bold=True, anchor="lm", fill=TEXT)
        return
    lines = [line for line in wrap_text(text, 18, WIDTH - 40) if line.strip()]
    if len(lines) > 2:
        lines = [lines[0], fit(" ".join(lines[1:]), 18, WIDTH - 40)]
    for index, line in enumerate(lines):
        canvas.text((20, y + 3 + index * 23), line, size=18, fill=TEXT)


def draw_log(canvas: Canvas, parts: Sequence[str], top: int, bottom: int, locale: str) -> None:
    canvas.text((14, top), t("afterlife.ui.board.last", locale), size=20, bold=True)
    joiner = "　" if lang(locale) == "ja" else " · "
    room = max(1, (bottom - top - 28) // 23)
    chosen: list[str] = []
    lines: list[str] = []
    for part in reversed(parts):
        trial = [line for line in wrap_text(joiner.join([part, *chosen]), 18, WIDTH - 30) if line.strip()]
        if len(trial) > room:
            break
        chosen.insert(0, part)
        lines = trial
    for index, line in enumerate(lines):
        canvas.text((14, top + 28 + index * 23), line, size=18, fill=MUTED)


SIDE_H = 78 + 6 + 64 + FIELD_H  # bar, zones, field
MIDDLE_H = 50  # the combat / instants band between the fields (two lines of 18 px when needed)
LOG_H = 104


def render_board(view: View, locale: str) -> bytes:
    """Both sides (the viewer at the bottom, else Player 1), the combat/instant band between the fields,
    and the last public events when the view carries them."""
    bottom = view.get("seat")
    bottom = 0 if bottom is None else int(bottom)
    top = 1 - bottom
    log = log_parts(view, locale)
    height = 46 + 2 * SIDE_H + MIDDLE_H + 12 + (LOG_H if log else 0) + 8
    canvas = Canvas(WIDTH, height, background=BACKGROUND)
    left, right = header(view, locale)
    canvas.text((14, 8), left, size=26, bold=True)
    canvas.text((WIDTH - 14, 10), right, size=22, bold=True, anchor="ra",
                fill=(140, 230, 160) if view.get("result") else HIGHLIGHT)
    marks = combat_marks(view, locale)
    # The top seat: bar, zones, field (its creatures face the middle).
    y = 46
    draw_player_bar(canvas, view, top, y, locale)
    draw_zones(canvas, view, top, y + 84, locale)
    draw_field(canvas, view["players"][top]["field"], 16, y + 84 + 64, WIDTH - 16, locale, marks)
    y += SIDE_H + 6
    draw_middle(canvas, view, y, locale)
    y += MIDDLE_H + 6
    draw_field(canvas, view["players"][bottom]["field"], 16, y, WIDTH - 16, locale, marks)
    draw_zones(canvas, view, bottom, y + FIELD_H + 4, locale)
    draw_player_bar(canvas, view, bottom, y + FIELD_H + 68, locale)
    if log:
        draw_log(canvas, log, y + SIDE_H + 6, height - 4, locale)
    return canvas.png()


# --- full cards (the hand picture and /card) --------------------------------------------------------


def card_facts(card_id: str, locale: str) -> str:
    """``Creature · 1000/800`` (type and, for creatures, power/toughness)."""
    info = catalogue.info(card_id)
    facts = type_name(info["type"], locale)
    if info["type"] != "instant":
        facts += f" · {info['power']}/{info['toughness']}"
    return facts


def draw_cost(canvas: Canvas, x: float, y: float, cost: int, size: int = 30) -> None:
    """The cost as a number in a gold diamond (cores)."""
    r = size / 2
    cx, cy = x + r, y + r
    canvas.draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=HIGHLIGHT, outline=DARK)
    canvas.text((cx, cy + 1), str(cost), size=max(18, int(size * 0.62)), bold=True, fill=DARK, anchor="mm")


HAND_W = 208
TEXT_W = HAND_W - 16


@lru_cache(maxsize=512)
def hand_card_lines(card_id: str, locale: str) -> tuple[str, ...]:
    return tuple(line for line in wrap_text(catalogue.by_id()[card_id].text(locale), 18, TEXT_W) if line.strip())


def hand_card_height(card_id: str, locale: str) -> int:
    foot = 0 if catalogue.info(card_id)["type"] == "instant" else 30
    return 118 + 21 * len(hand_card_lines(card_id, locale)) + 8 + foot


@lru_cache(maxsize=512)
def hand_card(card_id: str, height: int, locale: str) -> Image.Image:
    """A card in full: colour letter and name, cost, type and power/toughness, public-cost mark, text."""
    info = catalogue.info(card_id)
    colour = info["colour"]
    canvas = Canvas(HAND_W, height, background=BACKGROUND)
    canvas.rect((0, 0, HAND_W - 1, height - 1), fill=TILE, outline=FILL[colour], width=3)
    canvas.rect((0, 0, HAND_W - 1, 32), fill=DEEP[colour], radius=6)
    badge(canvas, 4, 3, colour, locale)
    draw_cost(canvas, HAND_W - 34, 2, int(info["cost"]), size=28)
    canvas.text((36, 5), fit(card_id, 18, 60, True), size=18, bold=True, fill=MUTED)
    y = 36
    lines = wrap_text(card_name(card_id, locale), 20, HAND_W - 14, bold=True)[:2]
    for line in lines:
        canvas.text((7, y), line, size=20, bold=True)
        y += 24
    y = max(y, 36 + 48)
    canvas.text((7, y), fit(type_name(info["type"], locale), 18, HAND_W - 14), size=18, fill=HIGHLIGHT)
    if info["type"] != "instant":  # power / toughness in a bar at the foot, as on the field
        canvas.rect((3, height - 31, HAND_W - 4, height - 4), fill=DARK, radius=4)
        canvas.text((HAND_W / 2, height - 30), f"{info['power']} / {info['toughness']}", size=20, bold=True,
                    anchor="ma")
    y += 24
    if info["public"]:  # the public-cost mark beside the cost, as well as in the text
        draw_eye(canvas, HAND_W - 52, 16, 11)
    for line in hand_card_lines(card_id, locale):
        canvas.text((8, y), line, size=18, fill=TEXT)
        y += 21
    return canvas.image


DECISION_KINDS = ("bundle", "send", "main", "sacrifice", "show", "cut", "target", "window", "block", "order")


def decision_heading(view: View, locale: str) -> str:
    """The seat's open question in words: the engine's prompt when it names a card or a timing (the
    view carries the seat's own decision arguments), else this picture's own line for the kind."""
    decision = decision_of(view)
    kind = decision.get("kind")
    if kind not in DECISION_KINDS:
        return ""
    args = decision.get("args") or {}
    if args.get("card") or args.get("timing"):
        try:
            return t(f"afterlife.prompt.{kind}", locale, **fmt_args(args, locale))
        except (KeyError, IndexError, ValueError):
            pass
    return t(f"afterlife.ui.kind.{kind}", locale)


def decision_of(view: View) -> Mapping[str, Any]:
    return view.get("decision") or {}


def option_targets(view: View) -> dict[str, set[str]]:
    """The viewer's open options by what they name: hand cards, creatures, afterlife cards, bundles."""
    found: dict[str, set[str]] = {"card": set(), "unit": set(), "take": set(), "bundle": set()}
    for option in decision_of(view).get("options") or []:
        verb, _, rest = option.partition(":")
        if verb in ("play", "send", "show", "cut"):
            found["card"].add(rest)
        elif verb == "override":
            found["card"].update(rest.split(":"))
        elif verb in ("attack", "retreat", "on", "target"):
            found["unit"].add(rest)
        elif verb in ("block", "order"):
            found["unit"].update(rest.split("+"))
        elif verb == "take":
            found["take"].add(rest)
        elif verb == "bundle":
            found["bundle"].add(rest)
    return found


def draw_bundles(canvas: Canvas, view: View, seat: int, y: int, locale: str) -> int:
    player = view["players"][seat]
    bundles = player.get("bundles") or []
    pick = player.get("pick")
    if player.get("picked") and pick:
        title = t("afterlife.ui.hand.bundle_picked_number", locale, number=pick)
    else:
        title = t("afterlife.ui.hand.bundle_picked" if player.get("picked") else "afterlife.ui.hand.bundles", locale)
    canvas.text((14, y), title, size=22, bold=True, fill=HIGHLIGHT)
    y += 34
    for index, bundle in enumerate(bundles):
        picked = pick == index + 1
        canvas.rect((8, y, WIDTH - 8, y + 106), fill=PANEL, outline=HIGHLIGHT if picked else LINE,
                    width=4 if picked else 2)
        canvas.text((18, y + 53), t("afterlife.ui.hand.bundle", locale, number=index + 1), size=22, bold=True,
                    anchor="lm")
        x = 110
        slot = (WIDTH - 16 - x) // max(1, len(bundle))
        for card in sorted(bundle, key=lambda c: (catalogue.cost(c), c)):
            colour = colour_of(card)
            info = catalogue.info(card)
            canvas.rect((x, y + 6, x + slot - 6, y + 100), fill=TILE, outline=FILL[colour], width=2, radius=6)
            badge(canvas, x + 4, y + 10, colour, locale, size=24)
            draw_cost(canvas, x + slot - 36, y + 9, catalogue.cost(card), size=26)
            canvas.text((x + 32, y + 11), fit(card_name(card, locale), 18, slot - 74, True), size=18, bold=True)
            canvas.text((x + 8, y + 43), fit(type_name(info["type"], locale), 18, slot - 20), size=18, fill=MUTED)
            if info["type"] != "instant":
                canvas.text((x + 8, y + 68), f"{info['power']}/{info['toughness']}", size=18, bold=True)
            x += slot
        y += 114
    return y


def draw_hand_cards(canvas: Canvas, view: View, seat: int, y: int, locale: str) -> int:
    player = view["players"][seat]
    hidden = list(player.get("hand") or [])
    public = list(player.get("public") or [])
    cards = [(c, True) for c in public] + [(c, False) for c in hidden]
    title = t("afterlife.ui.hand.count", locale, count=len(cards), public=len(public))
    canvas.text((14, y), title, size=20, bold=True)
    y += 32
    if not cards:
        canvas.text((14, y), t("afterlife.ui.hand.empty", locale), size=20, fill=MUTED)
        return y + 36
    choice = option_targets(view)["card"]
    usable = {o.split(":", 1)[1] for o in decision_of(view).get("options") or [] if o.startswith("play:")}
    per_row = 5
    for start in range(0, len(cards), per_row):
        row = cards[start:start + per_row]
        height = max(hand_card_height(c, locale) for c, _ in row)
        for index, (card, is_public) in enumerate(row):
            x = 12 + index * (HAND_W + 10)
            top = y + 26
            canvas.image.paste(hand_card(card, height, locale), (x, top))
            tags = []
            if is_public:
                tags.append((t("afterlife.ui.hand.public_mark", locale), HIGHLIGHT, True))
            if card in usable:
                tags.append((t("afterlife.ui.hand.usable", locale), CHOICE, False))
            elif card in choice:
                tags.append((t("afterlife.ui.hand.choice", locale), CHOICE, False))
            if card in choice or card in usable:
                canvas.rect((x - 4, top - 4, x + HAND_W + 3, top + height + 3), outline=CHOICE, width=4, radius=8)
            tx = x
            for label, colour, eye in tags:
                width = text_size(label, 18, True)[0] + (34 if eye else 14)
                canvas.rect((tx, y, tx + width, y + 24), fill=colour, radius=5)
                if eye:
                    draw_eye(canvas, tx + 14, y + 12, 10, fill=DARK)
                canvas.text((tx + (26 if eye else 7), y + 1), label, size=18, bold=True, fill=DARK)
                tx += width + 6
        y += 26 + height + 14
    return y


def draw_side_brief(canvas: Canvas, view: View, seat: int, y: int, title: str, locale: str,
                    framed: set[str]) -> int:
    """One side's field (options framed), with its public zone and afterlife below."""
    player = view["players"][seat]
    own = seat == view.get("seat")
    stats = [] if own else [f"♥ {player['life']}", t("afterlife.ui.board.cores", locale, free=player["cores"] - player["cores_used"],
                                        cores=player["cores"]),
             t("afterlife.ui.board.hand", locale, count=player["hand_count"]),
             t("afterlife.ui.board.deck", locale, count=player["deck_count"])]
    y += 8
    canvas.text((14, y), f"{title} · {seat_name(seat, locale)}", size=20, bold=True)
    canvas.text((WIDTH - 14, y), "  ".join(stats), size=20, bold=True, anchor="ra")
    marks = combat_marks(view, locale)
    for cid in framed:
        if cid not in marks:
            marks[cid] = ("", CHOICE)
    if player["field"]:
        draw_field(canvas, player["field"], 16, y + 26, WIDTH - 16, locale, marks)
        y += 26 + FIELD_H + 4
    else:
        canvas.text((22, y + 34), t("afterlife.ui.board.empty_field", locale), size=18, fill=MUTED)
        y += 64
    return draw_zones(canvas, view, seat, y, locale, full=True)


def draw_take_choices(canvas: Canvas, cards: Sequence[str], y: int, locale: str) -> int:
    """Cards offered from the afterlife, in full."""
    canvas.text((14, y), t("afterlife.ui.hand.your_afterlife", locale), size=20, bold=True, fill=HIGHLIGHT)
    y += 30
    ordered = sorted(cards)
    for start in range(0, len(ordered), 5):
        row = ordered[start:start + 5]
        height = max(hand_card_height(c, locale) for c in row)
        for index, card in enumerate(row):
            x = 12 + index * (HAND_W + 10)
            canvas.image.paste(hand_card(card, height, locale), (x, y))
            canvas.rect((x - 4, y - 4, x + HAND_W + 3, y + height + 3), outline=CHOICE, width=4, radius=8)
        y += height + 14
    return y


def render_hand(view: View, locale: str) -> bytes:
    """A seat's own picture: its hand in full (public cards marked, usable and choosable cards framed),
    its bundles during setup, then both fields with the creatures it may pick framed."""
    seat = view.get("seat")
    seat = int(view.get("active", 0) if seat is None else seat)
    other = 1 - seat
    player = view["players"][seat]
    # Lay out on a tall canvas, then crop to what was drawn.
    canvas = Canvas(WIDTH, 3200, background=BACKGROUND)
    colour_band = (52, 56, 72)
    canvas.rect((0, 0, WIDTH, 48), fill=colour_band, radius=0)
    canvas.text((14, 8), t("afterlife.ui.hand.title", locale, player=seat_name(seat, locale)), size=26, bold=True)
    left, right = header(view, locale)
    canvas.text((WIDTH - 14, 11), right, size=22, bold=True, anchor="ra",
                fill=(140, 230, 160) if view.get("result") else HIGHLIGHT)
    y = 58
    draw_player_bar(canvas, view, seat, y, locale)
    y += 90
    heading = decision_heading(view, locale)
    if heading:  # what the seat is asked now, in a gold band
        canvas.rect((8, y - 4, WIDTH - 8, y + 30), fill=(74, 62, 28), outline=HIGHLIGHT, width=2, radius=6)
        canvas.text((20, y + 13), fit("▶ " + heading, 20, WIDTH - 40, True), size=20, bold=True, anchor="lm",
                    fill=HIGHLIGHT)
        y += 42
    targets = option_targets(view)
    if player.get("bundles"):
        y = draw_bundles(canvas, view, seat, y, locale)
    else:
        y = draw_hand_cards(canvas, view, seat, y, locale)
    if targets["take"]:
        y = draw_take_choices(canvas, sorted(targets["take"]), y + 4, locale)
    if view.get("phase") != "setup":
        if view.get("combat") or view.get("stack") or view.get("casting"):
            draw_middle(canvas, view, y + 4, locale)
            y += MIDDLE_H + 10
        y = draw_side_brief(canvas, view, other, y, t("afterlife.ui.hand.their_field", locale), locale,
                            targets["unit"])
        y = draw_side_brief(canvas, view, seat, y, t("afterlife.ui.hand.your_field", locale), locale,
                            targets["unit"])
    return crop_png(canvas, y + 6)


def crop_png(canvas: Canvas, height: int) -> bytes:
    cropped = Canvas(WIDTH, height)
    cropped.image.paste(canvas.image.crop((0, 0, WIDTH, height)), (0, 0))
    return cropped.png()


# --- /card ---------------------------------------------------------------------------------------


def render_card(card: Card, locale: str) -> bytes:
    """A card for /card: name (and the other language's), id, colour letter, cost, type, public cost,
    keywords, the text, power/toughness."""
    info = catalogue.info(card.id)
    colour = info["colour"]
    width = 640
    text_lines = [line for line in wrap_text(card.text(locale), 24, width - 70) if line.strip()]
    height = max(460, 300 + len(text_lines) * 32 + 60)
    canvas = Canvas(width, height, background=BACKGROUND)
    canvas.rect((8, 8, width - 8, height - 8), fill=TILE, outline=FILL[colour], width=5, radius=16)
    canvas.rect((8, 8, width - 8, 76), fill=DEEP[colour], radius=14)
    badge(canvas, 22, 24, colour, locale, size=34)
    canvas.text((66, 20), fit(card.name(locale), 30, width - 170, True), size=30, bold=True)
    draw_cost(canvas, width - 76, 16, int(info["cost"]), size=52)
    other = card.name_en if lang(locale) == "ja" else card.name_ja
    canvas.text((26, 88), f"{card.id} · {other}", size=20, fill=MUTED)
    facts = [t("afterlife.ui.colour." + colour, locale), type_name(info["type"], locale),
             t("afterlife.ui.card.cost", locale, cost=info["cost"])]
    canvas.text((26, 120), " · ".join(facts), size=22, bold=True, fill=HIGHLIGHT)
    y = 158
    if info["public"]:
        draw_eye(canvas, 40, y + 14, 14)
        canvas.text((62, y + 14), t("afterlife.ui.card.public_cost", locale), size=22, bold=True, anchor="lm")
    else:
        canvas.text((26, y + 14), t("afterlife.ui.card.no_public_cost", locale), size=20, fill=MUTED, anchor="lm")
    y += 40
    keywords = [keyword_name(k, locale) for k in info["keywords"]]
    if keywords:
        x = 26
        for word in keywords:
            w = text_size(word, 20, True)[0] + 20
            canvas.rect((x, y, x + w, y + 32), fill=(70, 56, 100), outline=(214, 190, 255), width=2, radius=8)
            canvas.text((x + 10, y + 16), word, size=20, bold=True, anchor="lm", fill=(230, 215, 255))
            x += w + 8
        y += 44
    canvas.rect((24, y, width - 24, y + 2), fill=LINE, radius=0)
    y += 14
    for line in text_lines:
        canvas.text((32, y), line, size=24)
        y += 32
    if info["type"] != "instant":
        pt = f"{info['power']} / {info['toughness']}"
        w = text_size(pt, 30, True)[0] + 30
        canvas.rect((width - 26 - w, height - 70, width - 26, height - 24), fill=DARK, radius=10)
        canvas.text((width - 26 - w / 2, height - 47), pt, size=30, bold=True, anchor="mm")
    source = t(f"card.source_{card.source}", locale)
    canvas.text((26, height - 52), t("afterlife.ui.card.source", locale, source=source), size=18, fill=MUTED)
    return canvas.png()
