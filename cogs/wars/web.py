"""3x3 Wars' board for the web page (bot/web/boards.py): the header (turn, step, piles, who is awaited), each
player's band (life, territories, hand count, three unit slots, magic slots), the counter stack, this and
the last turn, and in a seat's own view its hand, territories and magic. Built from exactly the view its
pictures are drawn from, with the renderer's own words; pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot import i18n
from bot.render.names import seat_label, shown_to_all
from bot.web.boards import draw
from cogs.wars import cards as C
from cogs.wars.render import (
    ATTR_LABELS,
    cost_text,
    hand_sections,
    header_lines,
    log_sections,
    power_changes,
    stack_rows,
    trait_labels,
    wars_text,
)
from cogs.wars.text import card_name

View = Mapping[str, Any]
UNIT_SLOTS = 3


def _unit(unit: Mapping[str, Any], locale: str) -> dict[str, Any]:
    mods = power_changes(unit, locale)
    return {"name": card_name(unit["card"], locale), "number": unit["card"], "power": unit["power"],
            "attr": unit["attribute"], "attr_label": ATTR_LABELS[locale].get(unit["attribute"], unit["attribute"]),
            "cost": wars_text("board.cost", locale, cost=unit["cost"]), "mods": " ".join(mods),
            "weak": unit["power"] < unit["cost"], "traits": trait_labels(unit["traits"], locale)}


def _magic(slot: Mapping[str, Any], locale: str) -> dict[str, Any]:
    card = slot.get("card")
    state_word = wars_text("board." + ("face_down" if slot["state"] == "down" else slot["state"]), locale)
    if card is None:
        return {"css": "down", "name": wars_text("board.face_down", locale), "state": "", "attr": "back"}
    return {"css": slot["state"], "name": card_name(card, locale), "number": card, "state": state_word,
            "attr": C.attribute(card)}


def _band(view: View, owner: int, locale: str) -> dict[str, Any]:
    player = view["players"][owner]
    stats = [wars_text("board.territories", locale, count=player["territory_count"]),
             wars_text("board.hand", locale, count=player["hand_count"])]
    if player.get("master"):
        stats.append(wars_text("board.master", locale, card=card_name(player["master"], locale)))
    units = [_unit(unit, locale) for unit in player["field"]]
    return {"seat": owner, "name": seat_label(owner, locale), "you": owner == view.get("seat"),
            "active": view["active"] == owner and view["step"] != "setup" and not view.get("result"),
            "life": player["life"], "stats": stats, "units": units,
            "empty_slots": max(0, UNIT_SLOTS - len(units)), "empty": wars_text("board.empty_slot", locale),
            "magic": [_magic(slot, locale) for slot in player["magic"][:3]],
            "no_magic": wars_text("board.no_magic", locale) if view["step"] != "setup" else "—"}


def _tile(card_id: str, locale: str) -> dict[str, Any]:
    info = C.info(card_id)
    return {"name": card_name(card_id, locale), "number": card_id, "attr": info["attribute"],
            "attr_label": ATTR_LABELS[locale].get(info["attribute"], info["attribute"]), "cost": cost_text(info),
            "traits": trait_labels(list(info["traits"]), locale) if info["kind"] == "unit" else []}


def _own(view: View, locale: str) -> list[dict[str, Any]]:
    """The seat's own cards, in the sections of its hand picture (magic as on its band, not repeated)."""
    if view.get("seat") is None:
        return []
    sections = []
    for title, kind, items in hand_sections(view, locale):
        if kind == "magic":
            if items and all(state is None for _, state in items):  # the setup's magic pool
                sections.append({"title": title, "cards": [_tile(card, locale) for card, _ in items]})
            continue
        sections.append({"title": title, "cards": [_tile(card, locale) for card in items]})
    return sections


def web_board(view: View, locale: str) -> str:
    seat = view.get("seat")
    bottom = 0 if seat is None else seat
    title, status, piles, *waiting = header_lines(view, locale)
    discard = view.get("discard") or []
    if discard:
        piles += "  ·  " + card_name(discard[-1], locale)
    stack, queued = stack_rows(view, locale)
    hands = [{"title": wars_text("board.hand_of", locale, player=seat_label(index, locale)), "cards": [_tile(card, locale) for card in hand]} for index, hand in enumerate(view.get("hands") or [])]
    return draw("wars.html", locale, title=title, status=status, piles=piles, waiting=waiting,
                bands=[_band(view, 1 - bottom, locale), _band(view, bottom, locale)], stack=stack, queued=queued,
                stack_title=wars_text("board.stack_title", locale), declared_title=wars_text("board.declared_title", locale),
                sections=log_sections(view, locale), own=_own(view, locale) + hands,
                shown=shown_to_all(view), you=wars_text("board.you", locale), life_word=i18n.t("web_boards.life", locale))
