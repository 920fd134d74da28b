"""Swiss and round-robin pairing, scores and tie-breaks (bot/tournaments), as docs/TOURNAMENTS.md states them."""

from __future__ import annotations

import math
import random
from collections import Counter

import networkx as nx
import pytest

from bot.tournaments.results import Outcome, Pairing, scores, shown
from bot.tournaments.roundrobin import rounds_needed, schedule
from bot.tournaments.rounds import next_boards, total_rounds
from bot.tournaments.standings import Format, crosstable, standings
from bot.tournaments.swiss import pair_round

RESULTS = (Outcome.SEAT0, Outcome.SEAT1, Outcome.DRAW)


def played(boards: list[Pairing], rng: random.Random) -> list[Pairing]:
    return [b if b.is_bye else Pairing(b.round, b.seat0, b.seat1, rng.choice(RESULTS)) for b in boards]


def perfect_without_repeat_exists(active: list[int], history: list[Pairing]) -> bool:
    """An independent check: is there any pairing of ``active`` with no repeated opponent, the bye (if
    any) to a player who may have one? (A plain matching on the allowed pairs only.)"""
    met = {frozenset(p.players()) for p in history if not p.is_bye}
    had_bye = {p.seat0 for p in history if p.is_bye}
    graph = nx.Graph()
    graph.add_nodes_from(active)
    graph.add_edges_from((a, b) for i, a in enumerate(active) for b in active[i + 1 :] if frozenset((a, b)) not in met)
    if len(active) % 2:
        eligible = [a for a in active if a not in had_bye] or active
        graph.add_edges_from((a, "bye") for a in eligible)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()


def tournament_sizes(rng: random.Random, cases: int) -> list[int]:
    """Entrant counts from 4 to 64: both ends and the largest odd count once each, the rest drawn leaning
    to the smaller sizes. A round's matching costs about the cube of its size (networkx's blossom
    algorithm, nearly all of this test's time), so a uniform draw spent most of the time on a few large
    fields; the lean keeps the test near 5 s of CPU instead of 22 with every size still reached, while the
    small fields, where repeats are forced and second byes happen, come up more often."""
    return [4, 63, 64] + [4 + round(60 * rng.random() ** 1.5) for _ in range(cases - 3)]


def test_200_random_swiss_tournaments_keep_the_rules():
    rng = random.Random(20261128)
    repeats_forced = 0
    sizes = tournament_sizes(rng, 200)
    assert len(sizes) == 200 and min(sizes) == 4 and max(sizes) == 64
    for count in sizes:
        entrants = list(range(1, count + 1))
        rounds = rng.randint(1, min(count - 1, math.ceil(math.log2(count)) + 2))
        active = list(entrants)
        withdrawn: set[int] = set()
        history: list[Pairing] = []
        for round_no in range(1, rounds + 1):
            if round_no > 1 and len(active) > 3 and rng.random() < 0.3:
                leaver = rng.choice(active)
                active.remove(leaver)
                withdrawn.add(leaver)
            boards = pair_round(active, history, round_no)
            on_boards = [player for board in boards for player in board.players()]
            assert sorted(on_boards) == sorted(active), "every active player exactly once, nobody else"
            met = {frozenset(p.players()) for p in history if not p.is_bye}
            repeats = [b for b in boards if not b.is_bye and frozenset(b.players()) in met]
            if repeats:
                repeats_forced += 1
                assert not perfect_without_repeat_exists(active, history), (round_no, repeats)
            byes = [b for b in boards if b.is_bye]
            assert len(byes) == len(active) % 2
            had_bye = {p.seat0 for p in history if p.is_bye}
            for bye in byes:
                if bye.seat0 in had_bye:
                    assert set(active) <= had_bye, "a second bye only when every active player has had one"
            history += played(boards, rng)
        total = scores(history)
        games = sum(1 for p in history if not p.is_bye)
        bye_count = sum(1 for p in history if p.is_bye)
        assert sum(total.values()) == 2 * games + 2 * bye_count
        table = standings(entrants, history, Format.SWISS, frozenset(withdrawn))
        assert sum(row.score for row in table) == sum(total.values())
        assert all(row.byes <= 1 for row in table) or len(active) < rounds
        assert {row.player for row in table if row.withdrawn} == withdrawn
    assert repeats_forced < 200  # the checks above ran on real tournaments, not only on forced repeats


def test_the_bye_goes_to_the_lowest_score_that_has_not_had_one():
    history = [
        Pairing(1, 1, 2, Outcome.SEAT0),
        Pairing(1, 3, 4, Outcome.SEAT0),
        Pairing(1, 5, None, Outcome.BYE),
    ]
    boards = pair_round([1, 2, 3, 4, 5], history, 2)
    bye = [b for b in boards if b.is_bye]
    # 2 and 4 are on 0; 5 had the bye already; the worse seed of the two lowest gets it.
    assert bye == [Pairing(2, 4, None, Outcome.BYE)]
    assert {frozenset(b.players()) for b in boards if not b.is_bye} & {frozenset((1, 2)), frozenset((3, 4))} == set()


def test_pairs_by_score_and_balances_seats():
    history = [Pairing(1, 1, 2, Outcome.SEAT0), Pairing(1, 3, 4, Outcome.SEAT0)]
    boards = pair_round([1, 2, 3, 4], history, 2)
    assert {frozenset(b.players()) for b in boards} == {frozenset((1, 3)), frozenset((2, 4))}
    for board in boards:
        # 1 and 3 sat first in round 1; 2 and 4 second: nobody can switch, so the alternation by seed
        # decides; every board still has one player of each lean at most once in seat 0 twice.
        assert board.seat0 in (1, 2, 3, 4)
    history = [Pairing(1, 1, 2, Outcome.SEAT0), Pairing(1, 4, 3, Outcome.SEAT1)]
    boards = pair_round([1, 2, 3, 4], history, 2)
    # 1 (sat first) meets 3 (sat second): 3 gets seat 0 now.
    assert Pairing(2, 3, 1) in boards


def test_a_repeat_only_when_nothing_else_is_left():
    # Four players, three rounds: a full round robin by Swiss, then round 4 must repeat.
    rng = random.Random(4)
    history: list[Pairing] = []
    for round_no in range(1, 4):
        boards = pair_round([1, 2, 3, 4], history, round_no)
        met = {frozenset(p.players()) for p in history}
        assert not any(frozenset(b.players()) in met for b in boards)
        history += played(boards, rng)
    assert len({frozenset(p.players()) for p in history}) == 6
    assert len(pair_round([1, 2, 3, 4], history, 4)) == 2


def test_pair_round_refuses_what_it_cannot_pair():
    with pytest.raises(ValueError):
        pair_round([1], [], 1)
    with pytest.raises(ValueError):
        pair_round([1, 1, 2], [], 1)
    with pytest.raises(ValueError):
        pair_round([1, 2], [Pairing(1, 1, 2)], 2)  # round 1 unfinished


@pytest.mark.parametrize("count", range(2, 17))
@pytest.mark.parametrize("double", [False, True])
def test_round_robin_meets_everyone_once_with_seats_balanced(count, double):
    players = [10 * p for p in range(1, count + 1)]
    rounds = schedule(players, double)
    assert len(rounds) == rounds_needed(count, double)
    meetings = Counter()
    first = Counter()
    second = Counter()
    byes = Counter()
    for round_no, boards in enumerate(rounds, start=1):
        seated = [player for board in boards for player in board.players()]
        assert sorted(seated) == sorted(players)
        for board in boards:
            assert board.round == round_no
            if board.is_bye:
                byes[board.seat0] += 1
                continue
            meetings[frozenset(board.players())] += 1
            first[board.seat0] += 1
            second[board.seat1] += 1
    legs = 2 if double else 1
    assert len(meetings) == count * (count - 1) // 2 and set(meetings.values()) == {legs}
    for player in players:
        assert abs(first[player] - second[player]) <= (0 if double or count % 2 else 1)
        assert byes[player] == (legs if count % 2 else 0)


def test_tiebreaks_as_documented():
    # A beats B, B beats C, C draws A; D only had a bye and then lost to A.
    history = [
        Pairing(1, 1, 2, Outcome.SEAT0),
        Pairing(1, 4, None, Outcome.BYE),
        Pairing(2, 2, 3, Outcome.SEAT0),
        Pairing(3, 3, 1, Outcome.DRAW),
        Pairing(3, 1, 4, None),  # unplayed: counts for nobody
        Pairing(4, 1, 4, Outcome.SEAT0),
    ]
    table = {row.player: row for row in standings([1, 2, 3, 4], history, Format.SWISS)}
    assert [table[p].score for p in (1, 2, 3, 4)] == [5, 2, 1, 2]
    # Buchholz of A: B 2 + C 1 + D 2 = 5 half points; D: only A (5), the bye adds nothing.
    assert table[1].buchholz == 5 and table[4].buchholz == 5 and table[2].buchholz == 6
    # Sonneborn–Berger of A: B 2*2 + C 1*1 + D 2*2 = 9 quarter points.
    assert table[1].sonneborn_berger == 9
    assert table[4].byes == 1 and table[4].played == 1
    assert [row.player for row in standings([1, 2, 3, 4], history, Format.SWISS)] == [1, 2, 4, 3]
    # 2 and 4 tie on score; 2 has the better Buchholz, so 2 ranks 2 and 4 ranks 3.
    assert [row.rank for row in standings([1, 2, 3, 4], history, Format.SWISS)] == [1, 2, 3, 4]
    assert crosstable([1, 2, 3, 4], history)[1] == {2: [2], 3: [1], 4: [2]}
    assert shown(5) == "2.5" and shown(4) == "2"


def test_players_equal_on_everything_share_a_rank():
    history = [Pairing(1, 1, 2, Outcome.DRAW), Pairing(1, 3, 4, Outcome.DRAW)]
    ranks = [row.rank for row in standings([1, 2, 3, 4], history, Format.ROUND_ROBIN)]
    assert ranks == [1, 1, 1, 1]


def test_next_boards_of_either_format_skip_withdrawn_players():
    entrants = [1, 2, 3, 4]
    history = [Pairing(1, 1, 2, Outcome.SEAT0), Pairing(1, 3, 4, Outcome.DRAW)]
    swiss_boards = next_boards("swiss", 2, entrants, frozenset({4}), history)
    assert 4 not in {p for board in swiss_boards for p in board.players()}
    assert sum(board.is_bye for board in swiss_boards) == 1
    assert next_boards("swiss", 2, entrants, frozenset({1, 2, 3}), history) == [Pairing(2, 4, None, Outcome.BYE)]
    planned = schedule(entrants)[1]
    robin = next_boards("round_robin", 2, entrants, frozenset({4}), history)
    opponent_of_4 = next(b.opponent(4) for b in planned if 4 in b.players())
    assert Pairing(2, opponent_of_4, None, Outcome.BYE) in robin and len(robin) == 2
    assert total_rounds("swiss", 3, 5) == 2 and total_rounds("double_round_robin", 5, 1) == 10
