"""A cat's magic: `/trick` (its Tail's dice for one Magic Point, an Advantage die for each extra,
evens by the tier used), `/sleep` (a Magic Point an hour), `/dream` (a Tail Risk that changes the
Dreamscape)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.cat import foe_flow
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.cat.roll_view import (
    advantage_dice,
    life_button,
    narrator,
    plural,
    pool_line,
    rolled,
    still_owed,
    style_buttons,
    tell_the_narrator,
)
from bot.actions.cat.scenes import leave_scenes
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.game_time import game_day_at
from bot.actions.lookup import acting_character
from bot.actions.reply import Button, Reply, Style
from rules.cat.constants import MOST_STYLE_SPENT, WHAMMY_MINUTES_DIE
from rules.cat.dreams import DreamChange, change_dream
from rules.cat.fights import with_frenzy
from rules.cat.foe_turns import FoePhase
from rules.cat.lives import LastLifeNeedsConfirmation
from rules.cat.magic import TRICKS, Trick, TrickResult, sleep, use_trick
from rules.cat.risks import AdvantageSource
from rules.cat.sheet import Rank
from rules.errors import PawpostError
from storage.cat import cat
from storage.cat.settings import CatSettings
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

AREA = "cat-trick"


def trick_named(text: str) -> Trick:
    """A Trick by its id ("dream-bite"), its name ("Dream Bite", "The Dream Bite") or a part of
    its name that no other Trick's has ("whammy", "dinner dance")."""
    wanted = " ".join(text.replace("-", " ").split()).casefold().removeprefix("the ")
    partly: list[Trick] = []
    for trick, info in TRICKS.items():
        names = {trick.value.replace("-", " "), info.name.casefold().removeprefix("the ")}
        if wanted in names:
            return trick
        if wanted and any(wanted in name for name in names):
            partly.append(trick)
    if len(partly) == 1:
        return partly[0]
    if partly:
        could = " or ".join(TRICKS[trick].name for trick in partly)
        raise PawpostError(f"{safe(text.strip())} could be {could}; type more of its name.")
    known = ", ".join(info.name for info in TRICKS.values())
    raise PawpostError(f"There is no Trick called {safe(text.strip())}; the Tricks are {known}.")


def trick_suggestions(typed: str) -> list[tuple[str, str]]:
    """`/trick name`'s autocomplete: the Tricks whose name holds what was typed, each with the
    Tail it needs."""
    wanted = " ".join(typed.replace("-", " ").split()).casefold()
    found = []
    for trick, info in TRICKS.items():
        if wanted in info.name.casefold() or wanted in trick.value.replace("-", " "):
            needs = f"{info.rank.label} Tail" + (" and up, by tier" if info.variable else "")
            found.append((f"{info.name} ({needs})", trick.value))
    return found


def dream_named(text: str) -> DreamChange:
    wanted = " ".join(text.replace("-", " ").split()).casefold()
    for change in DreamChange:
        if wanted in (change.value.replace("-", " "), change.label.casefold()):
            return change
    known = ", ".join(change.value for change in DreamChange)
    raise PawpostError(f"{safe(text.strip())} is not a dream change; pick one of {known}.")


def _evens(count: int) -> str:
    return f"{count} even" if count == 1 else f"{count} evens"


# The last Life's confirmation for Fighting Frenzy carries what the player typed, the extra
# Magic Points and the Style, in its one number: extra × STYLE_SLOTS + Style.
STYLE_SLOTS = MOST_STYLE_SPENT + 1


def _frenzy_confirm(character_id: int, extra: int, style: int) -> Button:
    return Button(
        label="Spend the last Life on the Frenzy (the cat dies)",
        custom_id=f"pawpost:{AREA}:{character_id}:frenzy-last:{extra * STYLE_SLOTS + style}",
        style=Style.danger,
    )


def _trick_lines(name: str, result: TrickResult) -> list[str]:
    info = result.trick.info
    lines = [pool_line(result), describe_roll(result.roll)]
    paid = f"{result.magic_points_spent} Magic Point" + (
        "s" if result.magic_points_spent > 1 else ""
    )
    if result.life_spent:
        paid += " and a Life"
    tier = f" at its {result.tier.label} tier" if info.variable else ""
    aimed = result.aimed
    if info.variable and result.succeeded and aimed is not None and aimed is not result.tier:
        tier += f" (the {aimed.label} tier needs more)"
    if result.succeeded:
        lines.append(
            f"**It works**: {_evens(result.evens)} against {result.needed} needed{tier}. "
            f"{safe(name)} {result.effect}."
        )
        if result.minutes is not None:
            minutes = result.minutes.total
            faces = ", ".join(str(die.face) for die in result.minutes.dice)
            lines.append(
                f"The dog chases its tail: 1d{WHAMMY_MINUTES_DIE} [{faces}] → **{minutes}** "
                f"{'minute' if minutes == 1 else 'minutes'}."
            )
    else:
        lines.append(f"**It fails**: {_evens(result.evens)} against {result.needed} needed{tier}.")
    lines.append(f"Paid: {paid}.")
    return lines


@runs_in_database
def trick(
    services: Services,
    actor: Actor,
    name: str,
    extra_mp: int | None = None,
    tier: str | None = None,
    style: int | None = None,
    character: str | None = None,
    *,
    confirm_last: bool = False,
    character_id: int | None = None,
) -> Reply:
    """Play a Trick; its surplus evens are Style to bank or spend. Fighting Frenzy also costs
    a Life and, when it works, gives the cat as many actions a round as its Tail's dice: for
    the rest of its fight against a non-cat, or else for its next fight today."""
    chosen = trick_named(name)
    wanted = None if tier is None else _rank(tier)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        found = _trickster(tx, actor, guild, character, character_id)
        combat = None
        if chosen is Trick.FIGHTING_FRENZY:
            combat = foe_flow.active_fight(tx, found)
            in_frenzy = (
                cat_sheet(found).frenzy_ready
                if combat is None
                else combat.state.fight.frenzy_actions
            )
            if in_frenzy is not None:
                raise PawpostError(f"{safe(found.name)} is already in a Fighting Frenzy.")
        today = game_day_at(now, guild.settings).number
        try:
            used = use_trick(
                cat_sheet(found),
                chosen,
                services.dice,
                today=today,
                extra_magic_points=extra_mp or 0,
                tier=wanted,
                style=style or 0,
                confirm_last=confirm_last,
                evens=CatSettings.of(guild.settings).trick_evens,
            )
        except LastLifeNeedsConfirmation as asked:
            return Reply(
                lines=[asked.message],
                buttons=[_frenzy_confirm(found.id, extra_mp or 0, style or 0)],
                ephemeral=True,
            )
        result = used.result
        rolled(tx, found, now)
        sheet = used.sheet
        lines = _trick_lines(found.name, result)
        if result.frenzy_actions and not sheet.dead and combat is None:
            sheet = sheet.model_copy(update={"frenzy_ready": result.frenzy_actions})
            lines.append(
                f"{safe(found.name)} is in a Fighting Frenzy: {result.frenzy_actions} actions a "
                "round in its next fight (a cat fight or one against a non-cat), if it comes "
                "before the game day ends."
            )
        found.sheet = sheet
        tx.characters.save_sheet(found)
        entry_id = tx.audit.add(
            audit.entry(
                actor,
                "trick",
                f"{chosen.info.name} ({result.tier.label} tier)",
                now,
                character=found,
                rolls=[result.roll],
                outcome="success" if result.succeeded else "failure",
            )
        )
        buttons: list[Button] = []
        if combat is not None and result.frenzy_actions and not sheet.dead:
            combat = foe_flow.with_state(
                tx, combat, with_frenzy(combat.state.fight, result.frenzy_actions), now
            )
            lines.append(
                f"{safe(found.name)} takes {result.frenzy_actions} actions a round for the rest "
                f"of fight {combat.id}."
            )
            if combat.state.phase is FoePhase.MOVE:
                buttons += foe_flow.move_buttons(combat, found)
        lines.append(
            f"Magic Points: {sheet.magic_points} / {sheet.max_magic_points}"
            + (f"; {sheet.lives} Lives left" if result.life_spent else "")
            + "."
        )
        risk_id = cat(tx).risks.add(guild.guild_id, found.id, entry_id, result, now)
        if result.style_earned and not sheet.dead:
            lines.append(f"{plural(result.style_earned, 'surplus even')}: Style to bank.")
            buttons = style_buttons(risk_id, result.style_earned) + buttons
        if sheet.dead:
            lines.append(f"That was {safe(found.name)}'s last Life: it dies.")
            lines += leave_scenes(tx, found, now)
        lines += still_owed(tx, guild, found)
    return Reply(
        title=f"{safe(found.name)} plays {chosen.info.name}",
        lines=lines,
        buttons=buttons,
        footer=f"roll #{entry_id}",
    )


def _trickster(
    tx: Transaction, actor: Actor, guild: Guild, character: str | None, character_id: int | None
) -> Character:
    """The cat playing the Trick: as named, or (a confirmation button) by id."""
    if character_id is None:
        return acting_character(tx, actor, guild, character)
    found = tx.characters.by_id(actor.guild_id, character_id)
    if found is None:
        raise PawpostError("That cat was deleted.")
    if found.owner_id != actor.user_id and not actor.admin_in(guild.settings):
        raise PawpostError(f"{safe(found.name)} belongs to another player.")
    return found


def _rank(text: str) -> Rank:
    try:
        return Rank(text.strip().lower())
    except ValueError:
        raise PawpostError(f"{safe(text)} is not a tier; pick good, strong or best.") from None


@runs_in_database
def nap(services: Services, actor: Actor, hours: int, character: str | None = None) -> Reply:
    """`/sleep`: one Magic Point back per hour, up to the maximum (book l. 132)."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        found = acting_character(tx, actor, guild, character)
        slept = sleep(cat_sheet(found), hours)
        found.sheet = slept.sheet
        tx.characters.save_sheet(found)
        tx.audit.add(
            audit.entry(
                actor, "sleep", f"slept {hours} h, {slept.regained} MP back", now, character=found
            )
        )
    sheet = slept.sheet
    return Reply(
        lines=[
            f"{safe(found.name)} sleeps {hours} {'hour' if hours == 1 else 'hours'} and gets "
            f"{slept.regained} Magic {'Point' if slept.regained == 1 else 'Points'} back: "
            f"{sheet.magic_points} / {sheet.max_magic_points}."
        ]
    )


@runs_in_database
def dream(
    services: Services,
    actor: Actor,
    change: str,
    advantage: int | None = None,
    reputation: str | None = None,
    style: int | None = None,
    character: str | None = None,
) -> Reply:
    """`/dream`: change the Dreamscape with a Tail Risk of 1 to 5 evens (book l. 190-212). A
    Risk, so its surplus evens are Style and a Life may make a failure succeed."""
    chosen = dream_named(change)
    reputation = reputation if reputation and reputation.strip() else None
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        found = acting_character(tx, actor, guild, character)
        today = game_day_at(now, guild.settings).number
        sheet, granted, claimed = advantage_dice(cat_sheet(found), actor, guild, advantage)
        changed = change_dream(
            sheet,
            chosen,
            services.dice,
            today=today,
            advantage=granted,
            advantage_source=AdvantageSource.GRANTED,
            claimed=claimed,
            reputation=reputation,
            style=style or 0,
        )
        result = changed.result
        rolled(tx, found, now)
        found.sheet = changed.sheet
        tx.characters.save_sheet(found)
        entry_id = tx.audit.add(
            audit.entry(
                actor,
                "dream",
                chosen.label,
                now,
                character=found,
                rolls=[result.roll],
                outcome="success" if result.succeeded else "failure",
            )
        )
        risk_id = cat(tx).risks.add(guild.guild_id, found.id, entry_id, result, now)
        owed = still_owed(tx, guild, found)
        elsewhere = (
            []
            if result.succeeded
            else tell_the_narrator(
                guild, actor, found, f"a dream change ({chosen.label})", entry_id
            )
        )
    lines = [pool_line(result), describe_roll(result.roll)]
    buttons: list[Button] = []
    mentions: list[int] = []
    if result.succeeded:
        lines.append(
            f"**The Dream changes**: {_evens(result.evens)} against {result.needed} needed. "
            f"<@{found.owner_id}> narrates what changes."
        )
        mentions.append(found.owner_id)
    else:
        lines.append(
            f"**The Dream holds**: {_evens(result.evens)} against {result.needed} needed. "
            f"{narrator(guild, start=True)} narrates what happens."
        )
    if changed.magic_points_drained:
        lines.append(f"It takes every bit of magic: {changed.magic_points_drained} Magic Points.")
    if risk_id is not None and result.style_earned:
        lines.append(f"{plural(result.style_earned, 'surplus even')}: Style to bank.")
        buttons += style_buttons(risk_id, result.style_earned)
    if risk_id is not None and not result.succeeded:
        buttons.append(life_button(risk_id, last=False))
    return Reply(
        title=f"{safe(found.name)}: {chosen.label} (dream)",
        lines=lines + owed,
        buttons=buttons,
        mentions=mentions,
        footer=f"roll #{entry_id}",
        elsewhere=elsewhere,
    )


async def _button(services: Services, actor: Actor, press: Press) -> Reply:
    """The last Life's confirmation for Fighting Frenzy: the Trick is played as typed, confirmed."""
    extra, style = divmod(press.arg or 0, STYLE_SLOTS)
    return await trick(
        services,
        actor,
        Trick.FIGHTING_FRENZY.value,
        extra,
        style=style,
        confirm_last=True,
        character_id=press.id,
    )


TRICK_BUTTONS: dict[tuple[str, str], ButtonHandler] = {(AREA, "frenzy-last"): _button}
