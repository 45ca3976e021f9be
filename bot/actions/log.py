"""`/log`: what was rolled, by whom, for which character, and overrides."""

from __future__ import annotations

from bot.actions.contests import HIDDEN_OPENING
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import named
from bot.actions.reply import Button, Reply
from bot.actions.roll import SECRET_ROLL
from storage.models import AuditEntry
from storage.repositories import Transaction

DEFAULT_LOG_LIMIT = 10
MAX_LOG_LIMIT = 25
PAGE_TEXT_BUDGET = 3800  # under an embed description's 4096 characters


def _line(entry: AuditEntry, admin: bool) -> str:
    who = safe(entry.character_name) if entry.character_name else f"<@{entry.user_id}>"
    stamp = f"<t:{int(entry.created_at.timestamp())}:R>"
    if entry.action == SECRET_ROLL and not admin:  # what came up is for the admins' eyes
        return f"`#{entry.id}` {stamp} {who} — a secret roll"
    head = f"`#{entry.id}` {stamp} {who} — {safe(entry.summary)}"
    if entry.action == HIDDEN_OPENING and not admin:  # shown with the defender's answer
        return head + "\n  the dice show with the answer"
    if entry.overrides_id is not None:  # its summary names the roll: "override of #9: …"
        head += f" (by <@{entry.user_id}>)"
    details = [describe_roll(roll) for roll in entry.rolls]
    if entry.outcome:
        details.append(f"→ {safe(entry.outcome)}")
    if entry.reason:
        details.append(f"reason: {safe(entry.reason)}")
    return head + ("\n  " + "; ".join(details) if details else "")


@runs_in_database(read_only=True)
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
        admin = actor.admin_in(tx.guilds.get(actor.guild_id).settings)
        entries = tx.audit.recent(
            actor.guild_id,
            character_id=None if target is None else target[0],
            channel_id=actor.channel_id if target is None else None,
            before_id=before_id,
            limit=limit + 1,
        )
    title = f"Recent rolls of {safe(target[1])}" if target else "Recent rolls in this channel"
    lines, shown = _page(entries[:limit], admin)
    buttons = []
    if shown < len(entries):
        scope = target[0] if target else 0
        last_shown = entries[shown - 1].id
        buttons.append(Button(label="Older", custom_id=f"pawpost:log:{scope}:older:{last_shown}"))
    return Reply(title=title, lines=lines, buttons=buttons, update=before_id is not None)


def _page(entries: list[AuditEntry], admin: bool) -> tuple[list[str], int]:
    """As many entries as fit one message, and how many that is (at least one, cut if it must
    be), so the Older button continues exactly where this page stops."""
    if not entries:
        return ["Nothing has been rolled here yet."], 0
    lines: list[str] = []
    used = 0
    for entry in entries:
        line = _line(entry, admin)
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
