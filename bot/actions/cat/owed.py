"""Scars a cat owes and has not placed yet: shown on its sheet and in every roll's reply, and
placed where the Narrator puts them (the trait used first, then trait by trait, book l. 37) once
the server's timeout passes or when the cat fights with them."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.actions import audit
from bot.actions.cat.common import cat_sheet
from bot.actions.cat.wound_view import placed_lines
from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.game_time import game_day_at
from bot.actions.weeks import stamp
from rules.cat.scars import ScarsPlaced, default_placement, place_scars
from rules.cat.sheet import CatSheet
from rules.errors import PawpostError
from storage.cat import cat
from storage.cat.risks import FollowUp
from storage.cat.settings import CatSettings
from storage.cat.wounds import Settled, Wound, WoundSource
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

STALE = "That choice is out of date: those scars were placed a moment ago."


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def due_at(wound: Wound, guild: Guild) -> datetime:
    """When the Narrator places the wound's scars if its player has not."""
    return wound.created_at + timedelta(hours=CatSettings.of(guild.settings).scar_timeout_hours)


def where_from(tx: Transaction, wound: Wound) -> str:
    """What made the scars, as players find it: "roll #5", "contest 2", "fight 1"."""
    if wound.source is WoundSource.RISK:
        stored = cat(tx).risks.get(wound.guild_id, wound.source_id)
        return "a Risk" if stored is None else f"roll #{stored.audit_id}"
    if wound.source is WoundSource.CONTEST:
        return f"the cat fight of contest {wound.source_id}"
    if wound.source is WoundSource.NARRATOR:
        return f"the Narrator (log #{wound.source_id})"
    return f"fight {wound.source_id}"


def narrators_placement(sheet: CatSheet, wound: Wound) -> str:
    """Where the Narrator puts what is left of a wound: "in Claws", "1 in Claws, 2 in Coat"."""
    placement = default_placement(sheet, wound.trait, wound.left)
    if len(placement) == 1:
        return f"in {next(iter(placement)).label}"
    return ", ".join(f"{count} in {trait.label}" for trait, count in placement.items())


def owed_lines(tx: Transaction, guild: Guild, character: Character) -> list[str]:
    """One line per wound still open: how many, from what, and when the Narrator places them."""
    sheet = cat_sheet(character)
    return [
        f"{safe(character.name)} still owes {_plural(wound.left, 'scar')} from "
        f"{where_from(tx, wound)}: /scars places them, or the Narrator puts them "
        f"{narrators_placement(sheet, wound)} {stamp(due_at(wound, guild), 'R')}."
        for wound in cat(tx).wounds.open_of(character.guild_id, character.id)
    ]


def _settled(wound: Wound, count: int, sheet: CatSheet) -> Settled | None:
    if sheet.dead:
        return Settled.DEAD if count < wound.left else Settled.PLACED
    return Settled.PLACED if count >= wound.left else None


def record_placement(
    tx: Transaction,
    actor: Actor,
    wound: Wound,
    found: Character,
    placed: ScarsPlaced,
    count: int,
    now: datetime,
    *,
    reason: str | None = None,
    by_default: bool = False,
) -> tuple[Wound, list[str]]:
    """Save the sheet, count `count` more of the wound's scars as placed (settling it when
    none is left or the cat died), log it; returns the wound as it is now and what happened."""
    found.sheet = placed.sheet
    tx.characters.save_sheet(found)
    settled = _settled(wound, count, placed.sheet)
    if not cat(tx).wounds.place(wound, count, now, settled=settled, where=placed.placement):
        raise PawpostError(STALE)
    where = dict(wound.placement)
    for trait, scars in placed.placement.items():
        where[trait] = where.get(trait, 0) + scars
    wound = wound.model_copy(
        update={
            "placed": wound.placed + count,
            "settled_at": now if settled else None,
            "settled_how": settled,
            "placement": where,
        }
    )
    lines = placed_lines(found.name, placed, reason)
    how = " (the Narrator's default)" if by_default else ""
    tx.audit.add(
        audit.entry(
            actor,
            "scars",
            f"scars from {wound.source.value} {wound.source_id}{how}: "
            + " ".join(lines).replace("**", "").replace("\\", ""),
            now,
            character=found,
            reason=reason,
        )
    )
    if wound.source is WoundSource.RISK:
        cat(tx).risks.mark(wound.source_id, FollowUp.SCARS, now)
    return wound, lines


def place_by_default(
    tx: Transaction, actor: Actor, guild: Guild, wound: Wound, found: Character, now: datetime
) -> tuple[Wound, list[str]]:
    """Place what is left of the wound where the Narrator puts it: "usually in the Trait you
    tried to use" (book l. 37), the rest in the other traits in order."""
    sheet = cat_sheet(found)
    if sheet.dead:
        cat(tx).wounds.place(wound, 0, now, settled=Settled.DEAD)
        return wound.model_copy(update={"settled_at": now, "settled_how": Settled.DEAD}), []
    placement = default_placement(sheet, wound.trait, wound.left)
    today = game_day_at(now, guild.settings).number
    placed = place_scars(sheet, wound.left, placement, today=today)
    return record_placement(tx, actor, wound, found, placed, wound.left, now, by_default=True)


def fight_with_owed(
    tx: Transaction, actor: Actor, guild: Guild, found: Character, now: datetime
) -> list[str]:
    """A cat owing scars fights with them: before its fight roll, the scars it owes from Risks
    and cat fights are placed where the Narrator puts them. (Scars of a fight against a non-cat
    belong to that fight, which waits for them.)"""
    lines: list[str] = []
    for wound in cat(tx).wounds.open_of(found.guild_id, found.id):
        if wound.source is WoundSource.FOE:
            continue
        source, left = where_from(tx, wound), wound.left
        wound, placed = place_by_default(tx, actor, guild, wound, found, now)
        if placed:
            lines.append(
                f"{safe(found.name)} fights with the {_plural(left, 'scar')} it owed from "
                f"{source}, placed where the Narrator puts them:"
            )
            lines += placed
    return lines
