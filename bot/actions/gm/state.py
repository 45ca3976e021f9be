"""A character's whole state as an undo sees it, and the admin change recorded with it."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.actions import audit
from bot.actions.context import Actor, Services
from bot.actions.lookup import require_admin, require_built
from bot.gm import GmTools
from bot.ruleset import Ruleset
from rules.errors import PawpostError
from rules.life import Life
from rules.rulesets import RulesetNotBuilt, sheet_model
from storage.models import AuditEntry, Character
from storage.repositories import Transaction
from storage.settings import Guild


def ruleset_of(services: Services, guild: Guild) -> Ruleset:
    ruleset = services.ruleset(guild.ruleset)
    if ruleset is None:
        raise RulesetNotBuilt(guild.ruleset)
    return ruleset


def tools_of(services: Services, guild: Guild) -> GmTools:
    """The ruleset's half of the toolkit; one sentence where it has none yet."""
    ruleset = ruleset_of(services, guild)
    if ruleset.gm is None:
        raise PawpostError(f"The GM toolkit does not know {ruleset.name}'s sheets yet.")
    return ruleset.gm


def admin_tools(services: Services, actor: Actor, tx: Transaction) -> tuple[Guild, GmTools]:
    """The toolkit's prologue: the server, for an admin only, and its ruleset's tools."""
    guild = tx.guilds.get(actor.guild_id)
    require_admin(actor, guild)
    require_built(guild)
    return guild, tools_of(services, guild)


def undo_hint(entry_id: int) -> str:
    """The footer of an admin change's answer."""
    return f"admin change #{entry_id} · /admin undo entry:{entry_id} takes it back"


def snapshot(
    tx: Transaction,
    tools: GmTools,
    character: Character,
    others: Sequence[Character] = (),
    roll: AuditEntry | None = None,
) -> dict[str, Any]:
    """Everything an undo puts back: the sheet, the life, and the ruleset's own rows; of the
    other characters the change touched too (an adjudicated attack's target), and what the
    adjudicated `roll` left outside them (its fight step's hit)."""
    state: dict[str, Any] = {
        "sheet": character.sheet.model_dump(mode="json"),
        "life": character.life.value,
        "ruleset": {} if tools.snapshot is None else tools.snapshot(tx, character),
    }
    if others:
        state["others"] = {str(other.id): snapshot(tx, tools, other) for other in others}
    if roll is not None and tools.roll_state is not None:
        state["roll"] = tools.roll_state(tx, roll)
    return state


def others_of(tx: Transaction, character: Character, state: dict[str, Any]) -> list[Character]:
    """The other characters a recorded state holds, as they are now (the deleted left out)."""
    ids = [int(other) for other in state.get("others", {})]
    found = tx.characters.by_ids(character.guild_id, ids)
    return [found[other] for other in ids if other in found]


def restore(
    tx: Transaction,
    tools: GmTools,
    character: Character,
    state: dict[str, Any],
    roll: AuditEntry | None = None,
) -> None:
    """Put a character back as `snapshot` found it, the others it holds, and the roll's."""
    character.sheet = sheet_model(character.ruleset).model_validate(state["sheet"])
    character.life = Life(state["life"])
    tx.characters.save_sheet(character)
    tx.characters.set_life(character, Life(state["life"]))
    if tools.restore is not None:
        tools.restore(tx, character, state["ruleset"])
    for other in others_of(tx, character, state):
        restore(tx, tools, other, state["others"][str(other.id)])
    if roll is not None and "roll" in state and tools.restore_roll is not None:
        tools.restore_roll(tx, roll, state["roll"])


def reloaded(tx: Transaction, character: Character) -> Character:
    """The character as the transaction now holds it (after a ruleset's verb saved it)."""
    found = tx.characters.by_id(character.guild_id, character.id)
    if found is None:
        raise PawpostError(f"{character.name} is no longer in this server.")
    return found


def record(
    tx: Transaction,
    actor: Actor,
    tools: GmTools,
    character: Character,
    before: dict[str, Any],
    now: datetime,
    *,
    action: str,
    summary: str,
    reason: str | None,
    outcome: str | None = None,
    overrides_id: int | None = None,
    others: Sequence[Character] = (),
    roll: AuditEntry | None = None,
) -> int:
    """The audit row of an admin change, and the state before and after it for undo (of the
    `others` it touched too, and of the adjudicated `roll`); returns the row's number."""
    now_others = [reloaded(tx, other) for other in others]
    after = snapshot(tx, tools, reloaded(tx, character), now_others, roll)
    entry_id = tx.audit.add(
        audit.entry(
            actor,
            action,
            summary,
            now,
            character=character,
            outcome=outcome,
            reason=reason,
            overrides_id=overrides_id,
        )
    )
    tx.changes.add(entry_id, character.guild_id, character.id, before, after)
    return entry_id
