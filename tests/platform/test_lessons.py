"""Lessons (/learn, bot/lessons.py, cogs/<game>/lesson.py, bot/store/lessons.py): every listed game has one
whose position starts, whose coach has a line for every decision of the learner with words in English and
Japanese, and which reads only the learner's own view (hidden cards swapped, same words); the store shows a
tip once per learner, keeps it on the panel it was first shown on, limits lessons apart from normal play and
leaves them out of a member's record (SQLite and PostgreSQL)."""

from __future__ import annotations

import random
import string

import pytest

from bot import i18n
from bot.games import GAME_IDS, get_game
from bot.lessons import LEARNER_SEAT, coach_line, coach_text, lesson_of, lesson_options
from bot.store import ActiveMatchLimit
from tests.contract.games import determinize_hide, engine_of, hooks_of

EVERY = 2  # learner decisions sampled along each random lesson for the swap check
MATCHES = 2


def lesson_states(game_id: str):
    """States of random lessons (the learner's and the bot's answers by the contract suite's chooser) at which
    the learner owes a decision, every ``EVERY``-th."""
    lesson, engine, hooks = lesson_of(game_id), engine_of(game_id), hooks_of(game_id)
    options = lesson_options(lesson) | get_game(game_id).start_options
    for match in range(MATCHES):
        rng = random.Random(f"lesson:{game_id}:{match}")
        state = engine.new_game(lesson.seed, options)
        number = 0
        while engine.outcome(state) is None:
            pending = engine.pending(state)
            if any(d.seat == LEARNER_SEAT for d in pending):
                if number % EVERY == 0:
                    yield state
                number += 1
            decision, choice = hooks.choose(state, pending, rng)
            state, _ = engine.apply(state, decision.seat, choice)


def template_fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_a_lesson_whose_words_exist_in_both_languages(game_id: str) -> None:
    lesson = lesson_of(game_id)
    assert lesson is not None and lesson.game == game_id and lesson.lines and lesson.tips
    options = lesson_options(lesson)
    names = {option.name for option in get_game(game_id).engine.match_options}
    assert set(lesson.options) <= names and options["bot_level"] == "easy"
    assert (lesson.decks is None) == (get_game(game_id).deck_rule is None)
    for locale in i18n.LOCALES:
        for line in lesson.lines:
            assert i18n.has(f"lesson.{game_id}.coach.{line}"), (locale, line)
        for tip in lesson.tips:
            text = i18n.t(f"lesson.{game_id}.tip.{tip}", locale)
            assert text and not template_fields(text) and len(text) <= 300, (locale, tip)
    assert lesson_of("tiny") is None  # a game registered at run time has no lesson


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_coach_reads_only_the_learners_view(game_id: str) -> None:
    """Swap everything the learner cannot see (the bot's hand, decks, face-down cards): the coach says the same."""
    lesson, engine = lesson_of(game_id), engine_of(game_id)
    hide = hooks_of(game_id).hide or determinize_hide(game_id)
    rng = random.Random(f"swap:{game_id}")
    said_lines, checked = set(), 0
    for state in lesson_states(game_id):
        swapped = hide(state, LEARNER_SEAT, rng)
        decision = next(d for d in engine.pending(state) if d.seat == LEARNER_SEAT)
        other = next(d for d in engine.pending(swapped) if d.seat == LEARNER_SEAT)
        said = coach_line(lesson, decision, engine.view(state, LEARNER_SEAT))
        assert coach_line(lesson, other, engine.view(swapped, LEARNER_SEAT)) == said
        assert said.line in lesson.lines and set(said.tips) <= set(lesson.tips), said
        for locale in i18n.LOCALES:
            text = coach_text(lesson, said, said.tips, locale)
            assert "{" not in text and len(text) <= 1000, text
        said_lines.add(said.line)
        checked += 1
    assert checked >= 10 and len(said_lines) >= 4, (checked, said_lines)  # the coach adapts to the situation


def test_a_defender_that_cannot_win_is_told_so_from_its_own_cards() -> None:
    """Formation: the coach's defence line follows the learner's own back row (a situation, not a script)."""
    from bot.engine import Decision
    from cogs.formation.lesson import coach

    def view(card: str) -> dict:
        return {"seats": [{"board": [{"square": "back:1", "bonus": 0, "wild": False,
                                      "cards": [{"card": card, "face_up": False}]}]}, {"board": []}]}

    decision = Decision(seat=0, prompt="formation.prompt.defend", options=("defend:back:1", "defend:back:2"),
                        args={"colour": "red", "rank": 7, "card": "r7"})
    assert coach(decision, view("r9")).line == "defend_win"
    assert coach(decision, view("b9")).line == "defend_lose"  # the wrong colour cannot win
    assert coach(decision, view("r5")).line == "defend_lose"
    twelve = Decision(seat=0, prompt="formation.prompt.defend", options=("defend:back:1", "defend:back:2"),
                      args={"colour": "blue", "rank": 12, "card": "b12"})
    assert coach(twelve, view("r0")).line == "defend_win"  # 0 beats 12


async def _lesson(store, user: int = 10, kind: str = "lesson", limit: int | None = 1) -> int:
    return await store.create_match(
        game="tiny", options={}, seed=1, guild_id=1, channel_id=2, players=(user, 99), bot_seat=1, days=3,
        locale="en", state={"x": 0}, panels={"0": 0}, now=0.0, deadline=10.0, next_timer_at=None,
        active_limit=limit, kind=kind)


async def test_a_tip_is_shown_once_per_learner_and_stays_on_its_panel(store):
    match_id = await _lesson(store)
    first = await store.tips_to_show(10, "tiny", ("rows", "battle"), match_id, 3, now=1.0)
    assert first == ("rows", "battle")
    # The same panel drawn again (an edit, a page, a restart) says the same; a later panel says nothing new.
    assert await store.tips_to_show(10, "tiny", ("rows", "battle"), match_id, 3, now=2.0) == ("rows", "battle")
    assert await store.tips_to_show(10, "tiny", ("battle", "zero"), match_id, 4, now=3.0) == ("zero",)
    assert await store.tips_to_show(10, "tiny", ("rows",), match_id, 5, now=4.0) == ()
    # Another learner, or another game, starts afresh.
    assert await store.tips_to_show(11, "tiny", ("rows",), match_id, 5, now=5.0) == ("rows",)
    assert await store.tips_to_show(10, "other", ("rows",), match_id, 5, now=5.0) == ("rows",)
    assert await store.tips_seen(10, "tiny") == {"rows", "battle", "zero"}
    assert await store.tips_to_show(10, "tiny", (), match_id, 6, now=6.0) == ()


async def test_lessons_are_limited_apart_from_normal_play_and_left_out_of_the_record(store):
    lesson = await _lesson(store)
    assert (await store.get_match(lesson)).kind == "lesson"
    assert (await store.active_lesson_of(10)).id == lesson
    with pytest.raises(ActiveMatchLimit):  # one lesson at a time, counted in the creating transaction
        await _lesson(store)
    # The lesson is not an active match of normal play: a limit of 1 still lets a real match start.
    assert await store.count_active(10) == 0 and await store.count_active(10, "lesson") == 1
    match = await _lesson(store, kind="match", limit=1)
    assert (await store.get_match(match)).kind == "match"
    for match_id in (lesson, match):
        await store.db.execute("UPDATE matches SET status = 'finished', finished_at = 5.0 WHERE id = ?",
                               (match_id,))
    assert [m.id for m in await store.finished_matches_of(10, 1)] == [match]  # /stats, /history: no lesson
    assert await store.active_lesson_of(10) is None


def test_zero_beats_twelve_reads_the_printed_numbers() -> None:
    """Formation: a 12 on a Rank+ square still loses to a 0, a 10 on Rank+2 is no 12, and a 12 defending loses
    to an attacking 0 whatever its colour and rank."""
    from bot.engine import Decision
    from cogs.formation.lesson import coach

    def view(card: str, bonus: int = 0) -> dict:
        return {"seats": [{"board": [{"square": "back:1", "bonus": bonus, "wild": False,
                                      "cards": [{"card": card, "face_up": False}]}]}, {"board": []}]}

    def defend(card: str, colour: str, rank: int) -> Decision:
        return Decision(seat=0, prompt="formation.prompt.defend", options=("defend:back:1",),
                        args={"colour": colour, "rank": rank, "card": card})
    assert coach(defend("r12", "red", 13), view("b0")).line == "defend_only_win"  # a 12 on Rank+1
    assert coach(defend("r10", "red", 12), view("b0")).line == "defend_only_lose"  # a 10 on Rank+2 is no 12
    assert coach(defend("r0", "red", 0), view("r12")).line == "defend_only_lose"  # an attacking 0 beats a 12
    two = Decision(seat=0, prompt="formation.prompt.defend", options=("defend:back:1", "defend:back:2"),
                   args={"colour": "red", "rank": 3, "card": "r3"})
    assert coach(two, view("r9")).line == "defend_win"


def test_the_coach_says_a_long_line_once_then_a_shorter_one_and_names_forced_moves() -> None:
    from bot.engine import Decision
    from cogs.formation.lesson import coach

    def attack(options: tuple[str, ...], round_: int, battle: int) -> str:
        decision = Decision(seat=0, prompt="formation.prompt.attack", options=options,
                            args={"round": round_, "battle": battle})
        return coach(decision, {"seats": [{"board": []}, {"board": []}]}).line
    two = ("attack:front:1", "attack:front:2")
    assert attack(two, 1, 1) == "attack" and attack(two, 1, 2) == "attack"
    assert attack(two, 1, 3) == "attack_again" and attack(two, 2, 1) == "attack_again"
    assert attack(("attack:front:1",), 1, 1) == "attack_only"
    reserve = Decision(seat=0, prompt="formation.prompt.place_reserve", options=("place:reserve:1:r5",))
    assert coach(reserve, {"round": 2, "rounds": 3}).line == "place_reserve"  # the card left is kept
    assert coach(reserve, {"round": 3, "rounds": 3}).line == "place_reserve_last"  # ... but not after the last


def test_the_coach_names_what_the_options_offer() -> None:
    """Each game's coach reads the offered options: a Veil reinforcement is not "nothing fits", a heal's target is
    an ally, a card that needs its cost reduction is told so, public-only casting is not a damage spell."""
    from bot.engine import Decision
    from cogs.afterlife.lesson import coach as afterlife
    from cogs.starfall.lesson import coach as starfall
    from cogs.tetra.lesson import coach as tetra
    from cogs.wars.lesson import coach as wars

    veil = Decision(seat=0, prompt="wars.prompt.reinforce", options=("veil:035:029", "pass"))
    said = wars(veil, {"players": [{}, {}]})
    assert said.line == "reinforce_veil" and "veil" in said.tips
    heal = Decision(seat=0, prompt="starfall.prompt.target", options=("target:s:f1", "target:s:b2"))
    assert starfall(heal, {}).line == "target_ally" and starfall(heal, {}).tips == ()
    hit = Decision(seat=0, prompt="starfall.prompt.target", options=("target:o:f1", "target:o:b2"))
    assert starfall(hit, {}).line == "target"
    assert afterlife(Decision(seat=0, prompt="afterlife.prompt.cut", options=("cut:R09",)), {}).line == "cut_needed"
    assert afterlife(Decision(seat=0, prompt="afterlife.prompt.cut", options=("cut:R09", "nocut")), {}).line == "cut"
    public = Decision(seat=0, prompt="tetra.prompt.cast", options=("cast:P01", "pass"))
    assert tetra(public, {}).line == "cast_public"
    hand = Decision(seat=0, prompt="tetra.prompt.cast", options=("cast:P01", "cast:H-R1", "pass"))
    assert tetra(hand, {}).line == "cast"
