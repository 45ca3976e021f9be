"""`pawpost backup`, `export`, `run`, `console` and `--version` cannot silently do the wrong
thing (issue 13): a missing or foreign database, a bad path, a full disk or a closed pipe is one
line on standard error and a non-zero exit, and nothing is created or overwritten."""

from __future__ import annotations

import asyncio
import gzip
import json
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.actions.context import Services
from bot.actions.germ import cats as germ_cats
from bot.registry import RULESETS
from storage.database import Database
from tests.conftest import ALICE, GUILD, actor, cat
from tests.test_cli import pawpost

ROOT = Path(__file__).resolve().parent.parent


def seeded(path: Path, cats: int = 2) -> Path:
    async def seed() -> None:
        db = await Database.open(path)
        try:
            for number in range(cats):
                await germ_cats.create(
                    Services(rulesets=RULESETS, db=db), actor(ALICE), **cat(f"Cat{number}")
                )
        finally:
            await db.close()

    asyncio.run(seed())
    return path


def one_line(done: subprocess.CompletedProcess[str]) -> str:
    """The failure's single line (and that it is the only thing on standard error)."""
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def test_version(tmp_path: Path) -> None:
    done = pawpost("--version", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout.startswith("pawpost ") and len(done.stdout.splitlines()) == 1


@pytest.mark.parametrize("tool", [("backup", "copy.sqlite3"), ("export", "--guild", "1")])
def test_a_missing_database_is_refused_and_not_created(tmp_path: Path, tool: tuple[str]) -> None:
    missing = tmp_path / "typo.sqlite3"
    done = pawpost(*tool, "--db", str(missing), cwd=tmp_path)
    assert one_line(done) == f"Cannot open the database {missing}: there is no such file."
    assert not missing.exists() and not (tmp_path / "copy.sqlite3").exists()


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database " * 200)
    done = pawpost("export", "--guild", "1", "--db", str(notes), cwd=tmp_path)
    assert one_line(done) == f"Cannot open the database {notes}: the file is not a database."
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE recipes (name TEXT)")
    connection.close()
    done = pawpost("backup", str(tmp_path / "copy.sqlite3"), "--db", str(other), cwd=tmp_path)
    assert one_line(done) == f"Cannot open the database {other}: it is not a Pawpost database."
    with sqlite3.connect(other) as connection:  # and it was not migrated
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    connection.close()
    assert tables == {"recipes"}


def test_backup_refuses_to_overwrite_what_is_not_a_backup(tmp_path: Path) -> None:
    database = seeded(tmp_path / "pawpost.sqlite3")
    precious = tmp_path / "thesis.docx"
    precious.write_bytes(b"years of work")
    done = pawpost("backup", str(precious), "--db", str(database), cwd=tmp_path)
    assert one_line(done) == (
        f"{precious} exists and is not a Pawpost backup; give another path (it is not overwritten)."
    )
    assert precious.read_bytes() == b"years of work"

    earlier = tmp_path / "backup.sqlite3"
    first = pawpost("backup", str(earlier), "--db", str(database), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    again = pawpost("backup", str(earlier), "--db", str(database), cwd=tmp_path)
    assert again.returncode == 0 and again.stdout == f"Backed up to {earlier}.\n"

    same = pawpost("backup", str(database), "--db", str(database), cwd=tmp_path)
    assert one_line(same) == f"{database} is the database itself; give another path."


def test_backup_to_a_bad_path_is_one_line(tmp_path: Path) -> None:
    database = seeded(tmp_path / "pawpost.sqlite3")
    folder = tmp_path / "backups"
    folder.mkdir()
    done = pawpost("backup", str(folder), "--db", str(database), cwd=tmp_path)
    assert one_line(done) == f"{folder} is a folder; give the backup file's path."
    nowhere = tmp_path / "no" / "such" / "copy.sqlite3"
    done = pawpost("backup", str(nowhere), "--db", str(database), cwd=tmp_path)
    assert one_line(done) == f"There is no folder {nowhere.parent} to write copy.sqlite3 in."


@contextmanager
def tiny_disk(path: Path) -> Iterator[Path]:
    """A 64 KB filesystem (tmpfs), where the test may mount one."""
    path.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(path)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a small filesystem here: {mounted.stderr.decode().strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", str(path)], check=False)


def test_backup_onto_a_full_disk_is_one_line_and_leaves_no_half_copy(tmp_path: Path) -> None:
    database = seeded(tmp_path / "pawpost.sqlite3", cats=60)
    assert database.stat().st_size > 64 * 1024 or Path(f"{database}-wal").exists()
    with tiny_disk(tmp_path / "small") as small:
        target = small / "copy.sqlite3"
        done = pawpost("backup", str(target), "--db", str(database), cwd=tmp_path)
        assert one_line(done) == f"Could not write the backup {target}: the disk is full."
        assert not target.exists()


def test_export_of_a_server_the_database_does_not_have(tmp_path: Path) -> None:
    database = seeded(tmp_path / "pawpost.sqlite3")
    done = pawpost("export", "--guild", "42", "--db", str(database), cwd=tmp_path)
    assert one_line(done) == "This database has no server 42."
    found = pawpost("export", "--guild", str(GUILD), "--db", str(database), cwd=tmp_path)
    assert found.returncode == 0, found.stderr
    assert [c["name"] for c in json.loads(found.stdout)["characters"]] == ["Cat0", "Cat1"]


def test_export_onto_a_full_disk_or_a_closed_pipe_is_one_line(tmp_path: Path) -> None:
    database = seeded(tmp_path / "pawpost.sqlite3", cats=40)
    command = [sys.executable, "-m", "bot.cli", "export", "--guild", str(GUILD)]
    command += ["--db", str(database)]
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            command, stdout=full, stderr=subprocess.PIPE, text=True, env=env, check=False
        )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == "Could not write the export: the disk is full.\n"

    head = shutil.which("head")
    assert head is not None
    piped = subprocess.run(
        f"{' '.join(command)} | {head} -c 10; exit ${{PIPESTATUS[0]}}",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert piped.stdout == '{"guild_id'
    assert piped.returncode == 2, piped.stderr
    assert piped.stderr == "The output was closed before the export ended.\n"


def test_run_names_a_database_it_cannot_open_and_why(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database " * 200)
    done = pawpost(
        "run",
        cwd=tmp_path,
        env={
            "DISCORD_TOKEN": "fake",
            "PAWPOST_DATABASE": str(notes),
            "PAWPOST_CONFIG": str(tmp_path / "none.toml"),
        },
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"Cannot open the database {notes}: the file is not a database." in done.stderr


def test_a_missing_console_script_is_one_line(tmp_path: Path) -> None:
    done = pawpost("console", "--db", str(tmp_path / "c.sqlite3"), "--script", "nope.txt",
                   cwd=tmp_path)  # fmt: skip
    assert one_line(done) == "Cannot read the script nope.txt: No such file or directory."


def test_the_console_export_is_gzip_json(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("/as user:boss admin:yes\n/admin export\n")
    done = pawpost("console", "--db", str(tmp_path / "c.sqlite3"), "--script", str(script),
                   cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(gzip.decompress((tmp_path / "pawpost-1.json.gz").read_bytes()))
    assert data["characters"] == []


def schema_version(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute("SELECT max(version) FROM schema_version").fetchone()[0])
    finally:
        connection.close()


def test_the_tools_do_not_migrate_a_database_unless_told(tmp_path: Path) -> None:
    """Issue 32: every tool opens an existing database as it is. An older schema is backed up
    as it is, and export says it is behind instead of migrating it, unless --create."""
    from storage.database import bundled_migrations

    old = tmp_path / "old.sqlite3"

    async def make_old() -> None:
        await (await Database.open(old, migrations=bundled_migrations()[:5])).close()

    asyncio.run(make_old())
    latest = bundled_migrations()[-1].version
    done = pawpost("export", "--guild", "1", "--db", str(old), cwd=tmp_path)
    assert one_line(done) == (
        f"Cannot open the database {old}: its schema is at version 5 and this Pawpost's at"
        f" {latest}; give --create to bring it up to date (nothing was changed)."
    )
    assert schema_version(old) == 5
    copy = tmp_path / "copy.sqlite3"
    backed = pawpost("backup", str(copy), "--db", str(old), cwd=tmp_path)
    assert backed.returncode == 0, backed.stderr
    assert schema_version(old) == 5 and schema_version(copy) == 5
    told = pawpost("export", "--guild", "1", "--db", str(old), "--create", cwd=tmp_path)
    assert told.returncode == 2 and "applied migration 0006" in told.stderr
    assert told.stderr.strip().splitlines()[-1] == "This database has no server 1."
    assert schema_version(old) == latest


def test_backup_overwrites_only_an_earlier_backup_of_the_same_database(tmp_path: Path) -> None:
    """Issue 32: `pawpost backup` overwrote any Pawpost database, another bot's live one too."""
    ours = seeded(tmp_path / "ours.sqlite3", cats=1)
    theirs = seeded(tmp_path / "theirs.sqlite3", cats=3)
    before = theirs.read_bytes()
    done = pawpost("backup", str(theirs), "--db", str(ours), cwd=tmp_path)
    assert one_line(done) == (
        f"{theirs} is a Pawpost database but not a backup of {ours}; give another path (it is"
        " not overwritten)."
    )
    assert theirs.read_bytes() == before
    earlier = tmp_path / "ours-backup.sqlite3"
    assert pawpost("backup", str(earlier), "--db", str(ours), cwd=tmp_path).returncode == 0
    again = pawpost("backup", str(earlier), "--db", str(ours), cwd=tmp_path)
    assert again.returncode == 0, again.stderr


@pytest.mark.parametrize("left", [True, False], ids=["empty-log-left", "no-log-at-all"])
def test_backup_of_a_write_ahead_log_names_the_database(tmp_path: Path, left: bool) -> None:
    database = seeded(tmp_path / "pawpost.sqlite3", cats=1)
    log = Path(f"{database}-wal")
    log.unlink(missing_ok=True)
    if left:
        log.write_bytes(b"")  # left by a bot that stopped
    done = pawpost("backup", str(tmp_path / "copy.sqlite3"), "--db", str(log), cwd=tmp_path)
    assert one_line(done) == (
        f"{log} is SQLite's write-ahead log beside {database}, not a database; give --db"
        f" {database}."
    )
    assert not (tmp_path / "copy.sqlite3").exists()


def test_a_migration_the_database_refuses_is_one_sentence(tmp_path: Path) -> None:
    """Issue 32 (Low): a migration that fails under a tool (here one told applied but not, so
    its table is there already) was a traceback."""
    database = seeded(tmp_path / "pawpost.sqlite3", cats=1)
    with sqlite3.connect(database) as connection:
        latest = connection.execute("SELECT max(version) FROM schema_version").fetchone()[0]
        connection.execute("DELETE FROM schema_version WHERE version = ?", (latest,))
    done = pawpost("export", "--guild", "1", "--db", str(database), "--create", cwd=tmp_path)
    said = one_line(done)
    assert said.startswith(
        f"Could not bring the database's schema up to date (migration {latest:04d}_"
    )
    assert " failed: " in said and said.endswith("); it was left as it was."), said
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT max(version) FROM schema_version").fetchone()[0] < latest
