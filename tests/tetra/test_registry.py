"""The effect kinds a TetrAction card names (public spell, accident, band and release effects) against the
registry in ``cogs.tetra.effects``, and a card naming a new kind taken through the steps of adding one."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from bot import i18n
from bot.cards import ASSETS, Card, load_cards
from bot.engine import Event, Seat, State
from cogs.tetra import cards as catalogue
from cogs.tetra.cardtext import card_text
from cogs.tetra.effects import ACCIDENT_EFFECTS, BAND_EFFECTS, PUBLIC_EFFECTS, BandEffect, PublicEffect
from cogs.tetra.kinds import BAND_SHAPE, check_card, check_catalogue
from cogs.tetra.start_phase import turn_tetrite
from cogs.tetra.table import ask, emit, player_of
from tests.tetra.helpers import at, decision, fresh, play

CARDS_TOML = ASSETS / "tetra" / "cards.toml"
RAW: list[dict[str, Any]] = tomllib.loads(CARDS_TOML.read_text(encoding="utf-8"))["card"]
HAND = [card for card in RAW if card["kind"] == "hand"]


def _effect_sets(card: dict[str, Any]) -> list[dict[str, Any]]:
    bands = card["bands"]
    return [*bands, *(choice for band in bands for choice in band.get("choices", [])), card["release"]]


def test_every_kind_the_cards_name_has_a_handler() -> None:
    check_catalogue()


def test_every_registered_kind_is_used_by_a_card() -> None:
    # No kind is rules-only: each is named by at least one card of the TOML.
    assert set(PUBLIC_EFFECTS) == {card["effect"] for card in RAW if card["kind"] == "public" and "effect" in card}
    assert set(ACCIDENT_EFFECTS) == {card["effect"] for card in RAW if card["kind"] == "accident"}
    named = {name for card in HAND for fields in _effect_sets(card) for name in fields} - BAND_SHAPE
    assert {field for effect in BAND_EFFECTS.values() for field in effect.fields} == named


def test_every_public_kind_has_its_board_words_and_its_prompt_in_english_and_japanese() -> None:
    english, japanese = i18n.catalogue("en"), i18n.catalogue("ja")
    wanted = {f"tetra.board.effect_{kind}" for kind in PUBLIC_EFFECTS}
    wanted |= {f"tetra.prompt.{kind}" for kind, effect in PUBLIC_EFFECTS.items() if effect.answer is not None}
    assert sorted(k for k in wanted if k not in english or k not in japanese) == []


@pytest.mark.parametrize(("card_id", "change", "message"), [
    ("P04", {"effect": "rotate_twice"}, "P04: unknown public effect kind 'rotate_twice'"),
    ("A1", {"effect": "earthquake"}, "A1: unknown accident effect kind 'earthquake'"),
    ("H-R1", {"release": {"damage": 3, "burn": 1}}, "H-R1: unknown release effect kind 'burn'"),
    ("H-R1", {"bands": [{"from": 0, "to": 5, "poison": 1}]}, "H-R1: unknown band 0-5 effect kind 'poison'"),
    ("H-B1", {"bands": [{"from": 0, "to": 9, "choices": [{"damage": 1}, {"freeze": 1}]}]},
     "H-B1: unknown band 0-9 choice effect kind 'freeze'"),
])
def test_an_unknown_kind_is_refused(card_id: str, change: dict[str, Any], message: str) -> None:
    card = dict(next(c for c in RAW if c["id"] == card_id), **change)
    with pytest.raises(ValueError, match=message):
        check_card(card)


def test_an_unknown_kind_in_the_toml_stops_the_load(tmp_path: Path) -> None:
    broken = CARDS_TOML.read_text(encoding="utf-8").replace('effect = "flip"', 'effect = "flipp"', 1)
    path = tmp_path / "cards.toml"
    path.write_text(broken, encoding="utf-8")
    cards = load_cards("tetra", path)
    with pytest.raises(ValueError, match="A3: unknown accident effect kind 'flipp'"):
        check_catalogue({"id": card.id, "kind": card.kind, **card.stats} for card in cards)


# --- how to add a card naming a new kind -----------------------------------------------------------
# 1. register the kind in cogs/tetra/effects.py with its words (here: monkeypatched into the registry),
# 2. name it in the card's TOML table (here: a card dict put into the catalogue),
# 3. the card text comes from the data, and the engine plays it.


def _tip_own(state: State, seat: Seat, events: list[Event]) -> dict[str, Any]:
    own = player_of(state, seat)["colour"]
    return ask(seat, "tetra.prompt.tip_own", [f"tip:{own}:white", f"tip:{own}:black"])


TIP_OWN = PublicEffect("tip_own", _tip_own, "Tip your tetrite onto a rim.", "自分のテトライトを縁へ倒す。",
                       answer=turn_tetrite)


def _steal_ether(state: State, seat: Seat, fields: Any, events: list[Event]) -> None:
    taken = min(fields["steal_ether"], player_of(state, 1 - seat)["ether"])
    player_of(state, 1 - seat)["ether"] -= taken
    player_of(state, seat)["ether"] += taken
    emit(events, "gain_ether", seat=seat, count=taken)


STEAL_ETHER = BandEffect("steal_ether", _steal_ether,
                         lambda fields, locale: [f"エーテル{fields['steal_ether']}を奪う" if locale == "ja"
                                                 else f"steal {fields['steal_ether']} ether"],
                         ("steal_ether",))

NEW_PUBLIC = {"id": "P99", "kind": "public", "colour": "red", "cost": ["red"], "gain": {"red": 1}, "effect": "tip_own"}
NEW_HAND = {"id": "H-R9", "kind": "hand", "colour": "red", "cost": ["red"], "max_charge": 3, "release_count": 2,
            "bands": [{"from": 0, "to": 3, "damage": 1, "steal_ether": 1}], "release": {"steal_ether": 2}}


@pytest.fixture
def new_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(PUBLIC_EFFECTS, "tip_own", TIP_OWN)
    monkeypatch.setitem(BAND_EFFECTS, "steal_ether", STEAL_ETHER)
    for raw in (NEW_PUBLIC, NEW_HAND):
        stats = {k: v for k, v in raw.items() if k not in ("id", "kind")}
        card = Card("tetra", raw["id"], raw["id"], raw["id"], "", "", raw["kind"], "authored", stats=stats)
        monkeypatch.setitem(catalogue.by_id(), raw["id"], card)


def test_a_card_naming_a_new_kind_is_refused_until_the_kind_is_registered() -> None:
    with pytest.raises(ValueError, match="P99: unknown public effect kind 'tip_own'"):
        check_card(NEW_PUBLIC)
    with pytest.raises(ValueError, match="H-R9: unknown band 0-3 effect kind 'steal_ether'"):
        check_card(NEW_HAND)


@pytest.mark.usefixtures("new_kinds")
def test_a_new_public_kind_gets_its_text_and_is_played() -> None:
    check_card(NEW_PUBLIC)
    assert card_text(NEW_PUBLIC, "en") == "Cost R. Gain 1 red mana. Tip your tetrite onto a rim."
    assert card_text(NEW_PUBLIC, "ja") == "コスト赤。獲得：赤マナ1。自分のテトライトを縁へ倒す。"
    state = at(fresh("red-blue"), {"do": "resolve", "card": "P99"}, "end")
    assert decision(state).prompt == "tetra.prompt.tip_own"
    assert decision(state).options == ("tip:red:white", "tip:red:black")
    state, events = play(state, "tip:red:white")
    assert [e.args for e in events if e.key == "tetra.event.tip"] == [{"seat": 0, "tetrite": "red", "face": "white"}]
    assert decision(state).prompt == "tetra.prompt.charge"  # then the spell charges a hand card, as any other


@pytest.mark.usefixtures("new_kinds")
def test_a_new_band_kind_gets_its_text_and_is_played() -> None:
    check_card(NEW_HAND)
    assert card_text(NEW_HAND, "en") == ("Cost R. Maximum charge 3.\nCharge 0-3: 1 damage, steal 1 ether\n"
                                         "Release (after 2 casts): steal 2 ether")
    assert card_text(NEW_HAND, "ja") == ("コスト赤。最大チャージ3。\nチャージ0～3：1ダメージ、エーテル1を奪う\n"
                                         "リリース（2回詠唱）：エーテル2を奪う")
    state = fresh("red-blue")
    state["players"][0]["hand"][0] = {"id": "H-R9", "charge": 0, "charge_cards": [], "cubes": 2}
    state["players"][1]["ether"] = 2
    state = at(state, {"do": "resolve", "card": "H-R9"}, "end")
    assert state["players"][1]["life"] == 14
    assert [state["players"][0]["ether"], state["players"][1]["ether"]] == [1, 1]
    assert state["players"][0]["hand"][0]["cubes"] == 1  # then charge and cube, as any hand card
