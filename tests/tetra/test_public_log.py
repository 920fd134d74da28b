"""Issue 14: every public decision says what happened (no "made a choice." for a pass or a skip)."""

from __future__ import annotations

import random

from bot import i18n
from bot.engine import random_choice
from cogs.tetra import engine as rules


def test_every_public_decision_of_random_matches_leaves_a_public_event() -> None:
    silent: set[str] = set()
    for seed in range(8):
        rng = random.Random(seed)
        state = rules.new_game(seed, {"characters": "random"})
        while rules.outcome(state) is None:
            (decision,) = rules.pending(state)
            choice = random_choice(decision, rng)
            state, events = rules.apply(state, decision.seat, choice)
            if not decision.secret and not any(e.audience is None for e in events):
                silent.add(f"{decision.prompt} {choice[0].split(':')[0]}")
    assert not silent, sorted(silent)


def test_the_new_pass_and_skip_lines_read_in_both_languages() -> None:
    for key in ("transfer_skip", "cast_pass", "cast_more_pass", "charge_bonus_skip", "bottom"):
        for locale in ("en", "ja"):
            text = i18n.t(f"tetra.event.{key}", locale, seat="Bob", card="Gust")
            assert "Bob" in text and "{" not in text
