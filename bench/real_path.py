"""The real-path benchmark: the real `pawpost run` process and a bare discord.py bot
(`bench/bare_bot.py`: one SQLite read and an embed) answer the same slash commands, sent through
a local fake Discord (`tests/e2e/fake_discord.py`, on 127.0.0.1) with so many in flight. Each
bot runs with every thread on one core, the driver and the fake on another; rounds alternate
between the two bots, and the figures are the medians. Beside each rate it reports the bot
process's CPU time per command (all its threads, from /proc): a rate falls when anything else
shares the bot's core, its CPU time per command much less, so the ratio of those is the figure
to trust on a busy machine. Run from the project's root:

    python -m bench.real_path [--commands 3000] [--in-flight 32] [--rounds 3] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.bare_bot import READY_LINE as BARE_READY
from tests.e2e.fake_discord import FakeDiscord

PAWPOST_READY = "ready as "
START_TIMEOUT_S = 120.0
ANSWER_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 30.0
DRIVER_CORE, BOT_CORE = 0, 1
# A Germ sheet of 22 points, as `/character create` takes it.
SHEET = dict(strength=4, agility=4, charisma=4, intelligence=4, stealth=3, perception=3)
# What the bare bot's one row holds: about what a Germ sheet's JSON weighs.
BARE_SHEET = json.dumps({**SHEET, "age": 12, "hunger": 0, "fail_streak": 0, "wounds": []})


@dataclass(frozen=True)
class Run:
    """One timed run: commands a second, and the bot's CPU milliseconds a command."""

    rate: float
    cpu_ms: float


@dataclass
class Figures:
    """Each round's runs, by what was measured."""

    runs: dict[str, list[Run]] = field(default_factory=dict)

    def add(self, name: str, run: Run) -> None:
        self.runs.setdefault(name, []).append(run)

    def median(self, name: str) -> float:
        return statistics.median(run.rate for run in self.runs[name])

    def median_cpu(self, name: str) -> float:
        return statistics.median(run.cpu_ms for run in self.runs[name])

    def summary(self) -> dict[str, Any]:
        bare, bare_cpu = self.median("bare show"), self.median_cpu("bare show")
        return {
            "medians": {name: round(self.median(name), 1) for name in self.runs},
            "rounds": {name: [round(r.rate, 1) for r in runs] for name, runs in self.runs.items()},
            "cpu ms a command": {name: round(self.median_cpu(name), 4) for name in self.runs},
            "cpu rounds": {
                name: [round(r.cpu_ms, 4) for r in runs] for name, runs in self.runs.items()
            },
            "pawpost show / bare show": round(self.median("pawpost show") / bare, 3),
            "pawpost check / bare show": round(self.median("pawpost check") / bare, 3),
            "by cpu: pawpost show / bare show": _ratio(bare_cpu, self.median_cpu("pawpost show")),
            "by cpu: pawpost check / bare show": _ratio(bare_cpu, self.median_cpu("pawpost check")),
        }


def _ratio(bare_cpu: float, cpu: float) -> float | None:
    """The bare bot's CPU time a command over the bot's (None: too few commands to tell)."""
    return round(bare_cpu / cpu, 3) if cpu > 0 else None


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process (all its threads) has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def on_core(core: int) -> Callable[[], None] | None:
    """Pin a child process (and so all its threads) to one core, where the machine has two."""
    if not hasattr(os, "sched_setaffinity") or (os.cpu_count() or 1) < 2:
        return None
    return lambda: os.sched_setaffinity(0, {core})


@dataclass
class Process:
    """A bot subprocess and what it printed."""

    proc: asyncio.subprocess.Process
    lines: list[str] = field(default_factory=list)
    reader: asyncio.Task[None] | None = None

    async def read(self) -> None:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            self.lines.append(line.decode(errors="replace"))

    async def wait_for(self, text: str) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not any(text in line for line in self.lines):
            if self.proc.returncode is not None or time.monotonic() > deadline:
                tail = "".join(self.lines[-30:])
                raise RuntimeError(f"the bot did not print {text!r}; it printed:\n{tail}")
            await asyncio.sleep(0.05)

    async def stop(self) -> None:
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.proc.wait(), STOP_TIMEOUT_S)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        if self.reader is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.reader, 2)


@contextlib.asynccontextmanager
async def running(
    command: list[str], env: dict[str, str], ready: str, cwd: Path | None = None
) -> AsyncIterator[Process]:
    """A bot process on its own core, once it says it is ready; stopped on leaving."""
    proc = await asyncio.create_subprocess_exec(
        *command,
        env=env,
        cwd=cwd,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        preexec_fn=on_core(BOT_CORE),
        limit=16 * 1024 * 1024,
    )
    process = Process(proc)
    process.reader = asyncio.create_task(process.read())
    try:
        await process.wait_for(ready)
        yield process
    finally:
        await process.stop()


def pawpost_command() -> list[str]:
    script = Path(sys.executable).with_name("pawpost")
    return [str(script), "run"] if script.exists() else [sys.executable, "-m", "bot.cli", "run"]


def pawpost_env(fake: FakeDiscord, folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAWPOST_")}
    return env | {
        "DISCORD_TOKEN": "fake",
        "PAWPOST_CONFIG": str(folder / "no-config.toml"),
        "PAWPOST_DATABASE": str(folder / "pawpost.sqlite3"),
        "PAWPOST_TEST_DISCORD_URL": f"http://127.0.0.1:{fake.port}",
        "PAWPOST_GUILD_READY_TIMEOUT": "0.05",
        "PAWPOST_LOG_LEVEL": "INFO",
        "PYTHONUNBUFFERED": "1",
    }


async def drive(
    fake: FakeDiscord,
    bot: Process,
    name: str,
    options: dict[str, Any],
    user: int,
    total: int,
    in_flight: int,
) -> Run:
    """Send `total` commands, `in_flight` at a time: commands a second and the bot's CPU time a
    command. Every answer must be a message (a deferred one would mean the bot fell behind, and
    the figure would be wrong)."""
    left = total

    async def worker() -> None:
        nonlocal left
        while left > 0:
            left -= 1
            interaction = await fake.slash(name, options, user=user)
            body = await interaction.response(timeout=ANSWER_TIMEOUT_S)
            if body.get("type") != 4:
                raise RuntimeError(f"/{name} was not answered with a message: {body}")

    cpu = cpu_seconds(bot.proc.pid)
    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(in_flight)))
    rate = total / (time.perf_counter() - started)
    return Run(rate, (cpu_seconds(bot.proc.pid) - cpu) * 1000 / total)


async def pawpost_round(args: argparse.Namespace, folder: Path, figures: Figures) -> None:
    """`/character show` and `/check` through the real `pawpost run`, on a new database."""
    async with FakeDiscord() as fake:
        env = pawpost_env(fake, folder)
        async with running(pawpost_command(), env, PAWPOST_READY) as bot:
            user = fake.player1
            made = await fake.slash(
                "character create", {"name": "Rook", **SHEET, "age": 12}, user=user
            )
            await made.response(timeout=ANSWER_TIMEOUT_S)
            await drive(fake, bot, "character show", {}, user, args.warm_up, args.in_flight)
            show = await drive(fake, bot, "character show", {}, user, args.commands, args.in_flight)
            check = await drive(
                fake, bot, "check", {"stat": "strength"}, user, args.commands, args.in_flight
            )
    figures.add("pawpost show", show)
    figures.add("pawpost check", check)


async def bare_round(args: argparse.Namespace, folder: Path, figures: Figures) -> None:
    """`/character show` through the bare bot: one SQLite read and an embed."""
    async with FakeDiscord() as fake:
        database = folder / "bare.sqlite3"
        with contextlib.closing(sqlite3.connect(database)) as connection, connection:
            connection.execute("CREATE TABLE characters (owner_id INTEGER, name TEXT, sheet TEXT)")
            connection.execute(
                "INSERT INTO characters VALUES (?, 'Rook', ?)", (fake.player1, BARE_SHEET)
            )
        command = [sys.executable, "-m", "bench.bare_bot", f"http://127.0.0.1:{fake.port}"]
        env = dict(os.environ) | {"PYTHONUNBUFFERED": "1"}
        async with running([*command, str(database)], env, BARE_READY) as bot:
            user = fake.player1
            await drive(fake, bot, "character show", {}, user, args.warm_up, args.in_flight)
            show = await drive(fake, bot, "character show", {}, user, args.commands, args.in_flight)
    figures.add("bare show", show)


async def measure(args: argparse.Namespace) -> Figures:
    """Alternate the two bots' rounds so that both meet the same machine."""
    figures = Figures()
    with tempfile.TemporaryDirectory(prefix="pawpost-real-path-") as folder:
        for _ in range(args.rounds):  # each round on new databases, in a folder of its own
            await pawpost_round(args, Path(tempfile.mkdtemp(dir=folder)), figures)
            await bare_round(args, Path(tempfile.mkdtemp(dir=folder)), figures)
    return figures


def report(summary: dict[str, Any], args: argparse.Namespace) -> str:
    lines = [
        f"Real path: {args.commands} commands a run, {args.in_flight} in flight, "
        f"medians of {args.rounds} alternating rounds (commands a second)."
    ]
    for name, rate in summary["medians"].items():
        lines.append(f"  {name:14} {rate:8.1f}/s   rounds: {summary['rounds'][name]}")
    for name, cpu in summary["cpu ms a command"].items():
        rounds = summary["cpu rounds"][name]
        lines.append(f"  {name:14} {cpu:8.4f} CPU ms a command   rounds: {rounds}")
    for ratio in ("pawpost show / bare show", "pawpost check / bare show"):
        lines.append(f"  {ratio + ':':27}{summary[ratio]:.2f}")
    for ratio in ("by cpu: pawpost show / bare show", "by cpu: pawpost check / bare show"):
        value = summary[ratio]
        lines.append(f"  {ratio + ':':35}{'too few commands' if value is None else f'{value:.2f}'}")
    return "\n".join(lines)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.real_path", description=__doc__)
    parser.add_argument("--commands", type=int, default=3000, help="commands a timed run")
    parser.add_argument("--in-flight", type=int, default=32, help="commands waiting at once")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each bot")
    parser.add_argument("--warm-up", type=int, default=300, help="untimed commands first")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    pin = on_core(DRIVER_CORE)
    if pin is not None:
        pin()
    summary = asyncio.run(measure(args)).summary()
    print(report(summary, args))
    if args.json is not None:
        args.json.write_text(json.dumps(summary, indent=2) + "\n", "utf-8")


if __name__ == "__main__":
    main()
