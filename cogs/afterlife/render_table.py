"""Afterlife's board as drawn: the words of the log, a seat's bar, public zone, grave and afterlife lines, its
field (with combat marks), the combat and instants band between the fields, the last events, and
``draw_board`` that stacks them. Sizes, colours and tiles are in ``render_tiles``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from bot.i18n import t
from bot.render.names import localized_args, localized_log
from bot.render.toolkit import Canvas, encode_png, token_width
from cogs.afterlife.render_tiles import (
    ATTACK,
    BACKGROUND,
    CHIP_H,
    COLUMNS,
    DAMAGE,
    DARK,
    GAP,
    HIGHLIGHT,
    LABEL,
    LIFE,
    LIFE_PX,
    LINE,
    MAIN,
    MARGIN,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    TILE_W,
    TITLE,
    WIDTH,
    chips_height,
    colour_of,
    cores_width,
    draw_chips,
    draw_cores,
    draw_eye,
    entries_lines,
    entry_pieces,
    fit,
    letter,
    lines_within,
    pill,
    tile_height,
    unit_image,
    wrap,
    write,
    write_run,
)
from cogs.afterlife.text import ARG_FORMATTERS, card_name, lang, phase_name, reason_name, seat_name

View = Mapping[str, Any]
Mark = tuple[str, tuple[int, int, int]]
BAR_H = 156
LINE_STEP = 34  # a line of MAIN text
ZONE_LINES = 2  # grave and afterlife lines on the board (the hand picture writes them out)
FULL_ZONE_LINES = 4
LOG_LINES = 6


def fmt_args(args: Mapping[str, Any], locale: str) -> dict[str, Any]:
    return localized_args(args, locale, ARG_FORMATTERS)


def log_parts(view: View, locale: str) -> list[str]:
    return localized_log(view, locale, ARG_FORMATTERS)


def sep(locale: str) -> str:
    return "、" if lang(locale) == "ja" else ", "


def zone_entries(cards: Sequence[str], locale: str) -> list[str]:
    """A whole grave or afterlife, newest first, repeats folded: ``[R]Ember Imp ×2``, ``[B]Freeze``."""
    counts: dict[str, int] = {}
    for card in reversed(cards):
        counts[card] = counts.get(card, 0) + 1
    return [f"[{letter(colour_of(c), locale)}]{card_name(c, locale)}" + (f" ×{n}" if n > 1 else "")
            for c, n in counts.items()]


def zone_lines(cards: Sequence[str], locale: str, width: float, most: int) -> tuple[str, ...]:
    return laid_zone_lines(tuple(cards), locale, width, most)


@lru_cache(maxsize=1024)
def laid_zone_lines(cards: tuple[str, ...], locale: str, width: float, most: int) -> tuple[str, ...]:
    """A grave's or an afterlife's lines, kept: measured for the picture's height, then drawn, and the same
    zones come back picture after picture (each trial measures a new string)."""
    entries = zone_entries(cards, locale) or [t("afterlife.ui.board.none", locale)]
    return tuple(entries_lines(entries, sep(locale), MAIN, width, most))


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


def status_lines(view: View, locale: str) -> list[str]:
    return lines_within(header(view, locale)[1], 24, WIDTH - 2 * MARGIN, 2, True, locale)


def header_height(view: View, locale: str) -> int:
    return 44 + 32 * len(status_lines(view, locale)) + 6


def draw_header(canvas: Canvas, view: View, y: int, locale: str, title: str | None = None) -> int:
    """The game and turn (or the picture's own title), then whose turn and phase, or the result."""
    write(canvas, (MARGIN, y + 6), fit(title or header(view, locale)[0], TITLE, WIDTH - 2 * MARGIN, True), TITLE,
          bold=True, words=True)
    y += 44
    colour = (140, 230, 160) if view.get("result") else HIGHLIGHT
    for line in status_lines(view, locale):
        write(canvas, (MARGIN, y), line, 24, colour, True, words=True)
        y += 32
    return y + 6


def draw_player_bar(canvas: Canvas, view: View, seat: int, y: int, locale: str,
                    on: tuple[int, int, int] | None = BACKGROUND) -> int:
    """Name, life (number and bar), cores (marks and words), and the counts of deck, hand, grave and
    afterlife. ``on``: the flat colour under the bar's corners, when there is one."""
    player = view["players"][seat]
    active = view["active"] == seat and not view.get("result") and view.get("phase") != "setup"
    left, right = MARGIN, WIDTH - MARGIN
    canvas.rect((left, y, right, y + BAR_H), fill=PANEL, outline=HIGHLIGHT if active else LINE,
                width=4 if active else 2, on=on)
    prefix = "▶ " if active else ""
    suffix = ""
    if view.get("first") == seat and view.get("phase") != "setup":
        suffix = f" ({t('afterlife.ui.board.first', locale)})"
    room = right - left - 24 - token_width(prefix + suffix, MAIN, True)  # a long name is cut, never the marks
    name = prefix + fit(seat_name(seat, locale), MAIN, room, True) + suffix
    write(canvas, (left + 12, y + 8), name, MAIN, HIGHLIGHT if active else TEXT, True)
    life = int(player["life"])
    life_text = f"♥ {life}"
    write(canvas, (left + 12, y + 66), life_text, LIFE_PX, DAMAGE if life <= 1000 else LIFE, True, "lm")
    dots_x = right - 12 - cores_width()
    bar_x = left + 24 + token_width(life_text, LIFE_PX, True)
    bar_w = dots_x - 24 - bar_x
    canvas.rect((bar_x, y + 60, bar_x + bar_w, y + 72), fill=DARK, outline=LINE, width=1, radius=3)
    share = max(0.0, min(1.0, life / 3000))
    if share:
        canvas.rect((bar_x + 1, y + 61, bar_x + 1 + (bar_w - 2) * share, y + 71),
                    fill=DAMAGE if life <= 1000 else LIFE, radius=3)
    cores, used = int(player["cores"]), int(player["cores_used"])
    draw_cores(canvas, dots_x, y + 54, cores, used)
    counts = [t("afterlife.ui.board.deck", locale, count=player["deck_count"]),
              t("afterlife.ui.board.hand", locale, count=player["hand_count"]),
              t("afterlife.ui.board.grave", locale, count=len(player["grave"])),
              t("afterlife.ui.board.afterlife", locale, count=len(player["afterlife"]))]
    write(canvas, (left + 12, y + 92), t("afterlife.ui.board.cores", locale, free=cores - used, cores=cores),
          LABEL, bold=True, words=True)
    write(canvas, (right - 12, y + 92), " · ".join(counts[:2]), LABEL, bold=True, anchor="ra", words=True)
    write(canvas, (right - 12, y + 120), " · ".join(counts[2:]), LABEL, bold=True, anchor="ra", words=True)
    notes = []
    if view.get("phase") == "setup":
        notes.append(t("afterlife.ui.board.picked" if player.get("picked") else "afterlife.ui.board.picking", locale))
    elif player.get("drew3"):
        notes.append(t("afterlife.ui.board.drew3", locale))
    if notes:
        room = right - left - 48 - token_width(" · ".join(counts[2:]), LABEL, True)
        write(canvas, (left + 12, y + 122), fit(" · ".join(notes), SMALL, room), SMALL, MUTED, words=True)
    return y + BAR_H + 8


def public_row(view: View, seat: int, locale: str) -> tuple[str, list[str], float]:
    """The row's label, its cards (the public zone, or at the end of the match the whole hand) and the x
    where the cards start."""
    hands = view.get("hands")
    if hands:
        label = fit(t("afterlife.ui.board.hand_of", locale, player=seat_name(seat, locale)), LABEL,
                    WIDTH - 2 * MARGIN - 16, True)
        return label, list(hands[seat]), MARGIN + 8 + token_width(label, LABEL, True) + 12
    label = t("afterlife.ui.board.public", locale)
    return label, list(view["players"][seat]["public"]), MARGIN + 40 + token_width(label, LABEL, True) + 12


def draw_public(canvas: Canvas, view: View, seat: int, y: int, locale: str) -> int:
    """The public zone as face-up chips (after the eye mark); at the end of the match the whole hand."""
    label, cards, start = public_row(view, seat, locale)
    middle = y + CHIP_H / 2
    if view.get("hands"):
        write(canvas, (MARGIN + 8, middle), label, LABEL, HIGHLIGHT, True, "lm")
    else:
        draw_eye(canvas, MARGIN + 21, middle, 13)
        write(canvas, (MARGIN + 40, middle), label, LABEL, bold=True, anchor="lm")
    if not cards:
        write(canvas, (start, middle), t("afterlife.ui.board.none", locale), LABEL, MUTED, anchor="lm")
        return y + CHIP_H + 6
    return draw_chips(canvas, start, y, cards, locale, MARGIN + 8)


def public_height(view: View, seat: int, locale: str) -> int:
    _, cards, start = public_row(view, seat, locale)
    return chips_height(cards, locale, start, WIDTH - MARGIN, MARGIN + 8) if cards else CHIP_H + 6


def draw_zone_lines(canvas: Canvas, view: View, seat: int, y: int, locale: str, most: int) -> int:
    """The grave and the afterlife (open to both), newest first, each at most ``most`` lines."""
    player = view["players"][seat]
    for zone in ("grave", "afterlife"):
        title = t(f"afterlife.ui.board.{zone}", locale, count=len(player[zone]))
        offset = MARGIN + 8 + token_width(title, LABEL, True) + 12
        write(canvas, (MARGIN + 8, y + 26), title, LABEL, bold=True, anchor="ls", words=True)
        for line in zone_lines(player[zone], locale, WIDTH - MARGIN - 8 - offset, most):
            write_run(canvas, (offset, y + 26), entry_pieces(line, sep(locale)), MAIN, MUTED, anchor="ls")
            y += LINE_STEP
    return y + 4


def zone_lines_height(view: View, seat: int, locale: str, most: int) -> int:
    player = view["players"][seat]
    height = 4
    for zone in ("grave", "afterlife"):
        title = t(f"afterlife.ui.board.{zone}", locale, count=len(player[zone]))
        room = WIDTH - MARGIN - 8 - (MARGIN + 8 + token_width(title, LABEL, True) + 12)
        height += LINE_STEP * len(zone_lines(player[zone], locale, room, most))
    return height


def combat_marks(view: View, locale: str) -> dict[str, Mark]:
    combat = view.get("combat") or {}
    marks: dict[str, Mark] = {}
    if combat.get("attacker"):
        marks[combat["attacker"]] = (t("afterlife.ui.board.attacking", locale), ATTACK)
    for index, cid in enumerate(combat.get("blockers") or []):
        label = t("afterlife.ui.board.blocking", locale)
        if len(combat["blockers"]) > 1:
            label += f" {index + 1}"
        marks[cid] = (label, ATTACK)
    return marks


def field_rows(units: Sequence[Mapping[str, Any]]) -> list[Sequence[Mapping[str, Any]]]:
    return [units[start:start + COLUMNS] for start in range(0, len(units), COLUMNS)]


def row_height(row: Sequence[Mapping[str, Any]], locale: str) -> int:
    return max(tile_height(dict(unit), locale) for unit in row)


def labelled(row: Sequence[Mapping[str, Any]], marks: Mapping[str, Mark]) -> bool:
    return any(marks.get(unit["cid"], ("",))[0] for unit in row)


def field_height(units: Sequence[Mapping[str, Any]], marks: Mapping[str, Mark], locale: str) -> int:
    if not units:
        return 44
    return sum(row_height(row, locale) + GAP + (34 if labelled(row, marks) else 0) for row in field_rows(units))


def draw_field(canvas: Canvas, units: Sequence[Mapping[str, Any]], y: int, locale: str,
               marks: Mapping[str, Mark]) -> int:
    """The creatures of one field, three a row (as many rows as it takes, so every creature shows).
    ``marks`` frames some (cid -> label, colour), the label above the creature."""
    if not units:
        write(canvas, (MARGIN + 8, y + 20), t("afterlife.ui.board.empty_field", locale), LABEL, MUTED, anchor="lm")
        return y + 44
    for row in field_rows(units):
        if labelled(row, marks):
            y += 34  # room for the ATTACKS / BLOCKS labels
        height = row_height(row, locale)
        for index, unit in enumerate(row):
            x = MARGIN + index * (TILE_W + GAP)
            canvas.image.paste(unit_image(dict(unit), locale, height), (x, y))
            mark = marks.get(unit["cid"])
            if mark:
                label, colour = mark
                canvas.rect((x - 3, y - 3, x + TILE_W + 2, y + height + 2), outline=colour, width=4, radius=8)
                if label:
                    pill(canvas, x - 3, y - 34, fit(label, SMALL, TILE_W - 16, True), colour)
        y += height + GAP
    return y


def middle_parts(view: View, locale: str) -> list[str]:
    """What is happening between the fields, a sentence each: the attack and its blockers, instants waiting,
    a card in use (the picture wraps them, the web board lists them)."""
    parts = []
    combat = view.get("combat") or {}
    units = {u["cid"]: u for p in view["players"] for u in p["field"]}

    def unit_name(cid: str) -> str:
        unit = units.get(cid)
        return f"{card_name(unit['card'], locale)} [{cid}]" if unit else cid

    if combat.get("attacker"):
        text = t("afterlife.ui.board.combat", locale, attacker=unit_name(combat["attacker"]))
        if combat.get("blockers"):
            text += " · " + t("afterlife.ui.board.blocked_by", locale,
                              blockers=sep(locale).join(unit_name(c) for c in combat["blockers"]))
        parts.append(text)
    stack = view.get("stack") or []
    if stack:
        items = [f"{card_name(e['card'], locale)} ({seat_name(e['seat'], locale)}"
                 + (f", {t('afterlife.ui.board.negated', locale)})" if e.get("negated") else ")") for e in stack]
        parts.append(t("afterlife.ui.board.stack", locale, cards=sep(locale).join(items)))
    casting = view.get("casting")
    if casting:
        parts.append(t("afterlife.ui.board.casting", locale, player=seat_name(casting["seat"], locale),
                       card=card_name(casting["card"], locale)))
    return parts


def middle_lines(view: View, locale: str) -> list[str]:
    """:func:`middle_parts` wrapped for the picture, each part on its own lines."""
    lines: list[str] = []
    for part in middle_parts(view, locale):
        lines += lines_within(part, LABEL, WIDTH - 2 * MARGIN - 28, 3, True, locale)
    return lines


def draw_middle(canvas: Canvas, lines: Sequence[str], y: int) -> int:
    if not lines:  # nothing between the fields: a plain divider
        canvas.rect((MARGIN, y + 9, WIDTH - MARGIN, y + 11), fill=LINE, radius=0)
        return y + 20
    height = 14 + 30 * len(lines)
    canvas.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=(70, 44, 30), outline=ATTACK, width=2, radius=6,
                on=BACKGROUND)
    for index, line in enumerate(lines):
        write(canvas, (MARGIN + 14, y + 7 + 30 * index), line, LABEL, TEXT, True, words=True)
    return y + height + 8


def middle_height(lines: Sequence[str]) -> int:
    return 20 if not lines else 14 + 30 * len(lines) + 8


def log_lines(parts: Sequence[str]) -> list[tuple[str, bool]]:
    """The newest events that fit in ``LOG_LINES`` lines, oldest first, each starting a line:
    ``(line, starts an event)``."""
    lines: list[tuple[str, bool]] = []
    for part in reversed(parts):
        wrapped = wrap(part, SMALL, WIDTH - 2 * MARGIN - 22)
        if len(lines) + len(wrapped) > LOG_LINES:
            break
        lines = [(line, index == 0) for index, line in enumerate(wrapped)] + lines
    return lines


def draw_log(canvas: Canvas, lines: Sequence[tuple[str, bool]], y: int, locale: str) -> int:
    write(canvas, (MARGIN, y), t("afterlife.ui.board.last", locale), LABEL, bold=True)
    y += 32
    for line, first in lines:  # each event starts a line; its further lines are indented
        write(canvas, (MARGIN + (0 if first else 22), y), line, SMALL, MUTED, words=True)
        y += 26
    return y


def draw_board(view: View, locale: str) -> bytes:
    bottom = view.get("seat")
    bottom = 0 if bottom is None else int(bottom)
    top = 1 - bottom
    marks = combat_marks(view, locale)
    middle = middle_lines(view, locale)
    log = log_lines(log_parts(view, locale))
    side = {seat: BAR_H + 8 + public_height(view, seat, locale) + zone_lines_height(view, seat, locale, ZONE_LINES)
            + field_height(view["players"][seat]["field"], marks, locale) for seat in (0, 1)}
    height = (header_height(view, locale) + side[0] + side[1] + 4 + middle_height(middle)
              + (2 + 32 + 26 * len(log) if log else 0) + 8)
    canvas = Canvas(WIDTH, height, background=BACKGROUND)
    y = draw_header(canvas, view, 0, locale)
    # The top seat: bar, zones, field (its creatures face the middle); then the bottom seat mirrored.
    y = draw_player_bar(canvas, view, top, y, locale)
    y = draw_public(canvas, view, top, y, locale)
    y = draw_zone_lines(canvas, view, top, y, locale, ZONE_LINES)
    y = draw_field(canvas, view["players"][top]["field"], y + 4, locale, marks)
    y = draw_middle(canvas, middle, y)
    y = draw_field(canvas, view["players"][bottom]["field"], y, locale, marks)
    y = draw_public(canvas, view, bottom, y, locale)
    y = draw_zone_lines(canvas, view, bottom, y, locale, ZONE_LINES)
    y = draw_player_bar(canvas, view, bottom, y, locale)
    if log:
        y = draw_log(canvas, log, y + 2, locale)
    return crop_png(canvas, y + 8)


def crop_png(canvas: Canvas, height: int) -> bytes:
    """The picture down to ``height``: the sections measure themselves, so the canvas is made at the exact
    height and nothing is copied; a crop only guards against a measure falling out of step."""
    if height == canvas.image.height:
        return encode_png(canvas.image)
    return encode_png(canvas.image.crop((0, 0, WIDTH, height)))
