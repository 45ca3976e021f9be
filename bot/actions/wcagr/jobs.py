"""WCAGR's timed work: overdue fights (its contests' timeouts are the shared flow's)."""

from __future__ import annotations

from datetime import datetime

from bot.actions.context import Services
from bot.actions.wcagr.fight_timeouts import overdue_fights
from bot.scheduler import Job, JobResult, Post


async def fight_timeouts(services: Services, now: datetime) -> JobResult:
    """Roll the wrestles that waited too long; mention whoever another overdue fight waits for."""
    notices, next_due = await overdue_fights(services, now)
    return JobResult([Post(channel, reply) for channel, reply in notices], next_due, in_outbox=True)


WCAGR_JOBS: tuple[Job, ...] = (fight_timeouts,)
