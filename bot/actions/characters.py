"""`/character` for every ruleset: show, list, rename, delete, restore and choose characters.

Making and editing a character is each ruleset's own (`bot/actions/<ruleset>/`)."""

from __future__ import annotations

import unicodedata

from bot.actions import audit
from bot.actions.about import with_profile
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, clean_name, named, own_character, require_admin
from bot.actions.profiles import profile_fields
from bot.actions.reply import Button, Reply, Style
from rules.errors import PawpostError
from rules.life import Life
from rules.rulesets import RULESETS, RulesetNotBuilt
from storage.approvals import ApprovalStatus
from storage.models import Character
from storage.names import look_alike_letter
from storage.repositories import NameTaken, Transaction

LIST_PAGE_SIZE = 20
ARCHIVED_LISTED = 20  # archived characters named on the list's first page (the rest counted)


def name_taken(taken: NameTaken, advice: str = "choose another name") -> PawpostError:
    """Why a name cannot be given: it is another character's (or an NPC's), or looks just like
    it, told with the letter that only looks the same."""
    what = "an NPC" if taken.npc else "a character"
    if taken.same and not taken.npc:
        return PawpostError(
            f"There is already a character named {safe(taken.name)} in this server."
        )
    if taken.same:
        return PawpostError(f"{safe(taken.like)} is an NPC's name in this server; {advice}.")
    odd = look_alike_letter(taken.name) or look_alike_letter(taken.like)
    which = "" if odd is None else f' (the "{safe(odd[0])}" in one of them is {_kind(*odd)})'
    return PawpostError(
        f"{safe(taken.name)} looks just like {safe(taken.like)}, {what} already in this"
        f" server{which}, so players could not tell them apart; {advice}."
    )


def _kind(character: str, script: str) -> str:
    """What a look-alike character is, in a few words: a Cyrillic letter, a digit, a sign."""
    category = unicodedata.category(character)
    if category.startswith("N"):
        return "a digit"
    if not category.startswith("L"):
        return "a sign"
    if script in ("COMMON", "INHERITED", "Unknown"):
        return "a letter of another alphabet"
    return f"a {script.replace('_', ' ').title()} letter"


@runs_in_database(read_only=True, quick=True)
def show(services: Services, actor: Actor, character: str | None = None) -> Reply:
    with services.db.transaction(write=False) as tx:
        if character:
            found = named(tx, actor.guild_id, character)
        else:
            try:
                found = own_character(tx, actor)
            except PawpostError:  # none yet: perhaps a new one waits for an admin
                owns = tx.characters.owned_by(actor.guild_id, actor.user_id)
                waiting = None if owns else _waiting_of(services, tx, actor)
                if waiting is not None:
                    return waiting
                raise
        ruleset = services.ruleset(found.ruleset)
        if ruleset is None:
            raise RulesetNotBuilt(found.ruleset)
        fields = ruleset.sheet_fields(tx, found)
        held, profile = tx.profiles.standing(found.id)
    lines = [f"Player: <@{found.owner_id}>"]
    if found.life is not Life.ACTIVE:
        lines.append(f"State: **{found.life.value}**")
    if held is ApprovalStatus.REJECTED:
        lines.append(
            "Sheet rejected: it cannot roll until an admin approves it; change it with "
            "/character new, or send it again as it is with /character submit."
        )
    elif held is not None and held is not ApprovalStatus.APPROVED:
        lines.append(f"Sheet {held.value}: it cannot roll until an admin approves it.")
    reply = Reply(title=safe(found.name), lines=lines, fields=fields + profile_fields(profile))
    return with_profile(reply, profile)


def _waiting_of(services: Services, tx: Transaction, actor: Actor) -> Reply | None:
    """A player without a character yet, whose new one waits for an admin: say so."""
    ruleset = services.ruleset(tx.guilds.get(actor.guild_id).ruleset)
    if ruleset is None or ruleset.waiting is None:
        return None
    waiting = ruleset.waiting(tx, actor.guild_id, actor.user_id, LIST_PAGE_SIZE)
    if not waiting:
        return None
    lines = [
        f"{safe(sheet.name)}, {sheet.what}, waits for an admin's approval"
        f" (asked <t:{int(sheet.created_at.timestamp())}:R>); it is made once approved."
        for sheet in waiting
    ]
    return Reply(title="Waiting for approval", lines=lines, ephemeral=True)


@runs_in_database(read_only=True)
def list_characters(services: Services, actor: Actor, page: int = 1) -> Reply:
    page = max(page, 1)
    with services.db.transaction(write=False) as tx:
        found = tx.characters.page(
            actor.guild_id, offset=(page - 1) * LIST_PAGE_SIZE, limit=LIST_PAGE_SIZE + 1
        )
        archived = tx.characters.archived(actor.guild_id, ARCHIVED_LISTED + 1)
        counts = tx.characters.archived_counts(actor.guild_id) if archived else {}
    more = len(found) > LIST_PAGE_SIZE
    lines = [f"{safe(c.name)} — <@{c.owner_id}>" for c in found[:LIST_PAGE_SIZE]]
    lines = lines or ["No characters here yet."]
    if page == 1:
        lines += _archived_lines(archived, counts)
    buttons = []
    if page > 1:
        buttons.append(Button(label="Previous", custom_id=f"pawpost:characters:0:page:{page - 1}"))
    if more:
        buttons.append(Button(label="Next", custom_id=f"pawpost:characters:0:page:{page + 1}"))
    return Reply(
        title=f"Characters (page {page})",
        lines=lines,
        buttons=buttons,
    )


def _archived_lines(archived: list[Character], counts: dict[str, int]) -> list[str]:
    """The characters a ruleset switch archived, each ruleset's named (as far as room goes)."""
    lines = []
    for ruleset, count in counts.items():
        names = [safe(c.name) for c in archived[:ARCHIVED_LISTED] if c.ruleset == ruleset]
        rest = count - len(names)
        listed = ", ".join(names) + (f" and {rest} more" if rest else "")
        name = RULESETS[ruleset].name
        lines.append(f"Archived {name} characters (back when the server plays {name}): {listed}.")
    return lines


@runs_in_database
def rename(services: Services, actor: Actor, new_name: str, character: str | None = None) -> Reply:
    new_name = clean_name(new_name)
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character, managing=True)
        try:
            tx.characters.rename(found, new_name)
        except NameTaken as taken:
            raise name_taken(taken) from None
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


@runs_in_database(read_only=True)
def delete(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """Asks for confirmation first; the button does the deleting."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character, managing=True)
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


@runs_in_database(read_only=True)
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
        if found.ruleset != guild.ruleset:
            raise PawpostError(
                f"{safe(found.name)} is a {RULESETS[found.ruleset].name} character and this server"
                f" plays {RULESETS[guild.ruleset].name}: restore it once the server plays"
                f" {RULESETS[found.ruleset].name} again."
            )
        try:
            tx.characters.restore(found)
        except NameTaken as taken:
            raise name_taken(taken, "rename one of them first") from None
        tx.audit.add(
            audit.entry(actor, "admin", f"restored {found.name}", services.clock(), character=found)
        )
    return Reply(lines=[f"{safe(found.name)} is back."])


@runs_in_database
def use(services: Services, actor: Actor, character: str) -> Reply:
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character, managing=True)
        if found.owner_id != actor.user_id:
            raise PawpostError(f"{safe(found.name)} belongs to another player.")
        tx.characters.set_active(actor.guild_id, actor.user_id, found.id)
    return Reply(lines=[f"You now play {safe(found.name)} here."], ephemeral=True)
