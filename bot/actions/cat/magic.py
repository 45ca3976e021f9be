"""A cat's magic: `/trick` (its Tail's dice for one Magic Point, an Advantage die for each extra,
evens by the tier used), `/sleep` (a Magic Point an hour), `/dream` (a Tail Risk that changes the
Dreamscape)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.cat import foe_flow
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, safe
from bot.actions.game_time import game_day_at
from bot.actions.lookup import acting_character
from bot.actions.reply import Button, Reply, Style
from rules.cat.dreams import DreamChange, change_dream
from rules.cat.fights import with_frenzy
from rules.cat.foe_turns import FoePhase
from rules.cat.lives import LastLifeNeedsConfirmation
from rules.cat.magic import TRICKS, Trick, TrickResult, sleep, use_trick
from rules.cat.pools import PoolResult
from rules.cat.risks import AdvantageSource, take_granted_advantage
from rules.cat.sheet import CatSheet, Rank
from rules.errors import PawpostError
from storage.cat.settings import CatSettings
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

AREA = "cat-trick"


def trick_named(text: str) -> Trick:
    """A Trick by its id ("dream-bite") or its name ("Dream Bite", "The Dream Bite")."""
    wanted = " ".join(text.replace("-", " ").split()).casefold().removeprefix("the ")
    for trick, info in TRICKS.items():
        names = {trick.value.replace("-", " "), info.name.casefold().removeprefix("the ")}
        if wanted in names:
            return trick
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


def _pool_line(result: PoolResult) -> str:
    parts = [f"{safe(part.reason)} {part.dice}" for part in result.pool]
    if result.automatic_evens:
        parts.append(f"Style spent {result.automatic_evens} automatic")
    return "Pool: " + " + ".join(parts)


def _evens(count: int) -> str:
    return f"{count} even" if count == 1 else f"{count} evens"


def _frenzy_confirm(character_id: int, extra: int) -> Button:
    return Button(
        label="Spend the last Life on the Frenzy (the cat dies)",
        custom_id=f"pawpost:{AREA}:{character_id}:frenzy-last:{extra}",
        style=Style.danger,
    )


def _trick_lines(name: str, result: TrickResult) -> list[str]:
    info = result.trick.info
    lines = [_pool_line(result), describe_roll(result.roll)]
    paid = f"{result.magic_points_spent} Magic Point" + (
        "s" if result.magic_points_spent > 1 else ""
    )
    if result.life_spent:
        paid += " and a Life"
    tier = f" at its {result.tier.label} tier" if info.variable else ""
    if result.succeeded:
        lines.append(
            f"**It works**: {_evens(result.evens)} against {result.needed} needed{tier}. "
            f"{safe(name)} {result.effect}."
        )
        if result.minutes is not None:
            lines.append(f"The dog chases its tail: {describe_roll(result.minutes)} minutes.")
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
    """Play a Trick; Fighting Frenzy also costs a Life and, when it works, gives the cat's fight
    against a non-cat as many actions a round as its Tail's dice."""
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
            if combat is None:
                raise PawpostError(
                    "Fighting Frenzy is for a fight against a non-cat (/fight foe); "
                    f"{safe(found.name)} is not in one."
                )
            if combat.state.fight.frenzy_actions is not None:
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
                buttons=[_frenzy_confirm(found.id, extra_mp or 0)],
                ephemeral=True,
            )
        result = used.result
        found.sheet = used.sheet
        tx.characters.save_sheet(found)
        lines = _trick_lines(found.name, result)
        tx.audit.add(
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
        if combat is not None and result.frenzy_actions:
            combat = foe_flow.with_state(
                tx, combat, with_frenzy(combat.state.fight, result.frenzy_actions), now
            )
            lines.append(
                f"{safe(found.name)} takes {result.frenzy_actions} actions a round for the rest "
                f"of fight {combat.id}."
            )
            if combat.state.phase is FoePhase.MOVE:
                buttons = foe_flow.move_buttons(combat, found)
    sheet = cat_sheet(found)
    lines.append(
        f"Magic Points: {sheet.magic_points} / {sheet.max_magic_points}"
        + (f"; {sheet.lives} Lives left" if result.life_spent else "")
        + "."
    )
    if sheet.dead:
        lines.append(f"That was {safe(found.name)}'s last Life: it dies.")
    return Reply(title=f"{safe(found.name)} plays {chosen.info.name}", lines=lines, buttons=buttons)


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
    """`/dream`: change the Dreamscape with a Tail Risk of 1 to 5 evens (book l. 190-212)."""
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
        found.sheet = changed.sheet
        tx.characters.save_sheet(found)
        tx.audit.add(
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
    lines = [_pool_line(result), describe_roll(result.roll)]
    if result.succeeded:
        lines.append(
            f"**The Dream changes**: {_evens(result.evens)} against {result.needed} needed. "
            f"<@{found.owner_id}> narrates what changes."
        )
    else:
        lines.append(
            f"**The Dream holds**: {_evens(result.evens)} against {result.needed} needed. "
            "The Narrator narrates what happens."
        )
    if changed.magic_points_drained:
        lines.append(f"It takes every bit of magic: {changed.magic_points_drained} Magic Points.")
    return Reply(
        title=f"{safe(found.name)}: {chosen.label} (dream)", lines=lines, mentions=[found.owner_id]
    )


def advantage_dice(
    sheet: CatSheet, actor: Actor, guild: Guild, advantage: int | None
) -> tuple[CatSheet, int, int]:
    """A Risk's Advantage dice: those the Narrator granted the cat (used up now), an admin's
    `advantage` as granted too, a player's as claimed."""
    sheet, granted = take_granted_advantage(sheet)
    extra = advantage or 0
    if actor.admin_in(guild.settings):
        return sheet, granted + extra, 0
    return sheet, granted, extra


async def _button(services: Services, actor: Actor, press: Press) -> Reply:
    """The last Life's confirmation for Fighting Frenzy: the Trick is played, confirmed."""
    return await trick(
        services,
        actor,
        Trick.FIGHTING_FRENZY.value,
        press.arg or 0,
        confirm_last=True,
        character_id=press.id,
    )


TRICK_BUTTONS: dict[tuple[str, str], ButtonHandler] = {(AREA, "frenzy-last"): _button}
