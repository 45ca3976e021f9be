"""The moves: `/move` (any roll the MC calls for), `/flee`, `/advance` and `/battle target`
(an attack outside a battle, on a single foe the MC names), each rolled and logged once."""

from __future__ import annotations

from datetime import datetime

from bot.actions import audit
from bot.actions.caverns.battle.scene import armour_blocks
from bot.actions.caverns.common import (
    caverns_sheet,
    hand_fated_die,
    party_of,
    require_caverns,
    save,
)
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Reply
from bot.actions.roll import clean_reason
from rules.caverns.attributes import parse_attribute
from rules.caverns.battle.bestiary import CREATURES, find_creature
from rules.caverns.constants import DEFAULT_DIFFICULTY
from rules.caverns.moves import FLEE_RESULTS, FleeRoute, Foe, advance, do_battle, flee, move
from rules.caverns.rolling import is_doubles
from rules.errors import PawpostError
from rules.nearest import did_you_mean
from rules.rolls import Roll
from storage.models import Character
from storage.repositories import Transaction


def _doubles(roll: Roll) -> list[str]:
    return [f"Doubles ({roll.dice[0].face} and {roll.dice[1].face})."] if is_doubles(roll) else []


def _mover(
    tx: Transaction,
    actor: Actor,
    character: str | None,
    fated_die: int | None,
    fated_from: str | None,
    now: datetime,
) -> tuple[Character, int | None]:
    """Who makes a move: the acting character (its party placed), and a fated die handed to
    this roll, if any (Twist Fate, l. 219)."""
    guild = tx.guilds.get(actor.guild_id)
    require_caverns(guild)
    found = acting_character(tx, actor, guild, character)
    party_of(tx, guild, found, actor, now)
    return found, hand_fated_die(tx, actor, guild, found, fated_die, fated_from)


@runs_in_database(quick=True)
def roll_move(
    services: Services,
    actor: Actor,
    attribute: str,
    difficulty: int | None = None,
    reason: str | None = None,
    character: str | None = None,
    fated_die: int | None = None,
    fated_from: str | None = None,
) -> Reply:
    """2d6 + the attribute, a success at the difficulty or more (7 unless the MC says)."""
    chosen = parse_attribute(attribute)
    target = DEFAULT_DIFFICULTY if difficulty is None else difficulty
    reason = clean_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        found, fated = _mover(tx, actor, character, fated_die, fated_from, now)
        rolled = move(
            caverns_sheet(found),
            chosen,
            services.dice,
            target,
            reason=reason or "",
            fated_die=fated,
        )
        save(tx, found, rolled.sheet)
        outcome = "success" if rolled.total >= target else "failure"
        entry = tx.audit.add(
            audit.entry(
                actor,
                "move",
                f"+{chosen.label} against {target}",
                now,
                character=found,
                rolls=[rolled.roll],
                outcome=outcome,
                reason=reason,
            )
        )
    verdict = (
        f"**Success**: {rolled.total} meets {target}."
        if outcome == "success"
        else f"**Failure**: {rolled.total} is under {target}."
    )
    title = f"{safe(found.name)} rolls +{chosen.label}" + (f" to {safe(reason)}" if reason else "")
    return Reply(
        title=title,
        lines=[describe_roll(rolled.roll), verdict, *_doubles(rolled.roll)],
        footer=f"roll #{entry}",
    )


def _route(text: str) -> FleeRoute:
    key = "-".join(text.strip().lower().split())
    for route in FleeRoute:
        if key == route.value:
            return route
    names = ", ".join(route.value for route in FleeRoute)
    raise PawpostError(f"{safe(text)} is not a way to flee; choose {names}.")


@runs_in_database
def flee_move(
    services: Services,
    actor: Actor,
    route: str,
    character: str | None = None,
    fated_die: int | None = None,
    fated_from: str | None = None,
) -> Reply:
    """Flee! by its route: +Wind, +Water or +Metal, with the book's three bands."""
    chosen = _route(route)
    now = services.clock()
    with services.db.transaction() as tx:
        found, fated = _mover(tx, actor, character, fated_die, fated_from, now)
        result = flee(caverns_sheet(found), chosen, services.dice, fated_die=fated)
        save(tx, found, result.sheet)
        rolls = [] if result.roll is None else [result.roll]
        entry = tx.audit.add(
            audit.entry(
                actor,
                "flee",
                f"Flee! {chosen.value}",
                now,
                character=found,
                rolls=rolls,
                outcome=result.band.value,
            )
        )
    lines = (
        [describe_roll(result.roll)]
        if result.roll is not None
        else ["A Trill never needs to roll to escape: it counts as a 10+."]
    )
    lines.append(f"**{result.band.value}**: {FLEE_RESULTS[result.band]}")
    return Reply(title=f"{safe(found.name)} flees", lines=lines, footer=f"roll #{entry}")


@runs_in_database
def advance_move(
    services: Services,
    actor: Actor,
    character: str | None = None,
    fated_die: int | None = None,
    fated_from: str | None = None,
) -> Reply:
    """Advance! +Fire; its results add up."""
    now = services.clock()
    with services.db.transaction() as tx:
        found, fated = _mover(tx, actor, character, fated_die, fated_from, now)
        result = advance(caverns_sheet(found), services.dice, fated_die=fated)
        save(tx, found, result.sheet)
        entry = tx.audit.add(
            audit.entry(
                actor,
                "advance",
                "Advance!",
                now,
                character=found,
                rolls=[result.roll],
                outcome=result.band.value,
            )
        )
    lines = [describe_roll(result.roll), f"**{result.band.value}**"]
    if result.bonus_damage:
        lines.append(
            f"An awe-inspiring charge: +{result.bonus_damage} Damage for the rest of the turn."
        )
    if result.may_act:
        lines.append("You advance at a sensible pace and may then take an action as normal.")
    else:
        lines.append(
            "You advance slowly: it takes your action for the turn, but you still advance."
        )
    return Reply(title=f"{safe(found.name)} advances", lines=lines, footer=f"roll #{entry}")


def _flourishes(count: int, implement: bool) -> str:
    """What doubles give: the weapon's Flourish (l. 297); an implement has none of its own
    (l. 381), only its skills' Flourishes."""
    some = "a Flourish" if count == 1 else f"{count} Flourishes"
    if implement:
        return (
            f"Doubles: {some} from your skills, if any (an implement has no Flourish of its own)."
        )
    return f"Doubles: {some} of your weapon."


def _foe(target: str, wind: int | None, damage: int | None) -> Foe:
    """The bestiary's creature of that name, or one the MC describes by its Wind and Damage."""
    try:
        creature = find_creature(target)
    except PawpostError:
        if wind is None or damage is None:
            near = did_you_mean(target, (creature.name for creature in CREATURES))
            raise PawpostError(
                f"{safe(target.strip())} is not in the bestiary; give its wind and damage.{near}"
            ) from None
        return Foe(name=target.strip(), attributes={parse_attribute("wind"): wind}, damage=damage)
    attributes = creature.attributes_at(creature.health or 0)
    if wind is not None:
        attributes[parse_attribute("wind")] = wind
    return Foe(
        name=creature.name,
        attributes=attributes,
        damage=creature.damage if damage is None else damage,
    )


@runs_in_database
def battle(
    services: Services,
    actor: Actor,
    target: str,
    wind: int | None = None,
    damage: int | None = None,
    in_reach: str | None = None,
    character: str | None = None,
    fated_die: int | None = None,
    fated_from: str | None = None,
) -> Reply:
    """Do Battle with one foe outside a battle: 2d6 + Wood (or the implement's element) minus
    the foe's Wind (or the implement's other element); 5+ hits, under 8 you are hit back if in
    its reach, doubles a Flourish. The Health is for the MC to take (armour may block it)."""
    reach = True if in_reach is None else in_reach.strip().lower() != "no"
    foe = _foe(target, wind, damage)
    now = services.clock()
    with services.db.transaction() as tx:
        found, fated = _mover(tx, actor, character, fated_die, fated_from, now)
        result = do_battle(
            caverns_sheet(found), foe, services.dice, in_foe_reach=reach, fated_die=fated
        )
        save(tx, found, result.sheet)
        outcome = ("hit" if result.hit else "miss") + (", safe" if result.safe else "")
        entry = tx.audit.add(
            audit.entry(
                actor,
                "battle",
                f"Do Battle with {foe.name}",
                now,
                character=found,
                rolls=[result.roll],
                outcome=outcome,
            )
        )
    lines = [describe_roll(result.roll)]
    if result.hit and result.sick_beat:
        lines.append(
            f"**5+**: the Sick Beat lands: {result.afflictions} of your chosen conditions."
        )
    elif result.hit:
        lines.append(f"**5+**: {safe(foe.name)} loses {result.foe_loses} Health.")
    else:
        lines.append("**Miss**: under 5.")
    if result.safe:
        lines.append("**8+**: you are safe.")
    elif result.you_lose:
        armour = result.sheet.armour_left
        spend = (
            f" (spend a piece of armour to block {armour_blocks(result.sheet)})"
            if armour
            else " (no armour to spend)"
        )
        lines.append(f"**Under 8**: you lose {result.you_lose} Health{spend}.")
    else:
        lines.append("Under 8, but you are out of its reach.")
    if result.flourishes:
        lines.append(_flourishes(result.flourishes, result.sheet.implement is not None))
    if result.specials:
        lines.append(
            "Every attack: " + ", ".join(s.value.capitalize() for s in result.specials) + "."
        )
    return Reply(
        title=f"{safe(found.name)} does battle with {safe(foe.name)}",
        lines=lines,
        footer=f"roll #{entry}",
    )
