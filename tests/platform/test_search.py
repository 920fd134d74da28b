"""The bot player (bot/ai/search.py): multi-choice and simultaneous secret decisions, determinism, and that
its answer never depends on what its seat cannot see, for every game with a bot player."""

from __future__ import annotations

import copy
import itertools
import json
import random
from dataclasses import replace

import pytest

from bot.ai import search
from bot.engine import Decision, decision_for, random_choice
from bot.games import GAME_IDS, game_package_exists
from bot.match import BOT_LEVEL_OPTION, MatchService
from tests.platform.determinize_checks import easy_budget, small_hard_budget
from tests.platform.tinygame import TinyEngine

BOT_GAMES = [g for g in GAME_IDS if game_package_exists(g) and search.has_bot_player(g)]
SMALL = search.Budget(iterations=24, max_ms=1e9)  # iterations only: the answer is deterministic


def tiny_determinize(state: dict, seat: int, rng: random.Random) -> dict:
    """Tiny hides the opponent's hand (discards are secret) and its picked card."""
    world = copy.deepcopy(state)
    world["seed"] = rng.randrange(2**32)
    other = 1 - seat
    cards = sorted(set(range(1, 6)))
    world["hands"][other] = sorted(rng.sample(cards, len(state["hands"][other])))
    if world["picked"][other] is not None:
        world["picked"][other] = rng.choice([c for c in cards if c not in world["hands"][other]])
    return world


TINY_HOOKS = search.Hooks(engine=TinyEngine(), determinize=tiny_determinize)


def test_multi_choice_steps_build_every_subset_exactly_once():
    decision = Decision(seat=0, prompt="p", options=("a", "b", "c", "d"), min=1, max=3)
    built: list[tuple[str, ...]] = []

    def walk(partial: list[str]) -> None:
        steps = search.next_steps(decision, partial)
        if not steps:
            built.append(tuple(partial))
        for step in steps:
            if step == search.DONE:
                built.append(tuple(partial))
            else:
                walk([*partial, step])

    walk([])
    expected = [c for size in (1, 2, 3) for c in itertools.combinations(decision.options, size)]
    assert sorted(built) == sorted(expected)


def test_secret_simultaneous_multi_choice_answers_are_legal_and_seeded():
    engine = TinyEngine()
    state = engine.new_game(5, {"discard": "yes"})
    assert len(engine.pending(state)) == 2  # both discard at once, 1 or 2 cards, in secret
    answers = {search.search(TINY_HOOKS, tiny_determinize(state, 1, random.Random(seed)), 1, SMALL,
                             random.Random(seed)) for seed in range(6)}
    decision = decision_for(engine.pending(state), 1)
    for answer in answers:
        assert 1 <= len(answer) <= 2 and set(answer) <= set(decision.options)
        engine.apply(state, 1, answer)
    again = search.search(TINY_HOOKS, tiny_determinize(state, 1, random.Random(0)), 1, SMALL, random.Random(0))
    first = search.search(TINY_HOOKS, tiny_determinize(state, 1, random.Random(0)), 1, SMALL, random.Random(0))
    assert again == first


def test_the_search_prefers_the_winning_card():
    # Last trick, the opponent already picked in secret, 1-1: only playing the 5 can win.
    engine = TinyEngine()
    state = engine.new_game(1, {})
    state.update(hands=[[2], [5, 1]], score=[1, 1], trick=2, picked=[3, None], caller=None)
    answer = search.search(TINY_HOOKS, state, 1, search.Budget(iterations=200, max_ms=1e9), random.Random(2))
    assert answer == ("pick:5",)


def bot_positions(game: str, seat: int, count: int) -> list[dict]:
    """Positions of random matches where ``seat`` owes a decision with a real choice."""
    engine = search.hooks_for(game).engine
    found: list[dict] = []
    for seed in itertools.count():
        rng = random.Random(seed)
        state = engine.new_game(seed, {})
        for step in itertools.count():
            if engine.outcome(state) is not None or len(found) >= count:
                break
            pending = engine.pending(state)
            mine = decision_for(pending, seat)
            if mine is not None and len(mine.options) > 1 and step % 5 == 0:
                found.append(state)
            decision = pending[rng.randrange(len(pending))]
            state, _ = engine.apply(state, decision.seat, random_choice(decision, rng))
        if len(found) >= count:
            return found
    return found


@pytest.mark.parametrize("game", BOT_GAMES)
def test_the_humans_hidden_cards_never_change_the_bots_answer(game):
    hooks = search.hooks_for(game)
    bot = 1
    moved = 0
    for index, state in enumerate(bot_positions(game, bot, 4)):
        # The same position with the human's hand, face-down cards and deck orders dealt otherwise.
        elsewhere = hooks.determinize(state, bot, random.Random(f"human:{index}"))
        moved += json.dumps(elsewhere, sort_keys=True) != json.dumps(state, sort_keys=True)
        for budget in (SMALL, easy_budget(game), small_hard_budget()):  # easy, hard: uncapped
            answer = search.think(game, state, bot, f"seed:{index}", budget=budget)
            assert search.think(game, elsewhere, bot, f"seed:{index}", budget=budget) == answer
            decision = decision_for(hooks.engine.pending(state), bot)
            hooks.engine.apply(state, bot, answer)  # legal in the real state
            assert decision is not None and set(answer) <= set(decision.options)
    assert moved > 0


def test_easy_draws_its_answer_by_the_mean_values_and_normal_takes_the_most_visited():
    node: search.Node = {}
    for step, (visits, total) in {"good": (5, 4.5), "close": (6, 5.0), "bad": (9, 0.9)}.items():
        node[step] = search.Edge()
        node[step].available, node[step].visits, node[step].total = 20, visits, total
    easy = search.Search(TINY_HOOKS, 0, search.BUDGETS["easy"], random.Random(3))
    drawn = [easy.softmax_pick(node, list(node)) for _ in range(400)]
    assert drawn.count("bad") < 5  # 0.1 against 0.9: e^-10 at the easy temperature
    assert drawn.count("good") > drawn.count("close") > 100  # 0.9 and 0.83: both played often
    again = search.Search(TINY_HOOKS, 0, search.BUDGETS["easy"], random.Random(3))
    assert [again.softmax_pick(node, list(node)) for _ in range(400)] == drawn  # from the seed only
    assert search.BUDGETS["normal"].temperature == 0


def test_easy_asks_neither_the_prior_nor_the_playout_policy():
    def refuse(state, decision, rng):
        raise AssertionError("asked")

    hooks = replace(TINY_HOOKS, prior=refuse, rollout=refuse)
    state = TinyEngine().new_game(1, {})
    world = tiny_determinize(state, 0, random.Random(0))
    easy = replace(search.BUDGETS["easy"], max_ms=1e9)
    assert search.search(hooks, world, 0, easy, random.Random(0)) in {(o,) for o in decision_for(
        TinyEngine().pending(state), 0).options}
    with pytest.raises(AssertionError, match="asked"):
        search.search(hooks, world, 0, replace(search.BUDGETS["normal"], max_ms=1e9), random.Random(0))


def test_levels_scale_iterations_and_unknown_levels_are_refused():
    hooks = search.hooks_for("formation")
    budgets = [search.level_budget(level, hooks) for level in search.LEVELS]
    assert budgets[0].iterations < budgets[1].iterations < budgets[2].iterations
    assert search.level_budget("normal", hooks, max_ms=50).max_ms == 50
    with pytest.raises(ValueError):
        search.level_budget("grandmaster", hooks)


async def test_bot_matches_think_in_the_worker_process(store, clock):
    service = MatchService(store, clock)
    match = await service.start(game_id="wars", options={BOT_LEVEL_OPTION: "easy"}, seed=11, guild_id=1,
                                channel_id=2, players=(10, 20), bot_seat=1, days=2, locale="en")
    engine = search.hooks_for("wars").engine
    moves = await service.bot_moves(match)
    assert moves and all(applied.seat == 1 for applied in moves)
    after = moves[-1].after
    assert decision_for(engine.pending(after.state), 1) is None or after.status != "active"


# What easy and normal answered on main before hard's search existed (python: the positions of
# bot_positions(game, 1, 2), seed f"golden:{index}", easy then normal, uncapped). Hard's additions are off
# in their budgets, so they must search exactly as before. A change to a game's engine or hooks that moves
# these answers on purpose regenerates them (and says so in its commit).
ANSWERS_BEFORE_HARD = {
    'formation': [('type:sword',), ('type:shield',), ('place:front:1:b1',), ('place:front:1:r6',)],
    'wars': [('keep:A14',), ('keep:A01',), ('pass',), ('expand:045',)],  # worlds without impossible magic
    'tetra': [('marker:yellow',), ('marker:yellow',), ('charge:H-R1',), ('charge:H-R2',)],  # the charge-aware greedy
    'starfall': [('place:b2',), ('place:b1',), ('summon',), ('summon',)],
    'afterlife': [('bundle:4',), ('bundle:4',), ('end',), ('play:B05',)],
}


@pytest.mark.parametrize("game", BOT_GAMES)
def test_easy_and_normal_answer_as_they_did_before_hard(game):
    hooks = search.hooks_for(game)
    answers = [search.think(game, state, 1, f"golden:{index}", budget=search.level_budget(level, hooks, max_ms=1e9))
               for index, state in enumerate(bot_positions(game, 1, 2)) for level in ("easy", "normal")]
    assert answers == ANSWERS_BEFORE_HARD[game]


def test_hard_searches_with_its_guides_pull_where_it_searches_the_tree():
    # Starfall's hard plays its own player (cogs/starfall/hard.py; tests/starfall/test_hard.py), not the tree.
    for game in BOT_GAMES:
        hooks = search.hooks_for(game)
        assert (hooks.hard_player is not None) == (game == "starfall"), game
        if hooks.hard_player is None:
            hard = search.level_budget("hard", hooks)
            assert hard.prior_bias == search.HARD_PRIOR_BIAS, game
            assert search.Search(hooks, 0, hard, random.Random(0)).guide is not None, game


def test_hard_asks_the_guide_at_every_node_and_in_playouts():
    asked: list[int] = []

    def guide(state, decision, rng):
        asked.append(len(asked))
        return random_choice(decision, rng)

    engine = TinyEngine()
    state = engine.new_game(3, {})
    world = tiny_determinize(state, 0, random.Random(0))
    hooks = replace(TINY_HOOKS, greedy=guide)
    normal = replace(search.BUDGETS["normal"], iterations=40, max_ms=1e9)
    search.search(hooks, world, 0, normal, random.Random(0))
    assert asked == []  # normal has no guide: the prior is not given here and greedy is hard's only
    hard = replace(search.BUDGETS["hard"], iterations=40, max_ms=1e9)
    searched = search.Search(hooks, 0, hard, random.Random(0))
    searched.run(world)
    assert len(searched.hints) > 1  # nodes below the root asked too
    assert len(asked) >= len(searched.hints) + 40  # and at least one playout step per iteration


def test_hard_pulls_toward_the_guides_step_until_its_own_results_outweigh_the_bias():
    node: search.Node = {}
    for step, (visits, total) in {"a": (10, 6.0), "b": (10, 5.5)}.items():
        node[step] = search.Edge()
        node[step].available, node[step].visits, node[step].total = 20, visits, total
    assert search.ucb_pick(node, ["a", "b"], 0.7) == "a"
    assert search.ucb_pick(node, ["a", "b"], 0.7, hint="b", bias=search.HARD_PRIOR_BIAS) == "b"
    node["b"].visits, node["b"].total = 200, 110.0  # its own results outweigh the fading bias
    node["a"].visits, node["a"].total = 200, 120.0
    assert search.ucb_pick(node, ["a", "b"], 0.7, hint="b", bias=search.HARD_PRIOR_BIAS) == "a"


def test_hard_plays_out_as_its_game_says_and_easy_and_normal_as_always():
    hooks = replace(TINY_HOOKS, guided_plies=4, hard_rollout_depth=3, hard_prior_bias=0.25)
    hard = search.level_budget("hard", hooks)
    assert (hard.guided_plies, hard.rollout_depth, hard.prior_bias) == (4, 3, 0.25)
    assert search.level_budget("hard", TINY_HOOKS).prior_bias == search.HARD_PRIOR_BIAS
    for level in ("easy", "normal"):  # a game's hard settings never change the other levels'
        budget = search.level_budget(level, hooks)
        assert (budget.guided_plies, budget.rollout_depth, budget.prior_bias) == (0, None, 0.0)
    world = tiny_determinize(TinyEngine().new_game(3, {}), 0, random.Random(0))

    def playout_steps(depth):
        steps: list[int] = []

        def rollout(state, decision, rng):
            steps.append(1)
            return random_choice(decision, rng)

        budget = replace(search.BUDGETS["normal"], iterations=10, max_ms=1e9, rollout_depth=depth)
        search.Search(replace(TINY_HOOKS, rollout=rollout, rollout_depth=50), 0, budget, random.Random(0)).run(world)
        return len(steps)

    # Each iteration asks the policy once for the root's simultaneous secret (root_world), then once a playout
    # step: the budget's depth bounds the playout, and without one the game's (50) runs to the end.
    assert [playout_steps(depth) for depth in (0, 1, 2)] == [10, 20, 30] and playout_steps(None) > 30


def test_hard_judges_stopped_playouts_by_the_games_hard_judge_and_the_other_levels_by_evaluate():
    judged: list[str] = []

    def judge_by(name):
        def judge(state, seat):
            judged.append(name)
            return 0.5
        return judge

    hooks = replace(TINY_HOOKS, evaluate=judge_by("evaluate"), hard_evaluate=judge_by("hard"), rollout_depth=1,
                    hard_rollout_depth=1, rollout=lambda state, decision, rng: random_choice(decision, rng))
    world = tiny_determinize(TinyEngine().new_game(3, {}), 0, random.Random(0))
    for level in ("easy", "normal", "hard"):
        judged.clear()
        budget = replace(search.level_budget(level, hooks), iterations=30, max_ms=1e9)
        search.search(hooks, world, 0, budget, random.Random(0))
        assert judged and set(judged) == {"hard" if level == "hard" else "evaluate"}, level
    judged.clear()  # a game without a judge of its own: hard uses evaluate too
    budget = replace(search.level_budget("hard", hooks), iterations=30, max_ms=1e9)
    search.search(replace(hooks, hard_evaluate=None), world, 0, budget, random.Random(0))
    assert judged and set(judged) == {"evaluate"}
