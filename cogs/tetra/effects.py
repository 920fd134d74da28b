"""TetrAction: the registry of effect kinds. A card names kinds in ``assets/tetra/cards.toml``; the phases look
them up here and name none, and each kind carries its card text (en, ja), from which ``cardtext`` words the cards.

* ``PUBLIC_EFFECTS``: a public spell's ``effect``. After the spell's gains, the ``public_effect`` task (owned
  here) runs the kind: it acts at once (cast +1) or asks the caster (prompt ``tetra.prompt.<kind>``, words
  ``tetra.board.effect_<kind>`` in the locales) and resolves the answer.
* ``ACCIDENT_EFFECTS``: an accident card's ``effect``, struck at the end phase (``end_phase``).
* ``BAND_EFFECTS``: the fields of a hand card's band, of one of its choices and of its release (``damage``,
  ``heal``...), applied in this order by :func:`apply_effects`. A kind may read parameter fields after its own
  (``damage`` reads ``discard_step``/``discard_max``) and may be a demerit the caster must be able to pay
  (:func:`can_pay`).

``kinds`` checks the card data against these tables when the engine loads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import Event, Seat, State
from cogs.tetra import geometry as geo
from cogs.tetra.start_phase import move_marker, rotate_options, tip_options, turn_tetrite
from cogs.tetra.table import START_LIFE, ask, emit, free_tetrites, gain_ether, gain_mana, player_of, push
from cogs.tetra.words import mana_text

Effects = Mapping[str, Any]
PublicPrepare = Callable[[State, Seat, list[Event]], dict[str, Any] | None]
PublicAnswer = Callable[[State, Seat, str, list[Event]], None]
Strike = Callable[[State, Seat], None]
BandApply = Callable[[State, Seat, Effects, list[Event]], None]
BandText = Callable[[Effects, str], list[str]]
Affordable = Callable[[State, Seat, int, int], bool]


@dataclass(frozen=True)
class PublicEffect:
    kind: str
    prepare: PublicPrepare  # acts and returns None, or returns the caster's decision
    text_en: str
    text_ja: str
    answer: PublicAnswer | None = None  # resolves the caster's choice when ``prepare`` asks one

    def text(self, locale: str) -> str:
        return self.text_ja if locale == "ja" else self.text_en


@dataclass(frozen=True)
class AccidentEffect:
    kind: str
    strike: Strike
    text_en: str
    text_ja: str

    def text(self, locale: str) -> str:
        return self.text_ja if locale == "ja" else self.text_en


@dataclass(frozen=True)
class BandEffect:
    kind: str
    apply: BandApply
    text: BandText  # the parts of the effect line (one, or none when the fields are zero)
    fields: tuple[str, ...]  # the card fields it reads: its kind, then its parameters
    affordable: Affordable | None = None  # a demerit: whether the caster can pay it after ``tablets`` tablets


PUBLIC_EFFECTS: dict[str, PublicEffect] = {}
ACCIDENT_EFFECTS: dict[str, AccidentEffect] = {}
BAND_EFFECTS: dict[str, BandEffect] = {}


def public_effect(kind: str, en: str, ja: str,
                  answer: PublicAnswer | None = None) -> Callable[[PublicPrepare], PublicPrepare]:
    def register(prepare: PublicPrepare) -> PublicPrepare:
        PUBLIC_EFFECTS[kind] = PublicEffect(kind, prepare, en, ja, answer)
        return prepare
    return register


def accident_effect(kind: str, en: str, ja: str) -> Callable[[Strike], Strike]:
    def register(strike: Strike) -> Strike:
        ACCIDENT_EFFECTS[kind] = AccidentEffect(kind, strike, en, ja)
        return strike
    return register


def band_effect(kind: str, text: BandText, params: tuple[str, ...] = (),
                affordable: Affordable | None = None) -> Callable[[BandApply], BandApply]:
    def register(apply: BandApply) -> BandApply:
        BAND_EFFECTS[kind] = BandEffect(kind, apply, text, (kind, *params), affordable)
        return apply
    return register


def band_fields() -> set[str]:
    """Every field a band, a choice or a release may hold besides ``from``/``to``/``cost``/``choices``."""
    return {name for effect in BAND_EFFECTS.values() for name in effect.fields}


# --- public spells ---------------------------------------------------------------------------------


def _move_own_marker(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    move_marker(state, seat, option.split(":")[1], events)


def _move_opponent_marker(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    move_marker(state, 1 - seat, option.split(":")[1], events)


def cast_again(state: State, seat: Seat, events: list[Event]) -> None:
    state["turn_state"]["casts_left"] += 1
    emit(events, "cast_again", seat=seat)


@public_effect("cast_again", "Cast +1.", "詠唱+1。")
def _cast_again(state: State, seat: Seat, events: list[Event]) -> None:
    cast_again(state, seat, events)


@public_effect("rotate_any", "Rotate any tetrite 60°.", "好きなテトライトを60°回転する。", turn_tetrite)
def _rotate_any(state: State, seat: Seat, events: list[Event]) -> dict[str, Any]:
    return ask(seat, "tetra.prompt.rotate_any", [o for t in state["tetrites"] for o in rotate_options(t["colour"])])


@public_effect("rotate_neutral", "Rotate the neutral tetrite 60°.", "中立のテトライトを60°回転する。", turn_tetrite)
def _rotate_neutral(state: State, seat: Seat, events: list[Event]) -> dict[str, Any]:
    return ask(seat, "tetra.prompt.rotate_neutral", rotate_options(state["neutral"]))


@public_effect("tip_neutral", "Tip the neutral tetrite over.", "中立のテトライトを倒す。", turn_tetrite)
def _tip_neutral(state: State, seat: Seat, events: list[Event]) -> dict[str, Any]:
    return ask(seat, "tetra.prompt.tip_neutral", tip_options(state, state["neutral"]))


@public_effect("tip_any", "Tip any tetrite over.", "好きなテトライトを倒す。", turn_tetrite)
def _tip_any(state: State, seat: Seat, events: list[Event]) -> dict[str, Any]:
    return ask(seat, "tetra.prompt.tip_any", [o for t in state["tetrites"] for o in tip_options(state, t["colour"])])


@public_effect("marker_self", "Move your marker to a tetrite without a marker.",
               "自分のマーカーをマーカーの無いテトライトへ移動する。", _move_own_marker)
def _marker_self(state: State, seat: Seat, events: list[Event]) -> dict[str, Any]:
    return ask(seat, "tetra.prompt.marker_self", [f"marker:{c}" for c in free_tetrites(state)])


@public_effect("marker_opponent", "Move your opponent's marker to a tetrite without a marker.",
               "相手のマーカーをマーカーの無いテトライトへ移動する。", _move_opponent_marker)
def _marker_opponent(state: State, seat: Seat, events: list[Event]) -> dict[str, Any]:
    return ask(seat, "tetra.prompt.marker_opponent", [f"marker:{c}" for c in free_tetrites(state)])


def _prepare_public_effect(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    return PUBLIC_EFFECTS[task["effect"]].prepare(state, state["active"], events)


def _answer_public_effect(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    answer = PUBLIC_EFFECTS[task["effect"]].answer
    assert answer is not None, f"{task['effect']} asks no question"
    answer(state, state["active"], option, events)


# --- accidents -------------------------------------------------------------------------------------


@accident_effect("rotate_all", "Rotate every tetrite 60° counter-clockwise.", "全てのテトライトを反時計回りに60°回転する。")
def _rotate_all(state: State, seat: Seat) -> None:
    for t in state["tetrites"]:
        t["faces"] = geo.rotate(t["faces"], geo.CCW)


@accident_effect("move_all", "Move every tetrite one place to the right (seen by the player whose turn it is); "
                 "the rightmost one wraps to the left end.",
                 "全てのテトライトを右へ1つ移動する（手番プレイヤーから見て）。右端のテトライトは左端へ。")
def _move_all(state: State, seat: Seat) -> None:
    # "Right" as the player whose turn it is sees it; seat 1 reads the table mirrored.
    tetrites = state["tetrites"]
    state["tetrites"] = tetrites[-1:] + tetrites[:-1] if seat == 0 else tetrites[1:] + tetrites[:1]


@accident_effect("flip", "White/black flip: every tetrite showing one rim of its own colour shows the other one in "
                 "its place (the two other faces trade places).",
                 "白黒反転：自色面の白面が見えているテトライトは同じ位置に黒面が、黒面が見えているものは白面が見えるようにする"
                 "(他の2面は入れ替わる)。")
def _flip(state: State, seat: Seat) -> None:
    for t in state["tetrites"]:
        t["faces"] = geo.flip_white_black(t["faces"])


@accident_effect("swap_own", "The two players' tetrites change places (each keeps its orientation).",
                 "両プレイヤーの属性テトライトの位置を入れ替える（向きはそのまま）。")
def _swap_own(state: State, seat: Seat) -> None:
    tetrites = state["tetrites"]
    own = [i for i, t in enumerate(tetrites) if t["colour"] != state["neutral"]]
    tetrites[own[0]], tetrites[own[1]] = tetrites[own[1]], tetrites[own[0]]


@accident_effect("scatter_markers", "Both markers leave their tetrites.", "両プレイヤーのマーカーをテトライトから取り除く。")
def _scatter_markers(state: State, seat: Seat) -> None:
    state["markers"] = [None, None]


@accident_effect("mana_leak", "Each player loses all mana of the neutral tetrite's colour.",
                 "各プレイヤーは中立テトライトと同じ色のマナを全て失う。")
def _mana_leak(state: State, seat: Seat) -> None:
    for player in state["players"]:
        player["mana"][state["neutral"]] = 0


# --- hand card bands and releases ------------------------------------------------------------------
# Registered in the order they apply (and their parts are written): the damage dealt comes first.


def discard_bonus(state: State, effects: Effects) -> int:
    step = effects.get("discard_step")
    if not step:
        return 0
    return min(state["hand_discards"] // step, effects.get("discard_max", 99))


def _damage(state: State, seat: Seat, amount: int, events: list[Event]) -> None:
    if amount > 0:
        player_of(state, seat)["life"] -= amount
        emit(events, "damage", seat=seat, amount=amount, life=player_of(state, seat)["life"])


def _damage_text(effects: Effects, locale: str) -> list[str]:
    ja = locale == "ja"
    parts = []
    if effects.get("damage"):
        parts.append(f"{effects['damage']}ダメージ" if ja else f"{effects['damage']} damage")
    if effects.get("discard_step"):
        step, most = effects["discard_step"], effects.get("discard_max", 99)
        parts.append(f"捨て札の手札カード{step}枚ごとに+1（最大+{most}）" if ja
                     else f"+1 per {step} hand cards discarded (max +{most})")
    return parts


def _words(en: str, ja: str, field: str) -> BandText:
    """The text of a kind whose one number fills ``{n}`` in its words."""
    return lambda effects, locale: [(ja if locale == "ja" else en).format(n=effects[field])]


@band_effect("damage", _damage_text, params=("discard_step", "discard_max"))
def _deal_damage(state: State, seat: Seat, effects: Effects, events: list[Event]) -> None:
    _damage(state, 1 - seat, effects.get("damage", 0) + discard_bonus(state, effects), events)


@band_effect("self_damage", _words("you take {n}", "自分に{n}ダメージ", "self_damage"))
def _self_damage(state: State, seat: Seat, effects: Effects, events: list[Event]) -> None:
    _damage(state, seat, effects["self_damage"], events)


@band_effect("heal", _words("heal {n}", "ライフ{n}回復", "heal"))
def _heal(state: State, seat: Seat, effects: Effects, events: list[Event]) -> None:
    player = player_of(state, seat)
    player["life"] = min(START_LIFE, player["life"] + effects["heal"])
    emit(events, "heal", seat=seat, amount=effects["heal"], life=player["life"])


def _has_ether(state: State, seat: Seat, amount: int, tablets: int) -> bool:
    return player_of(state, seat)["ether"] >= amount


@band_effect("lose_ether", _words("pay {n} ether", "エーテル{n}を払う", "lose_ether"), affordable=_has_ether)
def _lose_ether(state: State, seat: Seat, effects: Effects, events: list[Event]) -> None:
    player = player_of(state, seat)
    player["ether"] = max(0, player["ether"] - effects["lose_ether"])
    emit(events, "pay_ether", seat=seat, count=effects["lose_ether"])


def _has_mana(state: State, seat: Seat, amount: int, tablets: int) -> bool:
    return sum(player_of(state, seat)["mana"].values()) - tablets >= amount


@band_effect("lose_mana", _words("pay {n} mana", "マナ{n}を払う", "lose_mana"), affordable=_has_mana)
def _lose_mana(state: State, seat: Seat, effects: Effects, events: list[Event]) -> None:
    # The player picks the colours (a chain of decisions), before anything queued after this effect.
    push(state, {"do": "pay_mana", "seat": seat, "left": effects["lose_mana"], "paid": []})


@band_effect("gain_ether", _words("gain {n} ether", "エーテル{n}を得る", "gain_ether"))
def _gain_ether(state: State, seat: Seat, effects: Effects, events: list[Event]) -> None:
    emit(events, "gain_ether", seat=seat, count=gain_ether(state, seat, effects["gain_ether"]))


def _gain_mana_text(effects: Effects, locale: str) -> list[str]:
    mana = mana_text(effects["gain_mana"], locale)
    return ["と".join(mana) + "を得る" if locale == "ja" else "gain " + " and ".join(mana)]


@band_effect("gain_mana", _gain_mana_text)
def _gain_mana(state: State, seat: Seat, effects: Effects, events: list[Event]) -> None:
    for colour, count in effects["gain_mana"].items():
        emit(events, "gain_mana", seat=seat, colour=colour, count=gain_mana(state, seat, colour, count))


@band_effect("cast_again", lambda effects, locale: ["詠唱+1" if locale == "ja" else "cast +1"])
def _band_cast_again(state: State, seat: Seat, effects: Effects, events: list[Event]) -> None:
    cast_again(state, seat, events)


def _present(effects: Effects) -> list[BandEffect]:
    """The kinds ``effects`` names with a non-zero value, in the registry's order."""
    return [effect for effect in BAND_EFFECTS.values() if any(effects.get(name) for name in effect.fields)]


def apply_effects(state: State, seat: Seat, effects: Effects, events: list[Event], card_id: str) -> None:
    """A hand card band (or one of its choices) or release effect."""
    for effect in _present(effects):
        effect.apply(state, seat, effects, events)


def effect_parts(effects: Effects, locale: str) -> list[str]:
    """The parts of a band's, a choice's or a release's effect line, in the registry's order."""
    return [part for effect in _present(effects) for part in effect.text(effects, locale)]


def can_pay(state: State, seat: Seat, effects: Effects, tablets: int = 0) -> bool:
    """Whether ``seat`` can pay a band's demerits (ether, mana) after spending ``tablets`` on its cost."""
    return all(effect.affordable(state, seat, effects.get(effect.kind, 0), tablets)
               for effect in BAND_EFFECTS.values() if effect.affordable is not None)


# The task this module resolves (task name -> handler); ``engine`` merges the tables of every phase.
PREPARE: dict[str, Any] = {
    "public_effect": _prepare_public_effect,
}

ANSWER: dict[str, Any] = {
    "public_effect": _answer_public_effect,
}
