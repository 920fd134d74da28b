"""Board and hand images of 3x3 Wars, drawn from a view (never from the full state).

Drawn 780 px wide and stacked vertically for phones: no text is under 1/40 of the width (20 px), and
names, power, life and costs are at least 1/28 (28 px). Unit boxes, magic rows and hand tiles are drawn
once per look and pasted from bounded caches.

* Board (the thread picture, ``view(state, None)``): a header with the level, the turn, whose turn and
  step it is, deck and discard counts and who is being waited for; one band per player with life, territory
  and hand counts, the master, three unit slots (power, its make-up, attribute, cost, traits) and the
  magic rows (face-down magic the viewer may not see is drawn as a card back); the spells in play (the
  live counter stack, top first, and the declared spells still to resolve); and the log of this turn
  and the turn before (spells with their counters and results, magic, great magic, combat).
* Hand (the private picture, ``view(state, seat)``): the player's hand, territories and magic with its
  state, requirement and effect; during setup the magic and the hands to choose from.

The /card picture is ``cogs.wars.render_card``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image

from bot import i18n
from bot.render import toolkit
from bot.render.names import seat_label, shown_to_all
from bot.render.toolkit import Canvas, encode_png, remembered, sized_cache
from bot.render.toolkit import fit_text as _fit
from cogs.wars import cards as C
from cogs.wars.board import trait_active
from cogs.wars.cardtext import magic_effect_text
from cogs.wars.text import card_list, card_name, great_name
from cogs.wars.traits import TRAITS

WIDTH = 780
SMALL = 20  # the smallest text: WIDTH / 40 is 19.5
MAIN = 28  # names, power, life, costs: WIDTH / 28 is 27.9
LOG_TEXT = 22
ATTR_COLOURS = {"fire": (196, 72, 60), "water": (58, 112, 196), "grass": (70, 150, 80), "sky": (196, 160, 52),
                "none": (140, 90, 170)}
ATTR_LABELS = {
    "en": {"fire": "Fire", "water": "Water", "grass": "Grass", "sky": "Sky", "none": "Spell"},
    "ja": {"fire": "炎", "water": "水", "grass": "草", "sky": "天", "none": "呪文"},
}
ATTR_MARKS = {"en": {"fire": "F", "water": "W", "grass": "G", "sky": "S"},
              "ja": {"fire": "炎", "water": "水", "grass": "草", "sky": "天"}}
BACKGROUND = (30, 34, 42)
TEXT = (238, 238, 238)
DIM = (168, 174, 186)
OFF = (104, 110, 122)  # a trait the level turns off
PANEL = (48, 54, 66)
BAND = (40, 45, 56)
SLOT = (54, 60, 74)
GOLD = (240, 200, 80)
GREEN = (120, 210, 120)
RED = (236, 110, 100)
LIFE = (178, 48, 60)
BACK = (74, 56, 116)
BACK_LINE = (150, 124, 206)

# Board geometry: a band per player, its three unit boxes across and its magic as rows below them.
MARGIN = 10
HEADER_H = 132
HEADER_BG = (24, 27, 34)
STACK_BG = (52, 44, 30)
BAND_X = MARGIN
BAND_W = WIDTH - 2 * MARGIN
TITLE_H = 96
UNIT_GAP = 10
UNIT_X = BAND_X + 12
UNIT_W = (BAND_W - 24 - 2 * UNIT_GAP) // 3
UNIT_H = 252  # two rows of trait chips: 先行打撃兵 has three
MAGIC_ROW_H = 56
MAGIC_W = BAND_W - 24

# Hand geometry: three card tiles a row, two magic tiles a row.
PER_ROW = 3
TILE_GAP = 10
TILE_W = (WIDTH - 2 * MARGIN - (PER_ROW - 1) * TILE_GAP) // PER_ROW
TILE_H, SMALL_H = 176, 120
MAGIC_TILE_W = (WIDTH - 2 * MARGIN - TILE_GAP) // 2
SECTION_TITLE_H = 48


def power_changes(unit: dict, locale: str) -> list[str]:
    """What moved a unit's power from its cost, in words (reinforced, increased, other effects): the board
    picture's and the web board's (cogs/wars/web.py) same words."""
    changes = []
    if unit["reinforce"]:
        changes.append(wars_text("board.reinforced", locale, amount=unit["reinforce"]))
    if unit["increase"]:
        changes.append(wars_text("board.increased", locale, amount=unit["increase"]))
    other = unit["power"] - unit["cost"] - unit["reinforce"] - unit["increase"]
    if other:
        changes.append(wars_text("board.modified", locale, amount=f"{other:+d}"))
    return changes


def wars_text(key: str, locale: str, **args: Any) -> str:
    """A 3x3 Wars word (``wars.<key>``) in ``locale``: the pictures' and the web board's."""
    return i18n.t(f"wars.{key}", locale, **args)


def _seat(seat: int, locale: str) -> str:
    return seat_label(seat, locale)  # the member's name on a match picture, else "Player 1"


def _name(card_id: str, locale: str) -> str:
    info = C.info(card_id)
    return str(info["name_ja"] if locale == "ja" else info["name_en"])


def _width(text: str, size: int, bold: bool = False) -> float:
    return toolkit.token_width(text, size, bold)


def _name_lines(card_id: str, locale: str, width: int) -> list[str]:
    """A card's name in at most two lines of main-size bold text (the second cut if it must be)."""
    lines = toolkit.wrap_text(_name(card_id, locale), MAIN, width, bold=True)
    if len(lines) > 2:
        lines = [lines[0], _fit(" ".join(lines[1:]), MAIN, width, bold=True)]
    return lines


def trait_labels(traits: list[str], locale: str) -> list[str]:
    return [TRAITS[t].label(locale) for t in traits]


def _pack(labels: list[str], size: int, width: int) -> list[str]:
    """Labels joined by `` · `` into lines of at most ``width`` pixels, never breaking a label."""
    lines: list[str] = []
    for label in labels:
        if lines and _width(lines[-1] + " · " + label, size) <= width:
            lines[-1] += " · " + label
        else:
            lines.append(label)
    return lines


def _flat(ground: tuple[int, int, int], line: str, size: int, width: int, bold: bool = False) -> tuple[int, int, int] | None:
    """``ground`` for a line that keeps within ``width`` (its pixels are pasted blended beforehand); None for
    one that does not (a long word reaching a frame), which is blended where it lands."""
    return ground if _width(line, size, bold) <= width else None


def _chips(canvas: Canvas, x: int, y: int, width: int, labels: list[str], rows: int = 2,
           fill: tuple[int, int, int] = (70, 78, 96)) -> None:
    """Trait labels as pills, wrapped over at most ``rows`` rows."""
    cx, row = x, 0
    for label in labels:
        chip = int(_width(label, SMALL)) + 14
        if cx + chip > x + width and cx > x:
            row += 1
            cx = x
        if row >= rows:
            return
        top = y + row * 34
        canvas.rect((cx, top, cx + chip, top + 30), fill=fill, radius=6)
        canvas.text((cx + 7, top + 15), label, size=SMALL, anchor="lm", on=fill)
        cx += chip + 6


def _card_back(canvas: Canvas, box: tuple[int, int, int, int]) -> None:
    left, top, right, bottom = box
    canvas.rect(box, fill=BACK, outline=BACK_LINE, width=2, radius=5)
    cx, cy = (left + right) // 2, (top + bottom) // 2
    rx, ry = max(4, (right - left) // 2 - 7), max(4, (bottom - top) // 2 - 7)
    canvas.draw.polygon([(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)], outline=BACK_LINE,
                        fill=(96, 74, 148))


def clear_tile_caches() -> None:
    """Forget the pasted tiles and remembered pictures (tests that record every drawn text need them drawn afresh)."""
    toolkit.clear_picture_caches()


# ---------------------------------------------------------------- board


def _unit_box(canvas: Canvas, x: int, y: int, unit: dict[str, Any], locale: str) -> None:
    """A unit on its band, top-left at (x, y): name (two lines at most), power large with its make-up,
    attribute, cost, number and traits. Drawn in place: a cached tile (~240 KB, keyed by power, make-up and
    traits) came back too rarely to keep, and its texts are pasted already blended."""
    attribute = unit["attribute"]
    colour = ATTR_COLOURS.get(attribute, PANEL)
    canvas.rect((x, y, x + UNIT_W - 1, y + UNIT_H - 1), fill=PANEL, outline=colour, width=4, on=BAND)
    canvas.rect((x, y, x + UNIT_W - 1, y + 76), fill=colour, radius=8)
    lines = _name_lines(unit["card"], locale, UNIT_W - 16)
    for index, line in enumerate(lines):
        middle = 38 if len(lines) == 1 else 21 + index * 34
        canvas.text((x + 8, y + middle), line, size=MAIN, bold=True, anchor="lm",
                    on=_flat(colour, line, MAIN, UNIT_W - 16, True))
    power = str(unit["power"])
    canvas.text((x + 10, y + 116), power, size=60, bold=True, anchor="lm", on=PANEL)
    info_x = 20 + int(_width(power, 60, bold=True))
    info_w = UNIT_W - 8 - info_x
    cost = wars_text("board.cost", locale, cost=unit["cost"])
    canvas.text((x + info_x, y + 98), _fit(ATTR_LABELS[locale].get(attribute, attribute), SMALL, info_w), size=SMALL,
                fill=DIM, anchor="lm", on=PANEL)
    canvas.text((x + info_x, y + 124), _fit(cost, SMALL, info_w), size=SMALL, fill=DIM, anchor="lm", on=PANEL)
    mods = power_changes(unit, locale)
    if mods:
        fill = GREEN if unit["power"] >= unit["cost"] else RED
        canvas.text((x + 10, y + 160), _fit(" ".join(mods), SMALL, UNIT_W - 60), size=SMALL, fill=fill, anchor="lm",
                    on=PANEL)
    else:
        canvas.text((x + 10, y + 160), wars_text("board.power_label", locale), size=SMALL, fill=DIM, anchor="lm", on=PANEL)
    canvas.text((x + UNIT_W - 8, y + 160), unit["card"], size=SMALL, fill=DIM, anchor="rm", on=PANEL)
    _chips(canvas, x + 8, y + 178, UNIT_W - 16, trait_labels(unit["traits"], locale), rows=2)


@sized_cache(megabytes=1)
def _empty_tile(locale: str) -> Image.Image:
    canvas = Canvas(UNIT_W, UNIT_H, BAND)
    canvas.rect((0, 0, UNIT_W - 1, UNIT_H - 1), fill=None, outline=(66, 72, 88), width=2)
    canvas.text((UNIT_W // 2, UNIT_H // 2), wars_text("board.empty_slot", locale), size=SMALL, fill=(120, 126, 140),
                anchor="mm")
    return canvas.image


def _magic_slot(canvas: Canvas, x: int, y: int, slot: dict[str, Any], locale: str) -> None:
    canvas.image.paste(_magic_row_tile(slot["state"], slot["card"], locale), (x, y))


@sized_cache(megabytes=2)
def _magic_row_tile(state: str, card: str | None, locale: str) -> Image.Image:
    """One magic slot as a row: face down (a back), face up, or sideways (lying and dimmed)."""
    canvas = Canvas(MAGIC_W, MAGIC_ROW_H - 6, BAND)
    canvas.rect((0, 0, MAGIC_W - 1, MAGIC_ROW_H - 7), fill=SLOT, radius=8)
    text_x = 66
    middle = (MAGIC_ROW_H - 6) // 2
    if card is None:  # a face-down magic the viewer may not see: its back only
        _card_back(canvas, (14, 4, 48, 46))
        canvas.text((text_x, middle), wars_text("board.face_down", locale), size=MAIN, bold=True, anchor="lm", on=SLOT)
        return canvas.image
    colour = ATTR_COLOURS.get(C.attribute(card), PANEL)
    if state == "down":  # the owner's own face-down magic (own view, or revealed at the end)
        _card_back(canvas, (14, 4, 48, 46))
        canvas.rect((14, 4, 48, 14), fill=colour, radius=4)
        state_colour = DIM
    elif state == "up":
        canvas.rect((14, 4, 48, 46), fill=colour, outline=TEXT, width=2, radius=5)
        state_colour = GOLD
    else:  # sideways: the card lies turned, and dimmed
        canvas.rect((6, 11, 56, 39), fill=tuple(c // 2 for c in colour), outline=DIM, width=2, radius=5)
        state_colour = DIM
    label = f"{card} · {wars_text('board.' + ('face_down' if state == 'down' else state), locale)}"
    label_w = int(_width(label, SMALL)) + 12
    canvas.text((MAGIC_W - 12, middle), label, size=SMALL, fill=state_colour, anchor="rm", on=SLOT)
    canvas.text((text_x, middle), _fit(_name(card, locale), MAIN, MAGIC_W - 12 - label_w - text_x, bold=True),
                size=MAIN, bold=True, anchor="lm", fill=TEXT if state != "side" else DIM, on=SLOT)
    return canvas.image


def _band_height(view: dict[str, Any], owner: int) -> int:
    rows = max(1, len(view["players"][owner]["magic"][:3]))
    return TITLE_H + UNIT_H + 10 + rows * MAGIC_ROW_H + 6


def _player_band(canvas: Canvas, y: int, view: dict[str, Any], owner: int, locale: str) -> int:
    player = view["players"][owner]
    active = view["active"] == owner and view["step"] != "setup" and not view.get("result")
    height = _band_height(view, owner)
    canvas.rect((BAND_X, y, BAND_X + BAND_W, y + height), fill=BAND, outline=GOLD if active else (70, 75, 90),
                width=4 if active else 2)
    life = f"♥ {player['life']}"
    pill = int(_width(life, 32, bold=True)) + 28
    title = _seat(owner, locale)
    if owner == view.get("seat"):
        title += f" ({wars_text('board.you', locale)})"
    if active:
        title = "▶ " + title
    mid = y + 30
    title = _fit(title, MAIN, BAND_W - 60 - pill, bold=True)
    canvas.text((UNIT_X, mid), title, size=MAIN, bold=True, anchor="lm", fill=GOLD if active else TEXT, on=BAND)
    x = UNIT_X + int(_width(title, MAIN, bold=True)) + 16
    canvas.rect((x, mid - 21, x + pill, mid + 21), fill=LIFE, radius=10)
    canvas.text((x + pill // 2, mid), life, size=32, bold=True, anchor="mm", on=LIFE)
    stats = [wars_text("board.territories", locale, count=player["territory_count"]),
             wars_text("board.hand", locale, count=player["hand_count"])]
    if player.get("master"):
        stats.append(wars_text("board.master", locale, card=_name(player["master"], locale)))
    canvas.numbered((UNIT_X, y + 74), _fit("  ·  ".join(stats), 24, BAND_W - 24), size=24, anchor="lm", on=BAND)
    body = y + TITLE_H
    field = player["field"]
    for index in range(3):
        ux = UNIT_X + index * (UNIT_W + UNIT_GAP)
        if index < len(field):
            _unit_box(canvas, ux, body, field[index], locale)
        else:
            canvas.image.paste(_empty_tile(locale), (ux, body))
    magic_top = body + UNIT_H + 10
    for index, slot in enumerate(player["magic"][:3]):
        _magic_slot(canvas, UNIT_X, magic_top + index * MAGIC_ROW_H, slot, locale)
    if not player["magic"]:
        canvas.text((UNIT_X + 4, magic_top + 24), wars_text("board.no_magic", locale) if view["step"] != "setup" else "—",
                    size=SMALL, fill=DIM, anchor="lm", on=BAND)
    return y + height + 10


def _spell_text(spell: dict[str, Any], locale: str) -> str:
    """``Remove X with Y`` / ``Reinforce ...`` / ``Veil ...`` / ``Counter with ...`` of a spell or counter."""
    if spell["kind"] == "counter":
        return i18n.t("wars.option.counter", locale, cards=card_list(spell["cards"], locale))
    verb = "veil" if spell.get("veil") else ("remove" if spell["kind"] == "remove" else "reinforce")
    return i18n.t(f"wars.option.{verb}", locale, cards=card_list(spell["cards"], locale),
                  target=card_name(spell["target"], locale))


def _turn_lines(record: dict[str, Any], locale: str) -> list[str]:
    lines = []
    for spell in record.get("spells", []):
        text = f"{_seat(spell['seat'], locale)}: {_spell_text(spell, locale)}"
        for counter in spell.get("counters", []):
            text += " · " + wars_text("board.countered_with", locale, cards=card_list(counter, locale))
        result = wars_text("board." + spell["result"], locale)
        lines.append(f"{text} → {result}")
    for magic in record.get("magic", []):
        who = _seat(magic["seat"], locale)
        if magic.get("great"):
            text = i18n.t("wars.option.great", locale, great=great_name(magic["great"], locale),
                          card=card_name(magic["card"], locale))
        else:
            text = i18n.t("wars.option.magic", locale, card=card_name(magic["card"], locale))
            if magic.get("copied"):
                text += f" ({wars_text('board.copied', locale)})"
        if magic.get("result") == "nullified":
            text += f" → {wars_text('board.nullified', locale)}"
        lines.append(f"{who}: {text}")
    combat = record.get("combat")
    if combat:
        for step in combat["steps"]:
            key = "combat_transparent" if step["step"] == "transparent" else "combat_attack"
            lines.append(i18n.t(f"wars.event.{key}", locale, seat=_seat(combat["seat"], locale),
                                attack=step["attack"], block=step["block"], damage=step["damage"]))
        if not combat["steps"]:
            lines.append(wars_text("board.no_attack", locale, seat=_seat(combat["seat"], locale)))
    for entry in record.get("main", []):
        who = _seat(entry["seat"], locale)
        if entry["kind"] == "expand":
            lines.append(i18n.t("wars.event.expand", locale, seat=who))
        elif entry["kind"] == "redeploy":
            lines.append(i18n.t("wars.event.redeploy", locale, seat=who, card=card_name(entry["card"], locale),
                                spent=card_list(entry["spent"], locale)))
        else:
            lines.append(i18n.t("wars.event.deploy", locale, seat=who, card=card_name(entry["card"], locale)))
    return lines


def log_sections(view: dict[str, Any], locale: str) -> list[tuple[str, list[str]]]:
    last = view.get("last") or {}
    sections = []
    previous = last.get("previous")
    if previous:
        sections.append((wars_text("board.turn_of", locale, turn=previous["turn"], seat=_seat(previous["seat"], locale)),
                         _turn_lines(previous, locale) or [wars_text("board.nothing", locale)]))
    if "turn" in last:
        key = "board.turn_of" if view.get("result") else "board.this_turn"
        sections.append((wars_text(key, locale, turn=last["turn"], seat=_seat(last["seat"], locale)),
                         _turn_lines(last, locale) or [wars_text("board.nothing_yet", locale)]))
    return sections


def _wrapped(lines: list[str], size: int, width: int) -> list[str]:
    """Log lines wrapped to ``width``: a bullet on each entry's first line, an indent on the rest."""
    out = []
    for line in lines:
        for index, part in enumerate(toolkit.wrap_text(line, size, width)):
            out.append(("• " if index == 0 else "   ") + part)
    return out


def stack_rows(view: dict[str, Any], locale: str) -> tuple[list[str], list[str]]:
    """The counter stack, top first, and the declared spells still to resolve, in order."""
    items = list(view.get("chain") or [])
    stack: list[dict[str, Any]] = []
    if view["step"] == "chain" and items:
        stack = [items.pop(0)]
        while items and items[0]["kind"] == "counter":
            stack.append(items.pop(0))
    rows = [f"{_seat(s['seat'], locale)}: {_spell_text(s, locale)}" for s in stack]
    queued = [f"{_seat(s['seat'], locale)}: {_spell_text(s, locale)}" for s in items]
    return rows[::-1], queued


def _step_label(view: dict[str, Any], locale: str) -> str:
    step = view["step"]
    if step == "chain" and view.get("chain"):
        # While a counter window is open the board shows the spell step and who is awaited, nothing more.
        step = "removal" if view["chain"][0]["kind"] == "remove" else "reinforce"
    return wars_text(f"step.{step}", locale)


def header_lines(view: dict[str, Any], locale: str) -> list[str]:
    """The title (game, level, turn), the status (whose turn and step, or the result), the piles, and who
    is awaited (a line of its own: two long names must both show)."""
    title = "  ·  ".join([i18n.t("wars.name", locale), i18n.t(f"wars.level.{view['level']}", locale)])
    if view["turn"]:
        title += "  ·  " + wars_text("board.turn", locale, turn=view["turn"])
    result = view.get("result")
    if result:
        reason = i18n.t(f"wars.outcome.{result['reason']}", locale)
        if result["winner"] is None:
            status = wars_text("board.draw", locale, reason=reason)
        else:
            status = wars_text("board.winner", locale, seat=_seat(result["winner"], locale), reason=reason)
    elif view["step"] == "setup":
        status = wars_text("board.setup_status", locale)
    else:
        status = wars_text("board.turn_status", locale, seat=_seat(view["active"], locale), step=_step_label(view, locale))
    piles = "  ·  ".join([wars_text("board.deck", locale, count=view["deck_count"]),
                          wars_text("board.discard", locale, count=len(view.get("discard", [])))])
    lines = [title, status, piles]
    waiting = sorted(s for s in view.get("waiting", []) if view["step"] == "setup" or s != view["active"])
    if waiting and not result:
        lines.append(wars_text("board.waiting_for", locale, seats=", ".join(_seat(s, locale) for s in waiting)))
    return lines


def _header_height(view: dict[str, Any], locale: str) -> int:
    return HEADER_H + (38 if len(header_lines(view, locale)) > 3 else 0)


def _header(canvas: Canvas, view: dict[str, Any], locale: str) -> int:
    height = _header_height(view, locale)
    canvas.rect((0, 0, WIDTH, height - 8), fill=HEADER_BG, radius=0)
    title, status, *rest = header_lines(view, locale)
    # Lines with counts in them are drawn in runs of digits and of words, which come back in every picture.
    canvas.numbered((20, 26), _fit(title, MAIN, WIDTH - 40, bold=True), size=MAIN, bold=True, anchor="lm",
                    on=HEADER_BG)
    canvas.numbered((20, 64), _fit(status, MAIN, WIDTH - 40, bold=True), size=MAIN, bold=True, fill=GOLD,
                    anchor="lm", on=HEADER_BG)
    for index, line in enumerate(rest):
        canvas.numbered((20, 102 + 38 * index), _fit(line, 24, WIDTH - 40), size=24, anchor="lm", on=HEADER_BG)
    return height


def _log_lines(view: dict[str, Any], locale: str) -> list[tuple[str, list[str]]]:
    return [(title, _wrapped(lines, LOG_TEXT, WIDTH - 60)) for title, lines in log_sections(view, locale)]


@remembered
def render_board(view: dict[str, Any], locale: str) -> bytes:
    seat = view.get("seat")
    bottom = 0 if seat is None else seat
    top = 1 - bottom
    stack, queued = stack_rows(view, locale)
    stack_h = _stack_height(stack, queued)
    sections = _log_lines(view, locale)
    log_h = sum(44 + (LOG_TEXT + 10) * len(lines) + 8 for _, lines in sections) + 12
    height = (_header_height(view, locale) + _band_height(view, top) + _band_height(view, bottom) + 20 + stack_h
              + log_h)
    canvas = Canvas(WIDTH, height, background=BACKGROUND)
    y = _player_band(canvas, _header(canvas, view, locale), view, top, locale)
    if stack_h:
        y = _stack_panel(canvas, y, stack, queued, stack_h, locale)
    y = _player_band(canvas, y, view, bottom, locale)
    for title, lines in sections:
        canvas.numbered((20, y + 22), _fit(title, 24, WIDTH - 40, bold=True), size=24, bold=True, anchor="lm",
                        on=BACKGROUND)
        y += 44
        for line in lines:
            canvas.words((24, y + 3), line, size=LOG_TEXT, on=BACKGROUND)  # running text: cached word by word
            y += LOG_TEXT + 10
        y += 8
    return encode_png(canvas.image)


STACK_WRAP = WIDTH - 96


def _stack_layout(stack: list[str], queued: list[str]) -> tuple[list[list[str]], list[list[str]]]:
    """The stack's and the queue's entries wrapped at main size (a live spell is never cut)."""
    return ([toolkit.wrap_text(text, MAIN, STACK_WRAP) for text in stack],
            [toolkit.wrap_text("• " + text, MAIN, STACK_WRAP) for text in queued])


def _stack_height(stack: list[str], queued: list[str]) -> int:
    if not stack and not queued:
        return 0
    stack_lines, queued_lines = _stack_layout(stack, queued)
    height = 14
    if stack:
        height += 44 + sum(len(lines) * (MAIN + 8) + 12 for lines in stack_lines)
    if queued:
        height += 40 + sum(len(lines) * (MAIN + 8) for lines in queued_lines)
    return height + 18


def _stack_panel(canvas: Canvas, y: int, stack: list[str], queued: list[str], height: int, locale: str) -> int:
    """The live counter stack, top first (numbered from the bottom), then the declared spells in order."""
    canvas.rect((MARGIN, y, WIDTH - MARGIN, y + height - 10), fill=STACK_BG, outline=GOLD, width=3)
    stack_lines, queued_lines = _stack_layout(stack, queued)
    row = y + 10
    if stack:
        canvas.text((24, row + 20), _fit(wars_text("board.stack_title", locale), 24, WIDTH - 48, bold=True),
                    size=24, bold=True, fill=GOLD, anchor="lm", on=STACK_BG)
        row += 44
        for depth, lines in enumerate(stack_lines):
            is_top = depth == 0
            entry_h = len(lines) * (MAIN + 8) + 4
            entry_bg = (86, 70, 40) if is_top else (66, 56, 38)
            canvas.rect((20, row, WIDTH - 20, row + entry_h), fill=entry_bg, radius=6)
            canvas.text((28, row + 2), f"{len(stack) - depth}.", size=MAIN, bold=True, on=entry_bg)
            for index, line in enumerate(lines):
                canvas.text((64, row + 2 + index * (MAIN + 8)), line, size=MAIN, bold=is_top,
                            on=_flat(entry_bg, line, MAIN, STACK_WRAP, is_top))
            row += entry_h + 8
    if queued:
        canvas.text((24, row + 18), _fit(wars_text("board.declared_title", locale), 24, WIDTH - 48, bold=True),
                    size=24, bold=True, fill=DIM, anchor="lm", on=STACK_BG)
        row += 40
        for lines in queued_lines:
            for line in lines:
                canvas.text((30, row), line, size=MAIN, on=_flat(STACK_BG, line, MAIN, STACK_WRAP))
                row += MAIN + 8
    return y + height


# ---------------------------------------------------------------- hand


def _trait_rows(traits: list[str], level: str, locale: str) -> list[tuple[str, tuple[int, int, int]]]:
    """A hand tile's trait lines: the traits in force first; those the level turns off (Overlord and
    Apprentice keep only the basic unit traits) greyed out and marked, never shown as if they worked."""
    active = [t for t in traits if trait_active({"level": level}, t)]
    inactive = [t for t in traits if t not in active]
    rows = [(line, DIM) for line in _pack(trait_labels(active, locale), SMALL, TILE_W - 16)]
    if inactive:
        labels = trait_labels(inactive, locale)
        labels[-1] += " " + wars_text("board.traits_off", locale)
        rows += [(line, OFF) for line in _pack(labels, SMALL, TILE_W - 16)]
    return rows[:2]


def cost_text(info: dict[str, Any]) -> str:
    if "shift" in info["traits"]:
        return "1-3"
    return str(info["cost"]) if info["kind"] == "unit" else ""


def _card_tile(canvas: Canvas, x: int, y: int, card_id: str, locale: str, small: bool = False,
               level: str = "wizard") -> None:
    """A hand or territory card on the background, top-left at (x, y): number and attribute, cost, name and
    (hand) the traits in force. Drawn in place: a cached tile (~170 KB) came back too rarely to keep."""
    info = C.info(card_id)
    attribute = info["attribute"]
    colour = ATTR_COLOURS.get(attribute, PANEL)
    height = SMALL_H if small else TILE_H
    canvas.rect((x, y, x + TILE_W - 1, y + height - 1), fill=PANEL, outline=colour, width=4, on=BACKGROUND)
    canvas.rect((x, y, x + TILE_W - 1, y + 40), fill=colour, radius=8)
    canvas.text((x + 8, y + 20), f"{card_id} {ATTR_LABELS[locale].get(attribute, attribute)}", size=SMALL, bold=True,
                anchor="lm", on=colour)
    cost = cost_text(info)
    if cost:
        canvas.text((x + TILE_W - 8, y + 20), cost, size=MAIN, bold=True, anchor="rm", on=colour)
    for index, line in enumerate(_name_lines(card_id, locale, TILE_W - 16)):
        canvas.text((x + 8, y + 44 + index * (MAIN + 6)), line, size=MAIN, bold=True,
                    on=_flat(PANEL, line, MAIN, TILE_W - 16, True))
    if not small:
        for index, (line, fill) in enumerate(_trait_rows(info["traits"], level, locale)):
            canvas.text((x + 8, y + 114 + index * (SMALL + 6)), line, size=SMALL, fill=fill,
                        on=_flat(PANEL, line, SMALL, TILE_W - 16))


MAGIC_TEXT = SMALL


@cache
def _effect_lines(card_id: str, locale: str) -> tuple[str, ...]:
    """The effect text of a magic tile, wrapped (the same for every picture: computed once)."""
    return tuple(toolkit.wrap_text(_effect_text(card_id, locale), MAGIC_TEXT, MAGIC_TILE_W - 20))


def _effect_text(card_id: str, locale: str) -> str:
    """The magic's own effect: its text without the requirement, the great magic and trait reminders."""
    return magic_effect_text(C.info(card_id), locale)


def _requirement(canvas: Canvas, x: int, y: int, card_id: str, locale: str) -> None:
    info = C.info(card_id)
    circles: list[tuple[str, tuple[int, int, int]]] = []
    if info.get("req_any"):
        circles.append((str(info["req_any"]), (120, 126, 140)))
    circles += [(ATTR_MARKS[locale][a], ATTR_COLOURS[a]) for a in info.get("req_attrs", [])]
    if not circles:
        canvas.text((x, y + 16), wars_text("board.no_requirement", locale), size=SMALL, fill=DIM, anchor="lm")
        return
    for label, colour in circles:  # the amounts are main information: main-size text in 40-px circles
        canvas.draw.ellipse((x, y - 4, x + 40, y + 36), fill=colour, outline=TEXT, width=1)
        canvas.text((x + 20, y + 16), label, size=MAIN, bold=True, anchor="mm")
        x += 46


def _magic_extras(card_id: str, level: str, locale: str) -> str:
    """Echo / Manifest reminders and, at Wizard level and above, the great magic (★)."""
    info = C.info(card_id)
    extras = trait_labels([t for t in info.get("traits", []) if t in ("echo", "manifest")], locale)
    if level in ("wizard", "seven_mage"):
        extras.append(great_name(info["great"], locale))
    return "  ".join(extras)


@cache
def _extras_lines(card_id: str, level: str, locale: str) -> tuple[str, ...]:
    extras = _magic_extras(card_id, level, locale)
    return tuple(toolkit.wrap_text(extras, MAIN, MAGIC_TILE_W - 20)) if extras else ()


@cache
def _magic_name_lines(card_id: str, locale: str) -> tuple[str, ...]:
    """The magic's name beside its number in the title bar: two lines when it must (never cut)."""
    room = MAGIC_TILE_W - 32 - int(_width(card_id, SMALL))
    return tuple(toolkit.wrap_text(_name(card_id, locale), MAIN, room, bold=True)[:2])


def _magic_bar_height(card_id: str, locale: str) -> int:
    return 8 + 36 * len(_magic_name_lines(card_id, locale))


def _magic_tile_height(card_id: str, level: str, locale: str) -> int:
    extras = len(_extras_lines(card_id, level, locale)) * (MAIN + 8)
    return (_magic_bar_height(card_id, locale) + 56 + len(_effect_lines(card_id, locale)) * (MAGIC_TEXT + 6)
            + extras + 10)


def _magic_tile(canvas: Canvas, x: int, y: int, card_id: str, state: str | None, level: str, locale: str,
                height: int) -> None:
    """A magic card of the hand picture on the background, top-left at (x, y): name, number, state,
    requirement circles, effect, great magic. Drawn in place: cached whole (~250 KB each) about half of
    them missed in the process bench."""
    info = C.info(card_id)
    colour = ATTR_COLOURS.get(info["attribute"], PANEL)
    canvas.rect((x, y, x + MAGIC_TILE_W - 1, y + height - 1), fill=PANEL, outline=colour, width=4, on=BACKGROUND)
    bar = _magic_bar_height(card_id, locale)
    canvas.rect((x, y, x + MAGIC_TILE_W - 1, y + bar), fill=colour, radius=8)
    for index, line in enumerate(_magic_name_lines(card_id, locale)):
        canvas.text((x + 10, y + 22 + 36 * index), line, size=MAIN, bold=True, anchor="lm",
                    on=_flat(colour, line, MAIN, MAGIC_TILE_W - 20, True))
    canvas.text((x + MAGIC_TILE_W - 10, y + 22), card_id, size=SMALL, anchor="rm", on=colour)
    row = y + bar + 10
    req_x = x + 10
    if state is not None:
        label = wars_text("board.face_down_secret" if state == "down" else f"board.{state}", locale)
        badge = int(_width(label, SMALL, bold=True)) + 16
        fill = {"down": BACK, "up": (150, 120, 40), "side": (80, 84, 96)}[state]
        canvas.rect((x + 10, row, x + 10 + badge, row + 32), fill=fill, radius=6)
        canvas.text((x + 18, row + 16), label, size=SMALL, bold=True, anchor="lm", on=fill)
        req_x += badge + 10
    _requirement(canvas, req_x, row, card_id, locale)
    for index, line in enumerate(_effect_lines(card_id, locale)):
        canvas.text((x + 10, row + 44 + index * (MAGIC_TEXT + 6)), line, size=MAGIC_TEXT,
                    on=_flat(PANEL, line, MAGIC_TEXT, MAGIC_TILE_W - 20))
    extras = _extras_lines(card_id, level, locale)
    for index, line in enumerate(extras):
        canvas.text((x + 10, y + height - 12 - (len(extras) - index) * (MAIN + 8)), line, size=MAIN, fill=GOLD,
                    on=_flat(PANEL, line, MAIN, MAGIC_TILE_W - 20))


def hand_sections(view: dict[str, Any], locale: str) -> list[tuple[str, str, list[Any]]]:
    """(title, tile kind, items) of the hand picture, in order."""
    sections: list[tuple[str, str, list[Any]]] = []
    setup = view.get("setup") or {}
    for index, pool in enumerate(setup.get("hand_pool", [])):
        sections.append((i18n.t("wars.option.pick", locale, n=index + 1) + f" ({len(pool)})", "card", list(pool)))
    seat = view.get("seat")
    # "Your hand (5)" in a seat's own picture; "Hand (5)" under the title "Alice's hand" when shown to everyone
    whose = "shown" if shown_to_all(view) else "your"
    if not setup.get("hand_pool"):
        hand = list(view.get("hand", []))
        sections.append((wars_text(f"board.{whose}_hand", locale, count=len(hand)), "card", hand))
    territories = list(view.get("territories", []))
    if territories or view["level"] == "overlord" or view["step"] != "setup":
        sections.append((wars_text(f"board.{whose}_territories", locale, count=len(territories)), "small",
                         territories))
    magic = [(m["card"], m["state"]) for m in view["players"][seat]["magic"]] if seat is not None else []
    if magic or view["step"] != "setup":
        sections.append((wars_text(f"board.{whose}_magic", locale), "magic", magic))
    pool = [(card, None) for card in setup.get("magic_pool", [])]
    if pool:
        sections.append((wars_text("board.magic_pool", locale), "magic", pool))
    seen = view.get("seen_in_opponent_hand") or {}
    if seat is not None and not shown_to_all(view):  # a reminder for this seat, not news at the match's end
        for kind in ("hand", "hand_or_territory"):
            if seen.get(kind):
                sections.append((wars_text(f"board.seen_{kind}", locale, player=_seat(1 - seat, locale),
                                           count=len(seen[kind])), "small", list(seen[kind])))
    return sections


def _section_rows(kind: str, items: list[Any], level: str, locale: str) -> list[int]:
    """The height of each row of tiles of a section."""
    if kind == "magic":
        heights = [_magic_tile_height(card, level, locale) for card, _ in items]
        return [max(heights[i:i + 2]) for i in range(0, len(heights), 2)]
    rows = (len(items) + PER_ROW - 1) // PER_ROW
    return [SMALL_H if kind == "small" else TILE_H] * rows


def _section_height(kind: str, items: list[Any], level: str, locale: str) -> int:
    if not items:
        return SECTION_TITLE_H + 40
    return SECTION_TITLE_H + sum(height + TILE_GAP for height in _section_rows(kind, items, level, locale))


def _hand_header(view: dict[str, Any], locale: str) -> tuple[str | None, list[str]]:
    """The title (seat and life go on its line) and the status lines under it."""
    status = [i18n.t("wars.name", locale)]
    if view["turn"]:
        status.append(wars_text("board.turn", locale, turn=view["turn"]))
    status += [_step_label(view, locale), wars_text("board.deck", locale, count=view["deck_count"])]
    lines = ["  ·  ".join(status)]
    seat = view.get("seat")
    if seat is not None and view["players"][seat].get("master"):
        lines.append(wars_text("board.master", locale, card=_name(view["players"][seat]["master"], locale)))
    if seat is None:
        return None, lines
    title = wars_text("board.hand_of", locale, player=_seat(seat, locale)) if shown_to_all(view) \
        else f"{_seat(seat, locale)} ({wars_text('board.you', locale)})"
    return title, lines


@remembered
def render_hand(view: dict[str, Any], locale: str) -> bytes:
    seat = view.get("seat")
    level = view["level"]
    sections = hand_sections(view, locale)
    stack, queued = stack_rows(view, locale)  # the spells a counter would answer, when the stack is open
    stack_h = _stack_height(stack, queued) if stack else 0
    title, status = _hand_header(view, locale)
    header_h = 60 + 36 * len(status) + 10
    height = header_h + 8 + stack_h + sum(_section_height(kind, items, level, locale)
                                          for _, kind, items in sections) + 8
    canvas = Canvas(WIDTH, height, background=BACKGROUND)
    canvas.rect((0, 0, WIDTH, header_h), fill=HEADER_BG, radius=0)
    if title is not None:
        player = view["players"][seat]
        life = f"♥ {player['life']}"
        pill = int(_width(life, 32, bold=True)) + 28
        title = _fit(title, MAIN, WIDTH - 60 - pill, bold=True)
        canvas.text((20, 30), title, size=MAIN, bold=True, anchor="lm", on=HEADER_BG)
        x = 20 + int(_width(title, MAIN, bold=True)) + 18
        canvas.rect((x, 9, x + pill, 51), fill=LIFE, radius=10)
        canvas.text((x + pill // 2, 30), life, size=32, bold=True, anchor="mm", on=LIFE)
    for index, line in enumerate(status):
        canvas.numbered((20, 78 + index * 36), _fit(line, 24, WIDTH - 40), size=24, fill=DIM, anchor="lm",
                        on=HEADER_BG)
    y = header_h + 8
    if stack_h:
        y = _stack_panel(canvas, y, stack, queued, stack_h, locale)
    for section_title, kind, items in sections:
        canvas.numbered((20, y + 24), _fit(section_title, MAIN, WIDTH - 40, bold=True), size=MAIN, bold=True,
                        anchor="lm", on=BACKGROUND)
        top = y + SECTION_TITLE_H
        if not items:
            canvas.text((28, top + 18), wars_text("board.none", locale), size=24, fill=DIM, anchor="lm", on=BACKGROUND)
        if kind == "magic":
            for row, row_h in enumerate(_section_rows(kind, items, level, locale)):
                for column, (card, state) in enumerate(items[row * 2:row * 2 + 2]):
                    _magic_tile(canvas, MARGIN + column * (MAGIC_TILE_W + TILE_GAP), top, card, state, level, locale,
                                row_h)
                top += row_h + TILE_GAP
        else:
            pitch = (SMALL_H if kind == "small" else TILE_H) + TILE_GAP
            for index, item in enumerate(items):
                _card_tile(canvas, MARGIN + (index % PER_ROW) * (TILE_W + TILE_GAP), top + (index // PER_ROW) * pitch,
                           item, locale, small=kind == "small", level=level)
        y += _section_height(kind, items, level, locale)
    return encode_png(canvas.image)
