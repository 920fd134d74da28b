"""Rules versions: a match plays by the rules it started under. The files in golden/rules0/ are the golden
playthroughs as recorded before the book's blocking (group blocks ``block:c2+c5``, whole damage orders
``order:c5+c2``, a block beside a tapped Forced Defence creature): stored matches like them, which have no
``rules`` option, still replay, export and undo to the same end; new matches record ``rules``."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

from bot.games import get_game
from bot.match import MatchService
from bot.replay import Replay, ReplayError, export_text, parse, replay_states, result_line, verify
from bot.undo import effective_steps
from cogs.afterlife import cards as C
from cogs.afterlife import policy
from cogs.afterlife.combat import RULES
from cogs.afterlife.engine import ENGINE
from tests.afterlife.golden_playthrough import summary

OLD_GOLDENS = sorted((Path(__file__).parent / "golden" / "rules0").glob("playthrough_*.json"))


def old_replay(path: Path, **extra: str) -> tuple[dict, Replay]:
    golden = json.loads(path.read_text(encoding="utf-8"))
    names = golden["options"]
    options = dict(names, deck0=",".join(C.deck_list(names["deck_name0"])),
                   deck1=",".join(C.deck_list(names["deck_name1"])), **extra)
    result = result_line(golden["summary"]["winner"], golden["summary"]["reason"])
    return golden, Replay(game="afterlife", seed=golden["seed"], options=options, players=("A", "B"),
                          decisions=[(seat, list(choice)) for seat, choice in golden["decisions"]], result=result)


def test_the_old_logs_hold_what_the_new_rules_refuse() -> None:
    moves = [option for path in OLD_GOLDENS for _seat, choice in old_replay(path)[0]["decisions"] for option in choice]
    assert len(OLD_GOLDENS) == 2
    assert any(o.startswith("block:") and "+" in o for o in moves)
    assert any(o.startswith("order:") and "+" in o for o in moves)


@pytest.mark.parametrize("path", OLD_GOLDENS, ids=lambda p: p.stem)
def test_an_old_log_replays_exactly_as_it_was_played(path: Path) -> None:
    golden, replay = old_replay(path)
    state = ENGINE.new_game(replay.seed, replay.options)
    keys: Counter[str] = Counter()
    for seat, choice in replay.decisions:
        state, events = ENGINE.apply(state, seat, tuple(choice))
        keys.update(e.key.removeprefix("afterlife.event.") for e in events if e.audience is None)
    assert summary(state, keys) == golden["summary"]
    # /replay and its export (python -m bot replay FILE), and undo's rebuild from the log.
    parsed = parse(export_text(replay))
    assert "rules" not in parsed.options
    actual, _frames = verify(parsed)
    assert actual == replay.result
    _steps, undone = effective_steps(ENGINE, replay.seed, replay.options, replay.decisions)
    assert undone == state


@pytest.mark.parametrize("path", OLD_GOLDENS, ids=lambda p: p.stem)
def test_an_old_log_does_not_play_under_the_current_rules(path: Path) -> None:
    _golden, replay = old_replay(path, rules=str(RULES))
    with pytest.raises(ReplayError, match="does not|not one of|illegal|option"):
        replay_states(replay)


def test_a_seat_still_blocks_beside_a_tapped_forced_defender_in_an_old_match() -> None:
    """Seed 7 reaches the case ruling 14 changed: under rules 0 the defender was asked and blocked."""
    golden, replay = old_replay(OLD_GOLDENS[-1])
    assert golden["seed"] == 7
    state = ENGINE.new_game(replay.seed, replay.options)
    checked = 0
    for seat, choice in replay.decisions:
        combat = state["combat"]
        ask = next((a for a in state["asks"] if a["seat"] == seat), None)
        if ask is not None and ask["kind"] == "block":
            field = state["players"][seat]["field"]
            if any(u["tapped"] and "forced_defence" in C.keywords(u["card"]) for u in field):
                assert choice != ["noblock"] and combat is not None
                checked += 1
        state, _events = ENGINE.apply(state, seat, tuple(choice))
    assert checked >= 1


@pytest.mark.parametrize("seed", [3, 11])
def test_the_greedy_player_answers_old_rules_questions(seed: int) -> None:
    """The bot's playouts (greedy) in a match still running under rules 0 pick offered options only."""
    rng = random.Random(seed)
    options = {k: v for k, v in policy.selfplay_options(seed, rng).items() if k != "rules"}
    state = ENGINE.new_game(seed, options)
    asked: set[str] = set()
    while ENGINE.outcome(state) is None:
        decision = ENGINE.pending(state)[0]
        asked.add(next(a["kind"] for a in state["asks"] if a["seat"] == decision.seat))
        state, _events = ENGINE.apply(state, decision.seat, tuple(policy.greedy(state, decision, rng)))
    assert "block" in asked and "blockers" not in asked


def test_an_unknown_rules_version_is_refused() -> None:
    with pytest.raises(ValueError):
        ENGINE.new_game(1, {"rules": "9"})


async def test_a_new_match_records_the_current_rules_version(store, clock) -> None:
    """Every new match stores ``rules`` (a rematch of an old match too), so its replay plays the current
    rules; the option is not one a challenger may set or see (not a match option)."""
    spec = get_game("afterlife")
    assert "rules" not in {option.name for option in spec.engine.match_options}
    _golden, replay = old_replay(OLD_GOLDENS[0])
    match = await MatchService(store, clock).start(
        game_id="afterlife", options=dict(replay.options), seed=5, guild_id=1, channel_id=2, players=(10, 20),
        bot_seat=None, days=2, locale="en")
    assert match is not None and match.options["rules"] == str(RULES) and match.state["rules"] == RULES
