"""Repositories: one documented method per query, all inside the caller's transaction.

They run in the database thread, inside the `Transaction` that `Database.transaction()` yields:
a command's whole unit of work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from functools import lru_cache
from typing import Any, TypeVar, cast

from pydantic import BaseModel, TypeAdapter

from rules.life import Life
from rules.rolls import Roll
from rules.rulesets import follow_sheet, sheet_model
from storage.admin_changes import AdminChangeRepository
from storage.approvals import ApprovalKind, ApprovalRepository, ApprovalStatus, CharacterHeld
from storage.clock import ClockRepository
from storage.connection import Connection
from storage.contests import ContestRepository
from storage.dialect import Dialect
from storage.errors import integrity_errors, violates_unique
from storage.hunting import HuntingRepository
from storage.models import AuditEntry, Character, NewCharacter
from storage.names import look_alike_key, name_key
from storage.notes import Notes
from storage.outbox import OutboxRepository
from storage.profiles import PostRepository, Profile, ProfileRepository
from storage.settings import Guild, GuildSettings
from storage.sheet_parts import SheetPart
from storage.timestamps import from_text, maybe_from_text, to_text
from storage.turns import SceneRepository

_ROLLS = TypeAdapter(list[Roll])
T = TypeVar("T")

# The log's action for what is done to a character itself (made, changed, retired): dice rolled
# there (a Moon Patron's bond at creation) make its sheet, and are no roll a held sheet refuses.
SHEET_ACTION = "character"


class NameTaken(Exception):
    """Another live character (or an NPC) of the server already has this name, or one that
    looks just like it: `like` is that name, `npc` whether it is an NPC's, `same` whether the
    two are one name (only case, spacing, Unicode's forms or invisible characters differ)."""

    def __init__(
        self, name: str, like: str | None = None, *, npc: bool = False, same: bool = True
    ) -> None:
        super().__init__(name)
        self.name = name
        self.like = name if like is None else like
        self.npc = npc
        self.same = same


class GuildRepository:
    """Each server's ruleset, settings and the hash of its synced command set."""

    def __init__(self, connection: Connection) -> None:
        self._db = connection

    def get(self, guild_id: int) -> Guild:
        """The server's record; a server never seen before gets the defaults (not stored)."""
        rows = self._db.execute_fetchall(
            "SELECT ruleset, settings, command_hash FROM guilds WHERE guild_id = ?", (guild_id,)
        )
        for ruleset, settings, command_hash in rows:
            return Guild(
                guild_id=guild_id,
                ruleset=ruleset,
                settings=GuildSettings.model_validate_json(settings),
                command_hash=command_hash,
            )
        return Guild(guild_id=guild_id)

    def save(self, guild: Guild) -> None:
        """Store the server's ruleset and settings (not the command hash)."""
        self._db.execute(
            "INSERT INTO guilds (guild_id, ruleset, settings) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET ruleset = excluded.ruleset,"
            " settings = excluded.settings",
            (guild.guild_id, guild.ruleset, guild.settings.model_dump_json()),
        )

    def known(self, guild_id: int) -> bool:
        """Whether the database has anything of this server: settings or characters."""
        rows = self._db.execute_fetchall(
            "SELECT EXISTS (SELECT 1 FROM guilds WHERE guild_id = ?)"
            " OR EXISTS (SELECT 1 FROM characters WHERE guild_id = ?)",
            (guild_id, guild_id),
        )
        return bool(rows[0][0])

    def set_command_hash(self, guild_id: int, command_hash: str) -> None:
        self._db.execute(
            "INSERT INTO guilds (guild_id, command_hash) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET command_hash = excluded.command_hash",
            (guild_id, command_hash),
        )

    def forget_command_hash(self, guild_id: int) -> None:
        """The server's commands are gone from Discord (the bot was removed): sync them anew."""
        self._db.execute("UPDATE guilds SET command_hash = NULL WHERE guild_id = ?", (guild_id,))

    def rulesets(self, guild_ids: Sequence[int]) -> dict[int, tuple[str, str | None]]:
        """Ruleset and command hash of each of the given servers that has a row."""
        if not guild_ids:
            return {}
        marks = ",".join("?" * len(guild_ids))
        rows = self._db.execute_fetchall(
            f"SELECT guild_id, ruleset, command_hash FROM guilds WHERE guild_id IN ({marks})",
            tuple(guild_ids),
        )
        return {guild_id: (ruleset, command_hash) for guild_id, ruleset, command_hash in rows}


@lru_cache(maxsize=8)
def _character_columns(dialect: Dialect, table: str = "characters") -> str:
    """A character's columns, read from `table` (a name or an alias of characters), its sheet
    with the keys its ruleset keeps apart set back in (`storage.sheet_parts`)."""
    sheet = f"{table}.sheet"
    if parts := _sheet_parts():
        kept = " ".join(
            f"WHEN '{ruleset}' THEN {part.read(dialect, table)}" for ruleset, part in parts.items()
        )
        sheet = f"CASE {table}.ruleset {kept} ELSE {table}.sheet END"
    return (
        f"{table}.id, {table}.guild_id, {table}.owner_id, {table}.name, {table}.ruleset, {sheet},"
        f" {table}.mother_id, {table}.created_at, {table}.deleted_at, {table}.archived_at,"
        f" {table}.life"
    )


def _sheet_parts() -> Mapping[str, SheetPart]:
    """Storage's registry of sheet parts, read when first needed: a ruleset's storage package
    imports this module."""
    from storage.rulesets import SHEET_PARTS

    return SHEET_PARTS


def _kept_apart(ruleset: str) -> SheetPart | None:
    return _sheet_parts().get(ruleset)


@lru_cache(maxsize=4096)
def _frozen_sheet(model: type[BaseModel], text: str) -> BaseModel:
    return model.model_validate_json(text)


def _sheet(ruleset: str, text: str) -> BaseModel:
    """A stored sheet, validated by its ruleset's model. Frozen sheets (Germ's) cannot change
    once made, so the same text gives the same validated sheet, kept for the next read."""
    model = sheet_model(ruleset)
    if model.model_config.get("frozen"):
        return _frozen_sheet(model, text)
    return model.model_validate_json(text)


def _character(row: Sequence[Any]) -> Character:
    (id_, guild_id, owner_id, name, ruleset, sheet, mother_id, created_at, deleted_at) = row[:9]
    archived_at, life = row[9], row[10]
    return Character(
        id=id_,
        guild_id=guild_id,
        owner_id=owner_id,
        name=name,
        ruleset=ruleset,
        sheet=_sheet(ruleset, sheet),
        mother_id=mother_id,
        created_at=from_text(created_at),
        deleted_at=maybe_from_text(deleted_at),
        archived_at=maybe_from_text(archived_at),
        life=Life(life),
    )


def _sheet_json(ruleset: str, sheet: BaseModel) -> tuple[str, tuple[Any, ...] | None]:
    """Validate a sheet with its ruleset's model on the way in: its JSON, without the keys its
    ruleset keeps apart, and their stored row (None: it keeps none)."""
    return _split(ruleset, sheet_model(ruleset).model_validate(sheet.model_dump()))


def _split(ruleset: str, valid: BaseModel) -> tuple[str, tuple[Any, ...] | None]:
    part = _kept_apart(ruleset)
    if part is None:
        return valid.model_dump_json(), None
    return valid.model_dump_json(exclude=set(part.keys)), part.values(valid)


def stored_sheet(ruleset: str, text: str) -> tuple[str, tuple[Any, ...] | None]:
    """A sheet's JSON as a character's row keeps it, and the row of the keys its ruleset keeps
    apart (None: none), for sheets written straight into the table (the benchmark's seed),
    whose keys kept apart go in with `store_kept`."""
    if _kept_apart(ruleset) is None:
        return text, None
    return _split(ruleset, sheet_model(ruleset).model_validate_json(text))


def store_kept(connection: Connection, ruleset: str, rows: Sequence[tuple[Any, ...]]) -> None:
    """Store the keys a ruleset keeps apart from its sheets ((id, *values) rows)."""
    part = _kept_apart(ruleset)
    assert part is not None
    part.write(connection, rows)


class CharacterRepository:
    """Characters: common columns plus the ruleset's sheet as JSON, validated both ways."""

    def __init__(
        self,
        connection: Connection,
        on_add: Callable[[Character, datetime], None] | None = None,
    ) -> None:
        self._db = connection
        self._on_add = on_add  # what else a new character brings (its sheet held for approval)

    def clash(
        self, guild_id: int, name: str, *, character_id: int | None = None
    ) -> NameTaken | None:
        """Why the name cannot be given (to the character `character_id`, or to a new one):
        a live character or an NPC of the server has it, or one that looks just like it (a
        Cyrillic А for an A, a zero for an O). This runs when a name is given, not when one is
        read: the server's names are looked at, but for a plain ASCII name of another length
        (its look-alike key is as long as it is, but for a % sign's three characters)."""
        key, wanted = look_alike_key(name), name_key(name)
        rows = self._db.execute_fetchall(
            "SELECT id, name, 0 FROM characters WHERE guild_id = ? AND deleted_at IS NULL"
            " AND (length(name) = ? OR name LIKE '%!%%' ESCAPE '!' OR"
            f" {self._db.dialect.non_ascii('name')})"
            " UNION ALL SELECT id, name, 1 FROM npcs WHERE guild_id = ? AND deleted_at IS NULL",
            (guild_id, len(key), guild_id),
        )
        for found_id, found, is_npc in rows:
            if not is_npc and found_id == character_id:
                continue
            if look_alike_key(found) == key:
                same = name_key(found) == wanted
                return NameTaken(name, found, npc=bool(is_npc), same=same)
        return None

    def add(self, new: NewCharacter, now: datetime) -> Character:
        """Store a new character; raises NameTaken when a live one (or an NPC) of the server has
        the name or one that looks just like it."""
        taken = self.clash(new.guild_id, new.name)
        if taken is not None:
            raise taken
        text, kept = _sheet_json(new.ruleset, new.sheet)
        try:
            rows = self._db.execute_fetchall(
                "INSERT INTO characters (guild_id, owner_id, name, name_key, ruleset, sheet,"
                " mother_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    new.guild_id,
                    new.owner_id,
                    new.name,
                    name_key(new.name),
                    new.ruleset,
                    text,
                    new.mother_id,
                    to_text(now),
                ),
            )
        except integrity_errors() as error:
            if violates_unique(error):
                raise NameTaken(new.name) from error
            raise
        new_id = next(iter(rows))[0]
        if kept is not None:
            store_kept(self._db, new.ruleset, [(new_id, *kept)])
        added = Character(
            id=new_id,
            guild_id=new.guild_id,
            owner_id=new.owner_id,
            name=new.name,
            ruleset=new.ruleset,
            sheet=new.sheet,
            mother_id=new.mother_id,
            created_at=now,
        )
        if self._on_add is not None:
            self._on_add(added, now)
        return added

    @property
    def _columns(self) -> str:
        return _character_columns(self._db.dialect)

    def lock(self, character: Character) -> None:
        """Hold the character's row until the transaction ends: a command that changes it (a
        hunt, a catch shared or stolen) waits for another one doing so, then sees its work."""
        held = self._db.dialect.lock_rows
        if held:
            self._db.execute(
                f"SELECT 1 FROM characters WHERE id = ? AND guild_id = ?{held}",
                (character.id, character.guild_id),
            )

    def by_name(self, guild_id: int, name: str) -> Character | None:
        """The live character of the server with this name (any case)."""
        rows = self._db.execute_fetchall(
            f"SELECT {self._columns} FROM characters"
            " WHERE guild_id = ? AND name_key = ? AND deleted_at IS NULL",
            (guild_id, name_key(name)),
        )
        return next((_character(row) for row in rows), None)

    def deleted_by_name(self, guild_id: int, name: str) -> Character | None:
        """The most recently deleted character of the server with this name."""
        rows = self._db.execute_fetchall(
            f"SELECT {self._columns} FROM characters"
            " WHERE guild_id = ? AND name_key = ? AND deleted_at IS NOT NULL"
            " AND archived_at IS NULL ORDER BY deleted_at DESC LIMIT 1",
            (guild_id, name_key(name)),
        )
        return next((_character(row) for row in rows), None)

    def by_id(self, guild_id: int, character_id: int) -> Character | None:
        """A live character by id, only within the given server."""
        rows = self._db.execute_fetchall(
            f"SELECT {self._columns} FROM characters"
            " WHERE id = ? AND guild_id = ? AND deleted_at IS NULL",
            (character_id, guild_id),
        )
        return next((_character(row) for row in rows), None)

    def by_ids(self, guild_id: int, character_ids: Iterable[int]) -> dict[int, Character]:
        """Live characters of the server by id."""
        ids = tuple(set(character_ids))
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = self._db.execute_fetchall(
            f"SELECT {self._columns} FROM characters"
            f" WHERE guild_id = ? AND id IN ({marks}) AND deleted_at IS NULL",
            (guild_id, *ids),
        )
        return {character.id: character for character in map(_character, rows)}

    def owned_by(self, guild_id: int, owner_id: int) -> list[Character]:
        """A player's live characters in the server, by name."""
        rows = self._db.execute_fetchall(
            f"SELECT {self._columns} FROM characters"
            " WHERE guild_id = ? AND owner_id = ? AND deleted_at IS NULL ORDER BY name_key",
            (guild_id, owner_id),
        )
        return [_character(row) for row in rows]

    def page(self, guild_id: int, *, offset: int, limit: int) -> list[Character]:
        """Live characters of the server by name, one page."""
        rows = self._db.execute_fetchall(
            f"SELECT {self._columns} FROM characters"
            " WHERE guild_id = ? AND deleted_at IS NULL ORDER BY name_key LIMIT ? OFFSET ?",
            (guild_id, limit, offset),
        )
        return [_character(row) for row in rows]

    def archive_other_rulesets(self, guild_id: int, ruleset: str, now: datetime) -> int:
        """Archive the server's live characters of every ruleset but `ruleset`; returns how
        many. They are hidden as deleted ones are, and come back with `unarchive`."""
        cursor = self._db.execute(
            "UPDATE characters SET deleted_at = ?, archived_at = ?"
            " WHERE guild_id = ? AND deleted_at IS NULL AND ruleset != ?",
            (to_text(now), to_text(now), guild_id, ruleset),
        )
        return cursor.rowcount

    def unarchive(self, guild_id: int, ruleset: str) -> int:
        """Bring back the server's archived characters of `ruleset`; returns how many."""
        cursor = self._db.execute(
            "UPDATE characters SET deleted_at = NULL, archived_at = NULL"
            " WHERE guild_id = ? AND ruleset = ? AND archived_at IS NOT NULL",
            (guild_id, ruleset),
        )
        return cursor.rowcount

    def archived(self, guild_id: int, limit: int) -> list[Character]:
        """The server's archived characters, by ruleset and name (at most `limit`)."""
        rows = self._db.execute_fetchall(
            f"SELECT {self._columns} FROM characters"
            " WHERE guild_id = ? AND archived_at IS NOT NULL ORDER BY ruleset, name_key LIMIT ?",
            (guild_id, limit),
        )
        return [_character(row) for row in rows]

    def archived_counts(self, guild_id: int) -> dict[str, int]:
        """How many archived characters the server keeps, by ruleset."""
        rows = self._db.execute_fetchall(
            "SELECT ruleset, count(*) FROM characters"
            " WHERE guild_id = ? AND archived_at IS NOT NULL GROUP BY ruleset ORDER BY ruleset",
            (guild_id,),
        )
        return {ruleset: int(count) for ruleset, count in rows}

    def count_other_ruleset(self, guild_id: int, ruleset: str) -> int:
        """How many live characters of the server belong to a ruleset other than `ruleset`."""
        rows = self._db.execute_fetchall(
            "SELECT count(*) FROM characters"
            " WHERE guild_id = ? AND deleted_at IS NULL AND ruleset != ?",
            (guild_id, ruleset),
        )
        return int(next(iter(rows))[0])

    def name_choices(
        self, guild_id: int, user_id: int, prefix: str, limit: int
    ) -> list[tuple[str, bool]]:
        """Names starting with `prefix` for autocomplete: (name, is the user's own), own first."""
        key = name_key(prefix)
        upper = key + "\U0010ffff"
        rows = self._db.execute_fetchall(
            "SELECT name, 1 FROM characters WHERE guild_id = ? AND owner_id = ?"
            " AND deleted_at IS NULL AND name_key >= ? AND name_key < ?"
            " ORDER BY name_key LIMIT ?",
            (guild_id, user_id, key, upper, limit),
        )
        own = [(name, True) for name, _ in rows]
        if len(own) >= limit:
            return own
        others = self._db.execute_fetchall(
            "SELECT name FROM characters WHERE guild_id = ? AND owner_id != ?"
            " AND deleted_at IS NULL AND name_key >= ? AND name_key < ?"
            " ORDER BY name_key LIMIT ?",
            (guild_id, user_id, key, upper, limit - len(own)),
        )
        return own + [(name, False) for (name,) in others]

    def save_sheet(self, character: Character) -> None:
        """Store a character's sheet and mother (validated by its ruleset's model), and its life
        as far as the sheet decides it (`follow_sheet`)."""
        self.save_sheets((character,))

    def save_sheets(self, characters: Iterable[Character]) -> None:
        """Store several characters' sheets in one statement."""
        rows = []
        kept_by_ruleset: dict[str, list[tuple[Any, ...]]] = {}
        for c in characters:
            c.life = follow_sheet(c.ruleset, c.sheet, c.life)
            text, kept = _sheet_json(c.ruleset, c.sheet)
            rows.append((text, c.mother_id, c.life.value, c.id, c.guild_id))
            if kept is not None:
                kept_by_ruleset.setdefault(c.ruleset, []).append((c.id, *kept))
        self._db.executemany(
            "UPDATE characters SET sheet = ?, mother_id = ?, life = ?"
            " WHERE id = ? AND guild_id = ?",
            rows,
        )
        for ruleset, kept_rows in kept_by_ruleset.items():
            store_kept(self._db, ruleset, kept_rows)

    def set_life(self, character: Character, life: Life) -> None:
        """Set a character's state of life by hand (an admin's kill, revive, retire, away)."""
        character.life = life
        self._db.execute(
            "UPDATE characters SET life = ? WHERE id = ? AND guild_id = ?",
            (life.value, character.id, character.guild_id),
        )

    def living_ids(self, guild_id: int) -> list[int]:
        """Ids of the server's live characters that are not dead, in id order (what moons,
        feeding and pings go through)."""
        rows = self._db.execute_fetchall(
            "SELECT id FROM characters WHERE guild_id = ? AND deleted_at IS NULL"
            " AND life != 'dead' ORDER BY id",
            (guild_id,),
        )
        return [row[0] for row in rows]

    def rename(self, character: Character, new_name: str) -> None:
        """Rename; raises NameTaken when a live character (or an NPC) of the server has the new
        name or one that looks just like it."""
        taken = self.clash(character.guild_id, new_name, character_id=character.id)
        if taken is not None:
            raise taken
        try:
            self._db.execute(
                "UPDATE characters SET name = ?, name_key = ? WHERE id = ? AND guild_id = ?",
                (new_name, name_key(new_name), character.id, character.guild_id),
            )
        except integrity_errors() as error:
            raise NameTaken(new_name) from error

    def hide(self, character: Character, now: datetime) -> None:
        """Delete a character by hiding it, so an admin can restore it."""
        self._db.execute(
            "UPDATE characters SET deleted_at = ? WHERE id = ? AND guild_id = ?;",
            (to_text(now), character.id, character.guild_id),
        )
        self._db.execute(
            "DELETE FROM active_characters WHERE guild_id = ? AND character_id = ?",
            (character.guild_id, character.id),
        )

    def restore(self, character: Character) -> None:
        """Bring a hidden character back; raises NameTaken when its name was taken since (or one
        that looks just like it)."""
        taken = self.clash(character.guild_id, character.name, character_id=character.id)
        if taken is not None:
            raise taken
        try:
            self._db.execute(
                "UPDATE characters SET deleted_at = NULL WHERE id = ? AND guild_id = ?",
                (character.id, character.guild_id),
            )
        except integrity_errors() as error:
            raise NameTaken(character.name) from error

    def kits_of(self, guild_id: int, mother_id: int) -> list[Character]:
        """A mother's live kits."""
        rows = self._db.execute_fetchall(
            f"SELECT {self._columns} FROM characters"
            " WHERE mother_id = ? AND guild_id = ? AND deleted_at IS NULL ORDER BY name_key",
            (mother_id, guild_id),
        )
        return [_character(row) for row in rows]

    def ancestors(self, guild_id: int, character_id: int) -> list[int]:
        """Ids of a character's mother, her mother, and so on (stops at a cycle)."""
        rows = self._db.execute_fetchall(
            "WITH RECURSIVE line(id, depth) AS ("
            " SELECT mother_id, 1 FROM characters WHERE id = ? AND guild_id = ?"
            " UNION SELECT c.mother_id, line.depth + 1 FROM characters c JOIN line"
            " ON c.id = line.id WHERE line.depth < 1000)"
            " SELECT id FROM line WHERE id IS NOT NULL",
            (character_id, guild_id),
        )
        return [row[0] for row in rows]

    def active(self, guild_id: int, user_id: int) -> Character | None:
        """The character a player set with `/character use` in this server, if still live."""
        rows = self._db.execute_fetchall(
            f"SELECT {_character_columns(self._db.dialect, 'c')} FROM active_characters a"
            " JOIN characters c"
            " ON c.id = a.character_id WHERE a.guild_id = ? AND a.user_id = ?"
            " AND c.deleted_at IS NULL",
            (guild_id, user_id),
        )
        return next((_character(row) for row in rows), None)

    def default_for(self, guild_id: int, user_id: int) -> tuple[Character | None, list[Character]]:
        """In one query: the player's active character (if set and live), else up to two of
        their characters by name, enough to tell "the only one" from "several"."""
        rows = self._db.execute_fetchall(
            f"SELECT {_character_columns(self._db.dialect, 'c')},"
            " c.id = a.character_id AS is_active"
            " FROM characters c LEFT JOIN active_characters a"
            " ON a.guild_id = c.guild_id AND a.user_id = c.owner_id"
            " WHERE c.guild_id = ? AND c.owner_id = ? AND c.deleted_at IS NULL"
            " ORDER BY is_active DESC, c.name_key LIMIT 2",
            (guild_id, user_id),
        )
        listed = list(rows)
        found = [_character(row[:-1]) for row in listed]
        if listed and listed[0][-1]:
            return found[0], found
        return None, found

    def set_active(self, guild_id: int, user_id: int, character_id: int) -> None:
        self._db.execute(
            "INSERT INTO active_characters (guild_id, user_id, character_id) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, user_id) DO UPDATE SET character_id = excluded.character_id",
            (guild_id, user_id, character_id),
        )

    def all_in_guild(self, guild_id: int) -> list[Character]:
        """Every character of the server, hidden ones too (for export)."""
        rows = self._db.execute_fetchall(
            f"SELECT {self._columns} FROM characters WHERE guild_id = ? ORDER BY id",
            (guild_id,),
        )
        return [_character(row) for row in rows]

    def page_in_guild(
        self, guild_id: int, after_id: int, last_id: int, limit: int
    ) -> list[Character]:
        """The server's characters with ids after `after_id` up to `last_id`, in id order, at
        most `limit` (the export reads them a page at a time)."""
        rows = self._db.execute_fetchall(
            f"SELECT {self._columns} FROM characters"
            " WHERE guild_id = ? AND id > ? AND id <= ? ORDER BY id LIMIT ?",
            (guild_id, after_id, last_id, limit),
        )
        return [_character(row) for row in rows]

    def last_id(self, guild_id: int) -> int:
        """The server's newest character id (0: none)."""
        rows = self._db.execute_fetchall(
            "SELECT coalesce(max(id), 0) FROM characters WHERE guild_id = ?", (guild_id,)
        )
        return int(rows[0][0])


_AUDIT_COLUMNS = (
    "a.id, a.guild_id, a.channel_id, a.user_id, a.character_id, c.name, a.action, a.summary,"
    " a.rolls, a.outcome, a.overrides_id, a.reason, a.created_at"
)


def _audit(row: Sequence[Any]) -> AuditEntry:
    (id_, guild_id, channel_id, user_id, character_id, character_name, action, summary,
     rolls, outcome, overrides_id, reason, created_at) = row  # fmt: skip
    return AuditEntry(
        id=id_,
        guild_id=guild_id,
        channel_id=channel_id,
        user_id=user_id,
        character_id=character_id,
        character_name=character_name,
        action=action,
        summary=summary,
        rolls=_ROLLS.validate_json(rolls) if rolls else [],
        outcome=outcome,
        overrides_id=overrides_id,
        reason=reason,
        created_at=from_text(created_at),
    )


class AuditRepository:
    """The audit log: every roll with its dice and modifiers, every override and admin change."""

    def __init__(self, connection: Connection, notes: Notes | None = None) -> None:
        self._db = connection
        self._notes = notes

    def add(self, entry: AuditEntry) -> int:
        """Append an entry; returns its id. Entries are never edited. A roll of a character
        whose sheet waits for approval (or was turned down) is refused with `CharacterHeld`."""
        profiles = self._look([entry])
        rows = self._db.execute_fetchall(
            "INSERT INTO audit_log (guild_id, channel_id, user_id, character_id, action,"
            " summary, rolls, outcome, overrides_id, reason, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            _audit_values(entry),
        )
        entry_id = int(next(iter(rows))[0])
        if self._notes is not None:
            self._note(self._notes, entry_id, [entry], profiles)
        return entry_id

    def _look(self, entries: Sequence[AuditEntry]) -> dict[int, Profile | None]:
        """In one query per character: refuse the rolls of one whose sheet waits for approval
        (or was turned down), and read the profile of the first one the unit's reply is
        about. Returns the profiles read, by character id."""
        wanted = None
        if self._notes is not None and self._notes.character_id is None:
            wanted = next((e.character_id for e in entries if e.character_id is not None), None)
        rolling = {
            e.character_id: e.character_name
            for e in entries
            if e.character_id is not None
            and e.rolls
            and e.overrides_id is None
            and e.action != SHEET_ACTION
        }
        profiles: dict[int, Profile | None] = {}
        for character_id in dict.fromkeys([*rolling, *([wanted] if wanted else [])]):
            status, profile = ProfileRepository(self._db).standing(character_id)
            if character_id in rolling and status not in (None, ApprovalStatus.APPROVED):
                raise CharacterHeld(rolling[character_id] or "That character", status)
            profiles[character_id] = profile
        return profiles

    def _note(
        self,
        notes: Notes,
        entry_id: int | None,
        entries: Sequence[AuditEntry],
        profiles: dict[int, Profile | None],
    ) -> None:
        """Keep what the unit's reply shows: its first entry, and its first about a character
        with that character's profile."""
        if notes.audit_id is None:
            notes.audit_id = entry_id
        first = next((e for e in entries if e.character_id is not None), None)
        if notes.character_id is None and first is not None and first.character_id in profiles:
            notes.character_id, notes.action = first.character_id, first.action
            notes.outcome = first.outcome
            notes.profile = profiles[first.character_id]

    def add_many(self, entries: Sequence[AuditEntry]) -> None:
        """Append several entries in one statement (a held character's rolls refused, as
        `add` does)."""
        profiles = self._look(entries)
        if self._notes is not None:
            self._note(self._notes, None, entries, profiles)
        self._db.executemany(
            "INSERT INTO audit_log (guild_id, channel_id, user_id, character_id, action,"
            " summary, rolls, outcome, overrides_id, reason, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [_audit_values(entry) for entry in entries],
        )

    def get(self, guild_id: int, entry_id: int) -> AuditEntry | None:
        rows = self._db.execute_fetchall(
            f"SELECT {_AUDIT_COLUMNS} FROM audit_log a LEFT JOIN characters c"
            " ON c.id = a.character_id WHERE a.id = ? AND a.guild_id = ?",
            (entry_id, guild_id),
        )
        return next((_audit(row) for row in rows), None)

    def latest_override(self, guild_id: int, entry_id: int) -> AuditEntry | None:
        """The newest override of that row, if an admin has overridden it."""
        rows = self._db.execute_fetchall(
            f"SELECT {_AUDIT_COLUMNS} FROM audit_log a LEFT JOIN characters c"
            " ON c.id = a.character_id WHERE a.guild_id = ? AND a.overrides_id = ?"
            " ORDER BY a.id DESC LIMIT 1",
            (guild_id, entry_id),
        )
        return next((_audit(row) for row in rows), None)

    def since(
        self, guild_id: int, character_id: int, after_id: int, limit: int = 5
    ) -> list[AuditEntry]:
        """A character's entries logged after `after_id`, oldest first (what an undo of that
        entry would have to take back too)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_AUDIT_COLUMNS} FROM audit_log a LEFT JOIN characters c"
            " ON c.id = a.character_id WHERE a.guild_id = ? AND a.character_id = ?"
            " AND a.id > ? ORDER BY a.id LIMIT ?",
            (guild_id, character_id, after_id, limit),
        )
        return [_audit(row) for row in rows]

    def recent(
        self,
        guild_id: int,
        *,
        character_id: int | None = None,
        channel_id: int | None = None,
        before_id: int | None = None,
        limit: int = 10,
    ) -> list[AuditEntry]:
        """Newest first: a character's entries, else a channel's, else the server's."""
        where, params = "a.guild_id = ?", [guild_id]
        if character_id is not None:
            where += " AND a.character_id = ?"
            params.append(character_id)
        elif channel_id is not None:
            where += " AND a.channel_id = ?"
            params.append(channel_id)
        if before_id is not None:
            where += " AND a.id < ?"
            params.append(before_id)
        rows = self._db.execute_fetchall(
            f"SELECT {_AUDIT_COLUMNS} FROM audit_log a LEFT JOIN characters c"
            f" ON c.id = a.character_id WHERE {where} ORDER BY a.id DESC LIMIT ?",
            (*params, limit),
        )
        return [_audit(row) for row in rows]

    def all_in_guild(self, guild_id: int) -> list[AuditEntry]:
        """The server's whole log, oldest first (for export)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_AUDIT_COLUMNS} FROM audit_log a LEFT JOIN characters c"
            " ON c.id = a.character_id WHERE a.guild_id = ? ORDER BY a.id",
            (guild_id,),
        )
        return [_audit(row) for row in rows]

    def page_in_guild(
        self, guild_id: int, after_id: int, last_id: int, limit: int
    ) -> list[AuditEntry]:
        """The server's log entries with ids after `after_id` up to `last_id`, oldest first, at
        most `limit` (the export reads them a page at a time)."""
        rows = self._db.execute_fetchall(
            f"SELECT {_AUDIT_COLUMNS} FROM audit_log a LEFT JOIN characters c"
            " ON c.id = a.character_id WHERE a.guild_id = ? AND a.id > ? AND a.id <= ?"
            " ORDER BY a.id LIMIT ?",
            (guild_id, after_id, last_id, limit),
        )
        return [_audit(row) for row in rows]

    def last_id(self, guild_id: int) -> int:
        """The server's newest log entry id (0: none)."""
        rows = self._db.execute_fetchall(
            "SELECT coalesce(max(id), 0) FROM audit_log WHERE guild_id = ?", (guild_id,)
        )
        return int(rows[0][0])


def _audit_values(entry: AuditEntry) -> tuple[Any, ...]:
    # Defaults left out (no modifiers, not a pool, no target): they come back when read.
    rolls = (
        _ROLLS.dump_json(list(entry.rolls), exclude_defaults=True).decode() if entry.rolls else None
    )
    return (
        entry.guild_id,
        entry.channel_id,
        entry.user_id,
        entry.character_id,
        entry.action,
        entry.summary,
        rolls,
        entry.outcome,
        entry.overrides_id,
        entry.reason,
        to_text(entry.created_at),
    )


class Transaction:
    """The repositories of one open transaction: the core's as attributes, a ruleset's through
    `part` (its package's repositories over the same connection)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        # What this unit of work logged about a character; the core clears it before each unit.
        self.notes = Notes()
        self.guilds = GuildRepository(connection)
        self.characters = CharacterRepository(connection, self._hold_if_required)
        self.audit = AuditRepository(connection, self.notes)
        self.profiles = ProfileRepository(connection)
        self.posts = PostRepository(connection)
        self.approvals = ApprovalRepository(connection)
        self.hunting = HuntingRepository(connection)
        self.clock = ClockRepository(connection)
        self.contests = ContestRepository(connection)
        self.outbox = OutboxRepository(connection)
        self.changes = AdminChangeRepository(connection)
        self.scenes = SceneRepository(connection)
        self._parts: dict[Callable[[Connection], Any], Any] = {}
        self._savepoints = 0

    def _hold_if_required(self, character: Character, now: datetime) -> None:
        """With approval on in its server, a new character waits for an admin's approval."""
        if self.guilds.get(character.guild_id).settings.approval:
            approval_id = self.approvals.add(
                character.guild_id, character.id, ApprovalKind.SHEET, character.owner_id, now
            )
            self.notes.held.append(approval_id)

    @contextmanager
    def savepoint(self) -> Iterator[None]:
        """A part of the unit of work that is undone alone when it raises (the error goes on),
        the rest of the transaction kept: one due item of a scheduled job among many."""
        self._savepoints += 1
        name = f"pawpost_part_{self._savepoints}"
        self.connection.execute(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            self.connection.execute(f"ROLLBACK TO SAVEPOINT {name}")
            self.connection.execute(f"RELEASE SAVEPOINT {name}")
            raise
        self.connection.execute(f"RELEASE SAVEPOINT {name}")

    def part(self, make: Callable[[Connection], T]) -> T:
        """A ruleset's repositories, made once per connection (they keep no state)."""
        found = self._parts.get(make)
        if found is None:
            found = self._parts[make] = make(self.connection)
        return cast(T, found)
