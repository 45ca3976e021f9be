"""The tools against a PostgreSQL database they cannot use (issue 32, Low): a port where nothing
listens, a database that does not exist, a role without the rights. Each is one sentence on
standard error (the password hidden) and a non-zero exit, never a traceback, and nothing is
made. (`pawpost health` asks the running bot over its socket and never the database.)"""

from __future__ import annotations

import socket
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.conftest import POSTGRESQL, POSTGRESQL_REQUIRED, postgresql_unreachable
from tests.schemas import schema_url
from tests.test_cli import pawpost
from tests.test_cli_tools import seeded

PASSWORD = "hush-hush"  # trust authentication ignores it; no output may show it


def _server() -> str:
    reason = postgresql_unreachable()
    if reason is not None:
        if POSTGRESQL_REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    return POSTGRESQL


def _with(
    url: str, *, user: str | None = None, port: int | None = None, path: str | None = None
) -> str:
    """The URL with another user (and the password), port or database."""
    parts = urlsplit(url)
    host = parts.hostname or "127.0.0.1"
    login = user or parts.username or "postgres"
    netloc = f"{login}:{PASSWORD}@{host}:{port or parts.port or 5432}"
    return urlunsplit((parts.scheme, netloc, path or parts.path, parts.query, ""))


def _free_port() -> int:
    """A port on 127.0.0.1 where nothing listens."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def locked_out(_postgresql_schemas: list[str]) -> Iterator[tuple[str, str]]:
    """A Pawpost schema and the URL of a role that may log in but read nothing in it (and make
    nothing), and of one that may read its schema_version alone."""
    import psycopg

    server = _server()
    role = f"pawpost_locked_out_{uuid.uuid4().hex[:8]}"
    schema = f"test_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
        _postgresql_schemas.append(schema)
        try:
            connection.execute(f"CREATE ROLE {role} LOGIN")
        except psycopg.errors.InsufficientPrivilege as error:
            pytest.skip(f"the test server's user may not make a role: {error}")
    import asyncio

    from storage.database import Database

    async def migrate() -> None:
        await (await Database.open(schema_url(server, schema))).close()

    asyncio.run(migrate())
    with psycopg.connect(server, autocommit=True) as connection:
        connection.execute(f"GRANT USAGE ON SCHEMA {schema} TO {role}")
    try:
        yield schema_url(_with(server, user=role), schema), role
    finally:
        with psycopg.connect(server, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
            connection.execute(f"DROP OWNED BY {role}")
            connection.execute(f"DROP ROLE {role}")


def _tool(tmp_path: Path, tool: str, url: str) -> subprocess.CompletedProcess[str]:
    """Run the tool on the PostgreSQL database at `url`."""
    env = {"PAWPOST_CONFIG": str(tmp_path / "none.toml")}
    if tool == "run":
        env |= {
            "DISCORD_TOKEN": "fake",
            "PAWPOST_DATABASE": url,
            "PAWPOST_TEST_DISCORD_URL": f"http://127.0.0.1:{_free_port()}",
        }
        return pawpost("run", cwd=tmp_path, env=env)
    if tool.startswith("migrate-to"):  # seeded for it alone: that takes a while when busy
        source = str(seeded(tmp_path / "pawpost.sqlite3", cats=1))
        create = ["--create"] if tool.endswith("--create") else []
        return pawpost("migrate-to", url, "--db", source, *create, cwd=tmp_path, env=env)
    script = tmp_path / "lines.txt"
    script.write_text("/help\n")
    arguments = {
        "export": ["export", "--guild", "1", "--db", url],
        "backup": ["backup", str(tmp_path / "copy.sqlite3"), "--db", url],
        "bench": ["bench", "--database", url, "--servers", "1", "--cats", "2", "--commands", "5"],
        "console": ["console", "--db", url, "--script", str(script)],
    }[tool]
    return pawpost(*arguments, cwd=tmp_path, env=env)


TOOLS = ["export", "backup", "migrate-to", "migrate-to --create", "bench", "console", "run"]


def _said_once(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """The tool's one sentence: exit 2, no traceback, no password, and these words in it."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    everything = done.stdout + done.stderr
    assert "Traceback" not in everything, everything
    assert PASSWORD not in everything, everything
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("tool", TOOLS)
def test_a_port_where_nothing_listens_is_one_sentence(tmp_path: Path, tool: str) -> None:
    url = _with(_server(), port=_free_port())
    said = _said_once(_tool(tmp_path, tool, url), "connection refused")
    assert ":***@127.0.0.1" in said  # the database named, its password hidden
    assert not (tmp_path / "copy.sqlite3").exists()


@pytest.mark.parametrize("tool", TOOLS)
def test_a_database_that_does_not_exist_is_one_sentence(tmp_path: Path, tool: str) -> None:
    missing = f"pawpost_missing_{uuid.uuid4().hex[:8]}"
    url = _with(_server(), path=f"/{missing}")
    _said_once(_tool(tmp_path, tool, url), f'database "{missing}" does not exist')


@pytest.mark.parametrize("tool", TOOLS)
def test_a_role_without_rights_is_one_sentence(
    tmp_path: Path, tool: str, locked_out: tuple[str, str]
) -> None:
    url, _ = locked_out
    said = _said_once(_tool(tmp_path, tool, url), "permission denied")
    # bench makes schemas of its own in the database; the others read this one's tables
    assert ("for database" if tool == "bench" else "for table schema_version") in said


def test_a_right_missing_halfway_is_one_sentence(
    tmp_path: Path, locked_out: tuple[str, str]
) -> None:
    """The role may read the schema's version but not the servers: the export stops with the
    table named (after the storage-fault warning for whoever runs it), not a traceback."""
    import psycopg

    url, role = locked_out
    schema = url.rsplit("search_path%3D", 1)[1]
    with psycopg.connect(_server(), autocommit=True) as connection:
        connection.execute(f"GRANT SELECT ON {schema}.schema_version TO {role}")
    done = _tool(tmp_path, "export", url)
    assert done.returncode == 2 and "Traceback" not in done.stderr + done.stdout
    assert PASSWORD not in done.stderr + done.stdout and done.stdout == ""
    *warnings, said = done.stderr.strip().splitlines()
    assert said == "The database stopped pawpost export: permission denied for table guilds."
    assert [w.split(": ", 1)[1] for w in warnings] == [
        "storage fault: permission denied (InsufficientPrivilege: permission denied for table"
        " guilds)"
    ]
