"""Germ cats: making one, changing its age, mother and lasting conditions, and an admin's
change to a stat."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from bot.actions import audit
from bot.actions.admin import required_reason
from bot.actions.characters import name_taken
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import plural, safe
from bot.actions.germ import mothers
from bot.actions.germ.checks import parse_stat
from bot.actions.lookup import acting_character, clean_name, named, require_admin, require_built
from bot.actions.reply import Reply
from bot.actions.roll import clean_reason
from rules.errors import PawpostError
from rules.germ.sheet import (
    Condition,
    GermSheet,
    Stat,
    check_age,
    create_sheet,
    with_condition,
    without_condition,
)
from storage.germ.settings import GermSettings
from storage.models import Character, NewCharacter
from storage.repositories import NameTaken, Transaction
from storage.settings import Guild


def _check_mother(
    tx: Transaction, actor: Actor, guild: Guild, mother: str, child_id: int | None, child_age: int
) -> Character:
    """The named mother, refusing one that would make a cycle (a cat its own ancestor) or that
    is not enough moons older than the kit."""
    found = named(tx, actor.guild_id, mother)
    mothers.check_mother(tx, guild, found, child_id, child_age)
    return found


def new_cat(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    *,
    name: str,
    stats: Mapping[Stat, int],
    age: int,
    mother: str | None = None,
    kit_id: int | None = None,
) -> NewCharacter:
    """A new cat checked against the creation rule and the server: the one validation of
    `/character create` and of the builder's Create (`kit_id`: the cat whose turned-down sheet
    it replaces, which may not be named its own ancestor)."""
    name = clean_name(name)
    germ = GermSettings.of(guild.settings)
    sheet = create_sheet(
        stats,
        age_moons=age,
        points_to_spend=germ.points_to_spend,
        max_points=germ.max_points_in_stat,
    )
    mother_id = None if mother is None else _check_mother(tx, actor, guild, mother, kit_id, age).id
    return NewCharacter(
        guild_id=actor.guild_id,
        owner_id=actor.user_id,
        name=name,
        ruleset=guild.ruleset,
        sheet=sheet,
        mother_id=mother_id,
    )


def add_cat(tx: Transaction, actor: Actor, new: NewCharacter, now: datetime) -> Reply:
    """Store a checked new cat (refusing a name taken meanwhile), log it, and say so. Another
    player's cat named as mother is asked first: until she accepts, the kit has no mother."""
    mother = None if new.mother_id is None else tx.characters.by_id(new.guild_id, new.mother_id)
    asks = mother is not None and mothers.needs_acceptance(new.owner_id, mother)
    asked = mother if asks else None
    if asked is not None:
        new = new.model_copy(update={"mother_id": None})
    try:
        character = tx.characters.add(new, now)
    except NameTaken as taken:
        raise name_taken(taken) from None
    tx.audit.add(audit.entry(actor, "character", f"created {new.name}", now, character=character))
    reply = Reply(
        title=f"{safe(new.name)} joins the server",
        lines=[f"Owned by <@{actor.user_id}>. See the sheet with /character show."],
    )
    if asked is None:
        return reply
    request = mothers.ask(tx, actor, character, asked, now)
    return request.model_copy(update={"title": reply.title, "lines": reply.lines + request.lines})


@runs_in_database
def create(
    services: Services,
    actor: Actor,
    name: str,
    strength: int,
    agility: int,
    charisma: int,
    intelligence: int,
    stealth: int,
    perception: int,
    age: int,
    mother: str | None = None,
) -> Reply:
    name = clean_name(name)
    stats = {
        Stat.STRENGTH: strength,
        Stat.AGILITY: agility,
        Stat.CHARISMA: charisma,
        Stat.INTELLIGENCE: intelligence,
        Stat.STEALTH: stealth,
        Stat.PERCEPTION: perception,
    }
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        new = new_cat(tx, actor, guild, name=name, stats=stats, age=age, mother=mother)
        return add_cat(tx, actor, new, now)


@runs_in_database
def edit(
    services: Services,
    actor: Actor,
    character: str | None = None,
    age: int | None = None,
    mother: str | None = None,
    reason: str | None = None,
) -> Reply:
    """Change a cat's age or mother: an admin's change, with a logged reason (the story, not
    the sheet's owner, changes them). Another player's cat as mother is asked first."""
    if age is None and mother is None:
        raise PawpostError("Give an age, a mother, or both to change.")
    if age is not None:
        check_age(age)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        if not actor.admin_in(guild.settings):
            raise PawpostError(
                "After creation only an admin can change a cat's age or mother, with a reason."
            )
        reason = required_reason(reason or "")
        found = acting_character(tx, actor, guild, character)
        changes = []
        if age is not None:
            found.sheet = found.sheet.model_copy(update={"age_moons": age})
            changes.append(f"age {plural(age, 'moon')}")
        asked: Character | None = None
        if mother is not None:
            sheet = found.sheet
            assert isinstance(sheet, GermSheet)
            chosen = _check_mother(tx, actor, guild, mother, found.id, sheet.age_moons)
            if mothers.needs_acceptance(found.owner_id, chosen):
                asked, found.mother_id = chosen, None
                changes.append(f"mother {chosen.name} asked")
            else:
                mothers.set_mother(tx, actor, found, chosen, now)
                changes.append(f"mother {chosen.name}")
        tx.characters.save_sheet(found)
        tx.audit.add(
            audit.entry(
                actor,
                "character",
                f"edited {found.name}: {', '.join(changes)}",
                now,
                character=found,
                reason=reason,
            )
        )
        reply = Reply(
            lines=[f"{safe(found.name)}: {safe(', '.join(changes))}."], footer=f"reason: {reason}"
        )
        if asked is not None:
            request = mothers.ask(tx, actor, found, asked, now)
            reply = request.model_copy(
                update={"lines": reply.lines + request.lines, "footer": reply.footer}
            )
    return reply


def _change_condition(
    services: Services,
    actor: Actor,
    condition: str,
    character: str | None,
    reason: str | None,
    *,
    add: bool,
) -> Reply:
    """A player may add a lasting condition to their own cat; taking one away, or changing
    another player's cat, is an admin's change with a logged reason."""
    try:
        chosen = Condition(condition.strip().lower())
    except ValueError:
        raise PawpostError(f"{safe(condition)} is not a condition a cat can be given.") from None
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character)
        is_admin = actor.admin_in(guild.settings)
        if not add and not is_admin:
            raise PawpostError(
                "Only an admin can take a lasting condition away, with a reason: "
                "it belongs to the story."
            )
        admins_change = is_admin and (not add or found.owner_id != actor.user_id)
        cleaned = required_reason(reason or "") if admins_change else clean_reason(reason)
        sheet = found.sheet
        assert isinstance(sheet, GermSheet)
        has = chosen in sheet.conditions
        if add and has:
            raise PawpostError(f'{safe(found.name)} already has the condition "{chosen.label}".')
        if not add and not has:
            raise PawpostError(f'{safe(found.name)} does not have the condition "{chosen.label}".')
        found.sheet = with_condition(sheet, chosen) if add else without_condition(sheet, chosen)
        tx.characters.save_sheet(found)
        verb = "added" if add else "removed"
        tx.audit.add(
            audit.entry(
                actor,
                "character",
                f"{chosen.label} {verb}",
                services.clock(),
                character=found,
                reason=cleaned,
            )
        )
    return Reply(
        lines=[f"{safe(found.name)}: {chosen.label} {verb}."],
        footer=None if cleaned is None else f"reason: {cleaned}",
    )


@runs_in_database
def add_condition(
    services: Services,
    actor: Actor,
    condition: str,
    character: str | None = None,
    reason: str | None = None,
) -> Reply:
    return _change_condition(services, actor, condition, character, reason, add=True)


@runs_in_database
def remove_condition(
    services: Services,
    actor: Actor,
    condition: str,
    character: str | None = None,
    reason: str | None = None,
) -> Reply:
    return _change_condition(services, actor, condition, character, reason, add=False)


@runs_in_database
def set_stat(
    services: Services, actor: Actor, character: str, stat: str, value: int, reason: str
) -> Reply:
    reason = required_reason(reason)
    chosen = parse_stat(stat)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        found = named(tx, actor.guild_id, character)
        sheet = found.sheet
        assert isinstance(sheet, GermSheet)
        limit = GermSettings.of(guild.settings).max_points_in_stat
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
