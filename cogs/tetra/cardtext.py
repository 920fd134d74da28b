"""TetrAction's card texts, generated from the card fields of ``assets/tetra/cards.toml``.

The TOML is the source of truth for every number; its ``text_en``/``text_ja`` are what
:func:`card_text` makes of them (``python -m bot cardtext tetra`` writes them; a test checks).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

COLOUR_NAMES = {
    "en": {"red": "red", "yellow": "yellow", "blue": "blue"},
    "ja": {"red": "赤", "yellow": "黄", "blue": "青"},
}
SYMBOL = {"red": "R", "yellow": "Y", "blue": "B"}

PUBLIC_EFFECTS = {
    "cast_again": ("Cast +1.", "詠唱+1。"),
    "rotate_any": ("Rotate any tetrite 60°.", "好きなテトライトを60°回転する。"),
    "rotate_neutral": ("Rotate the neutral tetrite 60°.", "中立のテトライトを60°回転する。"),
    "tip_neutral": ("Tip the neutral tetrite over.", "中立のテトライトを倒す。"),
    "tip_any": ("Tip any tetrite over.", "好きなテトライトを倒す。"),
    "marker_self": ("Move your marker to a tetrite without a marker.",
                    "自分のマーカーをマーカーの無いテトライトへ移動する。"),
    "marker_opponent": ("Move your opponent's marker to a tetrite without a marker.",
                        "相手のマーカーをマーカーの無いテトライトへ移動する。"),
}

ACCIDENT_EFFECTS = {
    "rotate_all": ("Rotate every tetrite 60° counter-clockwise.", "全てのテトライトを反時計回りに60°回転する。"),
    "move_all": ("Move every tetrite one place to the right (seen by the player whose turn it is); "
                 "the rightmost one wraps to the left end.",
                 "全てのテトライトを右へ1つ移動する（手番プレイヤーから見て）。右端のテトライトは左端へ。"),
    "flip": ("White/black flip: every tetrite showing one rim of its own colour shows the other one in its "
             "place (the two other faces trade places).",
             "白黒反転：自色面の白面が見えているテトライトは同じ位置に黒面が、黒面が見えているものは白面が見えるようにする"
             "(他の2面は入れ替わる)。"),
    "swap_own": ("The two players' tetrites change places (each keeps its orientation).",
                 "両プレイヤーの属性テトライトの位置を入れ替える（向きはそのまま）。"),
    "scatter_markers": ("Both markers leave their tetrites.", "両プレイヤーのマーカーをテトライトから取り除く。"),
    "mana_leak": ("Each player loses all mana of the neutral tetrite's colour.",
                  "各プレイヤーは中立テトライトと同じ色のマナを全て失う。"),
}


def cost_text(cost: Sequence[str], locale: str) -> str:
    if locale == "ja":
        return "".join(COLOUR_NAMES["ja"][c] for c in cost)
    return "-".join(SYMBOL[c] for c in cost)


def _mana_text(gain: Mapping[str, int], locale: str) -> list[str]:
    parts = []
    for colour, count in gain.items():
        if count:
            name = COLOUR_NAMES[locale][colour]
            parts.append(f"{name}マナ{count}" if locale == "ja" else f"{count} {name} mana")
    return parts


def effects_text(effects: Mapping[str, Any], locale: str) -> str:
    """One line for a band or a release effect."""
    ja = locale == "ja"
    parts: list[str] = []
    damage = effects.get("damage", 0)
    if damage:
        parts.append(f"{damage}ダメージ" if ja else f"{damage} damage")
    if effects.get("discard_step"):
        step, most = effects["discard_step"], effects.get("discard_max", 99)
        parts.append(f"捨て札の手札カード{step}枚ごとに+1（最大+{most}）" if ja
                     else f"+1 per {step} hand cards discarded (max +{most})")
    if effects.get("self_damage"):
        n = effects["self_damage"]
        parts.append(f"自分に{n}ダメージ" if ja else f"you take {n}")
    if effects.get("heal"):
        n = effects["heal"]
        parts.append(f"ライフ{n}回復" if ja else f"heal {n}")
    if effects.get("gain_ether"):
        n = effects["gain_ether"]
        parts.append(f"エーテル{n}を得る" if ja else f"gain {n} ether")
    if effects.get("lose_ether"):
        n = effects["lose_ether"]
        parts.append(f"エーテル{n}を払う" if ja else f"pay {n} ether")
    if effects.get("lose_mana"):
        n = effects["lose_mana"]
        parts.append(f"マナ{n}を払う" if ja else f"pay {n} mana")
    if effects.get("gain_mana"):
        mana = _mana_text(effects["gain_mana"], locale)
        parts.append("と".join(mana) + "を得る" if ja else "gain " + " and ".join(mana))
    if effects.get("cast_again"):
        parts.append("詠唱+1" if ja else "cast +1")
    return "、".join(parts) if ja else ", ".join(parts)


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
        parts = _mana_text(card.get("gain", {}), locale)
        if card.get("ether"):
            parts.append(f"エーテル{card['ether']}" if ja else f"{card['ether']} ether")
        line = ("獲得：" + "、".join(parts) + "。") if ja else ("Gain " + " and ".join(parts) + ".")
        if card.get("effect"):
            line += ("" if ja else " ") + PUBLIC_EFFECTS[card["effect"]][1 if ja else 0]
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
    return ACCIDENT_EFFECTS[card["effect"]][1 if ja else 0]
