"""Open questions kept in the state, and their answers: the question/answer queue of engines whose turn
runs on its own until somebody must answer (Afterlife, 3x3 Wars).

A question is a JSON dict in ``state["asks"]`` (at most one per seat, options computed when it is
asked); ``pending`` turns them into :class:`~bot.engine.Decision` s. ``apply`` copies the state, takes
the seat's question out, runs the handler registered for its kind, then the game's ``advance`` (which
runs the turn until a new question is open or the game is over) and counts the move. The state keeps
``result`` (``None`` while the game runs) and ``moves``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.engine import Decision, Event, GameOver, NotYourDecision, Seat, State, check_choice, copy_state

Question = dict[str, Any]
# (state, seat, choice, the question answered, events) -> None; mutates the state it is given.
AnswerFn = Callable[[State, Seat, list[str], Question, list[Event]], None]
AdvanceFn = Callable[[State, list[Event]], None]


class Questions:
    """One game's questions: ``game_id`` words the prompts (``<game>.prompt.<kind>``); ``with_data`` games
    keep a ``data`` dict in every question for their handlers (its key is part of their saved states)."""

    def __init__(self, game_id: str, *, answers: Mapping[str, AnswerFn] | None = None,
                 with_data: bool = False) -> None:
        self.prompt_prefix = f"{game_id}.prompt."
        self.with_data = with_data
        self.answers: dict[str, AnswerFn] = dict(answers or {})

    def answer(self, kind: str) -> Callable[[AnswerFn], AnswerFn]:
        """Register the handler of a kind of question (a decorator)."""
        def register(fn: AnswerFn) -> AnswerFn:
            self.answers[kind] = fn
            return fn
        return register

    def ask(self, state: State, seat: Seat, kind: str, options: Sequence[str], lo: int = 1, hi: int = 1,
            secret: bool = False, data: dict[str, Any] | None = None, **args: Any) -> None:
        """Open a question (asked even when only one answer is legal, so the notation never skips a step).
        Repeated options are asked once; ``args`` word the prompt."""
        question: Question = {"seat": seat, "kind": kind, "options": list(dict.fromkeys(options)), "min": lo,
                              "max": hi, "secret": secret}
        if self.with_data:
            question["data"] = data or {}
        question["args"] = args
        state["asks"].append(question)

    @staticmethod
    def ask_for(state: State, seat: Seat) -> Question | None:
        for question in state["asks"]:
            if question["seat"] == seat:
                return question
        return None

    def pending(self, state: State) -> list[Decision]:
        if state["result"] is not None:
            return []
        return [self.decision(q) for q in state["asks"]]

    def decision(self, q: Question) -> Decision:
        """An open question as the decision the platform and the players see."""
        return Decision(seat=q["seat"], prompt=self.prompt_prefix + q["kind"], options=tuple(q["options"]),
                        min=q["min"], max=q["max"], args=dict(q["args"]), secret=q["secret"])

    def answer_question(self, state: State, question: Question, choice: list[str], events: list[Event]) -> None:
        """Take ``question`` out of the open ones and run its handler on ``state``."""
        state["asks"].remove(question)
        self.answers[question["kind"]](state, question["seat"], choice, question, events)

    def apply(self, state: State, seat: Seat, choice: Sequence[str],
              advance: AdvanceFn) -> tuple[State, list[Event]]:
        """The engine's ``apply``: answer ``seat``'s question on a copy, then ``advance`` it."""
        if state["result"] is not None:
            raise GameOver("the game is over")
        asked = self.ask_for(state, seat)  # only this seat's question is checked (the bot's playouts ask a lot)
        check_choice([self.decision(asked)] if asked is not None else [], seat, choice)
        new = copy_state(state)
        question = self.ask_for(new, seat)
        if question is None:  # pragma: no cover - check_choice found the seat's decision
            raise NotYourDecision("no decision pending for this seat")
        events: list[Event] = []
        self.answer_question(new, question, list(choice), events)
        advance(new, events)
        new["moves"] += 1
        return new, events
