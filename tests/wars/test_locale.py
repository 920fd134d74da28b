"""Every prompt and event the engine emits has an English and a Japanese string that formats."""

from __future__ import annotations

import random

from bot import i18n
from bot.engine import random_choice
from cogs.wars.engine import ENGINE, LEVELS


def test_every_prompt_and_event_key_exists_and_formats_in_both_languages() -> None:
    seen: dict[str, dict] = {}
    for level in LEVELS:
        for seed in range(40):
            state = ENGINE.new_game(seed, {"level": level})
            rng = random.Random(seed)
            while ENGINE.outcome(state) is None:
                decisions = ENGINE.pending(state)
                for d in decisions:
                    seen.setdefault(d.prompt, dict(d.args))
                d = rng.choice(decisions)
                state, events = ENGINE.apply(state, d.seat, random_choice(d, rng))
                for e in events:
                    seen.setdefault(e.key, dict(e.args))
    assert len(seen) > 50
    for key, args in seen.items():
        for locale in ("en", "ja"):
            assert i18n.defined_in(key, locale), (locale, key)
            i18n.t(key, locale, **{k: str(v) for k, v in args.items()})


def test_levels_and_outcomes_are_named() -> None:
    for locale in ("en", "ja"):
        for level in LEVELS:
            assert f"wars.level.{level}" in i18n.catalogue(locale)
        for reason in ("life", "deck_out"):
            assert f"wars.outcome.{reason}" in i18n.catalogue(locale)
