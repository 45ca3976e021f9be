"""The real-path benchmark runs end to end (small counts, enough for each bot's CPU time to
show): both bots start, answer through the fake Discord, and the figures come out. What they
are is the benchmark's business, not a test's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bench.paired import code_root

ROOT = Path(__file__).resolve().parents[1]


def test_the_real_path_benchmark_measures_both_bots(tmp_path: Path) -> None:
    figures = tmp_path / "figures.json"
    done = subprocess.run(
        [sys.executable, "-m", "bench.real_path", "--commands", "200", "--rounds", "1",
         "--warm-up", "5", "--in-flight", "4", "--json", str(figures)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads(figures.read_text("utf-8"))
    assert set(summary["medians"]) == {"pawpost show", "pawpost check", "bare show"}
    assert all(rate > 0 for rate in summary["medians"].values())
    assert summary["pawpost show / bare show"] > 0
    assert summary["by cpu: pawpost show / bare show"] > 0
    assert all(cpu > 0 for cpu in summary["cpu ms a command"].values())
    assert "pawpost check / bare show:" in done.stdout


def test_the_paired_benchmark_runs_two_checkouts_at_once(tmp_path: Path) -> None:
    """This checkout against itself: both bots answer every command, and the ratios come out."""
    figures = tmp_path / "paired.json"
    done = subprocess.run(
        [sys.executable, "-m", "bench.paired", str(ROOT), "--commands", "200", "--rounds", "1",
         "--warm-up", "5", "--in-flight", "4", "--json", str(figures)],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads(figures.read_text("utf-8"))
    assert set(summary["other / this"]) == {"character show", "check"}
    assert all(ratio > 0 for ratio in summary["other / this"].values())
    for side in ("this", "other"):
        assert all(cpu[0] > 0 for cpu in summary["cpu ms a command"][side].values())
    assert "/check: other's CPU a command over this one's" in done.stdout


def test_a_paired_bot_runs_its_own_checkouts_code(tmp_path: Path) -> None:
    """`python -m` puts its working folder first on the path: each bot starts in its own
    checkout, so another checkout's bot does not run this one's code (as it once did)."""
    other = tmp_path / "other"
    (other / "bot").mkdir(parents=True)
    (other / "bot" / "__init__.py").write_text("", "utf-8")
    env = dict(os.environ) | {"PYTHONPATH": str(other)}
    assert code_root(other, env) == other.resolve()
    assert code_root(ROOT, dict(os.environ)) == ROOT
