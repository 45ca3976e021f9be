"""The whole benchmark: a ruleset's mix from the registry, timed at concurrency 1 and 32 against
the raw sqlite3 floor, then the jobs' and size figures; printed as it goes, returned as JSON.
With `--database postgresql://...` the same figures are timed on PostgreSQL (no floor: it is
SQLite's own statements replayed through sqlite3)."""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from bot.bench.drive import Budget, run_mix
from bot.bench.figures import RunFigures, load_average, run_line, verbs_line
from bot.bench.floor import RECORD_LIMIT, Statement, replay_floor
from bot.bench.mix import RulesetBench
from bot.bench.options import BenchOptions, Sizes
from bot.bench.places import Places
from bot.bench.reminders import seeded_for_reminders, time_reminders
from bot.bench.seed import create_schema, seed
from bot.bench.size import bytes_per_1k_cats
from bot.bench.startup import time_startup
from bot.bench.tick import seeded_for_ticks, time_ticks
from bot.ruleset import Ruleset
from rules.errors import PawpostError
from rules.rulesets import RULESETS as RULES
from storage.settings import DEFAULT_RULESET

DEFAULT_SECONDS = 10.0


def ruleset_bench(
    rulesets: Mapping[str, Ruleset], ruleset_id: str = DEFAULT_RULESET
) -> RulesetBench[Any]:
    """The registry's benchmark verbs of a ruleset, refused with one sentence when it has none."""
    if ruleset_id not in RULES:
        raise PawpostError(
            f"There is no ruleset {ruleset_id!r}; the rulesets are {', '.join(RULES)}."
        )
    ruleset = rulesets.get(ruleset_id)
    if ruleset is None or ruleset.bench is None:
        raise PawpostError(
            f"{RULES[ruleset_id].name} has no benchmark mix yet, so it cannot be timed."
        )
    return ruleset.bench


async def bench(
    options: BenchOptions, out: TextIO, rulesets: Mapping[str, Ruleset]
) -> dict[str, Any]:
    """Run everything with the rulesets the composition root gives, print as it goes, and
    return the figures `--json` writes."""
    ruleset = ruleset_bench(rulesets, options.ruleset)
    seconds = options.seconds
    if seconds is None and options.commands is None:
        seconds = DEFAULT_SECONDS
    with tempfile.TemporaryDirectory(prefix="pawpost-bench-") as temporary:
        folder = Path(temporary)
        base = Path(options.db_path) if options.db_path else folder / "seed.sqlite3"
        if options.db_path:
            if base.exists():
                raise PawpostError(f"{base} already exists; the benchmark seeds a new file.")
            base.parent.mkdir(parents=True, exist_ok=True)
        places = Places(folder, options.database)
        await asyncio.to_thread(places.check)
        print(
            f"Pawpost benchmark on {places.backend} (load average at start: {load_average()})",
            file=out,
        )
        total = sum(s.weight for s in ruleset.shares)
        if not options.tick_only:
            print(
                "  mix: "
                + ", ".join(f"{s.name} {100 * s.weight / total:.1f} %" for s in ruleset.shares),
                file=out,
            )
        figures: dict[str, Any] = {"backend": places.backend}
        try:
            if not options.tick_only:
                runs, floor, ratio = await _mix_figures(
                    options, rulesets, ruleset, places, base, seconds, out
                )
                figures |= {
                    "c1": runs[1].as_json(),
                    "c32": runs[32].as_json(),
                    "floor_commands_per_s": None if floor is None else round(floor, 1),
                    "ratio_c32": None if ratio is None else round(ratio, 3),
                }
                figures |= await _job_figures(
                    options.ruleset, rulesets, ruleset, options.sizes, places, out
                )
            figures["game_clock"] = await _tick_figures(
                options.ruleset, rulesets, ruleset, options.sizes, places, out
            )
        finally:
            await asyncio.to_thread(places.drop)

    figures["load_average"] = load_average()
    if options.json_path:
        text = json.dumps(figures, indent=2) + "\n"
        await asyncio.to_thread(Path(options.json_path).write_text, text, "utf-8")
        print(f"  figures written to {options.json_path}", file=out)
    return figures


async def _mix_figures(
    options: BenchOptions,
    rulesets: Mapping[str, Ruleset],
    ruleset: RulesetBench[Any],
    places: Places,
    base: Path,
    seconds: float | None,
    out: TextIO,
) -> tuple[dict[int, RunFigures], float | None, float | None]:
    """Seed, then time the mix at concurrency 1 and 32 and (on SQLite) the floor: (runs,
    floor, ratio)."""
    began = time.perf_counter()
    await create_schema(base)
    world = seed(base, options.servers, options.cats, options.ruleset, ruleset.sheet_json)
    print(
        f"  seeded {options.servers} servers x {options.cats} cats"
        f" in {time.perf_counter() - began:.1f} s ({base})",
        file=out,
    )
    runs: dict[int, RunFigures] = {}
    if places.url is not None:
        for concurrency in (1, 32):
            copy = await places.copy_of(base, f"c{concurrency}")
            budget = Budget(options.commands, seconds)
            runs[concurrency] = await run_mix(
                copy,
                world,
                ruleset,
                concurrency,
                budget,
                rng_seed=options.seed + concurrency,
                rulesets=rulesets,
            )
            print(run_line(f"  concurrency {concurrency:>2}", runs[concurrency]), file=out)
            print(verbs_line(runs[concurrency]), file=out)
        return runs, None, None
    # The floor's statements are recorded first (untimed), so that the floor can be timed
    # right before and right after the concurrency-32 run: on a noisy machine the ratio
    # then compares like with like.
    log: list[Statement] = []
    await run_mix(
        await places.copy_of(base, "record"),
        world,
        ruleset,
        1,
        Budget(min(options.commands or RECORD_LIMIT, RECORD_LIMIT), None),
        rng_seed=options.seed,
        record=log,
        rulesets=rulesets,
    )

    async def floor_run(name: str) -> tuple[int, float]:
        copy = Path(await places.copy_of(base, f"floor-{name}"))
        return await asyncio.to_thread(replay_floor, copy, log)

    floors: list[tuple[int, float]] = []
    for concurrency in (1, 32):
        if concurrency == 32:
            floors.append(await floor_run("before"))
        copy = await places.copy_of(base, f"c{concurrency}")
        budget = Budget(options.commands, seconds)
        runs[concurrency] = await run_mix(
            copy,
            world,
            ruleset,
            concurrency,
            budget,
            rng_seed=options.seed + concurrency,
            rulesets=rulesets,
        )
        print(run_line(f"  concurrency {concurrency:>2}", runs[concurrency]), file=out)
        print(verbs_line(runs[concurrency]), file=out)
    floors.append(await floor_run("after"))
    log.clear()  # tens of thousands of statements the later figures should not sweep
    floor = sum(commands for commands, _ in floors) / sum(took for _, took in floors)
    ratio = runs[32].commands_per_s / floor
    each_floor = " and ".join(f"{commands / took:,.0f}" for commands, took in floors)
    print(
        f"  floor (the same statements through sqlite3, one thread, timed before and after"
        f" the concurrency-32 run): {floor:,.0f} commands/s ({each_floor})",
        file=out,
    )
    print(f"  ratio at concurrency 32: {ratio:.2f} of the floor", file=out)
    return runs, floor, ratio


async def _job_figures(
    ruleset_id: str,
    rulesets: Mapping[str, Ruleset],
    ruleset: RulesetBench[Any],
    sizes: Sizes,
    places: Places,
    out: TextIO,
) -> dict[str, Any]:
    """The weekly reminders, start-up and size figures, under their JSON keys."""
    big = places.folder / "reminders.sqlite3"
    servers, each = sizes.reminder_servers, sizes.reminder_cats
    one = places.folder / "one-server.sqlite3"
    await seeded_for_reminders(one, 1, sizes.big_server_cats, ruleset_id, ruleset.sheet_json)
    reminder_one, posts = await time_reminders(await places.moved(one, "one-server"), 1, rulesets)
    print(
        f"  weekly reminder, one server of {sizes.big_server_cats:,} cats:"
        f" {reminder_one:.3f} s ({posts} posts)",
        file=out,
    )
    big_guilds = await seeded_for_reminders(big, servers, each, ruleset_id, ruleset.sheet_json)
    moved = await places.moved(big, "reminders")
    reminder_many, posts = await time_reminders(moved, servers, rulesets)
    print(
        f"  weekly reminders, {servers:,} servers of {each} cats due at the same minute:"
        f" {reminder_many:.3f} s ({posts} posts)",
        file=out,
    )
    startup = await time_startup(moved, big_guilds, rulesets)
    print(f"  start-up with {servers * each:,} cats: {startup:.3f} s", file=out)
    size, hunts = await bytes_per_1k_cats(places, sizes, ruleset, rulesets)
    print(
        f"  database bytes per 1,000 cats with {sizes.size_days} days of hunts:"
        f" {size:,} ({hunts:,} hunts for {sizes.size_cats:,} cats)",
        file=out,
    )
    return {
        "reminder_one_server_10k_s": round(reminder_one, 4),
        "reminder_1000_servers_s": round(reminder_many, 4),
        "startup_100k_s": round(startup, 4),
        "bytes_per_1k_cats": size,
    }


async def _tick_figures(
    ruleset_id: str,
    rulesets: Mapping[str, Ruleset],
    ruleset: RulesetBench[Any],
    sizes: Sizes,
    places: Places,
    out: TextIO,
) -> dict[str, Any]:
    """One server's game day and moon through the game clock, with the longest unit of work
    the database ran meanwhile (what a command could have waited behind)."""
    path = places.folder / "tick.sqlite3"
    await seeded_for_ticks(path, sizes.tick_cats, ruleset_id, ruleset.sheet_json)
    where = await places.moved(path, "tick")
    figures = await time_ticks(where, ruleset_id, sizes.tick_cats, rulesets)
    print(figures.line(), file=out)
    return figures.as_json()
