"""Afterlife's board for the web page (bot/web/boards.py): the heading (turn, whose turn and phase, or the
result), each player's bar (life with its bar, the eight cores, deck, hand, grave and afterlife counts), its
public zone (at the end the whole hand), grave and afterlife (newest first, repeats folded), its creatures
(colour letter, id, tapped or new, keywords, damage, power / toughness, attacking or blocking), the combat
and instants between the fields, and the last events; in a seat's own view its open question, its hand in
full (public cards, what it may use or choose marked) or its four bundles, and the cards it may take from
its afterlife. Every colour carries its letter (R/B/G/N, 赤/青/緑/無) as on the pictures. Built from exactly
the view its pictures are drawn from, with the renderer's own words; pure."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import t
from bot.render.names import shown_to_all
from bot.web.boards import draw
from cogs.afterlife import cards as catalogue
from cogs.afterlife.render_private import (
    CHOICE,
    bundle_heading,
    card_tags,
    decision_heading,
    hand_cards,
    option_targets,
)
from cogs.afterlife.render_table import Mark, combat_marks, header, log_parts, middle_parts, public_row
from cogs.afterlife.render_tiles import MAX_CORES, colour_of, letter
from cogs.afterlife.text import card_name, keyword_name, seat_name, type_name

View = Mapping[str, Any]
LOG_ROOM = 8  # last events under the board (the picture has room for six lines)
FULL_LIFE = 3000  # the life bar's full length, as on the picture


def _colour(card: str, locale: str) -> dict[str, str]:
    colour = colour_of(card)
    return {"colour": colour, "letter": letter(colour, locale), "colour_name": t(f"afterlife.ui.colour.{colour}", locale)}


def _zone(cards: Sequence[str], locale: str) -> list[dict[str, Any]]:
    """A grave or an afterlife newest first, repeats folded (as the picture's ``[R]Ember Imp ×2``)."""
    counts: dict[str, int] = {}
    for card in reversed(cards):
        counts[card] = counts.get(card, 0) + 1
    return [{"name": card_name(card, locale), "count": count, **_colour(card, locale)} for card, count in counts.items()]


def _bar(view: View, seat: int, locale: str) -> dict[str, Any]:
    player = view["players"][seat]
    setup = view.get("phase") == "setup"
    life, cores, used = int(player["life"]), int(player["cores"]), int(player["cores_used"])
    notes = []
    if setup:
        notes.append(t("afterlife.ui.board.picked" if player.get("picked") else "afterlife.ui.board.picking", locale))
    elif player.get("drew3"):
        notes.append(t("afterlife.ui.board.drew3", locale))
    return {"seat": seat, "name": seat_name(seat, locale),
            "active": view["active"] == seat and not view.get("result") and not setup,
            "first": t("afterlife.ui.board.first", locale) if view.get("first") == seat and not setup else "",
            "life": life, "low": life <= 1000, "share": round(100 * max(0.0, min(1.0, life / FULL_LIFE)), 1),
            "cores": ["free"] * (cores - used) + ["used"] * used + ["none"] * max(0, MAX_CORES - cores),
            "cores_words": t("afterlife.ui.board.cores", locale, free=cores - used, cores=cores),
            "counts": [t("afterlife.ui.board.deck", locale, count=player["deck_count"]),
                       t("afterlife.ui.board.hand", locale, count=player["hand_count"]),
                       t("afterlife.ui.board.grave", locale, count=len(player["grave"])),
                       t("afterlife.ui.board.afterlife", locale, count=len(player["afterlife"]))],
            "notes": notes}


def _unit(unit: Mapping[str, Any], locale: str, marks: Mapping[str, Mark], framed: set[str]) -> dict[str, Any]:
    power, damage, toughness = int(unit["power"]), int(unit.get("damage", 0)), int(unit["toughness"])
    mark = marks.get(unit["cid"])
    state = (t("afterlife.ui.board.tapped", locale) if unit["tapped"]
             else t("afterlife.ui.board.sick", locale) if unit.get("sick") else "")
    return {"cid": unit["cid"], "name": card_name(unit["card"], locale), **_colour(unit["card"], locale),
            "tapped": bool(unit["tapped"]), "state": state,
            "keywords": [keyword_name(k, locale) for k in unit.get("keywords") or []],
            "damage": t("afterlife.ui.board.damage", locale, amount=damage) if damage else "",
            "power": power, "boosted": power != int(unit.get("base_power", power)), "left": toughness - damage,
            "hurt": bool(damage), "stats": t("alt.afterlife.stats", locale, power=power, toughness=toughness - damage),
            "mark": mark[0] if mark else "", "framed": unit["cid"] in framed}


def _side(view: View, seat: int, locale: str, marks: Mapping[str, Mark], framed: set[str]) -> dict[str, Any]:
    player = view["players"][seat]
    label, cards, _ = public_row(view, seat, locale)
    return {"bar": _bar(view, seat, locale), "public_label": label, "revealed": bool(view.get("hands")),
            "public": [{"name": card_name(card, locale), **_colour(card, locale)} for card in cards],
            "zones": [(t(f"afterlife.ui.board.{zone}", locale, count=len(player[zone])), _zone(player[zone], locale))
                      for zone in ("grave", "afterlife")],
            "field": [_unit(unit, locale, marks, framed) for unit in player["field"]],
            "field_label": seat_name(seat, locale)}


def _face(card: str, locale: str, tags: Sequence[tuple[str, bool]] = ()) -> dict[str, Any]:
    """A card in full, as the hand picture draws it: colour letter, id, cost (and the public-cost eye), name,
    type, text, power / toughness; ``tags`` its labels (PUBLIC, USABLE, CHOICE) with whether it may be
    picked now."""
    info = catalogue.info(card)
    creature = info["type"] != "instant"
    return {"id": card, "name": card_name(card, locale), **_colour(card, locale), "cost": info["cost"],
            "cost_words": t("afterlife.ui.card.cost", locale, cost=info["cost"]), "public_cost": bool(info["public"]),
            "type": type_name(info["type"], locale), "text": catalogue.by_id()[card].text(locale),
            "pt": f"{info['power']} / {info['toughness']}" if creature else "",
            "tags": list(tags), "framed": any(choice for _, choice in tags)}


def _own(view: View, locale: str) -> dict[str, Any] | None:
    """A seat's own part: its open question, its hand in full (or its bundles during setup), and the
    afterlife cards it may take."""
    seat = view.get("seat")
    if seat is None:
        return None
    seat = int(seat)
    player = view["players"][seat]
    targets = option_targets(view)
    question = decision_heading(view, locale)
    own: dict[str, Any] = {"question": question, "bundles": [], "hand": [], "take": [], "seen": [],
                           "public_word": t("afterlife.ui.card.public_cost", locale),
                           "title": t(f"afterlife.ui.hand.{'title_of' if shown_to_all(view) else 'title'}", locale,
                                      player=seat_name(seat, locale))}
    if player.get("bundles"):
        own["heading"] = bundle_heading(view, seat, locale)
        pick = player.get("pick")
        choice = t("afterlife.ui.hand.choice", locale)
        for index, bundle in enumerate(player["bundles"]):
            number = str(index + 1)
            own["bundles"].append({
                "title": t("afterlife.ui.hand.bundle", locale, number=index + 1), "picked": pick == index + 1,
                "choice": choice if number in targets["bundle"] else "",
                "cards": [_face(card, locale) for card in sorted(bundle, key=lambda c: (catalogue.cost(c), c))]})
    else:
        cards = hand_cards(view, seat)
        own["heading"] = t("afterlife.ui.hand.count", locale, count=len(cards),
                           public=sum(1 for _, public in cards if public))
        own["empty"] = t("afterlife.ui.hand.empty", locale)
        own["hand"] = [_face(card, locale, [(label, colour == CHOICE) for label, colour, _ in
                                            card_tags(view, card, public, locale)]) for card, public in cards]
    if targets["take"]:
        own["take_title"] = t("afterlife.ui.hand.your_afterlife", locale)
        choice = t("afterlife.ui.hand.choice", locale)
        own["take"] = [_face(card, locale, [(choice, True)]) for card in sorted(targets["take"])]
    seen = view.get("seen_in_opponent_hand") or []
    if seen and not shown_to_all(view):  # the opponent's hidden hand cards this seat has read: a reminder
        own["seen_title"] = f'{t("afterlife.ui.hand.seen", locale)} · {seat_name(1 - seat, locale)}'
        own["seen"] = [_face(card, locale) for card in seen]
    return own


def web_board(view: View, locale: str) -> str:
    seat = view.get("seat")
    bottom = 0 if seat is None else int(seat)
    title, status = header(view, locale)
    marks = combat_marks(view, locale)
    framed = option_targets(view)["unit"] if seat is not None else set()
    return draw("afterlife.html", locale, title=title, status=status, won=bool(view.get("result")),
                top=_side(view, 1 - bottom, locale, marks, framed), bottom=_side(view, bottom, locale, marks, framed),
                middle=middle_parts(view, locale), own=_own(view, locale),
                empty_field=t("afterlife.ui.board.empty_field", locale), nothing=t("afterlife.ui.board.none", locale),
                life_word=t("web_boards.life", locale), choice=t("afterlife.ui.hand.choice", locale),
                last_title=t("afterlife.ui.board.last", locale), log=log_parts(view, locale)[-LOG_ROOM:])
