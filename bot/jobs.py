"""The scheduler's jobs, in the order they run on each wake: every ruleset's, then the shared."""

from __future__ import annotations

from collections.abc import Mapping

from bot.actions.builder.verbs import forget_expired_drafts
from bot.actions.clock import game_clock
from bot.actions.contests import contest_timeouts
from bot.actions.gm.scenes import scene_timeouts
from bot.actions.hunting_jobs import weekly_hunting
from bot.ruleset import Ruleset
from bot.scheduler import Job


def jobs(rulesets: Mapping[str, Ruleset]) -> tuple[Job, ...]:
    """Contest timeouts, each ruleset's timed work (its turn reminders among it), the skip
    offered after a reminded turn's second wait, the weekly hunting job, the game clock, and
    forgetting expired drafts."""
    own = tuple(job for ruleset in rulesets.values() for job in ruleset.jobs)
    return (
        contest_timeouts,
        *own,
        scene_timeouts,
        weekly_hunting,
        game_clock,
        forget_expired_drafts,
    )
