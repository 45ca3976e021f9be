"""WCAGR cats: making one with `/character create`."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.characters import name_taken
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import clean_name, named, require_admin, require_built
from bot.actions.reply import Button, Reply, Style
from bot.actions.wcagr import parse
from bot.actions.wcagr.ageing import gain_select, waiting_line
from bot.actions.wcagr.sheet import sheet_lines
from bot.ruleset import WaitingSheet
from rules.errors import PawpostError
from rules.wcagr import (
    NewCat,
    WcagrSheet,
    age_one_moon,
    create_sheet,
    needs_admin_approval,
    rank_info,
)
from rules.wcagr.constants import DEFAULT_AGE_MOONS, MAX_CREATION_AGE_MOONS, TEN_MOONS
from storage.models import Character, NewCharacter
from storage.repositories import NameTaken, Transaction
from storage.settings import Guild
from storage.wcagr import wcagr
from storage.wcagr.requests import RequestOutcome

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

REQUEST_AREA = "wcagr-cat"


def new_sheet(
    tx: Transaction, actor: Actor, guild: Guild, new: NewCat, *, excluding: int | None = None
) -> WcagrSheet:
    """The new cat's sheet checked against the rules and the server (rank counts): the one
    validation of `/character create`, of the builder's Create and of an admin's Approve
    (`excluding`: the cat whose turned-down sheet it replaces, which holds no other's rank)."""
    if new.age_moons > MAX_CREATION_AGE_MOONS:
        raise PawpostError(
            f"A new cat can be at most {MAX_CREATION_AGE_MOONS} moons old; older cats retire."
        )
    holders = (
        0
        if new.rank is None
        else wcagr(tx).rank_holders(
            guild.guild_id, new.clan.value, new.rank.value, excluding=excluding
        )
    )
    return made_sheet(new, holders)


def made_sheet(new: NewCat, holders: int = 0) -> WcagrSheet:
    """The sheet the choices make. A cat older than 10 moons takes the age table's gains from
    11 moons up: with `age_choices` each is answered at once, else it is made at 10 and aged
    moon by moon, fixed gains at once and each choice waiting on the sheet for its player."""
    older = new.age_moons > TEN_MOONS
    if new.age_choices or not older:
        return create_sheet(new, rank_holders=holders)
    made = new.model_copy(update={"age_moons": TEN_MOONS}) if older else new
    sheet = create_sheet(made, rank_holders=holders)
    while sheet.age_moons < new.age_moons:
        sheet = age_one_moon(sheet).sheet
    return sheet


def parent_of(tx: Transaction, actor: Actor, guild: Guild, name: str | None) -> Character | None:
    """Book l.432: a new cat may be a retired cat's descendant. The parent must be a retired
    WCAGR cat of the same player (any player's, for an admin)."""
    if not name:
        return None
    parent = named(tx, guild.guild_id, name)
    if not isinstance(parent.sheet, WcagrSheet) or not parent.sheet.retired:
        raise PawpostError(
            f"{safe(parent.name)} is not retired; a new cat may name a retired cat as its parent."
        )
    if parent.owner_id != actor.user_id and not actor.admin_in(guild.settings):
        raise PawpostError(f"{safe(parent.name)} belongs to another player.")
    return parent


def add_cat(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    name: str,
    sheet: WcagrSheet,
    now: datetime,
    *,
    owner_id: int | None = None,
    parent: Character | None = None,
) -> Reply:
    """Store a checked new cat (refusing a name taken meanwhile), log it, and say so."""
    owner = actor.user_id if owner_id is None else owner_id
    if sheet.pending:  # told here, with the select: the next moon need not tell them again
        sheet = sheet.changed(gains_told=len(sheet.pending))
    new = NewCharacter(
        guild_id=actor.guild_id,
        owner_id=owner,
        name=name,
        ruleset=guild.ruleset,
        sheet=sheet,
        mother_id=None if parent is None else parent.id,
    )
    try:
        character = tx.characters.add(new, now)
    except NameTaken as taken:
        raise name_taken(taken) from None
    tx.audit.add(audit.entry(actor, "character", f"created {name}", now, character=character))
    lines = [
        f"A {sheet.clan.label} cat of {sheet.age_moons} moons, owned by <@{owner}>. "
        "See the sheet with /character show."
    ]
    if parent is not None:
        lines.append(f"Descended from {safe(parent.name)}.")
    if sheet.pending:
        lines.append(
            f"{len(sheet.pending)} gain(s) of the age table wait for your choice: the first "
            f"is {waiting_line(sheet, sheet.pending[0])} Choose below, or with /character gains."
        )
    return Reply(
        title=f"{safe(name)} joins the server",
        lines=lines,
        select=gain_select(character.id, sheet),
    )


def create_or_ask(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    name: str,
    new: NewCat,
    now: datetime,
    parent_name: str | None = None,
) -> Reply:
    """Make the cat, or, when it needs an admin's approval and the player is no admin, check
    it the same way and keep the request with Approve and Refuse buttons for the admins."""
    parent = parent_of(tx, actor, guild, parent_name)
    sheet = new_sheet(tx, actor, guild, new)
    if not needs_admin_approval(new) or actor.admin_in(guild.settings):
        return add_cat(tx, actor, guild, name, sheet, now, parent=parent)
    taken = tx.characters.clash(guild.guild_id, name)
    if taken is not None:
        raise name_taken(taken)
    request_id = wcagr(tx).requests.open(
        guild.guild_id, actor.user_id, name, new, None if parent is None else parent.id, now
    )
    tx.audit.add(audit.entry(actor, "character", f"asked to create {name}", now))
    why = _why_approval(new)
    return Reply(
        lines=[f"{safe(name)} is {why}: it waits for an admin's approval."],
        ephemeral=True,
        announce=Reply(
            title=f"New cat waiting for approval: {safe(name)}",
            lines=[
                f"<@{actor.user_id}> asks to create {safe(name)}, {why} of "
                f"{sheet.clan.label} ({sheet.hp_max} HP). An admin approves or refuses it.",
            ],
            fields=sheet_lines(sheet),
            buttons=[
                Button(
                    label="Approve",
                    custom_id=f"pawpost:{REQUEST_AREA}:{request_id}:approve",
                    style=Style.success,
                ),
                Button(
                    label="Refuse",
                    custom_id=f"pawpost:{REQUEST_AREA}:{request_id}:refuse",
                    style=Style.danger,
                ),
            ],
        ),
    )


def _why_approval(new: NewCat) -> str:
    """Every reason a new cat waits for an admin: "a cat of 12 moons and a leader"."""
    reasons = []
    if new.age_moons > TEN_MOONS:
        reasons.append(f"a cat of {new.age_moons} moons")
    if new.rank is not None and rank_info(new.clan, new.rank).needs_approval:
        label = rank_info(new.clan, new.rank).label.lower()
        reasons.append(label if reasons else f"a {label}")
    return " and a ".join(reasons) if len(reasons) == 2 else "".join(reasons)


def waiting_sheets(
    tx: Transaction, guild_id: int, user_id: int | None, limit: int
) -> list[WaitingSheet]:
    """The cats asked for and not answered yet, for `/admin approvals` and their players."""
    return [
        WaitingSheet(
            name=request.name,
            user_id=request.user_id,
            what=_why_approval(request.choices),
            created_at=created_at,
            approve_id=f"pawpost:{REQUEST_AREA}:{request.id}:approve",
            refuse_id=f"pawpost:{REQUEST_AREA}:{request.id}:refuse",
        )
        for request, created_at in wcagr(tx).requests.waiting(guild_id, user_id, limit)
    ]


@runs_in_database
def answer_request(services: Services, actor: Actor, request_id: int, approve: bool) -> Reply:
    """An admin's Approve (the cat is made for its player, checked again) or Refuse."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        require_admin(actor, guild)
        request = wcagr(tx).requests.get(guild.guild_id, request_id)
        if request is None or request.outcome is not None:
            raise PawpostError("That request was already answered.")
        outcome = RequestOutcome.APPROVED if approve else RequestOutcome.REFUSED
        if not approve:
            wcagr(tx).requests.answer(request_id, outcome, actor.user_id, now)
            tx.audit.add(audit.entry(actor, "admin", f"refused the new cat {request.name}", now))
            return Reply(
                lines=[f"{safe(request.name)} was refused; <@{request.user_id}> may ask again."],
                mentions=[request.user_id],
                update=True,
            )
        parent = (
            None
            if request.parent_id is None
            else tx.characters.by_id(guild.guild_id, request.parent_id)
        )
        sheet = new_sheet(tx, actor, guild, request.choices)
        wcagr(tx).requests.answer(request_id, outcome, actor.user_id, now)
        reply = add_cat(
            tx, actor, guild, request.name, sheet, now, owner_id=request.user_id, parent=parent
        )
    return reply.model_copy(update={"mentions": [request.user_id], "update": True})


async def _request_button(services: Services, actor: Actor, press: Press) -> Reply:
    return await answer_request(services, actor, press.id, press.verb == "approve")


REQUEST_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (REQUEST_AREA, "approve"): _request_button,
    (REQUEST_AREA, "refuse"): _request_button,
}


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
    age_choices: str | None = None,
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
        age_choices=parse.gain_choices(age_choices),
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
    knacks: str | None = None,
    age: int = DEFAULT_AGE_MOONS,
    ten_moon_bonus: str | None = None,
    loner_abilities: str | None = None,
    loner_skill: str | None = None,
    rank: str | None = None,
    age_choices: str | None = None,
    parent: str | None = None,
) -> Reply:
    """`/character create`: the cat, or its request waiting for an admin."""
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
        age_choices=age_choices,
    )
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        return create_or_ask(tx, actor, guild, name, new, now, parent)
