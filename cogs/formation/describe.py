"""Formation's pictures in words (alt text and /board): the round, whose attack, the scores, each seat's
squares, counts and, in a seat's own view, its hand and face-down cards. Pure: reads the view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.alttext import hand_words, listing, seat, sentences
from bot.i18n import t
from cogs.formation.text import card_name, square_name, type_name


def _square(square: Mapping[str, Any], locale: str) -> str | None:
    if square.get("blank"):
        return None
    cards = square.get("cards") or []
    shown = [card_name(c["card"], locale) if c.get("card") else t("formation.board.face_down", locale)
             for c in cards]
    words = listing(shown, locale) if shown else t("alt.empty", locale)
    marks = []
    if square.get("bonus"):
        marks.append(t("formation.effect.bonus", locale, bonus=square["bonus"]))
    if square.get("wild"):
        marks.append(t("formation.effect.wild", locale))
    if square.get("double"):
        marks.append(t("formation.effect.double", locale))
    if marks:
        words += t("alt.formation.marks", locale, marks=listing(marks, locale))
    return t("alt.formation.square", locale, square=square_name(square["square"], locale), cards=words)


def _seat(view: Mapping[str, Any], player: Mapping[str, Any], locale: str) -> str:
    index = player["seat"]
    kind = type_name(player["type"], locale) if player.get("type") else t("alt.formation.no_type", locale)
    formation = (card_name(player["formation"], locale) if player.get("formation")
                 else t("formation.board.no_formation", locale))
    squares = [text for text in (_square(square, locale) for square in player.get("board") or []) if text]
    return t("alt.formation.seat", locale, seat=seat(index, locale), type=kind, formation=formation,
             total=player.get("total", 0), deck=player.get("deck_count", 0), hand=player.get("hand_count", 0),
             captured=player.get("captured_count", 0),
             squares=listing(squares, locale) if squares else t("alt.formation.no_squares", locale))


def _last_battle(view: Mapping[str, Any], locale: str) -> str:
    last = view.get("last_battle")
    if not last:
        return ""

    def side(part: Mapping[str, Any]) -> str:
        return t("alt.formation.played", locale, seat=seat(part["seat"], locale),
                 card=card_name(part["card"], locale), square=square_name(part["square"], locale))

    if last.get("winner") is None:
        result = t("formation.board.result_draw", locale)
    else:
        result = t("formation.board.result_win", locale, player=seat(last["winner"], locale))
    return t("alt.formation.last", locale, battle=last["battle"], attack=side(last["attack"]),
             defence=side(last["defence"]), result=result)


def describe(view: Mapping[str, Any], locale: str) -> str:
    parts = [t("alt.formation.header", locale, game=t("games.formation", locale), round=view.get("round", 1), rounds=view.get("rounds", 3),
               phase=t(f"formation.phase.{view['phase']}", locale))]
    if view["phase"] == "battle":
        parts.append(t("alt.formation.battle", locale, battle=view.get("battle", 1),
                       battles=view.get("battles", 7), seat=seat(view["attacker"], locale)))
    if view.get("to_act"):
        parts.append(t("alt.waiting", locale, seats=listing((seat(s, locale) for s in view["to_act"]), locale)))
    a, b = view["totals"]
    parts.append(t("alt.formation.score", locale, first=seat(0, locale), second=seat(1, locale), a=a, b=b))
    if view["phase"] == "over":  # the engine's outcome: more points, else the tiebreak seat
        if a != b:
            parts.append(t("alt.formation.winner", locale, seat=seat(0 if a > b else 1, locale)))
        elif view.get("tiebreak_seat") is not None:
            parts.append(t("alt.formation.tiebreak", locale, seat=seat(view["tiebreak_seat"], locale)))
    parts.extend(_seat(view, player, locale) for player in view["seats"])
    parts.append(_last_battle(view, locale))
    viewer = view.get("viewer")
    if viewer is not None:
        hand = view["seats"][viewer].get("hand") or []
        parts.append(hand_words(view, viewer, [card_name(c, locale) for c in hand], locale))
    else:  # the final board reveals both hands
        parts.extend(t("alt.hand_of", locale, seat=seat(player["seat"], locale), count=len(player["hand"]),
                       cards=listing((card_name(c, locale) for c in player["hand"]), locale))
                     for player in view["seats"] if player.get("hand") is not None)
    return sentences(parts, locale)
