"""A test-only deck game: the tiny game played with a 6-card deck of c1..c9 (3 low, 3 high, at most 2
copies, c9 banned). It exercises the platform's deck paths without depending on a real game."""

from __future__ import annotations

import copy
from collections.abc import Mapping

from bot.cards import Card
from bot.decks import DeckRule, ReadyDeck, deck_from_option
from bot.engine import Decision, Event, MatchOption, check_choice
from bot.games import GameSpec
from tests.platform.tinygame import TinyEngine, label, render

CARDS = [Card(game="tinydeck", id=f"c{n}", name_en=f"Stone {n}", name_ja=f"石{n}", text_en=f"Worth {n}.",
              text_ja=f"{n}点。", kind="stone", source="authored", aliases=(str(n),),
              stats={"band": "low" if n <= 4 else "high", "cost": n})
         for n in range(1, 10)]

READY = [
    ReadyDeck(game="tinydeck", id="ladder", name_en="Ladder", name_ja="はしご", style_en="one of each",
              style_ja="一枚ずつ", cards={"c1": 1, "c2": 1, "c3": 1, "c5": 1, "c6": 1, "c7": 1}),
    ReadyDeck(game="tinydeck", id="twins", name_en="Twins", name_ja="ふたご", style_en="pairs", style_ja="二枚ずつ",
              cards={"c1": 2, "c4": 1, "c8": 2, "c5": 1}),
]

RULE = DeckRule(size=6, copy_limit=2, group_field="band", group_counts={"low": 3, "high": 3}, cost_field="cost",
                banned=frozenset({"c9"}), ready=lambda: list(READY))


class TinyDeckEngine(TinyEngine):
    game_id = "tinydeck"
    # Per-player preferences the platform fills in (as Afterlife's response windows use them).
    match_options = TinyEngine.match_options + (MatchOption("always_stop0", ("off", "on"), "off"),
                                                MatchOption("always_stop1", ("off", "on"), "off"),
                                                MatchOption("window", ("no", "yes"), "no"))

    # window=yes: after each call, a response window (a one-sided secret decision, as a 3x3 Wars counter or
    # an Afterlife instant) is offered to the other seat only if it still holds stone 1 (hidden in its hand).

    def pending(self, state: dict) -> list:
        if state.get("window") is not None and not self.outcome(state):
            return [Decision(state["window"], "tiny.prompt.window", ("window:pass",), secret=True)]
        return super().pending(state)

    def apply(self, state: dict, seat: int, choice) -> tuple[dict, list]:
        if state.get("window") is not None:
            check_choice(self.pending(state), seat, choice)
            state = copy.deepcopy(state)
            state["window"] = None
            # The call "resolves" once the window closes, as a spell on a stack does.
            return state, [Event(key, args) for key, args in state.pop("on_stack")]
        caller = state.get("caller")
        state, events = super().apply(state, seat, choice)
        if state.get("window_rule") and choice[0].startswith("call:") and caller is not None \
                and 1 in state["hands"][1 - caller] and not self.outcome(state):
            state["window"] = 1 - caller
            state["on_stack"] = [[event.key, dict(event.args)] for event in events]
            events = []
        return state, events

    def new_game(self, seed: int, options: Mapping[str, str]) -> dict:
        state = super().new_game(seed, {key: value for key, value in options.items() if not key.startswith("deck")})
        decks = [deck_from_option(options.get(f"deck{seat}") or "c1,c2,c3,c5,c6,c7") for seat in (0, 1)]
        for deck in decks:
            if sum(deck.values()) != RULE.size:
                raise ValueError("a tinydeck deck has 6 cards")
        state["decks"] = decks
        state["window_rule"] = options.get("window") == "yes"
        state["window"] = None
        state["hands"] = [sorted(int(card[1:]) for card in deck) for deck in decks]
        state["hands"] = [sorted(set(hand)) for hand in state["hands"]]
        return state


TINYDECK = GameSpec(game_id="tinydeck", engine=TinyDeckEngine(), render_board=render, render_hand=render,
                    option_label=label, cards=lambda: list(CARDS), deck_rule=RULE)

STRINGS = {"games.tinydeck": "Tiny deck", "commands.game.tinydeck": "Tiny deck",
           "tiny.prompt.window": "Answer the call?"}
