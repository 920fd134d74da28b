"""3x3 Wars: the registry of great magic (大魔術, Wizard and Seven Mage): ``GREATS``, by the kind a
magic card names (``great = "sea_heal"``), with its card text and what it does on your own turn; and the
questions those ask (``ANSWERS``). Paying for great magic (exiling the card) is in ``cogs.wars.magic``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.engine import (
    Event,
    Seat,
    State,
    draw_rng,
)
from cogs.wars import cards as C
from cogs.wars.board import (
    QUESTIONS,
    AnswerHandler,
    card_value,
    event,
    heal,
    mark_seen,
    single,
    split_token,
    take_from_hand,
    tokens_for,
)
from cogs.wars.magic import (
    activate_magic,
    condition_ok,
    great_allowed,
    great_of,
    great_payable,
    magic_once_ok,
    pay_great,
)


@dataclass(frozen=True)
class GreatMagic:
    """A great magic kind (大魔術) a magic card may name (``great = "sea_heal"``)."""
    text_en: str  # the card text after "Great magic ★name: "
    text_ja: str
    # Used on your own turn, once paid: (state, seat, step, events). None: used only in the windows of the
    # opponent's turn, where the rules that open them offer it.
    use: Callable[[State, Seat, str, list[Event]], None] | None
    usable: Callable[[State, Seat, str, str], bool] | None = None  # (state, seat, step, card): has a target

    def text(self, locale: str) -> str:
        return self.text_ja if locale == "ja" else self.text_en


def copy_targets(state: State, seat: Seat, step: str, source: str) -> list[str]:
    targets = []
    for owner in (0, 1):
        for slot in state["magic"][owner]:
            card = slot["card"]
            if card == source or slot["state"] != "up":
                continue  # 横側 is not 表側 (Q&A)
            if magic_once_ok(state, seat, C.info(card)["effect"]) and condition_ok(state, seat, card, step):
                targets.append(card)
    return targets


def own_turn_great_options(state: State, seat: Seat, step: str) -> list[str]:
    """The great magic ``seat`` may use at ``step`` of its own turn, in the registry's order."""
    if not great_allowed(state, seat):
        return []  # asked at every step of every turn: most levels have no great magic
    options = []
    for great, spec in GREATS.items():
        if spec.use is None:
            continue
        options += [f"great:{card}" for card in great_payable(state, seat, great)
                    if spec.usable is None or spec.usable(state, seat, step, card)]
    return options


def use_own_turn_great(state: State, seat: Seat, card_id: str, step: str, events: list[Event]) -> None:
    use = GREATS[great_of(card_id)].use
    assert use is not None  # offered only when it has one (own_turn_great_options)
    pay_great(state, seat, card_id, events)  # exiled first: ★天写 never copies itself (Q&A)
    use(state, seat, step, events)


def great_endless(state: State, seat: Seat, step: str, events: list[Event]) -> None:
    state["turn_state"]["endless"].append(seat)  # its lasting effects: effects.endless_mana, endless_unnullifiable


def great_seek_life(state: State, seat: Seat, step: str, events: list[Event]) -> None:
    pairs = [f"seek:{d}:{h}" for d in dict.fromkeys(state["discard"]) if C.is_unit(d)
             for h in dict.fromkeys(state["hands"][seat])]
    if pairs:
        QUESTIONS.ask(state, seat, "seek", pairs)


def great_heaven_copy(state: State, seat: Seat, step: str, events: list[Event]) -> None:
    targets = copy_targets(state, seat, step, "")  # itself is already exiled
    QUESTIONS.ask(state, seat, "copy", [f"copy:{c}" for c in targets], step=step)


def great_sea_heal(state: State, seat: Seat, step: str, events: list[Event]) -> None:
    pile = state["discard"]
    kept = draw_rng(state).sample(pile, min(4, len(pile))) if pile else []
    state["exile"] += [c for c in pile if c not in kept]
    state["discard"] = kept
    options = [f"heal:{t}" for c in dict.fromkeys(kept) for t in tokens_for(c)]
    if options:
        QUESTIONS.ask(state, seat, "heal", options)


def answer_heal(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    card, value = split_token(option.split(":")[1])
    amount = 0 if C.is_spellbreaker(card) else card_value(card, value)
    heal(state, seat, amount, events)


def answer_seek(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    _, from_discard, from_hand = option.split(":")
    take_from_hand(state, seat, from_hand)
    state["discard"].remove(from_discard)
    state["discard"].append(from_hand)
    state["hands"][seat].append(from_discard)
    mark_seen(state, seat, [from_discard])
    events.append(event("seek", None, seat=seat, taken=from_discard, given=from_hand))


def answer_copy(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    activate_magic(state, seat, option.split(":")[1], events, copied=True)


GREATS: dict[str, GreatMagic] = {
    "forbid_fire": GreatMagic(
        "[Also on your opponent's turn] Nullify a magic or a reinforcement as it is activated (it does nothing; "
        "its cards go to the discard pile). This nullification cannot be countered.",
        "[相手ターン中も発動可] 発動した魔法または強化1つを無効化する(白紙化)。この無効化は打消できない。",
        use=None),  # only in the opponent's windows: magic.offer_nullify, spells.step_chain's counter window
    "sea_heal": GreatMagic(
        "Leave 4 random cards in the discard pile and exile the rest; choose one of the 4 and gain life equal to "
        "its cost (呪文砕き 0, 調律 1-3 of your choice).",
        "捨札からランダムに4枚だけ残し他は除外。その中の1枚を選び、そのコストに等しいライフを得る(《呪文砕き》は0、《調律》は1~3)。",
        use=great_sea_heal),
    "seek_life": GreatMagic(
        "Exchange a unit card in the discard pile with a card from your hand.",
        "捨札のユニット・カード1枚と、あなたの手札1枚を交換する。",
        use=great_seek_life),
    "endless": GreatMagic(
        "Until the end of this turn your magic cannot be nullified and you have 1 extra mana of any attribute.",
        "このターン終了まで、あなたの魔法は無効化されず、好きな属性の魔力を1点得る。",
        use=great_endless),
    "heaven_copy": GreatMagic(
        "[Also on your opponent's turn] Copy another face-up magic and activate it as a magic, ignoring its "
        "requirements and activation cost (its condition and the magic basic rules still apply).",
        "[相手ターン中も発動可] 他の表側の魔法1つをコピーし、必要魔力と発動コストを無視して魔法として発動する"
        "(発動条件と魔法の基本ルールには従う)。",
        use=great_heaven_copy,
        usable=lambda state, seat, step, card: bool(copy_targets(state, seat, step, card))),
}

ANSWERS: dict[str, AnswerHandler] = {"heal": single(answer_heal), "seek": single(answer_seek), "copy": single(answer_copy)}
