"""Caverns battles whose turn waited past the server's turn timeout: one reminder each wait,
mentioning whoever it waits for, with a button that lets an admin skip that turn."""

from __future__ import annotations

from datetime import datetime

from bot.actions.caverns.battle.choices import waiting_line
from bot.actions.caverns.battle.rows import skip_button
from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import CAVERNS
from bot.actions.context import Services, runs_in_database
from bot.actions.reply import Reply
from bot.scheduler import Job, JobResult, Post, each_alone
from rules.caverns.battle.rows import BattleState, Phase, whose_turn
from storage.caverns import caverns
from storage.turns import Combat

REMINDERS_PER_WAKE = 50


@runs_in_database
def overdue_battles(
    services: Services, now: datetime, limit: int = REMINDERS_PER_WAKE
) -> tuple[list[tuple[int, Reply]], datetime | None]:
    """Each overdue battle's reminder (claimed, so two processes post it once), and when the
    next wait falls due."""
    with services.db.transaction() as tx:
        battles = caverns(tx).battles
        due = battles.due(now, limit, CAVERNS)

        def remind(combat: Combat[BattleState]) -> tuple[int, Reply]:
            guild = tx.guilds.get(combat.guild_id)
            state = combat.state
            ping: list[int] = []
            if state.phase is Phase.PLAYER and state.current is not None:
                character_id = state.combatant(state.current).character_id
                found = (
                    None
                    if character_id is None
                    else tx.characters.by_id(guild.guild_id, character_id)
                )
                ping = [] if found is None else [found.owner_id]
            hours = guild.settings.turn_timeout_hours
            waiting = waiting_line(Scene(tx, guild, combat, state.version))
            return (
                combat.channel_id,
                Reply(
                    title="The battle waits",
                    lines=[
                        f"This battle has waited {hours} h. {whose_turn(state)}",
                        *waiting,
                        "An admin may skip the turn.",
                    ],
                    buttons=[skip_button(combat)],
                    mentions=ping,
                ),
            )

        # A battle that fails is marked reminded below with the rest: not met again until it moves.
        notices = each_alone(
            tx,
            "battle_timeouts",
            due,
            remind,
            set_aside=lambda combat: None,
            name=lambda combat: f"battle {combat.id} of server {combat.guild_id}",
        )
        battles.mark_reminded(due, now)
        next_due = battles.next_due(CAVERNS)
    return notices, next_due


async def battle_timeouts(services: Services, now: datetime) -> JobResult:
    """Remind whoever an overdue battle waits for."""
    notices, next_due = await overdue_battles(services, now)
    return JobResult([Post(channel, reply) for channel, reply in notices], next_due)


CAVERNS_JOBS: tuple[Job, ...] = (battle_timeouts,)
