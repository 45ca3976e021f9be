"""The records storage keeps, as pydantic models."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny

from rules.life import Life
from rules.rolls import Roll


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
