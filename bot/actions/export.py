"""`/admin export` and `pawpost export`: a server's data as JSON, read a page at a time.

Each page is one short unit of work on the database thread, so other commands run between
pages; encoding and writing happen off the event loop. The export holds what existed when it
began (rows added later are left out); a row changed meanwhile is written as it is when read.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gzip
import io
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.actions.context import Actor, Services
from bot.actions.lookup import require_admin
from bot.actions.reply import Attachment, Reply
from rules.errors import PawpostError
from storage.database import COMMAND_BUDGET_S, Database, time_budget
from storage.repositories import Transaction

if TYPE_CHECKING:
    from bot.ruleset import Ruleset

PAGE = 100  # rows read in one unit of work: a few milliseconds of the database thread
MEGABYTE = 1024 * 1024

Write = Callable[[str], object]
Key = Callable[[Any], int]  # a row's place in its table's paging


@dataclass(frozen=True)
class Exported:
    characters: int
    log_entries: int
    profiles: int
    posts: int
    approvals: int


@dataclass(frozen=True)
class _Head:
    known: bool
    guild: dict[str, Any]
    last_character: int
    last_entry: int
    last_post: int
    last_approval: int


def _head(tx: Transaction, guild_id: int) -> _Head:
    guild = tx.guilds.get(guild_id)
    return _Head(
        known=tx.guilds.known(guild_id),
        guild={
            "guild_id": str(guild_id),
            "ruleset": guild.ruleset,
            "settings": guild.settings.model_dump(mode="json"),
        },
        last_character=tx.characters.last_id(guild_id),
        last_entry=tx.audit.last_id(guild_id),
        last_post=tx.posts.last_id(guild_id),
        last_approval=tx.approvals.last_id(guild_id),
    )


async def _read(db: Database, work: Callable[[Transaction], Any]) -> Any:
    """One page: its own unit of work, with a command's budget of its own."""
    with time_budget(COMMAND_BUDGET_S):
        return await db.read(work)


async def stream_export(
    db: Database,
    guild_id: int,
    write: Write,
    rulesets: Mapping[str, Ruleset],
    *,
    require_known: bool = False,
) -> Exported:
    """Write the server's settings, characters (hidden ones too), whole log, characters'
    profiles, posts made as characters, approval requests and its ruleset's own section as one
    JSON object, a page at a time; `write` is called in a worker thread."""
    head: _Head = await _read(db, lambda tx: _head(tx, guild_id))
    if require_known and not head.known:
        raise PawpostError(f"This database has no server {guild_id}.")
    opening = json.dumps(head.guild, ensure_ascii=False)[:-1]
    # Each core table in turn, up to its newest row when the export began.
    parts: tuple[tuple[str, int, Callable[[Transaction], Any], Key], ...] = (
        ("characters", head.last_character, lambda tx: tx.characters, _by_id),
        ("audit_log", head.last_entry, lambda tx: tx.audit, _by_id),
        ("profiles", head.last_character, lambda tx: tx.profiles, lambda row: row.character_id),
        ("posts", head.last_post, lambda tx: tx.posts, lambda row: row.message_id),
        ("approvals", head.last_approval, lambda tx: tx.approvals, _by_id),
    )
    counts = []
    before = opening + ", "
    for name, last, repository, key in parts:
        await asyncio.to_thread(write, f'{before}"{name}": [')
        counts.append(await _pages(db, write, last, _page_of(repository, guild_id, last), key))
        before = "], "
    ruleset = rulesets.get(head.guild["ruleset"])
    section = ""
    if ruleset is not None and ruleset.export is not None:
        export = ruleset.export
        own = await _read(db, lambda tx: export(tx, guild_id))
        section = f", {json.dumps(ruleset.id)}: {json.dumps(own, ensure_ascii=False)}"
    await asyncio.to_thread(write, "]" + section + "}\n")
    return Exported(*counts)


def _by_id(row: Any) -> int:
    return int(row.id)


def _page_of(
    repository: Callable[[Transaction], Any], guild_id: int, last: int
) -> Callable[[Transaction, int], list[Any]]:
    """A table's next page after `after`: its repository's `page_in_guild`, up to id `last`."""
    return lambda tx, after: repository(tx).page_in_guild(guild_id, after, last, PAGE)


async def _pages(
    db: Database,
    write: Write,
    last: int,
    page: Callable[[Transaction, int], list[Any]],
    key: Key,
) -> int:
    """Every row up to id `last` (a row's id is `key(row)`), a page a unit of work; returns how
    many were written."""
    after, count = 0, 0
    while after < last:
        rows = await _read(db, functools.partial(_page_after, page, after))
        if not rows:
            break
        await asyncio.to_thread(_write_rows, write, rows, first=count == 0)
        count += len(rows)
        after = key(rows[-1])
    return count


def _page_after(
    page: Callable[[Transaction, int], list[Any]], after: int, tx: Transaction
) -> list[Any]:
    return page(tx, after)


def _write_rows(write: Write, rows: list[Any], *, first: bool) -> None:
    """Encode a page (in a worker thread, off the event loop) and write it."""
    text = ", ".join(json.dumps(row.model_dump(mode="json"), ensure_ascii=False) for row in rows)
    write(text if first else ", " + text)


async def export_guild(
    db: Database, guild_id: int, rulesets: Mapping[str, Ruleset]
) -> dict[str, Any]:
    """The whole export as a dict (for small servers and tests)."""
    parts: list[str] = []
    await stream_export(db, guild_id, parts.append, rulesets)
    data: dict[str, Any] = json.loads("".join(parts))
    return data


def _temporary_file() -> Path:
    handle, name = tempfile.mkstemp(prefix="pawpost-export-", suffix=".json.gz")
    os.close(handle)
    return Path(name)


def _open_gzip(path: Path, inner_name: str) -> io.TextIOWrapper:
    """A text file written gzip-compressed to `path`, naming `inner_name` as what it holds."""
    raw = path.open("wb")
    packed = gzip.GzipFile(filename=inner_name, mode="wb", fileobj=raw)
    return _ClosingText(packed, raw)


class _ClosingText(io.TextIOWrapper):
    """Closing it closes the compressed stream and then the file under it."""

    def __init__(self, packed: gzip.GzipFile, raw: io.BufferedWriter) -> None:
        super().__init__(packed, encoding="utf-8")
        self._raw = raw

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._raw.close()


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def _megabytes(size: int) -> str:
    """A file size as people read it: "3.2 MB", or "12.5 KB" below a megabyte."""
    if size >= MEGABYTE:
        return f"{size / MEGABYTE:.1f} MB"
    return f"{max(size / 1024, 0.1):.1f} KB"


async def export(services: Services, actor: Actor) -> Reply:
    """`/admin export`: the server's data as a gzip-compressed JSON file, for admins; too big
    for the server's upload limit, it says so and names `pawpost export`."""
    guild = await _read(services.db, lambda tx: tx.guilds.get(actor.guild_id))
    require_admin(actor, guild)
    path = await asyncio.to_thread(_temporary_file)
    try:
        inner = f"pawpost-{actor.guild_id}.json"
        file = await asyncio.to_thread(_open_gzip, path, inner)
        try:
            counts = await stream_export(services.db, actor.guild_id, file.write, services.rulesets)
        finally:
            await asyncio.to_thread(file.close)
        size = (await asyncio.to_thread(path.stat)).st_size
        what = f"{counts.characters} characters and {counts.log_entries} log entries"
        limit = actor.upload_limit
        if limit is not None and size > limit:
            return Reply(
                lines=[
                    f"The export ({what}) is {_megabytes(size)} compressed, more than this "
                    f"server's upload limit of {_megabytes(limit)}; whoever runs the bot can "
                    f"save it with `pawpost export --guild {actor.guild_id} > export.json`."
                ],
                ephemeral=True,
            )
        content = await asyncio.to_thread(path.read_bytes)
    finally:
        await asyncio.to_thread(_remove, path)
    return Reply(
        lines=[f"{what}, as gzip-compressed JSON ({_megabytes(size)})."],
        attachment=Attachment(filename=f"pawpost-{actor.guild_id}.json.gz", content=content),
        ephemeral=True,
    )
