"""Seeding (not timed): servers and characters straight into the tables, the fast path."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from bot.bench.clock import START
from bot.bench.mix import Cat, World
from storage.connection import SqliteConnection
from storage.database import Database
from storage.repositories import name_key, store_kept, stored_sheet
from storage.timestamps import to_text


async def create_schema(path: Path) -> None:
    db = await Database.open(path)
    await db.close()


def seed(
    path: Path,
    servers: int,
    cats: int,
    ruleset: str,
    sheet_json: Callable[[int], str],
    *,
    first_guild: int = 1,
    settings: str = "{}",
) -> World:
    """Servers of the ruleset's cats, each cat with its own player who has made it their active
    cat; one cat in five is the kit of the cat before it. The schema must exist already."""
    world: dict[int, list[Cat]] = {}
    connection = sqlite3.connect(path, isolation_level=None, factory=SqliteConnection)
    try:
        connection.execute("BEGIN")
        (next_id,) = connection.execute(
            "SELECT coalesce(max(id), 0) + 1 FROM characters"
        ).fetchone()
        created = to_text(START - timedelta(days=30))  # every cat had to hunt this week
        guild_rows, character_rows, active_rows, kept_rows = [], [], [], []
        for guild_id in range(first_guild, first_guild + servers):
            guild_rows.append((guild_id,))
            members = []
            for number in range(cats):
                cat = Cat(next_id, guild_id, 10_000 + number, f"Cat {number} of {guild_id}")
                mother = next_id - 1 if number % 5 == 4 else None
                sheet, kept = stored_sheet(ruleset, sheet_json(cat.id))  # as a save stores it
                if kept is not None:
                    kept_rows.append((cat.id, *kept))
                character_rows.append(
                    (
                        cat.id,
                        guild_id,
                        cat.owner_id,
                        cat.name,
                        name_key(cat.name),
                        ruleset,
                        sheet,
                        mother,
                        created,
                    )
                )
                active_rows.append((guild_id, cat.owner_id, cat.id))
                members.append(cat)
                next_id += 1
            world[guild_id] = members
        connection.executemany(
            "INSERT INTO guilds (guild_id, ruleset, settings) VALUES (?, ?, ?)",
            [(guild_id, ruleset, settings) for (guild_id,) in guild_rows],
        )
        connection.executemany(
            "INSERT INTO characters (id, guild_id, owner_id, name, name_key, ruleset, sheet,"
            " mother_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            character_rows,
        )
        connection.executemany(
            "INSERT INTO active_characters (guild_id, user_id, character_id) VALUES (?, ?, ?)",
            active_rows,
        )
        if kept_rows:
            store_kept(connection, ruleset, kept_rows)
        connection.execute("COMMIT")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    return World(world)


def copy_database(source: Path, target: Path) -> Path:
    """A fresh copy of a checkpointed database file (its WAL is empty)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(source, target)
    return target
