"""The bot player's worlds for tetra (cogs/tetra/determinize.py): legal, faithful to the seat's view, and
built only from what the seat may see."""

from __future__ import annotations

from bot.ai import search
from cogs.tetra import cards as catalogue
from cogs.tetra import rulebook
from cogs.tetra.determinize import determinize
from cogs.tetra.engine import ENGINE
from tests.platform.determinize_checks import check_determinize, positions


def test_worlds_keep_the_view_play_out_and_move_only_hidden_cards():
    states = positions(ENGINE, range(3), every=7)
    assert check_determinize(ENGINE, determinize, states) > len(states) // 2


def test_the_search_always_carries_blues_whole_allowance():
    """The carry answer is pruned to the most charge allowed (the search cannot see a charge's worth)."""
    state = rulebook.example(rulebook.RELEASE)  # blue's Frost Wall released: how much charge to carry
    (decision,) = ENGINE.pending(state)
    assert len(decision.options) > 1
    pruned = search.hooks_for("tetra").prune(decision)
    assert pruned.options == (decision.options[-1],) == (f"carry:{len(decision.options) - 1}",)
    assert search.think("tetra", state, decision.seat, "carry", "easy") == (decision.options[-1],)
    other = ENGINE.pending(rulebook.example(rulebook.CASTING))[0]
    assert search.hooks_for("tetra").prune(other) == other


def test_more_charge_never_weakens_a_blue_hand_card():
    """Why carrying everything is safe: every blue band hits at least as hard, and costs no more, than the one
    below it."""
    for card_id in catalogue.ids_of("hand", "blue"):
        bands = catalogue.field(card_id, "bands")
        best = [max(o.get("damage", 0) for o in band.get("choices") or [band]) for band in bands]
        costs = [len(catalogue.cost_at(card_id, band["from"])) for band in bands]
        assert best == sorted(best), card_id
        assert costs == sorted(costs, reverse=True), card_id
