"""TetrAction's board for the web page (bot/web/boards.py): the heading (turn, who moves or who won), both
players' panels (life, mana, ether, marker, the row each reads with its mana slots, the hand piles and hand
cards with their charge and cubes), the three tetrites from above between them (inline SVG, as the picture
turns them for the bottom seat), the public cards, the accident deck and the last actions; in a seat's own
view its row's slots, its hand cards in full and the cards it is choosing between. Every colour comes with
its shape (red ▲, yellow ●, blue ■) and its name for screen readers. Built from exactly the view its
pictures are drawn from (``as_view``: the final board's raw state becomes the public view), with the
renderer's own words; pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import t
from bot.render.names import shown_to_all
from bot.web.boards import draw
from cogs.tetra import cards as catalogue
from cogs.tetra import geometry as geo
from cogs.tetra.describe import row_words
from cogs.tetra.render_cards import detail_lines
from cogs.tetra.render_pieces import RIM, as_view, log_parts, owner_of, short_seat
from cogs.tetra.render_private import option_cards, pending_cards
from cogs.tetra.render_table import direction_angle, heading, polar
from cogs.tetra.table import ACCIDENT_THRESHOLD
from cogs.tetra.text import SHAPE, colour_name, public_effect_text, rim_name, seat_name
from cogs.tetra.words import cost_text

View = Mapping[str, Any]
LOG_ROOM = 6  # last actions under the board (the picture has room for two or three)
SIZE, RADIUS = 160, 72  # a tetrite's SVG view box and its radius, as the picture draws it (66 of 226)


def _points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _tetrite(view: View, tetrite: Mapping[str, Any], bottom: int, markers: Mapping[str, int],
             locale: str) -> dict[str, Any]:
    """A tetrite from above as the picture draws it: each side face a third of the triangle in its colour
    with its shape, an own-colour face's white or black rim along the outer edge; its owner, its face
    down and the marker before it in words."""
    c = SIZE / 2
    faces = []
    for face, direction in tetrite["faces"].items():
        if direction == geo.BOTTOM:
            continue
        angle = direction_angle(direction, bottom)
        v1, v2 = polar(c, c, RADIUS, angle - 1.0471975512), polar(c, c, RADIUS, angle + 1.0471975512)
        colour = geo.face_colour(tetrite["colour"], face)
        rim = ""
        if face in RIM:
            k = 0.32  # the picture's rim depth (0.16 of the radius) over half the radius
            inner = [(v[0] + (c - v[0]) * k, v[1] + (c - v[1]) * k) for v in (v2, v1)]
            rim = _points([v1, v2, *inner])
        faces.append({"colour": colour, "points": _points([(c, c), v1, v2]), "rim": rim, "rim_colour": face,
                      "mark": ((c + v1[0] + v2[0]) / 3, (c + v1[1] + v2[1]) / 3)})
    owner = owner_of(view, tetrite["colour"])
    seat = markers.get(tetrite["colour"])
    return {"colour": tetrite["colour"], "name": colour_name(tetrite["colour"], locale), "faces": faces,
            "tag": t("tetra.board.neutral", locale) if owner is None else short_seat(owner, locale),
            "down": t("tetra.board.down", locale, face=rim_name(geo.bottom_face(tetrite["faces"]), locale)),
            "marker": None if seat is None else {
                "short": short_seat(seat, locale), "colour": view["players"][seat]["colour"],
                "top": seat != bottom, "words": t("web_tetra.marker_of", locale, player=seat_name(seat, locale))}}


def _row(view: View, seat: int, locale: str) -> dict[str, Any]:
    """A player's visible row in reading order: slot, faces, slot, faces, slot, faces, slot; each tetrite's
    faces on a bar of its colour."""
    row = view["rows"][seat]
    items = []
    for index, group in enumerate(row["groups"]):
        items.append({"slot": row["slots"][str(index + 1)]})
        items.append({"group": list(group), "bar": row["tetrites"][index]})
    items.append({"slot": row["slots"]["4"]})
    return {"parts": items, "words": row_words(row["groups"], locale)}


def _mana(mana: Mapping[str, int], locale: str) -> list[dict[str, Any]]:
    return [{"colour": colour, "count": mana[colour],
             "words": t("alt.tetra.mana_colour", locale, colour=colour_name(colour, locale), count=mana[colour])}
            for colour in geo.COLOURS]


def _hand_line(hand: Mapping[str, Any], locale: str) -> dict[str, Any]:
    card_id = hand["id"]
    most = int(catalogue.field(card_id, "max_charge"))
    return {"id": card_id, "colour": catalogue.field(card_id, "colour"), "name": catalogue.card(card_id).name(locale),
            "charge": t("tetra.board.charge", locale, charge=hand["charge"], max=most), "full": hand["charge"] >= most,
            "cubes": hand["cubes"], "cubes_words": t("tetra.board.cubes", locale, cubes=hand["cubes"])}


def _player(view: View, seat: int, locale: str) -> dict[str, Any]:
    player = view["players"][seat]
    marker = player.get("marker")
    stats = [t("tetra.board.mana", locale, total=sum(player["mana"].values()), cap=player["mana_cap"]),
             t("tetra.board.ether", locale, ether=player["ether"], cap=player["ether_cap"]),
             t("tetra.option.marker", locale, tetrite=colour_name(marker, locale)) if marker
             else t("tetra.board.no_marker", locale)]
    return {"seat": seat, "colour": player["colour"], "active": view["active"] == seat and not view.get("result"),
            "name": f"{seat_name(seat, locale)} ({short_seat(seat, locale)}) · {colour_name(player['colour'], locale)}",
            "life": player["life"], "life_words": t("tetra.board.life", locale, life=player["life"]),
            "low": player["life"] <= 5, "mana": _mana(player["mana"], locale), "stats": stats,
            "row": _row(view, seat, locale), "row_label": t("tetra.board.opponent_row", locale,
                                                            player=short_seat(seat, locale)),
            "piles": t("tetra.board.hand_piles", locale, deck=player["hand_deck_count"],
                       discard=len(player["hand_discard"])),
            "hand": [_hand_line(hand, locale) for hand in player["hand"]]}


def _public(view: View, locale: str, framed: set[str]) -> list[dict[str, Any]]:
    cards = []
    for card_id in view["public_row"]:
        found = catalogue.card(card_id)
        cost = list(found.stats["cost"])
        cards.append({"id": card_id, "colour": found.stats["colour"], "name": found.name(locale), "cost": cost,
                      "cost_words": cost_text(cost, locale), "effect": public_effect_text(card_id, locale),
                      "framed": card_id in framed})
    return cards


def _accident(view: View, locale: str) -> dict[str, Any]:
    discard = view.get("accident_discard") or []
    last = discard[-1] if discard else None
    return {"title": t("tetra.board.accident", locale, count=view["accident_deck_count"]),
            "cubes": view["accident_cubes"],
            "cubes_text": t("tetra.board.cubes_on_deck", locale, cubes=view["accident_cubes"],
                            threshold=ACCIDENT_THRESHOLD),
            "discards": t("tetra.board.discards", locale, count=view["hand_discards"]),
            "last": t("tetra.board.last_accident", locale, card=catalogue.card(last).name(locale)) if last else "",
            "last_text": catalogue.card(last).text(locale) if last else ""}


def _detail(card_id: str, locale: str, hand: Mapping[str, Any] | None = None, framed: bool = False) -> dict[str, Any]:
    """A hand card with everything printed on it (the hand picture's detail): its bands, the current one
    marked by its charge, and its release."""
    found = catalogue.card(card_id)
    current = None
    charge = ""
    if hand is not None:
        most = found.stats["max_charge"]
        current = found.stats["bands"].index(catalogue.band_at(card_id, min(hand["charge"], most)))
        charge = t("tetra.board.charge", locale, charge=hand["charge"], max=most)
    cost = list(found.stats["cost"])
    return {"id": card_id, "colour": found.stats["colour"], "name": found.name(locale),
            "start": t("tetra.board.start", locale) if found.stats.get("start") else "", "cost": cost,
            "cost_words": cost_text(cost, locale), "charge": charge,
            "cubes": hand["cubes"] if hand is not None else 0,
            "cubes_words": t("tetra.board.cubes", locale, cubes=hand["cubes"]) if hand is not None else "",
            "info": [t("tetra.board.max_charge", locale, max=found.stats["max_charge"]),
                     t("tetra.board.release_count", locale, count=found.stats["release_count"])],
            "lines": [(text, band is not None and band == current, band is None)
                      for text, band in detail_lines(card_id, locale)], "framed": framed}


def _slots(view: View, seat: int, locale: str) -> list[dict[str, Any]]:
    """The viewer's four mana slots: what each takes and how many such tablets it holds (the hand picture's
    numbers under its row)."""
    row = view["rows"][seat]
    mana = view["players"][seat]["mana"]
    slots = []
    for slot in range(1, 5):
        allowed = row["slots"][str(slot)]
        if len(allowed) == 1:
            words = f"{SHAPE[allowed[0]]}×{mana[allowed[0]]}"
            title = t("alt.tetra.mana_colour", locale, colour=colour_name(allowed[0], locale), count=mana[allowed[0]])
        else:
            words = title = t("tetra.board.any", locale)
        slots.append({"label": t("tetra.board.slot", locale, slot=slot), "allowed": list(allowed), "words": words,
                      "title": title})
    return slots


def _own(view: View, locale: str) -> dict[str, Any] | None:
    """A seat's own part: its row's slots, its hand cards in full (those it may pick now marked), then the
    hand cards it is choosing between."""
    seat = view.get("viewer")
    if seat is None:
        return None
    seat = int(seat)
    public = shown_to_all(view)
    framed = option_cards(view, "cast") | option_cards(view, "charge")
    decision = view.get("decision") or {}
    prompt = decision.get("prompt")
    choices = pending_cards(view)
    return {"title": t(f"tetra.board.{'hand_of' if public else 'your_hand'}", locale, player=seat_name(seat, locale)),
            "row_title": t(f"tetra.board.{'row_of' if public else 'your_row'}", locale, player=seat_name(seat, locale)),
            "slots": _slots(view, seat, locale),
            "hand": [_detail(hand["id"], locale, hand, hand["id"] in framed) for hand in view["players"][seat]["hand"]],
            "choose": (t(prompt, locale) if prompt and not decision.get("args") else t("tetra.board.choose_from", locale))
            if choices else "", "choices": [_detail(card_id, locale) for card_id in choices]}


def web_board(view: View, locale: str) -> str:
    view = as_view(view)
    viewer = view.get("viewer")
    bottom = 0 if viewer is None else int(viewer)
    title, status = heading(view, locale)
    markers = {colour: seat for seat, colour in enumerate(p["marker"] for p in view["players"]) if colour}
    tetrites = sorted(view["tetrites"], key=lambda tetrite: tetrite["position"] if bottom == 0
                      else 2 - tetrite["position"])
    framed = option_cards(view, "cast") & set(view["public_row"]) if viewer is not None else set()
    piles = t("tetra.board.piles", locale, deck=view["public_deck_count"], discard=view["public_discard_count"])
    return draw("tetra.html", locale, title=title, status=status, won=bool(view.get("result")),
                top=_player(view, 1 - bottom, locale), bottom=_player(view, bottom, locale),
                tetrites=[_tetrite(view, tetrite, bottom, markers, locale) for tetrite in tetrites],
                tetrites_title=t("web_tetra.tetrites", locale), rows_note=t("tetra.board.rows", locale),
                public_title=f"{t('tetra.board.public', locale)} · {piles}", public=_public(view, locale, framed),
                accident=_accident(view, locale), last_title=t("tetra.board.last", locale),
                log=log_parts(view, locale)[-LOG_ROOM:], own=_own(view, locale), shapes=SHAPE,
                colours={colour: colour_name(colour, locale) for colour in geo.COLOURS}, size=SIZE,
                pick_now=t("web_tetra.pick_now", locale), current=t("web_tetra.current_band", locale))
