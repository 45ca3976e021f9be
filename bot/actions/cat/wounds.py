"""Scars a cat owes, placed by its player (or an admin): as many as a trait can take by its
button, one at a time by a select where they are to be split, with a reason when they go
elsewhere than the trait used (book l. 37), or cancelled by a Life when a fight round gave them.

Each wound is stored (`storage/cat/wounds.py`) and each click names it and how many scars were
placed when the click was offered, so buttons work after a restart and a double click places
one scar, not two.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.cat import foe_flow
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.cat.owed import STALE, owed_lines, record_placement
from bot.actions.cat.scenes import leave_scenes
from bot.actions.cat.wound_view import (
    AREA,
    IN,
    WHY,
    WHY_ONE,
    life_button,
    reason_form,
    wound_reply,
)
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.game_time import game_day_at
from bot.actions.lookup import acting_character
from bot.actions.reply import Reply
from rules.cat.lives import LastLifeNeedsConfirmation, dodge_round_with_life
from rules.cat.scars import place_scars, room_for_scars
from rules.cat.sheet import TRAITS, CatSheet, Trait, trait_named
from rules.errors import PawpostError
from storage.cat import cat
from storage.cat.wounds import Settled, Wound, WoundSource
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

_SETTLED = {
    Settled.PLACED: "Those scars are placed already.",
    Settled.LIFE: "A Life was spent on those scars: the cat takes none of them.",
    Settled.CANCELLED: "A Life was spent on that Risk: it takes no scars.",
    Settled.DEAD: "The cat died before the rest of those scars were placed.",
}


def _load(
    tx: Transaction, actor: Actor, wound_id: int, *, lock: bool = True
) -> tuple[Guild, Wound, Character]:
    """The wound a click names and its cat, if the clicker is its player or an admin; `lock`
    (a click that changes it) holds the wound until the transaction ends."""
    guild = tx.guilds.get(actor.guild_id)
    require_cat(guild)
    wound = cat(tx).wounds.get(actor.guild_id, wound_id, lock=lock)
    if wound is None:
        raise PawpostError("Those scars do not exist in this server.")
    found = tx.characters.by_id(actor.guild_id, wound.character_id)
    if found is None:
        raise PawpostError("The cat with those scars was deleted.")
    if found.owner_id != actor.user_id and not actor.admin_in(guild.settings):
        raise PawpostError(f"Only {safe(found.name)}'s player or an admin can place these scars.")
    if not wound.open:
        how = wound.settled_how or Settled.PLACED
        raise PawpostError(_SETTLED[how])
    return guild, wound, found


def after_placing(
    tx: Transaction, actor: Actor, wound: Wound, found: Character, now: datetime
) -> Reply:
    """What a wound's source does once it changed: a Risk's Life is no longer offered, a foe
    fight goes on to its next round once the scars are settled."""
    if wound.source is WoundSource.FOE and not wound.open:
        return foe_flow.after_wound(tx, actor, wound.source_id, found, now)
    if found.sheet is not None and cat_sheet(found).dead:
        return Reply(lines=leave_scenes(tx, found, now))
    return Reply()


def _check(
    tx: Transaction, actor: Actor, wound_id: int, trait: Trait, version: int | None
) -> tuple[Guild, Wound, Character]:
    """The wound a choice names, still as it was offered, and a trait that can take scars."""
    guild, wound, found = _load(tx, actor, wound_id)
    if version is not None and version != wound.placed:
        raise PawpostError(STALE)
    if room_for_scars(cat_sheet(found), trait) <= 0:
        raise PawpostError(f"{trait.label} is Crippled and takes no more scars.")
    return guild, wound, found


def needs_reason(actor: Actor, guild: Guild, wound: Wound, sheet: CatSheet, trait: Trait) -> bool:
    """A player putting scars elsewhere than the trait used, while it can still take some,
    says why (book l. 37); the Narrator (an admin) places where it likes, and so do scars the
    Narrator gave."""
    if actor.admin_in(guild.settings) or wound.source is WoundSource.NARRATOR:
        return False
    return trait is not wound.trait and room_for_scars(sheet, wound.trait) > 0


@runs_in_database
def choose(
    services: Services, actor: Actor, wound_id: int, trait: Trait, version: int | None, *, one: bool
) -> Reply:
    """A trait button or the select: place there at once, or first ask why (a form)."""
    with services.db.transaction() as tx:
        guild, wound, found = _check(tx, actor, wound_id, trait, version)
        if needs_reason(actor, guild, wound, cat_sheet(found), trait):
            return Reply(modal=reason_form(wound, trait, one=one))
        return _place(tx, actor, guild, wound, found, trait, services.clock(), one=one)


@runs_in_database
def place(
    services: Services,
    actor: Actor,
    wound_id: int,
    trait: Trait,
    version: int | None,
    *,
    one: bool,
    reason: str | None = None,
) -> Reply:
    """Place the wound's scars in `trait`: as many as it can take (the rest stay to place), or
    with `one`, a single scar there; `reason` says why (the form's answer)."""
    cleaned = " ".join((reason or "").split()) or None
    with services.db.transaction() as tx:
        guild, wound, found = _check(tx, actor, wound_id, trait, version)
        if cleaned is None and needs_reason(actor, guild, wound, cat_sheet(found), trait):
            raise PawpostError(
                f"Say why the scars go in {trait.label}: the Narrator puts them in "
                f"{wound.trait.label} otherwise."
            )
        return _place(
            tx, actor, guild, wound, found, trait, services.clock(), one=one, reason=cleaned
        )


def _place(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    wound: Wound,
    found: Character,
    trait: Trait,
    now: datetime,
    *,
    one: bool,
    reason: str | None = None,
) -> Reply:
    sheet = cat_sheet(found)
    count = 1 if one else min(wound.left, room_for_scars(sheet, trait))
    today = game_day_at(now, guild.settings).number
    placed = place_scars(sheet, count, {trait: count}, today=today)
    wound, lines = record_placement(tx, actor, wound, found, placed, count, now, reason=reason)
    then = after_placing(tx, actor, wound, found, now)
    if wound.open:
        reply = wound_reply(wound, found, lines)
        return reply.model_copy(update={"update": one})
    return then.model_copy(update={"lines": [*lines, *then.lines]})


@runs_in_database(read_only=True)
def show(services: Services, actor: Actor, wound_id: int) -> Reply:
    """A wound's choices, opened from a fight's message."""
    with services.db.transaction(write=False) as tx:
        _, wound, found = _load(tx, actor, wound_id, lock=False)
    return wound_reply(wound, found)


@runs_in_database
def spend_life(services: Services, actor: Actor, wound_id: int, *, confirm_last: bool) -> Reply:
    """A Life spent to take none of a fight round's scars (book l. 101); the fight's winner
    stays as it was (l. 56). Only before any of them is placed."""
    now = services.clock()
    with services.db.transaction() as tx:
        _, wound, found = _load(tx, actor, wound_id)
        if not wound.life_allowed:
            raise PawpostError("A Life cannot cancel these scars.")
        if wound.placed:
            raise PawpostError(
                "Some of these scars are placed already, so a Life cannot cancel them."
            )
        try:
            sheet = dodge_round_with_life(cat_sheet(found), wound.left, confirm_last=confirm_last)
        except LastLifeNeedsConfirmation as asked:
            return Reply(
                lines=[asked.message], buttons=[life_button(wound, last=True)], ephemeral=True
            )
        found.sheet = sheet
        tx.characters.save_sheet(found)
        if not cat(tx).wounds.place(wound, 0, now, settled=Settled.LIFE):
            raise PawpostError(STALE)
        wound = wound.model_copy(update={"settled_at": now, "settled_how": Settled.LIFE})
        tx.audit.add(
            audit.entry(
                actor,
                "life",
                f"spent a Life on {wound.left} scars from {wound.source.value} {wound.source_id}",
                now,
                character=found,
            )
        )
        then = after_placing(tx, actor, wound, found, now)
    left = f"{sheet.lives} {'Life' if sheet.lives == 1 else 'Lives'} left"
    cancelled = f"{wound.left} {'scar' if wound.left == 1 else 'scars'} cancelled"
    lines = [f"{safe(found.name)} spends a Life and takes no scars ({cancelled}). {left}."]
    if sheet.dead:
        lines.append(f"That was {safe(found.name)}'s last Life: it dies.")
    return then.model_copy(update={"lines": [*lines, *then.lines]})


def cancel_for_risk(tx: Transaction, guild_id: int, risk_id: int, now: datetime) -> None:
    """A Life spent on a Risk makes it succeed: its scars are not taken. Refused once some are
    placed."""
    for wound in cat(tx).wounds.of_source(guild_id, WoundSource.RISK, risk_id):
        if not wound.open:
            continue
        if wound.placed or not cat(tx).wounds.place(wound, 0, now, settled=Settled.CANCELLED):
            raise PawpostError("That Risk's scars are placed: it stands as failed.")


async def _button(services: Services, actor: Actor, press: Press) -> Reply:
    verb = press.verb
    if verb == "show":
        return await show(services, actor, press.id)
    if verb == "all":  # a button from before scars were placed a trait at a time: no version
        return await choose(services, actor, press.id, _trait_at(press.arg), None, one=False)
    if verb.startswith(IN):
        trait = trait_named(verb.removeprefix(IN))
        return await choose(services, actor, press.id, trait, _version(press), one=False)
    if verb == "one":
        if len(press.values) != 1:
            raise PawpostError(STALE)
        trait = trait_named(press.values[0])
        return await choose(services, actor, press.id, trait, _version(press), one=True)
    if verb.startswith(WHY):
        one = verb.startswith(WHY_ONE)
        trait = trait_named(verb.removeprefix(WHY_ONE if one else WHY))
        reason = press.fields.get("reason", "")
        return await place(
            services, actor, press.id, trait, _version(press), one=one, reason=reason
        )
    return await spend_life(services, actor, press.id, confirm_last=verb == "life-last")


def _version(press: Press) -> int:
    if press.arg is None:
        raise PawpostError(STALE)
    return press.arg


def _trait_at(index: int | None) -> Trait:
    if index is None or not 0 <= index < len(TRAITS):
        raise PawpostError("That choice names no trait.")
    return TRAITS[index]


WOUND_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, verb): _button
    for verb in (
        "show",
        "all",
        "one",
        "life",
        "life-last",
        *(IN + trait.value for trait in TRAITS),
        *(WHY + trait.value for trait in TRAITS),
        *(WHY_ONE + trait.value for trait in TRAITS),
    )
}


@runs_in_database(read_only=True)
def owed(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """`/scars`: the scars a cat still owes, and the choices to place the oldest of them."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        found = acting_character(tx, actor, guild, character)
        wounds = cat(tx).wounds.open_of(found.guild_id, found.id)
        lines = owed_lines(tx, guild, found)
    if not wounds:
        return Reply(lines=[f"{safe(found.name)} owes no scars."])
    return wound_reply(wounds[0], found, lines)
