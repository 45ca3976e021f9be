"""The `pawpost` command: run the bot, play in the console, export, back up, benchmark."""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import os
import sqlite3
import sys
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

from bot.config import (
    CONSOLE_DATABASE,
    DEFAULT_DATABASE,
    configure_logging,
    load_settings,
    settings_with_shards,
)
from rules.errors import PawpostError

log = logging.getLogger(__name__)

MISSING_CREDENTIALS_HELP = """\
Pawpost needs a bot token to connect to Discord, and none was given.
  1. Open https://discord.com/developers/applications and create an application.
  2. Under Bot, reset and copy the token (no privileged intents are needed).
  3. Run:  DISCORD_TOKEN=<the token> pawpost run
To try Pawpost without Discord, run:  pawpost console"""
# The tools open an existing database as it is; this flag lets them make or migrate it.
CREATE_HELP = "bring the database's schema up to date first, if it is behind"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pawpost", description=__doc__)
    parser.add_argument("--version", action="version", version=f"pawpost {_version()}")
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("run", help="connect to Discord and serve the servers it is in")
    run.add_argument("--config", help="a config file (default: ./config.toml if present)")
    run.add_argument("--shard-count", type=int, help="Discord's gateway shards in all")
    run.add_argument("--shards", help="the range of shards this process holds, such as 0-3")

    console = commands.add_parser("console", help="play offline, typing slash commands")
    console.add_argument(
        "--db", help=f"the database (default: {CONSOLE_DATABASE}, the console's own)"
    )
    console.add_argument(
        "--guild", type=int, default=1, help="the server id to play in (its jobs alone run)"
    )
    console.add_argument(
        "--jobs",
        action="store_true",
        help="run this server's scheduled jobs even on a database a running bot holds",
    )
    console.add_argument("--as", dest="user", default="player", help="who is typing")
    console.add_argument("--admin", action="store_true", help="type as an admin")
    console.add_argument("--script", help="run the lines of this file, printing each")
    console.add_argument(
        "--clock",
        help="start the console's clock at this moment, like 2026-12-07T09:00+00:00 "
        "(then /clock advance days:1 moves it on, running the scheduled jobs)",
    )
    console.add_argument(
        "--dice", help="script the first dice rolled, like 17,4,12 (each shown as scripted)"
    )

    export = commands.add_parser("export", help="print one server's data as JSON")
    export.add_argument("--guild", type=int, required=True)
    export.add_argument("--db", help=f"the database file (default: {DEFAULT_DATABASE})")
    export.add_argument("--create", action="store_true", help=CREATE_HELP)

    backup = commands.add_parser("backup", help="copy the live database safely")
    backup.add_argument("path", help="where to write the copy")
    backup.add_argument("--db", help=f"the database file (default: {DEFAULT_DATABASE})")

    move = commands.add_parser(
        "migrate-to", help="copy the whole SQLite database into an empty PostgreSQL one"
    )
    move.add_argument("url", help="the PostgreSQL database, postgresql://user@host/db")
    move.add_argument("--db", help=f"the SQLite file (default: {DEFAULT_DATABASE})")
    move.add_argument(
        "--create",
        action="store_true",
        help="make Pawpost's schema in the PostgreSQL database (and bring both up to date)",
    )

    health = commands.add_parser(
        "health", help="ask the running bot whether it is connected and its database answers"
    )
    health.add_argument("--config", help="a config file (default: ./config.toml if present)")

    bench = commands.add_parser("bench", help="time the commands against a seeded database")
    bench.add_argument("--servers", type=int, default=100, help="servers to seed (default 100)")
    bench.add_argument("--cats", type=int, default=50, help="cats per server (default 50)")
    length = bench.add_mutually_exclusive_group()
    length.add_argument("--seconds", type=float, help="length of each timed run (default 10)")
    length.add_argument("--commands", type=int, help="commands in each timed run")
    bench.add_argument("--json", dest="json_path", help="also write the figures to this file")
    bench.add_argument("--db", help="seed this new file (default: a temporary folder)")
    bench.add_argument(
        "--database", help="time a postgresql:// database instead (in schemas made and dropped)"
    )
    bench.add_argument(
        "--ruleset", help="the ruleset whose mix runs (default: germ, a new server's)"
    )
    bench.add_argument(
        "--tick-cats",
        type=int,
        default=100_000,
        help="characters of the one server whose game day and moon are timed (default 100000)",
    )
    bench.add_argument(
        "--tick-only", action="store_true", help="time only the game day and moon (no mix)"
    )
    return parser


def _version() -> str:
    try:
        return metadata.version("pawpost")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "(not installed)"


def _database(arguments: argparse.Namespace) -> str:
    return arguments.db or load_settings().database


async def _console(arguments: argparse.Namespace) -> int:
    from bot.console import run_console, script_lines, typed_lines
    from bot.registry import RULESETS
    from bot.rehearsal import parse_faces, parse_moment

    clock = parse_moment(arguments.clock) if arguments.clock else None
    dice = parse_faces(arguments.dice) if arguments.dice else None
    if arguments.script:
        try:
            text = await asyncio.to_thread(Path(arguments.script).read_text, "utf-8")
        except (OSError, UnicodeDecodeError) as error:
            cause = error.strerror if isinstance(error, OSError) else "it is not UTF-8 text"
            raise PawpostError(f"Cannot read the script {arguments.script}: {cause}.") from error
        lines = script_lines(text.splitlines())
    else:
        print("Pawpost console: type /help for the commands, /quit to leave.")
        lines = typed_lines()
    return await run_console(
        arguments.db or CONSOLE_DATABASE,
        arguments.guild,
        arguments.user,
        arguments.admin,
        lines,
        sys.stdout,
        echo=bool(arguments.script),
        clock=clock,
        dice=dice,
        jobs_beside_a_bot=arguments.jobs,
        rulesets=RULESETS,
    )


async def _export(arguments: argparse.Namespace) -> int:
    """The server's data as JSON on standard output, read a page at a time."""
    from bot.actions.export import stream_export
    from bot.registry import RULESETS
    from storage.database import Database

    db = await Database.open(_database(arguments), create=False, migrate=arguments.create)
    try:
        await stream_export(db, arguments.guild, _stdout_write, RULESETS, require_known=True)
        await asyncio.to_thread(sys.stdout.flush)
    except OSError as error:
        raise PawpostError(_write_failure("the export", error)) from error
    finally:
        await db.close()
    return 0


def _stdout_write(text: str) -> None:
    sys.stdout.write(text)


def _write_failure(what: str, error: OSError) -> str:
    """The sentence for output that could not be written; what is still buffered goes nowhere
    (Python's own flush at exit would fail again, with a traceback)."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    if isinstance(error, BrokenPipeError):
        return f"The output was closed before {what} ended."
    if error.errno == errno.ENOSPC:
        return f"Could not write {what}: the disk is full."
    return f"Could not write {what}: {error.strerror or error}."


async def _bench(arguments: argparse.Namespace) -> int:
    from bot.bench.options import BenchOptions, Sizes
    from bot.bench.run import bench
    from bot.process import tuned
    from bot.registry import RULESETS
    from storage.settings import DEFAULT_RULESET

    if arguments.servers < 1 or arguments.cats < 2:
        raise PawpostError("The benchmark needs at least 1 server and 2 cats per server.")
    if arguments.tick_cats < 1:
        raise PawpostError("The game clock's figure needs at least 1 character.")
    options = BenchOptions(
        servers=arguments.servers,
        cats=arguments.cats,
        seconds=arguments.seconds,
        commands=arguments.commands,
        json_path=arguments.json_path,
        db_path=arguments.db,
        database=arguments.database,
        ruleset=arguments.ruleset or DEFAULT_RULESET,
        sizes=Sizes(tick_cats=arguments.tick_cats),
        tick_only=arguments.tick_only,
    )
    with tuned():  # as `pawpost run` is: the figures are the bot's
        await bench(options, sys.stdout, RULESETS)
    return 0


async def _backup(arguments: argparse.Namespace) -> int:
    from storage.database import Database

    source = _database(arguments)
    target = Path(arguments.path)
    _refuse_a_side_file(source)
    await asyncio.to_thread(_check_backup_target, Path(source), target)
    existed = await asyncio.to_thread(target.exists)
    db = await Database.open(source, create=False, migrations=[])  # copied as it is
    try:
        await db.backup(target)
    except (sqlite3.Error, OSError) as error:
        from storage.errors import cause_of

        if not existed:  # no half-written copy is left behind
            await asyncio.to_thread(target.unlink, missing_ok=True)
        raise PawpostError(f"Could not write the backup {target}: {cause_of(error)}.") from error
    finally:
        await db.close()
    print(f"Backed up to {target}.")
    return 0


# The files SQLite keeps beside a database: never a database to back up themselves.
_SIDE_FILES = {"-wal": "write-ahead log", "-shm": "shared memory index", "-journal": "journal"}


def _refuse_a_side_file(source: str) -> None:
    for suffix, kind in _SIDE_FILES.items():
        if source.endswith(suffix):
            database = source.removesuffix(suffix)
            raise PawpostError(
                f"{source} is SQLite's {kind} beside {database}, not a database; give --db"
                f" {database}."
            )


def _check_backup_target(source: Path, target: Path) -> None:
    """Refuse a target that is the database itself, a folder, in a folder that does not exist,
    or a file that is not an earlier backup of the same database (it would be overwritten)."""
    if target.is_dir():
        raise PawpostError(f"{target} is a folder; give the backup file's path.")
    if not target.parent.is_dir():
        raise PawpostError(f"There is no folder {target.parent} to write {target.name} in.")
    if not target.exists():
        return
    if source.exists() and target.resolve() == source.resolve():
        raise PawpostError(f"{target} is the database itself; give another path.")
    theirs = _identity_of(target)
    if theirs is None:
        raise PawpostError(
            f"{target} exists and is not a Pawpost backup; give another path (it is not "
            "overwritten)."
        )
    if not theirs or theirs != _identity_of(source):
        raise PawpostError(
            f"{target} is a Pawpost database but not a backup of {source}; give another path"
            " (it is not overwritten)."
        )


def _identity_of(path: Path) -> str | None:
    """The id of the Pawpost database in the file ("" when it has none yet), or None when the
    file is not a Pawpost database at all."""
    from storage.database import database_identity, is_pawpost_database

    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        return database_identity(connection) if is_pawpost_database(connection) else None
    except sqlite3.Error:
        return None
    finally:
        connection.close()


async def _migrate_to(arguments: argparse.Namespace) -> int:
    from storage.migrate_to import migrate_to
    from storage.postgres import redacted

    source = _database(arguments)
    print(f"Copying {source} into {redacted(arguments.url)}:")  # its password hidden
    copied = await migrate_to(source, arguments.url, print, create=arguments.create)
    rows = sum(one.tally.rows for one in copied)
    print(f"Copied {rows} rows in {len(copied)} tables; each table's count and sums match.")
    return 0


async def _health(arguments: argparse.Namespace) -> int:
    """Exit 0 when the running bot says it is healthy (Docker's HEALTHCHECK), else 1."""
    from bot.health import ask, socket_path

    settings = load_settings(arguments.config)
    healthy, line = await ask(socket_path(settings.database, settings.health_socket))
    print(line)
    return 0 if healthy else 1


def _run(arguments: argparse.Namespace) -> int:
    settings = load_settings(arguments.config)
    if arguments.shard_count is not None or arguments.shards is not None:
        settings = settings_with_shards(settings, arguments.shard_count, arguments.shards)
    configure_logging(settings.log_level)
    if settings.token is None:
        print(MISSING_CREDENTIALS_HELP, file=sys.stderr)
        return 2
    from bot.discord.client import run_bot
    from bot.registry import RULESETS

    return run_bot(settings, RULESETS)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    try:
        if arguments.command == "run":
            return _run(arguments)
        configure_logging(
            load_settings().log_level
            if arguments.command not in ("console", "bench", "health")
            else "WARNING"
        )
        runner = {
            "console": _console,
            "export": _export,
            "backup": _backup,
            "bench": _bench,
            "migrate-to": _migrate_to,
            "health": _health,
        }[arguments.command]
        return asyncio.run(runner(arguments))
    except PawpostError as error:
        print(_sentence_for_a_tool(error, arguments.command), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        sentence = _database_failure(error, arguments.command)
        if sentence is None:
            raise  # a bug: its traceback
        log.debug("pawpost %s stopped", arguments.command, exc_info=error)
        print(sentence, file=sys.stderr)
        return 2


def _sentence_for_a_tool(error: PawpostError, command: str) -> str:
    """The error's sentence, but for storage that failed under a tool: what the database said
    (a player's "try again in a moment" does not fit a right the role lacks)."""
    from storage.errors import OutcomeUnknown, StorageUnavailable

    if not isinstance(error, StorageUnavailable) or isinstance(error, OutcomeUnknown):
        return error.message
    import psycopg

    from storage.postgres import server_says

    cause = error.__cause__
    said = server_says(cause) if isinstance(cause, psycopg.Error) else error.cause or error.detail
    return f"The database stopped pawpost {command}: {said or 'it is unavailable'}."


def _database_failure(error: Exception, command: str) -> str | None:
    """One sentence for what the database refused once it was open (a migration, a right on
    a table, the connection lost on the way), in the server's words; None for anything else."""
    import psycopg

    from storage.database import MigrationFailed
    from storage.postgres import server_says

    if isinstance(error, MigrationFailed):
        return f"Could not bring the database's schema up to date ({error}); it was left as it was."
    if isinstance(error, psycopg.Error):
        return f"The PostgreSQL server stopped pawpost {command}: {server_says(error)}."
    return None


if __name__ == "__main__":
    sys.exit(main())
