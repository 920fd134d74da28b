"""A tiny test-only game that exercises every platform path without depending on a real game.

Both players hold the cards 1-5 (secret hands). Each trick both pick a card at the same time
(secret, simultaneous); the higher card scores a point. Then the trick's winner (or seat 0 on a tie)
must ``call`` heads or tails, a plain public decision. Three tricks; most points wins.

Options exercise the panel layouts: ``hand=wide`` deals 1-30 (a paged select), ``discard=yes``
starts with a secret discard of 1 or 2 cards (a multi-choice select).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from bot.engine import Decision, Event, GameOver, MatchOption, Outcome, check_choice, copy_state, draw_rng
from bot.games import GameSpec
from bot.render.toolkit import Canvas
from tests.contract.games import GameHooks

TRICKS = 3


class TinyEngine:
    game_id = "tiny"
    match_options = (MatchOption("length", ("short", "long"), "short"),
                     MatchOption("hand", ("small", "wide"), "small"),
                     MatchOption("discard", ("no", "yes"), "no"),
                     MatchOption("calls", ("1", "2"), "1"))

    def new_game(self, seed: int, options: Mapping[str, str]) -> dict:
        cards = list(range(1, 31 if options.get("hand") == "wide" else 6))
        state = {"seed": seed, "rng_counter": 0, "hands": [list(cards), list(cards)],
                 "discarding": [options.get("discard") == "yes"] * 2,
                 "picked": [None, None], "score": [0, 0], "trick": 0, "caller": None, "calls": [],
                 "tricks": TRICKS if options.get("length", "short") == "short" else 5,
                 "calls_per_trick": int(options.get("calls", "1")), "calls_left": 0}
        state["first"] = draw_rng(state).randint(0, 1)
        return state

    def pending(self, state: dict) -> list[Decision]:
        if self.outcome(state):
            return []
        if any(state["discarding"]):
            return [Decision(seat, "tiny.prompt.discard", tuple(f"discard:{c}" for c in state["hands"][seat]),
                             min=1, max=2, secret=True) for seat in (0, 1) if state["discarding"][seat]]
        if state["caller"] is not None:
            return [Decision(state["caller"], "tiny.prompt.call", ("call:heads", "call:tails"))]
        return [Decision(seat, "tiny.prompt.pick", tuple(f"pick:{c}" for c in state["hands"][seat]), secret=True)
                for seat in (0, 1) if state["picked"][seat] is None]

    def apply(self, state: dict, seat: int, choice: Sequence[str]) -> tuple[dict, list[Event]]:
        if self.outcome(state):
            raise GameOver()
        check_choice(self.pending(state), seat, choice)
        state = copy_state(state)
        kind, value = choice[0].split(":")
        if kind == "discard":
            for option in choice:
                state["hands"][seat].remove(int(option.split(":")[1]))
            state["discarding"][seat] = False
            return state, [Event("tiny.event.discarded", {"seat": seat, "count": len(choice)})]
        if kind == "call":
            state["calls"].append(value)
            state["calls_left"] -= 1
            if state["calls_left"] <= 0:  # with calls=2 the caller calls twice in a row: a chain of steps
                state["caller"] = None
            return state, [Event("tiny.event.call", {"seat": seat, "side": value})]
        card = int(value)
        state["hands"][seat].remove(card)
        state["picked"][seat] = card
        events = [Event("tiny.event.picked_private", {"card": card}, audience=(seat,))]
        if None in state["picked"]:
            return state, events
        a, b = state["picked"]
        winner = 0 if a > b else 1 if b > a else None
        if winner is not None:
            state["score"][winner] += 1
        state["trick"] += 1
        state["picked"] = [None, None]
        state["caller"] = winner if winner is not None else 0
        state["calls_left"] = state.get("calls_per_trick", 1)
        if state["trick"] >= state["tricks"]:
            state["caller"] = None
        events.append(Event("tiny.event.trick", {"a": a, "b": b}))
        return state, events

    def view(self, state: dict, seat: int | None) -> dict:
        return {"score": list(state["score"]), "trick": state["trick"], "seat": seat,
                "hand": list(state["hands"][seat]) if seat is not None else None,
                "picked": state["picked"][seat] if seat is not None else None,
                "opponent_cards": len(state["hands"][1 - seat]) if seat is not None else None}

    def reveal_all(self, state: dict) -> dict:
        return {"score": list(state["score"]), "trick": state["trick"], "seat": None,
                "hands": copy_state(state["hands"])}

    def outcome(self, state: dict) -> Outcome | None:
        if state["trick"] < state["tricks"] or state["caller"] is not None:
            return None
        a, b = state["score"]
        return Outcome(None if a == b else (0 if a > b else 1), "score")


def render(view: dict, locale: str) -> bytes:
    canvas = Canvas(400, 200)
    canvas.text((20, 20), f"{view['score'][0]} - {view['score'][1]}", size=40)
    if view.get("hand"):
        canvas.text((20, 100), " ".join(map(str, view["hand"])), size=30)
    return canvas.png()


def label(option: str, view: dict, locale: str) -> str:
    return option.split(":")[1]


TINY = GameSpec(game_id="tiny", engine=TinyEngine(), render_board=render, render_hand=render,
                option_label=label, cards=lambda: [])


STRINGS = {
    "tiny.prompt.pick": "Pick a card",
    "tiny.prompt.call": "Call heads or tails",
    "tiny.prompt.discard": "Discard one or two cards",
    "tiny.event.discarded": "{seat} discarded {count}",
    "tiny.event.picked_private": "You picked {card}",
    "tiny.event.call": "{seat} called {side}",
    "tiny.event.trick": "Trick: {a} against {b}",
    "games.tiny": "Tiny",
    "commands.game.tiny": "Tiny",
}


def _tiny_start(match: int) -> tuple[int, dict[str, str], random.Random]:
    """Every combination of the options, in turn; but five tricks after a discard need the wide hand (a
    small hand of five keeps only three cards)."""
    options = {option.name: option.choices[match >> bit & 1] for bit, option in enumerate(TinyEngine.match_options)}
    if options["length"] == "long" and options["discard"] == "yes":
        options["hand"] = "wide"
    return match, options, random.Random(match)


def _hide_from(state: dict, viewer: int | None, rng: random.Random) -> dict:
    """The same position with the cards ``viewer`` may not see (the other hand, its secret pick) changed."""
    other = copy_state(state)
    for seat in (0, 1):
        if seat != viewer:
            other["hands"][seat] = rng.sample(range(100, 200), len(other["hands"][seat]))
            if other["picked"][seat] is not None:
                other["picked"][seat] = rng.randrange(100, 200)
    return other


def tiny_hooks() -> GameHooks:
    return GameHooks(matches=320, start=_tiny_start, fully_checked=lambda match: match < 64, hide=_hide_from)
