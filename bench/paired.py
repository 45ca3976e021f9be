"""Two versions of Pawpost side by side on the real path: this checkout's `pawpost run` and
another checkout's, both with every thread on the same core and driven at the same time, each
through its own fake Discord, so that whatever else runs on the machine slows both alike. It
reports each one's CPU time a command (`bench.real_path.cpu_seconds`) and, round by round, the
other's over this one's: above 1, this checkout spends less. Run from this checkout's root:

    python -m bench.paired OTHER_CHECKOUT [--commands 3000] [--in-flight 32] [--rounds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench.real_path import (
    ANSWER_TIMEOUT_S,
    DRIVER_CORE,
    PAWPOST_READY,
    SHEET,
    Run,
    drive,
    on_core,
    pawpost_env,
    running,
)
from tests.e2e.fake_discord import FakeDiscord

HERE = Path(__file__).resolve().parents[1]
COMMANDS = {"character show": {}, "check": {"stat": "strength"}}


def code_root(checkout: Path, env: dict[str, str]) -> Path:
    """The folder whose `bot` package a bot started as `_one` starts it imports: `python -m`
    puts its working folder first on the path, before PYTHONPATH and the installed project,
    so a bot started from another folder would run that folder's code."""
    found = subprocess.run(
        [sys.executable, "-c", "import bot; print(bot.__file__)"],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(found.stdout.strip()).resolve().parents[1]


async def _one(
    checkout: Path, args: argparse.Namespace, ready: asyncio.Event, go: asyncio.Event
) -> dict[str, Run]:
    """One checkout's bot on a new database: warmed up, then, once both are, each command."""
    with tempfile.TemporaryDirectory(prefix="pawpost-paired-") as folder:
        async with FakeDiscord() as fake:
            env = pawpost_env(fake, Path(folder)) | {"PYTHONPATH": str(checkout)}
            if code_root(checkout, env) != checkout:
                raise RuntimeError(f"a bot started in {checkout} would not run its code")
            command = [sys.executable, "-m", "bot.cli", "run"]
            async with running(command, env, PAWPOST_READY, cwd=checkout) as bot:
                user = fake.player1
                made = await fake.slash(
                    "character create", {"name": "Rook", **SHEET, "age": 12}, user=user
                )
                await made.response(timeout=ANSWER_TIMEOUT_S)
                await drive(fake, bot, "character show", {}, user, args.warm_up, args.in_flight)
                ready.set()
                await go.wait()
                return {
                    name: await drive(fake, bot, name, options, user, args.commands, args.in_flight)
                    for name, options in COMMANDS.items()
                }


async def _both(ready: tuple[asyncio.Event, asyncio.Event]) -> None:
    await ready[0].wait()
    await ready[1].wait()


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Rounds of both bots at once; per command, each round's CPU ratio (other ÷ this)."""
    ratios: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpu: dict[str, dict[str, list[float]]] = {"this": {}, "other": {}}
    for _ in range(args.rounds):
        go, ready = asyncio.Event(), (asyncio.Event(), asyncio.Event())
        this = asyncio.create_task(_one(HERE, args, ready[0], go))
        other = asyncio.create_task(_one(args.other.resolve(), args, ready[1], go))
        both_ready = asyncio.create_task(_both(ready))
        # Both start timing together; a bot that failed to start ends the wait (and the run).
        waited: list[asyncio.Task[Any]] = [both_ready, this, other]
        await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
        both_ready.cancel()
        go.set()
        runs = {"this": await this, "other": await other}
        for name in COMMANDS:
            for side, by_command in runs.items():
                cpu[side].setdefault(name, []).append(round(by_command[name].cpu_ms, 4))
            mine = runs["this"][name].cpu_ms
            ratios[name].append(round(runs["other"][name].cpu_ms / mine, 3) if mine else 0.0)
    return {
        "cpu ms a command": cpu,
        "other / this, by round": ratios,
        "other / this": {name: statistics.median(r) for name, r in ratios.items()},
    }


def report(summary: dict[str, Any], args: argparse.Namespace) -> str:
    lines = [
        f"This checkout ({HERE}) against {args.other}: {args.commands} commands a run,"
        f" {args.in_flight} in flight, {args.rounds} rounds of both at once on one core."
    ]
    for name, ratio in summary["other / this"].items():
        rounds = summary["other / this, by round"][name]
        lines.append(f"  /{name}: other's CPU a command over this one's {ratio:.3f}  {rounds}")
        for side in ("this", "other"):
            cpu = summary["cpu ms a command"][side][name]
            lines.append(f"    {side:5} CPU ms a command: {cpu}")
    return "\n".join(lines)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.paired", description=__doc__)
    parser.add_argument("other", type=Path, help="the other checkout's root")
    parser.add_argument("--commands", type=int, default=3000, help="commands a timed run")
    parser.add_argument("--in-flight", type=int, default=32, help="commands waiting at once")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of both at once")
    parser.add_argument("--warm-up", type=int, default=300, help="untimed commands first")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    if not (args.other / "bot" / "cli.py").exists():
        sys.exit(f"{args.other} is not a Pawpost checkout (no bot/cli.py)")
    pin = on_core(DRIVER_CORE)
    if pin is not None:
        pin()
    summary = asyncio.run(measure(args))
    print(report(summary, args))
    if args.json is not None:
        args.json.write_text(json.dumps(summary, indent=2) + "\n", "utf-8")


if __name__ == "__main__":
    main()
