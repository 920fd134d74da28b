"""``python -m bot arena``: seats alternate, every match is counted, the last line is machine-readable."""

from __future__ import annotations

import json
import re

import tools.arena
from bot.__main__ import main
from tools.arena import p95, run_arena

LAST_LINE = re.compile(r"^a_wins=(\d+) b_wins=(\d+) draws=(\d+) p95_ms=(\d+)$")


def test_a_small_run_counts_every_match_and_alternates_seats():
    seats = []
    report = run_arena("wars", "easy", "random", matches=2, think_ms=2, seed=3,
                       on_match=lambda index, result: seats.append(index % 2))
    assert report.matches == 2 and report.a_wins + report.b_wins + report.draws == 2
    assert seats == [0, 1]
    assert report.think_ms  # the search's decisions were timed
    assert LAST_LINE.match(report.lines()[-1])
    median = sorted(report.think_ms)[(len(report.think_ms) + 1) // 2 - 1]
    assert report.lines()[-2] == f"think_ms p50 {median:.0f} p95 {p95(report.think_ms):.0f}"


def test_each_deal_is_played_twice_with_the_seats_swapped():
    """Matches 2k and 2k + 1 are one deal (Starfall: one ordered deck pair, the same shuffles), player A in
    seat 0 and then seat 1, so A plays each deck of a pair; the next deal is the next pair."""
    records: list[dict] = []
    run_arena("starfall", "greedy", "random", matches=4, seed=0, on_record=records.append)
    keys = {record["index"]: tuple(record["keys"]) for record in records}
    assert keys[0] == keys[1] and keys[2] == keys[3] and keys[0] != keys[2]
    assert {keys[0][0], keys[1][1]} == set(keys[0])  # A's deck: seat 0's in match 0, seat 1's in match 1
    header = tools.arena.run_header("starfall", "greedy", "random", 0, {})
    assert header["arena"]["deal"] == "paired"  # a record dealt one match a deal is another run


def test_a_score_is_counted_by_the_side_a_held():
    """A level may be strong with one deck and even with another: A's score by its own side says which."""
    records: list[dict] = []
    report = run_arena("starfall", "greedy", "random", matches=6, seed=0, on_record=records.append)
    expected: dict[str, list[float]] = {}
    for record in records:
        a_seat = record["index"] % 2
        won = 0.5 if record["winner"] is None else float(record["winner"] == a_seat)
        expected.setdefault(record["keys"][a_seat], []).append(won)
    assert {key: (tally.points, tally.games) for key, tally in report.a_sides.items()} == {
        key: (sum(scores), len(scores)) for key, scores in expected.items()}
    assert len(expected) >= 2  # the deals' deck pairs give A more than one deck
    lines = [line for line in report.lines() if line.startswith("a_score_by_side ")]
    assert lines == [f"a_score_by_side {key} {report.a_sides[key].line()}" for key in sorted(expected)]
    assert not run_arena("wars", "random", "random", matches=2, seed=0).a_sides  # 3x3 Wars has no sides


def test_tetra_draws_the_characters_at_random_and_counts_each_side_seat_and_pair():
    report = run_arena("tetra", "greedy", "greedy", matches=6, seed=0)
    sides = report.sides
    keys = set(sides.by_key)
    assert keys <= {"red", "yellow", "blue"} and len(keys) >= 2  # drawn at random, not one fixed pair
    assert sum(t.games for t in sides.by_key.values()) == 12  # every match once for each side
    assert sides.by_seat[0].games == sides.by_seat[1].games == 6
    assert sides.by_seat[0].points + sides.by_seat[1].points == 6
    for (a, b), pair in sides.pairs.items():
        assert pair.points + sides.pairs[(b, a)].points == pair.games
    lines = report.lines()
    assert [line for line in lines if line.startswith("win_rate ")] == [
        *(f"win_rate {key} {sides.by_key[key].line()}" for key in sorted(keys)),
        f"win_rate seat0 {sides.by_seat[0].line()}", f"win_rate seat1 {sides.by_seat[1].line()}"]
    assert all(" ci95 " in line for line in lines if line.startswith(("win_rate ", "vs ")))
    assert LAST_LINE.match(lines[-1])


def test_the_command_prints_the_summary_last(capsys):
    assert main(["arena", "formation", "--a", "random", "--b", "greedy", "--matches", "2", "--seed", "1"]) == 0
    match = LAST_LINE.match(capsys.readouterr().out.strip().splitlines()[-1])
    assert match is not None and sum(int(match.group(i)) for i in (1, 2, 3)) == 2


def test_a_level_the_game_lacks_is_refused(capsys):
    # The platform tests' tiny game (registered by tests/conftest.py) has neither a greedy policy nor a bot.
    assert main(["arena", "tiny", "--a", "greedy", "--b", "random", "--matches", "1"]) == 2
    assert "no greedy policy" in capsys.readouterr().err
    assert main(["arena", "tiny", "--a", "easy", "--b", "random", "--matches", "1"]) == 2
    assert "no bot player" in capsys.readouterr().err
    assert main(["arena", "chess", "--matches", "1"]) == 2


def test_each_searching_player_gets_its_own_think_times_and_a_has_an_interval():
    report = run_arena("wars", "easy", "random", matches=2, think_ms=2, seed=3)
    lines = report.lines()
    own = [line for line in lines if line.startswith("think_ms a=")]
    assert own == [f"think_ms a=easy p50 {sorted(report.think_ms_of[0])[(len(report.think_ms_of[0]) + 1) // 2 - 1]:.0f}"
                   f" p95 {p95(report.think_ms_of[0]):.0f} n={len(report.think_ms_of[0])}"]
    assert not report.think_ms_of[1] and not any(line.startswith("think_ms b=") for line in lines)  # random: none
    assert report.think_ms_of[0] == report.think_ms  # only A searched
    score = next(line for line in lines if line.startswith("a_score "))
    assert re.fullmatch(r"a_score \d+\.\d% ci95 \d+\.\d-\d+\.\d", score)


def test_an_option_fixes_the_pairing_and_a_bad_one_is_refused(capsys):
    report = run_arena("tetra", "greedy", "greedy", matches=4, seed=0, options={"characters": "red-yellow"})
    assert set(report.sides.by_key) == {"red", "yellow"} and report.sides.by_key["red"].games == 4
    assert main(["arena", "tetra", "--a", "random", "--b", "random", "--matches", "1",
                 "--option", "characters=red-green"]) == 2
    assert "characters" in capsys.readouterr().err
    assert main(["arena", "tetra", "--matches", "1", "--option", "characters"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err


def _summary(text: str) -> list[str]:
    """A report's lines without the think times (they are timings, never equal twice)."""
    return [line for line in text.strip().splitlines() if not line.startswith("think_ms")
            and not line.startswith("a_wins=")] + [text.strip().splitlines()[-1].rsplit(" p95_ms=", 1)[0]]


def test_a_recorded_run_resumes_where_it_stopped_and_reports_as_one_run(tmp_path, capsys, monkeypatch):
    """``--record``: a cell of hours is measured over several sittings; a run killed midway (its last line
    cut) plays that match again, and the summary over all of them is the one an unbroken run prints."""
    command = ["arena", "tetra", "--a", "greedy", "--b", "random", "--seed", "4"]
    assert main([*command, "--matches", "6"]) == 0
    unbroken = capsys.readouterr().out
    record = tmp_path / "cell.jsonl"
    assert main([*command, "--matches", "3", "--record", str(record)]) == 0
    first = capsys.readouterr()
    assert [line.split()[1] for line in first.err.splitlines() if line.startswith("match ")] == ["0", "1", "2"]
    with record.open("a", encoding="utf-8") as file:  # a kill while the match's line was being written
        file.write('{"index": 3, "winner": 0, "ke')
    assert main([*command, "--matches", "6", "--record", str(record)]) == 0
    resumed = capsys.readouterr()
    assert "3 matches kept" in resumed.err
    assert [line.split()[1] for line in resumed.err.splitlines() if line.startswith("match ")] == ["3", "4", "5"]
    assert _summary(resumed.out) == _summary(unbroken)
    assert len(record.read_text(encoding="utf-8").splitlines()) == 1 + 6
    # Another run's file is refused and left as it was.
    kept = record.read_text(encoding="utf-8")
    assert main(["arena", "tetra", "--a", "greedy", "--b", "random", "--seed", "5", "--matches", "6",
                 "--record", str(record)]) == 2
    assert "another run" in capsys.readouterr().err and record.read_text(encoding="utf-8") == kept
    # So is a file played by other code (a change to the bot or the game since): its matches are another run's.
    monkeypatch.setattr(tools.arena, "code_digest", lambda game: "changed")
    assert main([*command, "--matches", "6", "--record", str(record)]) == 2
    assert "another run" in capsys.readouterr().err and record.read_text(encoding="utf-8") == kept


def test_matches_played_at_once_count_as_one_at_a_time(tmp_path, capsys):
    """``--jobs 2``: two processes play the matches; the summary is the one a run of one at a time prints,
    and the record holds every match once (resumable as any)."""
    command = ["arena", "formation", "--a", "greedy", "--b", "random", "--seed", "2", "--matches", "4"]
    assert main(command) == 0
    alone = capsys.readouterr().out
    record = tmp_path / "jobs.jsonl"
    assert main([*command, "--jobs", "2", "--record", str(record)]) == 0
    together = capsys.readouterr()
    assert _summary(together.out) == _summary(alone)
    assert sorted(json.loads(line)["index"] for line in record.read_text(encoding="utf-8").splitlines()[1:]) \
        == [0, 1, 2, 3]
    assert main([*command, "--jobs", "0"]) == 2 and "at least 1" in capsys.readouterr().err
