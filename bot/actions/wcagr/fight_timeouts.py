"""WCAGR fights that waited past the server's turn timeout."""

from __future__ import annotations

from datetime import datetime

from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.reply import Reply
from bot.actions.wcagr.defence import jump_as_it_stands
from bot.actions.wcagr.fight_scene import (
    Scene,
    agreeing,
    commit,
    fight_buttons,
    to_ping,
    whose_turn,
)
from bot.actions.wcagr.wrestling import roll_wrestle
from bot.outbox import Post, record_posts
from bot.scheduler import each_alone
from rules.wcagr.fight_state import FightState, Phase
from rules.wcagr.fights import WrestleChoice
from storage.repositories import Transaction
from storage.turns import Combat
from storage.wcagr import wcagr
from storage.wcagr.settings import RULESET

TIMEOUTS_PER_WAKE = 50
BOT_USER = 0  # the log's user for what the bot does by itself


def _overdue(
    services: Services, tx: Transaction, combat: Combat[FightState], now: datetime
) -> tuple[int, Reply]:
    """One overdue fight: a wrestle still choosing is rolled with Wrestle for every cat that has
    not chosen, an attack waiting for its target's Jump is answered with a plain Jump; any
    other wait mentions whoever it waits for, once."""
    guild = tx.guilds.get(combat.guild_id)
    scene = Scene(tx, guild, combat)
    hours = guild.settings.turn_timeout_hours
    state = scene.state
    if state.phase is Phase.WRESTLING and state.attacker is not None:
        group = state.wrestle_of(state.attacker) or ()
        late = [c for c in group if c not in state.choices]
        scene.state = state.model_copy(
            update={"choices": {**state.choices, **dict.fromkeys(late, WrestleChoice.WRESTLE)}}
        )
        named = [scene.name(c) for c in late]
        scene.say(f"After {hours} h without a choice, {agreeing(named, 'wrestles', 'wrestle')} on.")
        roll_wrestle(services.dice, scene, group)
        bot = Actor(combat.guild_id, combat.channel_id, BOT_USER)
        return combat.channel_id, commit(scene, bot, None, "timeout", "timeout roll", now)
    if state.phase is Phase.DEFENDING and state.jump_wait is not None:
        jump_as_it_stands(services.dice, scene, f"After {hours} h without an answer")
        bot = Actor(combat.guild_id, combat.channel_id, BOT_USER)
        return combat.channel_id, commit(scene, bot, None, "timeout", "timeout jump", now)
    lines = [f"This fight has waited {hours} h.", *whose_turn(scene)]
    if guild.settings.admin_channel_id is None:
        lines.append("Admins may pass the move with /admin scene skip, or /admin scene end it.")
    wcagr(tx).fights.mark_reminded([combat], now)
    return combat.channel_id, Reply(
        title=f"Fight {combat.id}, round {state.turn}",
        lines=lines,
        buttons=fight_buttons(scene),
        mentions=to_ping(scene),
    )


@runs_in_database
def overdue_fights(
    services: Services, now: datetime, limit: int = TIMEOUTS_PER_WAKE
) -> tuple[list[tuple[int, Reply]], datetime | None]:
    """Fights whose wait passed the server's turn timeout (RULINGS: a wrestle rolls "once all
    have chosen or the timeout passes"), each alone: one that fails is logged and set aside
    (marked reminded, so it waits for its next move) and the others go on. The posts are kept
    in the outbox in the same transaction. Also when the next wait falls due."""
    with services.db.transaction() as tx:
        fights = wcagr(tx).fights
        notices = each_alone(
            tx,
            "fight_timeouts",
            fights.due(now, limit, RULESET),
            lambda combat: _overdue(services, tx, combat, now),
            set_aside=lambda combat: fights.mark_reminded([combat], now),
            name=lambda combat: f"fight {combat.id} of server {combat.guild_id}",
        )
        record_posts(tx, [Post(channel, reply) for channel, reply in notices], now)
        next_due = fights.next_due(RULESET)
    return notices, next_due
