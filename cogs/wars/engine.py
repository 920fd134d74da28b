"""3x3 Wars (サイザンウォーズ): the pure rules engine for every level of the manual.

The state is a JSON dict. The engine keeps at most one open question per seat in ``state["asks"]``
(options computed when the question is asked), and ``advance`` runs the turn until somebody must
answer. Move notation (option ids):

* setup: ``keep:A08`` (magic to keep), ``territory:017`` (Overlord), ``mulligan`` / ``keep``,
  ``hand:017`` (cards to keep), ``pick:1`` / ``pick:2`` (Seven Mage hand)
* spells: ``remove:028:040`` (card 028 removes unit 040), ``remove2:024+043:020``,
  ``reinforce:018:017``, ``veil:035:029`` (透化), ``counter:047`` / ``counter:016+045.2``, ``pass``.
  A 調律 (変幻) card carries its chosen cost: ``045.3``.
* main phase: ``expand:017``, ``deploy:017``, ``redeploy:020:016+017`` (new unit : units discarded)
* magic: ``magic:A08``, great magic ``great:A03`` (exile A03), then ``target:017``, ``flip:1``,
  ``heal:017``, ``seek:031:017``, ``copy:A11``, ``discard:017``, ``dig``.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import (
    Decision,
    Event,
    GameOver,
    IllegalChoice,
    MatchOption,
    NotYourDecision,
    Outcome,
    Seat,
    State,
    check_choice,
    draw_rng,
)
from cogs.wars import cards as C

LEVELS = ("overlord", "apprentice", "wizard", "seven_mage", "apprentice_choose3")
BASIC_TRAITS = frozenset({"transparent", "veil", "no_block", "twin_wall", "no_reinforce"})
# Spell-card traits apply at every level: the replay uses 調律 and 呪文砕き in an Overlord game.
CARD_TRAITS = frozenset({"shift", "wildcard"})
STARTING_LIFE = 30
FIELD_SLOTS = 3
TUNING_VALUES = (1, 2, 3)
MAIN_STEPS = ("expand", "strategy")
SPELL_STEPS = ("removal", "reinforce")


# ---------------------------------------------------------------- small helpers


def other(seat: Seat) -> Seat:
    return 1 - seat


def copy_state(state: State) -> State:
    return json.loads(json.dumps(state))


def level_has_great(state: State) -> bool:
    return state["level"] in ("wizard", "seven_mage")


def level_has_masters(state: State) -> bool:
    return state["level"] in ("apprentice", "apprentice_choose3")


def trait_active(state: State, trait: str) -> bool:
    if trait in CARD_TRAITS or trait in ("echo", "manifest"):
        return True
    return trait in BASIC_TRAITS or level_has_great(state)


def has_trait(state: State, card_id: str, trait: str) -> bool:
    return trait in C.traits(card_id) and trait_active(state, trait)


def event(key: str, audience: tuple[Seat, ...] | None = None, **args: Any) -> Event:
    return Event(f"wars.event.{key}", args, audience)


def split_token(token: str) -> tuple[str, int | None]:
    """``045.2`` -> (``045``, 2); ``017`` -> (``017``, None)."""
    if "." in token:
        card, value = token.split(".", 1)
        return card, int(value)
    return token, None


def card_value(card_id: str, chosen: int | None) -> int:
    return chosen if chosen is not None and C.is_tuning(card_id) else C.cost(card_id)


def tokens_for(card_id: str) -> list[str]:
    """Every way to play a card as a number: 調律 once per value, others once."""
    if C.is_tuning(card_id):
        return [f"{card_id}.{v}" for v in TUNING_VALUES]
    return [card_id]


# ---------------------------------------------------------------- zones


def unit_entry(card_id: str, turn: int) -> dict[str, Any]:
    return {"card": card_id, "reinforce": 0, "increase": 0, "pierce": False, "entered": turn}


def find_unit(state: State, card_id: str) -> tuple[Seat, dict[str, Any]] | None:
    for seat in (0, 1):
        for unit in state["fields"][seat]:
            if unit["card"] == card_id:
                return seat, unit
    return None


def territory_count(state: State, seat: Seat) -> int:
    return len(state["territories"][seat])


def take_from_hand(state: State, seat: Seat, card_id: str) -> None:
    hand = state["hands"][seat]
    if card_id not in hand:
        raise IllegalChoice("card not in hand", card=card_id)
    hand.remove(card_id)


def draw_cards(state: State, seat: Seat, count: int, events: list[Event]) -> list[str]:
    drawn = []
    for _ in range(count):
        if not state["deck"]:
            break
        card = state["deck"].pop(0)
        state["hands"][seat].append(card)
        drawn.append(card)
        if not state["deck"]:
            state["deck_out"] = True  # the game ends at the end of this turn
    if drawn:
        events.append(event("drew", (seat,), seat=seat, cards=drawn))
        events.append(event("drew_public", None, seat=seat, count=len(drawn)))
    return drawn


def leave_field(state: State, seat: Seat, card_id: str) -> None:
    state["fields"][seat] = [u for u in state["fields"][seat] if u["card"] != card_id]


def destroy_unit(state: State, card_id: str, events: list[Event]) -> None:
    """破壊: field -> discard, except 不死 units that go back to their owner's hand."""
    found = find_unit(state, card_id)
    if found is None:
        return
    seat, _ = found
    leave_field(state, seat, card_id)
    if has_trait(state, card_id, "undying"):
        state["hands"][seat].append(card_id)
        events.append(event("undying", None, seat=seat, card=card_id))
    else:
        state["discard"].append(card_id)
        events.append(event("destroyed", None, seat=seat, card=card_id))


def bounce_unit(state: State, card_id: str, events: list[Event]) -> None:
    found = find_unit(state, card_id)
    if found is None:
        return
    seat, _ = found
    leave_field(state, seat, card_id)
    state["hands"][seat].append(card_id)
    events.append(event("bounced", None, seat=seat, card=card_id))


def damage(state: State, seat: Seat, amount: int, events: list[Event], why: str) -> None:
    if amount <= 0:
        return
    state["life"][seat] -= amount
    events.append(event("damage", None, seat=seat, amount=amount, life=state["life"][seat], why=why))
    if state["life"][seat] <= 0 and state["result"] is None:
        finish(state, other(seat), "life", events)


def heal(state: State, seat: Seat, amount: int, events: list[Event]) -> None:
    state["life"][seat] += amount
    events.append(event("heal", None, seat=seat, amount=amount, life=state["life"][seat]))


def finish(state: State, winner: Seat | None, reason: str, events: list[Event]) -> None:
    state["result"] = {"winner": winner, "reason": reason}
    state["asks"] = []
    if winner is None:
        events.append(event("game_draw", None, reason=reason))
    else:
        events.append(event("game_over", None, winner=winner, reason=reason))


# ---------------------------------------------------------------- power and combat


def manifest_active(state: State, seat: Seat) -> bool:
    """顕在 of 透禍の槍: face up, or it stopped being face up this turn (and was not nullified)."""
    turn = state["turn_state"]
    if seat in turn["manifest_off"]:
        return False
    if seat in turn["manifest_kept"]:
        return True
    return any(m["state"] == "up" and "manifest" in C.traits(m["card"]) for m in state["magic"][seat])


def is_pierce(state: State, unit: dict[str, Any]) -> bool:
    return unit["pierce"] or has_trait(state, unit["card"], "transparent")


def power(state: State, seat: Seat, unit: dict[str, Any]) -> int:
    value = C.cost(unit["card"]) + unit["reinforce"] + unit["increase"]
    if has_trait(state, unit["card"], "swell"):
        value += 2  # 膨張 is a standing increase, on both players' turns (the Q&A's slug at power 5)
    if seat in state["turn_state"]["miasma"]:
        value -= 2
    if is_pierce(state, unit) and manifest_active(state, seat):
        value += 1
    return max(0, value)


def resolve_combat(state: State, events: list[Event]) -> None:
    attacker = state["active"]
    defender = other(attacker)
    attackers = state["fields"][attacker]
    defenders = state["fields"][defender]
    record: dict[str, Any] = {"seat": attacker, "steps": []}
    if attackers:
        pierce_power = sum(power(state, attacker, u) for u in attackers if is_pierce(state, u))
        wall_power = sum(power(state, defender, u) for u in defenders if has_trait(state, u["card"], "twin_wall"))
        if any(is_pierce(state, u) for u in attackers):
            dealt = max(0, pierce_power - wall_power)
            record["steps"].append({"step": "transparent", "attack": pierce_power, "block": wall_power, "damage": dealt})
            events.append(event("combat_transparent", None, seat=attacker, attack=pierce_power, block=wall_power, damage=dealt))
            damage(state, defender, dealt, events, "combat")
        if state["result"] is None and any(not is_pierce(state, u) for u in attackers):
            attack_power = sum(power(state, attacker, u) for u in attackers if not is_pierce(state, u))
            block_power = sum(power(state, defender, u) for u in defenders if not has_trait(state, u["card"], "no_block"))
            dealt = max(0, attack_power - block_power)
            record["steps"].append({"step": "attack", "attack": attack_power, "block": block_power, "damage": dealt})
            events.append(event("combat_attack", None, seat=attacker, attack=attack_power, block=block_power, damage=dealt))
            damage(state, defender, dealt, events, "combat")
    state["last"]["combat"] = record
    # 3.3 combat end: reinforcements and the 透過 that 透化 gave end here.
    for seat in (0, 1):
        for unit in state["fields"][seat]:
            unit["reinforce"] = 0
            unit["pierce"] = False


# ---------------------------------------------------------------- magic requirements


def requirement_met(state: State, seat: Seat, card_id: str) -> bool:
    """必要魔力: numbered circles need any units, coloured circles units of that attribute (both fields)."""
    card = C.info(card_id)
    need_any = int(card.get("req_any", 0))
    need_attrs: dict[str, int] = {}
    for attr in card.get("req_attrs", []):
        need_attrs[attr] = need_attrs.get(attr, 0) + 1
    units = []
    for owner in (0, 1):
        for unit in state["fields"][owner]:
            if owner != seat and has_trait(state, unit["card"], "occupy"):
                continue  # 占有: the opponent's unit does not count for you
            units.append(C.attribute(unit["card"]))
    extras: list[str | None] = []  # None = any attribute
    master = state["masters"][seat]
    if master and level_has_masters(state):
        extras.append(C.attribute(master))
    if seat in state["turn_state"]["endless"]:
        extras.append(None)
    return _requirements_fit(units, extras, need_any, need_attrs)


def _requirements_fit(units: list[str], extras: list[str | None], need_any: int, need_attrs: dict[str, int]) -> bool:
    for assignment in itertools.product([True, False], repeat=len(extras)):
        pool_attrs = {a: units.count(a) for a in set(units)}
        total = len(units)
        wild = 0
        for used, attr in zip(assignment, extras, strict=True):
            if not used:
                continue
            total += 1
            if attr is None:
                wild += 1
            else:
                pool_attrs[attr] = pool_attrs.get(attr, 0) + 1
        missing = sum(max(0, n - pool_attrs.get(a, 0)) for a, n in need_attrs.items())
        if missing <= wild and total >= need_any + sum(need_attrs.values()):
            return True
    return False


# ---------------------------------------------------------------- asks


def ask(state: State, seat: Seat, kind: str, options: Sequence[str], lo: int = 1, hi: int = 1,
        secret: bool = False, **args: Any) -> None:
    state["asks"].append({"seat": seat, "kind": kind, "options": list(dict.fromkeys(options)), "min": lo, "max": hi,
                          "secret": secret, "args": args})


def ask_for(state: State, seat: Seat) -> dict[str, Any] | None:
    for entry in state["asks"]:
        if entry["seat"] == seat:
            return entry
    return None


# ---------------------------------------------------------------- setup


def new_turn_state() -> dict[str, Any]:
    return {
        "magic_used": [], "great_used": [], "targeted": [], "expanded": False, "strategy_done": False,
        "harvest": [], "fog": [], "miasma": [], "endless": [], "manifest_off": [], "manifest_kept": [],
        "in_strategy": False,
    }


def empty_state(seed: int, level: str) -> State:
    return {
        "game": "wars", "seed": seed, "rng_counter": 0, "level": level, "first": 0, "turn": 0, "active": 0,
        "step": "setup", "life": [STARTING_LIFE, STARTING_LIFE], "deck": [], "hands": [[], []],
        "territories": [[], []], "fields": [[], []], "magic": [[], []], "masters": [None, None],
        "discard": [], "exile": [], "set_aside": [], "asks": [], "declared": [], "chain": None,
        "pending_magic": None, "turn_state": new_turn_state(), "setup": [{}, {}], "deck_out": False,
        "result": None, "moves": 0, "last": {"spells": [], "combat": None, "magic": []},
    }


def shuffled(state: State, items: Sequence[str]) -> list[str]:
    result = list(items)
    draw_rng(state).shuffle(result)
    return result


def new_game(seed: int, options: Mapping[str, str]) -> State:
    level = options.get("level", "overlord")
    if level not in LEVELS:
        raise IllegalChoice("unknown level", level=level)
    state = empty_state(seed, level)
    state["first"] = draw_rng(state).randrange(2)
    state["active"] = state["first"]
    {"overlord": setup_overlord, "apprentice": setup_apprentice, "apprentice_choose3": setup_apprentice,
     "wizard": setup_wizard, "seven_mage": setup_seven_mage}[level](state)
    return state


def setup_overlord(state: State) -> None:
    state["set_aside"] += list(C.MASTER_IDS)
    magic = shuffled(state, C.OVERLORD_MAGIC_IDS)
    state["set_aside"] += [m for m in C.ADVANCED_MAGIC_IDS + C.BASIC_MAGIC_IDS if m not in C.OVERLORD_MAGIC_IDS]
    state["deck"] = shuffled(state, C.OVERLORD_DECK_IDS)
    first = state["first"]
    for seat in (first, other(first)):
        count = 8 if seat == first else 9
        state["hands"][seat] = state["deck"][:count]
        del state["deck"][:count]
    for seat in (0, 1):
        state["setup"][seat] = {"magic_pool": magic[2 * seat:2 * seat + 2], "keep": 1, "stage": "magic"}
    state["set_aside"] += magic[4:]
    for seat in (0, 1):
        ask_setup(state, seat)


def setup_apprentice(state: State) -> None:
    masters = shuffled(state, C.MASTER_IDS)
    state["masters"] = masters[:2]
    state["set_aside"] += masters[2:] + list(C.BASIC_MAGIC_IDS)
    if state["level"] == "apprentice":
        decks = shuffled(state, sorted(C.APPRENTICE_DECKS))
        pools = [list(C.APPRENTICE_DECKS[decks[0]]), list(C.APPRENTICE_DECKS[decks[1]])]
        state["set_aside"] += [m for d in decks[2:] for m in C.APPRENTICE_DECKS[d]]
        state["magic_decks"] = decks[:2]
    else:
        magic = shuffled(state, C.ADVANCED_MAGIC_IDS)
        pools = [magic[:4], magic[4:8]]
        state["set_aside"] += magic[8:]
    state["deck"] = shuffled(state, C.OVERLORD_DECK_IDS)
    deal_nine(state, pools)


def setup_wizard(state: State) -> None:
    magic = shuffled(state, C.ADVANCED_MAGIC_IDS)
    pools = [magic[:4] + ["A17", "A19", "A21"], magic[4:8] + ["A18", "A20", "A22"]]
    state["set_aside"] += magic[8:]
    state["deck"] = shuffled(state, C.DECK_IDS)
    deal_nine(state, pools)


def deal_nine(state: State, pools: list[list[str]]) -> None:
    for seat in (0, 1):
        state["hands"][seat] = state["deck"][:9]
        del state["deck"][:9]
        state["setup"][seat] = {"magic_pool": pools[seat], "keep": 3, "stage": "mulligan", "mulligans": 0}
    for seat in (0, 1):
        ask_setup(state, seat)


def setup_seven_mage(state: State) -> None:
    state["deck"] = shuffled(state, C.DECK_IDS)
    magic = shuffled(state, C.ADVANCED_MAGIC_IDS)
    state["set_aside"] += magic[14:] + list(C.BASIC_MAGIC_IDS)
    for seat in (0, 1):
        hands = [state["deck"][:6], state["deck"][6:12]]
        del state["deck"][:12]
        state["setup"][seat] = {"hand_pool": hands, "magic_pool": magic[7 * seat:7 * seat + 7], "keep": 3, "stage": "pick"}
    for seat in (0, 1):
        ask_setup(state, seat)


def ask_setup(state: State, seat: Seat) -> None:
    setup = state["setup"][seat]
    stage = setup["stage"]
    if stage == "pick":
        ask(state, seat, "setup_pick", ["pick:1", "pick:2"], secret=True)
    elif stage == "mulligan":
        if setup["mulligans"] >= 3:
            setup["stage"] = "hand"
            return ask_setup(state, seat)
        ask(state, seat, "setup_mulligan", ["keep", "mulligan"], secret=True, size=len(state["hands"][seat]))
    elif stage == "hand":
        hand = state["hands"][seat]
        if len(hand) <= 6:
            setup["stage"] = "magic"
            return ask_setup(state, seat)
        ask(state, seat, "setup_hand", [f"hand:{c}" for c in hand], 6, 6, secret=True)
    elif stage == "magic":
        keep = setup["keep"]
        ask(state, seat, "setup_magic", [f"keep:{m}" for m in setup["magic_pool"]], keep, keep, secret=True)
    elif stage == "territory":
        ask(state, seat, "setup_territory", [f"territory:{c}" for c in state["hands"][seat]], 3, 3, secret=True)
    elif stage == "done" and all(s.get("stage") == "done" for s in state["setup"]):
        finish_setup(state)


def answer_setup(state: State, seat: Seat, choice: Sequence[str], entry: dict[str, Any], events: list[Event]) -> None:
    setup = state["setup"][seat]
    kind = entry["kind"]
    if kind == "setup_pick":
        index = int(choice[0].split(":")[1]) - 1
        state["hands"][seat] = setup["hand_pool"][index]
        setup["returned"] = setup["hand_pool"][1 - index]
        setup["hand_pool"] = []
        setup["stage"] = "magic"
    elif kind == "setup_mulligan":
        if choice[0] == "mulligan":
            size = len(state["hands"][seat]) - 1
            state["deck"] += state["hands"][seat]
            state["hands"][seat] = []
            state["deck"] = shuffled(state, state["deck"])
            state["hands"][seat] = state["deck"][:size]
            del state["deck"][:size]
            setup["mulligans"] += 1
            events.append(event("mulligan", None, seat=seat, size=size))
        else:
            setup["stage"] = "hand"
    elif kind == "setup_hand":
        kept = [c.split(":")[1] for c in choice]
        setup["returned"] = [c for c in state["hands"][seat] if c not in kept]
        state["hands"][seat] = [c for c in state["hands"][seat] if c in kept]
        setup["stage"] = "magic"
    elif kind == "setup_magic":
        kept = [c.split(":")[1] for c in choice]
        state["magic"][seat] = [{"card": m, "state": "down"} for m in setup["magic_pool"] if m in kept]
        state["set_aside"] += [m for m in setup["magic_pool"] if m not in kept]
        setup["magic_pool"] = []
        setup["stage"] = "territory" if state["level"] == "overlord" else "done"
    elif kind == "setup_territory":
        chosen = [c.split(":")[1] for c in choice]
        state["territories"][seat] = chosen
        state["hands"][seat] = [c for c in state["hands"][seat] if c not in chosen]
        setup["stage"] = "done"
    events.append(event("setup_done" if setup["stage"] == "done" else "setup_progress", None, seat=seat))
    ask_setup(state, seat)


def finish_setup(state: State) -> None:
    returned = state["setup"][0].pop("returned", []) + state["setup"][1].pop("returned", [])
    if state["level"] == "seven_mage":
        state["deck"] = shuffled(state, state["deck"] + returned)  # the unused hands go back, reshuffled
    elif returned:
        state["deck"] += shuffled(state, returned)  # unchosen cards go under the deck
    state["setup"] = [{}, {}]
    state["step"] = "turn_start"
    state["active"] = state["first"]


def magic_entry(spec: str) -> dict[str, str]:
    """``A11`` (face down) or ``A11:up`` / ``A11:side`` in a fixed setup."""
    card, _, face = spec.partition(":")
    return {"card": card, "state": face or "down"}


def new_game_from_setup(setup: Mapping[str, Any]) -> State:
    """A game that starts at turn 1 from a fixed deal (tests and the replay).

    ``setup``: level, first, hands, territories, fields, discard, magic (kept magic per seat, ``A11`` or
    ``A11:up``), deck (top first),
    optional masters, life and seed. Deck cards not listed go under the deck in number order.
    """
    level = setup.get("level", "overlord")
    state = empty_state(int(setup.get("seed", 0)), level)
    state["first"] = state["active"] = int(setup.get("first", 0))
    state["hands"] = [list(h) for h in setup["hands"]]
    state["territories"] = [list(t) for t in setup.get("territories", [[], []])]
    state["magic"] = [[magic_entry(m) for m in ms] for ms in setup.get("magic", [[], []])]
    state["masters"] = list(setup.get("masters", [None, None]))
    state["life"] = list(setup.get("life", [STARTING_LIFE, STARTING_LIFE]))
    state["fields"] = [[unit_entry(c, 0) for c in f] for f in setup.get("fields", [[], []])]
    pool = C.OVERLORD_DECK_IDS if level in ("overlord", "apprentice", "apprentice_choose3") else C.DECK_IDS
    placed = {c for zone in state["hands"] + state["territories"] + [list(setup.get("deck", []))] for c in zone}
    placed |= {c for f in setup.get("fields", [[], []]) for c in f} | set(setup.get("discard", []))
    placed |= {m for m in state["masters"] if m}
    state["deck"] = list(setup.get("deck", [])) + [c for c in pool if c not in placed]
    state["discard"] = list(setup.get("discard", []))
    kept_magic = {m["card"] for ms in state["magic"] for m in ms}
    state["set_aside"] = [m for m in C.MAGIC_IDS if m not in kept_magic]
    state["set_aside"] += [c for c in C.DECK_IDS if c not in pool and c not in placed]
    state["step"] = "turn_start"
    advance(state, [])
    return state


# ---------------------------------------------------------------- the turn


def advance(state: State, events: list[Event]) -> None:
    """Run automatic steps until a decision is open or the game is over."""
    guard = 0
    while not state["asks"] and state["result"] is None:
        guard += 1
        if guard > 200:
            raise RuntimeError("wars engine made no progress")
        STEPS[state["step"]](state, events)


def step_turn_start(state: State, events: list[Event]) -> None:
    state["turn"] += 1
    state["turn_state"] = new_turn_state()
    # The record of this turn for the board, keeping the one of the turn before (its combat and spells
    # would otherwise vanish from the picture posted when the turn passes).
    previous = {key: value for key, value in state["last"].items() if key != "previous"}
    state["last"] = {"turn": state["turn"], "seat": state["active"], "spells": [], "combat": None, "magic": [],
                     "main": [],
                     "previous": previous if "turn" in previous else None}
    events.append(event("turn", None, seat=state["active"], turn=state["turn"]))
    if not state["deck"]:
        state["deck_out"] = True
    draw_cards(state, state["active"], 1, events)
    state["step"] = "removal"


def step_removal(state: State, events: list[Event]) -> None:
    seat = state["active"]
    options = removal_options(state, seat)
    if not state["declared"]:
        options += magic_options(state, seat, "removal")
    if options:
        ask(state, seat, "removal", options + ["pass"], declared=len(state["declared"]))
    else:
        state["step"] = "removal_resolve"


def step_reinforce(state: State, events: list[Event]) -> None:
    seat = state["active"]
    options = reinforce_options(state, seat)
    if not state["declared"]:
        options += magic_options(state, seat, "reinforce")
    if options:
        ask(state, seat, "reinforce", options + ["pass"], declared=len(state["declared"]))
    else:
        state["step"] = "reinforce_resolve"


def step_resolve_declared(state: State, events: list[Event]) -> None:
    following = {"removal_resolve": "reinforce", "reinforce_resolve": "haste"}[state["step"]]
    if not state["declared"]:
        state["step"] = following
        return
    spell = state["declared"].pop(0)
    state["chain"] = {"stack": [spell], "then": state["step"]}
    state["step"] = "chain"


def step_chain(state: State, events: list[Event]) -> None:
    chain = state["chain"]
    top = chain["stack"][-1]
    responder = other(top["seat"])
    options = counter_options(state, responder, top)
    if chain["stack"][0]["kind"] == "reinforce" and responder != chain["stack"][0]["seat"]:
        options += forbid_fire_options(state, responder)  # ★不許火 nullifies the opponent's reinforcement
    if options:
        # Secret: the wait is shown neutrally, and the platform does not announce who is asked.
        ask(state, responder, "counter", options + ["pass"], secret=True, depth=len(chain["stack"]))
    else:
        resolve_chain(state, events)


def step_haste(state: State, events: list[Event]) -> None:
    """The strategy step moved before combat by 速攻. Offered only with a 速攻 unit to deploy; after that
    deploy the step is asked again with magic only (magic may be used at any time of your turn, and the new
    unit can change the requirements)."""
    seat = state["active"]
    if state["turn_state"]["strategy_done"]:  # the 速攻 deploy was just made (the main phase comes later)
        options = magic_options(state, seat, "haste")
    else:
        options = strategy_options(state, seat, haste_only=True)
        if options:
            options += magic_options(state, seat, "haste")
    if options:
        ask(state, seat, "haste", options + ["pass"])
    else:
        state["step"] = "precombat"


def step_precombat(state: State, events: list[Event]) -> None:
    """The start of the combat phase: magic after the reinforcements resolved (ruling 9). A 速攻 step,
    which offers magic too, already was this window, so it is asked only when there was none."""
    seat = state["active"]
    options = magic_options(state, seat, "precombat")
    if options:
        ask(state, seat, "precombat", options + ["pass"])
    else:
        state["step"] = "combat"


def step_combat(state: State, events: list[Event]) -> None:
    resolve_combat(state, events)
    state["step"] = "expand"


def step_expand(state: State, events: list[Event]) -> None:
    seat = state["active"]
    options = [] if state["turn_state"]["expanded"] else [f"expand:{c}" for c in state["hands"][seat]]
    options += magic_options(state, seat, "expand")
    if options:
        ask(state, seat, "expand", options + ["pass"])
    else:
        state["step"] = "strategy"


def step_strategy(state: State, events: list[Event]) -> None:
    seat = state["active"]
    options = [] if state["turn_state"]["strategy_done"] else strategy_options(state, seat)
    options += magic_options(state, seat, "strategy")
    if options:
        ask(state, seat, "strategy", options + ["pass"])
    else:
        state["step"] = "end"


def step_end(state: State, events: list[Event]) -> None:
    seat = state["active"]
    options = magic_options(state, seat, "end")
    if options:
        ask(state, seat, "end", options + ["pass"])
        return
    end_turn(state, events)


def end_turn(state: State, events: list[Event]) -> None:
    for seat in (0, 1):
        for unit in state["fields"][seat]:
            unit["increase"] = 0
            unit["reinforce"] = 0
            unit["pierce"] = False
    if state["deck_out"]:
        life = state["life"]
        winner = None if life[0] == life[1] else (0 if life[0] > life[1] else 1)
        finish(state, winner, "deck_out", events)
        return
    state["active"] = other(state["active"])
    state["step"] = "turn_start"


STEPS = {
    "turn_start": step_turn_start,
    "removal": step_removal,
    "removal_resolve": step_resolve_declared,
    "reinforce": step_reinforce,
    "reinforce_resolve": step_resolve_declared,
    "chain": step_chain,
    "haste": step_haste,
    "precombat": step_precombat,
    "combat": step_combat,
    "expand": step_expand,
    "strategy": step_strategy,
    "end": step_end,
}


# ---------------------------------------------------------------- spells: removal, reinforcement, counters


def already_targeted(state: State, card_id: str) -> bool:
    """呪文発動条件1: each unit is the target of at most one spell per turn."""
    declared = {s["target"] for s in state["declared"]}
    return card_id in state["turn_state"]["targeted"] or card_id in declared


def removal_options(state: State, seat: Seat) -> list[str]:
    targets = [u["card"] for u in state["fields"][other(seat)] if not already_targeted(state, u["card"])]
    usable = [c for c in state["hands"][seat] if not C.is_spellbreaker(c)]
    options = []
    for target in targets:
        need = C.cost(target)
        for card in usable:
            for token in tokens_for(card):
                if card_value(*split_token(token)) == need:
                    options.append(f"remove:{token}:{target}")
        for first, second in itertools.combinations(usable, 2):
            for t1 in tokens_for(first):
                for t2 in tokens_for(second):
                    if card_value(*split_token(t1)) + card_value(*split_token(t2)) >= need:
                        options.append(f"remove2:{t1}+{t2}:{target}")
    return options


def reinforceable(state: State, unit: dict[str, Any]) -> bool:
    return not already_targeted(state, unit["card"]) and not has_trait(state, unit["card"], "no_reinforce")


def reinforce_options(state: State, seat: Seat) -> list[str]:
    options = []
    for unit in state["fields"][seat]:
        if not reinforceable(state, unit):
            continue
        target = unit["card"]
        for card in state["hands"][seat]:
            if C.is_spellbreaker(card):
                continue
            if C.is_tuning(card) or C.attribute(card) == C.attribute(target):
                options += [f"reinforce:{t}:{target}" for t in tokens_for(card)]
            if has_trait(state, card, "veil"):
                options.append(f"veil:{card}:{target}")
    return options


def parse_tokens(text: str) -> list[dict[str, Any]]:
    result = []
    for token in text.split("+"):
        card, value = split_token(token)
        result.append({"card": card, "value": card_value(card, value)})
    return result


def shown_cards(played: Sequence[dict[str, Any]]) -> list[str]:
    """The cards of a spell as the table sees them: a 調律 with the number its user chose (``045.2``)."""
    return [f"{p['card']}.{p['value']}" if C.is_tuning(p["card"]) else p["card"] for p in played]


def declare_spell(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    verb, cards_text, target = option.split(":")
    kind = {"remove": "remove", "remove2": "remove", "reinforce": "reinforce", "veil": "reinforce"}[verb]
    played = parse_tokens(cards_text)
    for played_card in played:
        take_from_hand(state, seat, played_card["card"])
    spell = {"seat": seat, "kind": kind, "cards": played, "target": target, "veil": verb == "veil"}
    state["declared"].append(spell)
    state["last"]["spells"].append({"seat": seat, "kind": kind, "cards": shown_cards(played), "target": target,
                                    "veil": verb == "veil", "result": "declared", "counters": []})
    events.append(event(f"declare_{kind}", None, seat=seat, cards=shown_cards(played), target=target,
                        veil=verb == "veil"))


def counter_matches(top: list[dict[str, Any]], counter: list[dict[str, Any]]) -> bool:
    """打消: same number of cards and the same numbers; 呪文砕き is a wildcard that only 呪文砕き answers."""
    if len(top) != len(counter):
        return False
    for order in itertools.permutations(counter):
        if all(_answers(t, c) for t, c in zip(top, order, strict=True)):
            return True
    return False


def _answers(target: dict[str, Any], answer: dict[str, Any]) -> bool:
    if C.is_spellbreaker(answer["card"]):
        return True
    if C.is_spellbreaker(target["card"]):
        return False
    return answer["value"] == target["value"]


def counter_options(state: State, seat: Seat, top: dict[str, Any]) -> list[str]:
    if seat in state["turn_state"]["fog"]:
        return []  # 濃霧: "cannot" beats "can"
    size = len(top["cards"])
    options = []
    for combo in itertools.combinations(state["hands"][seat], size):
        for tokens in itertools.product(*(tokens_for(c) for c in combo)):
            text = "+".join(tokens)
            if counter_matches(top["cards"], parse_tokens(text)):
                options.append(f"counter:{text}")
    return options


def answer_counter(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    chain = state["chain"]
    if option == "pass":
        # Private: nothing public may say that a counter window was offered or declined (GAMES.md).
        events.append(event("counter_pass", (seat,), seat=seat))
        resolve_chain(state, events)
        return
    if option.startswith("great:"):
        use_forbid_fire_on_chain(state, seat, option.split(":")[1], events)
        return
    played = parse_tokens(option.split(":", 1)[1])
    for played_card in played:
        take_from_hand(state, seat, played_card["card"])
    chain["stack"].append({"seat": seat, "kind": "counter", "cards": played})
    state["last"]["spells"][-1 - len(state["declared"])]["counters"].append(shown_cards(played))
    events.append(event("counter", None, seat=seat, cards=shown_cards(played)))


def spell_record(state: State) -> dict[str, Any]:
    return state["last"]["spells"][-1 - len(state["declared"])]


def resolve_chain(state: State, events: list[Event]) -> None:
    """Last in, first out: the top stands, each standing counter cancels the one below it."""
    chain = state["chain"]
    stack = chain["stack"]
    base = stack[0]
    stands = len(stack) % 2 == 1
    for spell in stack:
        state["discard"] += [p["card"] for p in spell["cards"]]
    state["turn_state"]["targeted"].append(base["target"])
    record = spell_record(state)
    if stands:
        record["result"] = "resolved"
        apply_spell(state, base, events)
    else:
        record["result"] = "countered"
        events.append(event("spell_countered", None, seat=base["seat"], target=base["target"]))
    state["chain"] = None
    state["step"] = chain["then"]


def apply_spell(state: State, spell: dict[str, Any], events: list[Event]) -> None:
    found = find_unit(state, spell["target"])
    if found is None:
        return
    if spell["kind"] == "remove":
        destroy_unit(state, spell["target"], events)
        return
    _, unit = found
    if spell["veil"]:
        unit["pierce"] = True
        events.append(event("veiled", None, seat=spell["seat"], target=spell["target"]))
    else:
        amount = sum(p["value"] for p in spell["cards"])
        unit["reinforce"] += amount
        events.append(event("reinforced", None, seat=spell["seat"], target=spell["target"], amount=amount))


# ---------------------------------------------------------------- main phase: expansion, deploy, redeploy


def deploy_limit(state: State, seat: Seat, spent: Sequence[str] = ()) -> int:
    limit = territory_count(state, seat)
    for unit in state["fields"][seat]:
        if unit["card"] not in spent and has_trait(state, unit["card"], "fertile"):
            limit += 1  # 豊穣, not when the unit itself is redeploy cost (Q&A)
    if seat in state["turn_state"]["harvest"]:
        limit += 3
    return limit


def strategy_options(state: State, seat: Seat, haste_only: bool = False) -> list[str]:
    hand_units = [c for c in dict.fromkeys(state["hands"][seat]) if C.is_unit(c)]
    if haste_only:
        hand_units = [c for c in hand_units if has_trait(state, c, "haste")]
    field = [u["card"] for u in state["fields"][seat]]
    options = []
    if len(field) < FIELD_SLOTS:
        limit = deploy_limit(state, seat)
        options += [f"deploy:{c}" for c in hand_units if C.cost(c) <= limit]
    for size in range(1, len(field) + 1):
        for spent in itertools.combinations(field, size):
            budget = sum(C.cost(c) for c in spent) + deploy_limit(state, seat, spent)
            options += [f"redeploy:{c}:{'+'.join(spent)}" for c in hand_units if C.cost(c) <= budget]
    return options


def main_record(state: State, entry: dict[str, Any]) -> None:
    """Deploys, redeploys and expansions of this turn, for the board's log (public facts only)."""
    state["last"].setdefault("main", []).append(entry)


def answer_strategy(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    parts = option.split(":")
    card = parts[1]
    take_from_hand(state, seat, card)
    if parts[0] == "redeploy":
        for spent in parts[2].split("+"):
            leave_field(state, seat, spent)
            if has_trait(state, spent, "relief"):
                state["hands"][seat].append(spent)  # 交代
            else:
                state["discard"].append(spent)
        events.append(event("redeploy", None, seat=seat, card=card, spent=parts[2].split("+")))
        main_record(state, {"seat": seat, "kind": "redeploy", "card": card, "spent": parts[2].split("+")})
    else:
        events.append(event("deploy", None, seat=seat, card=card))
        main_record(state, {"seat": seat, "kind": "deploy", "card": card})
    state["fields"][seat].append(unit_entry(card, state["turn"]))
    state["turn_state"]["strategy_done"] = True
    enter_field(state, seat, card, events)


def enter_field(state: State, seat: Seat, card: str, events: list[Event]) -> None:
    if has_trait(state, card, "treasure") and state["deck"]:
        ask(state, seat, "treasure", ["dig", "pass"], card=card)


def answer_treasure(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    if option == "dig" and draw_cards(state, seat, 1, events):
        ask(state, seat, "discard_one", [f"discard:{c}" for c in dict.fromkeys(state["hands"][seat])])


def answer_discard(state: State, seat: Seat, choice: Sequence[str], events: list[Event]) -> None:
    for option in choice:
        card = option.split(":")[1]
        take_from_hand(state, seat, card)
        state["discard"].append(card)
        events.append(event("discarded", None, seat=seat, card=card))


# ---------------------------------------------------------------- magic


def magic_slot(state: State, seat: Seat, card_id: str) -> dict[str, Any] | None:
    for slot in state["magic"][seat]:
        if slot["card"] == card_id:
            return slot
    return None


def can_pay_magic(slot: dict[str, Any]) -> bool:
    return slot["state"] in ("down", "up") or (slot["state"] == "side" and "echo" in C.traits(slot["card"]))


def magic_once_ok(state: State, seat: Seat, effect: str) -> bool:
    used = state["turn_state"]["magic_used"]
    if state["level"] == "overlord":
        return not used  # 魔法の基本ルール:初級
    return effect not in used  # 中級/上級: each magic once per turn


def condition_ok(state: State, seat: Seat, card_id: str, step: str) -> bool:
    card = C.info(card_id)
    condition = card.get("condition", "")
    if condition == "main" and step not in MAIN_STEPS:
        return False
    if condition == "spell" and step not in SPELL_STEPS:
        return False
    if condition == "discard3":
        return sum(1 for c in state["hands"][seat] if C.is_unit(c)) >= 3
    if card["effect"] == "settle":
        return bool(settle_options(state, seat))
    return True


def magic_options(state: State, seat: Seat, step: str) -> list[str]:
    """Magic and great magic the active player may use at the start of ``step``."""
    if state["result"] is not None or seat != state["active"]:
        return []
    options = []
    for slot in state["magic"][seat]:
        card = slot["card"]
        if (can_pay_magic(slot) and magic_once_ok(state, seat, C.info(card)["effect"])
                and condition_ok(state, seat, card, step) and requirement_met(state, seat, card)):
            options.append(f"magic:{card}")
    options += own_turn_great_options(state, seat, step)
    return options


def pay_magic(state: State, seat: Seat, card_id: str, events: list[Event]) -> None:
    slot = magic_slot(state, seat, card_id)
    assert slot is not None
    was = slot["state"]
    if was == "down":
        slot["state"] = "up"
    elif was == "up":
        slot["state"] = "side"
        keep_manifest(state, seat, card_id)
    else:
        exile_magic(state, seat, card_id)  # 残響
    events.append(event("magic_paid", None, seat=seat, card=card_id, was=was))


def keep_manifest(state: State, seat: Seat, card_id: str) -> None:
    """A 顕在 card that stops being face up keeps its effect until the end of the turn."""
    if "manifest" in C.traits(card_id) and seat not in state["turn_state"]["manifest_off"]:
        if seat not in state["turn_state"]["manifest_kept"]:
            state["turn_state"]["manifest_kept"].append(seat)


def exile_magic(state: State, seat: Seat, card_id: str) -> None:
    slot = magic_slot(state, seat, card_id)
    if slot is None:
        return
    if slot["state"] == "up":
        keep_manifest(state, seat, card_id)
    state["magic"][seat] = [s for s in state["magic"][seat] if s["card"] != card_id]
    state["exile"].append(card_id)


def activate_magic(state: State, seat: Seat, card_id: str, events: list[Event], copied: bool = False) -> None:
    effect = C.info(card_id)["effect"]
    if not copied:
        pay_magic(state, seat, card_id, events)
    state["turn_state"]["magic_used"].append(effect)
    state["last"]["magic"].append({"seat": seat, "card": card_id, "copied": copied, "result": "activated"})
    events.append(event("magic", None, seat=seat, card=card_id, copied=copied))
    state["pending_magic"] = {"seat": seat, "card": card_id, "copied": copied}
    if C.info(card_id).get("condition") == "discard3":
        # 転生's bracket is its activation condition (Q&A: 「《転生》の発動条件で…捨てる」): the three unit cards
        # are discarded as it is activated, before any ★不許火, and stay discarded if it is nullified.
        units = [c for c in state["hands"][seat] if C.is_unit(c)]
        ask(state, seat, "reincarnate", [f"discard:{c}" for c in units], 3, 3)
        return
    offer_nullify(state, seat, card_id, events)


def offer_nullify(state: State, seat: Seat, card_id: str, events: list[Event]) -> None:
    """The opponent's ★不許火 window on an activated magic (none under ★無尽増), then its effect."""
    opponent = other(seat)
    if seat not in state["turn_state"]["endless"] and forbid_fire_options(state, opponent):
        ask(state, opponent, "nullify", forbid_fire_options(state, opponent) + ["pass"], secret=True, card=card_id)
        return
    resolve_magic(state, events)


def answer_nullify(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    if option == "pass":
        resolve_magic(state, events)
        return
    pending = state["pending_magic"]
    record = state["last"]["magic"][-1]  # the magic being nullified, before ★不許火 is recorded
    pay_great(state, seat, option.split(":")[1], events)
    state["pending_magic"] = None
    record["result"] = "nullified"
    events.append(event("nullified", None, seat=seat, card=pending["card"]))
    if "manifest" in C.traits(pending["card"]) and not pending["copied"]:
        caster = pending["seat"]
        state["turn_state"]["manifest_off"].append(caster)
        if caster in state["turn_state"]["manifest_kept"]:
            state["turn_state"]["manifest_kept"].remove(caster)


def resolve_magic(state: State, events: list[Event]) -> None:
    pending = state["pending_magic"]
    state["pending_magic"] = None
    seat, card = pending["seat"], pending["card"]
    effect = C.info(card)["effect"]
    MAGIC_EFFECTS[effect](state, seat, events)


def units_of(state: State, seat: Seat) -> list[str]:
    return [u["card"] for u in state["fields"][seat]]


def effect_damage3(state: State, seat: Seat, events: list[Event]) -> None:
    damage(state, other(seat), 3, events, "magic")


def effect_drain2(state: State, seat: Seat, events: list[Event]) -> None:
    damage(state, other(seat), 2, events, "magic")
    if state["result"] is None:
        heal(state, seat, 2, events)


def effect_lava(state: State, seat: Seat, events: list[Event]) -> None:
    for owner in (0, 1):
        for card in units_of(state, owner):
            if C.cost(card) <= 2:
                destroy_unit(state, card, events)


def effect_rage(state: State, seat: Seat, events: list[Event]) -> None:
    for unit in state["fields"][seat]:
        unit["increase"] += 2
    events.append(event("increase_all", None, seat=seat, amount=2))


def effect_miasma(state: State, seat: Seat, events: list[Event]) -> None:
    if other(seat) not in state["turn_state"]["miasma"]:
        state["turn_state"]["miasma"].append(other(seat))


def effect_expose(state: State, seat: Seat, events: list[Event]) -> None:
    opponent = other(seat)
    hand = state["hands"][opponent]
    shown = sorted(draw_rng(state).sample(hand, min(4, len(hand)))) if hand else []
    if shown:
        events.append(event("revealed_hand", (seat,), seat=opponent, cards=shown))
    slots = [i for i, slot in enumerate(state["magic"][opponent]) if slot["state"] == "down"]
    if slots:
        ask(state, seat, "flip", [f"flip:{i + 1}" for i in slots])


def answer_flip(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    slot = state["magic"][other(seat)][int(option.split(":")[1]) - 1]
    slot["state"] = "up"  # turned face up, not activated (Q&A: 透禍の槍 deals no damage)
    events.append(event("flipped", None, seat=other(seat), card=slot["card"]))


def effect_fog(state: State, seat: Seat, events: list[Event]) -> None:
    state["turn_state"]["fog"].append(other(seat))


def effect_poison(state: State, seat: Seat, events: list[Event]) -> None:
    targets = units_of(state, other(seat))
    if targets:
        ask(state, seat, "poison", [f"target:{c}" for c in targets])


def answer_poison(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    target = option.split(":")[1]
    destroy_unit(state, target, events)
    damage(state, seat, C.cost(target), events, "poison")


def effect_giant(state: State, seat: Seat, events: list[Event]) -> None:
    targets = units_of(state, seat)
    if targets:
        ask(state, seat, "giant", [f"target:{c}" for c in targets])


def answer_giant(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    found = find_unit(state, option.split(":")[1])
    if found:
        found[1]["increase"] += 4
        events.append(event("increased", None, seat=seat, target=found[1]["card"], amount=4))


def effect_woods(state: State, seat: Seat, events: list[Event]) -> None:
    targets = units_of(state, other(seat))
    if targets:
        ask(state, seat, "woods", [f"target:{c}" for c in targets])


def answer_woods(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    bounce_unit(state, option.split(":")[1], events)


def effect_harvest(state: State, seat: Seat, events: list[Event]) -> None:
    state["turn_state"]["harvest"].append(seat)


def effect_twin(state: State, seat: Seat, events: list[Event]) -> None:
    targets = [u["card"] for u in state["fields"][seat] if reinforceable(state, u)]
    if targets:
        ask(state, seat, "twin", [f"target:{c}" for c in targets], 0, min(2, len(targets)))


def answer_twin(state: State, seat: Seat, choice: Sequence[str], events: list[Event]) -> None:
    for option in choice:
        card = option.split(":")[1]
        found = find_unit(state, card)
        if found:
            found[1]["reinforce"] += 2
            state["turn_state"]["targeted"].append(card)
            events.append(event("reinforced", None, seat=seat, target=card, amount=2))


def effect_frontier(state: State, seat: Seat, events: list[Event]) -> None:
    if state["hands"][seat]:
        ask(state, seat, "frontier", [f"expand:{c}" for c in dict.fromkeys(state["hands"][seat])])


def answer_expand(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    card = option.split(":")[1]
    take_from_hand(state, seat, card)
    state["territories"][seat].append(card)
    events.append(event("expand", None, seat=seat))
    main_record(state, {"seat": seat, "kind": "expand"})  # the territory card is face down: not named
    events.append(event("expand_private", (seat,), seat=seat, card=card))


def effect_draw1(state: State, seat: Seat, events: list[Event]) -> None:
    draw_cards(state, seat, 1, events)


def effect_headwind(state: State, seat: Seat, events: list[Event]) -> None:
    hand = state["hands"][other(seat)]
    if hand:
        card = draw_rng(state).choice(sorted(hand))
        hand.remove(card)
        state["discard"].append(card)
        events.append(event("discarded", None, seat=other(seat), card=card))


def effect_tornado(state: State, seat: Seat, events: list[Event]) -> None:
    for owner in (0, 1):
        for card in units_of(state, owner):
            if C.cost(card) <= 3:
                bounce_unit(state, card, events)


def effect_draw3(state: State, seat: Seat, events: list[Event]) -> None:
    draw_cards(state, seat, 3, events)  # as far as possible (Q&A); the discards were its activation condition


def answer_reincarnate(state: State, seat: Seat, choice: Sequence[str], events: list[Event]) -> None:
    answer_discard(state, seat, choice, events)
    offer_nullify(state, seat, state["pending_magic"]["card"], events)


def settle_options(state: State, seat: Seat) -> list[str]:
    if len(state["fields"][seat]) >= FIELD_SLOTS:
        return []
    limit = territory_count(state, seat)  # an effect that counts territories: no 豊穣, no 収穫 (Q&A)
    return [f"deploy:{c}" for c in dict.fromkeys(state["hands"][seat]) if C.is_unit(c) and C.cost(c) <= limit]


def effect_settle(state: State, seat: Seat, events: list[Event]) -> None:
    options = settle_options(state, seat)
    if options:
        ask(state, seat, "settle", options)


def answer_settle(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    card = option.split(":")[1]
    take_from_hand(state, seat, card)
    state["fields"][seat].append(unit_entry(card, state["turn"]))
    events.append(event("deploy", None, seat=seat, card=card))
    enter_field(state, seat, card, events)


def effect_spear(state: State, seat: Seat, events: list[Event]) -> None:
    damage(state, other(seat), 1, events, "magic")


MAGIC_EFFECTS = {
    "damage3": effect_damage3, "drain2": effect_drain2, "lava": effect_lava, "rage": effect_rage,
    "miasma": effect_miasma, "expose": effect_expose, "fog": effect_fog, "poison": effect_poison,
    "giant": effect_giant, "woods": effect_woods, "harvest": effect_harvest, "twin": effect_twin,
    "frontier": effect_frontier, "draw1": effect_draw1, "headwind": effect_headwind, "tornado": effect_tornado,
    "draw3": effect_draw3, "settle": effect_settle, "spear": effect_spear,
}


# ---------------------------------------------------------------- great magic


def great_of(card_id: str) -> str:
    return str(C.info(card_id)["great"])


def great_payable(state: State, seat: Seat, great: str) -> list[str]:
    """Magic of ``seat`` that can be exiled for ``great``: face down or face up (sideways with 残響)."""
    if not level_has_great(state) or seat in state["turn_state"]["great_used"]:
        return []
    return [s["card"] for s in state["magic"][seat] if great_of(s["card"]) == great and can_pay_magic(s)]


def forbid_fire_options(state: State, seat: Seat) -> list[str]:
    return [f"great:{c}" for c in great_payable(state, seat, "forbid_fire")]


def pay_great(state: State, seat: Seat, card_id: str, events: list[Event]) -> None:
    state["turn_state"]["great_used"].append(seat)
    exile_magic(state, seat, card_id)
    state["last"]["magic"].append({"seat": seat, "card": card_id, "great": great_of(card_id), "result": "activated"})
    events.append(event("great", None, seat=seat, card=card_id, great=great_of(card_id)))


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
    options = []
    for great in ("sea_heal", "seek_life", "endless"):
        options += [f"great:{c}" for c in great_payable(state, seat, great)]
    for card in great_payable(state, seat, "heaven_copy"):
        if copy_targets(state, seat, step, card):
            options.append(f"great:{card}")
    return options


def use_own_turn_great(state: State, seat: Seat, card_id: str, step: str, events: list[Event]) -> None:
    great = great_of(card_id)
    if great == "heaven_copy":
        targets = copy_targets(state, seat, step, card_id)
        pay_great(state, seat, card_id, events)  # ★天写 exiles itself first (Q&A)
        ask(state, seat, "copy", [f"copy:{c}" for c in targets], step=step)
        return
    pay_great(state, seat, card_id, events)
    if great == "endless":
        state["turn_state"]["endless"].append(seat)
    elif great == "sea_heal":
        great_sea_heal(state, seat, events)
    elif great == "seek_life":
        pairs = [f"seek:{d}:{h}" for d in dict.fromkeys(state["discard"]) if C.is_unit(d)
                 for h in dict.fromkeys(state["hands"][seat])]
        if pairs:
            ask(state, seat, "seek", pairs)


def great_sea_heal(state: State, seat: Seat, events: list[Event]) -> None:
    pile = state["discard"]
    kept = draw_rng(state).sample(pile, min(4, len(pile))) if pile else []
    state["exile"] += [c for c in pile if c not in kept]
    state["discard"] = kept
    options = [f"heal:{t}" for c in dict.fromkeys(kept) for t in tokens_for(c)]
    if options:
        ask(state, seat, "heal", options)


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
    events.append(event("seek", None, seat=seat, taken=from_discard, given=from_hand))


def answer_copy(state: State, seat: Seat, option: str, events: list[Event]) -> None:
    activate_magic(state, seat, option.split(":")[1], events, copied=True)


def use_forbid_fire_on_chain(state: State, seat: Seat, card_id: str, events: list[Event]) -> None:
    """★不許火 against a reinforcement: it is nullified and cannot be countered; the chain ends."""
    chain = state["chain"]
    pay_great(state, seat, card_id, events)
    for spell in chain["stack"]:
        state["discard"] += [p["card"] for p in spell["cards"]]
    state["turn_state"]["targeted"].append(chain["stack"][0]["target"])
    spell_record(state)["result"] = "nullified"
    events.append(event("nullified", None, seat=seat, card=chain["stack"][0]["target"]))
    state["chain"] = None
    state["step"] = chain["then"]


# ---------------------------------------------------------------- answering


def answer_step(state: State, seat: Seat, choice: Sequence[str], entry: dict[str, Any], events: list[Event]) -> None:
    option = choice[0]
    step = state["step"]
    if option.startswith("magic:"):
        activate_magic(state, seat, option.split(":")[1], events)
    elif option.startswith("great:"):
        use_own_turn_great(state, seat, option.split(":")[1], step, events)
    elif option == "pass":
        events.append(event(f"pass_{step}", None, seat=seat))
        if step == "removal":
            state["step"] = "removal_resolve"
        elif step == "reinforce":
            state["step"] = "reinforce_resolve"
        elif step in ("haste", "precombat"):
            state["step"] = "combat"
        elif step == "expand":
            state["step"] = "strategy"
        elif step == "strategy":
            state["step"] = "end"
        elif step == "end":
            end_turn(state, events)
    elif option.startswith(("remove", "reinforce", "veil")):
        declare_spell(state, seat, option, events)
    elif option.startswith("expand:"):
        answer_expand(state, seat, option, events)
        state["turn_state"]["expanded"] = True
        state["step"] = "strategy"
    elif option.startswith(("deploy:", "redeploy:")):
        answer_strategy(state, seat, option, events)
        # The step stays open for magic: a [main phase only] magic may follow the deploy in the same main
        # phase, and the new unit may be what meets its requirement. With no magic usable it closes at once.
    else:
        raise IllegalChoice("unknown option", option=option)


def single(handler: Any) -> Any:
    def run(state: State, seat: Seat, choice: Sequence[str], entry: dict[str, Any], events: list[Event]) -> None:
        handler(state, seat, choice[0], events)
    return run


def multi(handler: Any) -> Any:
    def run(state: State, seat: Seat, choice: Sequence[str], entry: dict[str, Any], events: list[Event]) -> None:
        handler(state, seat, choice, events)
    return run


def answer_copy_entry(state: State, seat: Seat, choice: Sequence[str], entry: dict[str, Any], events: list[Event]) -> None:
    answer_copy(state, seat, choice[0], events)


ANSWERS = {
    "setup_pick": answer_setup, "setup_mulligan": answer_setup, "setup_hand": answer_setup,
    "setup_magic": answer_setup, "setup_territory": answer_setup,
    "removal": answer_step, "reinforce": answer_step, "haste": answer_step, "precombat": answer_step,
    "expand": answer_step,
    "strategy": answer_step, "end": answer_step,
    "counter": single(answer_counter), "nullify": single(answer_nullify), "treasure": single(answer_treasure),
    "discard_one": multi(answer_discard), "flip": single(answer_flip), "poison": single(answer_poison),
    "giant": single(answer_giant), "woods": single(answer_woods), "twin": multi(answer_twin),
    "frontier": single(answer_expand), "reincarnate": multi(answer_reincarnate), "settle": single(answer_settle),
    "heal": single(answer_heal), "seek": single(answer_seek), "copy": answer_copy_entry,
}


# ---------------------------------------------------------------- views


def public_unit(state: State, seat: Seat, unit: dict[str, Any]) -> dict[str, Any]:
    card = unit["card"]
    active_traits = [t for t in C.traits(card) if trait_active(state, t)]
    if unit["pierce"] and "transparent" not in active_traits:
        active_traits.append("transparent")
    return {"card": card, "cost": C.cost(card), "power": power(state, seat, unit), "attribute": C.attribute(card),
            "traits": active_traits, "reinforce": unit["reinforce"], "increase": unit["increase"]}


def magic_view(state: State, owner: Seat, viewer: Seat | None) -> list[dict[str, Any]]:
    shown = []
    for slot in state["magic"][owner]:
        visible = slot["state"] != "down" or viewer == owner
        shown.append({"state": slot["state"], "card": slot["card"] if visible else None})
    return shown


def player_view(state: State, owner: Seat, viewer: Seat | None) -> dict[str, Any]:
    return {
        "life": state["life"][owner],
        "field": [public_unit(state, owner, u) for u in state["fields"][owner]],
        "territory_count": territory_count(state, owner),
        "hand_count": len(state["hands"][owner]),
        "magic": magic_view(state, owner, viewer),
        "master": state["masters"][owner] if level_has_masters(state) else None,
    }


def build_view(state: State, seat: Seat | None) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": "wars", "level": state["level"], "turn": state["turn"], "active": state["active"],
        "first": state["first"], "step": state["step"], "seat": seat, "deck_count": len(state["deck"]),
        "discard": list(state["discard"]), "exile": list(state["exile"]),
        "players": [player_view(state, owner, seat) for owner in (0, 1)],
        "last": json.loads(json.dumps(state["last"])), "result": state["result"],
        "chain": public_chain(state), "moves": state["moves"],
        "waiting": [a["seat"] for a in state["asks"]],
    }
    if seat is not None:
        view["hand"] = list(state["hands"][seat])
        view["territories"] = list(state["territories"][seat])
        setup = state["setup"][seat]
        if setup:
            view["setup"] = {"stage": setup.get("stage"), "magic_pool": list(setup.get("magic_pool", [])),
                             "hand_pool": [list(h) for h in setup.get("hand_pool", [])]}
            if setup.get("stage") == "pick":
                view["setup"]["magic_pool"] = []  # Seven Mage: choose the hand without seeing magic
        own = ask_for(state, seat)
        view["decision"] = None if own is None else {"kind": own["kind"], "options": list(own["options"]),
                                                     "min": own["min"], "max": own["max"]}
    return view


def public_chain(state: State) -> list[dict[str, Any]]:
    chain = state["chain"]
    declared = [{"seat": s["seat"], "kind": s["kind"], "cards": shown_cards(s["cards"]), "target": s["target"],
                 "veil": s["veil"]} for s in state["declared"]]
    if chain is None:
        return declared
    stack = [{"seat": s["seat"], "kind": s["kind"], "cards": shown_cards(s["cards"]),
              "target": s.get("target"), "veil": s.get("veil", False)} for s in chain["stack"]]
    return stack + declared


# ---------------------------------------------------------------- the engine object


class WarsEngine:
    game_id = "wars"
    match_options = (MatchOption("level", LEVELS, "overlord"),)

    def new_game(self, seed: int, options: Mapping[str, str]) -> State:
        if "setup" in options:
            return new_game_from_setup(json.loads(options["setup"]))
        return new_game(seed, options)

    def new_game_from_setup(self, setup: Mapping[str, Any]) -> State:
        return new_game_from_setup(setup)

    def pending(self, state: State) -> list[Decision]:
        if state["result"] is not None:
            return []
        decisions = []
        for entry in state["asks"]:
            decisions.append(Decision(
                seat=entry["seat"], prompt=f"wars.prompt.{entry['kind']}", options=tuple(entry["options"]),
                min=entry["min"], max=entry["max"], args=dict(entry["args"]), secret=entry["secret"],
            ))
        return decisions

    def apply(self, state: State, seat: Seat, choice: Sequence[str]) -> tuple[State, list[Event]]:
        if state["result"] is not None:
            raise GameOver("the game is over")
        check_choice(self.pending(state), seat, choice)
        new = copy_state(state)
        entry = ask_for(new, seat)
        if entry is None:
            raise NotYourDecision("no decision pending for this seat")
        new["asks"].remove(entry)
        events: list[Event] = []
        ANSWERS[entry["kind"]](new, seat, list(choice), entry, events)
        advance(new, events)
        new["moves"] += 1
        return new, events

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        return Outcome(result["winner"], result["reason"], {"life": list(state["life"])})

    def reveal_all(self, state: State) -> dict[str, Any]:
        """The end-of-match board: the public view with each side's magic as its owner sees it,
        plus both hands and territories (posted once the match is over)."""
        view = build_view(state, None)
        view["players"] = [player_view(state, owner, owner) for owner in (0, 1)]
        view["hands"] = [list(hand) for hand in state["hands"]]
        view["all_territories"] = [list(t) for t in state["territories"]]
        return view


ENGINE = WarsEngine()
