"""Board, hand and card images of 3x3 Wars, drawn from a view (never from the full state).

Drawn at 1100 px wide with text >= 18 px so a phone stays legible (Discord shows ~550 px: 18 px text
is then 9 px high, the floor the platform accepts; names and numbers are 20-48 px).

* Board (the thread picture, ``view(state, None)``): a header with the level, the turn, whose turn and
  step it is, deck and discard counts and who is being waited for; one band per player with life, territory
  and hand counts, the master, three unit slots (power, its make-up, attribute, cost, traits) and the
  magic row (face-down magic the viewer may not see is drawn as a card back); the spells in play (the
  live counter stack, top first, and the declared spells still to resolve); and the log of this turn
  and the turn before (spells with their counters and results, magic, great magic, combat).
* Hand (the private picture, ``view(state, seat)``): the player's hand, territories and magic with its
  state, requirement and effect; during setup the magic and the hands to choose from.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from bot import i18n
from bot.cards import Card
from bot.render import toolkit
from bot.render.names import seat_label
from bot.render.toolkit import Canvas
from cogs.wars import cards as C
from cogs.wars.engine import trait_active
from cogs.wars.text import card_list, card_name, great_name

WIDTH = 1100
ATTR_COLOURS = {"fire": (196, 72, 60), "water": (58, 112, 196), "grass": (70, 150, 80), "sky": (196, 160, 52),
                "none": (140, 90, 170)}
ATTR_LABELS = {
    "en": {"fire": "Fire", "water": "Water", "grass": "Grass", "sky": "Sky", "none": "Spell"},
    "ja": {"fire": "炎", "water": "水", "grass": "草", "sky": "天", "none": "呪文"},
}
ATTR_MARKS = {"en": {"fire": "F", "water": "W", "grass": "G", "sky": "S"},
              "ja": {"fire": "炎", "water": "水", "grass": "草", "sky": "天"}}
TRAIT_LABELS = {
    "en": {"transparent": "Pierce", "veil": "Veil", "no_block": "No block", "twin_wall": "Twin wall",
           "no_reinforce": "No reinf.", "relief": "Relief", "fertile": "Fertile", "swell": "Swell",
           "occupy": "Occupy", "undying": "Undying", "haste": "Haste", "treasure": "Dig", "shift": "Shift",
           "wildcard": "Wildcard", "echo": "Echo", "manifest": "Manifest"},
    "ja": {"transparent": "透過", "veil": "透化", "no_block": "ブロック不可", "twin_wall": "双壁",
           "no_reinforce": "強化不可", "relief": "交代", "fertile": "豊穣", "swell": "膨張", "occupy": "占有",
           "undying": "不死", "haste": "速攻", "treasure": "宝掘", "shift": "変幻", "wildcard": "ワイルド",
           "echo": "残響", "manifest": "顕在"},
}
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

# Board geometry.
HEADER_H = 100
STRIP_H = 54
UNIT_W, UNIT_H, UNIT_GAP = 232, 170, 12
UNIT_X = 24
MAGIC_X, MAGIC_W, MAGIC_ROW = 768, 308, 58
BAND_H = STRIP_H + max(UNIT_H, 3 * MAGIC_ROW - 4) + 16
LINE_H = 28
LOG_TEXT = 20

# Hand geometry.
TILE_W, TILE_H, TILE_PITCH_X, TILE_PITCH_Y, PER_ROW = 170, 150, 178, 160, 6
SMALL_H, SMALL_PITCH_Y = 100, 108
MAGIC_TILE_W, MAGIC_TILE_H, MAGIC_PITCH_X, MAGIC_PITCH_Y = 346, 206, 358, 218
SECTION_TITLE_H = 44


def _t(key: str, locale: str, **args: Any) -> str:
    return i18n.t(f"wars.{key}", locale, **args)


def _seat(seat: int, locale: str) -> str:
    return seat_label(seat, locale)  # the member's name on a match picture, else "Player 1"


def _name(card_id: str, locale: str) -> str:
    info = C.info(card_id)
    return str(info["name_ja"] if locale == "ja" else info["name_en"])


def _width(text: str, size: int, bold: bool = False) -> float:
    return toolkit.font(size, bold).getlength(text)


def _fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels."""
    if _width(text, size, bold) <= width:
        return text
    while text and _width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _traits(traits: list[str], locale: str) -> list[str]:
    return [TRAIT_LABELS[locale].get(t, t) for t in traits]


def _pack(labels: list[str], size: int, width: int) -> list[str]:
    """Labels joined by `` · `` into lines of at most ``width`` pixels, never breaking a label."""
    lines: list[str] = []
    for label in labels:
        if lines and _width(lines[-1] + " · " + label, size) <= width:
            lines[-1] += " · " + label
        else:
            lines.append(label)
    return lines


def _chips(canvas: Canvas, x: int, y: int, width: int, labels: list[str], rows: int = 2,
           fill: tuple[int, int, int] = (70, 78, 96)) -> None:
    """Trait labels as small pills, wrapped over at most ``rows`` rows."""
    cx, row = x, 0
    for label in labels:
        chip = int(_width(label, 18)) + 14
        if cx + chip > x + width and cx > x:
            row += 1
            cx = x
        if row >= rows:
            return
        top = y + row * 30
        canvas.rect((cx, top, cx + chip, top + 26), fill=fill, radius=6)
        canvas.text((cx + 7, top + 13), label, size=18, anchor="lm")
        cx += chip + 6


def _card_back(canvas: Canvas, box: tuple[int, int, int, int]) -> None:
    left, top, right, bottom = box
    canvas.rect(box, fill=BACK, outline=BACK_LINE, width=2, radius=5)
    cx, cy = (left + right) // 2, (top + bottom) // 2
    rx, ry = max(4, (right - left) // 2 - 7), max(4, (bottom - top) // 2 - 7)
    canvas.draw.polygon([(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)], outline=BACK_LINE,
                        fill=(96, 74, 148))


# ---------------------------------------------------------------- board


def _unit_box(canvas: Canvas, x: int, y: int, unit: dict[str, Any], locale: str) -> None:
    attribute = unit["attribute"]
    colour = ATTR_COLOURS.get(attribute, PANEL)
    canvas.rect((x, y, x + UNIT_W, y + UNIT_H), fill=PANEL, outline=colour, width=4)
    canvas.rect((x, y, x + UNIT_W, y + 36), fill=colour, radius=8)
    canvas.text((x + UNIT_W - 10, y + 18), unit["card"], size=18, anchor="rm")
    canvas.text((x + 10, y + 18), _fit(_name(unit["card"], locale), 20, UNIT_W - 66, bold=True), size=20,
                bold=True, anchor="lm")
    power = str(unit["power"])
    canvas.text((x + 12, y + 72), power, size=48, bold=True, anchor="lm")
    info_x = x + 24 + int(_width(power, 48, bold=True))
    info_w = x + UNIT_W - 8 - info_x
    line = f"{ATTR_LABELS[locale].get(attribute, attribute)} · {_t('board.cost', locale, cost=unit['cost'])}"
    canvas.text((info_x, y + 58), _fit(line, 18, info_w), size=18, fill=DIM, anchor="lm")
    mods = []
    if unit["reinforce"]:
        mods.append(_t("board.reinforced", locale, amount=unit["reinforce"]))
    if unit["increase"]:
        mods.append(_t("board.increased", locale, amount=unit["increase"]))
    other = unit["power"] - unit["cost"] - unit["reinforce"] - unit["increase"]
    if other:
        mods.append(_t("board.modified", locale, amount=f"{other:+d}"))
    if mods:
        colour = GREEN if unit["power"] >= unit["cost"] else RED
        canvas.text((info_x, y + 86), _fit(" ".join(mods), 18, info_w), size=18, fill=colour, anchor="lm")
    else:
        canvas.text((info_x, y + 86), _t("board.power_label", locale), size=18, fill=DIM, anchor="lm")
    _chips(canvas, x + 10, y + 106, UNIT_W - 20, _traits(unit["traits"], locale))


def _empty_slot(canvas: Canvas, x: int, y: int, locale: str) -> None:
    canvas.rect((x, y, x + UNIT_W, y + UNIT_H), fill=None, outline=(66, 72, 88), width=2)
    canvas.text((x + UNIT_W // 2, y + UNIT_H // 2), _t("board.empty_slot", locale), size=18, fill=(110, 116, 130),
                anchor="mm")


def _magic_slot(canvas: Canvas, x: int, y: int, slot: dict[str, Any], locale: str) -> None:
    state, card = slot["state"], slot["card"]
    canvas.rect((x, y, x + MAGIC_W, y + MAGIC_ROW - 6), fill=SLOT, radius=8)
    text_x = x + 66
    if card is None:  # a face-down magic the viewer may not see: its back only
        _card_back(canvas, (x + 14, y + 4, x + 48, y + 48))
        canvas.text((text_x, y + 26), _t("board.face_down", locale), size=20, bold=True, anchor="lm")
        return
    colour = ATTR_COLOURS.get(C.attribute(card), PANEL)
    if state == "down":  # the owner's own face-down magic (own view, or revealed at the end)
        _card_back(canvas, (x + 14, y + 4, x + 48, y + 48))
        canvas.rect((x + 14, y + 4, x + 48, y + 14), fill=colour, radius=4)
        state_colour = DIM
    elif state == "up":
        canvas.rect((x + 14, y + 4, x + 48, y + 48), fill=colour, outline=TEXT, width=2, radius=5)
        state_colour = GOLD
    else:  # sideways: the card lies turned, and dimmed
        canvas.rect((x + 8, y + 12, x + 56, y + 40), fill=tuple(c // 2 for c in colour), outline=DIM, width=2,
                    radius=5)
        state_colour = DIM
    canvas.text((text_x, y + 14), _fit(_name(card, locale), 20, MAGIC_W - 74, bold=True), size=20, bold=True,
                anchor="lm", fill=TEXT if state != "side" else DIM)
    label = _t(f"board.{'face_down' if state == 'down' else state}", locale)
    canvas.text((text_x, y + 38), f"{card} · {label}", size=18, fill=state_colour, anchor="lm")


def _player_band(canvas: Canvas, y: int, view: dict[str, Any], owner: int, locale: str) -> int:
    player = view["players"][owner]
    active = view["active"] == owner and view["step"] != "setup" and not view.get("result")
    canvas.rect((10, y, WIDTH - 10, y + BAND_H), fill=BAND, outline=GOLD if active else (70, 75, 90),
                width=4 if active else 2)
    title = _seat(owner, locale)
    if owner == view.get("seat"):
        title += f" ({_t('board.you', locale)})"
    if active:
        title = "▶ " + title
    mid = y + 28
    canvas.text((24, mid), title, size=26, bold=True, anchor="lm", fill=GOLD if active else TEXT)
    x = 24 + int(_width(title, 26, bold=True)) + 18
    life = f"♥ {player['life']}"
    pill = int(_width(life, 26, bold=True)) + 24
    canvas.rect((x, mid - 19, x + pill, mid + 19), fill=LIFE, radius=10)
    canvas.text((x + pill // 2, mid), life, size=26, bold=True, anchor="mm")
    x += pill + 20
    stats = "   ".join([_t("board.territories", locale, count=player["territory_count"]),
                        _t("board.hand", locale, count=player["hand_count"])])
    canvas.text((x, mid), stats, size=22, anchor="lm")
    if player.get("master"):
        x += int(_width(stats, 22)) + 24
        master = _t("board.master", locale, card=_name(player["master"], locale))
        canvas.text((x, mid), _fit(master, 20, WIDTH - 30 - x), size=20, fill=DIM, anchor="lm")
    body = y + STRIP_H
    field = player["field"]
    for index in range(3):
        ux = UNIT_X + index * (UNIT_W + UNIT_GAP)
        if index < len(field):
            _unit_box(canvas, ux, body, field[index], locale)
        else:
            _empty_slot(canvas, ux, body, locale)
    for index, slot in enumerate(player["magic"][:3]):
        _magic_slot(canvas, MAGIC_X, body + index * MAGIC_ROW, slot, locale)
    if not player["magic"] and view["step"] != "setup":
        canvas.text((MAGIC_X + 12, body + 26), _t("board.no_magic", locale), size=18, fill=DIM, anchor="lm")
    return y + BAND_H + 10


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
            text += " · " + _t("board.countered_with", locale, cards=card_list(counter, locale))
        result = _t("board." + spell["result"], locale)
        lines.append(f"{text} → {result}")
    for magic in record.get("magic", []):
        who = _seat(magic["seat"], locale)
        if magic.get("great"):
            text = i18n.t("wars.option.great", locale, great=great_name(magic["great"], locale),
                          card=card_name(magic["card"], locale))
        else:
            text = i18n.t("wars.option.magic", locale, card=card_name(magic["card"], locale))
            if magic.get("copied"):
                text += f" ({_t('board.copied', locale)})"
        if magic.get("result") == "nullified":
            text += f" → {_t('board.nullified', locale)}"
        lines.append(f"{who}: {text}")
    combat = record.get("combat")
    if combat:
        for step in combat["steps"]:
            key = "combat_transparent" if step["step"] == "transparent" else "combat_attack"
            lines.append(i18n.t(f"wars.event.{key}", locale, seat=_seat(combat["seat"], locale),
                                attack=step["attack"], block=step["block"], damage=step["damage"]))
        if not combat["steps"]:
            lines.append(_t("board.no_attack", locale, seat=_seat(combat["seat"], locale)))
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


def _log_sections(view: dict[str, Any], locale: str) -> list[tuple[str, list[str]]]:
    last = view.get("last") or {}
    sections = []
    previous = last.get("previous")
    if previous:
        sections.append((_t("board.turn_of", locale, turn=previous["turn"], seat=_seat(previous["seat"], locale)),
                         _turn_lines(previous, locale) or [_t("board.nothing", locale)]))
    if "turn" in last:
        key = "board.turn_of" if view.get("result") else "board.this_turn"
        sections.append((_t(key, locale, turn=last["turn"], seat=_seat(last["seat"], locale)),
                         _turn_lines(last, locale) or [_t("board.nothing_yet", locale)]))
    return sections


def _wrapped(lines: list[str], width: int) -> list[str]:
    out = []
    for line in lines:
        for index, part in enumerate(toolkit.wrap_text(line, LOG_TEXT, width)):
            out.append(("• " if index == 0 else "   ") + part)
    return out


def _stack_rows(view: dict[str, Any], locale: str) -> tuple[list[str], list[str]]:
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
    return _t(f"step.{step}", locale)


def _header(canvas: Canvas, view: dict[str, Any], locale: str) -> None:
    canvas.rect((0, 0, WIDTH, HEADER_H - 8), fill=(24, 27, 34), radius=0)
    title = "  ·  ".join([i18n.t("wars.name", locale), i18n.t(f"wars.level.{view['level']}", locale)])
    if view["turn"]:
        title += "  ·  " + _t("board.turn", locale, turn=view["turn"])
    canvas.text((20, 28), title, size=26, bold=True, anchor="lm")
    piles = "   ".join([_t("board.deck", locale, count=view["deck_count"]),
                        _t("board.discard", locale, count=len(view.get("discard", [])))])
    canvas.text((WIDTH - 20, 28), piles, size=24, bold=True, anchor="rm")
    result = view.get("result")
    if result:
        reason = i18n.t(f"wars.outcome.{result['reason']}", locale)
        if result["winner"] is None:
            status = _t("board.draw", locale, reason=reason)
        else:
            status = _t("board.winner", locale, seat=_seat(result["winner"], locale), reason=reason)
        canvas.text((20, 68), _fit(status, 24, WIDTH - 40, bold=True), size=24, bold=True, fill=GOLD, anchor="lm")
        return
    if view["step"] == "setup":
        status = _t("board.setup_status", locale)
    else:
        status = _t("board.turn_status", locale, seat=_seat(view["active"], locale), step=_step_label(view, locale))
    canvas.text((20, 68), status, size=24, bold=True, fill=GOLD, anchor="lm")
    waiting = sorted(s for s in view.get("waiting", []) if view["step"] == "setup" or s != view["active"])
    if waiting:
        names = ", ".join(_seat(s, locale) for s in waiting)
        canvas.text((WIDTH - 20, 68), _t("board.waiting_for", locale, seats=names), size=22, fill=TEXT, anchor="rm")


def render_board(view: dict[str, Any], locale: str) -> bytes:
    seat = view.get("seat")
    bottom = 0 if seat is None else seat
    top = 1 - bottom
    stack, queued = _stack_rows(view, locale)
    stack_h = _stack_height(stack, queued)
    sections = [(title, _wrapped(lines, WIDTH - 80)) for title, lines in _log_sections(view, locale)]
    log_h = sum(36 + LINE_H * len(lines) + 8 for _, lines in sections) + 12
    height = HEADER_H + 2 * (BAND_H + 10) + stack_h + log_h
    canvas = Canvas(WIDTH, height, background=BACKGROUND)
    _header(canvas, view, locale)
    y = _player_band(canvas, HEADER_H, view, top, locale)
    if stack_h:
        y = _stack_panel(canvas, y, stack, queued, stack_h, locale)
    y = _player_band(canvas, y, view, bottom, locale)
    for title, lines in sections:
        canvas.text((20, y + 18), title, size=22, bold=True, anchor="lm")
        y += 36
        for line in lines:
            canvas.text((30, y + LINE_H // 2), line, size=LOG_TEXT, anchor="lm")
            y += LINE_H
        y += 8
    return canvas.png()


def _stack_height(stack: list[str], queued: list[str]) -> int:
    if not stack and not queued:
        return 0
    return 46 + 36 * len(stack) + (34 + 30 * len(queued) if queued else 0) + 14


def _stack_panel(canvas: Canvas, y: int, stack: list[str], queued: list[str], height: int, locale: str) -> int:
    canvas.rect((10, y, WIDTH - 10, y + height - 10), fill=(52, 44, 30), outline=GOLD, width=3)
    row = y + 8
    if stack:
        canvas.text((24, row + 16), _t("board.stack_title", locale), size=22, bold=True, fill=GOLD, anchor="lm")
        row += 38
        for depth, text in enumerate(stack):
            is_top = depth == 0
            indent = 24 + 14 * (len(stack) - 1 - depth)
            canvas.rect((indent, row, WIDTH - 24, row + 32), fill=(86, 70, 40) if is_top else (66, 56, 38),
                        radius=6)
            label = f"{len(stack) - depth}. {text}"
            canvas.text((indent + 10, row + 16), _fit(label, 20, WIDTH - 60 - indent), size=20, anchor="lm",
                        bold=is_top)
            row += 36
    else:
        row += 4
    if queued:
        canvas.text((24, row + 15), _t("board.declared_title", locale), size=20, bold=True, fill=DIM, anchor="lm")
        row += 34
        for text in queued:
            canvas.text((38, row + 14), _fit("• " + text, 20, WIDTH - 80), size=20, anchor="lm")
            row += 30
    return y + height


# ---------------------------------------------------------------- hand


def _trait_rows(traits: list[str], level: str, locale: str) -> list[tuple[str, tuple[int, int, int]]]:
    """A hand tile's trait lines: the traits in force first; those the level turns off (Overlord and
    Apprentice keep only the basic unit traits) greyed out and marked, never shown as if they worked."""
    active = [t for t in traits if trait_active({"level": level}, t)]
    inactive = [t for t in traits if t not in active]
    rows = [(line, DIM) for line in _pack(_traits(active, locale), 18, TILE_W - 16)]
    if inactive:
        labels = _traits(inactive, locale)
        labels[-1] += " " + _t("board.traits_off", locale)
        rows += [(line, OFF) for line in _pack(labels, 18, TILE_W - 16)]
    return rows[:2]


def _card_tile(canvas: Canvas, x: int, y: int, card_id: str, locale: str, small: bool = False,
               level: str = "wizard") -> None:
    info = C.info(card_id)
    attribute = info["attribute"]
    colour = ATTR_COLOURS.get(attribute, PANEL)
    height = SMALL_H if small else TILE_H
    canvas.rect((x, y, x + TILE_W, y + height), fill=PANEL, outline=colour, width=4)
    canvas.rect((x, y, x + TILE_W, y + 34), fill=colour, radius=8)
    canvas.text((x + 8, y + 17), f"{card_id} {ATTR_LABELS[locale].get(attribute, attribute)}", size=20, bold=True,
                anchor="lm")
    if "shift" in info["traits"]:
        cost = "1-3"
    elif info["kind"] == "unit":
        cost = str(info["cost"])
    else:
        cost = ""
    if cost:
        canvas.text((x + TILE_W - 8, y + 17), cost, size=24, bold=True, anchor="rm")
    size = 20 if small else 22
    lines = toolkit.wrap_text(_name(card_id, locale), size, TILE_W - 16, bold=True)
    if len(lines) > 2:
        lines = [lines[0], _fit(" ".join(lines[1:]), size, TILE_W - 16, bold=True)]
    for index, line in enumerate(lines):
        canvas.text((x + 8, y + 38 + index * (size + 4)), line, size=size, bold=True)
    if not small:
        for index, (line, colour) in enumerate(_trait_rows(info["traits"], level, locale)):
            canvas.text((x + 8, y + 96 + index * 24), line, size=18, fill=colour)


@cache
def _effect_lines(card_id: str, locale: str) -> tuple[str, ...]:
    """The effect text of a magic tile, wrapped (the same for every picture: computed once)."""
    lines = toolkit.wrap_text(_effect_text(card_id, locale), 18, MAGIC_TILE_W - 20)
    if len(lines) > 4:
        lines = lines[:3] + [_fit(lines[3] + "…", 18, MAGIC_TILE_W - 20)]
    return tuple(lines)


def _effect_text(card_id: str, locale: str) -> str:
    """The magic's own effect: its text without the requirement, the great magic and trait reminders."""
    card = next(c for c in C.catalogue() if c.id == card_id)
    text = card.text(locale)
    text = re.sub(r"^(Requirement[^.]*\.|必要魔力[^。]*。)\s*", "", text)
    text = re.split(r"\s*(?:Great magic|大魔術) ★", text)[0]
    text = re.sub(r"\s*残響 \(Echo\): While sideways[^.]*\.|\s*残響: 横側の時[^。]*。", "", text)
    text = re.sub(r"\s*顕在 \(Manifest\): While face up[^.]*\.|\s*顕在: 表側である限り[^。]*。[^。]*。", "", text)
    return re.sub(r"(\[[^\]]+\])\s*\1", r"\1", text).strip()


def _requirement(canvas: Canvas, x: int, y: int, card_id: str, locale: str) -> None:
    info = C.info(card_id)
    circles: list[tuple[str, tuple[int, int, int]]] = []
    if info.get("req_any"):
        circles.append((str(info["req_any"]), (120, 126, 140)))
    circles += [(ATTR_MARKS[locale][a], ATTR_COLOURS[a]) for a in info.get("req_attrs", [])]
    if not circles:
        canvas.text((x, y + 14), _t("board.no_requirement", locale), size=18, fill=DIM, anchor="lm")
        return
    for label, colour in circles:
        canvas.draw.ellipse((x, y, x + 28, y + 28), fill=colour, outline=TEXT, width=1)
        canvas.text((x + 14, y + 14), label, size=18, bold=True, anchor="mm")
        x += 34


def _magic_tile(canvas: Canvas, x: int, y: int, card_id: str, state: str | None, level: str, locale: str) -> None:
    info = C.info(card_id)
    colour = ATTR_COLOURS.get(info["attribute"], PANEL)
    canvas.rect((x, y, x + MAGIC_TILE_W, y + MAGIC_TILE_H), fill=PANEL, outline=colour, width=4)
    canvas.rect((x, y, x + MAGIC_TILE_W, y + 38), fill=colour, radius=8)
    canvas.text((x + MAGIC_TILE_W - 10, y + 19), card_id, size=18, anchor="rm")
    canvas.text((x + 10, y + 19), _fit(_name(card_id, locale), 22, MAGIC_TILE_W - 70, bold=True), size=22,
                bold=True, anchor="lm")
    row = y + 46
    req_x = x + 10
    if state is not None:
        label = _t("board.face_down_secret" if state == "down" else f"board.{state}", locale)
        badge = int(_width(label, 18, bold=True)) + 16
        fill = {"down": BACK, "up": (150, 120, 40), "side": (80, 84, 96)}[state]
        canvas.rect((x + 10, row, x + 10 + badge, row + 28), fill=fill, radius=6)
        canvas.text((x + 18, row + 14), label, size=18, bold=True, anchor="lm")
        req_x += badge + 12
    _requirement(canvas, req_x, row, card_id, locale)
    for index, line in enumerate(_effect_lines(card_id, locale)):
        canvas.text((x + 10, y + 82 + index * 24), line, size=18)
    extras = _traits([t for t in info.get("traits", []) if t in ("echo", "manifest")], locale)
    if level in ("wizard", "seven_mage"):
        extras.append(great_name(info["great"], locale))
    if extras:
        canvas.text((x + 10, y + MAGIC_TILE_H - 18), _fit("  ".join(extras), 18, MAGIC_TILE_W - 20), size=18,
                    fill=GOLD, anchor="lm")


def _hand_sections(view: dict[str, Any], locale: str) -> list[tuple[str, str, list[Any]]]:
    """(title, tile kind, items) of the hand picture, in order."""
    sections: list[tuple[str, str, list[Any]]] = []
    setup = view.get("setup") or {}
    for index, pool in enumerate(setup.get("hand_pool", [])):
        sections.append((i18n.t("wars.option.pick", locale, n=index + 1) + f" ({len(pool)})", "card", list(pool)))
    if not setup.get("hand_pool"):
        hand = list(view.get("hand", []))
        sections.append((_t("board.your_hand", locale, count=len(hand)), "card", hand))
    territories = list(view.get("territories", []))
    if territories or view["level"] == "overlord" or view["step"] != "setup":
        sections.append((_t("board.your_territories", locale, count=len(territories)), "small", territories))
    seat = view.get("seat")
    magic = [(m["card"], m["state"]) for m in view["players"][seat]["magic"]] if seat is not None else []
    if magic or view["step"] != "setup":
        sections.append((_t("board.your_magic", locale), "magic", magic))
    pool = [(card, None) for card in setup.get("magic_pool", [])]
    if pool:
        sections.append((_t("board.magic_pool", locale), "magic", pool))
    return sections


def _section_height(kind: str, count: int) -> int:
    if count == 0:
        return SECTION_TITLE_H + 34
    if kind == "magic":
        return SECTION_TITLE_H + (count + 2) // 3 * MAGIC_PITCH_Y
    rows = (count + PER_ROW - 1) // PER_ROW
    return SECTION_TITLE_H + rows * (SMALL_PITCH_Y if kind == "small" else TILE_PITCH_Y)


def render_hand(view: dict[str, Any], locale: str) -> bytes:
    seat = view.get("seat")
    sections = _hand_sections(view, locale)
    stack, queued = _stack_rows(view, locale)  # the spells a counter would answer, when the stack is open
    stack_h = _stack_height(stack, queued) if stack else 0
    height = 96 + stack_h + sum(_section_height(kind, len(items)) for _, kind, items in sections) + 8
    canvas = Canvas(WIDTH, height, background=BACKGROUND)
    canvas.rect((0, 0, WIDTH, 88), fill=(24, 27, 34), radius=0)
    if seat is not None:
        player = view["players"][seat]
        title = f"{_seat(seat, locale)} ({_t('board.you', locale)})"
        canvas.text((20, 26), title, size=26, bold=True, anchor="lm")
        x = 20 + int(_width(title, 26, bold=True)) + 18
        life = f"♥ {player['life']}"
        pill = int(_width(life, 26, bold=True)) + 24
        canvas.rect((x, 7, x + pill, 45), fill=LIFE, radius=10)
        canvas.text((x + pill // 2, 26), life, size=26, bold=True, anchor="mm")
        if player.get("master"):
            master = _t("board.master", locale, card=_name(player["master"], locale))
            canvas.text((WIDTH - 20, 26), master, size=20, fill=DIM, anchor="rm")
    status = [i18n.t("wars.name", locale)]
    if view["turn"]:
        status.append(_t("board.turn", locale, turn=view["turn"]))
    status += [_step_label(view, locale), _t("board.deck", locale, count=view["deck_count"])]
    canvas.text((20, 66), "  ·  ".join(status), size=20, fill=DIM, anchor="lm")
    y = 96
    if stack_h:
        y = _stack_panel(canvas, y, stack, queued, stack_h, locale)
    for title, kind, items in sections:
        canvas.text((20, y + 20), title, size=24, bold=True, anchor="lm")
        top = y + SECTION_TITLE_H
        if not items:
            canvas.text((28, top + 12), _t("board.none", locale), size=20, fill=DIM, anchor="lm")
        for index, item in enumerate(items):
            if kind == "magic":
                card, state = item
                _magic_tile(canvas, 20 + (index % 3) * MAGIC_PITCH_X, top + (index // 3) * MAGIC_PITCH_Y, card,
                            state, view["level"], locale)
            else:
                pitch = SMALL_PITCH_Y if kind == "small" else TILE_PITCH_Y
                _card_tile(canvas, 20 + (index % PER_ROW) * TILE_PITCH_X, top + (index // PER_ROW) * pitch, item, locale,
                           small=kind == "small", level=view["level"])
        y += _section_height(kind, len(items))
    return canvas.png()


# ---------------------------------------------------------------- card


def render_card(card: Card, locale: str) -> bytes:
    card_id = card.stats.get("alternate_of", card.id)
    info = C.info(card_id)
    colour = ATTR_COLOURS.get(info["attribute"], PANEL)
    canvas = Canvas(640, 560)
    canvas.rect((10, 10, 630, 550), fill=PANEL, outline=colour, width=6)
    canvas.rect((10, 10, 630, 70), fill=colour, radius=8)
    canvas.text((24, 20), f"{card.name(locale)}  {card.id}", size=30, bold=True)
    if info["kind"] != "magic":
        cost = "1-3" if "shift" in info["traits"] else ("-" if info["kind"] == "spell" else str(info["cost"]))
        canvas.text((616, 20), cost, size=30, bold=True, anchor="ra")
    canvas.text_box((24, 90, 616, 540), card.text(locale), size=22)
    return canvas.png()
