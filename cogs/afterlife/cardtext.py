"""Card text in English and Japanese, generated from a card's data (``python -m bot cardtext afterlife``
writes it into ``assets/afterlife/cards.toml``; a test checks it is current)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cogs.afterlife.effects import EFFECTS, KEYWORD_EN, KEYWORD_JA

TIMING_EN = {"phase": "phase change", "end": "end phase", "main": "your main phase", "use": "a card is used",
             "attack": "a creature attacks", "battle": "combat", "counter": "an opposing instant"}
TIMING_JA = {"phase": "フェイズ移行時", "end": "エンドフェイズ", "main": "自分のメインフェイズ", "use": "カードの使用時",
             "attack": "アタック時", "battle": "戦闘発生時", "counter": "相手のインスタント使用時"}
STATIC_KEYWORDS = ("speed_move", "indomitable", "pierce", "forced_defence")


def _lines(data: Mapping[str, Any], lang: str) -> list[str]:
    kw_names = KEYWORD_EN if lang == "en" else KEYWORD_JA
    lines = []
    keywords = [kw_names[k] for k in data.get("keywords", []) if k in STATIC_KEYWORDS]
    if keywords:
        lines.append(", ".join(keywords) + ("." if lang == "en" else "。"))
    if data.get("public"):
        lines.append("Public cost: reveal a card of the same colour." if lang == "en" else "公開コスト: 同色のカード1枚。")
    if data["type"] == "instant":
        names = TIMING_EN if lang == "en" else TIMING_JA
        timings = [names[t] for t in data.get("timings", [])]
        lines.append(("Use at: " + ", ".join(timings) + ".") if lang == "en" else ("使用時機: " + "・".join(timings) + "。"))
    if data["type"] == "evolution":
        lines.append("Evolution: sacrifice a creature of yours." if lang == "en" else "進化: 自分のクリーチャー1体を生贄にする。")
    groups: dict[str, list[str]] = {}
    for effect in data.get("effects", []):
        kind = EFFECTS[effect["kind"]]
        groups.setdefault(effect.get("when", "play"), []).append(kind.en(effect) if lang == "en" else kind.ja(effect))
    heads_en = {"play": "" if data["type"] == "instant" else "On summon: ", "retreat": "On retreat: ", "static": ""}
    heads_ja = {"play": "" if data["type"] == "instant" else "召喚時: ", "retreat": "撤退時: ", "static": ""}
    for when in ("static", "play", "retreat"):
        if when in groups:
            head = (heads_en if lang == "en" else heads_ja)[when]
            lines.append(head + (" " if lang == "en" else "").join(groups[when]))
    return lines


def card_text(card: Mapping[str, Any], locale: str) -> str:
    """The text of a card (its TOML table) in ``locale``; ``GameSpec.card_text``."""
    if locale == "ja":
        return " ".join(_lines(card, "ja")) or "能力なし。"
    return " ".join(_lines(card, "en")) or "No ability."
