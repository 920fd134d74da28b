"""The contract every game engine implements.

An engine is pure and synchronous and never imports discord. Its state is a JSON-compatible
dict (str keys; lists, not tuples), so a match is stored, reloaded and replayed exactly from
``(seed, options, decision log)``. Everything random comes from :func:`draw_rng`, which keys a
fresh ``random.Random`` on the seed and a counter kept in the state.

The engine asks, the players answer:

* ``pending(state)`` lists the open :class:`Decision` s, at most one per seat. Both seats may have
  one at once (secret simultaneous choices); each is answered independently.
* ``apply(state, seat, choice)`` re-checks legality, returns ``(new_state, events)`` and never
  mutates its input. A choice is a tuple of option ids (length between ``min`` and ``max``).
* ``view(state, seat)`` is the only thing renderers and messages see: a JSON dict with everything
  that seat may not know stripped. ``seat=None`` is a spectator (the public thread).
* ``outcome(state)`` is ``None`` while the game runs.

Option ids are the move notation of logs, tests and scripts (``attack:front:2``, ``deploy:017``).
They must match ``OPTION_ID_RE`` so they fit a Discord custom_id.
"""

from __future__ import annotations

import marshal
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

State = dict[str, Any]
Seat = int  # 0 or 1

OPTION_ID_RE = re.compile(r"^[A-Za-z0-9_.\-+:]{1,60}$")


class EngineError(Exception):
    """Base of every rule error; ``code`` is the locale key suffix shown to the player."""

    code = "engine_error"

    def __init__(self, reason: str = "", **args: Any) -> None:
        super().__init__(reason or self.code)
        self.reason = reason
        self.args_map = args


class NotYourDecision(EngineError):
    code = "not_your_decision"


class IllegalChoice(EngineError):
    code = "illegal_choice"


class StaleState(EngineError):
    code = "stale_state"


class GameOver(EngineError):
    code = "game_over"


@dataclass(frozen=True)
class Decision:
    """One open question to one seat.

    ``prompt`` is a locale key (e.g. ``formation.prompt.attack``) formatted with ``args``.
    ``options`` are stable option ids. With ``max > 1`` the answer is a set of distinct options,
    ``min <= len <= max``. ``secret`` marks a simultaneous hidden choice (the opponent only sees
    "waiting"). ``confirm`` marks an answer worth a second look: the seat's web page asks for a confirming
    box the server checks (bot/web/play.py); the Discord panel answers by index (``dt:c``) on the first press.
    No game sets it yet.
    """

    seat: Seat
    prompt: str
    options: tuple[str, ...]
    min: int = 1
    max: int = 1
    args: Mapping[str, Any] = field(default_factory=dict)
    secret: bool = False
    confirm: bool = False


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log and notifications.

    ``key`` is a locale key formatted with ``args``. ``audience`` is ``None`` for a public event,
    or the tuple of seats allowed to read it. Engines emit a public, redacted event next to a
    private one when a hidden fact changes (``you drew red 5`` / ``B drew a card``).
    """

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)
    audience: tuple[Seat, ...] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)


@dataclass(frozen=True)
class Outcome:
    """``winner`` is a seat, or ``None`` for a draw. ``reason`` is a locale key suffix."""

    winner: Seat | None
    reason: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchOption:
    """A challenge option of a game (e.g. rule level). ``choices`` are stable ids."""

    name: str
    choices: tuple[str, ...]
    default: str


class Engine(Protocol):
    """What every ``cogs/<game>/engine.py`` module-level ``ENGINE`` object provides."""

    game_id: str
    match_options: tuple[MatchOption, ...]

    def new_game(self, seed: int, options: Mapping[str, str]) -> State: ...

    def pending(self, state: State) -> list[Decision]: ...

    def apply(self, state: State, seat: Seat, choice: Sequence[str]) -> tuple[State, list[Event]]: ...

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def reveal_all(self, state: State) -> dict[str, Any]: ...


def decision_for(decisions: Sequence[Decision], seat: Seat) -> Decision | None:
    for decision in decisions:
        if decision.seat == seat:
            return decision
    return None


def public_decisions(pending: Sequence[Decision]) -> list[Decision]:
    """Decisions the thread may show: never a secret one (a hidden choice or a response window)."""
    return [decision for decision in pending if not decision.secret]


def handover_key(public: Sequence[Decision]) -> str:
    return ",".join(str(seat) for seat in sorted({decision.seat for decision in public}))


def thread_key(pending: Sequence[Decision]) -> str | None:
    """Who the thread says must act: the seats owing a public decision; ``"*"`` when both seats owe a
    secret one (a simultaneous hidden choice everyone knows about); ``None`` when only one seat owes a
    secret decision (a response window) or nobody owes one: the thread then stays still, so it never
    shows a window. A change of this key is a handover: a new thread message."""
    public = public_decisions(pending)
    if public:
        return handover_key(public)
    if len({decision.seat for decision in pending}) == 2:
        return "*"
    return None


def handover_versions(shown: str | None, keys: Sequence[tuple[int, str | None]]) -> list[int]:
    """The versions of the decisions among ``keys`` (version, thread key after it; oldest first) that
    changed who the thread says must act, starting from ``shown``. A key of None (only a secret window
    open) is no handover: the thread stays still."""
    handovers = []
    for version, key in keys:
        if key is not None and key != shown:
            shown = key
            handovers.append(version)
    return handovers


def check_choice(decisions: Sequence[Decision], seat: Seat, choice: Sequence[str]) -> Decision:
    """Shared legality check for ``apply``: right seat, known options, right count, no repeats."""
    decision = decision_for(decisions, seat)
    if decision is None:
        raise NotYourDecision("no decision pending for this seat")
    picked = list(choice)
    if len(set(picked)) != len(picked):
        raise IllegalChoice("repeated option")
    if not decision.min <= len(picked) <= decision.max:
        raise IllegalChoice("wrong number of options", min=decision.min, max=decision.max)
    unknown = [option for option in picked if option not in decision.options]
    if unknown:
        raise IllegalChoice("unknown option", option=unknown[0])
    return decision


def copy_state(state: State) -> State:
    """A deep copy of a JSON-shaped state (dicts, lists, str, int, float, bool, None), for ``apply`` to
    work on so it never mutates its input.

    A marshal round trip: exact for these types and the fastest generic copy measured on real states of
    every game (about 10-23 us a state: 1.2-1.5x faster than pickle, 2-2.6x than a JSON round trip,
    4-5x than ``copy.deepcopy``), which matters to self-play and the bot player's playouts.
    """
    return marshal.loads(marshal.dumps(state))


def draw_rng(state: State) -> random.Random:
    """A fresh RNG for one random event; advances the state's counter (mutates ``state``).

    Call it only on a state the engine already copied inside ``apply``/``new_game``.
    """
    counter = state.setdefault("rng_counter", 0)
    state["rng_counter"] = counter + 1
    return random.Random(f"{state['seed']}:{counter}")


def random_choice(decision: Decision, rng: random.Random) -> tuple[str, ...]:
    """A uniformly random legal answer: the random-legal bot, the demo and the fuzzers use it."""
    count = rng.randint(decision.min, decision.max)
    return tuple(rng.sample(list(decision.options), count))
