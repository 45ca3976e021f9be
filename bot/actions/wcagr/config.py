"""`/config wcagr` for WCAGR's own settings (RULINGS, WCAGR, each marked config): tries per
hunting stage, when prey turns to crowfood, the illness crowfood brings, and whether chickweed
may stand in for catmint."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.lookup import require_admin, require_built
from bot.actions.reply import Reply, ReplyField
from rules.errors import PawpostError
from rules.wcagr import Illness
from storage.settings import GuildSettings
from storage.wcagr.settings import MOST_CROWFOOD_DAYS, MOST_TRIES_PER_STAGE, WcagrSettings


def settings_field(settings: GuildSettings) -> ReplyField:
    """WCAGR's line of `/config show`."""
    wcagr = WcagrSettings.of(settings)
    return ReplyField(
        name="WCAGR",
        value=(
            f"{wcagr.tries_per_stage} tr{'y' if wcagr.tries_per_stage == 1 else 'ies'} per "
            "hunting stage; prey is crowfood after "
            f"{wcagr.crowfood_after_days} game days and brings "
            f"{wcagr.crowfood_illness.label.lower()}; chickweed for catmint: "
            f"{'yes' if wcagr.chickweed_for_catmint else 'no'}; hunting once a real day: "
            f"{'yes' if wcagr.once_a_day else 'no'}; a leader's death takes a life: "
            f"{'yes' if wcagr.leader_lives_save else 'no'}"
        ),
    )


@runs_in_database
def hunting_settings(
    services: Services,
    actor: Actor,
    tries_per_stage: int | None = None,
    crowfood_after_days: int | None = None,
    crowfood_illness: str | None = None,
    chickweed_for_catmint: str | None = None,
    once_a_day: str | None = None,
    leader_lives: str | None = None,
) -> Reply:
    """Change any of them; the others stay."""
    if tries_per_stage is not None and not 1 <= tries_per_stage <= MOST_TRIES_PER_STAGE:
        raise PawpostError(f"Tries per stage are 1 to {MOST_TRIES_PER_STAGE}.")
    if crowfood_after_days is not None and not 0 <= crowfood_after_days <= MOST_CROWFOOD_DAYS:
        raise PawpostError(f"Prey turns to crowfood after 0 to {MOST_CROWFOOD_DAYS} game days.")
    illness = None
    if crowfood_illness is not None:
        try:
            illness = Illness(crowfood_illness.strip().lower())
        except ValueError:
            listed = ", ".join(i.value for i in Illness)
            raise PawpostError(f"Crowfood brings one of {listed}.") from None
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_admin(actor, guild)
        require_built(guild)
        wcagr = WcagrSettings.of(guild.settings)
        if tries_per_stage is not None:
            wcagr.tries_per_stage = tries_per_stage
        if crowfood_after_days is not None:
            wcagr.crowfood_after_days = crowfood_after_days
        if illness is not None:
            wcagr.crowfood_illness = illness
        if chickweed_for_catmint is not None:
            wcagr.chickweed_for_catmint = chickweed_for_catmint.strip().lower() == "yes"
        if once_a_day is not None:
            wcagr.once_a_day = once_a_day.strip().lower() == "yes"
        if leader_lives is not None:
            wcagr.leader_lives_save = leader_lives.strip().lower() == "yes"
        wcagr.store_in(guild.settings)
        tx.guilds.save(guild)
        field = settings_field(guild.settings)
        tx.audit.add(audit.entry(actor, "config", f"WCAGR: {field.value}", services.clock()))
    return Reply(lines=[f"WCAGR now: {field.value}."])
