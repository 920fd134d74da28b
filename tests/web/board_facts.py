"""What each game's web board must say that its ``describe`` says too, read from the view: the facts the
board tests check (tests/web/test_boards.py). Called with the seats' names set (``render_with_names``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.i18n import t
from bot.render.names import seat_name_words

Facts = Callable[[Mapping[str, Any], str], list[str]]


def formation(view: Mapping[str, Any], locale: str) -> list[str]:
    from cogs.formation.text import card_name, square_name, type_name

    facts = [seat_name_words(0, locale), seat_name_words(1, locale), t(f"formation.phase.{view['phase']}", locale)]
    for info in view["seats"]:
        facts.append(str(info["total"]))
        if info["type"]:
            facts.append(type_name(info["type"], locale))
        if info["formation"]:
            facts.append(card_name(info["formation"], locale))
        for square in info["board"] or []:
            for card in square.get("cards") or []:
                if card.get("card"):
                    facts += [square_name(square["square"], locale), card_name(card["card"], locale)]
    viewer = view.get("viewer")
    if viewer is not None:
        facts += [card_name(card, locale) for card in view["seats"][viewer].get("hand") or []]
    return facts


def wars(view: Mapping[str, Any], locale: str) -> list[str]:
    from cogs.wars.text import card_name

    facts = [seat_name_words(0, locale), seat_name_words(1, locale)]
    if view["turn"]:
        facts.append(str(view["turn"]))
    for player in view["players"]:
        facts.append(str(player["life"]))
        facts += [card_name(unit["card"], locale) for unit in player["field"]]
        facts += [card_name(slot["card"], locale) for slot in player["magic"] if slot.get("card")]
    if view.get("seat") is not None:
        facts += [card_name(card, locale) for card in view.get("hand") or []]
        facts += [card_name(card, locale) for card in view.get("territories") or []]
    for hand in view.get("hands") or []:
        facts += [card_name(card, locale) for card in hand]
    return facts


def starfall(view: Mapping[str, Any], locale: str) -> list[str]:
    from cogs.starfall.render_pieces import as_view
    from cogs.starfall.text import card_name

    view = as_view(view)
    facts = [seat_name_words(0, locale), seat_name_words(1, locale)]
    if view.get("round"):
        facts += [str(view["round"]), str(view["turn"])]
    for player in view["players"]:
        facts += [str(player["deck_count"]), str(len(player["grave"]))]
        facts += [card_name(card, locale) for card in player.get("drawn") or []]
        for record in player["field"].values():
            if record:
                facts += [card_name(record["id"], locale), str(max(record["hp"] - record["dmg"], 0))]
    return facts


def tetra(view: Mapping[str, Any], locale: str) -> list[str]:
    from cogs.tetra.render_pieces import as_view
    from cogs.tetra.text import card_name, colour_name

    view = as_view(view)
    facts = [seat_name_words(0, locale), seat_name_words(1, locale), str(view["turn"]),
             str(view["accident_deck_count"])]
    for player in view["players"]:
        facts += [str(player["life"]), colour_name(player["colour"], locale), str(player["hand_deck_count"])]
        facts += [card_name(hand["id"], locale) for hand in player["hand"]]
    facts += [card_name(card, locale) for card in view["public_row"]]
    return facts


def afterlife(view: Mapping[str, Any], locale: str) -> list[str]:
    from cogs.afterlife.text import card_name

    facts = [seat_name_words(0, locale), seat_name_words(1, locale)]
    if view.get("phase") != "setup":
        facts.append(str(view["turn"]))
    for player in view["players"]:
        facts += [str(player["life"]), str(player["deck_count"]), str(player["hand_count"]), str(len(player["grave"])),
                  str(len(player["afterlife"]))]
        facts += [card_name(card, locale) for card in player["afterlife"] + player["public"]]
        for unit in player["field"]:
            facts += [card_name(unit["card"], locale), unit["cid"], str(unit["power"])]
        facts += [card_name(card, locale) for card in player.get("hand") or []]
        facts += [card_name(card, locale) for bundle in player.get("bundles") or [] for card in bundle]
    for hand in view.get("hands") or []:
        facts += [card_name(card, locale) for card in hand]
    return facts


FACTS: dict[str, Facts] = {"formation": formation, "wars": wars, "starfall": starfall, "tetra": tetra,
                           "afterlife": afterlife}
