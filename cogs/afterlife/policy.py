"""A greedy Afterlife player (better than random) and the self-play hooks of ``python -m bot selfplay``.

It reads the full state (it is a measuring stick for balance, not an opponent for people): it plays the
most expensive card it can, attacks when the attack is safe, a fair trade or lethal, blocks to save life
or win trades, and aims damage where it destroys the most.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from bot.engine import Decision, State
from cogs.afterlife import cards as C
from cogs.afterlife import zones as Z
from cogs.afterlife.combat import RULES, legacy, may_block


def side_keys(state: State) -> tuple[str, str]:
    """The ready-made deck id of each seat (``custom`` for a deck list of its own)."""
    names = state.get("deck_names") or ["", ""]
    defaults = list(C.decks())
    return (names[0] or defaults[0], names[1] or defaults[1])


def deck_pairs() -> list[tuple[str, str]]:
    ids = list(C.decks())
    return [(a, b) for a in ids for b in ids if a != b]


def selfplay_options(index: int, rng: random.Random) -> dict[str, str]:
    """Match ``index`` of a self-play run: every ordered pair of different ready-made decks in turn."""
    a, b = deck_pairs()[index % len(deck_pairs())]
    return {"deck0": ",".join(C.deck_list(a)), "deck1": ",".join(C.deck_list(b)), "deck_name0": a, "deck_name1": b,
            "rules": str(RULES)}


# ---------------------------------------------------------------- evaluation helpers


def worth(state: State, seat: int, unit: dict[str, Any]) -> int:
    return Z.power(state, seat, unit) + Z.toughness(unit) // 2 + 300 * len(C.keywords(unit["card"]))


def hp(unit: dict[str, Any]) -> int:
    return Z.toughness(unit) - unit["damage"]


def card_value(card: str) -> int:
    return C.cost(card) * 10 + (5 if C.ctype(card) == "evolution" else 0)


def split_damage(power: int, blockers: list[dict[str, Any]], pierce: bool) -> tuple[list[int], int]:
    remaining, dealt = power, []
    for i, unit in enumerate(blockers):
        last = i == len(blockers) - 1
        amount = remaining if last and not pierce else min(remaining, max(0, hp(unit)))
        dealt.append(amount)
        remaining -= amount
    return dealt, (remaining if pierce else 0)


EXACT_ORDER = 8  # blockers up to which the attacker's best kills are found exactly (2^8 sets)


def killed_by_order(power: int, blockers: list[dict[str, Any]], value: Any) -> list[dict[str, Any]]:
    """The blockers the attacker destroys when it orders its damage well: those it puts first, as many as
    its power covers (a knapsack on the damage left to each, the most ``value`` destroyed); the one put
    last after them takes the rest, which destroys it only if it covers it too (so it counts as covered)."""
    if len(blockers) <= EXACT_ORDER:  # every set, each sum built from a smaller set's
        hps = [max(0, hp(u)) for u in blockers]
        values = [value(u) for u in blockers]
        damage, total = [0] * (1 << len(blockers)), [0] * (1 << len(blockers))
        best_mask = best_value = 0
        for mask in range(1, 1 << len(blockers)):
            low = mask & -mask
            index = low.bit_length() - 1
            damage[mask] = damage[mask ^ low] + hps[index]
            total[mask] = total[mask ^ low] + values[index]
            if damage[mask] <= power and total[mask] > best_value:
                best_mask, best_value = mask, total[mask]
        return [u for i, u in enumerate(blockers) if best_mask >> i & 1]
    killed, left = [], power  # many blockers: most value per point of damage first
    for unit in sorted(blockers, key=lambda u: -value(u) / max(1, hp(u))):
        if hp(unit) <= left:
            killed.append(unit)
            left -= max(0, hp(unit))
    return killed


def best_order(power: int, blockers: list[dict[str, Any]], value: Any) -> list[dict[str, Any]]:
    """The attacker's damage order: the blockers it can destroy first, then the rest."""
    killed = killed_by_order(power, blockers, value)
    return killed + [u for u in blockers if all(u is not k for k in killed)]


def combat_score(state: State, attacker_seat: int, attacker: dict[str, Any], blockers: list[dict[str, Any]]) -> float:
    """The defender's gain (positive = good for the defender) of one block, the attacker ordering well."""
    defender = 1 - attacker_seat
    power = Z.power(state, attacker_seat, attacker)
    life = Z.player(state, defender)["life"]
    if not blockers:
        return -power * (3.0 if power >= life else 1.0 if life > 1500 else 1.6)
    pierce = Z.has_kw(attacker, "pierce")
    lost = killed_by_order(power, blockers, lambda u: worth(state, defender, u))
    through = max(0, power - sum(max(0, hp(u)) for u in blockers)) if pierce else 0
    score = -sum(worth(state, defender, u) for u in lost) - through * (3.0 if through >= life else 1.0)
    back = sum(Z.power(state, defender, u) for u in blockers)
    killed = worth(state, attacker_seat, attacker) if back >= hp(attacker) else 0
    return score + killed


def block_sets(state: State, defender: int, units: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The blocks worth weighing (any number of blockers may block): no block, each creature alone, every
    pair of a small field, and the strongest and the cheapest creatures taken together, two, three... at a time."""
    sets: list[list[dict[str, Any]]] = [[]] + [[u] for u in units]
    if len(units) <= 6:
        sets += [list(pair) for pair in itertools.combinations(units, 2)]
    for key in (lambda u: -Z.power(state, defender, u), lambda u: worth(state, defender, u)):
        ranked = sorted(units, key=key)
        sets += [ranked[:size] for size in range(3 if len(units) <= 6 else 2, len(units) + 1)]
    return sets


def best_blockers(state: State, defender: int) -> list[dict[str, Any]]:
    """The defender's best block against the current attack (empty: take the damage)."""
    combat = state["combat"]
    found = Z.find(state, combat["attacker"])
    assert found is not None
    attacker_seat, attacker = found
    cids, forced = may_block(state, defender)
    units = [Z.find(state, cid)[1] for cid in cids]
    if forced:
        return units
    return max(block_sets(state, defender, units),
               key=lambda units: combat_score(state, attacker_seat, attacker, units) - 50 * len(units))


def choose_block(state: State, seat: int, options: tuple[str, ...]) -> str:
    if legacy(state):  # rules version 0: one option per group
        return legacy_choose_block(state, seat, options)
    best = best_blockers(state, seat)
    if not best:
        return "noblock"
    return f"block:{best[0]['cid']}" if len(best) == 1 else "several"


def legacy_choose_block(state: State, seat: int, options: tuple[str, ...]) -> str:
    """Rules version 0: the offered group (or none) with the best score for the defender."""
    attacker_seat, attacker = Z.find(state, state["combat"]["attacker"])

    def score(option: str) -> float:
        cids = [] if option == "noblock" else option.split(":", 1)[1].split("+")
        return combat_score(state, attacker_seat, attacker, [Z.find(state, cid)[1] for cid in cids])
    return max(options, key=score)


def choose_blockers(state: State, seat: int, options: tuple[str, ...]) -> tuple[str, ...]:
    """The best block's creatures among this round's options (``more`` when some come later)."""
    best = {unit["cid"] for unit in best_blockers(state, seat)}
    picked = [o for o in options if o.startswith("block:") and o.split(":", 1)[1] in best]
    ask = next(a for a in state["asks"] if a["seat"] == seat)
    offered = {o.split(":", 1)[1] for o in options if o.startswith("block:")}
    later = best - offered - set(ask["data"]["chosen"])
    if "more" in options and (later or not picked):
        picked.append("more")
    if not picked:
        picked.append("done" if "done" in options else options[0])
    if ask["min"] == ask["max"]:  # forced: every option
        return tuple(options)
    return tuple(picked)


def attack_ok(state: State, seat: int, unit: dict[str, Any]) -> bool:
    opponent = 1 - seat
    cids, forced = may_block(state, opponent)
    blockers = [Z.find(state, cid)[1] for cid in cids]
    if forced:
        return combat_score(state, seat, unit, blockers) <= 0
    if not blockers:
        return True
    best = max(combat_score(state, seat, unit, option) for option in block_sets(state, opponent, blockers))
    return best <= 200


# ---------------------------------------------------------------- the decisions


def choose_main(state: State, decision: Decision, rng: random.Random) -> str:
    seat = decision.seat
    p = Z.player(state, seat)
    options = decision.options
    plays = [o for o in options if o.startswith("play:")]

    def play_value(option: str) -> float:
        card = option.split(":", 1)[1]
        info = C.info(card)
        value = card_value(card)
        if info["type"] == "instant":
            value = 15 + 5 * info["cost"]  # instants are best kept for the opponent's turn
            if "end" in info["timings"] or "phase" in info["timings"]:
                value -= 20
        if info["type"] == "evolution":
            weakest = min(Z.power(state, seat, u) for u in p["field"])
            if info["power"] <= weakest + 500:
                return -1
        if info["type"] == "creature" and len(p["field"]) >= 6:
            return -1
        return value
    if plays:
        best = max(plays, key=play_value)
        if play_value(best) > 0:
            return best
    attacks = [o for o in options if o.startswith("attack:")]
    opp = Z.player(state, 1 - seat)
    total = sum(Z.power(state, seat, Z.find(state, o.split(":")[1])[1]) for o in attacks)
    opp_blockers = [Z.find(state, cid)[1] for cid in may_block(state, 1 - seat)[0]]
    lethal_push = total >= opp["life"] + sum(Z.power(state, 1 - seat, u) for u in opp_blockers[:1]) and attacks
    for option in sorted(attacks, key=lambda o: -Z.power(state, seat, Z.find(state, o.split(":")[1])[1])):
        unit = Z.find(state, option.split(":")[1])[1]
        if lethal_push or attack_ok(state, seat, unit):
            return option
    if "draw3" in options and len(p["hand"]) + len(p["public"]) < 6:
        return "draw3"
    overrides = [o for o in options if o.startswith("override:")]
    if overrides:
        return overrides[0]
    return "end"


def choose_target(state: State, decision: Decision) -> str:
    ask = next(a for a in state["asks"] if a["seat"] == decision.seat)
    current = ask["data"]
    effect = C.effects(current["card"], current["when"])[current["index"]]
    seat = decision.seat
    if decision.options[0].startswith("take:"):
        return max(decision.options, key=lambda o: card_value(o.split(":", 1)[1]))

    def score(option: str) -> float:
        found = Z.find(state, option.split(":", 1)[1])
        assert found is not None
        owner, unit = found
        mine = owner == seat
        kind = effect["kind"]
        if kind in ("boost", "untap", "grant"):
            in_combat = state["combat"] is not None and unit["cid"] in (
                [state["combat"]["attacker"]] + state["combat"]["blockers"])
            return (1000 if in_combat else 0) + worth(state, owner, unit) * (1 if mine else -1)
        value = worth(state, owner, unit)
        if kind == "damage" and effect["amount"] < hp(unit):
            value //= 4
        if kind == "tap" and unit["tapped"]:
            value = 0
        return value * (-1 if mine else 1)
    return max(decision.options, key=score)


def choose_cut(state: State, decision: Decision) -> str:
    seat = decision.seat
    hand = Z.hand_all(state, seat)
    if "nocut" in decision.options and len(hand) < 6:
        return "nocut"
    cuts = [o for o in decision.options if o.startswith("cut:")]
    return min(cuts, key=lambda o: card_value(o.split(":", 1)[1]))


def window_value(state: State, seat: int, option: str) -> bool:
    card = option.split(":", 1)[1]
    info = C.info(card)
    if any(e["kind"] == "boost" for e in info["effects"]):
        return state["combat"] is not None
    return True


def greedy(state: State, decision: Decision, rng: random.Random) -> tuple[str, ...]:
    kind = decision.prompt.rsplit(".", 1)[1]
    seat = decision.seat
    options = decision.options
    if kind == "bundle":
        bundles = Z.player(state, seat)["bundles"]

        def curve(i: int) -> float:
            cards = bundles[i]
            return sum(1 for c in cards if C.cost(c) <= 3) * 2 + sum(1 for c in cards if C.ctype(c) != "instant")
        return (f"bundle:{max(range(len(bundles)), key=curve) + 1}",)
    if kind == "send":
        p = Z.player(state, seat)
        sends = [o for o in options if o != "pass"]
        heavy = [o for o in sends if C.cost(o.split(":", 1)[1]) > p["cores"] + 3]
        if heavy:
            return (max(heavy, key=lambda o: C.cost(o.split(":", 1)[1])),)
        counting = any(e["kind"] in ("growth", "requiem", "revive") for c in p["hand"] + [u["card"] for u in p["field"]]
                       for e in C.info(c)["effects"])
        if counting and sends:  # the afterlife is worth filling: send the least useful card
            return (min(sends, key=lambda o: card_value(o.split(":", 1)[1])),)
        return ("pass",)
    if kind == "main":
        return (choose_main(state, decision, rng),)
    if kind == "sacrifice":
        return (min(options, key=lambda o: (
            Z.find(state, o.split(":")[1])[1]["tapped"], worth(state, seat, Z.find(state, o.split(":")[1])[1]))),)
    if kind == "show":
        return (max(options, key=lambda o: card_value(o.split(":", 1)[1])),)
    if kind == "cut":
        return (choose_cut(state, decision),)
    if kind == "target":
        return (choose_target(state, decision),)
    if kind == "block":
        return (choose_block(state, seat, options),)
    if kind == "blockers":
        return choose_blockers(state, seat, options)
    if kind == "order" and legacy(state):  # rules version 0: one option per whole order
        attacker_seat, attacker = Z.find(state, state["combat"]["attacker"])
        units = [Z.find(state, cid)[1] for cid in state["combat"]["blockers"]]
        order = best_order(Z.power(state, attacker_seat, attacker), units, lambda u: worth(state, 1 - attacker_seat, u))
        return ("order:" + "+".join(u["cid"] for u in order),)
    if kind == "order":
        attacker_seat, attacker = Z.find(state, state["combat"]["attacker"])
        units = [Z.find(state, o.split(":", 1)[1])[1] for o in options]
        power = Z.power(state, attacker_seat, attacker)
        ask = next(a for a in state["asks"] if a["seat"] == seat)
        for cid in ask["data"]["ordered"]:  # the blockers put first take their share before these
            power -= min(power, max(0, hp(Z.find(state, cid)[1])))
        first = best_order(power, units,
                           lambda u: worth(state, 1 - attacker_seat, u))[0]
        return (f"order:{first['cid']}",)
    if kind == "window":
        plays = [o for o in options if o != "pass" and window_value(state, seat, o)]
        return (plays[0],) if plays else ("pass",)
    return (options[0],)
