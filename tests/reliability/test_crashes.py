"""A writer killed with SIGKILL at random moments loses nothing it acknowledged and leaves a
sound file."""

from __future__ import annotations

import asyncio
import os
import random
import selectors
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from storage.database import Database
from tests.reliability.crash_writer import stored_commands

ROOT = Path(__file__).resolve().parents[2]
KILLS = 5


def run_until_killed(path: Path, run: int, after_seconds: float) -> list[str]:
    """Start the writer, let it write for a while once ready, SIGKILL it; every whole line it
    printed, including those still in the pipe."""
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.crash_writer", str(path), str(run)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert process.stdout is not None
    output = b""
    deadline = None
    give_up = time.monotonic() + 30
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while deadline is None or time.monotonic() < deadline:
            if selector.select(timeout=0.01):
                chunk = os.read(process.stdout.fileno(), 65536)
                assert chunk, f"the writer stopped by itself: {process.wait()}"
                output += chunk
                if deadline is None and b"ready\n" in output:
                    deadline = time.monotonic() + after_seconds
            assert time.monotonic() < give_up, "the writer never got ready"
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    output += process.stdout.read()
    process.stdout.close()
    lines = output.decode().split("\n")
    return lines[:-1]  # the last piece has no newline: cut by the kill, or empty


async def reopen(path: Path) -> None:
    await (await Database.open(path)).close()


def test_every_acknowledged_command_survives_a_sigkill(tmp_path: Path) -> None:
    path = tmp_path / "pawpost.sqlite3"
    asyncio.run(reopen(path))
    moments = random.Random(7)
    acknowledged: dict[str, set[str]] = {"cat": set(), "roll": set(), "hunt": set(), "turn": set()}
    for run in range(KILLS):
        lines = run_until_killed(path, run, moments.uniform(0.05, 0.5))
        assert lines[0] == "ready"
        for line in lines[1:]:
            kind, _, value = line.partition(" ")
            acknowledged[kind].add(value)
        with sqlite3.connect(path) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
            stored = stored_commands(connection)
        for kind, values in acknowledged.items():
            assert values <= stored[kind], f"an acknowledged {kind} is missing"
        asyncio.run(reopen(path))  # and the bot starts on it again
    for kind, values in acknowledged.items():
        assert len(values) >= KILLS, f"too few {kind} commands for the kills to land among"
