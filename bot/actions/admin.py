"""Admin adjudication: override a roll's outcome, as a new audit row that points at the old."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import require_admin
from bot.actions.reply import Reply
from bot.actions.roll import clean_reason
from rules.errors import PawpostError

MAX_OUTCOME_LENGTH = 200


def required_reason(reason: str) -> str:
    cleaned = clean_reason(reason)
    if not cleaned:
        raise PawpostError("An admin change needs a reason, so the log can say why.")
    return cleaned


@runs_in_database
def adjudicate(services: Services, actor: Actor, roll: int, outcome: str, reason: str) -> Reply:
    """Record an override of a logged roll; the original row stays as it was."""
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
        character = (
            None
            if original.character_id is None
            else tx.characters.by_id(actor.guild_id, original.character_id)
        )
        now = services.clock()
        ruleset = services.ruleset(guild.ruleset)
        follows = (
            None
            if ruleset is None or ruleset.adjudicate is None
            else ruleset.adjudicate(tx, guild, original, outcome, now)
        )
        lines: list[str] = []
        if follows is not None:
            outcome, lines = follows
        entry = audit.entry(
            actor,
            "override",
            f"override of #{original.id}: {original.summary}",
            now,
            character=character,
            outcome=outcome,
            reason=reason,
            overrides_id=original.id,
        )
        entry_id = tx.audit.add(entry)
    return Reply(
        title=f"Roll #{original.id} adjudicated",
        lines=[f"Outcome: **{safe(outcome)}**", *lines, f"Reason: {safe(reason)}"],
        footer=f"override #{entry_id}",
    )
