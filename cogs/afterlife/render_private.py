"""Afterlife's private hand picture: the seat's bar, its open question (what it asks, which cards it may
pick), its hand in full or its four bundles during setup, the take choices, then both fields, stacked by
``draw_hand``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import t
from bot.render.names import shown_to_all
from bot.render.toolkit import Canvas, token_width
from cogs.afterlife import cards as catalogue
from cogs.afterlife.render_table import (
    BAR_H,
    FULL_ZONE_LINES,
    Mark,
    View,
    combat_marks,
    crop_png,
    draw_field,
    draw_header,
    draw_middle,
    draw_player_bar,
    draw_public,
    draw_zone_lines,
    field_height,
    fmt_args,
    header_height,
    middle_height,
    middle_lines,
    public_height,
    zone_lines_height,
)
from cogs.afterlife.render_tiles import (
    BACKGROUND,
    CHIP_H,
    CHOICE,
    DAMAGE,
    FACE_W,
    GAP,
    HIGHLIGHT,
    LABEL,
    LIFE,
    LINE,
    MAIN,
    MARGIN,
    MUTED,
    PANEL,
    SMALL,
    WIDTH,
    badge,
    card_face,
    chips_height,
    colour_of,
    draw_chips,
    draw_cost,
    face_height,
    fit,
    lines_within,
    pill,
    write,
)
from cogs.afterlife.text import card_name, seat_name, type_name

DECISION_KINDS = ("bundle", "send", "main", "sacrifice", "show", "cut", "target", "window", "block", "blockers",
                  "order")


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


def bundle_heading(view: View, seat: int, locale: str) -> str:
    """Above the bundles: pick one, or which one the seat picked."""
    player = view["players"][seat]
    pick = player.get("pick")
    if player.get("picked") and pick:
        return t("afterlife.ui.hand.bundle_picked_number", locale, number=pick)
    return t("afterlife.ui.hand.bundle_picked" if player.get("picked") else "afterlife.ui.hand.bundles", locale)


def bundle_title(view: View, seat: int, locale: str) -> list[str]:
    return lines_within(bundle_heading(view, seat, locale), 24, WIDTH - 2 * MARGIN, 2, True, locale)


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
            + public_height(view, seat, locale) + seen_height(view, seat, locale)
            + zone_lines_height(view, seat, locale, FULL_ZONE_LINES))


def seen_row(view: View, seat: int, locale: str) -> tuple[str, list[str], float]:
    """The opponent's hidden hand cards this seat has read (its own panel only: a reminder, not news): the
    row's label, its cards and the x where they start; no cards on any other side or picture."""
    cards = list(view.get("seen_in_opponent_hand") or [])
    if seat == view.get("seat") or shown_to_all(view) or not cards:
        return "", [], 0
    label = t("afterlife.ui.hand.seen", locale)
    return label, cards, MARGIN + 40 + token_width(label, LABEL, True) + 12


def seen_height(view: View, seat: int, locale: str) -> int:
    _, cards, start = seen_row(view, seat, locale)
    return chips_height(cards, locale, start, WIDTH - MARGIN, MARGIN + 8) if cards else 0


def draw_seen(canvas: Canvas, view: View, seat: int, y: int, locale: str) -> int:
    label, cards, start = seen_row(view, seat, locale)
    if not cards:
        return y
    write(canvas, (MARGIN + 8, y + CHIP_H / 2), label, LABEL, HIGHLIGHT, True, "lm")
    return draw_chips(canvas, start, y, cards, locale, MARGIN + 8)


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
    y = draw_seen(canvas, view, seat, y, locale)
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
    title = t(f"afterlife.ui.hand.{'title_of' if shown_to_all(view) else 'title'}", locale,
              player=seat_name(seat, locale))
    y = draw_header(canvas, view, 0, locale, title)
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
        public = shown_to_all(view)  # neither field is "yours" to the thread: each is named by its owner
        y = draw_side(canvas, view, other, y, t(f"afterlife.ui.hand.{'field' if public else 'their_field'}", locale),
                      locale, marks)
        y = draw_side(canvas, view, seat, y, t(f"afterlife.ui.hand.{'field' if public else 'your_field'}", locale),
                      locale, marks)
    return crop_png(canvas, y + 8)
