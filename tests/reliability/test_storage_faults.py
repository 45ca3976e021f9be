"""A locked, read-only or full database: the command says storage is unavailable, nothing is
half-written, and the same command works once the fault clears.

Read-only is made two ways. The tests run as root, which chmod does not stop, so the file itself
is made immutable (`chattr +i`, which stops root too) where the filesystem allows: SQLite then
fails on writing the WAL at commit, as on a disk remounted read-only. And the connection is made
read-only with `PRAGMA query_only`, which fails the first write statement instead, as a file
opened read-only does. Full is `PRAGMA max_page_count` at the file's current size.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import subprocess
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.actions import characters
from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.actions.germ import checks
from bot.bench.clock import SeededDice
from bot.registry import RULESETS
from rules.errors import PawpostError
from storage.database import Database
from storage.errors import StorageUnavailable
from tests.conftest import ALICE, Clock, cat, dump
from tests.reliability.world import START, player

UNAVAILABLE = StorageUnavailable().message
ALICE_ = player(ALICE)


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[Services]:
    db = await Database.open(tmp_path / "pawpost.sqlite3", busy_timeout_ms=100)
    services = Services(rulesets=RULESETS, db=db, dice=SeededDice(1), clock=Clock(START))
    await germ_cats.create(services, ALICE_, **cat("Firepaw"))
    yield services
    await db.close()


async def on_each_writer(db: Database, sql: str) -> None:
    """Fault injection on each connection that writes: the database thread's, and the event
    loop's own (a /check is a quick write, run there while nothing else waits)."""
    await db.run(db._connection.execute, sql)
    if db._quick is not None:
        db._quick.writer.execute(sql)


async def check(services: Services) -> None:
    await checks.check(services, ALICE_, "stealth", dc=10, reason="fault test")


async def refused_unchanged(services: Services) -> None:
    """The write is refused with the storage sentence and the file is as it was."""
    before = dump(services.db)
    with pytest.raises(PawpostError) as refused:
        await check(services)
    assert refused.value.message == UNAVAILABLE
    assert dump(services.db) == before


async def test_locked_by_another_process(services: Services) -> None:
    other = sqlite3.connect(services.db.path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        await refused_unchanged(services)
        shown = await characters.show(services, ALICE_)  # reading goes on meanwhile
        assert shown.title == "Firepaw"
    finally:
        other.execute("ROLLBACK")
        other.close()
    await check(services)


@contextmanager
def immutable(*paths: Path) -> Iterator[None]:
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed")
    made = subprocess.run(["chattr", "+i", *map(str, paths)], capture_output=True, check=False)
    if made.returncode != 0:
        pytest.skip(f"this filesystem cannot make files immutable: {made.stderr.decode()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", *map(str, paths)], check=True)


async def test_read_only_file(services: Services) -> None:
    path = Path(services.db.path)
    wal = Path(f"{path}-wal")
    await check(services)  # the WAL exists
    before = dump(str(path))
    with immutable(path, wal):
        with pytest.raises(PawpostError) as refused:
            await check(services)
        assert refused.value.message == UNAVAILABLE
        shown = await characters.show(services, ALICE_)
        assert shown.title == "Firepaw"
    assert dump(str(path)) == before
    await check(services)
    assert dump(str(path)) != before


async def test_read_only_connection(services: Services) -> None:
    db = services.db
    await on_each_writer(db, "PRAGMA query_only = ON")
    try:
        await refused_unchanged(services)
    finally:
        await on_each_writer(db, "PRAGMA query_only = OFF")
    await check(services)


async def test_full(services: Services) -> None:
    db = services.db
    connection = db._connection  # fault injection: the commands' own connection, in its thread
    await db.run(connection.execute, "VACUUM")  # no free pages left to fill
    (pages,) = (await db.run(connection.execute_fetchall, "PRAGMA page_count"))[0]
    await on_each_writer(db, f"PRAGMA max_page_count = {pages}")
    refused: PawpostError | None = None
    try:
        for _ in range(300):  # each check fills the last page a little more
            before = dump(services.db)
            try:
                await check(services)
            except PawpostError as error:
                refused = error
                break
        after = dump(services.db)
    finally:
        await on_each_writer(db, "PRAGMA max_page_count = 1073741823")
    assert refused is not None and refused.message == UNAVAILABLE
    assert after == before
    await check(services)


def fault_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        record.getMessage()
        for record in caplog.records
        if record.name == "storage.database" and record.levelno == logging.WARNING
    ]


async def test_a_lock_is_logged_with_its_cause(
    services: Services, caplog: pytest.LogCaptureFixture
) -> None:
    other = sqlite3.connect(services.db.path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with caplog.at_level(logging.WARNING, logger="storage.database"):
            await refused_unchanged(services)
    finally:
        other.execute("ROLLBACK")
        other.close()
    [line] = fault_warnings(caplog)
    assert line.startswith("storage fault: another process holds the database locked (")


async def test_a_read_only_database_is_logged_with_its_cause(
    services: Services, caplog: pytest.LogCaptureFixture
) -> None:
    db = services.db
    await on_each_writer(db, "PRAGMA query_only = ON")  # as in test_read_only_connection
    try:
        with caplog.at_level(logging.WARNING, logger="storage.database"):
            await refused_unchanged(services)
    finally:
        await on_each_writer(db, "PRAGMA query_only = OFF")
    [line] = fault_warnings(caplog)
    assert line.startswith("storage fault: the database is read-only (")


async def test_a_full_disk_is_logged_with_its_cause(
    services: Services, caplog: pytest.LogCaptureFixture
) -> None:
    db = services.db
    connection = db._connection  # fault injection, as in test_full
    await db.run(connection.execute, "VACUUM")
    (pages,) = (await db.run(connection.execute_fetchall, "PRAGMA page_count"))[0]
    await on_each_writer(db, f"PRAGMA max_page_count = {pages}")
    try:
        with caplog.at_level(logging.WARNING, logger="storage.database"):
            for _ in range(300):
                try:
                    await check(services)
                except PawpostError:
                    break
    finally:
        await on_each_writer(db, "PRAGMA max_page_count = 1073741823")
    [line] = fault_warnings(caplog)
    assert line.startswith("storage fault: the disk is full (")


def test_run_on_a_read_only_database_says_so_at_start_up(tmp_path: Path) -> None:
    """Issue 32 (Low): `pawpost run` on a read-only database started and refused every write
    without a word at start-up."""
    import os
    import socket
    import sys
    import time

    database = tmp_path / "pawpost.sqlite3"
    root = str(Path(__file__).resolve().parents[2])
    command = [sys.executable, "-m", "bot.cli"]
    made = [*command, "console", "--db", str(database), "--script", "/dev/null"]
    subprocess.run(made, check=True, capture_output=True, env={**os.environ, "PYTHONPATH": root})
    with socket.socket() as probe:  # a port nothing listens on: Discord is unreachable
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    beside = [p for p in (Path(f"{database}-wal"), Path(f"{database}-shm")) if p.exists()]
    with immutable(database, *beside):
        bot = subprocess.Popen(
            [*command, "run"],
            cwd=tmp_path,
            env={
                **{k: v for k, v in os.environ.items() if not k.startswith("PAWPOST_")},
                "PYTHONPATH": root,
                "DISCORD_TOKEN": "fake",
                "PAWPOST_DATABASE": str(database),
                "PAWPOST_CONFIG": str(tmp_path / "none.toml"),
                "PAWPOST_TEST_DISCORD_URL": f"http://127.0.0.1:{port}",
            },
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        lines: list[str] = []
        try:
            assert bot.stderr is not None
            give_up = time.monotonic() + 60
            while time.monotonic() < give_up:  # until it starts trying to reach Discord
                lines.append(bot.stderr.readline())
                if "Cannot reach Discord" in lines[-1] or not lines[-1]:
                    break
        finally:
            bot.terminate()
            bot.wait(10)
    assert (
        "The database takes no writes (the database is read-only): every command that changes"
        " something will answer that storage is unavailable until it does." in "".join(lines)
    ), "".join(lines)
