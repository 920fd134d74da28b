"""Card texts generated from the card fields, and the writer of ``assets/starfall/cards.toml``.

The TOML is the source of truth for every number; ``text_en``/``text_ja`` are derived from the skill,
ability and R fields, so they can never disagree. After editing a number run
``python -m cogs.starfall.cardtext`` to rewrite the texts (a test checks they are current).
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

CARDS_PATH = Path(__file__).resolve().parents[2] / "assets" / "starfall" / "cards.toml"

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
    "dawn": ("Dawn {n}: at round start, {n} damage to the first card of the facing column.",
             "暁{n}：ラウンド開始時、正面の列の先頭に{n}ダメージ。"),
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
    """Four short lines: unique ability, normal skill, consumption skill, R-effect skill."""
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


# --- the TOML writer -------------------------------------------------------------------------

HEADER = """\
# Starfall (スターフォール) cards: 16 Attack (S01-S16), 16 Magic (S17-S32), 16 Trick (S33-S48).
#
# The rule book prints only its lower volume and no card list, so every card here is authored
# (source = "authored"); the anatomy is docs/rules/starfall.md, upper volume 1-3. Fields: attribute,
# hp (tens), ability (unique ability: kind + amount), normal / consume (a skill: from = usable rows,
# pattern = squares hit, effects on them, self_effects on the user; consume also a ★ cost),
# r (the R effect: kind, amount, and the extra ★ its R-effect skill costs on top of the consume cost).
# Texts are generated from the fields: after editing a number run `python -m cogs.starfall.cardtext`.
"""

FIELD_ORDER = ("id", "aliases", "kind", "source", "name_en", "name_ja", "attribute", "hp", "ability",
               "normal", "consume", "r")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def render_toml(cards: Sequence[Mapping[str, Any]]) -> str:
    out = [HEADER]
    for card in cards:
        out.append("[[card]]")
        for name in FIELD_ORDER:
            out.append(f"{name} = {_value(card[name])}")
        for locale in ("en", "ja"):
            out.append(f'text_{locale} = """\n{card_text(card, locale)}"""')
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    path = Path(argv[0]) if argv else CARDS_PATH
    cards = tomllib.loads(path.read_text(encoding="utf-8"))["card"]
    path.write_text(render_toml(cards), encoding="utf-8")
    print(f"wrote {len(cards)} cards to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
