"""Afterlife (来世): the pure rules engine.

State is a JSON dict; a turn is a queue of tasks (``flow.py``), cards are data (``cards.py``) and
their effects a registry (``effects.py``). Move notation (option ids):

* setup: ``bundle:1`` .. ``bundle:4`` (secret, both seats at once)
* turn start: ``send:R05`` (send a hand card to the afterlife and draw one more) or ``pass``
* main phase: ``play:R05``, ``attack:c3``, ``retreat:c2``, ``draw3``, ``override:R05:B02`` (two R05
  and the unrevealed B02), ``end``
* paying: ``on:c3``, ``show:R07``, ``cut:R09`` / ``nocut``; effects: ``target:c4``, ``take:G05``
* combat: ``noblock`` / ``block:c2`` / ``several``, then the blockers ``block:c1``, ``block:c4`` at once
  (``more`` / ``done`` when more than 25 may block), ``order:c4`` (the next to take the damage)
* response windows (secret): ``play:B18`` or ``pass``

Option ``rules`` is the rules version a match starts under (``combat.RULES``; the platform records it in every
new match's options, ``spec.py``); absent is version 0, the blocking before the book's (``combat.py``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import (
    Decision,
    Event,
    MatchOption,
    Outcome,
    Seat,
    State,
    draw_rng,
)
from cogs.afterlife import cards as C
from cogs.afterlife import combat, instants
from cogs.afterlife import zones as Z
from cogs.afterlife.flow import QUESTIONS, push, run, task

GAME_ID = "afterlife"
TURN_LIMIT = 60  # ruled: 30 turns each; then the higher life wins (equal: a draw)
BUNDLES = 4
BUNDLE_SIZE = 5
NO_CORE_TURNS = (1, 2)  # ruled: 「1ターン目か後攻の2ターン目」 = each player's first turn
DRAW_COST = 3
LOG_LENGTH = 12  # the last public events, carried by every view for the board picture


# ---------------------------------------------------------------- setup


def deck_for(options: Mapping[str, str], seat: Seat) -> list[str]:
    text = options.get(f"deck{seat}")
    if text:
        return C.parse_deck(text)
    return C.deck_list(list(C.decks())[seat])


def new_player(deck: list[str], always_stop: bool) -> dict[str, Any]:
    return {"life": Z.START_LIFE, "cores": 0, "used": 0, "deck": deck, "hand": [], "public": [], "grave": [],
            "afterlife": [], "field": [], "bundles": [], "pick": None, "drew3": False, "always_stop": always_stop}


def new_game(seed: int, options: Mapping[str, str]) -> State:
    decks = [deck_for(options, seat) for seat in (0, 1)]
    stops = [options.get(f"always_stop{seat}", "off") == "on" for seat in (0, 1)]
    state: State = {
        "game": GAME_ID, "seed": seed, "rng_counter": 0, "turn": 0, "active": 0, "first": 0, "phase": "setup",
        "players": [new_player(decks[s], stops[s]) for s in (0, 1)], "queue": [], "asks": [], "stack": [],
        "casting": None, "combat": None, "last_target": None, "next_cid": 0, "result": None, "moves": 0,
        "deck_names": [options.get(f"deck_name{s}", "") for s in (0, 1)], "log": [],
        "rules": combat.rules_version(options),  # a match plays by the rules it started under, to its end
    }
    for seat in (0, 1):
        p = state["players"][seat]
        Z.shuffle(state, p["deck"])
        p["bundles"] = [p["deck"][i * BUNDLE_SIZE:(i + 1) * BUNDLE_SIZE] for i in range(BUNDLES)]
        del p["deck"][:BUNDLES * BUNDLE_SIZE]
    state["first"] = draw_rng(state).randrange(2)  # decided before the bundles are picked (the book)
    state["active"] = state["first"]
    for seat in (0, 1):
        QUESTIONS.ask(state, seat, "bundle", [f"bundle:{i + 1}" for i in range(BUNDLES)], secret=True)
    return state


@QUESTIONS.answer("bundle")
def answer_bundle(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    state["players"][seat]["pick"] = int(choice[0].split(":")[1]) - 1
    if any(p["pick"] is None for p in state["players"]):
        return
    for s, p in enumerate(state["players"]):
        p["hand"] = p["bundles"].pop(p["pick"])
        for rest in p["bundles"]:
            p["deck"].extend(rest)
        p["bundles"] = []
        Z.shuffle(state, p["deck"])
        p["cores"] = 2 if s == state["first"] else 3
    events.append(Z.event("setup_done", None, seat=state["first"]))
    push(state, {"do": "turn_start"})


# ---------------------------------------------------------------- turn start


@task("turn_start")
def task_turn_start(state: State, current: dict[str, Any], events: list[Event]) -> None:
    if state["turn"] >= TURN_LIMIT:
        lives = [p["life"] for p in state["players"]]
        Z.finish(state, None if lives[0] == lives[1] else lives.index(max(lives)), "turn_limit", events)
        return
    state["turn"] += 1
    state["phase"] = "start"
    seat = state["active"]
    p = Z.player(state, seat)
    events.append(Z.event("turn", None, seat=seat, turn=state["turn"]))
    for unit in p["field"]:
        unit["tapped"] = False
        unit["sick"] = False
    if Z.draw(state, seat, 1, events) == 0:
        # Ruled: a turn draw that finds deck and afterlife both empty loses the game.
        Z.finish(state, Z.other(seat), "deck_out", events)
        return
    QUESTIONS.ask(state, seat, "send", [f"send:{c}" for c in dict.fromkeys(Z.hand_all(state, seat))] + ["pass"])


@QUESTIONS.answer("send")
def answer_send(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    if choice[0] != "pass":
        card = choice[0].split(":", 1)[1]
        Z.take_from_hand(state, seat, card, prefer_public=False)
        Z.player(state, seat)["afterlife"].append(card)
        events.append(Z.event("to_afterlife", None, seat=seat, cards=[card]))
        Z.draw(state, seat, 1, events)
    push(state, {"do": "cores"})


@task("cores")
def task_cores(state: State, current: dict[str, Any], events: list[Event]) -> None:
    seat = state["active"]
    p = Z.player(state, seat)
    if state["turn"] not in NO_CORE_TURNS and p["cores"] < Z.MAX_CORES:
        p["cores"] += 1
        p["used"] += 1  # the new core arrives used, then every core is refreshed
    p["used"] = 0
    events.append(Z.event("cores", None, seat=seat, cores=p["cores"]))
    # The phase is main from here, so a board drawn while a secret window is open looks the same.
    state["phase"] = "main"
    opponent = Z.other(seat)
    push(state, {"do": "window", "timing": "phase", "seats": [seat, opponent]}, {"do": "main"})


# ---------------------------------------------------------------- main phase


def override_options(state: State, seat: Seat) -> list[str]:
    p = Z.player(state, seat)
    counts = Counter(Z.hand_all(state, seat))
    options = []
    for pair, n in counts.items():
        if n < 2:
            continue
        hidden = list(p["hand"])
        for _ in range(max(0, 2 - p["public"].count(pair))):  # the pair takes public copies first
            hidden.remove(pair)
        options += [f"override:{pair}:{other}" for other in dict.fromkeys(hidden)]
    return options


def main_options(state: State, seat: Seat) -> list[str]:
    p = Z.player(state, seat)
    options = []
    for card in dict.fromkeys(Z.hand_all(state, seat)):
        if C.ctype(card) == "instant":
            if instants.instant_usable(state, seat, card, ["main"]):
                options.append(f"play:{card}")
        elif instants.payable(state, seat, card):
            options.append(f"play:{card}")
    options += [f"attack:{u['cid']}" for u in p["field"] if combat.can_attack(state, seat, u)]
    options += [f"retreat:{u['cid']}" for u in p["field"]]
    if not p["drew3"] and Z.cores_free(state, seat) >= DRAW_COST and Z.can_draw(state, seat):
        options.append("draw3")
    options += override_options(state, seat)
    return options + ["end"]


@task("main")
def task_main(state: State, current: dict[str, Any], events: list[Event]) -> None:
    seat = state["active"]
    QUESTIONS.ask(state, seat, "main", main_options(state, seat))


@QUESTIONS.answer("main")
def answer_main(state: State, seat: Seat, choice: list[str], entry: dict[str, Any], events: list[Event]) -> None:
    option = choice[0]
    verb, _, rest = option.partition(":")
    p = Z.player(state, seat)
    if verb == "end":
        opponent = Z.other(seat)
        state["phase"] = "end"
        events.append(Z.event("end_phase", None, seat=seat))
        push(state, {"do": "window", "timing": "phase", "seats": [seat, opponent]},
             {"do": "window", "timing": "end", "seats": [seat, opponent]}, {"do": "cleanup"})
        return
    push(state, {"do": "main"})
    if verb == "play":
        instants.start_use(state, seat, rest, events)
    elif verb == "attack":
        combat.declare(state, seat, rest, events)
    elif verb == "retreat":
        _, unit = Z.leave_field(state, rest)
        p["grave"].append(unit["card"])
        events.append(Z.event("retreat", None, seat=seat, cid=rest, card=unit["card"]))
        push(state, *instants.effect_tasks(seat, unit["card"], "retreat"))  # only retreat effects trigger
    elif verb == "draw3":
        p["used"] += DRAW_COST
        p["drew3"] = True
        events.append(Z.event("paid_draw", None, seat=seat))
        Z.draw(state, seat, 1, events)
    elif verb == "override":
        pair, other = rest.split(":")
        do_override(state, seat, pair, other, events)


def do_override(state: State, seat: Seat, pair: str, other: str, events: list[Event]) -> None:
    """Reveal two copies and an unrevealed card (the public cost, which stays public); one copy goes to
    the afterlife, draw one, the other copy returns to the hand unrevealed."""
    p = Z.player(state, seat)
    Z.take_from_hand(state, seat, pair)
    Z.take_from_hand(state, seat, pair)
    p["hand"].remove(other)
    Z.forget_seen(state, seat, other)  # the public zone shows it now
    p["public"].append(other)
    p["afterlife"].append(pair)
    p["hand"].append(pair)
    Z.mark_seen(state, seat, [pair])  # both copies were shown: the one back in the hand is known
    events.append(Z.event("override", None, seat=seat, card=pair, shown=other))
    Z.draw(state, seat, 1, events)


# ---------------------------------------------------------------- end phase


@task("cleanup")
def task_cleanup(state: State, current: dict[str, Any], events: list[Event]) -> None:
    seat = state["active"]
    for owner in (0, 1):
        p = Z.player(state, owner)
        for unit in p["field"]:
            if owner == seat and Z.has_kw(unit, "indomitable"):
                unit["tapped"] = False  # 不屈: untaps in its controller's end phase
            unit["damage"] = 0
            unit["boost"] = 0
            unit["granted"] = []
        p["hand"].extend(p["public"])  # revealed cards return to hidden at the end of the turn
        Z.mark_seen(state, owner, p["public"])  # hidden again, but the opponent read them
        p["public"] = []
        p["drew3"] = False
    events.append(Z.event("turn_end", None, seat=seat))
    state["active"] = Z.other(seat)
    push(state, {"do": "turn_start"})


# ---------------------------------------------------------------- views


def public_unit(state: State, seat: Seat, unit: dict[str, Any]) -> dict[str, Any]:
    info = C.info(unit["card"])
    keywords = [k for k in C.keywords(unit["card"]) if k != "random_search"]
    keywords += [k for k in unit["granted"] if k not in keywords]
    return {"cid": unit["cid"], "card": unit["card"], "tapped": unit["tapped"], "damage": unit["damage"],
            "sick": unit["sick"], "power": Z.power(state, seat, unit), "toughness": info["toughness"],
            "base_power": info["power"], "boost": unit["boost"], "keywords": keywords}


def player_view(state: State, owner: Seat, viewer: Seat | None) -> dict[str, Any]:
    p = Z.player(state, owner)
    shown: dict[str, Any] = {
        "life": p["life"], "cores": p["cores"], "cores_used": p["used"], "deck_count": len(p["deck"]),
        "hand_count": len(p["hand"]) + len(p["public"]), "public": list(p["public"]), "grave": list(p["grave"]),
        "afterlife": list(p["afterlife"]), "field": [public_unit(state, owner, u) for u in p["field"]],
        "drew3": p["drew3"], "picked": p["pick"] is not None, "bundle_count": len(p["bundles"]),
    }
    if viewer == owner:
        shown["hand"] = list(p["hand"])
        shown["bundles"] = [list(b) for b in p["bundles"]]
        shown["pick"] = None if p["pick"] is None else p["pick"] + 1  # the bundle number it picked (1..4)
    return shown


def public_log(log: list[dict[str, Any]], events: Sequence[Event]) -> list[dict[str, Any]]:
    """The last ``LOG_LENGTH`` public events (``{key, args}``). An event with an audience never enters it,
    and a passed secret window adds nothing, so the log cannot show that a window was offered."""
    fresh = [{"key": e.key, "args": json.loads(json.dumps(dict(e.args)))} for e in events if e.audience is None]
    return (list(log) + fresh)[-LOG_LENGTH:]


def build_view(state: State, seat: Seat | None) -> dict[str, Any]:
    """What ``seat`` may see. Nothing here depends on whether a secret window question is open:
    the queue, the asks and the move counter stay out of the public view."""
    casting = state["casting"]
    view: dict[str, Any] = {
        "game": GAME_ID, "seat": seat, "turn": state["turn"], "active": state["active"], "first": state["first"],
        "phase": state["phase"], "turn_limit": TURN_LIMIT,
        "players": [player_view(state, owner, seat) for owner in (0, 1)],
        "stack": [{"seat": e["seat"], "card": e["card"], "negated": e["negated"]} for e in state["stack"]],
        "casting": None if casting is None else {"seat": casting["seat"], "card": casting["card"]},
        "combat": None if state["combat"] is None else dict(state["combat"]),
        "result": state["result"],
        "log": [{"key": entry["key"], "args": dict(entry["args"])} for entry in state.get("log") or []],
    }
    if seat is not None:
        seen = Z.seen_by_opponent(state, 1 - seat)
        if seen:  # the opponent's hidden hand cards this seat has read
            view["seen_in_opponent_hand"] = seen
        own = QUESTIONS.ask_for(state, seat)
        view["decision"] = None if own is None else {"kind": own["kind"], "options": list(own["options"]),
                                                     "min": own["min"], "max": own["max"],
                                                     "args": dict(own["args"]), "secret": own["secret"]}
    return view


# ---------------------------------------------------------------- the engine object


class AfterlifeEngine:
    game_id = GAME_ID
    match_options = (MatchOption("always_stop0", ("off", "on"), "off"),
                     MatchOption("always_stop1", ("off", "on"), "off"))

    def new_game(self, seed: int, options: Mapping[str, str]) -> State:
        return new_game(seed, options)

    def pending(self, state: State) -> list[Decision]:
        return QUESTIONS.pending(state)

    def apply(self, state: State, seat: Seat, choice: Sequence[str]) -> tuple[State, list[Event]]:
        new, events = QUESTIONS.apply(state, seat, choice, run)
        new["log"] = public_log(new.get("log") or [], events)
        return new, events

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        result = state["result"]
        if result is None:
            return None
        return Outcome(result["winner"], result["reason"],
                       {"life": [p["life"] for p in state["players"]], "turn": state["turn"]})

    def reveal_all(self, state: State) -> dict[str, Any]:
        """The end-of-match board: the public view plus both hands."""
        view = build_view(state, None)
        view["hands"] = [list(p["hand"]) + list(p["public"]) for p in state["players"]]
        return view


ENGINE = AfterlifeEngine()
pending = ENGINE.pending
apply = ENGINE.apply
view = ENGINE.view
outcome = ENGINE.outcome
