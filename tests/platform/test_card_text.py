"""Card text against card data, for every game: the text a player reads (en and ja) is what the game's
``GameSpec.card_text`` makes of the card's TOML table, and ``python -m bot cardtext`` would change no
file (cards or rules page). Also the "How to add a card" steps, walked with a test card."""

from __future__ import annotations

import re
import tomllib

import pytest

from bot import cardtext
from bot.cards import load_cards
from bot.games import GAME_IDS, get_game, playable_game_ids
from cogs.afterlife.effects import EFFECTS as AFTERLIFE_EFFECTS
from cogs.starfall.effects import ABILITY_KINDS, EFFECTS, R_KINDS

GAMES_WITH_TEXT = [game for game in GAME_IDS if game in playable_game_ids() and get_game(game).card_text]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def raw_cards(game: str) -> list[dict]:
    return tomllib.loads(cardtext.cards_path(game).read_text(encoding="utf-8"))["card"]


def test_every_game_with_card_data_generates_its_text() -> None:
    with_cards = [game for game in GAME_IDS if cardtext.cards_path(game).exists()]
    assert {"formation", "wars", "tetra", "starfall", "afterlife"} <= set(with_cards)
    assert set(GAMES_WITH_TEXT) == set(with_cards)


@pytest.mark.parametrize("game", GAMES_WITH_TEXT)
def test_stored_text_is_the_text_generated_from_the_data_in_both_languages(game: str) -> None:
    card_text = get_game(game).card_text
    assert card_text is not None
    for card in raw_cards(game):
        for locale in ("en", "ja"):
            stored = card[f"text_{locale}"]
            assert stored and stored == card_text(card, locale), (card["id"], locale)
        assert JAPANESE.search(card["text_ja"]), card["id"]  # a Japanese reader never gets the English
        assert card["text_ja"] != card["text_en"], card["id"]


@pytest.mark.parametrize("game", GAMES_WITH_TEXT)
def test_the_cardtext_command_would_change_nothing(game: str) -> None:
    card_text = get_game(game).card_text
    assert card_text is not None
    assert cardtext.regenerate(game, card_text, write=False) == []


def test_the_starfall_rules_page_lists_every_card_with_its_generated_text() -> None:
    doc = (cardtext.DOCS / "starfall.md").read_text(encoding="utf-8")
    for card in raw_cards("starfall"):
        assert f"| {card['id']} | {card['name_en']} ({card['name_ja']}) |" in doc
        assert card["text_en"].replace("\n", "<br>") in doc


def test_the_writer_keeps_layout_and_quoting_and_only_touches_the_texts() -> None:
    source = ('# header\n\n[[card]]\nid = "a"\n# a comment\ntext_en = "old"\nn = { x = 1 }\ntext_ja = """\nold"""\n\n'
              '[[card]]\nid = "b"\nn = 2\n')
    rewritten = cardtext.rewrite_texts(source, lambda card, locale: f"{card['id']} {locale}\n\"quoted\"")
    assert rewritten == ('# header\n\n[[card]]\nid = "a"\n# a comment\ntext_en = "a en\\n\\"quoted\\""\nn = { x = 1 }\n'
                         'text_ja = """\na ja\n\\"quoted\\""""\n\n[[card]]\nid = "b"\nn = 2\n'
                         'text_en = """\nb en\n\\"quoted\\""""\ntext_ja = """\nb ja\n\\"quoted\\""""\n')
    assert [card["text_ja"] for card in tomllib.loads(rewritten)["card"]] == ['a ja\n"quoted"', 'b ja\n"quoted"']


# How to add a card (docs/ARCHITECTURE.md), walked with one new Starfall card and one new Afterlife card:
# 1. add a [[card]] table to assets/<game>/cards.toml: its data only, no text;
# 2. name effects only by kinds in the game's registry (cogs/<game>/effects.py);
# 3. python -m bot cardtext <game> writes text_en / text_ja (and the rules page's card list);
# 4. the game's loader reads it like any other card.
NEW_CARDS = {
    "starfall": '''
[[card]]
id = "S99"
aliases = ["99"]
kind = "magic"
source = "authored"
name_en = "Test Comet"
name_ja = "試験の彗星"
attribute = "magic"
hp = 50
ability = { kind = "reach" }
normal = { from = ["b"], pattern = "any", effects = [{ kind = "damage", amount = 10 }] }
consume = { cost = 2, from = ["f", "b"], pattern = "row", effects = [{ kind = "damage", amount = 20 }, { kind = "lock" }] }
r = { cost = 1, kind = "regen", amount = 10 }
''',
    "afterlife": '''
[[card]]
id = "N99"
name_en = "Test Shade"
name_ja = "試験の影"
kind = "creature"
source = "authored"
aliases = ["n99"]
type = "creature"
colour = "N"
cost = 2
public = 0
power = 900
toughness = 900
keywords = []
effects = [{kind = "draw", amount = 1}, {kind = "mill", when = "retreat", amount = 2}]
timings = []
''',
}


@pytest.mark.parametrize("game", sorted(NEW_CARDS))
def test_a_new_card_goes_from_its_data_to_a_loaded_card_with_text(game: str, tmp_path) -> None:
    card_text = get_game(game).card_text
    assert card_text is not None
    cards_file = tmp_path / "cards.toml"
    cards_file.write_text(cardtext.cards_path(game).read_text(encoding="utf-8") + NEW_CARDS[game], encoding="utf-8")
    new = tomllib.loads(NEW_CARDS[game])["card"][0]
    if game == "starfall":
        assert new["ability"]["kind"] in ABILITY_KINDS and new["r"]["kind"] in R_KINDS
        assert {e["kind"] for skill in ("normal", "consume") for e in new[skill]["effects"]} <= set(EFFECTS)
    else:
        assert {e["kind"] for e in new["effects"]} <= set(AFTERLIFE_EFFECTS)

    assert cardtext.regenerate(game, card_text, cards_file=cards_file, doc_file=tmp_path / "none.md") == [cards_file]

    loaded = {card.id: card for card in load_cards(game, cards_file)}
    card = loaded[new["id"]]
    assert card.text_en == card_text(new, "en") and card.text_ja == card_text(new, "ja")
    assert JAPANESE.search(card.text_ja) and card.name("ja") == new["name_ja"]
    assert [c.id for c in load_cards(game)] == list(loaded)[:-1]  # the others are untouched
    assert cardtext.regenerate(game, card_text, cards_file=cards_file, doc_file=tmp_path / "none.md") == []


def test_the_command_checks_every_game_and_refuses_an_unknown_one(capsys) -> None:
    from bot.__main__ import main

    assert main(["cardtext", "--check"]) == 0
    assert main(["cardtext", "--check", *GAMES_WITH_TEXT]) == 0
    assert main(["cardtext", "nosuchgame"]) == 2
    assert "nosuchgame" in capsys.readouterr().err
