"""Issue 26: a match thread tells the whole story. Whole demo matches of every game through the real bot
and the fake Discord (which keeps every message's earlier versions): no line a member saw is ever lost."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bot import i18n
from bot.games import GAME_IDS, get_game
from bot.ui.panel import Names
from bot.ui.thread import MESSAGE_LIMIT, packed, result_line
from tests.e2e.demo_matches import demo_match
from tests.e2e.story import lost_lines, story_lines

GAMES = list(GAME_IDS)  # the five real games (not the tests' own tiny ones)


async def _thread(game_id: str, seed: int, locale: str = "en"):
    """The demo match's result and its thread as (final text, earlier texts) a message (tests/e2e/demo_matches.py:
    played once a session, shared with test_alt_text_demos.py). Every step edits the live message there
    (``thread_edit_s`` 0), so that edits happen and the check below has earlier versions to compare (the default
    setting holds quick steps for the next post: tests/e2e/test_thread_budget.py)."""
    played = await demo_match(game_id, seed, locale)
    return played.result, [(m.content, [r.get("content") or "" for r in m.revisions]) for m in played.thread]


NAMES = Names(("Alice", "Bob"))
INTERNAL = re.compile(r"higher life wins|reached 0\)|the deck ran out:|: a draw|seat \d")


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_line_ever_shown_in_the_thread_is_in_its_final_text(game_id):
    result, messages = await _thread(game_id, 11)
    assert any(revisions for _, revisions in messages), "the match never edited its live message"
    assert lost_lines(messages, "en") == []
    assert all(len(content) <= MESSAGE_LIMIT for content, _ in messages)
    # The end is in the thread in words: who won, how, and the figures when the game has them.
    match = result["match"]
    said = result_line(match, NAMES)
    story = "\n".join(content for content, _ in messages)
    assert said in story and not INTERNAL.search(said)
    outcome = get_game(game_id).engine.outcome(match.state)
    if outcome.args and match.winner is not None:
        loser = NAMES.seats[1 - match.winner]
        assert re.search(r"\d+–\d+", said) or loser in said, said
    assert ": the deck ran out: higher life wins" not in story  # the game's own end line is not said twice


async def test_no_line_is_lost_in_japanese_either():
    _, messages = await _thread("starfall", 7, "ja")
    assert lost_lines(messages, "ja") == []


def test_a_long_post_goes_on_in_the_next_message_with_every_line_whole():
    lines = [f"Round {n}: Alice scores {n * 3} and Bob scores {n * 2}." for n in range(200)]
    parts = packed(lines, room=200)
    assert len(parts) > 1
    assert all(len(part) <= MESSAGE_LIMIT for part in parts) and len(parts[-1]) <= MESSAGE_LIMIT - 200
    assert [line for part in parts for line in story_lines(part)] == lines
    assert packed(["one", "two"]) == ["one\ntwo"]


def test_the_check_itself_finds_a_line_an_edit_dropped():
    """The whole-match check above fails when an edit drops a line (what a 14-line window did)."""
    messages = [("Round 1 begins.\nAlice plays.", ["Round 1: Alice scores 8.\nRound 1 begins."])]
    assert lost_lines(messages, "en") == ["Round 1: Alice scores 8."]
    folded = [("Alice placed 3 cards face down.", ["Alice placed a card face down.", "Alice placed 2 cards face down."])]
    assert lost_lines(folded, "en") == []


async def test_results_in_words_in_english_and_japanese():
    result, _ = await _thread("formation", 11)
    match = result["match"]
    winner, loser = match.winner, 1 - match.winner
    points = get_game("formation").engine.outcome(match.state).args
    score = f"{points[f'points{winner}']}–{points[f'points{loser}']}"
    mention = f"<@{match.players[winner]}>"
    assert result_line(match, NAMES) == f"🏆 {mention} wins on points, {score}."
    japanese = dataclasses.replace(match, locale="ja")
    assert result_line(japanese, NAMES) == f"🏆 {mention} さんの得点勝ち（{score}）。"
    resigned = dataclasses.replace(match, result_reason="resign")
    assert result_line(resigned, NAMES) == f"🏆 {mention} wins: {NAMES.seats[loser]} resigned."
    assert result_line(dataclasses.replace(resigned, locale="ja"), NAMES) == (
        f"🏆 {mention} さんの勝ち：{NAMES.seats[loser]}さんが投了しました。")
    # Every game's own results have words in both languages, with the same placeholders.
    for locale in ("en", "ja"):
        keys = [k for k in i18n.catalogue(locale) if ".result." in k or k.startswith("result.")]
        assert len(keys) == 23
        for key in keys:
            assert set(re.findall(r"\{(\w+)", i18n.catalogue("en")[key])) == set(
                re.findall(r"\{(\w+)", i18n.catalogue("ja")[key])), key


def test_lines_about_a_card_name_its_owner_in_words():
    """Issue 26: "Alice's Shield Bearer (f3)", not "Shield Bearer on f3" (both players have an f3)."""
    from bot.ui.thread import public_lines
    from cogs.starfall.text import card_name, square_name

    damage = (1, 1, ["x"], [["starfall.event.damage", {"seat": 0, "card": "S03", "square": "f3", "amount": 20}, None]])
    assert public_lines(get_game("starfall"), [damage], "en", NAMES) == ["Alice's Shield Bearer (f3) takes 20 damage."]
    assert public_lines(get_game("starfall"), [damage], "ja", NAMES) == [
        f"Aliceの{card_name('S03', 'ja')}（{square_name('f3', 'ja')}）に20ダメージ。"]
    owned = {"starfall": [k for k in i18n.catalogue("en") if k.startswith("starfall.event.")
                          and "{card}" in i18n.catalogue("en")[k] and "{square}" in i18n.catalogue("en")[k]],
             "tetra": ["tetra.event.charge", "tetra.event.cube", "tetra.event.release", "tetra.event.overcharge"],
             "wars": ["wars.event.destroyed", "wars.event.undying"]}
    for keys in owned.values():
        for key in keys:
            for locale in ("en", "ja"):
                text = i18n.catalogue(locale)[key]
                assert "{seat}" in text and text.index("{seat}") < text.index("{card}"), (locale, key)
    # Each card named with its owner, before it: the seat argument, or the owner the engine adds (a countered
    # removal's target is the opponent's; both cards of a drawn Formation battle).
    before = {"wars.event.reinforced": [("seat", "target")], "wars.event.veiled": [("seat", "target")],
              "wars.event.increased": [("seat", "target")], "wars.event.spell_countered_on": [("player", "target")],
              "afterlife.event.resolved": [("seat", "card")],
              "formation.event.battle_draw": [("attacker", "card"), ("defender", "other")]}
    for key, pairs in before.items():
        for locale in ("en", "ja"):
            text = i18n.catalogue(locale)[key]
            for owner, card in pairs:
                assert text.index("{" + owner + "}") < text.index("{" + card + "}"), (locale, key)
    drawn = (2, 1, ["defend:back:2"], [["formation.event.battle_draw",
                                        {"attacker": 0, "card": "b9", "defender": 1, "other": "b9"}, None]])
    assert public_lines(get_game("formation"), [drawn], "en", NAMES) == [
        "Draw: Alice's Blue 9 and Bob's Blue 9 are equal; each takes their own card back."]
    countered = (3, 0, ["counter:047"], [["wars.event.spell_countered_on", {"seat": 0, "player": 1, "target": "020"},
                                          None]])
    assert public_lines(get_game("wars"), [countered], "en", NAMES) == [
        "The spell on Bob's Dragon Queen (Water 9) was countered."]
    # Words, not shorthand: no "★ changes by", "cast +1"; a heal of nothing and the round start's stars unsaid.
    for locale in ("en", "ja"):
        texts = [v for k, v in i18n.catalogue(locale).items() if k.startswith(("starfall.event.", "tetra.event."))]
        assert not [v for v in texts if re.search(r"★\{|changes by|cast \+1|詠唱\+1", v)]


@pytest.mark.parametrize("game_id", ["formation", "wars"])
async def test_the_final_hands_are_said_to_be_their_owners(game_id):
    final = [m for m in (await demo_match(game_id, 11, "en")).thread if m.content.startswith("The hands at the end")]
    assert len(final) == 1 and len(final[0].files) == 2
    for owner, file in zip(NAMES.seats, final[0].files, strict=True):  # the picture's words: whose hand
        assert f"{owner}'s hand" in file.description and "Your " not in file.description, file.description
