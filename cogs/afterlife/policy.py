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
    return {"deck0": ",".join(C.deck_list(a)), "deck1": ",".join(C.deck_list(b)), "deck_name0": a, "deck_name1": b}


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


def combat_score(state: State, attacker_seat: int, attacker: dict[str, Any], blockers: list[dict[str, Any]]) -> float:
    """The defender's gain (positive = good for the defender) of one block, the attacker ordering well."""
    defender = 1 - attacker_seat
    power = Z.power(state, attacker_seat, attacker)
    life = Z.player(state, defender)["life"]
    if not blockers:
        return -power * (3.0 if power >= life else 1.0 if life > 1500 else 1.6)
    pierce = Z.has_kw(attacker, "pierce")
    best = None
    for order in itertools.permutations(blockers):
        dealt, through = split_damage(power, list(order), pierce)
        lost = sum(worth(state, defender, u) for u, d in zip(order, dealt, strict=True) if d >= hp(u))
        score = -lost - through * (3.0 if through >= life else 1.0)
        if best is None or score < best:
            best = score
    back = sum(Z.power(state, defender, u) for u in blockers)
    killed = worth(state, attacker_seat, attacker) if back >= hp(attacker) else 0
    return (best or 0.0) + killed


def best_block(state: State, seat: int, options: tuple[str, ...]) -> str:
    combat = state["combat"]
    found = Z.find(state, combat["attacker"])
    assert found is not None
    attacker_seat, attacker = found

    def score(option: str) -> float:
        if option == "noblock":
            return combat_score(state, attacker_seat, attacker, [])
        cids = option.split(":", 1)[1].split("+")
        if len(cids) > 3:
            return -1e9
        return combat_score(state, attacker_seat, attacker, [Z.find(state, c)[1] for c in cids]) - 50 * len(cids)
    return max(options, key=score)


def attack_ok(state: State, seat: int, unit: dict[str, Any]) -> bool:
    opponent = 1 - seat
    blockers = [u for u in Z.player(state, opponent)["field"] if not u["tapped"]]
    forced = [u for u in blockers if Z.has_kw(u, "forced_defence")]
    if forced:
        return combat_score(state, seat, unit, forced) <= 0
    if not blockers:
        return True
    # The defender's best answer among no block and single or double blocks.
    options = [[]] + [[u] for u in blockers] + [list(p) for p in itertools.combinations(blockers, 2)]
    best = max(combat_score(state, seat, unit, option) for option in options)
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
    opp_blockers = [u for u in opp["field"] if not u["tapped"]]
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
        return (best_block(state, seat, options),)
    if kind == "order":
        combat = state["combat"]
        attacker_seat, attacker = Z.find(state, combat["attacker"])

        def killed(option: str) -> int:
            units = [Z.find(state, c)[1] for c in option.split(":", 1)[1].split("+")]
            dealt, _ = split_damage(Z.power(state, attacker_seat, attacker), units, Z.has_kw(attacker, "pierce"))
            return sum(worth(state, 1 - attacker_seat, u) for u, d in zip(units, dealt, strict=True) if d >= hp(u))
        return (max(options, key=killed),)
    if kind == "window":
        plays = [o for o in options if o != "pass" and window_value(state, seat, o)]
        return (plays[0],) if plays else ("pass",)
    return (options[0],)
