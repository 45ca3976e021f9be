"""WCAGR fights that waited past the server's turn timeout."""

from __future__ import annotations

from datetime import datetime

from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.reply import Reply
from bot.actions.wcagr.fight_scene import (
    Scene,
    commit,
    fight_buttons,
    to_ping,
    whose_turn,
)
from bot.actions.wcagr.wrestling import roll_wrestle
from rules.wcagr.fight_state import (
    Phase,
)
from rules.wcagr.fights import (
    WrestleChoice,
)
from storage.wcagr import wcagr
from storage.wcagr.settings import RULESET

TIMEOUTS_PER_WAKE = 50
BOT_USER = 0  # the log's user for what the bot does by itself


@runs_in_database
def overdue_fights(
    services: Services, now: datetime, limit: int = TIMEOUTS_PER_WAKE
) -> tuple[list[tuple[int, Reply]], datetime | None]:
    """Fights whose wait passed the server's turn timeout: a wrestle still choosing is rolled
    with Wrestle for every cat that has not chosen (RULINGS: "or the timeout passes"); any other
    wait mentions whoever it waits for, once. Also when the next wait falls due."""
    notices: list[tuple[int, Reply]] = []
    with services.db.transaction() as tx:
        for combat in wcagr(tx).fights.due(now, limit, RULESET):
            guild = tx.guilds.get(combat.guild_id)
            scene = Scene(tx, guild, combat)
            hours = guild.settings.turn_timeout_hours
            state = scene.state
            if state.phase is Phase.WRESTLING and state.attacker is not None:
                group = state.wrestle_of(state.attacker) or ()
                late = [c for c in group if c not in state.choices]
                scene.state = state.model_copy(
                    update={
                        "choices": {**state.choices, **dict.fromkeys(late, WrestleChoice.WRESTLE)}
                    }
                )
                scene.say(
                    f"After {hours} h without a choice, "
                    + ", ".join(scene.name(c) for c in late)
                    + " wrestle on."
                )
                roll_wrestle(services, scene, group)
                bot = Actor(combat.guild_id, combat.channel_id, BOT_USER)
                notices.append(
                    (combat.channel_id, commit(scene, bot, None, "timeout", "timeout roll", now))
                )
                continue
            lines = [f"This fight has waited {hours} h.", *whose_turn(scene)]
            if guild.settings.admin_channel_id is None:
                lines.append("Admins may /admin fight-end it.")
            notices.append(
                (
                    combat.channel_id,
                    Reply(
                        title=f"Fight {combat.id}, round {state.turn}",
                        lines=lines,
                        buttons=fight_buttons(scene),
                        mentions=to_ping(scene),
                    ),
                )
            )
            wcagr(tx).fights.mark_reminded([combat], now)
        next_due = wcagr(tx).fights.next_due(RULESET)
    return notices, next_due
