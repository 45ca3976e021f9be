"""Making a Taking Risks cat: one Best, three Strong and two Good traits, 7 Reputation points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from bot.actions import audit
from bot.actions.cat.common import require_cat, traits_named
from bot.actions.characters import name_taken
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import clean_name
from bot.actions.reply import Reply
from rules.cat.sheet import Trait, create_sheet, parse_reputations, trait_named
from storage.models import NewCharacter
from storage.repositories import NameTaken, Transaction
from storage.settings import Guild


def new_cat(
    actor: Actor,
    guild: Guild,
    *,
    name: str,
    best: Sequence[Trait],
    strong: Sequence[Trait],
    good: Sequence[Trait],
    reputations: Mapping[str, int],
) -> NewCharacter:
    """A new cat checked against the creation rule: the one validation of `/character create`
    and of the builder's Create."""
    sheet = create_sheet(best, strong, good, reputations)
    return NewCharacter(
        guild_id=actor.guild_id,
        owner_id=actor.user_id,
        name=clean_name(name),
        ruleset=guild.ruleset,
        sheet=sheet,
    )


def add_cat(tx: Transaction, actor: Actor, new: NewCharacter, now: datetime) -> Reply:
    """Store a checked new cat (refusing a name taken meanwhile), log it, and say so."""
    try:
        character = tx.characters.add(new, now)
    except NameTaken as taken:
        raise name_taken(taken) from None
    tx.audit.add(audit.entry(actor, "character", f"created {new.name}", now, character=character))
    return Reply(
        title=f"{safe(new.name)} joins the server",
        lines=[f"Owned by <@{actor.user_id}>. See the sheet with /character show."],
    )


@runs_in_database
def create(
    services: Services,
    actor: Actor,
    name: str,
    best: str,
    strong: str,
    good: str,
    reputations: str,
) -> Reply:
    name = clean_name(name)
    chosen = ([trait_named(best)], traits_named(strong), traits_named(good))
    parsed = parse_reputations(reputations)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        new = new_cat(
            actor,
            guild,
            name=name,
            best=chosen[0],
            strong=chosen[1],
            good=chosen[2],
            reputations=parsed,
        )
        return add_cat(tx, actor, new, now)
