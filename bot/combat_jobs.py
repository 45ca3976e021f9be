"""The combat's timed work: a reminder once a turn (or any other wait) passes the timeout."""

from __future__ import annotations

from datetime import datetime

from bot.actions import combat
from bot.actions.context import Services
from bot.scheduler import JobResult, Post


async def combat_timeouts(services: Services, now: datetime) -> JobResult:
    """Mention whoever an overdue combat waits for, once; ask admins to pick a first attacker."""
    notices, next_due = await combat.overdue_combat_notices(services, now)
    return JobResult([Post(channel, reply) for channel, reply in notices], next_due)
