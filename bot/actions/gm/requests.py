"""A player's edit request (`/character request field value [reason]`): one field of the sheet,
checked when asked as `/admin sheet set` checks it, and set by it when an admin approves, as an
admin change `/admin undo` takes back. A request kept from before (free text) is still shown,
and an admin applies it by hand."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from bot.actions.context import Actor
from bot.actions.formatting import safe
from bot.actions.gm.sheet import STATE, all_fields, change, field_named, state_field
from bot.actions.reply import Reply
from bot.gm import GmTools
from rules.dice import DiceSource
from rules.errors import PawpostError
from rules.life import Life
from storage.approvals import Approval
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild


@dataclass(frozen=True)
class AskedEdit:
    """The field a player asks to change, the value and why."""

    field: str
    value: str
    why: str | None = None

    def stored(self) -> str:
        """As the request is kept in the approval queue."""
        return json.dumps({"field": self.field, "value": self.value, "why": self.why})

    def described(self) -> str:
        said = f"{self.field} → {self.value}"
        return f"{said} ({self.why})" if self.why else said


def asked(request: str | None) -> AskedEdit | None:
    """The edit a stored request asks for; None for a free-text request kept from before."""
    try:
        kept = json.loads(request or "")
    except ValueError:
        return None
    if not isinstance(kept, dict) or set(kept) != {"field", "value", "why"}:
        return None
    return AskedEdit(str(kept["field"]), str(kept["value"]), kept["why"] and str(kept["why"]))


def described(request: str | None) -> str:
    """A stored request as the admins read it."""
    edit = asked(request)
    return (request or "") if edit is None else edit.described()


class _Tried(Exception):
    """Ends a trial set, so that its savepoint undoes it."""


def checked(
    tx: Transaction,
    guild: Guild,
    tools: GmTools,
    character: Character,
    field: str,
    value: str,
    why: str | None,
    now: datetime,
) -> AskedEdit:
    """The edit, named as the sheet names the field, once the value is one the sheet takes
    (tried and undone); one sentence when it is not."""
    value = " ".join(value.split())
    if not value:
        raise PawpostError("Give the field a value.")
    chosen = field_named(all_fields(tx, guild, tools, character), field, character)
    if chosen.value.casefold() == value.casefold():
        raise PawpostError(f"{safe(character.name)}'s {chosen.name} is already {safe(value)}.")
    if chosen.name == STATE and chosen == state_field(character):
        try:
            Life(value.casefold())
        except ValueError:
            states = ", ".join(life.value for life in Life)
            raise PawpostError(f"State is one of {states}; you gave {safe(value)}.") from None
    else:
        try:
            with tx.savepoint():
                tools.set_field(tx, guild, character, chosen.name, value, now)
                raise _Tried
        except _Tried:
            pass
    return AskedEdit(chosen.name, value, why)


def applied(
    tx: Transaction,
    actor: Actor,
    guild: Guild,
    tools: GmTools,
    approval: Approval,
    dice: DiceSource,
    now: datetime,
) -> list[str]:
    """An approved request set on the sheet (the lines of `/admin sheet set`'s answer); for a
    free-text one, what the admin does."""
    edit = asked(approval.request)
    if edit is None:
        return ["An admin applies the change with /admin sheet set."]
    found = tx.characters.by_id(approval.guild_id, approval.character_id)
    if found is None:
        raise PawpostError("The character of that request was deleted.")
    reason = f"request #{approval.id}" + (f": {edit.why}" if edit.why else "")
    done: Reply = change(tx, actor, guild, tools, found, edit.field, edit.value, reason, dice, now)
    return [*done.lines[:-1], done.footer or ""]
