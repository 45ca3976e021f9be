"""`/style spend`: banked Style spent on a scene edit outside a roll, logged with its text;
`/style ready`: banked Style set aside for the next fight roll."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Reply
from rules.cat.pools import check_style
from rules.cat.sheet import require_alive
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


@runs_in_database
def ready(services: Services, actor: Actor, amount: int, character: str | None = None) -> Reply:
    """`/style ready`: banked Style set aside for the cat's next fight roll, as automatic evens
    (book l. 115: Style "on any roll"); 0 takes it back. It stays banked until that roll."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_cat(guild)
        found = acting_character(tx, actor, guild, character)
        sheet = cat_sheet(found)
        require_alive(sheet)
        check_style(sheet, amount)
        found.sheet = sheet.model_copy(update={"style_ready": amount})
        tx.characters.save_sheet(found)
        tx.audit.add(
            audit.entry(
                actor, "style", f"readied {amount} Style for a fight roll", now, character=found
            )
        )
    if not amount:
        return Reply(lines=[f"{safe(found.name)} keeps its Style for later: none readied."])
    return Reply(
        lines=[
            f"{safe(found.name)} readies {amount} Style for its next fight roll: {amount} "
            f"automatic {'even' if amount == 1 else 'evens'} there ({sheet.style} banked)."
        ]
    )
