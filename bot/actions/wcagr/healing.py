"""`/heal`: once a day per wounded cat, with herbs at hand (the roller confirms; logged), a
Ponder check with Herb Lore or Medicine Lore against HP lost + 5 heals 1, 2 or 3 HP more."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.game_time import game_day_at
from bot.actions.lookup import acting_character, named, require_built
from bot.actions.reply import Reply
from bot.actions.wcagr import parse
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.errors import PawpostError
from rules.wcagr.constants import HERB_TARGET_BASE
from rules.wcagr.healing import healed, herb_healing

YES = "yes"


@runs_in_database
def heal(
    services: Services,
    actor: Actor,
    target: str,
    herbs: str,
    spend: int = 0,
    knacks: str | None = None,
    character: str | None = None,
) -> Reply:
    """The acting cat (the healer, who may be the wounded cat) tends `target`."""
    if herbs.strip().lower() != YES:
        raise PawpostError("Herb healing needs the right herbs at hand; say herbs:yes when so.")
    uses = parse.knack_uses(knacks)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        healer = acting_character(tx, actor, guild, character)
        patient = (
            healer
            if healer.name.lower() == target.strip().lower()
            else named(tx, guild.guild_id, target)
        )
        wounded = wcagr_sheet(patient)
        today = game_day_at(now, guild.settings).number
        if wounded.herbs_day == today:
            raise PawpostError(
                f"{safe(patient.name)} has had its herb healing today; try again after sunrise."
            )
        result = herb_healing(wcagr_sheet(healer), wounded, services.dice, spend=spend, knacks=uses)
        if patient.id == healer.id:  # its points were paid from the sheet it heals
            patient.sheet = healed(result.check.sheet, result.hp).changed(herbs_day=today)
            tx.characters.save_sheet(patient)
        else:
            healer.sheet = result.check.sheet
            patient.sheet = result.patient.changed(herbs_day=today)
            tx.characters.save_sheets([healer, patient])
        tx.audit.add(
            audit.entry(
                actor,
                "heal",
                f"herb healing of {patient.name} by {healer.name} (herbs at hand) vs "
                f"{result.target}",
                now,
                character=patient,
                rolls=[result.check.roll],
                outcome=f"+{result.hp} HP",
            )
        )
    healed_sheet = wcagr_sheet(patient)
    return Reply(
        title=f"{safe(healer.name)} tends {safe(patient.name)}",
        lines=[
            f"{describe_roll(result.check.roll)} vs {result.target} (HP lost + {HERB_TARGET_BASE})",
            f"{safe(patient.name)} heals {result.hp} HP: {healed_sheet.hp} of "
            f"{healed_sheet.hp_max}.",
        ],
    )
