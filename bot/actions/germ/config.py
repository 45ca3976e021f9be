"""`/config` for Germ's own settings: creation points, the most in one stat, the steal window, and
whether a free attack is cut by the target's Agility (RULINGS, Germ, each marked config)."""

from __future__ import annotations

from collections.abc import Callable

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.hunting_config import switch
from bot.actions.lookup import require_admin, require_built
from bot.actions.reply import Reply
from rules.errors import PawpostError
from rules.germ.sheet import STATS
from storage.germ.settings import GermSettings

MOST_POINTS_IN_STAT = 20  # the highest "max per stat" a server may set
MOST_STEAL_WINDOW_DAYS = 28  # a catch older than four real weeks is never fresh


def _fits(total: int, most: int) -> None:
    """A new cat must be able to spend exactly `total` points, at most `most` in each stat."""
    if total > most * len(STATS):
        raise PawpostError(
            f"{total} points do not fit in {len(STATS)} stats of at most {most} each "
            f"({most * len(STATS)} at the most), so lower the total or raise the most in a stat."
        )


def _change(
    services: Services, actor: Actor, what: str, change: Callable[[GermSettings], None]
) -> GermSettings:
    """Apply `change` (a function of the server's Germ settings) in one transaction, logged."""
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        germ = GermSettings.of(guild.settings)
        change(germ)
        germ.store_in(guild.settings)
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", what, services.clock()))
    return germ


@runs_in_database
def creation_points(services: Services, actor: Actor, total: int) -> Reply:
    """How many points a new cat spends over its six stats (the book: 22)."""
    if total < 1:
        raise PawpostError(f"A new cat needs at least 1 point to spend; you gave {total}.")

    def change(germ: GermSettings) -> None:
        _fits(total, germ.max_points_in_stat)
        germ.points_to_spend = total

    germ = _change(services, actor, f"creation points {total}", change)
    return Reply(
        lines=[
            f"A new cat now spends exactly {total} points over its six stats, at most "
            f"{germ.max_points_in_stat} in one; cats made before keep their stats."
        ]
    )


@runs_in_database
def max_per_stat(services: Services, actor: Actor, points: int) -> Reply:
    """The most points a new cat may put in one stat (the book: 8)."""
    if not 1 <= points <= MOST_POINTS_IN_STAT:
        raise PawpostError(
            f"The most in one stat must be 1 to {MOST_POINTS_IN_STAT} points; you gave {points}."
        )

    def change(germ: GermSettings) -> None:
        _fits(germ.points_to_spend, points)
        germ.max_points_in_stat = points

    germ = _change(services, actor, f"most points in one stat {points}", change)
    return Reply(
        lines=[
            f"A new cat may now put at most {points} of its {germ.points_to_spend} points in "
            "one stat; cats made before keep their stats."
        ]
    )


@runs_in_database
def steal_window(services: Services, actor: Actor, days: int) -> Reply:
    """How many days a catch may be stolen for (RULINGS: 7)."""
    if not 1 <= days <= MOST_STEAL_WINDOW_DAYS:
        raise PawpostError(
            f"A catch can be stolen for 1 to {MOST_STEAL_WINDOW_DAYS} days; you gave {days}."
        )

    def change(germ: GermSettings) -> None:
        germ.steal_window_days = days

    _change(services, actor, f"steal window {days} days", change)
    plural = "day" if days == 1 else f"{days} days"
    return Reply(lines=[f"A catch can now be stolen in the {plural} after the hunt."])


@runs_in_database
def free_attack_agility_cut(services: Services, actor: Actor, value: str) -> Reply:
    """Whether a free attack's power is cut by the target's Agility points (RULINGS: on)."""
    on = switch(value)

    def change(germ: GermSettings) -> None:
        germ.free_attack_agility_cuts_damage = on

    _change(services, actor, f"free attack cut by Agility: {'on' if on else 'off'}", change)
    text = (
        "A free attack's power is now the attacker's Strength total minus the target's Agility "
        "points after penalties."
        if on
        else "A free attack's power is now the attacker's whole Strength total: Agility cuts "
        "nothing."
    )
    return Reply(lines=[f"{text} Combats already going on keep the rule they started with."])
