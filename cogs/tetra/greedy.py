"""A small greedy TetrAction player: the balance yardstick and a first bot opponent.

It looks one decision ahead: geometry choices (markers, rotations, tips) are judged by the best
spell they leave castable; spells by damage first, resources second, less what the charge they bring costs:
every cast charges a hand card (a public spell one of the caster's choice, a hand spell itself), and a charge
moves a card to its next band, weaker for red's cards, stronger for blue's. So the player charges the card a
charge hurts least (or helps most), and casts nothing for 1 mana when every spell would weaken its hand more
than it gives. Without this the player let red's low-charge bands charge away, which the bot player's search
does not (docs/rules/tetra.md, Balance).
"""

from __future__ import annotations

from typing import Any

from bot.engine import Decision, State
from cogs.tetra import cards as catalogue
from cogs.tetra import effects, spells
from cogs.tetra import engine as rules

DAMAGE_WEIGHT = 3
MANA_WORTH = 1.0         # a mana tablet, as a public spell's gain counts it
ETHER_WORTH = 2.0
OVERCHARGE_LOSS = 3.0    # a charge past the maximum discards the card: its release is lost
PASS_WORTH = 1.5         # casting nothing gains 1 mana and charges nothing


def band_worth(state: State, card_id: str, charge: int) -> float:
    """What casting ``card_id`` at ``charge`` is worth: its best choice's net damage, less its demerits."""
    band = catalogue.band_at(card_id, charge)
    options = band.get("choices") or [band]
    return max(DAMAGE_WEIGHT * (o.get("damage", 0) + effects.discard_bonus(state, o) - o.get("self_damage", 0))
               - MANA_WORTH * o.get("lose_mana", 0) - ETHER_WORTH * o.get("lose_ether", 0)
               for o in options)


def charge_loss(state: State, hand: dict[str, Any]) -> float:
    """What one more charge costs this hand card: the drop to its next band (negative when it grows)."""
    card_id, charge = hand["id"], hand["charge"]
    if charge + 1 > catalogue.field(card_id, "max_charge"):
        return OVERCHARGE_LOSS
    return band_worth(state, card_id, charge) - band_worth(state, card_id, charge + 1)


def spell_value(state: State, seat: int, card_id: str) -> float:
    card = catalogue.card(card_id)
    if card.kind == "public":
        stats = card.stats
        gained = sum(stats.get("gain", {}).values()) + 2 * stats.get("ether", 0)
        hands = state["players"][seat]["hand"]
        charged = min((charge_loss(state, h) for h in hands), default=0.0)  # the card it will charge
        return 1 + gained + (1 if stats.get("effect") else 0) - charged
    hand = next(h for h in state["players"][seat]["hand"] if h["id"] == card_id)
    release = 2 if hand["cubes"] == 1 else 0
    charged = 0.0 if release else charge_loss(state, hand)  # a released card leaves: its charge costs nothing
    return 2 + band_worth(state, card_id, hand["charge"]) + release - charged


def best_spell(state: State, seat: int) -> float:
    return max((spell_value(state, seat, c) for c in spells.castable(state, seat)), default=0.0)


def _after(state: State, decision: Decision, option: str) -> State:
    return rules.apply(state, decision.seat, (option,))[0]


def _geometry_choice(state: State, decision: Decision) -> str:
    seat = decision.seat
    scored = []
    for option in decision.options:
        after = _after(state, decision, option)
        score = best_spell(after, seat) - 0.5 * best_spell(after, 1 - seat)
        if option.startswith("tip:") and decision.prompt == "tetra.prompt.transfer":
            score -= 1.5  # the ether spent
        scored.append((score, option))
    return max(scored)[1]


def _charge_choice(state: State, decision: Decision) -> str:
    """The card a charge hurts least (helps most); then the one with the most room. Skips a bonus charge
    that would hurt."""
    seat = decision.seat
    hand = {h["id"]: h for h in state["players"][seat]["hand"]}

    def score(option: str) -> tuple[float, int]:
        if option == "skip":
            return (0.0, 0)
        record = hand[option.split(":", 1)[1]]
        return (-charge_loss(state, record), catalogue.field(record["id"], "max_charge") - record["charge"])

    return max(decision.options, key=score)


def choose(state: State, decision: Decision) -> tuple[str, ...]:
    options = decision.options
    prompt = decision.prompt.removeprefix("tetra.prompt.")
    seat = decision.seat
    pick: str
    if prompt in ("cast", "cast_more"):
        spells = [o for o in options if o.startswith("cast:")]
        scored = [(spell_value(state, seat, o.split(":", 1)[1]), o) for o in spells]
        passing = PASS_WORTH if prompt == "cast" else 0.0  # a second cast given up gains nothing
        pick = max(scored)[1] if scored and max(scored)[0] > passing else "pass"
    elif prompt in ("charge", "charge_bonus"):
        pick = _charge_choice(state, decision)
    elif prompt == "choose_effect":
        pick = _best_effect(state, decision)
    elif prompt == "gain_mana":
        pick = f"gain:{_wanted_colour(state, seat)}"
    elif prompt == "yellow_release":
        pick = "release:pay"
    elif prompt == "carry":
        pick = options[-1]
    elif prompt in ("replace", "bottom", "place_mana"):
        pick = options[0]
    else:
        pick = _geometry_choice(state, decision)
    return (pick,)


def _best_effect(state: State, decision: Decision) -> str:
    card_id = decision.args["card"]
    hand = next(h for h in state["players"][decision.seat]["hand"] if h["id"] == card_id)
    choices: list[dict[str, Any]] = catalogue.band_at(card_id, hand["charge"])["choices"]
    return max(decision.options, key=lambda o: choices[int(o.split(":")[1]) - 1].get("damage", 0))


def _wanted_colour(state: State, seat: int) -> str:
    needed: dict[str, int] = {}
    for hand in state["players"][seat]["hand"]:
        for colour in catalogue.cost_at(hand["id"], hand["charge"]):
            needed[colour] = needed.get(colour, 0) + 1
    return max(sorted(needed), key=lambda c: needed[c]) if needed else state["players"][seat]["colour"]
