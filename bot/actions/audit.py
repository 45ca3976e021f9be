"""Building audit-log entries for what an action did."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.actions.context import Actor
from rules.rolls import Roll
from storage.models import AuditEntry, Character


def entry(
    actor: Actor,
    action: str,
    summary: str,
    now: datetime,
    *,
    character: Character | None = None,
    rolls: Sequence[Roll] = (),
    outcome: str | None = None,
    reason: str | None = None,
    overrides_id: int | None = None,
) -> AuditEntry:
    return AuditEntry(
        guild_id=actor.guild_id,
        channel_id=actor.channel_id,
        user_id=actor.user_id,
        character_id=None if character is None else character.id,
        character_name=None if character is None else character.name,
        action=action,
        summary=summary,
        rolls=list(rolls),
        outcome=outcome,
        reason=reason,
        overrides_id=overrides_id,
        created_at=now,
    )
