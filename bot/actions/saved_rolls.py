"""`/macro set|roll|list|delete`: a character's saved rolls, with its sheet's values by name where
the server's ruleset offers them (`1d20+{stealth}` in Germ), rolled and logged like `/roll`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import for_reason, safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Reply
from bot.actions.roll import (
    SECRET_ROLL,
    clean_reason,
    is_yes,
    read_notation,
    roll_notation,
    secret_reply,
)
from bot.actions.roll import words_of as ruleset_words
from bot.actions.sheet_values import filled, sheet_values
from rules.errors import PawpostError
from storage.models import Character
from storage.names import name_key
from storage.settings import Guild
from storage.voices import SavedRoll, voices

if TYPE_CHECKING:
    from rules.notation import Notation

MAX_SAVED_ROLLS = 25  # a character's: one autocomplete's worth
MAX_ROLL_NAME = 32


def _read(services: Services, guild: Guild, character: Character, expression: str) -> Notation:
    return read_notation(
        filled(expression, sheet_values(services, guild, character)), ruleset_words(services, guild)
    )


def _clean_roll_name(name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned or not name_key(cleaned):
        raise PawpostError("A saved roll needs a name.")
    if len(cleaned) > MAX_ROLL_NAME:
        raise PawpostError(f"A saved roll's name can be at most {MAX_ROLL_NAME} characters.")
    return cleaned


@runs_in_database
def set_roll(
    services: Services, actor: Actor, name: str, expression: str, character: str | None = None
) -> Reply:
    cleaned = _clean_roll_name(name)
    expression = " ".join(expression.split())
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character)
        now_reads = _read(services, guild, found, expression)  # refuses what cannot be rolled
        saved = voices(tx).saved_rolls
        if saved.named(found.id, cleaned) is None and saved.count(found.id) >= MAX_SAVED_ROLLS:
            raise PawpostError(
                f"A character can keep at most {MAX_SAVED_ROLLS} saved rolls; delete one first."
            )
        saved.save(SavedRoll(character_id=found.id, name=cleaned, expression=expression), now)
        tx.audit.add(
            audit.entry(actor, "saved roll", f"saved {cleaned}: {expression}", now, character=found)
        )
    line = f"{safe(found.name)} keeps **{safe(cleaned)}**: `{expression}`"
    if now_reads.text != expression:
        line += f" (now {safe(now_reads.text)})"
    return Reply(lines=[line + "."], ephemeral=True)


@runs_in_database
def roll_saved(
    services: Services,
    actor: Actor,
    name: str,
    character: str | None = None,
    reason: str | None = None,
    secret: str | None = None,
) -> Reply:
    reason = clean_reason(reason)
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character)
        saved = voices(tx).saved_rolls.named(found.id, name)
        if saved is None:
            raise PawpostError(
                f"{safe(found.name)} has no saved roll named {safe(name.strip())}; "
                "/macro list shows them."
            )
        notation = _read(services, guild, found, saved.expression)
        result, record = roll_notation(services, notation)
        tx.audit.add(
            audit.entry(
                actor,
                SECRET_ROLL if is_yes(secret) else "roll",
                f"{saved.name} ({notation.text}): {result.total}",
                now,
                character=found,
                rolls=[record],
                reason=reason,
            )
        )
    title = f"{safe(found.name)}: {safe(saved.name)}{for_reason(reason)}"
    lines = [record.shown or ""]
    if is_yes(secret):
        return secret_reply(actor, guild, title, lines)
    return Reply(title=title, lines=lines)


@runs_in_database(read_only=True)
def list_rolls(services: Services, actor: Actor, character: str | None = None) -> Reply:
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character)
        saved = voices(tx).saved_rolls.of(found.id)
        values = sheet_values(services, guild, found)
    if not saved:
        lines = [f"{safe(found.name)} has no saved rolls; /macro set saves one."]
    else:
        lines = [f"**{safe(s.name)}**: `{s.expression}`" for s in saved]
    if values:
        lines.append("Values by name: " + ", ".join(f"{{{key}}}" for key in values) + ".")
    return Reply(title=f"{safe(found.name)}'s saved rolls", lines=lines, ephemeral=True)


@runs_in_database
def delete_roll(services: Services, actor: Actor, name: str, character: str | None = None) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        found = acting_character(tx, actor, guild, character)
        if not voices(tx).saved_rolls.delete(found.id, name):
            raise PawpostError(f"{safe(found.name)} has no saved roll named {safe(name.strip())}.")
        tx.audit.add(
            audit.entry(actor, "saved roll", f"deleted {name.strip()}", now, character=found)
        )
    return Reply(
        lines=[f"{safe(found.name)} no longer keeps {safe(name.strip())}."], ephemeral=True
    )


def saved_roll_choices(
    services: Services, actor: Actor, character: str | None, typed: str, limit: int
) -> list[str]:
    """Autocomplete: the acting character's saved rolls starting with what was typed (none when
    no character can be found). Runs in the database thread."""
    with services.db.transaction(write=False) as tx:
        guild = tx.guilds.get(actor.guild_id)
        try:
            found = acting_character(tx, actor, guild, character)
        except PawpostError:
            return []
        return voices(tx).saved_rolls.name_choices(found.id, typed, limit)
