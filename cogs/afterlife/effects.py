"""The effect registry: each card effect is data ``{kind, when, ...params}``; each kind is one entry here.

An entry has ``targets`` (the option ids a player picks from, or ``None`` when nothing is chosen),
``run`` (a function of the state that applies it) and the card text in English and Japanese, so a
new card is a data row and its text can never disagree with what it does.

``when`` is ``play`` (a creature's summon, an instant's resolution), ``retreat`` (撤退時効果: only when
its controller retreats it) or ``static`` (read by the rules while the creature is on the field).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.engine import Event, Seat, State
from cogs.afterlife import cards as C
from cogs.afterlife import zones as Z

Params = dict[str, Any]
TargetFn = Callable[[State, Seat, Params], list[str]]
RunFn = Callable[[State, Seat, Params, "str | None", list[Event]], None]
COLOUR_EN = {"R": "red", "B": "blue", "G": "green", "N": "colourless"}
COLOUR_JA = {"R": "赤", "B": "青", "G": "緑", "N": "無色"}
TYPE_EN = {"creature": "creature", "instant": "instant", "evolution": "evolution creature"}
TYPE_JA = {"creature": "クリーチャー", "instant": "インスタント", "evolution": "進化クリーチャー"}


@dataclass(frozen=True)
class Kind:
    run: RunFn
    en: Callable[[Params], str]
    ja: Callable[[Params], str]
    targets: TargetFn | None = None


# ---------------------------------------------------------------- targets


def creature_targets(state: State, seat: Seat, params: Params) -> list[str]:
    scope = params.get("target", "enemy")
    seats = {"enemy": [Z.other(seat)], "own": [seat], "any": [seat, Z.other(seat)]}.get(scope, [])
    found = []
    for owner in seats:
        for unit in Z.player(state, owner)["field"]:
            if "max_power" in params and Z.power(state, owner, unit) > params["max_power"]:
                continue
            found.append(f"target:{unit['cid']}")
    return found


def chosen(target: str | None) -> str:
    assert target is not None
    return target.split(":", 1)[1]


def scope_en(params: Params) -> str:
    scope = params.get("target", "enemy")
    limit = f" with power {params['max_power']} or less" if "max_power" in params else ""
    return {"enemy": "an opposing creature", "own": "a creature of yours", "any": "a creature",
            "all_enemy": "each opposing creature", "opponent": "your opponent", "same": "that creature"}[scope] + limit


def scope_ja(params: Params) -> str:
    scope = params.get("target", "enemy")
    limit = f"パワー{params['max_power']}以下の" if "max_power" in params else ""
    return limit + {"enemy": "相手のクリーチャー1体", "own": "自分のクリーチャー1体", "any": "クリーチャー1体",
                    "all_enemy": "相手のクリーチャーすべて", "opponent": "相手プレイヤー", "same": "そのクリーチャー"}[scope]


def targeted(params: Params) -> bool:
    return params.get("target", "enemy") in ("enemy", "own", "any")


# ---------------------------------------------------------------- kinds


def run_damage(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    scope = params.get("target", "enemy")
    if scope == "opponent":
        Z.damage_player(state, Z.other(seat), params["amount"], events)
    elif scope == "all_enemy":
        for unit in list(Z.player(state, Z.other(seat))["field"]):
            Z.damage_creature(state, unit["cid"], params["amount"], events)
    else:
        Z.damage_creature(state, chosen(target), params["amount"], events)


def run_destroy(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    Z.destroy(state, chosen(target), events)


def run_draw(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    Z.draw(state, seat, params["amount"], events)


def run_heal(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    Z.heal(state, seat, params["amount"], events)


def run_core(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    p = Z.player(state, seat)
    added = min(params["amount"], Z.MAX_CORES - p["cores"])
    if added > 0:  # a new core arrives used, as at the start of a turn
        p["cores"] += added
        p["used"] += added
        events.append(event_cores(state, seat, "core_added", added))


def run_charge(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    p = Z.player(state, seat)
    freed = min(params["amount"], p["used"])
    if freed > 0:
        p["used"] -= freed
        events.append(event_cores(state, seat, "core_charged", freed))


def event_cores(state: State, seat: Seat, key: str, amount: int) -> Event:
    p = Z.player(state, seat)
    return Z.event(key, None, seat=seat, amount=amount, cores=p["cores"], used=p["used"])


def unit_of(state: State, target: str | None) -> dict[str, Any] | None:
    found = Z.find(state, chosen(target))
    return None if found is None else found[1]


def run_boost(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    unit = unit_of(state, target)
    if unit is not None:
        unit["boost"] += params["amount"]
        events.append(Z.event("boosted", None, seat=seat, cid=unit["cid"], card=unit["card"], amount=params["amount"]))


def run_grant(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    unit = unit_of(state, target)
    if unit is not None and params["keyword"] not in unit["granted"]:
        unit["granted"].append(params["keyword"])
        events.append(Z.event("granted", None, seat=seat, cid=unit["cid"], card=unit["card"],
                              keyword=params["keyword"]))


def run_tap(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    unit = unit_of(state, target)
    if unit is not None:
        unit["tapped"] = True
        events.append(Z.event("tapped", None, cid=unit["cid"], card=unit["card"]))


def run_untap(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    unit = unit_of(state, target)
    if unit is not None:
        unit["tapped"] = False
        events.append(Z.event("untapped", None, cid=unit["cid"], card=unit["card"]))


def run_bounce(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    if Z.find(state, chosen(target)) is None:
        return
    owner, unit = Z.leave_field(state, chosen(target))
    Z.player(state, owner)["hand"].append(unit["card"])
    Z.mark_seen(state, owner, [unit["card"]])
    events.append(Z.event("bounced", None, seat=owner, cid=unit["cid"], card=unit["card"]))


def matches(card: str, params: Params) -> bool:
    return ((params.get("type") is None or C.ctype(card) == params["type"])
            and (params.get("colour") is None or C.colour(card) == params["colour"]))


def run_search(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    """ランダムサーチ: turn cards from the top until one fits; it goes to the hand, the rest is shuffled in."""
    p = Z.player(state, seat)
    Z.refill(state, seat, events)
    turned: list[str] = []
    found = None
    while p["deck"]:
        card = p["deck"].pop(0)
        if matches(card, params):
            found = card
            break
        turned.append(card)
    p["deck"].extend(turned)
    Z.shuffle(state, p["deck"])
    if found is None:
        events.append(Z.event("search_missed", None, seat=seat, turned=len(turned)))
        return
    p["hand"].append(found)  # it was turned face up, so everyone may read it
    Z.mark_seen(state, seat, [found])
    events.append(Z.event("searched", None, seat=seat, card=found, turned=len(turned)))


def run_mill(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    """The top cards of a deck go face up to its owner's afterlife (never reshuffling it)."""
    owner = seat if params.get("who", "self") == "self" else Z.other(seat)
    p = Z.player(state, owner)
    sent = p["deck"][: params["amount"]]
    del p["deck"][: params["amount"]]
    p["afterlife"].extend(sent)
    if sent:
        events.append(Z.event("to_afterlife", None, seat=owner, cards=sent))


def afterlife_targets(state: State, seat: Seat, params: Params) -> list[str]:
    pool = Z.player(state, seat)["afterlife"]
    if params.get("max_cost") is not None:  # revive: creatures only
        pool = [c for c in pool if C.ctype(c) == "creature" and C.cost(c) <= params["max_cost"]]
    return [f"take:{card}" for card in dict.fromkeys(pool)]


def run_recall(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    card = chosen(target)
    p = Z.player(state, seat)
    p["afterlife"].remove(card)
    p["hand"].append(card)
    Z.mark_seen(state, seat, [card])
    events.append(Z.event("recalled", None, seat=seat, card=card))


def run_revive(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    card = chosen(target)
    Z.player(state, seat)["afterlife"].remove(card)
    events.append(Z.event("revived", None, seat=seat, card=card))
    Z.enter_field(state, seat, card, events)


def run_requiem(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    count = min(len(Z.player(state, seat)["afterlife"]), params.get("cap", 10))
    Z.damage_player(state, Z.other(seat), params["amount"] * count, events)


def run_negate(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    # The negating instant has left the stack already; the entry now on top is the one it answers.
    for entry in reversed(state["stack"]):
        if entry["seat"] != seat and not entry["negated"]:
            entry["negated"] = True
            events.append(Z.event("negated", None, seat=entry["seat"], card=entry["card"]))
            return


def run_discard(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    p = Z.player(state, Z.other(seat))
    for _ in range(params["amount"]):
        pool = p["hand"] + p["public"]
        if not pool:
            return
        card = pool[Z.draw_rng(state).randrange(len(pool))]
        Z.take_from_hand(state, Z.other(seat), card, prefer_public=False)
        p["grave"].append(card)
        events.append(Z.event("discarded", None, seat=Z.other(seat), card=card))


def run_inter(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    """The newest cards of your grave pass on to your afterlife."""
    p = Z.player(state, seat)
    moved = p["grave"][-params["amount"]:] if p["grave"] else []
    del p["grave"][len(p["grave"]) - len(moved):]
    p["afterlife"].extend(moved)
    if moved:
        events.append(Z.event("to_afterlife", None, seat=seat, cards=moved))


def no_run(state: State, seat: Seat, params: Params, target: str | None, events: list[Event]) -> None:
    """Static effects are read by the rules (``zones.power``); nothing happens on play."""


def search_en(p: Params) -> str:
    what = " ".join(x for x in (COLOUR_EN.get(p.get("colour", ""), ""), TYPE_EN.get(p.get("type", ""), "card")) if x)
    return f"Random Search: {what}."


def search_ja(p: Params) -> str:
    what = COLOUR_JA.get(p.get("colour", ""), "") + ("の" if p.get("colour") else "") + TYPE_JA.get(p.get("type", ""), "カード")
    return f"ランダムサーチ: {what}。"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


EFFECTS: dict[str, Kind] = {
    "damage": Kind(run_damage, lambda p: f"Deal {p['amount']} damage to {scope_en(p)}.",
                   lambda p: f"{scope_ja(p)}に{p['amount']}ダメージを与える。",
                   lambda s, seat, p: creature_targets(s, seat, p) if targeted(p) else []),
    "destroy": Kind(run_destroy, lambda p: f"Destroy {scope_en(p)}.", lambda p: f"{scope_ja(p)}を破壊する。",
                    creature_targets),
    "draw": Kind(run_draw, lambda p: f"Draw {plural(p['amount'], 'card')}.", lambda p: f"カードを{p['amount']}枚引く。"),
    "heal": Kind(run_heal, lambda p: f"Gain {p['amount']} life (up to 3000).",
                 lambda p: f"ライフを{p['amount']}回復する(上限3000)。"),
    "core": Kind(run_core, lambda p: f"Add {plural(p['amount'], 'used core')} (up to 8).",
                 lambda p: f"使用済みコアを{p['amount']}つ追加する(上限8)。"),
    "charge": Kind(run_charge, lambda p: f"Refresh {plural(p['amount'], 'used core')}.",
                   lambda p: f"使用済みコアを{p['amount']}つ未使用にする。"),
    "boost": Kind(run_boost, lambda p: f"{scope_en(p).capitalize()} gets +{p['amount']} power this turn.",
                  lambda p: f"{scope_ja(p)}のパワーをこのターン+{p['amount']}する。", creature_targets),
    "grant": Kind(run_grant, lambda p: f"{scope_en(p).capitalize()} gains {KEYWORD_EN[p['keyword']]} this turn.",
                  lambda p: f"{scope_ja(p)}はこのターン{KEYWORD_JA[p['keyword']]}を得る。", creature_targets),
    "tap": Kind(run_tap, lambda p: f"Tap {scope_en(p)}.", lambda p: f"{scope_ja(p)}をタップする。", creature_targets),
    "untap": Kind(run_untap, lambda p: f"Untap {scope_en(p)}.", lambda p: f"{scope_ja(p)}をアンタップする。",
                  creature_targets),
    "bounce": Kind(run_bounce, lambda p: f"Return {scope_en(p)} to its owner's hand.",
                   lambda p: f"{scope_ja(p)}を持ち主の手札に戻す。", creature_targets),
    "search": Kind(run_search, search_en, search_ja),
    "mill": Kind(run_mill, lambda p: f"Send the top {plural(p['amount'], 'card')} of "
                 f"{'your' if p.get('who', 'self') == 'self' else 'your opponent’s'} deck to the afterlife.",
                 lambda p: f"{'自分' if p.get('who', 'self') == 'self' else '相手'}の山札の上から{p['amount']}枚を来世に送る。"),
    "recall": Kind(run_recall, lambda p: "Put a card from your afterlife into your hand.",
                   lambda p: "自分の来世のカード1枚を手札に加える。", afterlife_targets),
    "revive": Kind(run_revive, lambda p: f"Summon a creature of cost {p['max_cost']} or less from your afterlife.",
                   lambda p: f"自分の来世からコスト{p['max_cost']}以下のクリーチャー1体を召喚する。", afterlife_targets),
    "requiem": Kind(run_requiem, lambda p: f"Deal {p['amount']} damage to your opponent for each card in your "
                    f"afterlife (at most {p.get('cap', 10)}).",
                    lambda p: f"自分の来世のカード1枚につき相手プレイヤーに{p['amount']}ダメージを与える(最大{p.get('cap', 10)}枚)。"),
    "negate": Kind(run_negate, lambda p: "Negate an instant your opponent is using.",
                   lambda p: "相手が使用しているインスタント1枚を無効にする。"),
    "discard": Kind(run_discard, lambda p: f"Your opponent sends {plural(p['amount'], 'random card')} "
                    "from their hand to the grave.",
                    lambda p: f"相手の手札からランダムに{p['amount']}枚を墓地に送る。"),
    "inter": Kind(run_inter, lambda p: f"Send the top {plural(p['amount'], 'card')} of your grave to your afterlife.",
                  lambda p: f"自分の墓地の上から{p['amount']}枚を来世に送る。"),
    "growth": Kind(no_run, lambda p: f"+{p['amount']} power for each card in your afterlife (at most {p.get('cap', 10)}).",
                   lambda p: f"自分の来世のカード1枚につきパワー+{p['amount']}(最大{p.get('cap', 10)}枚)。"),
}

KEYWORD_EN = {"random_search": "Random Search", "speed_move": "Speed Move", "indomitable": "Indomitable",
              "pierce": "Pierce", "forced_defence": "Forced Defence"}
KEYWORD_JA = {"random_search": "ランダムサーチ", "speed_move": "スピードムーブ", "indomitable": "不屈",
              "pierce": "貫通", "forced_defence": "強制防御"}


def targets(state: State, seat: Seat, effect: Params) -> list[str] | None:
    """Option ids to pick from, or ``None`` when the effect chooses nothing."""
    kind = EFFECTS[effect["kind"]]
    if kind.targets is None or effect.get("target") == "same":  # "same": the card's previous target
        return None
    if effect["kind"] == "damage" and not targeted(effect):
        return None
    return kind.targets(state, seat, effect)


def run(state: State, seat: Seat, effect: Params, target: str | None, events: list[Event]) -> None:
    EFFECTS[effect["kind"]].run(state, seat, effect, target, events)


def needs_stack_instant(card: str) -> bool:
    return any(e["kind"] == "negate" for e in C.effects(card, "play"))
