"""Admin adjudication: override a roll's outcome, as a new audit row that points at the old."""

from __future__ import annotations

from typing import Any

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.gm import state
from bot.actions.lookup import require_admin
from bot.actions.reply import Reply
from bot.actions.roll import clean_reason
from bot.gm import GmTools
from rules.errors import PawpostError
from storage.models import AuditEntry, Character
from storage.repositories import Transaction
from storage.settings import Guild

MAX_OUTCOME_LENGTH = 200
MOST_READ = 50  # a character's later log entries read for the rolls made since a roll
MOST_NAMED = 5  # those rolls named in an adjudication's reply


def required_reason(reason: str) -> str:
    cleaned = clean_reason(reason)
    if not cleaned:
        raise PawpostError("An admin change needs a reason, so the log can say why.")
    return cleaned


@runs_in_database
def adjudicate(services: Services, actor: Actor, roll: int, outcome: str, reason: str) -> Reply:
    """Record an override of a logged roll and apply what follows from it in the game; the
    original row stays as it was."""
    reason = required_reason(reason)
    outcome = " ".join(outcome.split())
    if not outcome or len(outcome) > MAX_OUTCOME_LENGTH:
        raise PawpostError(f"The outcome must be 1 to {MAX_OUTCOME_LENGTH} characters.")
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        original = tx.audit.get(actor.guild_id, roll)
        if original is None:
            raise PawpostError(f"There is no roll #{roll} in this server's log.")
        if original.overrides_id is not None:
            raise PawpostError(
                f"#{roll} is itself an adjudication; adjudicate roll #{original.overrides_id}."
            )
        entry_id, outcome, lines = override(tx, services, actor, guild, original, outcome, reason)
    return Reply(
        title=f"Roll #{original.id} adjudicated",
        lines=[f"Outcome: **{safe(outcome)}**", *lines, f"Reason: {safe(reason)}"],
        footer=f"override #{entry_id}",
    )


def _touched(
    tx: Transaction, tools: GmTools, character: Character, original: AuditEntry
) -> list[Character]:
    """The other characters an adjudication of that roll may change, as its ruleset says."""
    if tools.touches is None:
        return []
    ids = [i for i in tools.touches(tx, original) if i != character.id]
    found = tx.characters.by_ids(character.guild_id, ids)
    return [found[i] for i in ids if i in found]


def rolled_since(
    tx: Transaction,
    tools: GmTools,
    character: Character,
    others: list[Character],
    original: AuditEntry,
    before: dict[str, Any],
) -> list[str]:
    """When the adjudication changed a character, the rolls it has made since the roll: they
    went by the old outcome (a starving cat's penalty, a scar's), so the GM is told of them."""
    now_others = [state.reloaded(tx, other) for other in others]
    after = state.snapshot(tx, tools, state.reloaded(tx, character), now_others, original)
    if after == before:
        return []
    since = sorted(
        (
            entry
            for changed in (character, *others)
            for entry in tx.audit.since(character.guild_id, changed.id, original.id, MOST_READ)
            if entry.rolls and entry.overrides_id is None
        ),
        key=lambda entry: entry.id,
    )
    if not since:
        return []
    named = "; ".join(f"#{e.id} {e.action} ({safe(e.summary)})" for e in since[:MOST_NAMED])
    more = f" and {len(since) - MOST_NAMED} more" if len(since) > MOST_NAMED else ""
    return [
        f"Rolled since #{original.id} by the old outcome: {named}{more}. Adjudicate those if "
        "they should have gone otherwise, or correct the sheet with /admin sheet set."
    ]


def override(
    tx: Transaction,
    services: Services,
    actor: Actor,
    guild: Guild,
    original: AuditEntry,
    outcome: str,
    reason: str,
    summary: str | None = None,
) -> tuple[int, str, list[str]]:
    """Apply a new outcome to a logged roll (what its ruleset says follows) and log it, with
    the roll's character before and after so that `/admin undo` can take it back; returns the
    override's number, the outcome as logged and what changed."""
    now = services.clock()
    character = (
        None
        if original.character_id is None
        else tx.characters.by_id(actor.guild_id, original.character_id)
    )
    ruleset = services.ruleset(guild.ruleset)
    tools = None if ruleset is None else ruleset.gm
    others = [] if character is None or tools is None else _touched(tx, tools, character, original)
    before = (
        None
        if character is None or tools is None
        else state.snapshot(tx, tools, character, others, original)
    )
    follows = (
        None
        if ruleset is None or ruleset.adjudicate is None
        else ruleset.adjudicate(tx, guild, original, outcome, now)
    )
    lines: list[str] = []
    if follows is not None:
        outcome, lines = follows
    summary = summary or f"override of #{original.id}: {original.summary}"
    if character is not None and tools is not None and before is not None:
        lines += rolled_since(tx, tools, character, others, original, before)
        entry_id = state.record(
            tx,
            actor,
            tools,
            character,
            before,
            now,
            action="override",
            summary=summary,
            reason=reason,
            outcome=outcome,
            overrides_id=original.id,
            others=others,
            roll=original,
        )
    else:
        entry_id = tx.audit.add(
            audit.entry(
                actor,
                "override",
                summary,
                now,
                character=character,
                outcome=outcome,
                reason=reason,
                overrides_id=original.id,
            )
        )
    return entry_id, outcome, lines
