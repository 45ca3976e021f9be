"""`/admin undo [entry]`: revert an admin change when nothing since has changed its character,
and say what did when something has. The undo is itself an admin change (undo it to redo)."""

from __future__ import annotations

from typing import Any

from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.gm.state import admin_tools, others_of, record, restore, snapshot
from bot.actions.reply import Reply
from rules.errors import PawpostError
from storage.models import AuditEntry, Character
from storage.repositories import Transaction

MOST_NAMED = 5  # later entries named in a refusal


def _described(entries: list[AuditEntry]) -> str:
    return "; ".join(f"#{e.id} {e.action} ({safe(e.summary)})" for e in entries[:MOST_NAMED])


def _outcome_before(tx: Transaction, guild_id: int, entry: AuditEntry) -> str | None:
    """What an adjudicated roll's outcome was before the override being undone."""
    assert entry.overrides_id is not None
    original = tx.audit.get(guild_id, entry.overrides_id)
    earlier = [
        e
        for e in tx.audit.since(guild_id, entry.character_id or 0, entry.overrides_id, limit=200)
        if e.overrides_id == entry.overrides_id and e.id < entry.id
    ]
    if earlier:
        return earlier[-1].outcome
    return None if original is None else original.outcome


def _changed(
    character: Character,
    others: list[Character],
    current: dict[str, Any],
    after: dict[str, Any],
) -> str:
    """Which of the characters an admin change touched have changed since ("Firepaw has")."""
    alone = {key: value for key, value in current.items() if key != "others"}
    names = [] if alone == {k: v for k, v in after.items() if k != "others"} else [character.name]
    for other in others:
        key = str(other.id)
        if current.get("others", {}).get(key) != after.get("others", {}).get(key):
            names.append(other.name)
    names = names or [character.name]
    return f"{' and '.join(safe(n) for n in names)} {'have' if len(names) > 1 else 'has'}"


@runs_in_database
def undo(
    services: Services, actor: Actor, entry: int | None = None, reason: str | None = None
) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild, tools = admin_tools(services, actor, tx)
        change = (
            tx.changes.latest(actor.guild_id)
            if entry is None
            else tx.changes.get(actor.guild_id, entry)
        )
        if change is None:
            if entry is None:
                raise PawpostError("There is no admin change in this server to undo.")
            raise PawpostError(
                f"#{entry} is not an admin change that can be undone (sheet sets, adjudications, "
                "damage, heals, kills and revivals can be)."
            )
        if change.undone_by is not None:
            raise PawpostError(f"#{change.audit_id} was already undone by #{change.undone_by}.")
        logged = tx.audit.get(actor.guild_id, change.audit_id)
        assert logged is not None
        character = tx.characters.by_id(actor.guild_id, change.character_id)
        if character is None:
            raise PawpostError(
                f"The character #{change.audit_id} changed was deleted; restore it first."
            )
        others = others_of(tx, character, change.after)
        for touched in (character, *others):
            tx.characters.lock(touched)
        # An adjudication: the roll it changed, whose state outside the sheets goes back too.
        roll = (
            None
            if logged.overrides_id is None
            else tx.audit.get(guild.guild_id, logged.overrides_id)
        )
        current = snapshot(tx, tools, character, others, roll)
        later = sorted(
            (
                entry
                for touched in (character, *others)
                for entry in tx.audit.since(actor.guild_id, touched.id, change.audit_id)
            ),
            key=lambda entry: entry.id,
        )
        if current != change.after:
            changed = _changed(character, others, current, change.after)
            raise PawpostError(
                f"#{change.audit_id} cannot be undone: {changed} changed since "
                f"({_described(later) or 'outside the log'}). Undo those first, or correct the "
                "sheet with /admin sheet set."
            )
        summary = f"undo of #{change.audit_id}: {logged.summary}"
        restore(tx, tools, character, change.before, roll)
        # An adjudication undone logs the roll's earlier outcome again, so /log shows it.
        overrides_id = logged.overrides_id
        undo_id = record(
            tx,
            actor,
            tools,
            character,
            current,
            now,
            action="undo" if overrides_id is None else "override",
            summary=summary,
            reason=reason or f"undo of #{change.audit_id}",
            outcome=None if overrides_id is None else _outcome_before(tx, guild.guild_id, logged),
            overrides_id=overrides_id,
            others=others,
            roll=roll,
        )
        tx.changes.mark_undone(actor.guild_id, change.audit_id, undo_id)
    back = " and ".join(safe(c.name) for c in (character, *others))
    lines = [
        f"{back} {'are' if others else 'is'} back as before #{change.audit_id}"
        f" ({safe(logged.summary)})."
    ]
    if later:
        lines.append(
            f"Logged since with the changed sheet: {_described(later)}; "
            "adjudicate those if they should have gone otherwise."
        )
    return Reply(
        title=f"#{change.audit_id} undone",
        lines=lines,
        footer=f"admin change #{undo_id} · /admin undo entry:{undo_id} redoes it",
    )
