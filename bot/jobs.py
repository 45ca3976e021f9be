"""The scheduler's jobs, in the order they run on each wake: every ruleset's, then the shared."""

from __future__ import annotations

from collections.abc import Mapping

from bot.actions.hunting_jobs import weekly_hunting
from bot.ruleset import Ruleset
from bot.scheduler import Job


def jobs(rulesets: Mapping[str, Ruleset]) -> tuple[Job, ...]:
    """Each ruleset's timed work, then the shared weekly hunting job."""
    own = tuple(job for ruleset in rulesets.values() for job in ruleset.jobs)
    return (*own, weekly_hunting)
