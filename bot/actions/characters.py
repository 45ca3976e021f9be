"""`/character`: make, show, list, rename, delete, restore and choose characters."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.germ_sheet import sheet_fields
from bot.actions.lookup import acting_character, clean_name, named, require_admin, require_built
from bot.actions.reply import Button, Reply, Style
from rules.errors import PawpostError
from rules.germ.sheet import (
    Condition,
    GermSheet,
    Stat,
    create_sheet,
    with_condition,
    without_condition,
)
from storage.models import Character, NewCharacter
from storage.repositories import NameTaken, Transaction

LIST_PAGE_SIZE = 20


def _name_taken(name: str) -> PawpostError:
    return PawpostError(f"There is already a character named {safe(name)} in this server.")


def _check_mother(tx: Transaction, actor: Actor, mother: str, child_id: int | None) -> Character:
    """The named mother, refusing one that would make a cycle (a cat its own ancestor)."""
    found = named(tx, actor.guild_id, mother)
    if child_id is not None and (
        found.id == child_id or child_id in tx.characters.ancestors(actor.guild_id, found.id)
    ):
        raise PawpostError(
            f"{safe(found.name)} cannot be the mother: that would make a cat its own ancestor."
        )
    return found


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
        germ = guild.settings.germ
        sheet = create_sheet(
            stats,
            age_moons=age,
            points_to_spend=germ.points_to_spend,
            max_points=germ.max_points_in_stat,
        )
        mother_id = None if mother is None else (_check_mother(tx, actor, mother, None)).id
        try:
            character = tx.characters.add(
                NewCharacter(
                    guild_id=actor.guild_id,
                    owner_id=actor.user_id,
                    name=name,
                    ruleset=guild.ruleset,
                    sheet=sheet,
                    mother_id=mother_id,
                ),
                now,
            )
        except NameTaken:
            raise _name_taken(name) from None
        tx.audit.add(audit.entry(actor, "character", f"created {name}", now, character=character))
    return Reply(
        title=f"{safe(name)} joins the server",
        lines=[f"Owned by <@{actor.user_id}>. See the sheet with /character show."],
    )


@runs_in_database
def show(services: Services, actor: Actor, character: str | None = None) -> Reply:
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = (
            named(tx, actor.guild_id, character)
            if character
            else acting_character(tx, actor, guild, None)
        )
        fields = sheet_fields(tx, found)
    return Reply(title=safe(found.name), lines=[f"Player: <@{found.owner_id}>"], fields=fields)


@runs_in_database
def list_characters(services: Services, actor: Actor, page: int = 1) -> Reply:
    page = max(page, 1)
    with services.db.transaction(write=False) as tx:
        found = tx.characters.page(
            actor.guild_id, offset=(page - 1) * LIST_PAGE_SIZE, limit=LIST_PAGE_SIZE + 1
        )
    more = len(found) > LIST_PAGE_SIZE
    lines = [f"{safe(c.name)} — <@{c.owner_id}>" for c in found[:LIST_PAGE_SIZE]]
    buttons = []
    if page > 1:
        buttons.append(Button(label="Previous", custom_id=f"pawpost:characters:0:page:{page - 1}"))
    if more:
        buttons.append(Button(label="Next", custom_id=f"pawpost:characters:0:page:{page + 1}"))
    return Reply(
        title=f"Characters (page {page})",
        lines=lines or ["No characters here yet."],
        buttons=buttons,
    )


@runs_in_database
def rename(services: Services, actor: Actor, new_name: str, character: str | None = None) -> Reply:
    new_name = clean_name(new_name)
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character)
        try:
            tx.characters.rename(found, new_name)
        except NameTaken:
            raise _name_taken(new_name) from None
        tx.audit.add(
            audit.entry(
                actor,
                "character",
                f"renamed {found.name} to {new_name}",
                services.clock(),
                character=found,
            )
        )
    return Reply(lines=[f"{safe(found.name)} is now called {safe(new_name)}."])


@runs_in_database
def delete(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """Asks for confirmation first; the button does the deleting."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character)
    return Reply(
        lines=[f"Delete {safe(found.name)}? An admin can restore it later with /admin restore."],
        buttons=[
            Button(
                label=f"Delete {found.name}"[:80],
                custom_id=f"pawpost:character:{found.id}:delete",
                style=Style.danger,
            ),
            Button(label="Keep", custom_id=f"pawpost:character:{found.id}:keep"),
        ],
        ephemeral=True,
    )


@runs_in_database
def confirm_delete(services: Services, actor: Actor, character_id: int) -> Reply:
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = tx.characters.by_id(actor.guild_id, character_id)
        if found is None:
            raise PawpostError("That character is already gone.")
        if found.owner_id != actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError(f"{safe(found.name)} belongs to another player.")
        now = services.clock()
        tx.characters.hide(found, now)
        tx.audit.add(audit.entry(actor, "character", f"deleted {found.name}", now, character=found))
    return Reply(lines=[f"{safe(found.name)} was deleted."], update=True, ephemeral=True)


@runs_in_database
def keep(services: Services, actor: Actor, character_id: int) -> Reply:
    return Reply(lines=["Nothing was deleted."], update=True, ephemeral=True)


@runs_in_database
def restore(services: Services, actor: Actor, character: str) -> Reply:
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        found = tx.characters.deleted_by_name(actor.guild_id, character)
        if found is None:
            raise PawpostError(f"No deleted character is named {safe(character.strip())}.")
        try:
            tx.characters.restore(found)
        except NameTaken:
            raise _name_taken(found.name) from None
        tx.audit.add(
            audit.entry(actor, "admin", f"restored {found.name}", services.clock(), character=found)
        )
    return Reply(lines=[f"{safe(found.name)} is back."])


@runs_in_database
def use(services: Services, actor: Actor, character: str) -> Reply:
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character)
        if found.owner_id != actor.user_id:
            raise PawpostError(f"{safe(found.name)} belongs to another player.")
        tx.characters.set_active(actor.guild_id, actor.user_id, found.id)
    return Reply(lines=[f"You now play {safe(found.name)} here."], ephemeral=True)


@runs_in_database
def edit(
    services: Services,
    actor: Actor,
    character: str | None = None,
    age: int | None = None,
    mother: str | None = None,
) -> Reply:
    """Change a cat's age or mother (owner or admin)."""
    if age is None and mother is None:
        raise PawpostError("Give an age, a mother, or both to change.")
    if age is not None and age < 0:
        raise PawpostError(f"Age cannot be negative; you gave {age} moons.")
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character)
        changes = []
        if age is not None:
            found.sheet = found.sheet.model_copy(update={"age_moons": age})
            changes.append(f"age {age} moons")
        if mother is not None:
            chosen = _check_mother(tx, actor, mother, found.id)
            found.mother_id = chosen.id
            changes.append(f"mother {chosen.name}")
        tx.characters.save_sheet(found)
        tx.audit.add(
            audit.entry(
                actor,
                "character",
                f"edited {found.name}: {', '.join(changes)}",
                services.clock(),
                character=found,
            )
        )
    return Reply(lines=[f"{safe(found.name)}: {safe(', '.join(changes))}."])


def _change_condition(
    services: Services, actor: Actor, condition: str, character: str | None, *, add: bool
) -> Reply:
    try:
        chosen = Condition(condition.strip().lower())
    except ValueError:
        raise PawpostError(f"{safe(condition)} is not a condition a cat can be given.") from None
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character)
        sheet = found.sheet
        assert isinstance(sheet, GermSheet)
        has = chosen in sheet.conditions
        if add and has:
            raise PawpostError(f"{safe(found.name)} is already {chosen.label}.")
        if not add and not has:
            raise PawpostError(f"{safe(found.name)} is not {chosen.label}.")
        found.sheet = with_condition(sheet, chosen) if add else without_condition(sheet, chosen)
        tx.characters.save_sheet(found)
        verb = "added" if add else "removed"
        tx.audit.add(
            audit.entry(
                actor, "character", f"{chosen.label} {verb}", services.clock(), character=found
            )
        )
    return Reply(lines=[f"{safe(found.name)}: {chosen.label} {verb}."])


@runs_in_database
def add_condition(
    services: Services, actor: Actor, condition: str, character: str | None = None
) -> Reply:
    return _change_condition(services, actor, condition, character, add=True)


@runs_in_database
def remove_condition(
    services: Services, actor: Actor, condition: str, character: str | None = None
) -> Reply:
    return _change_condition(services, actor, condition, character, add=False)
