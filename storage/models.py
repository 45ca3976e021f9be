"""The records storage keeps, as pydantic models."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny

from rules.life import Life
from rules.rolls import Roll


@dataclass(frozen=True)
class IdRange:
    """A slice of a server's characters: those (of that server, not deleted) with an id from
    `first` to `last`, `count` of them. A statement reads it as `id BETWEEN first AND last`."""

    first: int
    last: int
    count: int


def among(ids: Sequence[int] | IdRange | None, column: str = "id") -> tuple[str, tuple[int, ...]]:
    """A condition (" AND ...") keeping only these characters (None: every one), and its
    parameters: a slice's range, or a list of ids."""
    if ids is None:
        return "", ()
    if isinstance(ids, IdRange):
        return f" AND {column} BETWEEN ? AND ?", (ids.first, ids.last)
    return f" AND {column} IN ({', '.join('?' * len(ids)) or 'NULL'})", tuple(ids)


class Character(BaseModel):
    """A player's character: the common columns and the ruleset's own sheet."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    id: int
    guild_id: int
    owner_id: int
    name: str
    ruleset: str
    sheet: SerializeAsAny[BaseModel]
    mother_id: int | None = None
    created_at: datetime
    deleted_at: datetime | None = None
    life: Life = Life.ACTIVE
    # Set when a ruleset switch archived it (it comes back when the server plays it again).
    archived_at: datetime | None = None


class NewCharacter(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    guild_id: int
    owner_id: int
    name: str
    ruleset: str
    sheet: SerializeAsAny[BaseModel]
    mother_id: int | None = None


class AuditEntry(BaseModel):
    """One line of the audit log: a roll, an adjudication or an admin change."""

    id: int = 0
    guild_id: int
    channel_id: int | None = None
    user_id: int
    character_id: int | None = None
    character_name: str | None = None
    action: str
    summary: str
    rolls: list[Roll] = Field(default_factory=list)
    outcome: str | None = None
    overrides_id: int | None = None
    reason: str | None = None
    created_at: datetime
