"""Afterlife's pictures in words (alt text and /board): turn, phase and whose turn, each player's life,
cores, counts (hand, deck, grave, afterlife), public zone and creatures (power, toughness, damage, tapped),
an attack or instants waiting, and in a seat's own view its hand and bundles. Pure: reads the view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.alttext import hand_words, listing, seat, sentences
from bot.i18n import t
from bot.render.names import shown_to_all
from cogs.afterlife.text import card_name, keyword_name, phase_name, reason_name, unit_text


def _creature(unit: Mapping[str, Any], locale: str) -> str:
    notes = [t("alt.afterlife.stats", locale, power=unit["power"], toughness=unit["toughness"])]
    if unit.get("damage"):
        notes.append(t("afterlife.ui.board.damage", locale, amount=unit["damage"]))
    if unit.get("tapped"):
        notes.append(t("alt.afterlife.tapped", locale))
    if unit.get("sick"):
        notes.append(t("alt.afterlife.sick", locale))
    notes.extend(keyword_name(k, locale) for k in unit.get("keywords") or [])
    return t("alt.afterlife.creature", locale, card=card_name(unit["card"], locale), cid=unit["cid"],
             notes=listing(notes, locale))


def _player(index: int, player: Mapping[str, Any], locale: str) -> str:
    grave = player.get("grave") or []
    afterlife = player.get("afterlife") or []
    return t("alt.afterlife.player", locale, seat=seat(index, locale), life=player["life"],
             free=player["cores"] - player.get("cores_used", 0), cores=player["cores"],
             hand=player.get("hand_count", 0), deck=player.get("deck_count", 0), grave=len(grave),
             afterlife=len(afterlife), afterlife_cards=listing((card_name(c, locale) for c in afterlife), locale),
             public=listing((card_name(c, locale) for c in player.get("public") or []), locale),
             field=listing((_creature(u, locale) for u in player.get("field") or []), locale))


def describe(view: Mapping[str, Any], locale: str) -> str:
    game = t("games.afterlife", locale)
    if view.get("phase") == "setup":  # as the picture's heading: both players pick a bundle, no turn yet
        parts = [t("alt.afterlife.setup", locale, game=game, setup=t("afterlife.ui.board.setup", locale))]
    else:
        parts = [t("alt.afterlife.header", locale, game=game, turn=view["turn"], limit=view["turn_limit"],
                   seat=seat(view["active"], locale), phase=phase_name(view["phase"], locale))]
    result = view.get("result")
    if result:
        reason = reason_name(result.get("reason"), locale)
        parts.append(t("alt.afterlife.winner", locale, seat=seat(result["winner"], locale), reason=reason)
                     if result.get("winner") is not None else t("alt.afterlife.draw", locale, reason=reason))
    parts.extend(_player(index, player, locale) for index, player in enumerate(view["players"]))
    combat = view.get("combat")
    if combat:
        parts.append(t("alt.afterlife.combat", locale, seat=seat(combat["seat"], locale),
                       unit=unit_text(view, combat["attacker"], locale)))
    if view.get("stack"):
        parts.append(t("alt.afterlife.stack", locale, cards=listing(
            (t("alt.afterlife.owned", locale, seat=seat(e["seat"], locale), card=card_name(e["card"], locale))
             for e in view["stack"]), locale)))
    for index, hand in enumerate(view.get("hands") or []):  # the final board reveals both hands
        parts.append(t("alt.hand_of", locale, seat=seat(index, locale), count=len(hand),
                       cards=listing((card_name(c, locale) for c in hand), locale)))
    viewer = view.get("seat")
    if viewer is not None:
        own = view["players"][viewer]
        hand = own.get("hand") or []
        parts.append(hand_words(view, viewer, [card_name(c, locale) for c in hand], locale))
        for number, bundle in enumerate(own.get("bundles") or [], start=1):
            parts.append(t("alt.afterlife.bundle", locale, number=number,
                           cards=listing((card_name(c, locale) for c in bundle), locale)))
        seen = view.get("seen_in_opponent_hand") or []
        if seen and not shown_to_all(view):  # a reminder for this seat, not news at the match's end
            parts.append(t("alt.afterlife.seen", locale, seat=seat(1 - viewer, locale),
                           cards=listing((card_name(c, locale) for c in seen), locale)))
    return sentences(parts, locale)
