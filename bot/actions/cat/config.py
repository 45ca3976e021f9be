"""`/config` for Taking Risks' own settings (RULINGS, Cat, each marked config, and issue 27's):
the evens a Trick needs by tier, whether a success frees a cat from the Bauble Curse at once,
how many Advantage dice a player may claim on a roll, and how long owed scars wait for their
player before the Narrator places them."""

from __future__ import annotations

from collections.abc import Callable

from bot.actions import audit
from bot.actions.cat.common import require_cat
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.lookup import require_admin
from bot.actions.reply import Reply, ReplyField
from rules.cat.constants import MAX_POOL_DICE
from rules.errors import PawpostError
from storage.cat.settings import CatSettings
from storage.settings import GuildSettings

FIRST_SUCCESS = "first-success"
MIN_SCAR_TIMEOUT_HOURS = 1  # an hour at the least: time to read the reply and place them
MAX_SCAR_TIMEOUT_HOURS = 24 * 14  # two weeks: a player away that long has the Narrator's say
THIRD_RISK = "third-risk"


def _change(
    services: Services, actor: Actor, what: str, change: Callable[[CatSettings], None]
) -> CatSettings:
    """Apply `change` to the server's Taking Risks settings in one transaction, logged."""
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_cat(guild)
        settings = CatSettings.of(guild.settings)
        change(settings)
        settings.store_in(guild.settings)
        tx.guilds.save(guild)
        tx.audit.add(audit.entry(actor, "config", what, services.clock()))
    return settings


@runs_in_database
def trick_evens(services: Services, actor: Actor, good: int, strong: int, best: int) -> Reply:
    """The evens a Trick needs at its Good, Strong and Best tiers (RULINGS: 1, 2, 3)."""
    for tier, evens in (("Good", good), ("Strong", strong), ("Best", best)):
        if not 1 <= evens <= MAX_POOL_DICE:
            raise PawpostError(
                f"The {tier} tier needs 1 to {MAX_POOL_DICE} evens; you gave {evens}."
            )

    def change(settings: CatSettings) -> None:
        settings.trick_evens_good = good
        settings.trick_evens_strong = strong
        settings.trick_evens_best = best

    _change(services, actor, f"trick evens {good}/{strong}/{best}", change)
    return Reply(
        lines=[
            f"A Trick now needs {good} evens at its Good tier, {strong} at Strong, {best} at Best."
        ]
    )


@runs_in_database
def bauble_curse(services: Services, actor: Actor, free_at: str) -> Reply:
    """When a cat breaks the Bauble Curse: at its first success (RULINGS' default) or only
    after its third Hard Tail Risk (the book's words)."""
    if free_at not in (FIRST_SUCCESS, THIRD_RISK):
        raise PawpostError(f"Pick {FIRST_SUCCESS} or {THIRD_RISK}.")

    def change(settings: CatSettings) -> None:
        settings.bauble_free_at_first_success = free_at == FIRST_SUCCESS

    _change(services, actor, f"bauble curse free at {free_at}", change)
    if free_at == FIRST_SUCCESS:
        line = "A cat now breaks the Bauble Curse at its first success, or after its third try."
    else:
        line = "A cat now breaks the Bauble Curse only after its third Hard Tail Risk."
    return Reply(lines=[line])


@runs_in_database
def claimed_advantage(services: Services, actor: Actor, most: int) -> Reply:
    """How many Advantage dice a player may claim on a roll (book l. 25: the Narrator hands
    them out; 0: only granted ones)."""
    if not 0 <= most <= MAX_POOL_DICE:
        raise PawpostError(f"A claim is 0 to {MAX_POOL_DICE} dice; you gave {most}.")

    def change(settings: CatSettings) -> None:
        settings.claimed_advantage_most = most

    _change(services, actor, f"claimed advantage at most {most}", change)
    if not most:
        return Reply(lines=["Players claim no Advantage dice now: only the Narrator grants them."])
    dice = "die" if most == 1 else "dice"
    return Reply(
        lines=[
            f"A player may now claim up to {most} Advantage {dice} on a roll; admins grant more."
        ]
    )


@runs_in_database
def scar_timeout(services: Services, actor: Actor, hours: int) -> Reply:
    """How long owed scars wait for their player before the Narrator places them (book l. 37)."""
    if not MIN_SCAR_TIMEOUT_HOURS <= hours <= MAX_SCAR_TIMEOUT_HOURS:
        raise PawpostError(
            f"Scars wait {MIN_SCAR_TIMEOUT_HOURS} to {MAX_SCAR_TIMEOUT_HOURS} hours; "
            f"you gave {hours}."
        )

    def change(settings: CatSettings) -> None:
        settings.scar_timeout_hours = hours

    _change(services, actor, f"scar timeout {hours} h", change)
    return Reply(
        lines=[
            f"Scars not placed within {hours} h now go where the Narrator puts them: in the "
            "trait the cat used, the rest in the other traits in order."
        ]
    )


def settings_field(settings: GuildSettings) -> ReplyField:
    cat = CatSettings.of(settings)
    free = "the first success" if cat.bauble_free_at_first_success else "the third try"
    return ReplyField(
        name="Taking Risks",
        value=(
            f"a Trick needs {cat.trick_evens_good}/{cat.trick_evens_strong}/"
            f"{cat.trick_evens_best} evens (Good/Strong/Best); the Bauble Curse breaks at {free}; "
            f"a player claims up to {cat.claimed_advantage_most} Advantage dice a roll; owed "
            f"scars wait {cat.scar_timeout_hours} h"
        ),
    )
