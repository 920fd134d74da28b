"""TetrAction rules engine: pure, synchronous, JSON state (see bot/engine.py for the contract).

The turn is a queue of tasks stored in the state (``state["queue"]``). Each task either resolves
on its own or opens one decision for a seat (``state["step"]``); the answer resolves it and may put
follow-up tasks at the front of the queue. Every decision has ``min = max = 1``, so any answer
``bot.engine.random_choice`` gives is legal.

Move notation (option ids):
  ``marker:<tetrite>``            start phase / marker effects: put a marker before that tetrite
  ``rotate:<tetrite>:cw|ccw``     rotate a tetrite 60° (clockwise / counter-clockwise from above)
  ``tip:<tetrite>:<face>``        tip a tetrite onto that face (white, black, or a colour name)
  ``skip``                        decline an optional step (transfer, bonus charge)
  ``cast:<card>`` / ``pass``      cast a public or hand spell / cast nothing (more)
  ``mana:slot<n>:<colour>``       put a mana tablet into slot n (1-4, the caster's reading order)
  ``effect:<n>``                  pick effect n of a blue card's two-way band
  ``charge:<hand card>``          charge that hand card
  ``gain:<colour>``               the mana for casting nothing
  ``release:pay|skip``            yellow: pay an ether for the release effect on overcharge
  ``carry:<n>``                   blue: charge carried to the next hand card
  ``take:<hand card>``            pick the new hand card among three
  ``bottom:<hand card>``          which of the two others goes to the very bottom
Tetrites are named by colour (``red``, ``yellow``, ``blue``).
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import (
    Decision,
    Event,
    GameOver,
    IllegalChoice,
    MatchOption,
    Outcome,
    Seat,
    State,
    check_choice,
    draw_rng,
)
from cogs.tetra import cards as catalogue
from cogs.tetra import casting
from cogs.tetra import geometry as geo

GAME_ID = "tetra"
START_LIFE = 15
PUBLIC_ROW_SIZE = 4
REPLACEMENT_CHOICES = 3
ACCIDENT_THRESHOLD = 2
# Neither cap is printed for red; blue's 5 mana and yellow's 4 ether are "up to" abilities, so the
# ordinary caps sit one below them (7 ether crystals in the box = 3 + 4).
MANA_CAP = {"red": 4, "yellow": 4, "blue": 5}
ETHER_CAP = {"red": 3, "yellow": 4, "blue": 3}
# A safety net the book does not need: matches last ~40 turns; at this turn the game is decided
# on life at the end phase as if both had fallen.
TURN_LIMIT = 120

CHARACTER_PAIRS = tuple(f"{a}-{b}" for a in geo.COLOURS for b in geo.COLOURS if a != b)
DIRECTION_STEPS = {"cw": geo.CW, "ccw": geo.CCW}
TURN_TASKS = ("start", "marker", "rot1", "rot2", "transfer", "cast", "end")


def _event(events: list[Event], key: str, audience: tuple[Seat, ...] | None = None, **args: Any) -> None:
    events.append(Event(f"tetra.event.{key}", args, audience))


def _step(seat: Seat, prompt: str, options: Sequence[str], **args: Any) -> dict[str, Any]:
    return {"seat": seat, "prompt": prompt, "options": list(options), "args": args}


# --- state helpers ---------------------------------------------------------------------------


def _player(state: State, seat: Seat) -> dict[str, Any]:
    return state["players"][seat]


def _tetrite(state: State, colour: str) -> dict[str, Any]:
    return next(t for t in state["tetrites"] if t["colour"] == colour)


def _reading_colours(state: State, seat: Seat) -> list[str]:
    return [state["tetrites"][p]["colour"] for p in geo.reading_order(seat)]


def visible_groups(state: State, seat: Seat) -> list[list[str]]:
    return geo.row_symbols(state["tetrites"], seat)


def _hand_card(state: State, seat: Seat, card_id: str) -> dict[str, Any] | None:
    return next((h for h in _player(state, seat)["hand"] if h["id"] == card_id), None)


def _free_tetrites(state: State) -> list[str]:
    return [t["colour"] for t in state["tetrites"] if t["colour"] not in state["markers"]]


def _draw_public(state: State) -> str | None:
    """Top card of the public deck; an empty deck is rebuilt from the shuffled discard."""
    public = state["public"]
    if not public["deck"] and public["discard"]:
        public["deck"] = public["discard"]
        public["discard"] = []
        draw_rng(state).shuffle(public["deck"])
    return public["deck"].pop(0) if public["deck"] else None


def _draw_hand_deck(state: State, seat: Seat) -> str | None:
    player = _player(state, seat)
    if not player["hand_deck"] and player["hand_discard"]:
        player["hand_deck"] = player["hand_discard"]
        player["hand_discard"] = []
        draw_rng(state).shuffle(player["hand_deck"])
    return player["hand_deck"].pop(0) if player["hand_deck"] else None


def _gain_mana(state: State, seat: Seat, colour: str, count: int) -> int:
    player = _player(state, seat)
    room = MANA_CAP[player["colour"]] - sum(player["mana"].values())
    gained = max(0, min(count, room))
    player["mana"][colour] += gained
    return gained


def _gain_ether(state: State, seat: Seat, count: int) -> int:
    player = _player(state, seat)
    gained = max(0, min(count, ETHER_CAP[player["colour"]] - player["ether"]))
    player["ether"] += gained
    return gained


def _payable_colours(state: State, seat: Seat) -> list[str]:
    mana = _player(state, seat)["mana"]
    return [c for c in geo.COLOURS if mana[c] > 0]


def _can_pay(state: State, seat: Seat, effects: Mapping[str, Any], tablets: int = 0) -> bool:
    """Whether ``seat`` can pay a band's ether and mana demerits after spending ``tablets`` on its cost."""
    player = _player(state, seat)
    return (player["ether"] >= effects.get("lose_ether", 0)
            and sum(player["mana"].values()) - tablets >= effects.get("lose_mana", 0))


def _hand_card_record(card_id: str, charge: int = 0, charge_cards: list[str] | None = None) -> dict[str, Any]:
    return {"id": card_id, "charge": charge, "charge_cards": list(charge_cards or []),
            "cubes": catalogue.field(card_id, "release_count")}


# --- set-up ----------------------------------------------------------------------------------


def _characters(state: State, choice: str) -> tuple[str, str]:
    if choice in CHARACTER_PAIRS:
        first, second = choice.split("-")
        return first, second
    first, second = draw_rng(state).sample(list(geo.COLOURS), 2)
    return first, second


def new_game(seed: int, options: Mapping[str, str]) -> State:
    choice = options.get("characters", "random")
    if choice != "random" and choice not in CHARACTER_PAIRS:
        raise ValueError(f"unknown characters option {choice!r}")
    state: State = {"game": GAME_ID, "seed": seed, "rng_counter": 0, "options": dict(options), "version": 0}
    colours = _characters(state, choice)
    neutral = next(c for c in geo.COLOURS if c not in colours)
    first = 0  # the platform seats the first player as seat 0
    state["first"] = first
    state["neutral"] = neutral
    # Seat 0's own tetrite is at its left end (position 0); seat 1's at ITS left end (position 2).
    state["tetrites"] = [
        {"colour": colours[0], "faces": geo.initial_orientation(colours[0], 0)},
        {"colour": neutral, "faces": geo.initial_orientation(neutral, first)},
        {"colour": colours[1], "faces": geo.initial_orientation(colours[1], 1)},
    ]
    state["players"] = [_new_player(state, colour) for colour in colours]
    state["box"] = catalogue.ids_of("hand", neutral)  # the third character's cards stay in the box
    public_deck = catalogue.ids_of("public")
    draw_rng(state).shuffle(public_deck)
    accident_deck = catalogue.ids_of("accident")
    draw_rng(state).shuffle(accident_deck)
    state["public"] = {"deck": public_deck, "row": [], "discard": []}
    for _ in range(PUBLIC_ROW_SIZE):
        state["public"]["row"].append(state["public"]["deck"].pop(0))
    state["accident"] = {"deck": accident_deck, "discard": [], "cubes": 0}
    state["markers"] = [None, None]
    state["hand_discards"] = 0
    state["turn"] = 1
    state["active"] = first
    state["turn_state"] = _fresh_turn_state()
    state["result"] = None
    state["log"] = []
    state["queue"] = [{"do": task} for task in TURN_TASKS]
    state["step"] = None
    events: list[Event] = []
    _run(state, events)
    return state


def _new_player(state: State, colour: str) -> dict[str, Any]:
    deck = catalogue.ids_of("hand", colour)
    starts = [card_id for card_id in deck if catalogue.field(card_id, "start")]
    rest = [card_id for card_id in deck if card_id not in starts]
    draw_rng(state).shuffle(rest)
    return {"colour": colour, "life": START_LIFE, "mana": {c: 0 for c in geo.COLOURS}, "ether": 0,
            "hand": [_hand_card_record(card_id) for card_id in starts], "hand_deck": rest, "hand_discard": []}


def _fresh_turn_state() -> dict[str, Any]:
    return {"exception2": False, "casts_left": 1, "casts_done": 0, "cast_ids": []}


# --- the task loop ---------------------------------------------------------------------------


def _run(state: State, events: list[Event]) -> None:
    """Resolve tasks until one needs a decision or the game is over."""
    while state["result"] is None and state["queue"]:
        task = state["queue"].pop(0)
        step = PREPARE[task["do"]](state, task, events)
        if step is not None:
            state["queue"].insert(0, task)
            state["step"] = step
            return
    state["step"] = None


def _push(state: State, *tasks: dict[str, Any]) -> None:
    state["queue"][0:0] = list(tasks)


# --- start phase and rotations ---------------------------------------------------------------


def _prepare_start(state: State, task: dict[str, Any], events: list[Event]) -> None:
    seat = state["active"]
    _event(events, "turn", seat=seat, turn=state["turn"])
    row = state["public"]["row"]
    while len(row) < PUBLIC_ROW_SIZE:  # refilled on the right: the order is the age of the cards
        card_id = _draw_public(state)
        if card_id is None:
            break
        row.append(card_id)
        _event(events, "refill", card=card_id)
    return None


def _prepare_marker(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    free = _free_tetrites(state)
    if len(free) == 1:
        _move_marker(state, seat, free[0], events)
        return None
    return _step(seat, "tetra.prompt.marker", [f"marker:{c}" for c in free])


def _move_marker(state: State, seat: Seat, colour: str, events: list[Event]) -> None:
    state["markers"][seat] = colour
    _event(events, "marker", seat=seat, tetrite=colour)


def _answer_marker(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    _move_marker(state, task.get("seat", state["active"]), option.split(":")[1], events)


def _rotate(state: State, seat: Seat, colour: str, direction: str, events: list[Event]) -> None:
    tetrite = _tetrite(state, colour)
    tetrite["faces"] = geo.rotate(tetrite["faces"], DIRECTION_STEPS[direction])
    _event(events, "rotate", seat=seat, tetrite=colour, direction=direction)


def _tip(state: State, seat: Seat, colour: str, face: str, events: list[Event]) -> None:
    tetrite = _tetrite(state, colour)
    tetrite["faces"] = geo.tip(tetrite["faces"], face)
    _event(events, "tip", seat=seat, tetrite=colour, face=face)


def _rotate_options(colour: str) -> list[str]:
    return [f"rotate:{colour}:cw", f"rotate:{colour}:ccw"]


def _tip_options(state: State, colour: str) -> list[str]:
    return [f"tip:{colour}:{face}" for face in geo.side_faces(_tetrite(state, colour)["faces"])]


def _prepare_rot1(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    own = _player(state, seat)["colour"]
    faces = _tetrite(state, own)["faces"]
    if geo.bottom_face(faces) not in ("white", "black"):
        # Exception 2: a foreign face is down, so both own-colour faces stand; tip onto one.
        return _step(seat, "tetra.prompt.exception2", [f"tip:{own}:white", f"tip:{own}:black"], tetrite=own)
    steps = geo.steps_towards_own_face(faces, seat)
    if len(steps) == 1:
        _rotate(state, seat, own, "cw" if steps[0] == geo.CW else "ccw", events)
        return None
    exception1 = geo.own_face_distance(faces, seat) == 0
    prompt = "tetra.prompt.exception1" if exception1 else "tetra.prompt.rotate_own"
    return _step(seat, prompt, _rotate_options(own), tetrite=own)


def _answer_rotate_or_tip(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = task.get("seat", state["active"])
    kind, colour, detail = option.split(":")
    if kind == "rotate":
        _rotate(state, seat, colour, detail, events)
        return
    _tip(state, seat, colour, detail, events)
    if task["do"] == "rot1":
        state["turn_state"]["exception2"] = True
    if task["do"] == "transfer":
        _player(state, seat)["ether"] -= 1


def _prepare_rot2(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    colour = state["markers"][seat]
    if colour is None:
        return None
    return _step(seat, "tetra.prompt.rotate_marker", _rotate_options(colour), tetrite=colour)


def _prepare_transfer(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    player = _player(state, seat)
    if state["turn_state"]["exception2"] or player["ether"] < 1:
        return None
    return _step(seat, "tetra.prompt.transfer", [*_tip_options(state, player["colour"]), "skip"],
                 tetrite=player["colour"])


def _answer_transfer(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    if option != "skip":
        _answer_rotate_or_tip(state, task, option, events)
    else:
        _event(events, "transfer_skip", seat=state["active"])


# --- casting ---------------------------------------------------------------------------------


def spell_cost(state: State, seat: Seat, card_id: str) -> list[str]:
    hand = _hand_card(state, seat, card_id)
    return catalogue.cost_at(card_id, hand["charge"] if hand else 0)


def placements_for(state: State, seat: Seat, card_id: str) -> list[dict[int, str]]:
    mana = _player(state, seat)["mana"]
    return [dict(p) for p in casting.cached_placements(
        tuple(spell_cost(state, seat, card_id)),
        tuple(tuple(group) for group in visible_groups(state, seat)),
        tuple(_reading_colours(state, seat)),
        tuple(mana[c] for c in geo.COLOURS))]


def castable(state: State, seat: Seat) -> list[str]:
    """Spells ``seat`` can cast now: public row cards, then own hand cards."""
    found = []
    cast_this_turn = state["turn_state"]["cast_ids"]
    for card_id in state["public"]["row"]:
        if placements_for(state, seat, card_id):
            found.append(card_id)
    for hand in _player(state, seat)["hand"]:
        band = catalogue.band_at(hand["id"], hand["charge"])
        if hand["id"] in cast_this_turn:
            continue  # cast +1 buys another spell, not the same one again
        placements = placements_for(state, seat, hand["id"])
        # Every offered placement uses the fewest tablets, so any one tells what is left to pay with.
        if placements and _can_pay(state, seat, band, len(placements[0])):
            found.append(hand["id"])
    return found


def _prepare_cast(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    turn = state["turn_state"]
    if turn["casts_left"] <= 0:
        return None
    prompt = "tetra.prompt.cast_more" if turn["casts_done"] else "tetra.prompt.cast"
    return _step(seat, prompt, [f"cast:{c}" for c in castable(state, seat)] + ["pass"])


def _answer_cast(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = state["active"]
    turn = state["turn_state"]
    if option == "pass":
        _event(events, "cast_pass" if turn["casts_done"] == 0 else "cast_more_pass", seat=seat)
        if turn["casts_done"] == 0:
            _push(state, {"do": "gain_mana"})
        turn["casts_left"] = 0
        return
    card_id = option.split(":", 1)[1]
    candidates = [sorted([slot, colour] for slot, colour in p.items())
                  for p in placements_for(state, seat, card_id)]
    turn["casts_left"] -= 1
    turn["casts_done"] += 1
    turn["cast_ids"].append(card_id)
    if card_id in state["public"]["row"]:
        state["public"]["row"].remove(card_id)
    _event(events, "cast", seat=seat, card=card_id)
    _push(state, {"do": "place", "card": card_id, "candidates": candidates},
          {"do": "resolve", "card": card_id}, {"do": "cast"})


def _prepare_place(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    candidates = task["candidates"]
    if len(candidates) == 1:
        mana = _player(state, seat)["mana"]
        for _slot, colour in candidates[0]:
            mana[colour] -= 1
        if candidates[0]:
            placed = ",".join(f"{slot}:{colour}" for slot, colour in candidates[0])
            _event(events, "mana_used", seat=seat, placed=placed)
        return None
    every = [tuple(pair) for pair in candidates[0] if all(pair in c for c in candidates)]
    options = sorted({casting.placement_id(slot, colour) for c in candidates for slot, colour in c
                      if (slot, colour) not in every})
    return _step(seat, "tetra.prompt.place_mana", options, card=task["card"])


def _answer_place(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    slot, colour = casting.parse_placement_id(option)
    remaining = [c for c in task["candidates"] if [slot, colour] in c]
    _push(state, {"do": "place", "card": task["card"], "candidates": remaining})


def _prepare_resolve(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    card_id = task["card"]
    if catalogue.card(card_id).kind == "public":
        _resolve_public(state, seat, card_id, events)
        return None
    hand = _hand_card(state, seat, card_id)
    assert hand is not None
    band = catalogue.band_at(card_id, hand["charge"])
    if band.get("choices"):
        options = [f"effect:{i + 1}" for i, choice in enumerate(band["choices"]) if _can_pay(state, seat, choice)]
        return _step(seat, "tetra.prompt.choose_effect", options, card=card_id)
    _push(state, {"do": "after_hand_cast", "card": card_id})
    _apply_effects(state, seat, band, events, card_id)  # a mana payment goes before after_hand_cast
    return None


def _answer_resolve(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = state["active"]
    card_id = task["card"]
    hand = _hand_card(state, seat, card_id)
    assert hand is not None
    band = catalogue.band_at(card_id, hand["charge"])
    _push(state, {"do": "after_hand_cast", "card": card_id})
    _apply_effects(state, seat, band["choices"][int(option.split(":")[1]) - 1], events, card_id)


def _resolve_public(state: State, seat: Seat, card_id: str, events: list[Event]) -> None:
    stats = catalogue.card(card_id).stats
    for colour, count in stats.get("gain", {}).items():
        if count:
            gained = _gain_mana(state, seat, colour, count)
            _event(events, "gain_mana", seat=seat, colour=colour, count=gained)
    if stats.get("ether"):
        _event(events, "gain_ether", seat=seat, count=_gain_ether(state, seat, stats["ether"]))
    effect = stats.get("effect")
    tasks: list[dict[str, Any]] = []
    if effect == "cast_again":
        state["turn_state"]["casts_left"] += 1
        _event(events, "cast_again", seat=seat)
    elif effect:
        tasks.append({"do": "public_effect", "effect": effect})
    tasks.append({"do": "charge", "card": card_id})
    _push(state, *tasks)


def _discard_bonus(state: State, effects: Mapping[str, Any]) -> int:
    step = effects.get("discard_step")
    if not step:
        return 0
    return min(state["hand_discards"] // step, effects.get("discard_max", 99))


def _damage(state: State, seat: Seat, amount: int, events: list[Event]) -> None:
    if amount > 0:
        _player(state, seat)["life"] -= amount
        _event(events, "damage", seat=seat, amount=amount, life=_player(state, seat)["life"])


def _apply_effects(state: State, seat: Seat, effects: Mapping[str, Any], events: list[Event], card_id: str) -> None:
    """A hand card band or release effect."""
    player = _player(state, seat)
    _damage(state, 1 - seat, effects.get("damage", 0) + _discard_bonus(state, effects), events)
    _damage(state, seat, effects.get("self_damage", 0), events)
    if effects.get("heal"):
        player["life"] = min(START_LIFE, player["life"] + effects["heal"])
        _event(events, "heal", seat=seat, amount=effects["heal"], life=player["life"])
    if effects.get("lose_ether"):
        player["ether"] = max(0, player["ether"] - effects["lose_ether"])
        _event(events, "pay_ether", seat=seat, count=effects["lose_ether"])
    if effects.get("lose_mana"):
        # The player picks the colours (a chain of decisions), before anything queued after this effect.
        _push(state, {"do": "pay_mana", "seat": seat, "left": effects["lose_mana"], "paid": []})
    if effects.get("gain_ether"):
        _event(events, "gain_ether", seat=seat, count=_gain_ether(state, seat, effects["gain_ether"]))
    for colour, count in effects.get("gain_mana", {}).items():
        _event(events, "gain_mana", seat=seat, colour=colour, count=_gain_mana(state, seat, colour, count))
    if effects.get("cast_again"):
        state["turn_state"]["casts_left"] += 1
        _event(events, "cast_again", seat=seat)


def _prepare_after_hand_cast(state: State, task: dict[str, Any], events: list[Event]) -> None:
    """Charge +1 from the public deck, a cube to the accident deck, then release or overcharge."""
    seat = state["active"]
    card_id = task["card"]
    hand = _hand_card(state, seat, card_id)
    assert hand is not None
    _add_charge(state, seat, hand, _draw_public(state), events)
    hand["cubes"] -= 1
    state["accident"]["cubes"] += 1
    _event(events, "cube", seat=seat, card=card_id, cubes=hand["cubes"])
    if hand["cubes"] <= 0:  # release comes before overcharge (the book, P24)
        _event(events, "release", seat=seat, card=card_id)
        _apply_effects(state, seat, catalogue.field(card_id, "release"), events, card_id)
        _push(state, {"do": "discard_hand", "seat": seat, "card": card_id})
    else:
        _push(state, {"do": "check_over", "seat": seat, "card": card_id})
    return None


def _add_charge(state: State, seat: Seat, hand: dict[str, Any], charge_card: str | None,
                events: list[Event]) -> None:
    hand["charge"] += 1
    if charge_card is not None:
        hand["charge_cards"].append(charge_card)
    _event(events, "charge", seat=seat, card=hand["id"], charge=hand["charge"])


def _prepare_charge(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    hand = _player(state, seat)["hand"]
    if not hand:
        state["public"]["discard"].append(task["card"])
        return None
    return _step(seat, "tetra.prompt.charge", [f"charge:{h['id']}" for h in hand], card=task["card"])


def _answer_charge(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = state["active"]
    target = _hand_card(state, seat, option.split(":", 1)[1])
    assert target is not None
    _add_charge(state, seat, target, task["card"], events)
    follow = []
    same_colour = catalogue.field(task["card"], "colour") == _player(state, seat)["colour"]
    others = [h["id"] for h in _player(state, seat)["hand"] if h["id"] != target["id"]]
    if same_colour and others:
        follow.append({"do": "charge_bonus", "card": others[0]})
    follow.append({"do": "check_over", "seat": seat, "card": target["id"]})
    _push(state, *follow)


def _prepare_charge_bonus(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    return _step(state["active"], "tetra.prompt.charge_bonus", [f"charge:{task['card']}", "skip"], card=task["card"])


def _answer_charge_bonus(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    if option == "skip":
        _event(events, "charge_bonus_skip", seat=state["active"], card=task["card"])
        return
    seat = state["active"]
    hand = _hand_card(state, seat, task["card"])
    assert hand is not None
    _add_charge(state, seat, hand, _draw_public(state), events)
    _push(state, {"do": "check_over", "seat": seat, "card": hand["id"]})


def _prepare_check_over(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = task["seat"]
    hand = _hand_card(state, seat, task["card"])
    if hand is None or hand["charge"] <= catalogue.field(hand["id"], "max_charge"):
        return None
    _event(events, "overcharge", seat=seat, card=hand["id"])
    player = _player(state, seat)
    if player["colour"] == "yellow" and player["ether"] >= 1:
        return _step(seat, "tetra.prompt.yellow_release", ["release:pay", "release:skip"], card=hand["id"])
    _push(state, {"do": "discard_hand", "seat": seat, "card": hand["id"]})
    return None


def _answer_check_over(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = task["seat"]
    if option == "release:pay":
        _player(state, seat)["ether"] -= 1
        _event(events, "release", seat=seat, card=task["card"])
        _apply_effects(state, seat, catalogue.field(task["card"], "release"), events, task["card"])
    _push(state, {"do": "discard_hand", "seat": seat, "card": task["card"]})


def _prepare_discard_hand(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = task["seat"]
    hand = _hand_card(state, seat, task["card"])
    assert hand is not None
    most = hand["charge"] // 2
    if _player(state, seat)["colour"] == "blue" and most >= 1:
        return _step(seat, "tetra.prompt.carry", [f"carry:{n}" for n in range(most + 1)], card=hand["id"])
    _discard_hand(state, seat, task["card"], 0, events)
    return None


def _answer_discard_hand(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    _discard_hand(state, task["seat"], task["card"], int(option.split(":")[1]), events)


def _discard_hand(state: State, seat: Seat, card_id: str, carry: int, events: list[Event]) -> None:
    player = _player(state, seat)
    index = next(i for i, h in enumerate(player["hand"]) if h["id"] == card_id)
    hand = player["hand"].pop(index)
    carried_cards = hand["charge_cards"][:carry]
    state["public"]["discard"].extend(hand["charge_cards"][carry:])
    player["hand_discard"].append(card_id)
    state["hand_discards"] += 1
    _event(events, "discard_hand", seat=seat, card=card_id, carry=carry)
    _push(state, {"do": "replace", "seat": seat, "index": index, "carry": carry, "carry_cards": carried_cards})


def _prepare_replace(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = task["seat"]
    if "candidates" not in task:
        drawn = [_draw_hand_deck(state, seat) for _ in range(REPLACEMENT_CHOICES)]
        task["candidates"] = [c for c in drawn if c is not None]
        _event(events, "replace_draw", audience=(seat,), seat=seat, cards=",".join(task["candidates"]))
    candidates = task["candidates"]
    if not candidates:
        return None
    if len(candidates) == 1:
        _take(state, task, candidates[0], events)
        return None
    return _step(seat, "tetra.prompt.replace", [f"take:{c}" for c in candidates])


def _answer_replace(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    _take(state, task, option.split(":", 1)[1], events)


def _take(state: State, task: dict[str, Any], card_id: str, events: list[Event]) -> None:
    seat = task["seat"]
    player = _player(state, seat)
    record = _hand_card_record(card_id, task["carry"], task["carry_cards"])
    player["hand"].insert(task["index"], record)
    _event(events, "new_hand_card", seat=seat, card=card_id, charge=task["carry"])
    others = [c for c in task["candidates"] if c != card_id]
    follow: list[dict[str, Any]] = []
    if len(others) == 2:
        follow.append({"do": "bottom", "seat": seat, "cards": others})
    else:
        player["hand_deck"].extend(others)
    follow.append({"do": "check_over", "seat": seat, "card": card_id})
    _push(state, *follow)


def _prepare_bottom(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    return _step(task["seat"], "tetra.prompt.bottom", [f"bottom:{c}" for c in task["cards"]])


def _answer_bottom(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    last = option.split(":", 1)[1]
    first = next(c for c in task["cards"] if c != last)
    _player(state, task["seat"])["hand_deck"].extend([first, last])
    _event(events, "bottom", seat=task["seat"])  # which card went last stays private


def _prepare_public_effect(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    effect = task["effect"]
    neutral = state["neutral"]
    if effect == "rotate_any":
        options = [o for t in state["tetrites"] for o in _rotate_options(t["colour"])]
    elif effect == "rotate_neutral":
        options = _rotate_options(neutral)
    elif effect == "tip_neutral":
        options = _tip_options(state, neutral)
    elif effect == "tip_any":
        options = [o for t in state["tetrites"] for o in _tip_options(state, t["colour"])]
    elif effect in ("marker_self", "marker_opponent"):
        options = [f"marker:{c}" for c in _free_tetrites(state)]
    else:
        raise ValueError(f"unknown public effect {effect}")
    return _step(seat, f"tetra.prompt.{effect}", options)


def _answer_public_effect(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = state["active"]
    if option.startswith("marker:"):
        target = seat if task["effect"] == "marker_self" else 1 - seat
        _move_marker(state, target, option.split(":")[1], events)
        return
    _answer_rotate_or_tip(state, task, option, events)


def _prepare_gain_mana(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    seat = state["active"]
    player = _player(state, seat)
    if sum(player["mana"].values()) >= MANA_CAP[player["colour"]]:
        _event(events, "mana_full", seat=seat)
        return None
    return _step(seat, "tetra.prompt.gain_mana", [f"gain:{c}" for c in geo.COLOURS])


def _answer_gain_mana(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    seat = state["active"]
    colour = option.split(":")[1]
    _event(events, "gain_mana", seat=seat, colour=colour, count=_gain_mana(state, seat, colour, 1))


def _prepare_pay_mana(state: State, task: dict[str, Any], events: list[Event]) -> dict[str, Any] | None:
    """Pay ``left`` mana one tablet at a time; the player chooses the colour whenever more than one
    colour could pay and not everything must go (the book's player picks the tablets to give back)."""
    seat = task["seat"]
    mana = _player(state, seat)["mana"]
    while task["left"] > 0:
        colours = _payable_colours(state, seat)
        if not colours:
            break
        if len(colours) > 1 and sum(mana.values()) > task["left"]:
            return _step(seat, "tetra.prompt.pay_mana", [f"pay:{c}" for c in colours], count=task["left"])
        _pay_one(state, task, colours[0])
    _event(events, "pay_mana", seat=seat, count=len(task["paid"]), colours=task["paid"])
    return None


def _pay_one(state: State, task: dict[str, Any], colour: str) -> None:
    _player(state, task["seat"])["mana"][colour] -= 1
    task["left"] -= 1
    task["paid"].append(colour)


def _answer_pay_mana(state: State, task: dict[str, Any], option: str, events: list[Event]) -> None:
    _pay_one(state, task, option.split(":", 1)[1])
    _push(state, task)


# --- end phase, accidents, game end ----------------------------------------------------------


def _prepare_end(state: State, task: dict[str, Any], events: list[Event]) -> None:
    seat = state["active"]
    row = state["public"]["row"]
    if row:
        card_id = row.pop(0)
        state["public"]["discard"].append(card_id)
        _event(events, "discard_public", card=card_id)
    accident = state["accident"]
    if accident["cubes"] >= ACCIDENT_THRESHOLD:
        if not accident["deck"]:
            accident["deck"], accident["discard"] = accident["discard"], []
            draw_rng(state).shuffle(accident["deck"])
        card_id = accident["deck"].pop(0)
        accident["discard"].append(card_id)
        accident["cubes"] = 0
        _event(events, "accident", seat=seat, card=card_id)
        _resolve_accident(state, seat, catalogue.field(card_id, "effect"))
    result = _game_end(state)
    if result is not None:
        state["result"] = result
        _event(events, "game_over", winner=result["winner"], reason=result["reason"])
        return None
    state["active"] = 1 - seat
    state["turn"] += 1
    state["turn_state"] = _fresh_turn_state()
    _push(state, *({"do": t} for t in TURN_TASKS))
    return None


def _resolve_accident(state: State, seat: Seat, effect: str) -> None:
    tetrites = state["tetrites"]
    if effect == "rotate_all":
        for t in tetrites:
            t["faces"] = geo.rotate(t["faces"], geo.CCW)
    elif effect == "move_all":
        # "Right" as the player whose turn it is sees it; seat 1 reads the table mirrored.
        state["tetrites"] = tetrites[-1:] + tetrites[:-1] if seat == 0 else tetrites[1:] + tetrites[:1]
    elif effect == "flip":
        for t in tetrites:
            t["faces"] = geo.flip_white_black(t["faces"])
    elif effect == "swap_own":
        own = [i for i, t in enumerate(tetrites) if t["colour"] != state["neutral"]]
        tetrites[own[0]], tetrites[own[1]] = tetrites[own[1]], tetrites[own[0]]
    elif effect == "scatter_markers":
        state["markers"] = [None, None]
    elif effect == "mana_leak":
        for player in state["players"]:
            player["mana"][state["neutral"]] = 0
    else:
        raise ValueError(f"unknown accident {effect}")


def _game_end(state: State) -> dict[str, Any] | None:
    lives = [p["life"] for p in state["players"]]
    down = [life <= 0 for life in lives]
    if not any(down) and state["turn"] < TURN_LIMIT:
        return None
    if down[0] != down[1]:
        return {"winner": 1 if down[0] else 0, "reason": "life"}
    reason = "both_down" if all(down) else "turn_limit"
    if lives[0] == lives[1]:
        return {"winner": None, "reason": reason}
    return {"winner": 0 if lives[0] > lives[1] else 1, "reason": reason}


PREPARE: dict[str, Any] = {
    "start": _prepare_start,
    "marker": _prepare_marker,
    "rot1": _prepare_rot1,
    "rot2": _prepare_rot2,
    "transfer": _prepare_transfer,
    "cast": _prepare_cast,
    "place": _prepare_place,
    "resolve": _prepare_resolve,
    "after_hand_cast": _prepare_after_hand_cast,
    "charge": _prepare_charge,
    "charge_bonus": _prepare_charge_bonus,
    "check_over": _prepare_check_over,
    "discard_hand": _prepare_discard_hand,
    "replace": _prepare_replace,
    "bottom": _prepare_bottom,
    "public_effect": _prepare_public_effect,
    "gain_mana": _prepare_gain_mana,
    "pay_mana": _prepare_pay_mana,
    "end": _prepare_end,
}

ANSWER: dict[str, Any] = {
    "marker": _answer_marker,
    "rot1": _answer_rotate_or_tip,
    "rot2": _answer_rotate_or_tip,
    "transfer": _answer_transfer,
    "cast": _answer_cast,
    "place": _answer_place,
    "resolve": _answer_resolve,
    "charge": _answer_charge,
    "charge_bonus": _answer_charge_bonus,
    "check_over": _answer_check_over,
    "discard_hand": _answer_discard_hand,
    "replace": _answer_replace,
    "bottom": _answer_bottom,
    "public_effect": _answer_public_effect,
    "gain_mana": _answer_gain_mana,
    "pay_mana": _answer_pay_mana,
}


# --- the Engine object -----------------------------------------------------------------------


def _copy(state: State) -> State:
    # marshal copies plain dicts/lists/str/int exactly and twice as fast as a JSON round trip.
    return marshal.loads(marshal.dumps(state))


def pending(state: State) -> list[Decision]:
    step = state.get("step")
    if state["result"] is not None or step is None:
        return []
    return [Decision(seat=step["seat"], prompt=step["prompt"], options=tuple(step["options"]),
                     args=dict(step["args"]))]


def apply(state: State, seat: Seat, choice: Sequence[str]) -> tuple[State, list[Event]]:
    if state["result"] is not None:
        raise GameOver("the match is over")
    check_choice(pending(state), seat, choice)
    new = _copy(state)
    task = new["queue"].pop(0)
    answer = ANSWER.get(task["do"])
    if answer is None:
        raise IllegalChoice("nothing to answer")
    events: list[Event] = []
    answer(new, task, choice[0], events)
    new["step"] = None
    _run(new, events)
    new["version"] += 1
    new["log"] = (new["log"] + [{"key": e.key, "args": dict(e.args)} for e in events if e.audience is None])[-12:]
    return new, events


def outcome(state: State) -> Outcome | None:
    result = state["result"]
    if result is None:
        return None
    # The platform words it from ``tetra.outcome.<reason>``.
    return Outcome(winner=result["winner"], reason=result["reason"])


def view(state: State, seat: Seat | None) -> dict[str, Any]:
    """What ``seat`` (or a spectator) may know: no deck orders, no face-down charge cards."""
    players = []
    for index, player in enumerate(state["players"]):
        players.append({
            "seat": index,
            "colour": player["colour"],
            "life": player["life"],
            "mana": dict(player["mana"]),
            "ether": player["ether"],
            "mana_cap": MANA_CAP[player["colour"]],
            "ether_cap": ETHER_CAP[player["colour"]],
            "hand": [{"id": h["id"], "charge": h["charge"], "cubes": h["cubes"]} for h in player["hand"]],
            "hand_deck_count": len(player["hand_deck"]),
            "hand_discard": list(player["hand_discard"]),
            "marker": state["markers"][index],
        })
    rows = []
    for reader in (0, 1):
        colours = _reading_colours(state, reader)
        rows.append({
            "seat": reader,
            "tetrites": colours,
            "groups": visible_groups(state, reader),
            "slots": {str(slot): list(casting.slot_colours(colours, slot)) for slot in casting.SLOTS},
        })
    step = state.get("step")
    decision: dict[str, Any] | None = None
    if step is not None and state["result"] is None:
        decision = {"seat": step["seat"], "prompt": step["prompt"]}
        if seat == step["seat"]:
            decision |= {"options": list(step["options"]), "args": dict(step["args"])}
    return {
        "game": GAME_ID,
        "viewer": seat,
        "turn": state["turn"],
        "active": state["active"],
        "first": state["first"],
        "neutral": state["neutral"],
        "tetrites": [{"position": i, "colour": t["colour"], "faces": dict(t["faces"])}
                     for i, t in enumerate(state["tetrites"])],
        "rows": rows,
        "players": players,
        "public_row": list(state["public"]["row"]),
        "public_deck_count": len(state["public"]["deck"]),
        "public_discard_count": len(state["public"]["discard"]),
        "accident_deck_count": len(state["accident"]["deck"]),
        "accident_discard": list(state["accident"]["discard"]),
        "accident_cubes": state["accident"]["cubes"],
        "hand_discards": state["hand_discards"],
        "exception2": state["turn_state"]["exception2"],
        "casts_left": state["turn_state"]["casts_left"],
        "decision": decision,
        "log": [dict(entry) for entry in state["log"]],
        "result": dict(state["result"]) if state["result"] else None,
    }


def reveal_all(state: State) -> dict[str, Any]:
    """Everything, for the post-game record."""
    return _copy(state)


class TetraEngine:
    game_id = GAME_ID
    match_options = (MatchOption("characters", ("random", *CHARACTER_PAIRS), "random"),)

    def new_game(self, seed: int, options: Mapping[str, str]) -> State:
        return new_game(seed, options)

    def pending(self, state: State) -> list[Decision]:
        return pending(state)

    def apply(self, state: State, seat: Seat, choice: Sequence[str]) -> tuple[State, list[Event]]:
        return apply(state, seat, choice)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def reveal_all(self, state: State) -> dict[str, Any]:
        return reveal_all(state)


ENGINE = TetraEngine()
