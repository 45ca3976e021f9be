"""WCAGR cats: making one with `/character create`."""

from __future__ import annotations

from datetime import datetime

from bot.actions import audit
from bot.actions.characters import name_taken
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import clean_name, require_built
from bot.actions.reply import Reply
from bot.actions.wcagr import parse
from rules.errors import PawpostError
from rules.wcagr import (
    NewCat,
    WcagrSheet,
    age_one_moon,
    create_sheet,
    needs_admin_approval,
)
from rules.wcagr.constants import DEFAULT_AGE_MOONS, MAX_CREATION_AGE_MOONS, TEN_MOONS
from storage.models import NewCharacter
from storage.repositories import NameTaken, Transaction
from storage.settings import Guild
from storage.wcagr import wcagr


def new_sheet(tx: Transaction, actor: Actor, guild: Guild, new: NewCat) -> WcagrSheet:
    """The new cat's sheet checked against the rules and the server (rank counts, approval):
    the one validation of `/character create` and of the builder's Create. A cat older than
    10 moons is made at 10 and aged moon by moon: fixed gains at once, each choice waiting on
    the sheet for its player."""
    if new.age_moons > MAX_CREATION_AGE_MOONS:
        raise PawpostError(
            f"A new cat can be at most {MAX_CREATION_AGE_MOONS} moons old; older cats retire."
        )
    if needs_admin_approval(new) and not actor.admin_in(guild.settings):
        raise PawpostError(
            "A cat older than 10 moons, or a leader, deputy or Healer, needs an admin's "
            "approval: ask an admin to create it."
        )
    holders = (
        0
        if new.rank is None
        else wcagr(tx).rank_holders(guild.guild_id, new.clan.value, new.rank.value)
    )
    older = new.age_moons > TEN_MOONS
    made = new.model_copy(update={"age_moons": TEN_MOONS}) if older else new
    sheet = create_sheet(made, rank_holders=holders)
    while sheet.age_moons < new.age_moons:
        sheet = age_one_moon(sheet).sheet
    return sheet


def add_cat(
    tx: Transaction, actor: Actor, guild: Guild, name: str, sheet: WcagrSheet, now: datetime
) -> Reply:
    """Store a checked new cat (refusing a name taken meanwhile), log it, and say so."""
    new = NewCharacter(
        guild_id=actor.guild_id,
        owner_id=actor.user_id,
        name=name,
        ruleset=guild.ruleset,
        sheet=sheet,
    )
    try:
        character = tx.characters.add(new, now)
    except NameTaken:
        raise name_taken(name) from None
    tx.audit.add(audit.entry(actor, "character", f"created {name}", now, character=character))
    lines = [
        f"A {sheet.clan.label} cat of {sheet.age_moons} moons, owned by <@{actor.user_id}>. "
        "See the sheet with /character show."
    ]
    if sheet.pending:
        lines.append(
            f"{len(sheet.pending)} gain(s) of the age table wait for your choice "
            "(listed on the sheet)."
        )
    return Reply(title=f"{safe(name)} joins the server", lines=lines)


def new_cat(
    *,
    clan: str,
    strength: int,
    intelligence: int,
    spirit: int,
    skills: str,
    knacks: str | None,
    age: int = DEFAULT_AGE_MOONS,
    ten_moon_bonus: str | None = None,
    loner_abilities: str | None = None,
    loner_skill: str | None = None,
    rank: str | None = None,
) -> NewCat:
    """The player's choices as typed (names and lists of names) read into a new cat."""
    return NewCat(
        clan=parse.clan(clan),
        strength=strength,
        intelligence=intelligence,
        spirit=spirit,
        skills=parse.skills(skills),
        knacks=parse.knacks(knacks),
        age_moons=age,
        ten_moon_bonus=None if ten_moon_bonus is None else parse.ability(ten_moon_bonus),
        loner_abilities=parse.abilities(loner_abilities),
        loner_skill=None if loner_skill is None else parse.skill(loner_skill),
        rank=None if rank is None else parse.rank(rank),
    )


@runs_in_database
def create(
    services: Services,
    actor: Actor,
    name: str,
    clan: str,
    strength: int,
    intelligence: int,
    spirit: int,
    skills: str,
    knacks: str,
    age: int = DEFAULT_AGE_MOONS,
    ten_moon_bonus: str | None = None,
    loner_abilities: str | None = None,
    loner_skill: str | None = None,
    rank: str | None = None,
) -> Reply:
    name = clean_name(name)
    new = new_cat(
        clan=clan,
        strength=strength,
        intelligence=intelligence,
        spirit=spirit,
        skills=skills,
        knacks=knacks,
        age=age,
        ten_moon_bonus=ten_moon_bonus,
        loner_abilities=loner_abilities,
        loner_skill=loner_skill,
        rank=rank,
    )
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        sheet = new_sheet(tx, actor, guild, new)
        return add_cat(tx, actor, guild, name, sheet, now)
