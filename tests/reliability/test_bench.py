"""`pawpost bench` on a tiny seed: every verb of the mix runs, the floor replays it, and the JSON
has every figure the README quotes."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

from bot.bench.options import BenchOptions, Sizes
from bot.bench.run import bench, ruleset_bench
from bot.cli import main
from bot.registry import RULESETS

KEYS = {
    "c1",
    "c32",
    "floor_commands_per_s",
    "ratio_c32",
    "reminder_one_server_10k_s",
    "reminder_1000_servers_s",
    "startup_100k_s",
    "bytes_per_1k_cats",
}
TINY = Sizes(
    big_server_cats=50,
    reminder_servers=5,
    reminder_cats=10,
    size_cats=20,
    size_days=3,
    tick_cats=30,
)


async def test_the_bench_runs_the_whole_mix_and_writes_every_figure(tmp_path: Path) -> None:
    out = io.StringIO()
    path = tmp_path / "figures.json"
    options = BenchOptions(servers=4, cats=12, commands=150, json_path=str(path), sizes=TINY)
    figures = await bench(options, out, RULESETS)
    printed = out.getvalue()
    assert "left out" not in printed, printed  # every verb of the mix exists now
    assert set(figures) >= KEYS
    assert json.loads(path.read_text("utf-8")) == figures
    for run in ("c1", "c32"):
        assert set(figures[run]) == {"commands_per_s", "p50_ms", "p95_ms", "p99_ms"}
        assert figures[run]["commands_per_s"] > 0
    assert figures["floor_commands_per_s"] > 0 and figures["ratio_c32"] > 0
    assert figures["bytes_per_1k_cats"] > 0
    for share in ruleset_bench(RULESETS).shares:
        assert f"{share.name} " in printed  # each verb ran
    assert "refused" not in printed.split("floor")[0], printed
    # The reminder figures time real posts: every seeded server of the job has its reminder.
    assert "(0 posts)" not in printed, printed
    # The game clock's figure: one game day and one moon, each through at least one unit.
    clock = figures["game_clock"]
    assert clock["cats"] == TINY.tick_cats
    assert clock["game_day_units"] >= 1 and clock["moon_units"] >= 1
    assert 0 < clock["game_day_longest_unit_s"] <= clock["game_day_s"]
    assert 0 < clock["moon_longest_unit_s"] <= clock["moon_s"]


async def test_the_bench_can_time_the_game_clock_alone(tmp_path: Path) -> None:
    out = io.StringIO()
    options = BenchOptions(sizes=TINY, tick_only=True, ruleset="wcagr")
    figures = await bench(options, out, RULESETS)
    assert set(figures) == {"backend", "game_clock", "load_average"}
    assert "game clock, one wcagr server of 30 characters" in out.getvalue()


def test_the_command_line_refuses_an_existing_file(tmp_path: Path, capsys) -> None:
    existing = tmp_path / "pawpost.sqlite3"
    existing.write_bytes(b"")
    assert main(["bench", "--db", str(existing)]) == 2
    assert "already exists" in capsys.readouterr().err


def test_the_command_line_refuses_a_ruleset_without_a_mix(capsys, monkeypatch) -> None:
    # Every shipped ruleset has a mix: take Caverns' away to see the refusal.
    monkeypatch.setitem(RULESETS, "caverns", dataclasses.replace(RULESETS["caverns"], bench=None))
    assert main(["bench", "--ruleset", "caverns"]) == 2
    assert (
        capsys.readouterr().err
        == "Caverns and Cloiers has no benchmark mix yet, so it cannot be timed.\n"
    )
    assert main(["bench", "--ruleset", "chess"]) == 2
    assert "no ruleset 'chess'" in capsys.readouterr().err


async def test_the_bench_times_postgresql_too_and_leaves_no_schema(postgresql_schema) -> None:
    import psycopg

    from tests.conftest import POSTGRESQL

    def bench_schemas() -> set[str]:
        with psycopg.connect(POSTGRESQL) as connection:
            rows = connection.execute(
                "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'pawpost_bench_%'"
            ).fetchall()
        return {name for (name,) in rows}

    # Only this run's schemas count: a bench cut short elsewhere may have left its own.
    before = bench_schemas()
    out = io.StringIO()
    options = BenchOptions(servers=3, cats=10, commands=100, sizes=TINY, database=POSTGRESQL)
    figures = await bench(options, out, RULESETS)
    printed = out.getvalue()
    assert figures["backend"] == "PostgreSQL" and "on PostgreSQL" in printed
    assert set(figures) >= KEYS
    assert figures["c32"]["commands_per_s"] > 0 and figures["bytes_per_1k_cats"] > 0
    assert figures["floor_commands_per_s"] is None  # the floor is SQLite's statements
    assert "(0 posts)" not in printed, printed
    for share in ruleset_bench(RULESETS).shares:
        assert f"{share.name} " in printed
    # Round trips per command: each verb's at concurrency 1, the run's at 32. A /check is
    # BEGIN, the server's settings, the cat, its approval and profile, the audit row, and
    # COMMIT: six.
    trips = figures["c1"]["round_trips_per_command"]
    assert trips["check"] == 6 and 4 <= trips["all"] <= 13, trips
    assert figures["c32"]["round_trips_per_command"]["all"] >= 4
    assert "round trips to PostgreSQL per command: attack " in printed
    assert bench_schemas() - before == set()


async def test_the_wcagr_mix_runs_every_verb(tmp_path: Path) -> None:
    out = io.StringIO()
    options = BenchOptions(
        servers=4,
        cats=12,
        commands=150,
        json_path=str(tmp_path / "figures.json"),
        sizes=TINY,
        ruleset="wcagr",
    )
    figures = await bench(options, out, RULESETS)
    printed = out.getvalue()
    assert figures["c1"]["commands_per_s"] > 0 and figures["bytes_per_1k_cats"] > 0
    for share in ruleset_bench(RULESETS, "wcagr").shares:
        assert f"{share.name} " in printed  # each verb ran
