"""The `pawpost` command: run the bot, play in the console, export, back up, benchmark."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.config import DEFAULT_DATABASE, configure_logging, load_settings, settings_with_shards
from rules.errors import PawpostError

log = logging.getLogger(__name__)

MISSING_CREDENTIALS_HELP = """\
Pawpost needs a bot token to connect to Discord, and none was given.
  1. Open https://discord.com/developers/applications and create an application.
  2. Under Bot, reset and copy the token (no privileged intents are needed).
  3. Run:  DISCORD_TOKEN=<the token> pawpost run
To try Pawpost without Discord, run:  pawpost console"""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pawpost", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("run", help="connect to Discord and serve the servers it is in")
    run.add_argument("--config", help="a config file (default: ./config.toml if present)")
    run.add_argument("--shard-count", type=int, help="Discord's gateway shards in all")
    run.add_argument("--shards", help="the range of shards this process holds, such as 0-3")

    console = commands.add_parser("console", help="play offline, typing slash commands")
    console.add_argument("--db", help=f"the database file (default: {DEFAULT_DATABASE})")
    console.add_argument("--guild", type=int, default=1, help="the server id to play in")
    console.add_argument("--as", dest="user", default="player", help="who is typing")
    console.add_argument("--admin", action="store_true", help="type as an admin")
    console.add_argument("--script", help="run the lines of this file, printing each")

    export = commands.add_parser("export", help="print one server's data as JSON")
    export.add_argument("--guild", type=int, required=True)
    export.add_argument("--db", help=f"the database file (default: {DEFAULT_DATABASE})")

    backup = commands.add_parser("backup", help="copy the live database safely")
    backup.add_argument("path", help="where to write the copy")
    backup.add_argument("--db", help=f"the database file (default: {DEFAULT_DATABASE})")

    move = commands.add_parser(
        "migrate-to", help="copy the whole SQLite database into an empty PostgreSQL one"
    )
    move.add_argument("url", help="the PostgreSQL database, postgresql://user@host/db")
    move.add_argument("--db", help=f"the SQLite file (default: {DEFAULT_DATABASE})")

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
    return parser


def _database(arguments: argparse.Namespace) -> str:
    return arguments.db or load_settings().database


async def _console(arguments: argparse.Namespace) -> int:
    from bot.console import run_console, script_lines, typed_lines

    if arguments.script:
        text = await asyncio.to_thread(Path(arguments.script).read_text, "utf-8")
        lines = script_lines(text.splitlines())
    else:
        print("Pawpost console: type /help for the commands, /quit to leave.")
        lines = typed_lines()
    return await run_console(
        _database(arguments),
        arguments.guild,
        arguments.user,
        arguments.admin,
        lines,
        sys.stdout,
        echo=bool(arguments.script),
    )


async def _export(arguments: argparse.Namespace) -> int:
    from bot.actions.log import export_guild
    from storage.database import Database

    db = await Database.open(_database(arguments))
    try:
        data = await export_guild(db, arguments.guild)
    finally:
        await db.close()
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    print()
    return 0


async def _bench(arguments: argparse.Namespace) -> int:
    from bot.bench.options import BenchOptions
    from bot.bench.run import bench
    from storage.settings import DEFAULT_RULESET

    if arguments.servers < 1 or arguments.cats < 2:
        raise PawpostError("The benchmark needs at least 1 server and 2 cats per server.")
    options = BenchOptions(
        servers=arguments.servers,
        cats=arguments.cats,
        seconds=arguments.seconds,
        commands=arguments.commands,
        json_path=arguments.json_path,
        db_path=arguments.db,
        database=arguments.database,
        ruleset=arguments.ruleset or DEFAULT_RULESET,
    )
    await bench(options, sys.stdout)
    return 0


async def _backup(arguments: argparse.Namespace) -> int:
    from storage.database import Database

    db = await Database.open(_database(arguments))
    try:
        await db.backup(arguments.path)
    finally:
        await db.close()
    print(f"Backed up to {arguments.path}.")
    return 0


async def _migrate_to(arguments: argparse.Namespace) -> int:
    from storage.migrate_to import migrate_to

    source = _database(arguments)
    print(f"Copying {source} into {arguments.url}:")
    copied = await migrate_to(source, arguments.url, print)
    rows = sum(one.tally.rows for one in copied)
    print(f"Copied {rows} rows in {len(copied)} tables; each table's count and sums match.")
    return 0


def _run(arguments: argparse.Namespace) -> int:
    settings = load_settings(arguments.config)
    if arguments.shard_count is not None or arguments.shards is not None:
        settings = settings_with_shards(settings, arguments.shard_count, arguments.shards)
    configure_logging(settings.log_level)
    if settings.token is None:
        print(MISSING_CREDENTIALS_HELP, file=sys.stderr)
        return 2
    from bot.discord.client import run_bot

    return run_bot(settings)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = _parser().parse_args(argv)
    try:
        if arguments.command == "run":
            return _run(arguments)
        configure_logging(
            load_settings().log_level
            if arguments.command not in ("console", "bench")
            else "WARNING"
        )
        runner = {
            "console": _console,
            "export": _export,
            "backup": _backup,
            "bench": _bench,
            "migrate-to": _migrate_to,
        }[arguments.command]
        return asyncio.run(runner(arguments))
    except PawpostError as error:
        print(error.message, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
