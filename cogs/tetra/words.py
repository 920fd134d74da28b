"""The words for colours, costs and mana in en and ja, shared by the card text (``cardtext``) and the
effects' own text (``effects``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

COLOUR_NAMES = {
    "en": {"red": "red", "yellow": "yellow", "blue": "blue"},
    "ja": {"red": "赤", "yellow": "黄", "blue": "青"},
}
SYMBOL = {"red": "R", "yellow": "Y", "blue": "B"}


def cost_text(cost: Sequence[str], locale: str) -> str:
    if locale == "ja":
        return "".join(COLOUR_NAMES["ja"][c] for c in cost)
    return "-".join(SYMBOL[c] for c in cost)


def mana_text(gain: Mapping[str, int], locale: str) -> list[str]:
    """``{"red": 1}`` as ["1 red mana"] (one part per colour gained)."""
    parts = []
    for colour, count in gain.items():
        if count:
            name = COLOUR_NAMES[locale][colour]
            parts.append(f"{name}マナ{count}" if locale == "ja" else f"{count} {name} mana")
    return parts
