"""TetrAction's pictures in words (alt text and /board): the turn and who moves, the rows each player reads,
each player's life, mana, ether, hand cards (charge and cubes) and piles, the public row and the accident
deck. Everything on TetrAction's table is public but the deck orders, which the view does not hold."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.alttext import listing, seat, sentences
from bot.i18n import has, t
from cogs.tetra import cards as catalogue
from cogs.tetra.render_pieces import as_view
from cogs.tetra.text import card_name, colour_name


def row_words(groups: Sequence[Sequence[str]], locale: str) -> str:
    """A visible row in colour names, its tetrites' groups apart (the alt text's and the web board's words)."""
    inner, outer = ("・", "／") if locale.startswith("ja") else (" ", "; ")
    return outer.join(inner.join(colour_name(colour, locale) for colour in group) for group in groups) \
        or t("alt.none", locale)


def _hand_card(card: Mapping[str, Any], locale: str) -> str:
    return t("alt.tetra.hand_card", locale, card=card_name(card["id"], locale), charge=card["charge"],
             max=catalogue.field(card["id"], "max_charge"), cubes=card["cubes"])


def _player(view: Mapping[str, Any], player: Mapping[str, Any], locale: str) -> str:
    index = player["seat"]
    mana = [t("alt.tetra.mana_colour", locale, colour=colour_name(colour, locale), count=count)
            for colour, count in player["mana"].items() if count]
    row = next((r for r in view.get("rows") or [] if r["seat"] == index), None)
    return t("alt.tetra.player", locale, seat=seat(index, locale), colour=colour_name(player["colour"], locale),
             life=player["life"], mana_total=sum(player["mana"].values()), mana_cap=player["mana_cap"],
             mana=listing(mana, locale), ether=player["ether"], ether_cap=player["ether_cap"],
             hand=listing((_hand_card(card, locale) for card in player.get("hand") or []), locale),
             deck=player.get("hand_deck_count", 0), discard=len(player.get("hand_discard") or []),
             row=row_words(row["groups"], locale) if row else t("alt.none", locale))


def describe(view: Mapping[str, Any], locale: str) -> str:
    view = as_view(view)  # the final board is drawn from reveal_all's state, as the picture is
    parts = [t("alt.tetra.header", locale, game=t("games.tetra", locale), turn=view["turn"],
               seat=seat(view["active"], locale))]
    result = view.get("result")
    decision = view.get("decision")
    if result:
        reason_key = f"tetra.outcome.{result.get('reason')}"
        reason = t(reason_key, locale) if has(reason_key, locale) else str(result.get("reason"))
        parts.append(t("alt.tetra.winner", locale, seat=seat(result["winner"], locale), reason=reason)
                     if result.get("winner") is not None else t("alt.tetra.draw", locale, reason=reason))
    elif decision and decision["seat"] != view["active"]:
        parts.append(t("alt.waiting", locale, seats=seat(decision["seat"], locale)))
    parts.extend(_player(view, player, locale) for player in view["players"])
    parts.append(t("alt.tetra.public", locale, cards=listing((card_name(c, locale) for c in view["public_row"]),
                                                             locale),
                   deck=view.get("public_deck_count", 0), discard=view.get("public_discard_count", 0)))
    accident = view.get("accident_discard") or []
    parts.append(t("alt.tetra.accident", locale, deck=view.get("accident_deck_count", 0),
                   cubes=view.get("accident_cubes", 0),
                   last=card_name(accident[-1], locale) if accident else t("alt.none", locale)))
    return sentences(parts, locale)
