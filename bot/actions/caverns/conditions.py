"""Cure rolls: the sufferer's roll against a condition (Wind 9 for Bound, Metal 7 for Confused,
...), counting the "after three such rolls" conditions, from `/cure` or the condition's button."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.caverns.battle_guard import refuse_cure_in_battle
from bot.actions.caverns.common import caverns_sheet, require_caverns, save
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Button, Reply, Style
from rules.caverns.afflictions import cure_roll
from rules.caverns.conditions import CONDITIONS, Condition, parse_condition
from rules.errors import PawpostError
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

AREA = "caverns-cure"
ORDER = tuple(Condition)


def cure_button(character_id: int, condition: Condition) -> Button:
    return Button(
        label=f"Roll to end {condition.label}",
        custom_id=f"pawpost:{AREA}:{character_id}:roll:{ORDER.index(condition)}",
        style=Style.primary,
    )


def _roll(
    tx: Transaction,
    services: Services,
    actor: Actor,
    guild: Guild,
    found: Character,
    condition: Condition,
) -> Reply:
    now = services.clock()
    refuse_cure_in_battle(tx, guild, found, condition)
    result = cure_roll(caverns_sheet(found), condition, services.dice)
    save(tx, found, result.sheet)
    rolls = [] if result.roll is None else [result.roll]
    tx.audit.add(
        audit.entry(
            actor,
            "cure",
            f"cure roll against {condition.label}",
            now,
            character=found,
            rolls=rolls,
            outcome="cured" if result.cured else "not cured",
        )
    )
    lines = (
        [describe_roll(result.roll)]
        if result.roll is not None
        else ["A Furrikin may always take an action to free itself."]
    )
    rule = CONDITIONS[condition]
    buttons = []
    if result.cured:
        lines.append(f"**{safe(found.name)} is no longer {condition.label}.**")
    else:
        active = result.sheet.condition(condition)
        count = (
            f" ({active.rolls} of {rule.rolls_to_cure} rolls)"
            if active is not None and rule.rolls_to_cure
            else ""
        )
        lines.append(f"Still {condition.label}{count}.")
        buttons.append(cure_button(found.id, condition))
    if result.failure:
        lines.append(f"The failed roll: {result.failure}")
    if condition is Condition.FATIGUE and result.sheet.has_condition(Condition.PRONE):
        lines.append(f"{safe(found.name)} is Prone.")
    return Reply(
        title=f"{safe(found.name)} against {condition.label}", lines=lines, buttons=buttons
    )


@runs_in_database
def roll_cure(
    services: Services, actor: Actor, condition: str, character: str | None = None
) -> Reply:
    chosen = parse_condition(condition)
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        return _roll(tx, services, actor, guild, found, chosen)


@runs_in_database
def cure_pressed(services: Services, actor: Actor, character_id: int, index: int) -> Reply:
    if not 0 <= index < len(ORDER):
        raise PawpostError("That button names no condition.")
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = tx.characters.by_id(guild.guild_id, character_id)
        if found is None:
            raise PawpostError("That character no longer exists.")
        if found.owner_id != actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError(f"Only {safe(found.name)}'s player or an admin rolls for it.")
        return _roll(tx, services, actor, guild, found, ORDER[index])


async def _button(services: Services, actor: Actor, press: Press) -> Reply:
    return await cure_pressed(services, actor, press.id, press.arg or 0)


CURE_BUTTONS: dict[tuple[str, str], ButtonHandler] = {(AREA, "roll"): _button}
