"""Germ mothers: another player's cat named as a kit's mother waits for her player's (or an
admin's) Accept, `pawpost:mother:<request>:accept|decline`; until then the kit has no mother.
Also the server's smallest age gap between a mother and her kit."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import plural, safe
from bot.actions.lookup import require_admin, require_built
from bot.actions.reply import Button, Reply, Style
from rules.errors import PawpostError
from rules.germ.sheet import GermSheet, old_enough_to_mother
from storage.germ import germ
from storage.germ.mothers import MotherOutcome
from storage.germ.settings import GermSettings
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

MAX_AGE_GAP_MOONS = 240


def _age(character: Character) -> int:
    sheet = character.sheet
    assert isinstance(sheet, GermSheet)
    return sheet.age_moons


def check_mother(
    tx: Transaction, guild: Guild, mother: Character, kit_id: int | None, kit_age: int
) -> None:
    """Refuse a mother who would make a cycle (a cat its own ancestor) or who is not enough
    moons older than the kit."""
    if kit_id is not None and (
        mother.id == kit_id or kit_id in tx.characters.ancestors(guild.guild_id, mother.id)
    ):
        raise PawpostError(
            f"{safe(mother.name)} cannot be the mother: that would make a cat its own ancestor."
        )
    gap = GermSettings.of(guild.settings).mother_min_age_gap_moons
    if not old_enough_to_mother(_age(mother), kit_age, gap):
        raise PawpostError(
            f"{safe(mother.name)} cannot be the mother: a mother must be at least "
            f"{plural(gap, 'moon')} older than her kit, and she is {plural(_age(mother), 'moon')}"
            f" to the kit's {kit_age}."
        )


def needs_acceptance(kit_owner_id: int, mother: Character) -> bool:
    """Naming your own cat as mother needs no acceptance; another player's cat does."""
    return mother.owner_id != kit_owner_id


def withdraw_waiting(tx: Transaction, actor: Actor, kit: Character, now: datetime) -> None:
    for waiting in germ(tx).mothers.waiting_for_kit(kit.guild_id, kit.id):
        germ(tx).mothers.answer(waiting.id, MotherOutcome.WITHDRAWN, actor.user_id, now)
        tx.audit.add(
            audit.entry(
                actor, "character", "mother request withdrawn: another named", now, character=kit
            )
        )


def ask(tx: Transaction, actor: Actor, kit: Character, mother: Character, now: datetime) -> Reply:
    """Open a request for `mother` (another player's cat) to be `kit`'s mother, log it, and
    return the lines, buttons and ping that ask her player. The kit has no mother meanwhile."""
    withdraw_waiting(tx, actor, kit, now)
    request_id = germ(tx).mothers.open(kit.guild_id, kit.id, mother.id, actor.user_id, now)
    tx.audit.add(
        audit.entry(
            actor,
            "character",
            f"asked {mother.name} to be the mother (waiting for acceptance)",
            now,
            character=kit,
        )
    )
    return Reply(
        lines=[
            f"<@{mother.owner_id}>: {safe(kit.name)} names {safe(mother.name)} as mother. "
            f"Until {safe(mother.name)}'s player (or an admin) accepts, {safe(kit.name)} has no "
            "mother."
        ],
        buttons=[
            Button(
                label="Accept", style=Style.success, custom_id=f"pawpost:mother:{request_id}:accept"
            ),
            Button(
                label="Decline",
                style=Style.danger,
                custom_id=f"pawpost:mother:{request_id}:decline",
            ),
        ],
        mentions=[mother.owner_id],
    )


def set_mother(
    tx: Transaction, actor: Actor, kit: Character, mother: Character, now: datetime
) -> None:
    """Name one's own cat as mother at once (any waiting request for the kit is withdrawn)."""
    withdraw_waiting(tx, actor, kit, now)
    kit.mother_id = mother.id


@runs_in_database
def answer(services: Services, actor: Actor, request_id: int, *, accept: bool) -> Reply:
    """The mother's player's (or an admin's) Accept or Decline."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        request = germ(tx).mothers.get(actor.guild_id, request_id)
        if request is None:
            raise PawpostError("That mother request does not exist in this server.")
        if request.outcome is not None:
            raise PawpostError(f"That mother request was already {request.outcome.value}.")
        kit = tx.characters.by_id(actor.guild_id, request.kit_id)
        mother = tx.characters.by_id(actor.guild_id, request.mother_id)
        if mother is not None and not (
            actor.user_id == mother.owner_id or actor.admin_in(guild.settings)
        ):
            raise PawpostError(f"Only {safe(mother.name)}'s player or an admin can answer.")
        if kit is None or mother is None:
            germ(tx).mothers.answer(request.id, MotherOutcome.WITHDRAWN, actor.user_id, now)
            gone = "kit" if kit is None else "mother"
            if kit is not None:
                tx.audit.add(
                    audit.entry(
                        actor,
                        "character",
                        "mother request closed: the mother was deleted",
                        now,
                        character=kit,
                    )
                )
            return Reply(
                lines=[f"The {gone} was deleted, so the kit has no mother from this request."],
                update=True,
            )
        if accept:
            check_mother(tx, guild, mother, kit.id, _age(kit))
            kit.mother_id = mother.id
            tx.characters.save_sheet(kit)
        outcome = MotherOutcome.ACCEPTED if accept else MotherOutcome.DECLINED
        if not germ(tx).mothers.answer(request.id, outcome, actor.user_id, now):
            raise PawpostError("That mother request was answered a moment ago.")
        tx.audit.add(
            audit.entry(
                actor, "character", f"mother {mother.name} {outcome.value}", now, character=kit
            )
        )
    if accept:
        line = f"{safe(mother.name)} is now {safe(kit.name)}'s mother."
    else:
        line = f"{safe(mother.name)}'s player declined: {safe(kit.name)} has no mother."
    return Reply(lines=[line], mentions=[request.asked_by], update=True)


@runs_in_database
def set_age_gap(services: Services, actor: Actor, moons: int) -> Reply:
    """`/config mother-age-gap`: how many moons older than her kit a mother must be."""
    if not 0 <= moons <= MAX_AGE_GAP_MOONS:
        raise PawpostError(f"The age gap can be 0 to {MAX_AGE_GAP_MOONS} moons; you gave {moons}.")
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        settings = GermSettings.of(guild.settings)
        settings.mother_min_age_gap_moons = moons
        settings.store_in(guild.settings)
        tx.guilds.save(guild)
        tx.audit.add(
            audit.entry(
                actor, "config", f"mother age gap {plural(moons, 'moon')}", services.clock()
            )
        )
    return Reply(
        lines=[f"A mother must now be at least {plural(moons, 'moon')} older than her kit."]
    )


async def _button(services: Services, actor: Actor, press: Press) -> Reply:
    return await answer(services, actor, press.id, accept=press.verb == "accept")


MOTHER_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    ("mother", "accept"): _button,
    ("mother", "decline"): _button,
}
