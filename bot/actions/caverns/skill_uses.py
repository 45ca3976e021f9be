"""`/skill use`: skills whose effect is outside battle (Scry, Commune, Twist Fate, Transmute,
Immunity's roll, sleeping at will, Barge's doors, the land's meld and circle), spending their
Harmony or Vitae; a question for the MC goes to the admins."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.caverns.battle.guard import skill_battle
from bot.actions.caverns.common import caverns_sheet, party_of, require_caverns, save
from bot.actions.caverns.conditions import cure_button
from bot.actions.caverns.melding import land_use_lines
from bot.actions.caverns.race_traits import use_race_action
from bot.actions.caverns.skills.registry import BATTLE_SKILLS, use_in_battle
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character, living
from bot.actions.reply import Button, Reply
from rules.caverns.conditions import Condition
from rules.caverns.melding import LAND_SKILLS
from rules.caverns.race_traits import race_action
from rules.caverns.skill_uses import (
    WORKS_BY_ITSELF,
    offer_fated_die,
    own_skill,
    resist_poison,
    use_skill,
)
from rules.caverns.wording import signed
from rules.errors import PawpostError
from rules.rolls import Roll


@runs_in_database
def use(
    services: Services,
    actor: Actor,
    name: str,
    target: str | None = None,
    character: str | None = None,
) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        party_of(tx, guild, found, actor, now)
        sheet = caverns_sheet(found)
        action = race_action(sheet, name)
        if action is not None:  # the Tae'dae's hug, the Dracnari's fire (l. 75, 90)
            return use_race_action(services, tx, actor, guild, found, action, target, now)
        skill = own_skill(sheet, name)
        fighting = skill_battle(tx, actor, guild, found)
        if fighting is not None:
            scene, fighter = fighting
            if skill.key in BATTLE_SKILLS:
                return use_in_battle(services, actor, scene, found, fighter, skill, target, now)
            if skill.key not in WORKS_BY_ITSELF:
                raise PawpostError(
                    f"{safe(found.name)} is in a battle: {skill.name} has no use there, and "
                    "waits until it is over."
                )
        lines: list[str] = []
        buttons: list[Button] = []
        rolls: list[Roll] = []
        if skill.key in LAND_SKILLS:
            lines = land_use_lines(tx, actor, guild, found, skill.key, now)
        elif skill.key == "athletics:immunity":
            rolled = resist_poison(sheet, services.dice)
            save(tx, found, rolled.sheet)
            shrugged = bool(rolled.roll.succeeded)
            lines = [
                describe_roll(rolled.roll),
                "**Shrugged off**: the poison does nothing."
                if shrugged
                else "The poison takes hold.",
            ]
            rolls = [rolled.roll]
        else:
            used = use_skill(sheet, name, services.dice, target=target or "")
            save(tx, found, used.sheet)
            rolls = list(used.rolls)
            lines = [describe_roll(roll) for roll in used.rolls]
            spent = sheet.harmony - used.sheet.harmony
            if spent:
                lines.append(f"Spent {spent} Harmony: now {signed(used.sheet.harmony)}.")
            if used.sheet.fated_dice:
                dice = " and ".join(map(str, used.sheet.fated_dice))
                lines.append(
                    f"Fated dice held: {dice}. A roll made with one (fated-die) is doubles of "
                    "it; offer one for another player's roll with /twist-fate. Both must be "
                    "used before the next Short Rest."
                )
            if used.sheet.vitae < sheet.vitae:
                lines.append(
                    f"Spent {sheet.vitae - used.sheet.vitae} Vitae: Health is full "
                    f"({used.sheet.health})."
                )
            if used.question is not None:
                lines.append(f"**For the MC**: {safe(used.question)}")
            if used.sheet.has_condition(Condition.SLEEPING) > sheet.has_condition(
                Condition.SLEEPING
            ):
                lines.append(f"{safe(found.name)} falls Asleep, and wakes by a Harmony roll.")
                buttons.append(cure_button(found.id, used.sheet, Condition.SLEEPING))
        tx.audit.add(
            audit.entry(actor, "skill", f"used {skill.key}", now, character=found, rolls=rolls)
        )
    return Reply(title=f"{safe(found.name)} uses {skill.name}", lines=lines, buttons=buttons)


@runs_in_database
def give_fate(
    services: Services, actor: Actor, die: int, to: str, character: str | None = None
) -> Reply:
    """`/twist-fate`: offer one of Twist Fate's dice for another character's next roll (l. 219);
    its player accepts by rolling with `fated-die` and `fated-from`."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        holder = acting_character(tx, actor, guild, character)
        roller = living(tx, guild.guild_id, to)
        if roller.id == holder.id:
            raise PawpostError("Roll with your own die directly: fated-die on your roll.")
        offered = offer_fated_die(
            caverns_sheet(holder), caverns_sheet(roller), die, holder.id, holder.name
        )
        save(tx, roller, offered)
        tx.audit.add(
            audit.entry(
                actor, "skill", f"offered a fated {die} to {roller.name}", now, character=holder
            )
        )
    return Reply(
        title=f"{safe(holder.name)} offers {safe(roller.name)} a fated {die}",
        lines=[
            f"<@{roller.owner_id}>: {safe(roller.name)}'s next roll may be doubles of {die}. "
            f"To take it, roll with fated-die:{die} fated-from:{safe(holder.name)} (/move, "
            "/flee, /advance, /battle roll, /battle attack, advance or flee, /market or /cure).",
            "The die stays with its holder until it is used; the next Short Rest wastes it.",
        ],
        mentions=[roller.owner_id],
    )
