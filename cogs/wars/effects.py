"""3x3 Wars: the registry of effects: what a magic does when it resolves, and what a trait or a lasting
effect changes.

* ``EFFECTS``: the magic effect kinds. A magic card names its kind in ``assets/wars/cards.toml``
  (``effect = "poison"``); ``magic.resolve_magic`` looks the kind up and calls its handler. Each kind carries
  its card text (en, ja) and, when it needs one, an extra activation check (``ready``: 入植 needs a unit it
  can deploy). The kind is also the magic's name for "each magic once per turn" (``turn_state.magic_used``).
* ``ANSWERS``: the questions the effects ask (``poison``: which unit), by question kind.
* ``ON_ENTER``: unit traits that act as their unit enters the field (宝掘).
* ``POWER_MODIFIERS``, ``DEPLOY_LIMIT_MODIFIERS``, ``COUNTER_LOCKS``, ``EXTRA_MANA``, ``NULLIFY_LOCKS``: the
  standing and lasting effects that change a unit's power, the deploy limit, whether a seat may counter,
  the mana for a requirement, whether a magic may be nullified (膨張, 瘴気, 顕在; 豊穣, 収穫; 濃霧; ★無尽増).
  Combat, the main phase, the counter window and magic sum or ask these lists and name no card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import (
    Event,
    Seat,
    State,
    draw_rng,
)
from cogs.wars import cards as C
from cogs.wars.board import (
    FIELD_SLOTS,
    QUESTIONS,
    AnswerHandler,
    answer_discard,
    answer_expand,
    bounce_unit,
    damage,
    destroy_unit,
    draw_cards,
    event,
    find_unit,
    has_trait,
    heal,
    is_pierce,
    mark_seen,
    multi,
    other,
    reinforceable,
    single,
    take_from_hand,
    territory_count,
    unit_entry,
    units_of,
)

Resolve = Callable[[State, Seat, list[Event]], None]
Ready = Callable[[State, Seat], Any]
OnEnter = Callable[[State, Seat, str, list[Event]], None]


@dataclass(frozen=True)
class MagicEffect:
    kind: str
    resolve: Resolve
    text_en: str  # the card text of the effect (after the requirement and the condition)
    text_ja: str
    ready: Ready | None = None  # an extra condition to activate: truthy when the effect can do something

    def text(self, locale: str) -> str:
        return self.text_ja if locale == "ja" else self.text_en


EFFECTS: dict[str, MagicEffect] = {}
ON_ENTER: dict[str, OnEnter] = {}
POWER_MODIFIERS: list[Callable[[State, Seat, dict[str, Any]], int]] = []
DEPLOY_LIMIT_MODIFIERS: list[Callable[[State, Seat, Sequence[str]], int]] = []
COUNTER_LOCKS: list[Callable[[State, Seat], bool]] = []
EXTRA_MANA: list[Callable[[State, Seat], list[str | None]]] = []  # attributes (None: any) added to a requirement
NULLIFY_LOCKS: list[Callable[[State, Seat], bool]] = []  # the caster's magic cannot be nullified


def magic_effect(kind: str, en: str, ja: str, ready: Ready | None = None) -> Callable[[Resolve], Resolve]:
    """Register ``kind``'s handler, called with (state, caster, events) when the magic resolves."""
    def register(handler: Resolve) -> Resolve:
        if kind in EFFECTS:
            raise ValueError(f"wars: effect kind {kind!r} registered twice")
        EFFECTS[kind] = MagicEffect(kind, handler, en, ja, ready)
        return handler
    return register


def on_enter(trait: str) -> Callable[[OnEnter], OnEnter]:
    def register(handler: OnEnter) -> OnEnter:
        ON_ENTER[trait] = handler
        return handler
    return register


def enter_field(state: State, seat: Seat, card: str, events: list[Event]) -> None:
    """A unit entered ``seat``'s field (deploy, redeploy, 入植): its entering traits act."""
    for trait in C.traits(card):
        if trait in ON_ENTER and has_trait(state, card, trait):
            ON_ENTER[trait](state, seat, card, events)


# ---------------------------------------------------------------- magic effects


@magic_effect(
    "damage3",
    en="Deal 3 damage to your opponent.",
    ja="対戦相手に3点のダメージを与える。",
)
def effect_damage3(state: State, seat: Seat, events: list[Event]) -> None:
    damage(state, other(seat), 3, events, "magic")


@magic_effect(
    "drain2",
    en="Deal 2 damage to your opponent and gain 2 life.",
    ja="対戦相手に2点のダメージを与え、あなたは2点のライフを得る。",
)
def effect_drain2(state: State, seat: Seat, events: list[Event]) -> None:
    damage(state, other(seat), 2, events, "magic")
    if state["result"] is None:
        heal(state, seat, 2, events)


@magic_effect(
    "lava",
    en="Destroy every unit of cost 2 or less on both fields.",
    ja="両方の場のコスト2以下のユニットを全て破壊する。",
)
def effect_lava(state: State, seat: Seat, events: list[Event]) -> None:
    for owner in (0, 1):
        for card in units_of(state, owner):
            if C.cost(card) <= 2:
                destroy_unit(state, card, events)


@magic_effect(
    "rage",
    en="Each of your units gets +2 power (an increase) until end of turn.",
    ja="ターン終了まで、あなたのユニット全てのパワー+2(増加)。",
)
def effect_rage(state: State, seat: Seat, events: list[Event]) -> None:
    for unit in state["fields"][seat]:
        unit["increase"] += 2
    events.append(event("increase_all", None, seat=seat, amount=2))


@magic_effect(
    "miasma",
    en="Each of your opponent's units gets -2 power until end of turn (never below 0).",
    ja="ターン終了まで、対戦相手のユニット全てのパワー-2(0未満にならない)。",
)
def effect_miasma(state: State, seat: Seat, events: list[Event]) -> None:
    if other(seat) not in state["turn_state"]["miasma"]:
        state["turn_state"]["miasma"].append(other(seat))


@magic_effect(
    "expose",
    en="Turn one face-down magic of your opponent face up (it is not activated), and your opponent shows you up to 4 random cards of their hand.",
    ja="対戦相手の裏側の魔法1枚を表側にする(発動はしない)。対戦相手は手札からランダムに4枚まであなたに公開する。",
)
def effect_expose(state: State, seat: Seat, events: list[Event]) -> None:
    opponent = other(seat)
    hand = state["hands"][opponent]
    shown = sorted(draw_rng(state).sample(hand, min(4, len(hand)))) if hand else []
    if shown:
        mark_seen(state, opponent, shown)
        events.append(event("revealed_hand", (seat,), seat=opponent, cards=shown))
    slots = [i for i, slot in enumerate(state["magic"][opponent]) if slot["state"] == "down"]
    if slots:
        QUESTIONS.ask(state, seat, "flip", [f"flip:{i + 1}" for i in slots])


def answer_flip(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    slot = state["magic"][other(seat)][int(option.split(":")[1]) - 1]
    slot["state"] = "up"  # turned face up, not activated (Q&A: 透禍の槍 deals no damage)
    events.append(event("flipped", None, seat=other(seat), card=slot["card"]))


@magic_effect(
    "fog",
    en="This turn your opponent cannot counter (打消).",
    ja="このターン、対戦相手は打消を行えない。",
)
def effect_fog(state: State, seat: Seat, events: list[Event]) -> None:
    state["turn_state"]["fog"].append(other(seat))


@magic_effect(
    "poison",
    en="Destroy one unit on your opponent's field. You take damage equal to its cost.",
    ja="対戦相手の場のユニット1体を破壊する。あなたはそのコストに等しいダメージを受ける。",
)
def effect_poison(state: State, seat: Seat, events: list[Event]) -> None:
    targets = units_of(state, other(seat))
    if targets:
        QUESTIONS.ask(state, seat, "poison", [f"target:{c}" for c in targets])


def answer_poison(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    target = option.split(":")[1]
    destroy_unit(state, target, events)
    damage(state, seat, C.cost(target), events, "poison")


@magic_effect(
    "giant",
    en="One of your units gets +4 power (an increase) until end of turn.",
    ja="ターン終了まで、あなたのユニット1体のパワー+4(増加)。",
)
def effect_giant(state: State, seat: Seat, events: list[Event]) -> None:
    targets = units_of(state, seat)
    if targets:
        QUESTIONS.ask(state, seat, "giant", [f"target:{c}" for c in targets])


def answer_giant(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    found = find_unit(state, option.split(":")[1])
    if found:
        found[1]["increase"] += 4
        events.append(event("increased", None, seat=seat, target=found[1]["card"], amount=4))


@magic_effect(
    "woods",
    en="Return one unit on your opponent's field to its owner's hand.",
    ja="対戦相手の場のユニット1体を持ち主の手札に戻す。",
)
def effect_woods(state: State, seat: Seat, events: list[Event]) -> None:
    targets = units_of(state, other(seat))
    if targets:
        QUESTIONS.ask(state, seat, "woods", [f"target:{c}" for c in targets])


def answer_woods(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    bounce_unit(state, option.split(":")[1], events)


@magic_effect(
    "harvest",
    en="This turn your territories count +3 during your strategy step.",
    ja="このターン、あなたの戦略ステップの間、領土に+3修正。",
)
def effect_harvest(state: State, seat: Seat, events: list[Event]) -> None:
    state["turn_state"]["harvest"].append(seat)


@magic_effect(
    "twin",
    en="Reinforce up to two of your units: each gets +2 power until end of combat.",
    ja="あなたのユニット2体までを強化する。それぞれ戦闘終了までパワー+2。",
)
def effect_twin(state: State, seat: Seat, events: list[Event]) -> None:
    targets = [u["card"] for u in state["fields"][seat] if reinforceable(state, u)]
    if targets:
        QUESTIONS.ask(state, seat, "twin", [f"target:{c}" for c in targets], 0, min(2, len(targets)))


def answer_twin(state: State, seat: Seat, choice: Sequence[str], events: list[Event]) -> None:
    for option in choice:
        card = option.split(":")[1]
        found = find_unit(state, card)
        if found:
            found[1]["reinforce"] += 2
            state["turn_state"]["targeted"].append(card)
            events.append(event("reinforced", None, seat=seat, target=card, amount=2))


@magic_effect(
    "frontier",
    en="Put one card from your hand into your territories (an extra expansion).",
    ja="手札1枚を領土に置く(追加の領土拡大)。",
)
def effect_frontier(state: State, seat: Seat, events: list[Event]) -> None:
    if state["hands"][seat]:
        QUESTIONS.ask(state, seat, "frontier", [f"expand:{c}" for c in dict.fromkeys(state["hands"][seat])])


@magic_effect(
    "draw1",
    en="You draw a card.",
    ja="あなたはカードを1枚引く。",
)
def effect_draw1(state: State, seat: Seat, events: list[Event]) -> None:
    draw_cards(state, seat, 1, events)


@magic_effect(
    "headwind",
    en="Your opponent discards a random card from their hand.",
    ja="対戦相手は手札からランダムに1枚捨てる。",
)
def effect_headwind(state: State, seat: Seat, events: list[Event]) -> None:
    hand = state["hands"][other(seat)]
    if hand:
        card = draw_rng(state).choice(sorted(hand))
        take_from_hand(state, other(seat), card)
        state["discard"].append(card)
        events.append(event("discarded", None, seat=other(seat), card=card))


@magic_effect(
    "tornado",
    en="Return every unit of cost 3 or less on both fields to its owner's hand.",
    ja="両方の場のコスト3以下のユニットを全て持ち主の手札に戻す。",
)
def effect_tornado(state: State, seat: Seat, events: list[Event]) -> None:
    for owner in (0, 1):
        for card in units_of(state, owner):
            if C.cost(card) <= 3:
                bounce_unit(state, card, events)


@magic_effect(
    "draw3",
    en="You draw 3 cards.",
    ja="あなたはカードを3枚引く。",
)
def effect_draw3(state: State, seat: Seat, events: list[Event]) -> None:
    draw_cards(state, seat, 3, events)  # as far as possible (Q&A); the discards were its activation condition


def settle_options(state: State, seat: Seat) -> list[str]:
    if len(state["fields"][seat]) >= FIELD_SLOTS:
        return []
    limit = territory_count(state, seat)  # an effect that counts territories: no 豊穣, no 収穫 (Q&A)
    return [f"deploy:{c}" for c in dict.fromkeys(state["hands"][seat]) if C.is_unit(c) and C.cost(c) <= limit]


@magic_effect(
    "settle",
    en="Deploy a unit card from your hand of cost up to your territories. This is a deploy, not a strategy step.",
    ja="手札から領土数以下のコストのユニット・カードを配備する。戦略ステップではなく配備のみの追加。", ready=settle_options,
)
def effect_settle(state: State, seat: Seat, events: list[Event]) -> None:
    options = settle_options(state, seat)
    if options:
        QUESTIONS.ask(state, seat, "settle", options)


def answer_settle(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    card = option.split(":")[1]
    take_from_hand(state, seat, card)
    state["fields"][seat].append(unit_entry(card, state["turn"]))
    events.append(event("deploy", None, seat=seat, card=card))
    enter_field(state, seat, card, events)


@magic_effect(
    "spear",
    en="Deal 1 damage to your opponent. 顕在 (Manifest): your 透過 units get +1 power.",
    ja="対戦相手に1点のダメージを与える。顕在: あなたの透過ユニットのパワー+1。",
)
def effect_spear(state: State, seat: Seat, events: list[Event]) -> None:
    damage(state, other(seat), 1, events, "magic")


# ---------------------------------------------------------------- unit traits and lasting effects


@on_enter("treasure")
def treasure(state: State, seat: Seat, card: str, events: list[Event]) -> None:
    if state["deck"]:
        QUESTIONS.ask(state, seat, "treasure", ["dig", "pass"], card=card)


def answer_treasure(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    if option == "dig" and draw_cards(state, seat, 1, events):
        QUESTIONS.ask(state, seat, "discard_one", [f"discard:{c}" for c in dict.fromkeys(state["hands"][seat])])


def swell(state: State, seat: Seat, unit: dict[str, Any]) -> int:
    # 膨張 is a standing increase, on both players' turns (the Q&A's slug at power 5)
    return 2 if has_trait(state, unit["card"], "swell") else 0


def miasma(state: State, seat: Seat, unit: dict[str, Any]) -> int:
    return -2 if seat in state["turn_state"]["miasma"] else 0


def manifest_active(state: State, seat: Seat) -> bool:
    """顕在 of 透禍の槍: face up, or it stopped being face up this turn (and was not nullified)."""
    turn = state["turn_state"]
    if seat in turn["manifest_off"]:
        return False
    if seat in turn["manifest_kept"]:
        return True
    return any(m["state"] == "up" and "manifest" in C.traits(m["card"]) for m in state["magic"][seat])


def manifest(state: State, seat: Seat, unit: dict[str, Any]) -> int:
    return 1 if is_pierce(state, unit) and manifest_active(state, seat) else 0


def fertile(state: State, seat: Seat, spent: Sequence[str]) -> int:
    # 豊穣, not when the unit itself is redeploy cost (Q&A)
    return sum(1 for unit in state["fields"][seat] if unit["card"] not in spent and has_trait(state, unit["card"], "fertile"))


def harvest(state: State, seat: Seat, spent: Sequence[str]) -> int:
    return 3 if seat in state["turn_state"]["harvest"] else 0


def fog(state: State, seat: Seat) -> bool:
    return seat in state["turn_state"]["fog"]  # 濃霧: "cannot" beats "can"


def endless_mana(state: State, seat: Seat) -> list[str | None]:
    return [None] if seat in state["turn_state"]["endless"] else []  # ★無尽増: 1 mana of any attribute


def endless_unnullifiable(state: State, seat: Seat) -> bool:
    return seat in state["turn_state"]["endless"]  # ★無尽増: your magic cannot be nullified


POWER_MODIFIERS += [swell, miasma, manifest]
DEPLOY_LIMIT_MODIFIERS += [fertile, harvest]
COUNTER_LOCKS.append(fog)
EXTRA_MANA.append(endless_mana)
NULLIFY_LOCKS.append(endless_unnullifiable)

ANSWERS: dict[str, AnswerHandler] = {
    "flip": single(answer_flip), "poison": single(answer_poison), "giant": single(answer_giant),
    "woods": single(answer_woods), "twin": multi(answer_twin), "frontier": single(answer_expand),
    "settle": single(answer_settle), "treasure": single(answer_treasure), "discard_one": multi(answer_discard),
}
