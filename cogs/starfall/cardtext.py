"""Starfall's card texts, generated from the card fields of ``assets/starfall/cards.toml``.

The TOML is the source of truth for every number; ``text_en``/``text_ja`` are what :func:`card_text`
makes of the skill, ability and R fields (``python -m bot cardtext starfall`` writes them and the card
list of docs/rules/starfall.md; a test checks both are current).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

ROWS_TEXT = {
    ("f",): ("front", "前列"),
    ("b",): ("back", "後列"),
    ("f", "b"): ("either row", "どちらの列でも"),
}
PATTERN_TEXT = {
    "first": ("first card of the facing column", "正面の列の先頭"),
    "pierce": ("whole facing column", "正面の列すべて"),
    "lane": ("first card of any column", "好きな列の先頭"),
    "any": ("any enemy", "好きな敵1体"),
    "row": ("an enemy row", "敵の横1列"),
    "splash": ("an enemy and the enemies next to it", "敵1体とその隣"),
    "self": ("itself", "自身"),
    "ally": ("an ally", "味方1体"),
    "allies": ("all allies", "味方全員"),
}
ABILITY_TEXT = {
    "armor": ("Armor {n}: takes {n} less damage.", "装甲{n}：受けるダメージ−{n}。"),
    "thorns": ("Thorns {n}: an enemy skill that damages it takes {n} back.",
               "棘{n}：敵スキルでダメージを受けると、攻撃者に{n}ダメージ。"),
    "vigor": ("Vigor {n}: heals {n} at round end, even after acting.", "活力{n}：ラウンド終了時、行動済みでもHP{n}回復。"),
    "blink": ("Blink: a normal move may go to any empty square.", "瞬歩：通常移動で好きな空きマスへ移動できる。"),
    "steady": ("Steady: enemy effects cannot change its ★.", "不動：敵の効果で★が増減しない。"),
    "purity": ("Purity: enemies cannot make it sick or locked.", "清浄：敵の効果でシック・ロックにならない。"),
    "dawn": ("Dawn {n}: at round start, if in the front row, {n} damage to the first card of the facing column.",
             "暁{n}：ラウンド開始時、前列にいれば正面の列の先頭に{n}ダメージ。"),
    "rally": ("Rally {n}: when summoned, heals all allies {n}.", "鼓舞{n}：召喚時、味方全員のHP{n}回復。"),
    "reach": ("Reach: its skills work from either row.", "射程：スキルをどちらの列からでも使える。"),
    "chill": ("Chill: at round end, ★−1 if it did not act.", "冷却：ラウンド終了時、未行動なら★−1。"),
    "hunter": ("Hunter {n}: +{n} damage to sick or locked enemies.", "狩人{n}：異常状態の敵へのダメージ+{n}。"),
    "guardian": ("Guardian {n}: the ally behind it takes {n} less damage.", "守護{n}：後ろの味方が受けるダメージ−{n}。"),
}
R_TEXT = {
    "power": ("Power {n}: its skills deal {n} more this round.", "強打{n}：このラウンド、スキルのダメージ+{n}。"),
    "guard": ("Guard {n}: takes {n} less damage this round.", "防御{n}：このラウンド、受けるダメージ−{n}。"),
    "thorns": ("Thorns {n} this round.", "このラウンド、棘{n}。"),
    "ward": ("Ward: this round enemies cannot make it sick or locked or change its ★.",
             "結界：このラウンド、敵の効果で異常状態にならず★も増減しない。"),
    "regen": ("Regen {n}: heals {n} at round end.", "再生{n}：ラウンド終了時、HP{n}回復。"),
    "cool": ("Cool: ★−1 at round end.", "冷却：ラウンド終了時、★−1。"),
    "aura_power": ("War cry {n}: allies' skills deal {n} more this round.", "号令{n}：このラウンド、味方のスキルのダメージ+{n}。"),
    "aura_guard": ("Shield wall {n}: allies take {n} less damage this round.", "陣壁{n}：このラウンド、味方の受けるダメージ−{n}。"),
}


def _effect_text(effect: Mapping[str, Any], locale: str) -> str:
    kind = effect["kind"]
    n = effect.get("amount", 0)
    en, ja = {
        "damage": (f"{n} damage", f"{n}ダメージ"),
        "heal": (f"heal {n}", f"HP{n}回復"),
        "cure": ("cure", "異常状態を解除"),
        "sick": ("sick", "シック"),
        "lock": ("lock", "ロック"),
        "star": (f"★{n:+d}", f"★{n:+d}"),
        "push": ("push it back", "後列へ押す"),
        "pull": ("pull it forward", "前列へ引く"),
        "flip": ("flip its column", "その列の前後を入れ替え"),
    }[kind]
    return ja if locale == "ja" else en


def _effects_text(effects: Sequence[Mapping[str, Any]], locale: str) -> str:
    return ("、" if locale == "ja" else ", ").join(_effect_text(e, locale) for e in effects)


def skill_text(skill: Mapping[str, Any], locale: str, cost: int | None = None) -> str:
    ja = locale == "ja"
    rows = ROWS_TEXT[tuple(skill["from"])][ja]
    pattern = PATTERN_TEXT[skill["pattern"]][ja]
    effects = _effects_text(skill["effects"], locale)
    self_part = ""
    if skill.get("self_effects"):
        own = _effects_text(skill["self_effects"], locale)
        self_part = f"、自身に{own}" if ja else f"; itself: {own}"
    if ja:
        head = "通常" if cost is None else f"消費★{cost}"
        return f"{head}（{rows}）：{pattern}に{effects}{self_part}。"
    head = "Normal" if cost is None else f"★{cost}"
    return f"{head} ({rows}): {pattern}, {effects}{self_part}."


def card_text(card: Mapping[str, Any], locale: str) -> str:
    """Four short lines: unique ability, normal skill, consumption skill, R-effect skill
    (``GameSpec.card_text``: ``card`` is the card's TOML table or its stats)."""
    ja = locale == "ja"
    ability = card["ability"]
    r_effect = card["r"]
    consume = card["consume"]
    lines = [
        ABILITY_TEXT[ability["kind"]][ja].format(n=ability.get("amount", 0)),
        skill_text(card["normal"], locale),
        skill_text(consume, locale, cost=consume["cost"]),
    ]
    total = consume["cost"] + r_effect["cost"]
    r_line = R_TEXT[r_effect["kind"]][ja].format(n=r_effect.get("amount", 0))
    lines.append(f"R効果スキル（消費★{total}）：{r_line}" if ja else f"R skill (★{total}): {r_line}")
    return "\n".join(lines)
