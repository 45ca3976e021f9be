"""The scheduler's jobs, in the order they run on each wake."""

from __future__ import annotations

from datetime import datetime

from bot.actions import checks
from bot.actions.context import Services
from bot.actions.hunting_jobs import weekly_hunting
from bot.combat_jobs import combat_timeouts
from bot.scheduler import Job, JobResult, Post


async def contest_timeouts(services: Services, now: datetime) -> JobResult:
    """Announce contests whose defender has not rolled in time, once each."""
    notices, next_due = await checks.overdue_contest_notices(services, now)
    return JobResult([Post(channel, reply) for channel, reply in notices], next_due)


JOBS: tuple[Job, ...] = (contest_timeouts, combat_timeouts, weekly_hunting)
