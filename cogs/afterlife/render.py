"""Afterlife images: the public board, a seat's private hand picture and /card pictures.

Renderers read a view (``ENGINE.view`` or, for the end-of-match board, ``ENGINE.reveal_all``, which is
the public view plus both hands) and nothing else, so no image can show a hidden card.

Drawn for a phone (issue 13): 720 px wide, sections stacked top to bottom, text sizes and marks in
``render_tiles``. The board: the top seat's bar, public zone, grave and afterlife, and field; the combat and
instants band; the bottom seat's field, zones and bar; the last public events. The hand picture: the
seat's bar, its open question, its hand in full (or its four bundles), then both fields.

A picture is a pure function of the view, the locale and the seats' names, so the last few pictures are
kept (``picture_cache``) and a render of an unchanged view returns the same bytes without drawing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from bot.cards import Card
from bot.i18n import t
from bot.render.names import localized_args, seat_label
from bot.render.toolkit import Canvas, encode_png, sized_cache, token_width
from cogs.afterlife import cards as catalogue
from cogs.afterlife.render_tiles import (
    ATTACK,
    BACKGROUND,
    CHIP_H,
    CHOICE,
    COLUMNS,
    DAMAGE,
    DARK,
    DEEP,
    FACE_W,
    FILL,
    GAP,
    HIGHLIGHT,
    KEYWORD,
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
    TILE,
    TILE_W,
    TITLE,
    WIDTH,
    badge,
    card_face,
    chips_height,
    colour_of,
    cores_width,
    draw_chips,
    draw_cores,
    draw_cost,
    draw_eye,
    entries_lines,
    entry_pieces,
    face_height,
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
from cogs.afterlife.render_tiles import (
    clear_caches as clear_tile_caches,
)
from cogs.afterlife.text import (
    ARG_FORMATTERS,
    card_name,
    keyword_name,
    lang,
    phase_name,
    reason_name,
    seat_name,
    type_name,
)

View = Mapping[str, Any]
Mark = tuple[str, tuple[int, int, int]]

BAR_H = 156
LINE_STEP = 34  # a line of MAIN text
ZONE_LINES = 2  # grave and afterlife lines on the board (the hand picture writes them out)
FULL_ZONE_LINES = 4
LOG_LINES = 6


# --- words ---------------------------------------------------------------------------------------


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


# --- sections (each draws at ``y`` and returns the y below it) --------------------------------------


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


def middle_lines(view: View, locale: str) -> list[str]:
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
    lines: list[str] = []
    for part in parts:  # each part on its own lines
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


# --- the board -----------------------------------------------------------------------------------


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


# --- the hand picture ----------------------------------------------------------------------------

DECISION_KINDS = ("bundle", "send", "main", "sacrifice", "show", "cut", "target", "window", "block", "order")


def decision_of(view: View) -> Mapping[str, Any]:
    return view.get("decision") or {}


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


BUNDLE_ROW = 44


def bundle_title(view: View, seat: int, locale: str) -> list[str]:
    player = view["players"][seat]
    pick = player.get("pick")
    if player.get("picked") and pick:
        title = t("afterlife.ui.hand.bundle_picked_number", locale, number=pick)
    else:
        title = t("afterlife.ui.hand.bundle_picked" if player.get("picked") else "afterlife.ui.hand.bundles", locale)
    return lines_within(title, 24, WIDTH - 2 * MARGIN, 2, True, locale)


def bundle_height(view: View, seat: int, locale: str) -> int:
    return 12 + 32 * len(bundle_title(view, seat, locale)) + sum(
        52 + BUNDLE_ROW * len(bundle) + 12 for bundle in view["players"][seat]["bundles"])


def draw_bundles(canvas: Canvas, view: View, seat: int, y: int, locale: str) -> int:
    """The four bundles (setup), one card a line: colour letter, name, type, power/toughness, cost."""
    player = view["players"][seat]
    bundles = player.get("bundles") or []
    pick = player.get("pick")
    for line in bundle_title(view, seat, locale):
        write(canvas, (MARGIN, y + 4), line, 24, HIGHLIGHT, True, words=True)
        y += 32
    y += 12
    choosable = option_targets(view)["bundle"]
    left, right = MARGIN, WIDTH - MARGIN
    for index, bundle in enumerate(bundles):
        picked = pick == index + 1
        height = 52 + BUNDLE_ROW * len(bundle)
        outline = HIGHLIGHT if picked else CHOICE if str(index + 1) in choosable else LINE
        canvas.rect((left, y, right, y + height), fill=PANEL, outline=outline, width=4 if picked else 2)
        write(canvas, (left + 14, y + 8), t("afterlife.ui.hand.bundle", locale, number=index + 1), 24, bold=True)
        row = y + 46
        for card in sorted(bundle, key=lambda c: (catalogue.cost(c), c)):
            info = catalogue.info(card)
            middle = row + BUNDLE_ROW / 2 - 2
            badge(canvas, left + 12, middle - 15, colour_of(card), locale)
            draw_cost(canvas, right - 52, middle - 19, int(info["cost"]), size=38)
            x = right - 62
            if info["type"] != "instant":
                pt = f"{info['power']}/{info['toughness']}"
                write(canvas, (x, middle), pt, MAIN, bold=True, anchor="rm")
                x -= token_width(pt, MAIN, True) + 12
            kind = fit(type_name(info["type"], locale), SMALL, 190)
            write(canvas, (x, middle), kind, SMALL, MUTED, anchor="rm")
            x -= token_width(kind, SMALL) + 12
            name_x = left + 50
            write(canvas, (name_x, middle), fit(card_name(card, locale), MAIN, x - name_x, True), MAIN,
                  bold=True, anchor="lm")
            row += BUNDLE_ROW
        y += height + 12
    return y


def hand_cards(view: View, seat: int) -> list[tuple[str, bool]]:
    player = view["players"][seat]
    return [(c, True) for c in player.get("public") or []] + [(c, False) for c in player.get("hand") or []]


def card_rows(cards: Sequence[Any]) -> list[Sequence[Any]]:
    return [cards[start:start + 2] for start in range(0, len(cards), 2)]


def card_tags(view: View, card: str, public: bool, locale: str) -> list[tuple[str, tuple[int, int, int], bool]]:
    """The labels above a hand card: PUBLIC (with the eye), then USABLE or CHOICE; ``(label, colour, eye)``."""
    tags = [(t("afterlife.ui.hand.public_mark", locale), HIGHLIGHT, True)] if public else []
    if any(option == f"play:{card}" for option in decision_of(view).get("options") or []):
        tags.append((t("afterlife.ui.hand.usable", locale), CHOICE, False))
    elif card in option_targets(view)["card"]:
        tags.append((t("afterlife.ui.hand.choice", locale), CHOICE, False))
    return tags


def tag_room(view: View, row: Sequence[tuple[str, bool]], locale: str) -> int:
    """A strip above a row of cards for their labels; a thin gap (for the frames) when none has one."""
    return 34 if any(card_tags(view, card, public, locale) for card, public in row) else 6


def hand_height(view: View, seat: int, locale: str) -> int:
    cards = hand_cards(view, seat)
    if not cards:
        return 40 + 40
    return 40 + sum(tag_room(view, row, locale) + max(face_height(c, locale) for c, _ in row) + 14
                    for row in card_rows(cards))


def draw_hand_cards(canvas: Canvas, view: View, seat: int, y: int, locale: str) -> int:
    """Every card of the hand in full, two a row; public cards marked, usable and choosable ones framed."""
    cards = hand_cards(view, seat)
    public = sum(1 for _, is_public in cards if is_public)
    write(canvas, (MARGIN, y + 4), t("afterlife.ui.hand.count", locale, count=len(cards), public=public), 24,
          bold=True, words=True)
    y += 40
    if not cards:
        write(canvas, (MARGIN, y), t("afterlife.ui.hand.empty", locale), LABEL, MUTED)
        return y + 40
    for row in card_rows(cards):
        height = max(face_height(c, locale) for c, _ in row)
        top = y + tag_room(view, row, locale)
        for index, (card, is_public) in enumerate(row):
            x = MARGIN + index * (FACE_W + GAP)
            canvas.image.paste(card_face(card, height, locale), (x, top))
            tags = card_tags(view, card, is_public, locale)
            tag_x = x
            for label, colour, eye in tags:
                tag_x = pill(canvas, tag_x, y, label, colour, eye)
            if any(colour == CHOICE for _, colour, _ in tags):  # the seat may pick it now
                canvas.rect((x - 4, top - 4, x + FACE_W + 3, top + height + 3), outline=CHOICE, width=4, radius=8)
        y = top + height + 14
    return y


def take_height(cards: Sequence[str], locale: str) -> int:
    return 40 + sum(max(face_height(c, locale) for c in row) + 14 for row in card_rows(sorted(cards)))


def draw_take_choices(canvas: Canvas, cards: Sequence[str], y: int, locale: str) -> int:
    """Cards offered from the afterlife, in full, framed."""
    write(canvas, (MARGIN, y + 4), t("afterlife.ui.hand.your_afterlife", locale), 24, HIGHLIGHT, True)
    y += 40
    for row in card_rows(sorted(cards)):
        height = max(face_height(c, locale) for c in row)
        for index, card in enumerate(row):
            x = MARGIN + index * (FACE_W + GAP)
            canvas.image.paste(card_face(card, height, locale), (x, y))
            canvas.rect((x - 4, y - 4, x + FACE_W + 3, y + height + 3), outline=CHOICE, width=4, radius=8)
        y += height + 14
    return y


def side_marks(view: View, locale: str, framed: set[str]) -> dict[str, Mark]:
    marks = combat_marks(view, locale)
    for cid in framed:
        marks.setdefault(cid, ("", CHOICE))
    return marks


def side_height(view: View, seat: int, locale: str, marks: Mapping[str, Mark]) -> int:
    return (8 + 40 + (44 if seat != view.get("seat") else 0) + field_height(view["players"][seat]["field"], marks, locale)
            + public_height(view, seat, locale) + zone_lines_height(view, seat, locale, FULL_ZONE_LINES))


def draw_side(canvas: Canvas, view: View, seat: int, y: int, title: str, locale: str,
              marks: Mapping[str, Mark]) -> int:
    """One side's field (options framed), with its public zone, grave and afterlife; the opponent's side
    also gets its life and counts."""
    player = view["players"][seat]
    y += 8
    label = f"{title} · {seat_name(seat, locale)}"
    write(canvas, (MARGIN, y + 4), fit(label, 24, WIDTH - 2 * MARGIN, True), 24, bold=True)
    y += 40
    if seat != view.get("seat"):
        life = int(player["life"])
        life_text = f"♥ {life}"
        write(canvas, (MARGIN + 4, y + 18), life_text, MAIN + 2, DAMAGE if life <= 1000 else LIFE, True, "lm")
        stats = [t("afterlife.ui.board.cores", locale, free=player["cores"] - player["cores_used"],
                   cores=player["cores"]),
                 t("afterlife.ui.board.hand", locale, count=player["hand_count"]),
                 t("afterlife.ui.board.deck", locale, count=player["deck_count"])]
        x = MARGIN + 20 + token_width(life_text, MAIN + 2, True)
        write(canvas, (x, y + 18), fit(" · ".join(stats), LABEL, WIDTH - MARGIN - x, True), LABEL, bold=True,
              anchor="lm", words=True)
        y += 44
    y = draw_field(canvas, player["field"], y, locale, marks)
    y = draw_public(canvas, view, seat, y, locale)
    return draw_zone_lines(canvas, view, seat, y, locale, FULL_ZONE_LINES)


def draw_heading(canvas: Canvas, lines: Sequence[str], y: int) -> int:
    """What the seat is asked now, in a gold band."""
    height = 12 + 30 * len(lines)
    canvas.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=(74, 62, 28), outline=HIGHLIGHT, width=2, radius=6,
                on=BACKGROUND)
    for index, line in enumerate(lines):
        write(canvas, (MARGIN + 14, y + 6 + 30 * index), line, LABEL, HIGHLIGHT, True, words=True)
    return y + height + 10


def draw_hand(view: View, locale: str) -> bytes:
    seat = view.get("seat")
    seat = int(view.get("active", 0) if seat is None else seat)
    other = 1 - seat
    player = view["players"][seat]
    heading = decision_heading(view, locale)
    heading_lines = lines_within("▶ " + heading, LABEL, WIDTH - 2 * MARGIN - 28, 3, True, locale) if heading else []
    targets = option_targets(view)
    playing = view.get("phase") != "setup"
    middle = middle_lines(view, locale) if playing and (view.get("combat") or view.get("stack")
                                                         or view.get("casting")) else []
    marks = side_marks(view, locale, targets["unit"])
    height = header_height(view, locale) + BAR_H + 8 + (12 + 30 * len(heading_lines) + 10 if heading_lines else 0)
    height += bundle_height(view, seat, locale) if player.get("bundles") else hand_height(view, seat, locale)
    if targets["take"]:
        height += 4 + take_height(sorted(targets["take"]), locale)
    if playing:
        height += (middle_height(middle) + 4 if middle else 0) + side_height(view, other, locale, marks) \
            + side_height(view, seat, locale, marks)
    height += 8
    canvas = Canvas(WIDTH, height, background=BACKGROUND)
    canvas.rect((0, 0, WIDTH, 82), fill=(52, 56, 72), radius=0)
    y = draw_header(canvas, view, 0, locale, t("afterlife.ui.hand.title", locale, player=seat_name(seat, locale)))
    y = draw_player_bar(canvas, view, seat, y, locale, on=None)  # its top edge lies on the title band
    if heading_lines:
        y = draw_heading(canvas, heading_lines, y)
    if player.get("bundles"):
        y = draw_bundles(canvas, view, seat, y, locale)
    else:
        y = draw_hand_cards(canvas, view, seat, y, locale)
    if targets["take"]:
        y = draw_take_choices(canvas, sorted(targets["take"]), y + 4, locale)
    if playing:
        if middle:
            y = draw_middle(canvas, middle, y + 4)
        y = draw_side(canvas, view, other, y, t("afterlife.ui.hand.their_field", locale), locale, marks)
        y = draw_side(canvas, view, seat, y, t("afterlife.ui.hand.your_field", locale), locale, marks)
    return crop_png(canvas, y + 8)


# --- the last pictures, kept -----------------------------------------------------------------------


class ViewKey:
    """A view with its canonical JSON: hashable, so the last pictures can be looked up by what they show."""

    __slots__ = ("view", "text")

    def __init__(self, view: View) -> None:
        self.view = view
        self.text = json.dumps(view, sort_keys=True, default=str, separators=(",", ":"))

    def __hash__(self) -> int:
        return hash(self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ViewKey) and other.text == self.text


@sized_cache(megabytes=0.25)
def picture_cache(kind: str, key: ViewKey, locale: str, names: tuple[str, str]) -> bytes:
    """One picture per (kind, view, locale, seat labels): the board and hand pictures of a position are
    asked for again (the thread post, its edits, the DMs, the My hand button) while nothing changed."""
    draw: Callable[[View, str], bytes] = draw_board if kind == "board" else draw_hand
    return draw(key.view, locale)


def render_board(view: View, locale: str) -> bytes:
    """Both sides (the viewer at the bottom, else Player 1), the combat/instant band between the fields,
    and the last public events when the view carries them."""
    return picture_cache("board", ViewKey(view), locale, (seat_label(0, locale), seat_label(1, locale)))


def render_hand(view: View, locale: str) -> bytes:
    """A seat's own picture: its hand in full (public cards marked, usable and choosable cards framed),
    its bundles during setup, then both fields with the creatures it may pick framed."""
    return picture_cache("hand", ViewKey(view), locale, (seat_label(0, locale), seat_label(1, locale)))


def clear_caches() -> None:
    """Forget every kept picture, tile and text stamp."""
    clear_tile_caches()
    laid_zone_lines.cache_clear()


# --- /card ---------------------------------------------------------------------------------------

CARD_W = 640


def render_card(card: Card, locale: str) -> bytes:
    """A card for /card: name (and the other language's), id, colour letter, cost, type, public cost,
    keywords, the text, power/toughness. 640 px wide: text >= 18 px (1/36), name, cost and
    power/toughness >= 26 px."""
    info = catalogue.info(card.id)
    colour = info["colour"]
    width = CARD_W
    text_lines = wrap(card.text(locale), 24, width - 70)
    height = max(460, 300 + len(text_lines) * 32 + 60)
    canvas = Canvas(width, height, background=BACKGROUND)
    canvas.rect((8, 8, width - 8, height - 8), fill=TILE, outline=FILL[colour], width=5, radius=16)
    canvas.rect((8, 8, width - 8, 76), fill=DEEP[colour], radius=14)
    badge(canvas, 22, 24, colour, locale, size=34, on=DEEP[colour])
    write(canvas, (66, 42), fit(card.name(locale), 30, width - 170, True), 30, bold=True, anchor="lm")
    draw_cost(canvas, width - 76, 16, int(info["cost"]), size=52)
    other = card.name_en if lang(locale) == "ja" else card.name_ja
    write(canvas, (26, 86), fit(f"{card.id} · {other}", 24, width - 52), 24, MUTED)
    facts = [t("afterlife.ui.colour." + colour, locale), type_name(info["type"], locale),
             t("afterlife.ui.card.cost", locale, cost=info["cost"])]
    write(canvas, (26, 122), " · ".join(facts), 24, HIGHLIGHT, True)
    y = 160
    if info["public"]:
        draw_eye(canvas, 40, y + 14, 14)
        write(canvas, (62, y + 14), t("afterlife.ui.card.public_cost", locale), 22, bold=True, anchor="lm")
    else:
        write(canvas, (26, y + 14), t("afterlife.ui.card.no_public_cost", locale), 20, MUTED, anchor="lm")
    y += 40
    keywords = [keyword_name(k, locale) for k in info["keywords"]]
    if keywords:
        x = 26
        for word in keywords:
            w = token_width(word, 20, True) + 20
            canvas.rect((x, y, x + w, y + 32), fill=(70, 56, 100), outline=KEYWORD, width=2, radius=8)
            write(canvas, (x + 10, y + 16), word, 20, (230, 215, 255), True, "lm")
            x += w + 8
        y += 44
    canvas.rect((24, y, width - 24, y + 2), fill=LINE, radius=0)
    y += 14
    for line in text_lines:
        write(canvas, (32, y), line, 24, words=True)
        y += 32
    if info["type"] != "instant":
        pt = f"{info['power']} / {info['toughness']}"
        w = token_width(pt, 30, True) + 30
        canvas.rect((width - 26 - w, height - 70, width - 26, height - 24), fill=DARK, radius=10)
        write(canvas, (width - 26 - w / 2, height - 47), pt, 30, bold=True, anchor="mm")
    source = t(f"card.source_{card.source}", locale)
    write(canvas, (26, height - 40), t("afterlife.ui.card.source", locale, source=source), 18, MUTED, anchor="lm")
    return canvas.png()
