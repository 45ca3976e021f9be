"""Cure rolls: the sufferer's roll against a condition (Wind 9 for Bound, Metal 7 for Confused,
...), counting the "after three such rolls" conditions, from `/cure` or the condition's button."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.caverns.battle.guard import refuse_cure_in_battle
from bot.actions.caverns.common import caverns_sheet, hand_fated_die, require_caverns, save
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.game_time import game_day_at, game_day_numbered
from bot.actions.lookup import acting_character
from bot.actions.reply import Button, Reply, Style
from rules.caverns.afflictions import cure_roll, stand_up
from rules.caverns.battle.poisons import MANTAKYA
from rules.caverns.conditions import CONDITIONS, Condition, parse_condition
from rules.caverns.moves import Move, refuse_if_unable
from rules.caverns.races import Race
from rules.caverns.sheet import CavernsSheet
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

AREA = "caverns-cure"
ORDER = tuple(Condition)
VERB = "cure-"  # + the condition: the button's verb; its argument is the condition's version
OLD_BUTTON = "That button is from before cure buttons knew their roll; use /cure instead."


def cure_button(character_id: int, sheet: CavernsSheet, condition: Condition) -> Button:
    """The button to roll against the condition as it stands now: once it is rolled (or put
    on afresh) the button is stale."""
    active = sheet.condition(condition)
    version = 0 if active is None else active.version
    return Button(
        label=f"Roll to end {condition.label}",
        custom_id=f"pawpost:{AREA}:{character_id}:{VERB}{condition.value}:{version}",
        style=Style.primary,
    )


def _due(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    found: Character,
    condition: Condition,
    now: datetime,
) -> int:
    """Today's game day, if a roll against the condition is due (RULINGS: outside a battle
    once a game day, or whenever the MC calls for one: an admin's roll)."""
    today = game_day_at(now, guild.settings).number
    active = caverns_sheet(found).condition(condition)
    rolled_today = active is not None and active.rolled_day == today
    if rolled_today and not actor.admin_in(guild.settings):
        due = int(game_day_numbered(today + 1, guild.settings).start.timestamp())
        raise PawpostError(
            f"{safe(found.name)} rolled against {condition.label} today; the next roll is due "
            f"<t:{due}:f> (or when the MC calls for one)."
        )
    return today


def _roll(
    tx: Transaction,
    services: Services,
    actor: Actor,
    guild: Guild,
    found: Character,
    condition: Condition,
    fated: tuple[int | None, str | None] = (None, None),
) -> Reply:
    now = services.clock()
    refuse_cure_in_battle(tx, guild, found, condition)
    sheet = caverns_sheet(found)
    if not sheet.has_condition(condition):
        raise PawpostError(f"{safe(found.name)} is not {condition.state}.")
    if condition is Condition.PRONE:
        raise PawpostError("Prone has no cure roll; it ends with an action to stand up: /stand.")
    today = _due(tx, actor, guild, found, condition, now)
    fated_die = None
    if fated[0] is not None:
        if condition is Condition.BOUND and sheet.race is Race.FURRIKIN:
            raise PawpostError("A Furrikin frees itself without a roll: keep the fated die.")
        fated_die = hand_fated_die(tx, actor, guild, found, fated[0], fated[1])
    result = cure_roll(
        caverns_sheet(found), condition, services.dice, fated_die=fated_die, day=today
    )
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
    if (
        result.cured
        and condition is Condition.SLEEPING
        and result.sheet.has_condition(Condition.PRONE)
    ):
        lines.append(f"**{safe(found.name)} wakes up Prone** (/stand to get up).")
    elif result.cured and condition is Condition.SLEEPING:
        lines.append(f"**{safe(found.name)} wakes up.**")
    elif result.cured:
        lines.append(f"**{safe(found.name)} is no longer {condition.state}.**")
    else:
        active = result.sheet.condition(condition)
        count = (
            f" ({active.rolls} of {rule.rolls_to_cure} rolls)"
            if active is not None and rule.rolls_to_cure
            else ""
        )
        lines.append(f"Still {condition.state}{count}; the next roll is due tomorrow (game day).")
        buttons.append(cure_button(found.id, result.sheet, condition))
    if result.failure:
        lines.append(f"The failed roll: {result.failure}")
    if condition is Condition.FATIGUE and result.sheet.has_condition(Condition.PRONE):
        lines.append(f"{safe(found.name)} is Prone (/stand to get up).")
    return Reply(
        title=f"{safe(found.name)} against {condition.label}", lines=lines, buttons=buttons
    )


@runs_in_database
def roll_cure(
    services: Services,
    actor: Actor,
    condition: str,
    character: str | None = None,
    fated_die: int | None = None,
    fated_from: str | None = None,
) -> Reply:
    chosen = parse_condition(condition)
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        return _roll(tx, services, actor, guild, found, chosen, (fated_die, fated_from))


@runs_in_database
def cure_pressed(
    services: Services, actor: Actor, character_id: int, condition: Condition, version: int
) -> Reply:
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = tx.characters.by_id(guild.guild_id, character_id)
        if found is None:
            raise PawpostError("That character no longer exists.")
        if found.owner_id != actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError(f"Only {safe(found.name)}'s player or an admin rolls for it.")
        active = caverns_sheet(found).condition(condition)
        if active is None:
            raise PawpostError(f"{safe(found.name)} is no longer {condition.state}.")
        if active.version != version:
            raise PawpostError("That button is stale: the condition was rolled since; use /cure.")
        return _roll(tx, services, actor, guild, found, condition)


async def _button(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb == "roll":  # a button posted before buttons carried the version
        raise PawpostError(OLD_BUTTON)
    condition = Condition(press.verb.removeprefix(VERB))
    return await cure_pressed(services, actor, press.id, condition, press.arg or 0)


CURE_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, "roll"): _button,
    **{(AREA, f"{VERB}{condition.value}"): _button for condition in Condition},
}


@runs_in_database
def stand(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """`/stand` outside a battle: the character stands up and Prone ends (l. 364); in a battle
    it takes the turn's action (`/battle stand`)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        if caverns(tx).battles.fighting(guild.guild_id, [found.id]):
            raise PawpostError(
                f"{safe(found.name)} is in a battle: standing takes its turn's action there "
                "(/battle stand)."
            )
        sheet = caverns_sheet(found)
        refuse_if_unable(sheet, Move.ROLL)
        if not sheet.has_condition(Condition.PRONE):
            raise PawpostError(f"{safe(found.name)} is not Prone.")
        if sheet.poisoning is not None and MANTAKYA in sheet.poisoning.poisons:
            raise PawpostError(
                f"Mantakya keeps {safe(found.name)} down: no standing while poisoned."
            )
        if sheet.has_condition(Condition.BOUND):
            raise PawpostError(f"{safe(found.name)} is Bound: free yourself first (/cure bound).")
        save(tx, found, stand_up(sheet))
        tx.audit.add(audit.entry(actor, "condition", "stood up", now, character=found))
    return Reply(lines=[f"{safe(found.name)} stands up: no longer Prone."])
