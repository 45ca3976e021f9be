"""WCAGR cats growing up: answering the gains that wait for a choice, an admin's grant for a
great deed, and retiring."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.admin import required_reason
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character, named, require_admin, require_built
from bot.actions.reply import Button, Reply, Select, SelectOption, Style
from bot.actions.wcagr import parse
from bot.actions.wcagr.sheet import wcagr_sheet
from rules.errors import PawpostError
from rules.wcagr import (
    Ability,
    Gain,
    GainChoice,
    Knack,
    PendingGain,
    Skill,
    WcagrSheet,
    answer_gain,
    gain_options,
    grant,
    refuse_dead,
    retire,
)
from storage.models import Character
from storage.repositories import Transaction

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press


def _option_label(option: Ability | Skill | Knack) -> str:
    return option.label


def waiting_line(sheet: WcagrSheet, pending: PendingGain) -> str:
    """ "Knack (13 moons): choose one of Alertness, Balance, …"."""
    return waiting_line_of(gain_options(sheet, pending.gain), pending)


def waiting_line_of(options: Sequence[Ability | Skill | Knack], pending: PendingGain) -> str:
    """`waiting_line` from the gain's options."""
    listed = ", ".join(_option_label(option) for option in options) or "nothing left"
    many = " three different ones" if pending.gain is Gain.THREE_KNACKS else " one"
    return f"{pending.gain.label} ({pending.source}): choose{many} of {listed}."


_KIND_WORDS = {Gain.SKILL: "a skill", Gain.KNACK: "a knack"}


def _choice(gain: Gain, text: str) -> GainChoice:
    """The player's answer read as the gain asks; a name of another kind (a skill for a
    Knack gain) or no name at all is one short sentence, not the whole list of knacks."""
    if gain is Gain.THREE_KNACKS:
        return parse.knacks(text)
    try:
        chosen = parse.gain_choice(text)
    except PawpostError:
        wanted = _KIND_WORDS.get(gain, "an ability")
        raise PawpostError(
            f"{gain.label} needs {wanted}; see the choices with /character gains."
        ) from None
    return chosen


GAIN_AREA = "wcagr-gain"
MOST_OPTIONS = 25  # a Discord select's options


def gain_select(character_id: int, sheet: WcagrSheet) -> Select | None:
    """A select answering the first waiting gain, its id holding that gain's own number (so a
    select already answered, or shown for another gain, is refused); none for the three first
    knacks (typed)."""
    if not sheet.pending or sheet.pending[0].gain is Gain.THREE_KNACKS:
        return None
    pending = sheet.pending[0]
    options = gain_options(sheet, pending.gain)
    if not options or len(options) > MOST_OPTIONS:
        return None
    return Select(
        custom_id=f"pawpost:{GAIN_AREA}:{character_id}:choose:{pending.number}",
        placeholder=f"{pending.gain.label} ({pending.source})",
        options=[SelectOption(label=o.label, value=o.value) for o in options],
    )


def _answer(
    services: Services, tx: Transaction, actor: Actor, found: Character, choice: str
) -> Reply:
    sheet = wcagr_sheet(found)
    pending = sheet.pending[0]
    after = answer_gain(sheet, pending, _choice(pending.gain, choice))
    found.sheet = after
    tx.characters.save_sheet(found)
    tx.audit.add(
        audit.entry(
            actor,
            "character",
            f"{pending.gain.label} ({pending.source}): {' '.join(choice.split())[:60]}",
            services.clock(),
            character=found,
        )
    )
    lines = [f"{safe(found.name)} takes its {pending.gain.label} gain of {pending.source}."]
    if after.pending:
        lines.append("Next: " + waiting_line(after, after.pending[0]))
    return Reply(lines=lines, select=gain_select(found.id, after))


@runs_in_database
def gains(
    services: Services, actor: Actor, choice: str | None = None, character: str | None = None
) -> Reply:
    """Without `choice`, what waits, with a select to answer it; with it, the first waiting
    gain taken as chosen."""
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character)
        sheet = wcagr_sheet(found)
        refuse_dead(sheet)
        if not sheet.pending:
            if choice is not None:
                raise PawpostError(f"{safe(found.name)} has no gain waiting for a choice.")
            return Reply(lines=[f"{safe(found.name)} has no gain waiting for a choice."])
        if choice is None:
            lines = [waiting_line(sheet, sheet.pending[0])]
            later = sheet.pending[1:]
            if later:
                listed = ", ".join(f"{p.gain.label} ({p.source})" for p in later)
                lines.append(f"Then, in order: {listed}.")
            return Reply(
                title=f"{safe(found.name)}'s gains",
                lines=lines,
                select=gain_select(found.id, sheet),
            )
        return _answer(services, tx, actor, found, choice)


@runs_in_database
def choose_gain(
    services: Services, actor: Actor, character_id: int, number: int | None, value: str
) -> Reply:
    """The gain select: only the cat's player (or an admin), and only while the gain it was
    shown for is the first one waiting."""
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = tx.characters.by_id(guild.guild_id, character_id)
        if found is None:
            raise PawpostError("That cat is no longer in this server.")
        if found.owner_id != actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError(f"{safe(found.name)} belongs to another player.")
        refuse_dead(wcagr_sheet(found))
        pending = wcagr_sheet(found).pending
        if not pending or pending[0].number != number:
            raise PawpostError("That gain was already chosen; see /character gains.")
        return _answer(services, tx, actor, found, value)


async def _gain_select(services: Services, actor: Actor, press: Press) -> Reply:
    if len(press.values) != 1:
        raise PawpostError("Pick one option of the list.")
    return await choose_gain(services, actor, press.id, press.arg, press.values[0])


GAIN_BUTTONS: dict[tuple[str, str], ButtonHandler] = {(GAIN_AREA, "choose"): _gain_select}


@runs_in_database
def admin_grant(services: Services, actor: Actor, character: str, gain: str, reason: str) -> Reply:
    """Book l.192: a skill point or a knack for great deeds, waiting for the player's choice."""
    reason = required_reason(reason)
    try:
        chosen = Gain(gain.strip().lower())
    except ValueError:
        raise PawpostError("An admin grants a skill point or a knack for great deeds.") from None
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        found = named(tx, actor.guild_id, character)
        refuse_dead(wcagr_sheet(found))
        found.sheet = grant(wcagr_sheet(found), chosen)
        tx.characters.save_sheet(found)
        tx.audit.add(
            audit.entry(
                actor,
                "admin",
                f"granted a {chosen.label}",
                services.clock(),
                character=found,
                reason=reason,
            )
        )
    return Reply(
        lines=[
            f"{safe(found.name)} is granted a {chosen.label.lower()} for a great deed; its "
            "player chooses it with /character gains."
        ],
        footer=f"reason: {reason}",
    )


RETIRE_AREA = "wcagr-retire"


@runs_in_database(read_only=True)
def retire_cat(services: Services, actor: Actor, character: str | None = None) -> Reply:
    """Asks first: retiring before the 71st moon cannot be undone by the player."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = acting_character(tx, actor, guild, character, managing=True)
        refuse_dead(wcagr_sheet(found))
        if wcagr_sheet(found).retired:
            raise PawpostError(f"{safe(found.name)} is already retired.")
    return Reply(
        lines=[
            f"Retire {safe(found.name)}? It becomes an elder out of play and cannot check, hunt "
            "or fight again; a new cat may name it as its parent."
        ],
        buttons=[
            Button(
                label=f"Retire {found.name}"[:80],
                custom_id=f"pawpost:{RETIRE_AREA}:{found.id}:confirm",
                style=Style.danger,
            ),
            Button(label="Keep playing", custom_id=f"pawpost:{RETIRE_AREA}:{found.id}:keep"),
        ],
        ephemeral=True,
    )


@runs_in_database
def confirm_retire(services: Services, actor: Actor, character_id: int) -> Reply:
    """The cat becomes an elder out of play before its 71st moon."""
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_built(guild)
        found = tx.characters.by_id(actor.guild_id, character_id)
        if found is None:
            raise PawpostError("That cat is no longer in this server.")
        if found.owner_id != actor.user_id and not actor.admin_in(guild.settings):
            raise PawpostError(f"{safe(found.name)} belongs to another player.")
        refuse_dead(wcagr_sheet(found))  # died since the question was asked
        found.sheet = retire(wcagr_sheet(found))
        tx.characters.save_sheet(found)
        tx.audit.add(audit.entry(actor, "character", "retired", services.clock(), character=found))
    return Reply(
        lines=[
            f"{safe(found.name)} retires: an elder out of play, it cannot check, hunt or fight."
        ],
        update=True,
    )


async def _retire_button(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb == "confirm":
        return await confirm_retire(services, actor, press.id)
    return Reply(lines=["Nothing changed: the cat keeps playing."], update=True, ephemeral=True)


RETIRE_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (RETIRE_AREA, "confirm"): _retire_button,
    (RETIRE_AREA, "keep"): _retire_button,
}
