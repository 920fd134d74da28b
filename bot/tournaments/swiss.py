"""Swiss pairing: one maximum-weight matching a round (networkx), weights ordered so that, in turn,

1. nobody gets a second bye while an active player has had none;
2. as few players as possible meet an opponent they have met before (none while a pairing without a
   repeat exists);
3. the bye goes to the lowest score that may have one (among equal scores, the worst seed);
4. players meet others as close to their own score as possible (the sum of squared score gaps);
5. seats balance: players who both owe seat 0 (or both seat 1) are paired together only when it pays.

Each tier's weight is larger than everything all lower tiers can add up to across a whole matching, so
the matching is lexicographic in these goals. Seats are then given per board (``seat_order``).
docs/TOURNAMENTS.md states the rules for players.
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx

from bot.tournaments.results import Outcome, Pairing, scores

BYE = -1  # the matching's stand-in for "no opponent"; never a player id (Discord ids are positive)


def seat_balance(player: int, history: Sequence[Pairing]) -> int:
    """Games in seat 0 minus games in seat 1 (byes count for neither)."""
    balance = 0
    for pairing in history:
        if pairing.seat1 is None:
            continue
        if pairing.seat0 == player:
            balance += 1
        elif pairing.seat1 == player:
            balance -= 1
    return balance


def last_seat(player: int, history: Sequence[Pairing]) -> int | None:
    """0 or 1: the seat of the player's latest game, None before any."""
    for pairing in sorted(history, key=lambda p: p.round, reverse=True):
        if pairing.seat1 is None:
            continue
        if pairing.seat0 == player:
            return 0
        if pairing.seat1 == player:
            return 1
    return None


def seat_order(a: int, b: int, history: Sequence[Pairing], seed: dict[int, int], round_no: int) -> tuple[int, int]:
    """(seat0, seat1) for two players: seat 0 to whoever has had it less, then to whoever sat in seat 1
    last, then alternately (by round) to the better and the worse seed."""
    balance_a, balance_b = seat_balance(a, history), seat_balance(b, history)
    if balance_a != balance_b:
        return (a, b) if balance_a < balance_b else (b, a)
    last_a, last_b = last_seat(a, history), last_seat(b, history)
    if last_a != last_b and last_a is not None and last_b is not None:
        return (a, b) if last_a == 1 else (b, a)
    better, worse = (a, b) if seed[a] < seed[b] else (b, a)
    return (better, worse) if round_no % 2 else (worse, better)


def pair_round(players: Sequence[int], history: Sequence[Pairing], round_no: int) -> list[Pairing]:
    """The boards of round ``round_no`` for the active ``players`` (in seed order, best first) given every
    earlier board (finished). A bye, if the count is odd, is a finished board with ``Outcome.BYE``."""
    if len(set(players)) != len(players) or any(player <= 0 for player in players):
        raise ValueError("players must be distinct positive ids")
    if len(players) < 2:
        raise ValueError("a round needs at least two players")
    if any(not pairing.finished for pairing in history):
        raise ValueError("every earlier board must be finished before the next round is paired")
    seed = {player: index for index, player in enumerate(players)}
    so_far = scores(history)
    score = {player: so_far.get(player, 0) for player in players}
    met: set[frozenset[int]] = {frozenset(p.players()) for p in history if p.seat1 is not None}
    had_bye = {p.seat0 for p in history if p.seat1 is None}
    balance = {player: seat_balance(player, history) for player in players}

    vertices = list(players) + ([BYE] if len(players) % 2 else [])
    edges = len(vertices) // 2  # boards in a perfect matching
    top = max(score.values())
    low = min(score.values())
    gap = top - low
    # Tier sizes, lowest first: each is one more than the most the tiers below can add in all.
    seat_unit = 1
    seat_span = edges * 1 + 1
    score_unit = seat_span
    score_span = (edges * gap * gap + 1) * score_unit
    bye_low_unit = score_span
    bye_low_span = (gap + 1) * len(players) * bye_low_unit
    repeat_unit = bye_low_span
    repeat_span = (edges + 1) * repeat_unit
    bye_unit = repeat_span

    graph = nx.Graph()
    graph.add_nodes_from(vertices)
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            weight = 0
            if frozenset((a, b)) not in met:
                weight += repeat_unit
            weight += (gap * gap - (score[a] - score[b]) ** 2) * score_unit
            same_lean = balance[a] == balance[b] != 0
            weight += 0 if same_lean else seat_unit
            graph.add_edge(a, b, weight=weight)
        if len(vertices) > len(players):
            weight = repeat_unit  # a bye repeats no opponent
            # the lowest score first; among equal scores the worst seed
            weight += ((top - score[a]) * len(players) + seed[a]) * bye_low_unit
            weight += gap * gap * score_unit + seat_unit  # neutral in the lower tiers
            if a not in had_bye:
                weight += bye_unit
            graph.add_edge(a, BYE, weight=weight)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) != edges:
        raise AssertionError("a complete graph always has a perfect matching")

    boards: list[Pairing] = []
    bye_board: Pairing | None = None
    for a, b in matching:
        if BYE in (a, b):
            bye_board = Pairing(round_no, b if a == BYE else a, None, Outcome.BYE)
            continue
        seat0, seat1 = seat_order(a, b, history, seed, round_no)
        boards.append(Pairing(round_no, seat0, seat1))
    # Board 1 is the top board: the highest score (then best seed) on it.
    boards.sort(key=lambda p: (-max(score[p.seat0], score[p.seat1]), min(seed[p.seat0], seed[p.seat1])))
    return boards + ([bye_board] if bye_board else [])
