"""The store's rows as the bot reads them (frozen dataclasses), what a decision writes (``DecisionCommit``),
the deck errors, the refusals of a challenge or a match, and the conversions from database rows (JSON
columns decoded)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.db import Row

OPEN_OPPONENT = 0  # challenges.opponent_id of an open challenge: any member but the challenger may accept
MAX_ID = 2**63 - 1  # a 64-bit INTEGER/BIGINT; a larger number in a forged click or option is simply not found


def valid_id(value: object) -> bool:
    return isinstance(value, int) and 0 < value <= MAX_ID


@dataclass(frozen=True)
class ChallengeRow:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    game: str
    options: dict[str, str]
    days: int
    locale: str
    challenger_id: int
    opponent_id: int
    status: str
    created_at: float
    expires_at: float
    match_id: int | None
    challenger_deck: str | None = None  # the engine's deck0 option, copied at challenge time
    rated: int = 0  # 1: the match it starts changes both ratings
    rematch_of: int | None = None  # the finished match this challenge repeats (seats swapped)


@dataclass(frozen=True)
class DeckRow:
    id: int
    user_id: int
    game: str
    name: str
    cards: dict[str, int]
    created_at: float
    updated_at: float


class DeckLimitReached(Exception):
    pass


class DeckNameTaken(Exception):
    pass


class ActiveMatchLimit(Exception):
    """A challenge or a match refused because a member already has as many active matches as allowed."""

    def __init__(self, user_id: int, limit: int) -> None:
        super().__init__(user_id, limit)
        self.user_id = user_id
        self.limit = limit


class ChallengeAlreadyOpen(Exception):
    """A challenge refused because the two members (or an open challenge's challenger) already have one open."""


@dataclass(frozen=True)
class MatchRow:
    id: int
    game: str
    options: dict[str, str]
    seed: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    players: tuple[int, int]
    bot_seat: int | None
    days: int
    locale: str
    status: str
    state: dict[str, Any] = field(repr=False)
    version: int
    panels: dict[str, int]
    dm_ok: tuple[bool, bool]
    turn_started: float
    deadline: float
    timer_stage: int
    next_timer_at: float | None
    winner: int | None
    result_reason: str | None
    posted_version: int = 0
    live_message_id: int | None = None
    live_key: str | None = None
    live_log: list[str] = field(default_factory=list)
    dm_panels: dict[str, dict[str, Any]] = field(default_factory=dict)
    rated: bool = False
    series_id: int | None = None  # the first match of its rematch series (None: not a rematch)
    finished_at: float | None = None
    kind: str = "match"  # match | lesson (/learn: never in stats or history, limited apart)
    posting: str | None = None  # the nonce of a thread post sent but not recorded yet (see mark_posted)
    opening: bool = False  # its thread, opening post or first panels may not be out yet (mark_opened)

    def seat_of(self, user_id: int) -> int | None:
        if user_id == self.players[0] and self.bot_seat != 0:
            return 0
        if user_id == self.players[1] and self.bot_seat != 1:
            return 1
        return None

    def being_opened(self) -> bool:
        """Active, and its thread, opening post or first panels may not be out yet: opened by its process
        (``Publisher.open_match``), or by the catch-up when that process died."""
        return self.opening and self.status == "active"

    def panel_version(self, seat: int) -> int:
        return self.panels.get(str(seat), self.version)


@dataclass(frozen=True)
class DecisionCommit:
    """Everything one applied decision writes, in one transaction."""

    match_id: int
    expected_version: int
    state: dict[str, Any]
    panels: dict[str, int]
    seat: int
    choice: list[str]
    user_id: int | None
    now: float
    turn_started: float
    deadline: float
    timer_stage: int
    next_timer_at: float | None
    status: str = "active"
    winner: int | None = None
    result_reason: str | None = None
    events: list[list[Any]] = field(default_factory=list)  # [key, args, audience] per engine event
    thread_key: str | None = None  # who the thread says must act after it (bot.engine.thread_key)


def challenge_row(row: Row) -> ChallengeRow:
    data = dict(row)
    data["options"] = json.loads(data["options"])
    data.pop("claimed_until", None)  # the timekeeper's lease, not part of the challenge
    return ChallengeRow(**data)


def match_row(row: Row) -> MatchRow:
    data = dict(row)
    return MatchRow(
        id=data["id"], game=data["game"], options=json.loads(data["options"]), seed=data["seed"],
        guild_id=data["guild_id"], channel_id=data["channel_id"], thread_id=data["thread_id"],
        players=(data["player0"], data["player1"]), bot_seat=data["bot_seat"], days=data["days"],
        locale=data["locale"], status=data["status"], state=json.loads(data["state"]),
        version=data["version"], panels=json.loads(data["panels"]),
        dm_ok=tuple(json.loads(data["dm_ok"])), turn_started=data["turn_started"],
        deadline=data["deadline"], timer_stage=data["timer_stage"], next_timer_at=data["next_timer_at"],
        winner=data["winner"], result_reason=data["result_reason"],
        posted_version=data["posted_version"], live_message_id=data["live_message_id"],
        live_key=data["live_key"], live_log=json.loads(data["live_log"]), dm_panels=json.loads(data["dm_panels"]),
        rated=bool(data.get("rated", 0)), series_id=data.get("series_id"), finished_at=data.get("finished_at"),
        kind=data.get("kind") or "match",
        posting=data.get("posting"), opening=bool(data.get("opening", 0)),
    )


def deck_row(row: Row) -> DeckRow:
    data = dict(row)
    data["cards"] = json.loads(data["cards"])
    return DeckRow(**data)
