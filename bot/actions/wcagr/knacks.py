"""WCAGR knacks used on their own (`/knack`): Dash, Pathfinder, Interpret Dreams and Yowl's
message spend their points and say what they do; those the GM answers ping the admins. Pin has
its own command, `/pin`, in a wrestle."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, require_built
from bot.actions.reply import Reply
from bot.actions.roll import clean_reason
from bot.actions.wcagr import parse
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.errors import PawpostError
from rules.wcagr import Knack, use_knack


@runs_in_database
def use(
    services: Services,
    actor: Actor,
    knack: str,
    character: str | None = None,
    reason: str | None = None,
) -> Reply:
    """Pay the knack's cost from its pool, save it, and post what it does; Pathfinder and
    Interpret Dreams ask the server's admins (the GM) to answer."""
    chosen = parse.knack(knack)
    if chosen is Knack.PIN:
        raise PawpostError("Pin is used with /pin, on your cat's turn in a wrestle.")
    reason = clean_reason(reason)
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character)
        used = use_knack(wcagr_sheet(found), chosen)
        found.sheet = used.sheet
        tx.characters.save_sheet(found)
        cost = f"{used.use.cost} {used.use.pool.label} point{'s' if used.use.cost != 1 else ''}"
        tx.audit.add(
            audit.entry(
                actor,
                "knack",
                f"used {chosen.label} ({cost})",
                services.clock(),
                character=found,
                reason=reason,
            )
        )
        admin_role = guild.settings.admin_role_id
    lines = [f"{safe(found.name)} spends {cost} on {chosen.label}."]
    if used.use.effect:
        lines.append(used.use.effect)
    if reason:
        lines.append(f"For: {safe(reason)}")
    if used.asks_admin:
        who = f"<@&{admin_role}>" if admin_role else "An admin"
        lines.append(f"{who}: please answer as the GM.")
    points = used.sheet.points_left(used.use.pool)
    return Reply(
        title=f"{safe(found.name)}: {chosen.label}",
        lines=lines,
        footer=f"{points} {used.use.pool.label} point{'s' if points != 1 else ''} left",
    )
