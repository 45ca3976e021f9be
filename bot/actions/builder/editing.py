"""A turned-down sheet reopened in the builder (issue 30): the draft names the character it
changes, and Create puts the new sheet in place of the old one and sends it to the admins again.

A draft's choices carry the character's id under `EDITS` (as they carry the shown pick under
`view.SHOWN`): the rulesets' functions ignore keys they do not know, and no column is needed.
"""

from __future__ import annotations

from pydantic import BaseModel

from bot.actions.characters import name_taken
from storage.approvals import Approval, ApprovalStatus
from storage.models import Character
from storage.repositories import NameTaken, Transaction

from .spec import Choices

EDITS = "_edits"  # the id of the character whose turned-down sheet the draft changes
NO_LONGER = (
    "The sheet this builder changes is no longer turned down (approved, sent again or deleted "
    "meanwhile), so nothing was changed; start again with /character new."
)


def edited_id(choices: Choices) -> int | None:
    """The character a draft changes; None for a draft of a new character."""
    value = choices.get(EDITS)
    return None if value is None else int(value)


def turned_down(tx: Transaction, guild_id: int, character_id: int) -> Approval | None:
    """The admins' refusal of a live character's sheet, if that is still the last word on it."""
    if tx.characters.by_id(guild_id, character_id) is None:
        return None
    latest = tx.approvals.latest_sheet(character_id)
    if latest is None or latest.status is not ApprovalStatus.REJECTED:
        return None
    return latest


def latest_turned_down(
    tx: Transaction, guild_id: int, owner_id: int, ruleset: str
) -> Character | None:
    """The player's character of the ruleset whose sheet was turned down last, if any."""
    found: list[tuple[Approval, Character]] = []
    for character in tx.characters.owned_by(guild_id, owner_id):
        refusal = None if character.ruleset != ruleset else turned_down(tx, guild_id, character.id)
        if refusal is not None:
            found.append((refusal, character))
    if not found:
        return None
    return max(found, key=lambda pair: pair[0].id)[1]


def name_clash(tx: Transaction, guild_id: int, name: str, choices: Choices) -> str | None:
    """Why the name cannot be given: another live character (or an NPC) has it or one that
    looks just like it (the one a draft changes may keep its own)."""
    taken = tx.characters.clash(guild_id, name, character_id=edited_id(choices))
    return None if taken is None else name_taken(taken).message


def store(
    tx: Transaction, character: Character, name: str, sheet: BaseModel, mother_id: int | None
) -> None:
    """Put a checked sheet (and name, and mother) in place of the character's own: its id,
    profile and history stay."""
    if name != character.name:
        try:
            tx.characters.rename(character, name)
        except NameTaken as taken:
            raise name_taken(taken) from None
        character.name = name
    character.sheet = sheet
    character.mother_id = mother_id
    tx.characters.save_sheet(character)
