"""The bench's verdict (tools/bench_summary.py): a table of every target with PASS or FAIL, exit 1 when one is
missed unless ``--report-only``, progress lines no more often than asked."""

from __future__ import annotations

from tools.bench_summary import Progress, Summary


def test_a_missed_target_fails_the_run_and_the_table_says_which(capsys):
    summary = Summary()
    summary.at_most("picture drawn, p95", 31.0, 25, "ms", "afterlife.board")
    summary.at_least("decisions a second", 117.0, 100, "decisions/s")
    summary.at_most("click -> board p95 with a bot match thinking", 0.12, 0.20, "%")
    assert summary.exit_status(report_only=False) == 1
    table = capsys.readouterr().out.splitlines()
    assert table[1].split() == ["target", "measured", "limit", "result"]
    rows = {line.split("  ")[0]: line for line in table[2:5]}
    assert rows["picture drawn, p95 (afterlife.board)"].split("  ")[-1] == "FAIL"
    assert rows["picture drawn, p95 (afterlife.board)"].split()[-6:] == \
        ["31.0", "ms", "<=", "25", "ms", "FAIL"]
    assert rows["decisions a second"].rstrip().endswith("PASS") and ">= 100 decisions/s" in rows["decisions a second"]
    assert "+12%" in table[4] and "<= +20%" in table[4] and table[4].endswith("PASS")
    assert table[-1] == "1 of 3 targets missed"


def test_report_only_exits_0_and_all_met_says_so(capsys):
    summary = Summary()
    summary.at_most("picture drawn, p95", 31.0, 25, "ms")
    assert summary.exit_status(report_only=True) == 0
    summary = Summary()
    summary.at_least("decisions a second", 100.0, 100, "decisions/s")
    assert summary.exit_status(report_only=False) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "all 1 targets met"


def test_progress_speaks_only_after_its_interval(capsys):
    quiet = Progress("clicks", 100, every=3600)
    quiet.tick(50)
    assert capsys.readouterr().err == ""
    eager = Progress("clicks", 100, every=0)
    eager.tick(50)
    assert capsys.readouterr().err.startswith("  clicks: 50/100 after ")
