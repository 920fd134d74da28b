"""3x3 Wars: the registry of traits (特性) a card may name in ``assets/wars/cards.toml``.

A trait is a keyword: its name, its reminder text (for the generated card text), its short label (the
chips on the pictures) and the levels it works at. Most traits change a rule where that rule is written
(``where`` says which module reads it); a trait that does something when it happens (宝掘 as its unit
enters the field) also has a handler in ``cogs.wars.effects``. Pure data: imports nothing of the engine.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Trait:
    name_ja: str
    name_en: str
    text_en: str  # the reminder after the name, "速攻 (Haste): <text_en>"
    text_ja: str
    label_en: str  # the short chip on a picture
    label_ja: str
    # Overlord and Apprentice play only the basic unit traits; the spell cards' and the magic's own work
    # at every level (the replay uses 調律 and 呪文砕き in an Overlord game).
    every_level: bool
    where: str  # the module whose rules read it

    def text(self, locale: str) -> str:
        if locale == "ja":
            return f"{self.name_ja}: {self.text_ja}"
        return f"{self.name_ja} ({self.name_en}): {self.text_en}"

    def label(self, locale: str) -> str:
        return self.label_ja if locale == "ja" else self.label_en


TRAITS: dict[str, Trait] = {
    "haste": Trait(
        "速攻", "Haste",
        "You may take your strategy step before combat to deploy or redeploy this unit; it then attacks this turn.",
        "戦略ステップを戦闘フェイズの前に移し、このユニットを配備・再配備できる。このターンから攻撃する。",
        "Haste", "速攻", False, "mainphase"),
    "transparent": Trait(
        "透過", "Pierce",
        "Attacks in the transparent attack step; only 双壁 (Twin Wall) units defend against it.",
        "透過攻撃ステップで攻撃する。防御できるのは双壁を持つユニットのみ。",
        "Pierce", "透過", True, "combat"),
    "no_block": Trait(
        "ブロック不可", "Cannot Block", "This unit never defends.", "このユニットは防御に参加できない。",
        "No block", "ブロック不可", True, "combat"),
    "relief": Trait(
        "交代", "Relief",
        "When this unit is chosen as redeploy cost it returns to your hand instead of the discard pile "
        "(its cost still counts).",
        "再配備のコストに選ばれた時、捨札でなく手札に戻る(コストは合計に数える)。",
        "Relief", "交代", False, "mainphase"),
    "twin_wall": Trait(
        "双壁", "Twin Wall", "Defends in both the transparent attack step and the attack step.",
        "透過攻撃ステップと攻撃ステップの両方で防御に参加する。",
        "Twin wall", "双壁", True, "combat"),
    "occupy": Trait(
        "占有", "Occupy",
        "When your opponent counts magic requirements, this unit on your field does not count.",
        "対戦相手が必要魔力を計算する時、あなたの場のこのユニットは数えない。",
        "Occupy", "占有", False, "magic"),
    "undying": Trait(
        "不死", "Undying",
        "When this unit is destroyed, return it to its owner's hand instead of the discard pile.",
        "このユニットが破壊された時、捨札でなく持ち主の手札に戻す。",
        "Undying", "不死", False, "board"),
    "no_reinforce": Trait(
        "強化不可", "Unreinforceable", "This unit cannot be reinforced.", "このユニットは強化できない。",
        "No reinf.", "強化不可", True, "board"),
    "fertile": Trait(
        "豊穣", "Fertile",
        "While on your field your territories count +1 for deploy and redeploy "
        "(not a real territory; not when this unit is redeploy cost).",
        "場にいる間、配備・再配備であなたの領土に+1修正(実際の領土ではない。再配備のコストにした時は適用しない)。",
        "Fertile", "豊穣", False, "effects"),
    "veil": Trait(
        "透化", "Veil",
        "When this card is used for reinforcement you may use 透化 instead: it may target a unit of any "
        "attribute, adds no power, and the unit gains 透過 (Pierce) until end of combat.",
        "このカードで強化する時、代わりに透化を使ってもよい。属性を問わずユニット1体を対象にでき、パワーは増えず、"
        "そのユニットは戦闘終了まで透過を得る。",
        "Veil", "透化", True, "spells"),
    # 膨張's text names the card's cost (a slug of cost 3 at power 5): ``{cost}`` is filled in from the card.
    "swell": Trait(
        "膨張", "Swell", "This unit has +2 power (an increase, not a reinforcement; its cost stays {cost}).",
        "このユニットのパワー+2(強化でなく増加。コストは{cost}のまま)。",
        "Swell", "膨張", False, "effects"),
    "treasure": Trait(
        "宝掘", "Treasure Dig",
        "When this unit enters your field you may draw a card; if you do, discard a card from your hand.",
        "このユニットが場に出た時、カードを1枚引いてもよい。引いた場合、手札を1枚捨てる。",
        "Dig", "宝掘", False, "effects"),
    "shift": Trait(
        "変幻", "Shapeshift", "Its user treats it as cost 1, 2 or 3 (chosen on use) and as any attribute.",
        "使用するプレイヤーがコスト1~3のいずれか・好きな属性として扱う。",
        "Shift", "変幻", True, "board"),
    "wildcard": Trait(
        "ワイルドカード", "Wildcard",
        "Counters a spell of the same number of cards whatever its numbers; only another 呪文砕き can counter "
        "it. Cannot remove or reinforce.",
        "枚数が同じなら数字に関係なく打消できる。これを打消せるのは《呪文砕き》のみ。除去・強化には使えない。",
        "Wildcard", "ワイルド", True, "spells"),
    "echo": Trait(
        "残響", "Echo",
        "While sideways, you may exile this card instead of paying an activation cost to activate its magic "
        "or great magic.",
        "横側の時、発動コストの代わりにこれを除外して魔法・大魔術を発動できる。",
        "Echo", "残響", True, "magic"),
    "manifest": Trait(
        "顕在", "Manifest",
        "While face up its lasting effect applies; when it stops being face up that turn's effect lasts to "
        "the end of the turn.",
        "表側である限り効果を発揮する。表側でなくなっても、そのターンの終了まで効果が残る。",
        "Manifest", "顕在", True, "effects"),
}
