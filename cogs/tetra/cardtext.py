"""TetrAction's card texts, generated from the card fields of ``assets/tetra/cards.toml``.

The TOML is the source of truth for every number; its ``text_en``/``text_ja`` are what
:func:`card_text` makes of them (``python -m bot cardtext tetra`` writes them; a test checks). The words of
each effect kind live with the kind in ``effects``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cogs.tetra.effects import ACCIDENT_EFFECTS, PUBLIC_EFFECTS, effect_parts
from cogs.tetra.words import cost_text, mana_text


def effects_text(effects: Mapping[str, Any], locale: str) -> str:
    """One line for a band or a release effect."""
    return ("、" if locale == "ja" else ", ").join(effect_parts(effects, locale))


def band_text(band: Mapping[str, Any], locale: str) -> str:
    ja = locale == "ja"
    span = f"{band['from']}～{band['to']}" if ja else f"{band['from']}-{band['to']}"
    head = f"チャージ{span}" if ja else f"Charge {span}"
    if band.get("cost"):
        cost = cost_text(band["cost"], locale)
        head += f"（コスト{cost}）" if ja else f" (cost {cost})"
    if band.get("choices"):
        options = [effects_text(choice, locale) for choice in band["choices"]]
        body = "　または　".join(options) if ja else " OR ".join(options)
    else:
        body = effects_text(band, locale)
    return f"{head}：{body}" if ja else f"{head}: {body}"


def card_text(card: Mapping[str, Any], locale: str) -> str:
    """The text of a card (its TOML table) in ``locale``; ``GameSpec.card_text``."""
    ja = locale == "ja"
    kind = card["kind"]
    if kind == "public":
        parts = mana_text(card.get("gain", {}), locale)
        if card.get("ether"):
            parts.append(f"エーテル{card['ether']}" if ja else f"{card['ether']} ether")
        line = ("獲得：" + "、".join(parts) + "。") if ja else ("Gain " + " and ".join(parts) + ".")
        if card.get("effect"):
            line += ("" if ja else " ") + PUBLIC_EFFECTS[card["effect"]].text(locale)
        cost = cost_text(card["cost"], locale)
        return f"コスト{cost}。{line}" if ja else f"Cost {cost}. {line}"
    if kind == "hand":
        cost = cost_text(card["cost"], locale)
        lines = [f"コスト{cost}。最大チャージ{card['max_charge']}。" if ja
                 else f"Cost {cost}. Maximum charge {card['max_charge']}."]
        lines += [band_text(band, locale) for band in card["bands"]]
        release = effects_text(card["release"], locale)
        count = card["release_count"]
        lines.append(f"リリース（{count}回詠唱）：{release}" if ja else f"Release (after {count} casts): {release}")
        return "\n".join(lines)
    return ACCIDENT_EFFECTS[card["effect"]].text(locale)
