"""`/log` and the JSON export: what was rolled, by whom, for which character, and overrides."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.actions.context import Actor, Services, registered_rulesets, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import named, require_admin
from bot.actions.reply import Attachment, Button, Reply
from storage.database import Database
from storage.models import AuditEntry
from storage.repositories import Transaction

if TYPE_CHECKING:
    from bot.ruleset import Ruleset

DEFAULT_LOG_LIMIT = 10
MAX_LOG_LIMIT = 25
PAGE_TEXT_BUDGET = 3800  # under an embed description's 4096 characters


def _line(entry: AuditEntry) -> str:
    who = safe(entry.character_name) if entry.character_name else f"<@{entry.user_id}>"
    stamp = f"<t:{int(entry.created_at.timestamp())}:R>"
    head = f"`#{entry.id}` {stamp} {who} — {safe(entry.summary)}"
    if entry.overrides_id is not None:
        head += f" (overrides `#{entry.overrides_id}` by <@{entry.user_id}>)"
    details = [describe_roll(roll) for roll in entry.rolls]
    if entry.outcome:
        details.append(f"→ {safe(entry.outcome)}")
    if entry.reason:
        details.append(f"reason: {safe(entry.reason)}")
    return head + ("\n  " + "; ".join(details) if details else "")


@runs_in_database
def recent(
    services: Services,
    actor: Actor,
    character: str | None = None,
    limit: int | None = None,
    *,
    before_id: int | None = None,
    character_id: int | None = None,
) -> Reply:
    """A character's recent rolls (or, with none named, this channel's), newest first."""
    limit = max(1, min(limit or DEFAULT_LOG_LIMIT, MAX_LOG_LIMIT))
    with services.db.transaction(write=False) as tx:
        target = _log_target(tx, actor, character, character_id)
        entries = tx.audit.recent(
            actor.guild_id,
            character_id=None if target is None else target[0],
            channel_id=actor.channel_id if target is None else None,
            before_id=before_id,
            limit=limit + 1,
        )
    title = f"Recent rolls of {safe(target[1])}" if target else "Recent rolls in this channel"
    lines, shown = _page(entries[:limit])
    buttons = []
    if shown < len(entries):
        scope = target[0] if target else 0
        last_shown = entries[shown - 1].id
        buttons.append(Button(label="Older", custom_id=f"pawpost:log:{scope}:older:{last_shown}"))
    return Reply(title=title, lines=lines, buttons=buttons, update=before_id is not None)


def _page(entries: list[AuditEntry]) -> tuple[list[str], int]:
    """As many entries as fit one message, and how many that is (at least one, cut if it must
    be), so the Older button continues exactly where this page stops."""
    if not entries:
        return ["Nothing has been rolled here yet."], 0
    lines: list[str] = []
    used = 0
    for entry in entries:
        line = _line(entry)
        if lines and used + len(line) + 1 > PAGE_TEXT_BUDGET:
            break
        lines.append(line[:PAGE_TEXT_BUDGET])
        used += len(line) + 1
    return lines, len(lines)


def _log_target(
    tx: Transaction, actor: Actor, name: str | None, character_id: int | None
) -> tuple[int, str] | None:
    if name:
        found = named(tx, actor.guild_id, name)
        return found.id, found.name
    if character_id:
        by_id = tx.characters.by_id(actor.guild_id, character_id)
        if by_id is not None:
            return by_id.id, by_id.name
    return None


async def older_page(services: Services, actor: Actor, scope: int, before_id: int) -> Reply:
    """The "Older" button of `/log`."""
    return await recent(services, actor, before_id=before_id, character_id=scope or None)


async def export_guild(
    db: Database, guild_id: int, rulesets: Mapping[str, Ruleset] | None = None
) -> dict[str, Any]:
    """The server's settings, characters (hidden ones too), whole audit log, and its ruleset's
    own section (Germ: trust and combats)."""
    chosen = registered_rulesets() if rulesets is None else rulesets
    return await db.transact(lambda tx: _export(tx, guild_id, chosen), write=False)


def _export(tx: Transaction, guild_id: int, rulesets: Mapping[str, Ruleset]) -> dict[str, Any]:
    guild = tx.guilds.get(guild_id)
    characters = tx.characters.all_in_guild(guild_id)
    entries = tx.audit.all_in_guild(guild_id)
    data: dict[str, Any] = {
        "guild_id": str(guild_id),
        "ruleset": guild.ruleset,
        "settings": guild.settings.model_dump(mode="json"),
        "characters": [character.model_dump(mode="json") for character in characters],
        "audit_log": [entry.model_dump(mode="json") for entry in entries],
    }
    ruleset = rulesets.get(guild.ruleset)
    if ruleset is not None and ruleset.export is not None:
        data[ruleset.id] = ruleset.export(tx, guild_id)
    return data


@runs_in_database
def export(services: Services, actor: Actor) -> Reply:
    """`/admin export`: the server's data as a JSON file, for admins."""
    with services.db.transaction(write=False) as tx:
        require_admin(actor, tx.guilds.get(actor.guild_id))
        data = _export(tx, actor.guild_id, services.rulesets)
    content = json.dumps(data, indent=2, ensure_ascii=False).encode()
    return Reply(
        lines=[f"{len(data['characters'])} characters and {len(data['audit_log'])} log entries."],
        attachment=Attachment(filename=f"pawpost-{actor.guild_id}.json", content=content),
        ephemeral=True,
    )
