"""Germ's timed work: contests whose defender has not rolled in time, and overdue combat turns."""

from __future__ import annotations

from datetime import datetime

from bot.actions.context import Services
from bot.actions.germ import checks, combat
from bot.scheduler import Job, JobResult, Post


async def contest_timeouts(services: Services, now: datetime) -> JobResult:
    """Announce contests whose defender has not rolled in time, once each."""
    notices, next_due = await checks.overdue_contest_notices(services, now)
    return JobResult([Post(channel, reply) for channel, reply in notices], next_due)


async def combat_timeouts(services: Services, now: datetime) -> JobResult:
    """Mention whoever an overdue combat waits for, once; ask admins to pick a first attacker."""
    notices, next_due = await combat.overdue_combat_notices(services, now)
    return JobResult([Post(channel, reply) for channel, reply in notices], next_due)


GERM_JOBS: tuple[Job, ...] = (contest_timeouts, combat_timeouts)
