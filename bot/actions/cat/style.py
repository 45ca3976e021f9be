"""`/style spend`: banked Style spent on a scene edit outside a roll, logged with its text."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Reply
from rules.cat.style import spend_banked_style


@runs_in_database
def spend(
    services: Services, actor: Actor, amount: int, scene: str, character: str | None = None
) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        found = acting_character(tx, actor, guild, character)
        used = spend_banked_style(cat_sheet(found), amount, scene)
        found.sheet = used.sheet
        tx.characters.save_sheet(found)
        edit = used.scene_edit
        assert edit is not None
        tx.audit.add(
            audit.entry(
                actor,
                "style",
                f"spent {edit.style} banked Style on a scene edit: {edit.text}",
                now,
                character=found,
            )
        )
    return Reply(
        title=f"{safe(found.name)} edits the scene",
        lines=[safe(edit.text), f"{edit.style} Style spent; {used.sheet.style} banked now."],
    )
