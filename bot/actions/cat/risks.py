"""`/risk`: a Taking Risks cat Tests Fate (a cursed cat's Hard Tail Risk is a try to break the
Bauble Curse), and the Risk's buttons: bank its surplus evens as Style, spend a Life to succeed
(confirming the last); a dangerous failure's scars are placed by `wounds`.

A Risk with something left to click is stored (`storage/cat/risks.py`); each button names the
stored Risk and acts once, so buttons keep working after a restart and a second click refuses.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.cat.roll_view import (
    AREA,
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
from bot.actions.cat.wound_view import open_wound, wound_buttons, wound_select
from bot.actions.cat.wounds import cancel_for_risk
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import describe_roll, for_reason, safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Button, Modal, ModalField, Reply
from bot.actions.roll import clean_reason
from rules.cat.bauble import BreakFreeAttempt, break_free
from rules.cat.constants import BAUBLE_CURSE_RISKS
from rules.cat.lives import LastLifeNeedsConfirmation
from rules.cat.risks import Difficulty, RiskResult, RiskTaken, spend_life_on_risk, take_risk
from rules.cat.sheet import Trait, trait_named
from rules.cat.style import use_style
from rules.errors import PawpostError
from storage.cat import cat
from storage.cat.risks import FollowUp, StoredRisk
from storage.cat.settings import CatSettings
from storage.cat.wounds import WoundSource
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press


def parse_difficulty(text: str) -> Difficulty:
    try:
        return Difficulty(text.strip().lower())
    except ValueError:
        names = ", ".join(d.value for d in Difficulty)
        raise PawpostError(f"{safe(text)} is not a difficulty; pick one of {names}.") from None


def parse_yes(text: str | None, what: str) -> bool:
    if text is None:
        return False
    cleaned = text.strip().lower()
    if cleaned not in ("yes", "no"):
        raise PawpostError(f"{what} is yes or no; you gave {safe(text)}.")
    return cleaned == "yes"


@runs_in_database(quick=True)
def risk(
    services: Services,
    actor: Actor,
    trait: str,
    difficulty: str,
    advantage: int | None = None,
    reputation: str | None = None,
    style: int | None = None,
    dangerous: str | None = None,
    character: str | None = None,
    reason: str | None = None,
) -> Reply:
    chosen = trait_named(trait)
    level = parse_difficulty(difficulty)
    is_dangerous = parse_yes(dangerous, "Dangerous")
    reason = clean_reason(reason)
    reputation = reputation if reputation and reputation.strip() else None
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        found = acting_character(tx, actor, guild, character)
        sheet, granted, claimed = advantage_dice(cat_sheet(found), actor, guild, advantage)
        freed = None
        if sheet.cursed and chosen is Trait.TAIL and level is Difficulty.HARD:
            attempt = break_free(
                sheet,
                services.dice,
                advantage=granted,
                claimed=claimed,
                reputation=reputation,
                style=style or 0,
                free_at_first_success=CatSettings.of(guild.settings).bauble_free_at_first_success,
            )
            taken = RiskTaken(sheet=attempt.sheet, result=attempt.result)
            freed = attempt
        else:
            taken = take_risk(
                sheet,
                chosen,
                level,
                services.dice,
                advantage=granted,
                claimed=claimed,
                reputation=reputation,
                style=style or 0,
                dangerous=is_dangerous,
            )
        result = taken.result
        rolled(tx, found, now)
        found.sheet = taken.sheet
        tx.characters.save_sheet(found)
        outcome = "success" if result.succeeded else "failure"
        summary = f"{level.label} {chosen.label} Risk" + (" (dangerous)" if is_dangerous else "")
        if freed is not None:
            summary = result.roll.label
        entry_id = tx.audit.add(
            audit.entry(
                actor,
                "risk",
                summary,
                now,
                character=found,
                rolls=[result.roll],
                outcome=outcome,
                reason=reason,
            )
        )
        # Every Risk is kept: its buttons act on it, and an admin may adjudicate it.
        risk_id: int | None = cat(tx).risks.add(guild.guild_id, found.id, entry_id, result, now)
        owed = still_owed(tx, guild, found)  # before this Risk's own, which its buttons place
        wound = None
        if risk_id is not None and result.scars:
            wound = open_wound(
                tx,
                found,
                WoundSource.RISK,
                risk_id,
                chosen,
                result.scars,
                now,
                life_allowed=False,
                channel_id=actor.channel_id,
            )
        elsewhere = (
            []
            if result.succeeded
            else tell_the_narrator(guild, actor, found, f"a {summary}", entry_id)
        )
    title = f"{safe(found.name)}: {summary}" + for_reason(reason)
    lines = [pool_line(result), describe_roll(result.roll)]
    buttons: list[Button] = []
    mentions: list[int] = []
    evens = plural(result.evens, "even")
    if result.succeeded:
        lines.append(
            f"**Success**: {evens} against {result.needed} needed. "
            f"<@{found.owner_id}> narrates what happens."
        )
        mentions.append(found.owner_id)
    else:
        lines.append(
            f"**Failure**: {evens} against {result.needed} needed. "
            f"Fate intervenes: {narrator(guild)} narrates what happens."
        )
    if result.style_earned and risk_id is not None:
        lines.append(f"{plural(result.style_earned, 'surplus even')}: Style to bank.")
        buttons += style_buttons(risk_id, result.style_earned)
    select = None
    if freed is not None:
        lines.append(_bauble_line(freed))
    if not result.succeeded and risk_id is not None:
        free_at_first = CatSettings.of(guild.settings).bauble_free_at_first_success
        if freed is None or (free_at_first and not freed.freed):
            buttons.append(life_button(risk_id, last=False))
        if is_dangerous and freed is None:
            if wound is not None:
                lines.append(
                    f"Dangerous: {plural(result.scars, 'scar')} (the lowest odd die) to place."
                )
                buttons += wound_buttons(wound, taken.sheet)
                select = wound_select(wound, taken.sheet)
            else:
                lines.append("Dangerous, but no die came up odd: no scars.")
    return Reply(
        title=title,
        lines=lines + owed,
        buttons=buttons,
        select=select,
        mentions=mentions,
        footer=f"roll #{entry_id}",
        elsewhere=elsewhere,
    )


def _bauble_line(attempt: BreakFreeAttempt) -> str:
    if attempt.freed:
        return "The Bauble Curse breaks: the cat is free."
    left = BAUBLE_CURSE_RISKS - attempt.attempt
    return (
        f"The Bauble Curse holds ({attempt.attempt} of {BAUBLE_CURSE_RISKS} Hard Tail Risks made, "
        f"{left} to go)."
    )


def _stored(
    tx: Transaction, actor: Actor, guild: Guild, risk_id: int
) -> tuple[StoredRisk, Character]:
    """The Risk a button names, and its cat, if the clicker is its player or an admin."""
    stored = cat(tx).risks.get(actor.guild_id, risk_id)
    if stored is None:
        raise PawpostError("That Risk does not exist in this server.")
    found = tx.characters.by_id(actor.guild_id, stored.character_id)
    if found is None:
        raise PawpostError("The cat that took that Risk was deleted.")
    if found.owner_id != actor.user_id and not actor.admin_in(guild.settings):
        raise PawpostError(f"Only {safe(found.name)}'s player or an admin can answer this Risk.")
    return stored, found


def _mark(
    tx: Transaction,
    stored: StoredRisk,
    follow_up: FollowUp,
    now: datetime,
    result: RiskResult | None = None,
) -> None:
    if not cat(tx).risks.mark(stored.id, follow_up, now, result):
        raise PawpostError("That was done a moment ago.")


@runs_in_database
def bank_style(services: Services, actor: Actor, risk_id: int) -> Reply:
    """Bank every surplus even of a Risk as Style."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        stored, found = _stored(tx, actor, guild, risk_id)
        if stored.done(FollowUp.STYLE):
            raise PawpostError("That Risk's Style was banked or spent already.")
        earned = stored.result.style_earned
        used = use_style(cat_sheet(found), stored.result, bank=earned)
        found.sheet = used.sheet
        tx.characters.save_sheet(found)
        _mark(tx, stored, FollowUp.STYLE, now)
        tx.audit.add(
            audit.entry(
                actor,
                "style",
                f"banked {earned} Style from roll #{stored.audit_id}",
                now,
                character=found,
            )
        )
    return Reply(
        lines=[
            f"{safe(found.name)} banks {earned} Style from roll #{stored.audit_id}: "
            f"{used.sheet.style} banked now."
        ]
    )


def _style_to_share(tx: Transaction, actor: Actor, risk_id: int) -> tuple[StoredRisk, Character]:
    guild = tx.guilds.get(actor.guild_id)
    require_cat(guild)
    stored, found = _stored(tx, actor, guild, risk_id)
    if stored.done(FollowUp.STYLE):
        raise PawpostError("That Risk's Style was banked or spent already.")
    if not stored.result.style_earned:
        raise PawpostError("That Risk made no Style.")
    return stored, found


@runs_in_database(read_only=True)
def scene_form(services: Services, actor: Actor, risk_id: int) -> Reply:
    """The form for a scene edit paid with a Risk's surplus evens."""
    with services.db.transaction(write=False) as tx:
        stored, _ = _style_to_share(tx, actor, risk_id)
    earned = stored.result.style_earned
    return Reply(
        modal=Modal(
            custom_id=f"pawpost:{AREA}:{risk_id}:scene-edit",
            title=f"Edit the scene ({earned} Style)",
            fields=[
                ModalField(key="scene", label="What the edit adds to the scene", max_length=200),
                ModalField(
                    key="bank",
                    label=f"How many of the {earned} to bank instead",
                    value="0",
                    required=False,
                    max_length=4,
                ),
            ],
        )
    )


@runs_in_database
def edit_scene(services: Services, actor: Actor, risk_id: int, scene: str, bank: str) -> Reply:
    """Spend a Risk's surplus evens on a scene edit (some may be banked), logged with its text."""
    cleaned = bank.strip() or "0"
    if not cleaned.isdigit():
        raise PawpostError(f"How many to bank is a number; you gave {safe(bank)}.")
    now = services.clock()
    with services.db.transaction() as tx:
        stored, found = _style_to_share(tx, actor, risk_id)
        used = use_style(cat_sheet(found), stored.result, bank=int(cleaned), scene=scene)
        found.sheet = used.sheet
        tx.characters.save_sheet(found)
        _mark(tx, stored, FollowUp.STYLE, now)
        edit = used.scene_edit
        summary = f"Style from roll #{stored.audit_id}: banked {used.banked}"
        if edit is not None:
            summary += f", {edit.style} on a scene edit: {edit.text}"
        tx.audit.add(audit.entry(actor, "style", summary, now, character=found))
    lines = [safe(edit.text)] if edit is not None else []
    spent = 0 if edit is None else edit.style
    lines.append(
        f"{safe(found.name)} spends {spent} Style on the scene and banks {used.banked}: "
        f"{used.sheet.style} banked now."
    )
    return Reply(title=f"{safe(found.name)} edits the scene", lines=lines)


@runs_in_database
def spend_life(services: Services, actor: Actor, risk_id: int, *, confirm_last: bool) -> Reply:
    """Spend a Life to turn a failed Risk into a success; the last Life asks first."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        stored, found = _stored(tx, actor, guild, risk_id)
        if stored.done(FollowUp.LIFE):
            raise PawpostError("A Life was spent on that Risk already.")
        if stored.done(FollowUp.SCARS):
            raise PawpostError("That Risk's scars are placed: it stands as failed.")
        if stored.risk is None:
            raise PawpostError("A Trick is not a Risk, so no Life can be spent on it.")
        if stored.moved_on_at is not None:
            raise PawpostError(
                f"{safe(found.name)} has rolled again since roll #{stored.audit_id}: the story "
                "has moved on, so no Life can be spent on it now."
            )
        try:
            spent = spend_life_on_risk(
                cat_sheet(found),
                stored.risk,
                confirm_last=confirm_last,
                free_at_first_success=CatSettings.of(guild.settings).bauble_free_at_first_success,
            )
        except LastLifeNeedsConfirmation as asked:
            return Reply(
                lines=[asked.message],
                buttons=[life_button(stored.id, last=True)],
                ephemeral=True,
            )
        cancel_for_risk(tx, actor.guild_id, stored.id, now)
        found.sheet = spent.sheet
        tx.characters.save_sheet(found)
        _mark(tx, stored, FollowUp.LIFE, now, result=spent.result)
        cat(tx).risks.mark(stored.id, FollowUp.SCARS, now)  # a success takes no scars
        tx.audit.add(
            audit.entry(
                actor,
                "life",
                f"spent a Life on roll #{stored.audit_id}",
                now,
                character=found,
                outcome="success",
            )
        )
        ended = leave_scenes(tx, found, now)
    sheet = cat_sheet(found)
    left = f"{sheet.lives} {'Life' if sheet.lives == 1 else 'Lives'} left"
    result = spent.result
    lines = [
        pool_line(result),
        describe_roll(result.roll),
        f"{safe(found.name)} spends a Life: the Risk of roll #{stored.audit_id} succeeds, and "
        f"<@{found.owner_id}> narrates. {left}.",
    ]
    if sheet.dead:
        lines.append(f"That was {safe(found.name)}'s last Life: once it has done this, it dies.")
    # The message's other buttons (its scars, its Style) are done with: it is redrawn without.
    return Reply(
        title=f"{safe(found.name)}: {safe(result.roll.label)}",
        lines=lines + ended,
        mentions=[found.owner_id],
        footer=f"roll #{stored.audit_id}",
        update=True,
    )


async def _button(services: Services, actor: Actor, press: Press) -> Reply:
    if press.verb == "bank":
        return await bank_style(services, actor, press.id)
    if press.verb == "scene":
        return await scene_form(services, actor, press.id)
    if press.verb == "scene-edit":
        fields = press.fields
        return await edit_scene(
            services, actor, press.id, fields.get("scene", ""), fields.get("bank", "0")
        )
    return await spend_life(services, actor, press.id, confirm_last=press.verb == "life-last")


RISK_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, "bank"): _button,
    (AREA, "life"): _button,
    (AREA, "life-last"): _button,
    (AREA, "scene"): _button,
    (AREA, "scene-edit"): _button,
}
