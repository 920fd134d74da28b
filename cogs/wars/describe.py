"""3x3 Wars' pictures in words (alt text and /board): turn and step, each player's life, units (power, cost,
traits), magic slots and counts, the shared piles and, in a seat's own view, its hand, territories and its
face-down magic. Pure: reads the view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.alttext import hand_words, listing, seat, sentences
from bot.i18n import t
from bot.render.names import shown_to_all
from cogs.wars.text import card_name, reason_name
from cogs.wars.traits import TRAITS


def _unit(unit: Mapping[str, Any], locale: str) -> str:
    traits = [TRAITS[trait].label(locale) for trait in unit.get("traits") or [] if trait in TRAITS]
    text = t("alt.wars.unit", locale, card=card_name(unit["card"], locale), power=unit["power"])
    if traits:
        text += t("alt.wars.traits", locale, traits=listing(traits, locale))
    return text


def _magic(slot: Mapping[str, Any], locale: str) -> str:
    card = card_name(slot["card"], locale) if slot.get("card") else None
    if slot["state"] == "down":
        return t("alt.wars.magic_secret", locale, card=card) if card else t("wars.board.face_down", locale)
    state = t("wars.board.up" if slot["state"] == "up" else "wars.board.side", locale)
    return t("alt.wars.magic_shown", locale, state=state, card=card or "?")


def _player(index: int, player: Mapping[str, Any], locale: str) -> str:
    field = [_unit(unit, locale) for unit in player.get("field") or []]
    magic = [_magic(slot, locale) for slot in player.get("magic") or []]
    text = t("alt.wars.player", locale, seat=seat(index, locale), life=player["life"],
             hand=player.get("hand_count", 0), territories=player.get("territory_count", 0),
             field=listing(field, locale), magic=listing(magic, locale))
    if player.get("master"):
        text += t("alt.wars.master", locale, card=card_name(player["master"], locale))
    return text


def describe(view: Mapping[str, Any], locale: str) -> str:
    game = t("games.wars", locale)
    if view["step"] == "setup":  # as the picture's heading: both choose in secret, no turn yet
        parts = [t("alt.wars.setup", locale, game=game, setup=t("wars.board.setup_status", locale))]
    else:
        parts = [t("alt.wars.header", locale, game=game, turn=view["turn"], seat=seat(view["active"], locale),
                   step=t(f"wars.step.{view['step']}", locale))]
    result = view.get("result")
    if result:
        reason = reason_name(result.get("reason"), locale)
        parts.append(t("alt.wars.winner", locale, seat=seat(result["winner"], locale), reason=reason)
                     if result.get("winner") is not None else t("alt.wars.draw", locale, reason=reason))
    elif view.get("waiting"):
        parts.append(t("alt.waiting", locale, seats=listing((seat(s, locale) for s in view["waiting"]), locale)))
    parts.extend(_player(index, player, locale) for index, player in enumerate(view["players"]))
    discard = view.get("discard") or []
    parts.append(t("alt.wars.piles", locale, deck=view.get("deck_count", 0), discard=len(discard),
                   top=card_name(discard[-1], locale) if discard else t("alt.none", locale),
                   exile=len(view.get("exile") or [])))
    chain = view.get("chain") or []
    if chain:
        parts.append(t("alt.wars.chain", locale, spells=listing(
            (t("alt.wars.spell", locale, seat=seat(s["seat"], locale),
               cards=listing((card_name(c, locale) for c in s.get("cards") or []), locale)) for s in chain), locale)))
    for index, hand in enumerate(view.get("hands") or []):  # the final board reveals both hands
        parts.append(t("alt.hand_of", locale, seat=seat(index, locale), count=len(hand),
                       cards=listing((card_name(c, locale) for c in hand), locale)))
    if view.get("seat") is not None:
        hand = view.get("hand") or []
        parts.append(hand_words(view, view["seat"], [card_name(c, locale) for c in hand], locale))
        territories = view.get("territories") or []
        whose = "territories_of" if shown_to_all(view) else "your_territories"
        parts.append(t(f"alt.wars.{whose}", locale, seat=seat(view["seat"], locale), count=len(territories),
                       cards=listing((card_name(c, locale) for c in territories), locale)))
        seen = view.get("seen_in_opponent_hand") or {}
        for kind in ("hand", "hand_or_territory") if not shown_to_all(view) else ():
            if seen.get(kind):
                parts.append(t(f"alt.wars.seen_{kind}", locale, seat=seat(1 - view["seat"], locale),
                               cards=listing((card_name(c, locale) for c in seen[kind]), locale)))
    return sentences(parts, locale)
