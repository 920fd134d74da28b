"""Starfall's private panel (a seat's hand picture): the marks of its open decision on both fields, the
focused card in full, both players in brief, the side log and the legend, laid out by ``panel_layout``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bot.i18n import t
from bot.render.names import shown_to_all
from bot.render.toolkit import Canvas, token_width, wrap_text
from bot.render.toolkit import fit_text as fit
from cogs.starfall import board
from cogs.starfall import cards as catalogue
from cogs.starfall.render_fields import Marks, acting_square, draw_fields, draw_pips, heading
from cogs.starfall.render_pieces import (
    BACKGROUND,
    BODY,
    CHOICE,
    DEEP,
    FIELD_H,
    FILL,
    GOLD,
    HIT,
    MAIN,
    MARGIN,
    MID_H,
    MUTED,
    PANEL,
    SEAT_TINT,
    SMALL,
    TEXT,
    TILE,
    TITLE,
    WIDTH,
    Picture,
    View,
    as_view,
    badge,
    bottom_seat,
    fmt_args,
    log_parts,
    reason_text,
)
from cogs.starfall.text import ability_line, seat_name, skill_line


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
        out += [(line, colour, good) for line in wrap_text(text, BODY, width, good)]
        out.append(("", TEXT, False))
    return out[:-1]


LINE = BODY + 6


def detail_text_width(x0: float, x1: float) -> int:
    return int(x1 - x0 - 28)


def detail_height(lines: Sequence[tuple[str, tuple[int, int, int], bool]]) -> int:
    """The height of a card's full-text box: its name band, then the lines (a blank one is a small gap)."""
    return 54 + sum(LINE if text else 6 for text, _, _ in lines) + 8


def card_detail(canvas: Canvas, card_id: str, x0: float, y0: float, x1: float, locale: str,
                usable: set[str] | None = None, beginner: bool = False) -> float:
    """A card's full text in a box sized to it: name, attribute, HP, ability and skills. Returns its bottom."""
    lines = detail_lines(card_id, locale, detail_text_width(x0, x1), usable, beginner)
    y1 = y0 + detail_height(lines)
    found = catalogue.card(card_id)
    attribute = str(found.stats["attribute"])
    canvas.rect((x0, y0, x1, y1), fill=TILE, outline=FILL[attribute], width=3, on=BACKGROUND)
    canvas.rect((x0, y0, x1, y0 + 44), fill=DEEP[attribute], radius=7)
    badge(canvas, x0 + 8, y0 + 9, attribute, locale, size=26)
    hp = f"HP {found.stats['hp']}"
    canvas.text((x1 - 12, y0 + 22), hp, size=MAIN, bold=True, anchor="rm")
    canvas.text((x0 + 70, y0 + 22), fit(found.name(locale), TITLE, x1 - x0 - 100 - token_width(hp, MAIN, True), True),
                size=TITLE, bold=True, anchor="lm")
    y = y0 + 54
    for text, colour, bold in lines:
        if text:
            canvas.words((x0 + 14, y), text, BODY, colour, bold)
        y += LINE if text else 6
    return y1


def draw_player_brief(canvas: Canvas, view: View, seat: int, x0: float, y0: float, x1: float, locale: str) -> float:
    """Two lines: the player (gold when to act), then deck, grave and turns taken this round."""
    player = view["players"][seat]
    active = view.get("active") == seat and not view.get("result") and view.get("phase") != "over"
    canvas.rect((x0, y0, x1, y0 + BRIEF_H), fill=PANEL, outline=GOLD if active else (70, 76, 92),
                width=3 if active else 2, on=BACKGROUND)
    name = seat_name(seat, locale)
    if active:
        name = "▶ " + name
    canvas.text((x0 + 10, y0 + 6), fit(name, BODY, x1 - x0 - 20, True), size=BODY, bold=True,
                fill=GOLD if active else TEXT)
    line = "  ".join([t("starfall.ui.deck", locale, count=player["deck_count"]),
                      t("starfall.ui.grave", locale, count=len(player["grave"]))])
    canvas.text((x0 + 10, y0 + 38), fit(line, BODY, x1 - x0 - 90, True), size=BODY, bold=True)
    draw_pips(canvas, x1 - 10 - 3 * 21, y0 + 44, int(player.get("chips", 0)), 3, size=16)
    return y0 + BRIEF_H


BRIEF_H = 74


def side_log_lines(view: View, width: int, room: int, locale: str) -> list[str]:
    """The newest whole events that fit in ``room`` wrapped lines, oldest first."""
    chosen: list[str] = []
    for part in reversed(log_parts(view, locale)):
        lines = wrap_text(part, BODY, width - BODY)  # room for a closing mark kept on its line (kinsoku)
        if len(chosen) + len(lines) > room:
            break
        chosen = lines + chosen
    return chosen


def panel_layout(view: View, locale: str) -> dict[str, Any]:
    """What the panel shows and how tall each part is, so the picture is sized before drawing."""
    seat = bottom_seat(view)
    decision = view.get("decision") or {}
    options = decision.get("options") or []
    result = view.get("result")
    left, right, colour = heading(view, locale)
    if options:
        prompt, ink = t(decision["prompt"], locale, **fmt_args(decision.get("args") or {}, locale)), GOLD
    elif result:
        prompt, ink = f"{right} · {reason_text(result, locale)}", colour
    else:
        prompt, ink = t("starfall.ui.waiting", locale), MUTED
    card_id = focus_card(view) if options else None
    if card_id not in catalogue.by_id():
        card_id = None
    usable = ({o.split(":")[1] for o in options if o.startswith("skill:")}
              if any(o.startswith("skill:") for o in options) else None)
    legend = legend_lines(locale, usable is not None)
    return {
        "seat": seat, "options": options, "round": left.split(" · ", 1)[-1],
        "prompt": wrap_text(prompt, BODY + 2, WIDTH - 2 * MARGIN - BODY, True)[:3], "ink": ink,
        "card": card_id, "usable": usable, "summon": card_id is None and "summon" in options,
        "legend": legend, "log": side_log_lines(view, WIDTH - 2 * MARGIN, PANEL_LOG_ROOM, locale),
        "summon_text": wrap_text(t("starfall.ui.summon_info", locale, count=view["players"][seat]["deck_count"]),
                                 BODY, WIDTH - 2 * MARGIN - 24),
    }


PANEL_LOG_ROOM = 4


@lru_cache(maxsize=8)
def legend_lines(locale: str, hits: bool) -> tuple[str, ...]:
    """The panel's legend (and, while a skill is chosen, what the orange marks mean), wrapped."""
    lines = wrap_text(t("starfall.ui.legend", locale), SMALL, WIDTH - 2 * MARGIN)
    if hits:
        lines += wrap_text(t("starfall.ui.hits_legend", locale), SMALL, WIDTH - 2 * MARGIN)
    return tuple(lines)


def render_hand(view: View, locale: str) -> bytes:
    """The seat's own panel, stacked for a phone: the prompt, the card it is deciding about in full (or a
    summon note), the fields from its side with what its decision offers marked, both players in brief
    and the last events."""
    view = as_view(view)
    layout = panel_layout(view, locale)
    seat, options = layout["seat"], layout["options"]
    beginner = bool(view.get("beginner"))
    y = 58 + len(layout["prompt"]) * (BODY + 8) + 6
    if layout["card"]:
        width = detail_text_width(MARGIN - 4, WIDTH - MARGIN + 4)
        card_h = detail_height(detail_lines(layout["card"], locale, width, layout["usable"], beginner)) + 10
    elif layout["summon"]:
        card_h = 20 + len(layout["summon_text"]) * LINE + 10
    else:
        card_h = 0
    fields_y = y + card_h
    legend_y = fields_y + 2 * FIELD_H + MID_H + 6
    brief_y = legend_y + len(layout["legend"]) * (SMALL + 6) + 8
    log_y = brief_y + BRIEF_H + 10
    height = log_y + (32 + len(layout["log"]) * LINE if layout["log"] else 0) + 8
    canvas = Picture(WIDTH, int(height), background=BACKGROUND)
    canvas.rect((0, 0, WIDTH, 50), fill=SEAT_TINT[seat], radius=0)
    round_text = layout["round"]
    canvas.text((WIDTH - MARGIN, 25), round_text, size=BODY, bold=True, anchor="rm")
    room = WIDTH - 3 * MARGIN - token_width(round_text, BODY, True)
    title = t(f"starfall.ui.{'panel_of' if shown_to_all(view) else 'your_panel'}", locale,
              player=seat_name(seat, locale))
    canvas.text((MARGIN, 25), fit(title, MAIN - 2, room,
                                  True), size=MAIN - 2, bold=True, anchor="lm")
    for index, line in enumerate(layout["prompt"]):
        canvas.words((MARGIN, 58 + index * (BODY + 8)), line, BODY + 2, layout["ink"], True)
    if layout["card"]:
        card_detail(canvas, layout["card"], MARGIN - 4, y, WIDTH - MARGIN + 4, locale, layout["usable"], beginner)
    elif layout["summon"]:
        canvas.rect((MARGIN - 4, y, WIDTH - MARGIN + 4, y + card_h - 10), fill=PANEL, outline=CHOICE, width=3,
                    on=BACKGROUND)
        for index, line in enumerate(layout["summon_text"]):
            canvas.words((MARGIN + 10, y + 10 + index * LINE), line, BODY)
    marks, _ = panel_marks(view, locale) if options else ({}, {})
    draw_fields(canvas, view, int(fields_y), locale, marks=marks, acting=acting_square(view))
    for index, line in enumerate(layout["legend"]):  # the same lines in every panel: whole, from their masks
        canvas.text((MARGIN, legend_y + index * (SMALL + 6)), line, SMALL, MUTED)
    half = (WIDTH - 2 * MARGIN - 8) // 2
    draw_player_brief(canvas, view, 1 - seat, MARGIN - 4, brief_y, MARGIN - 4 + half, locale)
    draw_player_brief(canvas, view, seat, WIDTH - MARGIN + 4 - half, brief_y, WIDTH - MARGIN + 4, locale)
    if layout["log"]:
        canvas.text((MARGIN, log_y), t("starfall.ui.last", locale), size=BODY, bold=True)
        for index, line in enumerate(layout["log"]):
            canvas.words((MARGIN, log_y + 32 + index * LINE), line, BODY, MUTED)
    return canvas.png()
