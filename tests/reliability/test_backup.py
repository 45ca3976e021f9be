"""`pawpost backup PATH` copies the live database while the bot writes to it."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.registry import RULESETS
from storage.database import Database
from tests.conftest import ALICE, cat
from tests.reliability.crash_writer import stored_commands
from tests.reliability.world import player

ROOT = Path(__file__).resolve().parents[2]


async def seed(path: Path) -> None:
    db = await Database.open(path)
    try:
        for number in range(20):
            await germ_cats.create(
                Services(rulesets=RULESETS, db=db), player(ALICE), **cat(f"Seed {number}")
            )
    finally:
        await db.close()


def test_backup_while_another_process_writes(tmp_path: Path) -> None:
    path, copy = tmp_path / "pawpost.sqlite3", tmp_path / "backup" / "copy.sqlite3"
    copy.parent.mkdir()
    asyncio.run(seed(path))
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    writer = subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.crash_writer", str(path), "1"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        env=environment,
    )
    assert writer.stdout is not None
    try:
        acknowledged = [writer.stdout.readline().decode().strip() for _ in range(200)]
        assert acknowledged[0] == "ready"
        began = time.monotonic()
        backup = subprocess.run(
            [sys.executable, "-m", "bot.cli", "backup", str(copy), "--db", str(path)],
            cwd=ROOT,
            env=environment,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert backup.returncode == 0, backup.stderr
        assert f"Backed up to {copy}." in backup.stdout
        assert writer.poll() is None, "the writer stopped during the backup"
        assert time.monotonic() - began < 30
    finally:
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
    with sqlite3.connect(copy) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        stored = stored_commands(connection)
    assert {f"Seed {number}" for number in range(20)} <= stored["cat"]
    for line in acknowledged[1:]:  # all written before the backup began
        kind, _, value = line.partition(" ")
        assert value in stored[kind], f"the copy lacks {line}"
    with sqlite3.connect(path) as connection:
        (live,) = connection.execute("SELECT count(*) FROM audit_log").fetchone()
    assert live > len(stored["roll"]) > 0  # the writer went on while the copy was made
