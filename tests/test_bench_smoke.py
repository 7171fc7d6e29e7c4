"""The bench runs end to end at a tiny size: every part yields its figures, none crashes.

No timing is asserted here (the machine is shared and noisy); ``rheinbot bench`` reports the
figures and their targets.
"""

from __future__ import annotations

import io

import pytest

from bench import run
from bench.common import FINISHED, Figure, median_figures, percentile

TINY = 0.01


@pytest.mark.parametrize("part", sorted(run.PARTS))
def test_each_part_yields_figures_without_errors(part):
    figures = run.run_parts([part], TINY, repeat=1)
    assert figures, part
    # 18Rhl is still being finished by others: its rows may report an error, never crash.
    broken = [f for f in figures if f.status == "error" and "18rhl" not in f.part
              and f.part != "18rhl"]
    assert not broken, [(f.part, f.name, f.error) for f in broken]
    for figure in figures:
        if figure.status != "error":
            assert figure.value is not None and figure.value >= 0, figure
    if part in ("engine", "render", "service"):  # each finished game is measured there
        measured = {f.part for f in figures if f.status != "error"}
        assert {f"{part} {game}" for game in FINISHED} <= measured


def test_main_prints_one_table_and_writes_results(tmp_path):
    out = io.StringIO()
    results = tmp_path / "RESULTS.md"
    code = run.main(["--only", "store,scale", "--repeat", "1", "--size", str(TINY),
                     "--results", str(results)], out=out)
    text = out.getvalue()
    assert code == 0
    assert text.count("| part | figure | measured | target | status | note |") == 1
    assert "store" in text and "scale" in text and "nproc" in text
    assert results.read_text().startswith("# Bench results")


def test_unknown_part_is_refused():
    out = io.StringIO()
    assert run.main(["--only", "engine,warp"], out=out) == 2
    assert "warp" in out.getvalue()


def test_status_compares_against_the_target_in_the_right_direction():
    assert Figure("p", "n", 4.0, "ms", 5.0, "low").status == "pass"
    assert Figure("p", "n", 6.0, "ms", 5.0, "low").status == "MISS"
    assert Figure("p", "n", 999.0, "/s", 1000.0, "high").status == "MISS"
    assert Figure("p", "n", 1000.0, "/s", 1000.0, "high").status == "pass"
    assert Figure("p", "n", 1.0, "ms").status == "-"


def test_repeated_runs_keep_each_figures_median():
    runs = [[Figure("p", "n", value, "ms")] for value in (3.0, 9.0, 4.0)]
    assert median_figures(runs)[0].value == 4.0


def test_percentile_is_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 99) == 99.0
    assert percentile([7.0], 99) == 7.0


def test_rheinbot_bench_command_runs_the_chosen_part():
    from bot import cli

    out = io.StringIO()
    code = cli.main(["bench", "--only", "scale", "--repeat", "1", "--size", str(TINY)], out=out)
    assert code == 0
    assert "| scale | RSS" in out.getvalue()


def test_results_file_keeps_its_notes(tmp_path):
    results = tmp_path / "RESULTS.md"
    results.write_text("# Bench results\n\nold table\n\n## Notes\n\nbefore/after\n")
    run.write_results(results, ["new table"])
    text = results.read_text()
    assert "new table" in text and "old table" not in text
    assert text.endswith("## Notes\n\nbefore/after\n")


def test_half_the_seats_alternate_and_sum_their_first_places():
    from bench.ai_strength import play, tested_seats

    assert tested_seats(4, 7, "one") == {3}
    assert tested_seats(4, 7, "half") == {3, 1}
    assert tested_seats(5, 2, "half") == {2, 4}
    assert tested_seats(5, 3, "half") == {3, 0, 2}  # odd games seat the extra one
    outcome = play("rhein", 2, 0, "normal", "easy", "half")
    assert outcome.equal == 0.5 and outcome.share in (0.0, 0.5, 1.0)
    assert outcome.win == (outcome.share == 1.0)
