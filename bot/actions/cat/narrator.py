"""The Narrator's (the admins') verbs on a cat: Advantage dice granted for its next Risk, a
drenching (no magic until the game day ends), and the Bauble Curse started and ended."""

from __future__ import annotations

from collections.abc import Callable

from bot.actions import audit
from bot.actions.admin import required_reason
from bot.actions.cat.common import cat_sheet, require_cat
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.game_time import game_day_at
from bot.actions.lookup import named, require_admin
from bot.actions.reply import Reply
from rules.cat.bauble import end_bauble_curse, start_bauble_curse
from rules.cat.constants import BAUBLE_CURSE_RISKS
from rules.cat.magic import get_wet
from rules.cat.risks import grant_advantage
from rules.cat.sheet import CatSheet
from storage.cat.settings import CatSettings


def _rule(
    services: Services,
    actor: Actor,
    character: str,
    reason: str | None,
    action: str,
    change: Callable[[CatSheet, int], CatSheet],
) -> tuple[str, CatSheet, CatSettings]:
    """Apply an admin's ruling to a cat's sheet in one transaction, logged with its reason."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_cat(guild)
        found = named(tx, actor.guild_id, character)
        sheet = change(cat_sheet(found), game_day_at(now, guild.settings).number)
        found.sheet = sheet
        tx.characters.save_sheet(found)
        tx.audit.add(audit.entry(actor, action, action, now, character=found, reason=reason))
    return found.name, sheet, CatSettings.of(guild.settings)


@runs_in_database
def advantage(
    services: Services, actor: Actor, character: str, dice: int, reason: str | None = None
) -> Reply:
    """`/admin advantage`: Advantage dice for the cat's next Risk, shown there as granted (a
    player's own `advantage` is shown as claimed)."""
    name, sheet, _ = _rule(
        services,
        actor,
        character,
        reason,
        f"granted {dice} Advantage",
        lambda sheet, _: grant_advantage(sheet, dice),
    )
    return Reply(
        lines=[
            f"{safe(name)} has {sheet.advantage_granted} granted Advantage "
            f"{'die' if sheet.advantage_granted == 1 else 'dice'} for its next Risk."
        ]
    )


@runs_in_database
def wet(services: Services, actor: Actor, character: str, reason: str) -> Reply:
    """`/admin wet`: drenched, the cat has no magic until the game day ends (book l. 142)."""
    reason = required_reason(reason)
    name, _, _ = _rule(
        services,
        actor,
        character,
        reason,
        "drenched",
        lambda sheet, today: get_wet(sheet, today=today),
    )
    return Reply(
        lines=[
            f"{safe(name)} is drenched, the drowned rat kind of wet: no magic until the game day "
            "ends, even once dry."
        ],
        footer=f"reason: {reason}",
    )


@runs_in_database
def bauble_start(services: Services, actor: Actor, character: str, reason: str) -> Reply:
    """`/admin bauble start`: a bauble in sight and active holds the cat (book l. 136-138)."""
    reason = required_reason(reason)
    name, _, settings = _rule(
        services,
        actor,
        character,
        reason,
        "under the Bauble Curse",
        lambda sheet, _: start_bauble_curse(sheet),
    )
    early = " (or at the first success)" if settings.bauble_free_at_first_success else ""
    return Reply(
        lines=[
            f"{safe(name)} is under the Bauble Curse: helpless, it takes no Risk but "
            f"{BAUBLE_CURSE_RISKS} Hard Tail Risks to break free (/risk trait:tail "
            f"difficulty:hard), and is free after the third{early}."
        ],
        footer=f"reason: {reason}",
    )


@runs_in_database
def bauble_end(services: Services, actor: Actor, character: str, reason: str) -> Reply:
    """`/admin bauble end`: the bauble is out of sight or still; the cat is free."""
    reason = required_reason(reason)
    name, _, _ = _rule(
        services,
        actor,
        character,
        reason,
        "freed from the Bauble Curse",
        lambda sheet, _: end_bauble_curse(sheet),
    )
    return Reply(lines=[f"{safe(name)} is free of the Bauble Curse."], footer=f"reason: {reason}")
