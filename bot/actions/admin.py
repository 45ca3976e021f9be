"""Admin adjudication: set a stat, override a roll's outcome. Every change is a new audit row."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.checks import parse_stat
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import named, require_admin, require_built
from bot.actions.reply import Reply
from bot.actions.roll import clean_reason
from rules.errors import PawpostError
from rules.germ.sheet import GermSheet

MAX_OUTCOME_LENGTH = 200


def _required_reason(reason: str) -> str:
    cleaned = clean_reason(reason)
    if not cleaned:
        raise PawpostError("An admin change needs a reason, so the log can say why.")
    return cleaned


@runs_in_database
def set_stat(
    services: Services, actor: Actor, character: str, stat: str, value: int, reason: str
) -> Reply:
    reason = _required_reason(reason)
    chosen = parse_stat(stat)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        found = named(tx, actor.guild_id, character)
        sheet = found.sheet
        assert isinstance(sheet, GermSheet)
        limit = guild.settings.germ.max_points_in_stat
        if not 0 <= value <= limit:
            raise PawpostError(f"{chosen.label} can be 0 to {limit}; you gave {value}.")
        before = sheet.points(chosen)
        found.sheet = sheet.model_copy(update={chosen.value: value})
        tx.characters.save_sheet(found)
        tx.audit.add(
            audit.entry(
                actor,
                "admin",
                f"{chosen.label} {before} → {value}",
                now,
                character=found,
                reason=reason,
            )
        )
    return Reply(
        lines=[f"{safe(found.name)}'s {chosen.label} is now {value} (was {before})."],
        footer=f"reason: {reason}",
    )


@runs_in_database
def adjudicate(services: Services, actor: Actor, roll: int, outcome: str, reason: str) -> Reply:
    """Record an override of a logged roll; the original row stays as it was."""
    reason = _required_reason(reason)
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
        entry = audit.entry(
            actor,
            "override",
            f"override of #{original.id}: {original.summary}",
            services.clock(),
            character=character,
            outcome=outcome,
            reason=reason,
            overrides_id=original.id,
        )
        entry_id = tx.audit.add(entry)
    return Reply(
        title=f"Roll #{original.id} adjudicated",
        lines=[f"Outcome: **{safe(outcome)}**", f"Reason: {safe(reason)}"],
        footer=f"override #{entry_id}",
    )
