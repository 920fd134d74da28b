"""3x3 Wars: setting up a game at each level, and a game from a fixed deal."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import (
    Event,
    IllegalChoice,
    Seat,
    State,
    draw_rng,
)
from cogs.wars import cards as C
from cogs.wars.board import (
    LEVELS,
    QUESTIONS,
    STARTING_LIFE,
    AnswerHandler,
    empty_state,
    event,
    other,
    shuffled,
    unit_entry,
)
from cogs.wars.turn import advance

# Wizard hands each seat three of the basic magic cards, by seat (the bot's worlds read it too).
WIZARD_BASICS = (("A17", "A19", "A21"), ("A18", "A20", "A22"))


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
    pools = [magic[:4] + list(WIZARD_BASICS[0]), magic[4:8] + list(WIZARD_BASICS[1])]
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
        QUESTIONS.ask(state, seat, "setup_pick", ["pick:1", "pick:2"], secret=True)
    elif stage == "mulligan":
        if setup["mulligans"] >= 3:
            setup["stage"] = "hand"
            return ask_setup(state, seat)
        QUESTIONS.ask(state, seat, "setup_mulligan", ["keep", "mulligan"], secret=True, size=len(state["hands"][seat]))
    elif stage == "hand":
        hand = state["hands"][seat]
        if len(hand) <= 6:
            setup["stage"] = "magic"
            return ask_setup(state, seat)
        QUESTIONS.ask(state, seat, "setup_hand", [f"hand:{c}" for c in hand], 6, 6, secret=True)
    elif stage == "magic":
        keep = setup["keep"]
        QUESTIONS.ask(state, seat, "setup_magic", [f"keep:{m}" for m in setup["magic_pool"]], keep, keep, secret=True)
    elif stage == "territory":
        QUESTIONS.ask(state, seat, "setup_territory", [f"territory:{c}" for c in state["hands"][seat]], 3, 3, secret=True)
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


ANSWERS: dict[str, AnswerHandler] = {
    kind: answer_setup for kind in ("setup_pick", "setup_mulligan", "setup_hand", "setup_magic", "setup_territory")
}
