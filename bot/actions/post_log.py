"""`/config post-log set|off`: where each post made as a character or an NPC is logged with the
member who made it (RULINGS general: optional, off by default)."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.hunting_config import require_postable
from bot.actions.lookup import require_admin
from bot.actions.reply import Reply
from rules.errors import PawpostError


async def set_post_log(services: Services, actor: Actor, channel_id: int) -> Reply:
    await require_postable(services, actor, channel_id)
    return await _set(services, actor, channel_id)


@runs_in_database
def _set(services: Services, actor: Actor, channel_id: int | None) -> Reply:
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        if channel_id is None and guild.settings.voices.log_channel_id is None:
            raise PawpostError("The post log is already off.")
        guild.settings.voices.log_channel_id = channel_id
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", f"post log {channel_id or 'off'}", now))
    if channel_id is None:
        return Reply(lines=["The post log is off."])
    where = f"<#{channel_id}>"
    return Reply(lines=[f"Each post made as a character or an NPC is logged in {where}, by whom."])


async def post_log_off(services: Services, actor: Actor) -> Reply:
    return await _set(services, actor, None)
