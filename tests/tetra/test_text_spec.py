"""Option labels, event/prompt formatting and the game spec of TetrAction."""

from __future__ import annotations

import random
import re
from functools import cache

from bot import i18n
from bot.engine import Decision, Event, random_choice
from bot.games import get_game, playable_game_ids
from bot.ui.panel import Names, format_args
from cogs.tetra import cards as catalogue
from cogs.tetra.engine import ENGINE
from cogs.tetra.spec import GAME
from cogs.tetra.text import ARG_FORMATTERS, option_label, row_text

GAMES = 30
LOCALES = ("en", "ja")
NAMES = Names(("Alice", "Bob"))
RAW_ID = re.compile(r"\b(P\d\d|H-[RYB]\d+|A\d)\b")


@cache
def played() -> tuple[list[tuple[Decision, dict]], list[Event]]:
    """Every decision (with the deciding seat's view) and every event of ~30 random games."""
    decisions: list[tuple[Decision, dict]] = []
    events: list[Event] = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = ENGINE.new_game(seed, {})
        while ENGINE.outcome(state) is None:
            (decision,) = ENGINE.pending(state)
            decisions.append((decision, ENGINE.view(state, decision.seat)))
            state, new = ENGINE.apply(state, decision.seat, random_choice(decision, rng))
            events += new
    return decisions, events


def test_every_option_gets_a_short_localized_label_in_both_languages() -> None:
    decisions, _ = played()
    verbs = set()
    for decision, view in decisions:
        for option in decision.options:
            verbs.add(option.split(":")[0])
            for locale in LOCALES:
                label = option_label(option, view, locale)
                assert 0 < len(label) <= 80, (option, locale, label)
                assert label != option, (option, locale)
                assert not RAW_ID.search(label), (option, locale, label)
    # Every kind of choice the engine offers was seen (the rarer ones too).
    assert {"marker", "rotate", "tip", "skip", "cast", "pass", "mana", "charge", "gain", "take", "bottom",
            "carry", "effect", "release"} <= verbs


def test_every_event_and_prompt_formats_in_both_languages_with_the_formatters() -> None:
    decisions, events = played()
    seen: dict[str, dict] = {}
    for decision, _ in decisions:
        seen.setdefault(decision.prompt, dict(decision.args))
    for event in events:
        seen.setdefault(event.key, dict(event.args))
    assert len(seen) > 35
    for key, args in seen.items():
        for locale in LOCALES:
            assert key in i18n.catalogue(locale), (locale, key)
            text = i18n.t(key, locale, **format_args(GAME, args, locale, NAMES))
            assert text and "{" not in text, (key, locale)
            assert not RAW_ID.search(text), (key, locale, text)
            for raw in ("ccw", "yellow_release", "white:", ",H-"):
                assert raw not in text, (key, locale, text)


def test_formatters_localize_each_argument_kind() -> None:
    assert ARG_FORMATTERS["card"]("H-R1", "en") == "Fire Bolt"
    assert ARG_FORMATTERS["card"]("H-R1", "ja") == "ファイアボルト"
    assert ARG_FORMATTERS["cards"]("P01,P02", "en") == "Spark, Kindling"
    assert ARG_FORMATTERS["tetrite"]("blue", "ja") == "青"
    assert ARG_FORMATTERS["colour"]("yellow", "en") == "yellow"
    assert ARG_FORMATTERS["direction"]("ccw", "ja") == "反時計回り"
    assert ARG_FORMATTERS["face"]("white", "en") == "white-rimmed face"
    assert ARG_FORMATTERS["placed"]("2:red,4:blue", "en") == "red in slot 2, blue in slot 4"
    assert ARG_FORMATTERS["placed"]("1:yellow", "ja") == "スロット1に黄"


def test_rotation_and_tip_labels_preview_the_row_the_engine_then_shows() -> None:
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = ENGINE.new_game(seed, {})
        while ENGINE.outcome(state) is None:
            (decision,) = ENGINE.pending(state)
            view = ENGINE.view(state, decision.seat)
            for option in decision.options:
                if option.startswith(("rotate:", "tip:")):
                    after, _ = ENGINE.apply(state, decision.seat, (option,))
                    row = ENGINE.view(after, decision.seat)["rows"][decision.seat]["groups"]
                    for locale in LOCALES:
                        label = option_label(option, view, locale)
                        assert label.endswith(" → " + row_text(row, locale)), (option, label)
                    checked += 1
            state, _ = ENGINE.apply(state, decision.seat, random_choice(decision, rng))
    assert checked > 200


def test_mana_labels_show_the_tablet_in_its_slot_and_cast_labels_the_card() -> None:
    decisions, _ = played()
    mana = [(d, v) for d, v in decisions if d.options[0].startswith("mana:")]
    assert mana
    for decision, view in mana:
        for option in decision.options:
            _, slot, colour = option.split(":")
            label = option_label(option, view, "en")
            shape = {"red": "▲R", "yellow": "●Y", "blue": "■B"}[colour]
            tokens = label.split(" → ")[1].split(" ")
            assert f"[{shape}]" in tokens
            if slot == "slot1":
                assert tokens[0] == f"[{shape}]"
            if slot == "slot4":
                assert tokens[-1] == f"[{shape}]"
    assert option_label("cast:P01", {}, "en").startswith("Cast Spark")
    assert option_label("cast:P01", {}, "ja").startswith("火花を詠唱")
    assert option_label("take:H-R3", {}, "en") == "Take Inferno · ▲R▲R▲R, max 5, release 3"
    assert option_label("weird:thing", {}, "en") == "weird:thing"


def test_game_spec_is_wired_into_the_platform() -> None:
    assert "tetra" in playable_game_ids()
    assert get_game("tetra") is GAME
    assert GAME.engine is ENGINE and GAME.arg_formatters is ARG_FORMATTERS
    cards = GAME.cards()
    assert len(cards) == 71 and {c.id for c in cards} == set(catalogue.by_id())
    assert GAME.render_card is not None and GAME.render_card(cards[0], "en").startswith(b"\x89PNG")
