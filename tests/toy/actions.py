"""Toy's verbs: `/character create`, `/check`, `/luck show` and its lines of `/character show`,
each one unit of work through the core's helpers, as a real ruleset's."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.characters import name_taken
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.lookup import acting_character, clean_name, require_built
from bot.actions.reply import Reply, ReplyField
from rules.errors import PawpostError
from storage.models import Character, NewCharacter
from storage.repositories import NameTaken, Transaction
from storage.settings import Guild
from tests.toy.rules import CHECK_DC_MAX, DIE_SIDES, ToySheet, check, create_sheet

TOY = "toy"


def require_toy(guild: Guild) -> None:
    require_built(guild)
    if guild.ruleset != TOY:
        raise PawpostError("This server does not play Toy, so that command does nothing.")


def toy_sheet(character: Character) -> ToySheet:
    if not isinstance(character.sheet, ToySheet):
        raise PawpostError(f"{safe(character.name)} is not a Toy character.")
    return character.sheet


@runs_in_database
def create(services: Services, actor: Actor, name: str, luck: int) -> Reply:
    name = clean_name(name)
    sheet = create_sheet(luck)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_toy(guild)
        new = NewCharacter(
            guild_id=actor.guild_id, owner_id=actor.user_id, name=name, ruleset=TOY, sheet=sheet
        )
        try:
            character = tx.characters.add(new, now)
        except NameTaken as taken:
            raise name_taken(taken) from None
        tx.audit.add(audit.entry(actor, "character", f"created {name}", now, character=character))
    return Reply(title=f"{safe(name)} joins the server", lines=[f"Luck {luck}."])


@runs_in_database
def roll_check(services: Services, actor: Actor, dc: int, character: str | None = None) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_toy(guild)
        found = acting_character(tx, actor, guild, character)
        rolled = check(toy_sheet(found), dc, services.dice)
        outcome = "success" if rolled.succeeded else "failure"
        tx.audit.add(
            audit.entry(
                actor,
                "check",
                f"Luck against DC {dc}: {outcome}",
                now,
                character=found,
                rolls=[rolled],
                outcome=outcome,
            )
        )
    return Reply(
        title=f"{safe(found.name)} tries its luck",
        lines=[f"{describe_roll(rolled)} against DC {dc}: {outcome.capitalize()}."],
    )


@runs_in_database
def show_luck(services: Services, actor: Actor, character: str | None = None) -> Reply:
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_toy(guild)
        found = acting_character(tx, actor, guild, character)
        luck = toy_sheet(found).luck
    return Reply(
        lines=[
            f"{safe(found.name)} has Luck {luck}: a check of DC up to {DIE_SIDES + luck} can "
            f"succeed (DC {CHECK_DC_MAX} at most for anyone)."
        ]
    )


def sheet_fields(_tx: Transaction, character: Character) -> list[ReplyField]:
    return [ReplyField(name="Luck", value=str(toy_sheet(character).luck), inline=True)]
