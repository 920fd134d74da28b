"""Help on every question (bot/help.py): every decision kind each game asks has its help in en and ja, every
offered option is explained, every kind points to a page of the game's rulebook, a typed illegal move gets the rule
that forbids it, and nothing of it changes when the opponent's hidden cards are swapped."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from bot import i18n
from bot.engine import Decision, State
from bot.games import GAME_IDS, get_game
from bot.help import (
    decision_kind,
    explain_illegal,
    has_help,
    help_body,
    option_explanation,
    option_verb,
    rule_pointer,
)
from tests.contract.games import hooks_of

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
MATCHES = 12  # seeded random matches a game: enough to meet every common question (rare ones: the locale keys)
LOCALES = ("en", "ja")


@cache
def asked(game_id: str) -> dict[str, list[tuple[State, Decision]]]:
    """Every decision kind the game asked in seeded random matches, with up to 3 (state, decision) samples each."""
    spec, hooks = get_game(game_id), hooks_of(game_id)
    seen: dict[str, list[tuple[State, Decision]]] = {}
    for match in range(MATCHES):
        seed, options, rng = hooks.start(match)
        state = spec.engine.new_game(seed, options)
        while spec.engine.outcome(state) is None:
            pending = spec.engine.pending(state)
            for decision in pending:
                samples = seen.setdefault(decision_kind(decision), [])
                if len(samples) < 3:
                    samples.append((state, decision))
            decision, choice = hooks.choose(state, pending, rng)
            state, _ = spec.engine.apply(state, decision.seat, choice)
    return seen


def prompt_kinds(game_id: str) -> set[str]:
    """The kinds the game's locale files can word (``<game>.prompt.<kind>``): the rare ones random play misses."""
    prefix = f"{game_id}.prompt."
    return {key[len(prefix):].split(".")[0] for key in i18n.catalogue("en") if key.startswith(prefix)}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_decision_kind_a_game_asks_is_one_of_its_prompts(game_id):
    played = set(asked(game_id))
    assert played, game_id
    assert played <= prompt_kinds(game_id), played - prompt_kinds(game_id)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_decision_kind_has_help_in_both_languages(game_id, locale):
    kinds = set(asked(game_id)) | prompt_kinds(game_id)
    missing = sorted(kind for kind in kinds if not has_help(game_id, kind, locale))
    assert not missing, f"{game_id}: no {locale} help for {missing}"
    if locale == "ja":
        for kind in kinds:
            assert JAPANESE.search(i18n.t(f"help.{game_id}.{kind}.what", "ja")), kind


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_kind_points_to_a_page_of_the_games_rulebook(game_id):
    kinds = set(asked(game_id)) | prompt_kinds(game_id)
    for kind in kinds:
        for locale in LOCALES:
            pointer = rule_pointer(get_game(game_id), kind, locale)
            assert pointer is not None, f"{game_id}: {kind} has no rulebook page"
            assert pointer.title == i18n.t(get_game(game_id).rulebook()[pointer.index].title_key(game_id), locale)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_offered_option_is_explained_in_both_languages(game_id):
    for kind, samples in asked(game_id).items():
        for _, decision in samples:
            for verb in {option_verb(option) for option in decision.options}:
                for locale in LOCALES:
                    text = option_explanation(game_id, kind, verb, locale)
                    assert text, f"{game_id}: {kind}'s {verb} options are not explained ({locale})"
                ja_keys = (f"help.{game_id}.{kind}.option_{verb}", f"help.{game_id}.option.{verb}")
                assert any(i18n.defined_in(key, "ja") for key in ja_keys), (kind, verb)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_help_explains_this_decision_with_its_own_options_and_rule(game_id):
    spec = get_game(game_id)
    for kind, samples in asked(game_id).items():
        state, decision = samples[0]
        view = spec.engine.view(state, decision.seat)
        for locale in LOCALES:
            body = help_body(spec, decision, view, locale)
            assert i18n.t(f"help.{game_id}.{kind}.what", locale) in body
            assert i18n.t(f"help.{game_id}.{kind}.rule", locale) in body
            assert f"`{decision.options[0]}` {spec.option_label(decision.options[0], view, locale)}" in body
            pointer = rule_pointer(spec, kind, locale)
            assert pointer.title in body and f"/{game_id} rules" in body
            assert len(body) <= 4096  # one embed


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_help_and_illegal_reasons_are_the_same_whatever_the_opponents_hidden_cards(game_id):
    """Built from the seat's view only: a world the seat cannot tell from the real one (the opponent's hand, deck
    orders and face-down cards resampled by the game's determinize) gives the very same words."""
    spec = get_game(game_id)
    rng = random.Random(5)
    compared = 0
    for samples in asked(game_id).values():
        for state, decision in samples:
            world = spec.bot.determinize(state, decision.seat, rng)
            world_decision = next(d for d in spec.engine.pending(world) if d.seat == decision.seat)
            typed = [*decision.options[:2], *_probes(decision)]
            for locale in LOCALES:
                said = [help_body(spec, decision, spec.engine.view(state, decision.seat), locale)]
                heard = [help_body(spec, world_decision, spec.engine.view(world, decision.seat), locale)]
                for notation in typed:
                    said.append(explain_illegal(spec, decision, spec.engine.view(state, decision.seat),
                                                (notation,), "Q", locale))
                    heard.append(explain_illegal(spec, world_decision, spec.engine.view(world, decision.seat),
                                                 (notation,), "Q", locale))
                assert said == heard, (game_id, decision.prompt)
                compared += 1
    assert compared >= 2 * len(asked(game_id))


def _probes(decision: Decision) -> list[str]:
    """Notations near the offered ones: each option with its last part changed, a bare verb, nonsense."""
    probes = ["jump", "x:y:z", ""]
    for option in decision.options[:4]:
        head, _, _ = option.rpartition(":")
        probes += [f"{head}:zz9" if head else f"{option}:1", option_verb(option), f"{option_verb(option)}:"]
    return probes


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_typed_notation_makes_the_explanation_fail(game_id):
    """Whatever is typed (near misses of every offered option, nonsense, other games' notations), the answer is a
    sentence naming the question, never an error."""
    spec = get_game(game_id)
    others = [option for other in GAME_IDS for samples in asked(other).values() for _, d in samples[:1]
              for option in d.options[:3]]
    for samples in asked(game_id).values():
        for state, decision in samples:
            view = spec.engine.view(state, decision.seat)
            for notation in [*_probes(decision), *others]:
                if notation in decision.options:
                    continue
                for locale in LOCALES:
                    text = explain_illegal(spec, decision, view, (notation,), "THE-QUESTION", locale)
                    assert "THE-QUESTION" in text and len(text) < 2000


def _find(game_id: str, kind: str) -> tuple[State, Decision]:
    return asked(game_id)[kind][0]


def _reason(game_id: str, kind: str, notation: str, locale: str = "en") -> str:
    spec = get_game(game_id)
    state, decision = _find(game_id, kind)
    return explain_illegal(spec, decision, spec.engine.view(state, decision.seat), (notation,), "Q", locale)


def _specific(game_id: str, key: str, locale: str = "en") -> str:
    return i18n.t(f"help.{game_id}.illegal.{key}", locale)


def test_formation_names_the_rule_a_typed_move_breaks():
    state, decision = _find("formation", "place_lines")
    hand = get_game("formation").engine.view(state, decision.seat)["seats"][decision.seat]["hand"]
    missing = next(card for card in ("r0", "r1", "r2", "b0", "b1", "b2", "r12", "b12") if card not in hand)
    square = decision.args["square"]
    assert _specific("formation", "not_in_hand") in _reason("formation", "place_lines", f"place:{square}:{missing}")
    for locale in LOCALES:
        assert _specific("formation", "not_in_hand", locale) in _reason(
            "formation", "place_lines", f"place:{square}:{missing}", locale)
    # A move of the game that belongs to another moment: "not now", with this question's rule.
    not_now = _reason("formation", "place_lines", "advance:r3")
    assert not_now.startswith("You can't do `advance:r3` now") and i18n.t("help.formation.place_lines.rule") in not_now
    # Something the game has never heard of: the options to type instead.
    assert "is not a move in" in _reason("formation", "place_lines", "castle") and decision.options[0] in _reason(
        "formation", "place_lines", "castle")


def test_formation_attack_from_an_empty_square_and_from_the_back_row():
    spec = get_game("formation")
    _, decision = _find("formation", "attack")
    board = [{"square": "front:1", "blank": False, "cards": [{"card": "r3", "face_up": True}]},
             {"square": "front:2", "blank": False, "cards": []},
             {"square": "back:1", "blank": False, "cards": [{"card": "b5", "face_up": True}]}]
    view = {"viewer": decision.seat, "seats": [{"board": board, "hand": []}, {"board": board, "hand": []}]}
    assert _specific("formation", "empty") in explain_illegal(spec, decision, view, ("attack:front:2",), "Q", "en")
    assert _specific("formation", "attack_row") in explain_illegal(spec, decision, view, ("attack:back:1",), "Q", "en")


def test_wars_names_a_card_not_in_hand_and_the_magic_rule():
    state, decision = _find("wars", "strategy")
    hand = get_game("wars").engine.view(state, decision.seat)["hand"]
    missing = next(f"{n:03d}" for n in range(1, 49) if f"{n:03d}" not in hand)
    assert _specific("wars", "not_in_hand") in _reason("wars", "strategy", f"deploy:{missing}")
    assert _specific("wars", "not_in_hand", "ja") in _reason("wars", "strategy", f"deploy:{missing}", "ja")
    assert _specific("wars", "not_your_magic") in _reason("wars", "strategy", "magic:A99")


def test_tetra_names_a_card_it_cannot_cast():
    assert _specific("tetra", "not_castable") in _reason("tetra", "cast", "cast:P99")
    assert _specific("tetra", "not_castable", "ja") in _reason("tetra", "cast", "cast:P99", "ja")


def test_starfall_names_an_occupied_square_and_a_card_off_the_field():
    spec = get_game("starfall")
    state, decision = _find("starfall", "act")
    field = spec.engine.view(state, decision.seat)["players"][decision.seat]["field"]
    taken = next(square for square, card in field.items() if card is not None)
    state, decision = _find("starfall", "summon")
    summon_field = spec.engine.view(state, decision.seat)["players"][decision.seat]["field"]
    occupied = next(square for square, card in summon_field.items() if card is not None)
    assert _specific("starfall", "occupied") in _reason("starfall", "summon", f"summon:{occupied}")
    assert _specific("starfall", "no_square") in _reason("starfall", "summon", "summon:z9")
    assert _specific("starfall", "not_on_field") in _reason("starfall", "act", "card:S99")
    assert taken


def test_afterlife_names_a_card_not_in_hand():
    assert _specific("afterlife", "not_in_hand") in _reason("afterlife", "main", "play:Z99")
    assert _specific("afterlife", "not_in_hand", "ja") in _reason("afterlife", "main", "play:Z99", "ja")


def test_wrong_counts_and_repeats_say_so():
    spec = get_game("formation")
    state, decision = _find("formation", "attack")
    view = spec.engine.view(state, decision.seat)
    option = decision.options[0]
    assert explain_illegal(spec, decision, view, (option, option), "Q", "en") == i18n.t(
        "help.illegal.repeated", "en", question="Q")
    assert "between 1 and 1" in explain_illegal(spec, decision, view, (), "Q", "en")
