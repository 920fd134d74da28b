"""Afterlife's words on Discord: option labels, event and prompt formatting, the game spec, /card lookup."""

from __future__ import annotations

import random
import re
from functools import cache

from bot import i18n
from bot.decks import ready_decks, validate
from bot.engine import Decision, Event, random_choice
from bot.games import get_game, playable_game_ids
from bot.lookup import default_index
from bot.ui.panel import Names, format_args, format_event
from cogs.afterlife import cards as catalogue
from cogs.afterlife import policy
from cogs.afterlife.engine import ENGINE
from cogs.afterlife.spec import GAME
from cogs.afterlife.text import ARG_FORMATTERS, option_label
from tests.afterlife import helpers as H

GAMES = 24
LOCALES = ("en", "ja")
NAMES = Names(("Alice", "Bob"))
RAW_CARD_ID = re.compile(r"\b[RBGN]\d\d\b")
VERBS = {"bundle", "send", "pass", "play", "attack", "retreat", "draw3", "override", "end", "on", "show", "cut",
         "nocut", "target", "take", "noblock", "block", "several", "order"}


@cache
def played() -> tuple[list[tuple[Decision, dict]], list[Event]]:
    """Every decision (with the deciding seat's view) and every event of greedy and random-legal matches
    over every deck pair (random ones cut at 400 decisions)."""
    decisions: list[tuple[Decision, dict]] = []
    events: list[Event] = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = ENGINE.new_game(seed, policy.selfplay_options(seed, rng))
        moves = 0
        while ENGINE.outcome(state) is None and moves < 400:
            for decision in ENGINE.pending(state):
                decisions.append((decision, ENGINE.view(state, decision.seat)))
            decision = ENGINE.pending(state)[0]
            choice = policy.greedy(state, decision, rng) if seed % 3 else random_choice(decision, rng)
            state, new = ENGINE.apply(state, decision.seat, choice)
            events += new
            moves += 1
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
                assert not RAW_CARD_ID.search(label), (option, locale, label)
                if locale == "ja":
                    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", label), (option, label)
        for locale in LOCALES:  # a button or select never shows two choices the same way
            labels = [option_label(option, view, locale) for option in decision.options]
            assert len(set(labels)) == len(labels), (locale, decision.options, labels)
    assert verbs == VERBS  # every kind of choice the engine offers was seen and labelled


def test_labels_name_the_cards_and_creatures_they_act_on() -> None:
    decisions, _ = played()
    seen = set()
    for decision, view in decisions:
        for option in decision.options:
            verb, _, rest = option.partition(":")
            label = option_label(option, view, "en")
            if verb in ("play", "send", "show", "cut", "take"):
                assert catalogue.by_id()[rest].name_en in label, (option, label)
            elif verb in ("attack", "retreat", "on", "target"):
                assert f"[{rest}]" in label, (option, label)
            elif verb in ("block", "order"):
                cids = rest.split("+")
                assert all(f"[{cid}]" in label for cid in cids) or all(cid in label for cid in cids), (option, label)
            elif verb == "bundle":
                seat = decision.seat
                first = sorted(view["players"][seat]["bundles"][int(rest) - 1],
                               key=lambda c: (catalogue.cost(c), c))[0]
                assert catalogue.by_id()[first].name_en in label, (option, label)
            seen.add(verb)
    assert {"play", "attack", "target", "block", "bundle"} <= seen
    for decision, view in decisions:  # several blockers: each one is an option of its own, named
        if decision.prompt.endswith(".blockers"):
            assert all(f"[{o.split(':')[1]}]" in option_label(o, view, "en") for o in decision.options)
    assert any(d.prompt.endswith(".blockers") for d, _ in decisions)
    assert option_label("pass", {"decision": {"kind": "window"}}, "en") == "Pass (use no instant)"
    assert option_label("pass", {"decision": {"kind": "send"}}, "ja") == "送らない(手札そのまま)"
    assert option_label("weird:thing", {}, "en") == "weird:thing"


def test_every_event_and_prompt_formats_in_both_languages_with_the_formatters() -> None:
    decisions, events = played()
    seen: dict[str, dict] = {}
    for decision, _ in decisions:
        seen.setdefault(decision.prompt, dict(decision.args))
    for event in events:
        seen.setdefault(event.key, dict(event.args))
    assert len(seen) > 30
    for key, args in seen.items():
        for locale in LOCALES:
            assert i18n.defined_in(key, locale), (locale, key)
            text = i18n.t(key, locale, **format_args(GAME, args, locale, NAMES))
            assert text and "{" not in text, (key, locale)
            assert not RAW_CARD_ID.search(text), (key, locale, text)
            assert "['" not in text, (key, locale, text)  # no Python list leaks into a message


def test_formatters_localize_each_argument_kind() -> None:
    assert ARG_FORMATTERS["card"]("R01", "en") == "Ember Imp"
    assert ARG_FORMATTERS["card"]("R01", "ja") == "火花の小鬼"
    assert ARG_FORMATTERS["cards"](["R01", "R01", "R03"], "en") == "Ember Imp ×2, Flame Lancer"
    assert ARG_FORMATTERS["cards"](["R01", "R03"], "ja") == "火花の小鬼、炎の槍兵"
    assert ARG_FORMATTERS["cids"](["c1", "c4"], "en") == "c1, c4"
    assert ARG_FORMATTERS["unit"](["R03", "c5"], "en") == "Flame Lancer [c5]"
    assert ARG_FORMATTERS["units"]([["R03", "c5"], ["R01", "c2"]], "ja") == "炎の槍兵 [c5]、火花の小鬼 [c2]"
    assert ARG_FORMATTERS["timing"]("battle", "ja") == "戦闘発生時"
    assert ARG_FORMATTERS["keyword"]("pierce", "en") == "Pierce"
    assert ARG_FORMATTERS["keyword"]("forced_defence", "ja") == "強制防御"
    assert ARG_FORMATTERS["reason"]("life", "en") == "life reached 0"
    assert ARG_FORMATTERS["first"](1, "ja") == "プレイヤー2"


def test_block_and_order_prompts_and_events_name_the_creatures_cards() -> None:
    """"Alice blocks with c2" named no card: the prompts and events name each creature's card and its id."""
    state = H.board(fields=(["R13"], ["N02", "R01", "B06"]))
    state, _ = H.play(state, "attack:c1")
    names = {cid: catalogue.by_id()[card] for cid, card in (("c1", "R13"), ("c2", "N02"), ("c3", "R01"), ("c4", "B06"))}
    texts = {}
    for locale in LOCALES:
        block = H.decision(state)
        texts["block_prompt", locale] = i18n.t(block.prompt, locale, **format_args(GAME, dict(block.args), locale, NAMES))
    several, _ = H.play(state, "several")
    blocked, block_events = ENGINE.apply(several, 1, ("block:c2", "block:c3", "block:c4"))
    order = H.decision(blocked)
    _, order_events = H.play(blocked, "order:c4", "order:c2")
    for locale in LOCALES:
        texts["order_prompt", locale] = i18n.t(order.prompt, locale, **format_args(GAME, dict(order.args), locale, NAMES))
        for event in block_events + order_events:
            if event.key.endswith((".block", ".order")):
                texts[event.key, locale] = i18n.t(event.key, locale, **format_args(GAME, dict(event.args), locale, NAMES))
    assert len(texts) == 8
    for (key, locale), text in texts.items():
        lang = "en" if locale == "en" else "ja"
        cids = ["c1"] if key in ("block_prompt", "order_prompt") else ["c2", "c3", "c4"]
        for cid in cids:
            assert f"{names[cid].name(lang)} [{cid}]" in text, (key, locale, text)
    assert texts["afterlife.event.order", "en"] == \
        f"Alice orders the damage: {names['c4'].name_en} [c4], {names['c2'].name_en} [c2], {names['c3'].name_en} [c3]."


def test_setup_done_names_the_first_player_as_a_seat_the_platform_formats_as_a_member() -> None:
    state = ENGINE.new_game(3, {})
    state, _ = ENGINE.apply(state, 0, ("bundle:1",))
    state, events = ENGINE.apply(state, 1, ("bundle:2",))
    done = next(e for e in events if e.key == "afterlife.event.setup_done")
    assert done.args == {"seat": state["first"]}
    first = NAMES.seats[state["first"]]
    assert format_event(GAME, done, "en", NAMES) == f"Bundles picked; {first} goes first."
    assert format_event(GAME, done, "ja", NAMES) == f"束を選びました。先攻は{first}。"


def test_game_spec_is_wired_into_the_platform_with_its_deck_rule() -> None:
    assert "afterlife" in playable_game_ids()
    assert get_game("afterlife") is GAME
    assert GAME.engine is ENGINE and GAME.arg_formatters is ARG_FORMATTERS
    cards = GAME.cards()
    assert len(cards) >= 100 and {c.id for c in cards} == set(catalogue.by_id())
    rule = GAME.deck_rule
    assert rule is not None and (rule.size, rule.copy_limit, rule.group_field, rule.cost_field) == \
        (40, 4, "colour", "cost")
    by_id = {card.id: card for card in cards}
    assert {card.stats["colour"] for card in cards} == {"R", "B", "G", "N"}
    assert all(isinstance(card.stats["cost"], int) for card in cards)
    decks = ready_decks("afterlife", rule)
    assert len(decks) >= 4 and all(validate(rule, by_id, deck.cards) == [] for deck in decks)
    assert GAME.render_card is not None and GAME.render_card(cards[0], "en").startswith(b"\x89PNG")


def test_card_lookup_finds_every_card_by_english_and_japanese_name() -> None:
    index = default_index()  # what /card and [[name]] search: every game's cards
    for card in catalogue.all_cards():
        for name in (card.name_en, card.name_ja, card.id.lower()):
            found, _ = index.resolve(name, game="afterlife")
            assert found is not None and found.id == card.id, (card.id, name)
            preferred, _ = index.resolve(name, prefer_game="afterlife")  # /card inside an Afterlife thread
            assert preferred is not None and (preferred.game, preferred.id) == ("afterlife", card.id), (card.id, name)
        partial, _ = index.resolve(card.name_en[:-1], game="afterlife")  # a typo still finds it or asks
        assert partial is None or partial.game == "afterlife"


def test_the_hand_picture_heading_names_the_card_being_paid_for_or_aimed() -> None:
    from cogs.afterlife.render_private import decision_heading

    decisions, _ = played()
    kinds = set()
    for decision, view in decisions:
        kind = view["decision"]["kind"]
        assert decision.prompt == f"afterlife.prompt.{kind}"
        for locale in LOCALES:
            heading = decision_heading(view, locale)
            assert heading and "{" not in heading and not RAW_CARD_ID.search(heading), (kind, heading)
        card = (view["decision"].get("args") or {}).get("card")
        if card and kind in ("show", "cut", "target", "sacrifice"):
            assert catalogue.by_id()[card].name_en in decision_heading(view, "en")
            kinds.add(kind)
    assert {"show", "cut", "target"} <= kinds
