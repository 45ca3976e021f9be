"""Germ's timed work: overdue combat turns (its contests' timeouts are the shared flow's)."""

from __future__ import annotations

from datetime import datetime

from bot.actions.context import Services
from bot.actions.germ import combat
from bot.outbox import Post
from bot.scheduler import Job, JobResult


async def combat_timeouts(services: Services, now: datetime) -> JobResult:
    """Mention whoever an overdue combat waits for, once; ask admins to pick a first attacker."""
    notices, next_due = await combat.overdue_combat_notices(services, now)
    posts = [Post(channel, reply) for channel, reply in notices]
    return JobResult(posts, next_due, in_outbox=True)


GERM_JOBS: tuple[Job, ...] = (combat_timeouts,)
