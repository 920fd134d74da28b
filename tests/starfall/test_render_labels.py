"""Starfall's words on Discord: option labels for every option of random self-play in both languages,
every prompt and event formatted with the game's formatters, and the game spec wired into the platform."""

from __future__ import annotations

import random
import re
from functools import cache

from bot import i18n
from bot.decks import validate
from bot.engine import Decision, Event, random_choice
from bot.games import get_game, playable_game_ids
from bot.ui.panel import Names, format_args
from cogs.starfall import cards as catalogue
from cogs.starfall.engine import ENGINE
from cogs.starfall.spec import GAME
from cogs.starfall.text import ARG_FORMATTERS, option_label

GAMES = 30
LOCALES = ("en", "ja")
NAMES = Names(("Alice", "Bob"))
RAW_ID = re.compile(r"\bS\d\d\b")
RAW_OPTION = re.compile(r"\b(target|skill|card|swap|move|place|summon):")


@cache
def played() -> tuple[list[tuple[Decision, dict]], list[Event]]:
    """Every decision (with the deciding seat's view) and every event of ~30 random matches, half of
    them with the beginner option."""
    decisions: list[tuple[Decision, dict]] = []
    events: list[Event] = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = ENGINE.new_game(seed, {"beginner": "on" if seed % 2 else "off"})
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
        labels = {}
        for option in decision.options:
            verbs.add(option.split(":")[0] if option != "summon" else "summon")
            for locale in LOCALES:
                label = option_label(option, view, locale)
                assert 0 < len(label) <= 80, (option, locale, label)
                assert label != option, (option, locale)
                assert not RAW_ID.search(label) and not RAW_OPTION.search(label), (option, locale, label)
                labels[(option, locale)] = label
        for locale in LOCALES:  # two buttons of one decision never read the same
            mine = [labels[(option, locale)] for option in decision.options]
            assert len(set(mine)) == len(mine), (decision.prompt, mine)
    assert {"place", "summon", "card", "move", "swap", "stay", "skill", "target", "pass"} <= verbs


def test_labels_name_the_card_square_and_what_a_skill_does() -> None:
    decisions, _ = played()
    checked = set()
    for decision, view in decisions:
        for option in decision.options:
            label = option_label(option, view, "en")
            if option.startswith("card:"):
                assert catalogue.card(option[5:]).name_en in label and "★" in label and "HP" in label
                checked.add("card")
            elif option.startswith("swap:"):
                other = view["players"][decision.seat]["field"][option[5:]]
                assert catalogue.card(other["id"]).name_en in label and "★1" in label
                checked.add("swap")
            elif option.startswith("target:o:") and option[9:] not in ("front", "back"):
                enemy = view["players"][1 - decision.seat]["field"][option[9:]]
                assert catalogue.card(enemy["id"]).name_en in label and label.startswith("Enemy")
                checked.add("target")
            elif option == "skill:normal":
                assert label.startswith("Normal (")
                checked.add("skill")
            elif option == "skill:r":
                kind = catalogue.card(view["acting"]["card"]).stats["r"]["kind"]
                assert label.startswith("R " + ARG_FORMATTERS["r"](kind, "en")) and "★" in label, label
                checked.add("r")
    assert checked == {"card", "swap", "target", "skill", "r"}
    assert option_label("weird:thing", {}, "en") == "weird:thing"
    assert option_label("stay", {}, "ja") == "移動しない"


def test_every_event_and_prompt_formats_in_both_languages_with_the_formatters() -> None:
    decisions, events = played()
    seen: dict[str, dict] = {}
    for decision, _ in decisions:
        seen.setdefault(decision.prompt, dict(decision.args))
    for event in events:
        seen.setdefault(event.key, dict(event.args))
    assert len(seen) > 20
    for key, args in seen.items():
        for locale in LOCALES:
            assert key in i18n.catalogue(locale), (locale, key)
            text = i18n.t(key, locale, **format_args(GAME, args, locale, NAMES))
            assert text and "{" not in text, (key, locale)
            assert not RAW_ID.search(text), (key, locale, text)
            for raw in ("consume)", "aura_", "o:f", "['"):
                assert raw not in text, (key, locale, text)


def test_formatters_localize_each_argument_kind() -> None:
    assert ARG_FORMATTERS["card"]("S01", "en") == "Iron Vanguard"
    assert ARG_FORMATTERS["card"]("S01", "ja") == "鉄の先陣"
    assert ARG_FORMATTERS["cards"](["S01", "S02"], "en") == "Iron Vanguard, Blade Dancer"
    assert ARG_FORMATTERS["square"]("b2", "ja") == "後2" and ARG_FORMATTERS["square"]("f3", "en") == "f3"
    assert ARG_FORMATTERS["target"]("o:front", "en") == "enemy front row"
    assert ARG_FORMATTERS["skill"]("consume", "ja") == i18n.t("starfall.skill.consume", "ja")
    assert ARG_FORMATTERS["r"]("aura_guard", "en") == "Shield wall"
    assert ARG_FORMATTERS["status"]("lock", "ja") == i18n.t("starfall.status.lock", "ja")
    assert ARG_FORMATTERS["cause"]("star", "en") == "five stars"  # issue 26: public text in words


def test_game_spec_is_wired_into_the_platform() -> None:
    assert "starfall" in playable_game_ids()
    assert get_game("starfall") is GAME
    assert GAME.engine is ENGINE and GAME.arg_formatters is ARG_FORMATTERS
    cards = GAME.cards()
    assert len(cards) >= 48 and {c.id for c in cards} == set(catalogue.by_id())
    assert GAME.render_card is not None and GAME.render_card(cards[0], "en").startswith(b"\x89PNG")
    rule = GAME.deck_rule
    assert rule is not None and rule.size == 18 and rule.copy_limit == 1 and rule.group_field == "attribute"
    assert dict(rule.group_counts) == {"attack": 6, "magic": 6, "trick": 6}
    assert {card.stats["attribute"] for card in cards} == set(rule.group_counts)
    for deck in catalogue.ready_decks():
        assert validate(rule, {c.id: c for c in cards}, dict(deck["cards"])) == [], deck["id"]


def _named_cards(args: dict) -> set[str]:
    named = set()
    for key in ("card", "other"):
        if args.get(key):
            named.add(str(args[key]))
    cards = args.get("cards")
    if cards:
        named |= set(cards if isinstance(cards, list | tuple) else str(cards).split(","))
    return named


def _public_cards(view: dict) -> set[str]:
    """Every card id the view shows anywhere (either field, either grave, cards drawn face up)."""
    shown = set()
    for player in view["players"]:
        shown |= {record["id"] for record in player["field"].values() if record}
        shown |= set(player["grave"]) | set(player["drawn"])
    return shown


def test_no_prompt_event_label_or_view_names_a_card_still_in_a_deck() -> None:
    """The deck order is Starfall's only secret: a card is named only once it has left its deck (drawn
    for set-up or summoned), and a view carries deck counts, never deck contents."""
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = ENGINE.new_game(seed, {})
        while ENGINE.outcome(state) is None:
            (decision,) = ENGINE.pending(state)
            deck = state["players"][decision.seat]["deck"]
            view = ENGINE.view(state, decision.seat)
            assert not _named_cards(dict(decision.args)) & set(deck), decision
            for seat in (None, 0, 1):
                players = ENGINE.view(state, seat)["players"]
                assert all("deck" not in player for player in players)
            for option in decision.options:
                for locale in LOCALES:
                    label = option_label(option, view, locale)
                    for card_id in set(deck) - _public_cards(view):
                        assert catalogue.card(card_id).name(locale) not in label, (option, label)
            state, events = ENGINE.apply(state, decision.seat, random_choice(decision, rng))
            for event in events:
                seat = event.args.get("seat")
                if isinstance(seat, int):
                    assert not _named_cards(dict(event.args)) & set(state["players"][seat]["deck"]), event
                    checked += 1
    assert checked > 1000
