"""Scars a cat owes, placed by its player (or an admin): all of them from one trait on, one at a
time by a select where they are to be split, or cancelled by a Life when a fight round gave them.

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
from bot.actions.cat.wound_view import AREA, life_button, placed_lines, wound_reply
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.game_time import game_day_at
from bot.actions.reply import Reply
from rules.cat.lives import LastLifeNeedsConfirmation, dodge_round_with_life
from rules.cat.scars import default_placement, place_scars, room_for_scars
from rules.cat.sheet import TRAITS, CatSheet, trait_named
from rules.errors import PawpostError
from storage.cat import cat
from storage.cat.risks import FollowUp
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
STALE = "That choice is out of date: those scars were placed a moment ago."


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


def _after(tx: Transaction, actor: Actor, wound: Wound, found: Character, now: datetime) -> Reply:
    """What a wound's source does once it changed: a Risk's Life is no longer offered, a foe
    fight goes on to its next round once the scars are settled."""
    if wound.source is WoundSource.RISK:
        cat(tx).risks.mark(wound.source_id, FollowUp.SCARS, now)
    if wound.source is WoundSource.FOE and not wound.open:
        return foe_flow.after_wound(tx, actor, wound.source_id, found, now)
    return Reply()


def _settled(wound: Wound, count: int, sheet: CatSheet) -> Settled | None:
    if sheet.dead:
        return Settled.DEAD if count < wound.left else Settled.PLACED
    return Settled.PLACED if count >= wound.left else None


@runs_in_database
def place(
    services: Services, actor: Actor, wound_id: int, trait_index: int, *, one: int | None = None
) -> Reply:
    """Place the wound's scars from the trait picked on (or, with `one`, the number placed when
    the select was offered, a single scar there)."""
    if not 0 <= trait_index < len(TRAITS):
        raise PawpostError("That choice names no trait.")
    chosen = TRAITS[trait_index]
    now = services.clock()
    with services.db.transaction() as tx:
        guild, wound, found = _load(tx, actor, wound_id)
        if one is not None and one != wound.placed:
            raise PawpostError(STALE)
        sheet = cat_sheet(found)
        if room_for_scars(sheet, chosen) <= 0:
            raise PawpostError(f"{chosen.label} is Crippled and takes no more scars.")
        today = game_day_at(now, guild.settings).number
        count = 1 if one is not None else wound.left
        placement = {chosen: 1} if one is not None else default_placement(sheet, chosen, count)
        placed = place_scars(sheet, count, placement, today=today)
        found.sheet = placed.sheet
        tx.characters.save_sheet(found)
        settled = _settled(wound, count, placed.sheet)
        if not cat(tx).wounds.place(wound, count, now, settled=settled):
            raise PawpostError(STALE)
        wound = wound.model_copy(
            update={"placed": wound.placed + count, "settled_at": now if settled else None}
        )
        lines = placed_lines(found.name, placed)
        tx.audit.add(
            audit.entry(
                actor,
                "scars",
                f"scars from {wound.source.value} {wound.source_id}: " + " ".join(lines),
                now,
                character=found,
            )
        )
        then = _after(tx, actor, wound, found, now)
    if wound.open:
        reply = wound_reply(wound, found, lines)
        return reply.model_copy(update={"update": one is not None})
    return then.model_copy(update={"lines": [*lines, *then.lines]})


@runs_in_database
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
        then = _after(tx, actor, wound, found, now)
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
    if press.verb == "show":
        return await show(services, actor, press.id)
    if press.verb == "all":
        return await place(services, actor, press.id, press.arg or 0)
    if press.verb == "one":
        if press.arg is None or len(press.values) != 1:
            raise PawpostError(STALE)
        trait = trait_named(press.values[0])
        return await place(services, actor, press.id, TRAITS.index(trait), one=press.arg)
    return await spend_life(services, actor, press.id, confirm_last=press.verb == "life-last")


WOUND_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, verb): _button for verb in ("show", "all", "one", "life", "life-last")
}
