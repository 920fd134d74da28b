"""The registry of games: what the platform needs from each ``cogs/<game>/`` package.

A game package exposes ``GAME = GameSpec(...)`` in ``cogs/<game>/spec.py``. The platform (match
service, UI, /card, demo, bench, the bot player, self-play) only ever talks to games through this record:
the spec declares every hook, so nothing finds a game's module by its name.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any

from bot.cards import Card
from bot.decks import DeckRule
from bot.engine import Decision, Engine, Seat, State
from bot.rulebook import RulePage

# The one list of games: id -> its package under cogs/, in menu order. Nothing outside this module
# imports a game's module by a name built from its id: ask get_game (the GameSpec) or game_module.
GAME_PACKAGES: dict[str, str] = {
    "formation": "cogs.formation",
    "wars": "cogs.wars",
    "tetra": "cogs.tetra",
    "starfall": "cogs.starfall",
    "afterlife": "cogs.afterlife",
}
GAME_IDS: tuple[str, ...] = tuple(GAME_PACKAGES)

View = dict[str, Any]
Determinize = Callable[[State, Seat, random.Random], State]
Evaluate = Callable[[State, Seat], float]
Policy = Callable[[State, Decision, random.Random], tuple[str, ...]]
Prune = Callable[[Decision], Decision]
# A game's own hard player (BotHooks.hard_player): a world determinized for the seat, the seat, the search's rng
# and ``time_is_up`` (True once the level's cap has passed; it may sleep while the bot process serves members)
# -> the answers it weighed, best first, each with its value for the seat (0 lost .. 1 won) and how many
# worlds judged it: the first is the bot's answer, the next ones a hint's runners-up.
WeighedAnswer = tuple[tuple[str, ...], float, int]
HardPlayer = Callable[[State, Seat, random.Random, Callable[[], bool]], list[WeighedAnswer]]

DEFAULT_ROLLOUT_DEPTH = 60
PRIOR_WINS = 3  # virtual wins for the prior's answer: with few iterations the bot plays at least as well


@dataclass(frozen=True)
class BotHooks:
    """What the bot player (bot/ai/search.py, ISMCTS) needs from a game besides its engine.

    ``determinize(state, seat, rng)`` samples a full state from what ``seat`` may see (opponent hand,
    face-down cards, deck orders, the engine's seed, secret answers not yet revealed resampled): the
    result depends only on ``seat``'s information and ``rng``. The rest tune the search."""

    determinize: Determinize
    evaluate: Evaluate | None = None  # the value in [0, 1] of a position where a playout stops early
    rollout: Policy | None = None  # a cheap playout policy; it may read the whole (determinized) state
    prune: Prune | None = None  # drops answers never worth searching (an "undo"), keeping a legal decision
    prior: Policy | None = None  # a stronger, slower policy: its root answer starts with prior_wins virtual wins
    prior_wins: int = PRIOR_WINS  # a game whose prior is much better than its playouts trusts it more
    rollout_depth: int = DEFAULT_ROLLOUT_DEPTH
    budget_scale: float = 1.0  # a game whose playouts are slow thinks in fewer iterations
    # Hard asks the game's greedy player for a playout's first decisions (bot/ai/search.py HARD_GUIDED_PLIES);
    # a game sets its own number here (None: the level's): fewer where its greedy player costs far more than a
    # playout step, more where whole guided playouts judge positions better (3x3 Wars: 6).
    guided_plies: int | None = None
    hard_rollout_depth: int | None = None  # hard's playout length, if not ``rollout_depth`` (easy and normal's)
    # Hard's pull toward the guide's step at every node (bot/ai/search.py HARD_PRIOR_BIAS), if not the level's:
    # 0 where the guide is the very player hard must outplay and its pull keeps hard's lines near it.
    hard_prior_bias: float | None = None
    # Hard's judge of a position where a playout stops, if not ``evaluate`` (Afterlife: a score fitted to how
    # matches end, cogs/afterlife/judge.py); easy and normal keep ``evaluate``, so they answer as they did.
    hard_evaluate: Evaluate | None = None
    # Hard plays by the game's own player instead of the tree, and a hint at hard shows what that player weighed
    # (Starfall: whole-turn lines played on by its greedy player in several worlds, cogs/starfall/hard.py). It
    # gets a world, never the real state, and may resample worlds from it with ``determinize``; easy, normal
    # and the post-game review keep the tree.
    hard_player: HardPlayer | None = None


@dataclass(frozen=True)
class SelfPlayHooks:
    """What self-play and the arena (``python -m bot selfplay|arena``) and the players' statistics read."""

    greedy: Policy | None = None  # the game's greedy player (reads the full state): ``--policy greedy``
    # The group key of each seat at the end of a match (Formation's type, TetrAction's character, a
    # ready-made deck id): self-play's win rates and a member's favourite side are counted by it.
    side_keys: Callable[[State], tuple[str, str]] | None = None
    # The match options of self-play match ``index`` (default ``{}``), e.g. the deck pairs in turn.
    options: Callable[[int, random.Random], dict[str, str]] | None = None


# The seat's view, its open decision, one typed notation and a locale -> the rule that forbids it, or None when the
# game has nothing more specific to say than the question itself (bot/help.py words that).
ExplainIllegal = Callable[[View, Decision, str, str], "str | None"]


@dataclass(frozen=True)
class HelpHooks:
    """What the ? help (bot/help.py) needs from a game besides its help texts
    (``assets/locales/<locale>/help_<game>.toml``: ``help.<game>.<kind>.what|rule``, ``help.<game>.option.<verb>``).

    ``pages``: a decision kind (the last part of its prompt key) -> the key of the rulebook page that teaches it.
    ``explain_illegal``: reads only the seat's view."""

    pages: Mapping[str, str] = field(default_factory=dict)
    explain_illegal: ExplainIllegal | None = None


@dataclass(frozen=True)
class GameSpec:
    game_id: str
    engine: Engine
    # view -> PNG bytes. Called in a worker thread; must be pure.
    render_board: Callable[[View, str], bytes]
    render_hand: Callable[[View, str], bytes]
    # option id (+ the deciding seat's view) -> short localized button/select label (<= 80 chars)
    option_label: Callable[[str, View, str], str]
    cards: Callable[[], list[Card]]
    bot: BotHooks | None = None  # None: no bot player for this game
    selfplay: SelfPlayHooks | None = None  # None: self-play plays random and counts seats only
    render_card: Callable[[Card, str], bytes] | None = None
    # card + locale -> that picture in words (/card's alt text) when render_card draws more than the card's
    # text and headline stats say (3x3 Wars: kind, power, traits in the card's language); else the platform's
    describe_card: Callable[[Card, str], str] | None = None
    # arg name -> how to localize it in prompts/events, e.g. {"card": card_name}
    arg_formatters: Mapping[str, Callable[[Any, str], str]] | None = None
    # Games played with a deck declare its rule; the engine then takes options deck0 / deck1.
    deck_rule: DeckRule | None = None
    # card's TOML table + locale ("en"/"ja") -> its text, made from the data (python -m bot cardtext).
    card_text: Callable[[Mapping[str, Any], str], str] | None = None
    # view + locale -> the position in words (cogs/<game>/describe.py, pure): each picture's alt text
    # (drawn from the same view) and /board. Names seats through bot/alttext.seat, nothing the view lacks.
    describe: Callable[[View, str], str] | None = None
    # Options every new match records, e.g. Afterlife's ``rules`` version: a match stored without them (started
    # before they existed) replays, undoes and finishes by the rules it started under. Never shown or asked.
    start_options: Mapping[str, str] = field(default_factory=dict)
    # The rulebook's pages in reading order (bot/rulebook.py: text keys + pictures drawn from example states),
    # shown by /<game> rules. A function, so importing the spec draws nothing.
    rulebook: Callable[[], Sequence[RulePage]] | None = None
    # The ? help on every question and the rule a typed illegal move breaks (bot/help.py); None: generic help.
    help: HelpHooks | None = None
    # view + locale -> the board as a safe HTML fragment for the web page (bot/web/boards.py), drawn from the
    # same view as render_board / render_hand; None: the page shows the picture and the words only.
    web_board: Callable[[View, str], str] | None = None


# Games registered at run time (the platform tests' tiny game); looked up before the packages.
_REGISTERED: dict[str, GameSpec] = {}


def register_game(spec: GameSpec) -> None:
    _REGISTERED[spec.game_id] = spec


@cache
def _load_game(game_id: str) -> GameSpec:
    if game_id not in GAME_IDS:
        raise KeyError(game_id)
    return game_module(game_id, "spec").GAME


def game_module(game_id: str, part: str) -> ModuleType:
    """One module of a listed game's package (``spec``, ``cog``): the registry is the only place that
    turns a game id into a module name."""
    if game_id not in GAME_PACKAGES:
        raise KeyError(game_id)
    return importlib.import_module(f"{GAME_PACKAGES[game_id]}.{part}")


def get_game(game_id: str) -> GameSpec:
    return _REGISTERED.get(game_id) or _load_game(game_id)


def game_package_exists(game_id: str) -> bool:
    """True once ``cogs/<game>/spec.py`` exists; games still being written are simply not offered."""
    try:
        return importlib.util.find_spec(f"{GAME_PACKAGES[game_id]}.spec") is not None
    except ModuleNotFoundError:  # the game's package itself does not exist yet
        return False


def playable_game_ids() -> list[str]:
    """Games a challenge may name: every written package, plus games registered at run time."""
    return [g for g in GAME_IDS if game_package_exists(g)] + [g for g in _REGISTERED if g not in GAME_IDS]


def available_games() -> list[GameSpec]:
    return [get_game(game_id) for game_id in playable_game_ids()]
