"""`/config wcagr` for WCAGR's own settings (RULINGS, WCAGR, each marked config): tries per
hunting stage, when prey turns to crowfood and the illness it brings, whether chickweed may
stand in for catmint, once-a-day hunting, a leader's lives, how Mighty Swat's and Belly Rake's
+1 counts, when a cat may pin, and the prey's weight table."""

from __future__ import annotations

from bot.actions import audit
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.lookup import require_admin, require_built
from bot.actions.reply import Reply, ReplyField
from rules.errors import PawpostError
from rules.wcagr import Illness
from rules.wcagr.constants import MIGHTY_SWAT_EXTRA_DAMAGE, PREY_WEIGHT_DIE
from rules.wcagr.hunting import weight_table, weight_words
from storage.settings import GuildSettings
from storage.wcagr.settings import MOST_CROWFOOD_DAYS, MOST_TRIES_PER_STAGE, WcagrSettings

HP_LOST = "hp-lost"
DAMAGE_CHECK = "damage-check"
KNACK_DAMAGE = (HP_LOST, DAMAGE_CHECK)


def _faces(text: str) -> tuple[int, ...]:
    """ "1, 3, 7, 9": the highest face of each weight but Massive."""
    try:
        return tuple(int(part) for part in text.replace(";", ",").split(",") if part.strip())
    except ValueError:
        raise PawpostError(
            "Give four faces of the d10 as numbers, e.g. 1, 3, 7, 9 (Massive is the rest)."
        ) from None


def settings_field(settings: GuildSettings) -> ReplyField:
    """WCAGR's line of `/config show`."""
    wcagr = WcagrSettings.of(settings)
    pins = "only after winning the wrestle roll" if wcagr.pin_after_win else "on any wrestling turn"
    return ReplyField(
        name="WCAGR",
        value=(
            f"{wcagr.tries_per_stage} tr{'y' if wcagr.tries_per_stage == 1 else 'ies'} per "
            "hunting stage; prey is crowfood after "
            f"{wcagr.crowfood_after_days} game days and brings "
            f"{wcagr.crowfood_illness.label.lower()}; chickweed for catmint: "
            f"{'yes' if wcagr.chickweed_for_catmint else 'no'}; hunting once a real day: "
            f"{'yes' if wcagr.once_a_day else 'no'}; a leader's death takes a life: "
            f"{'yes' if wcagr.leader_lives_save else 'no'}; Mighty Swat and Belly Rake add "
            f"+{MIGHTY_SWAT_EXTRA_DAMAGE} "
            f"{'to the damage check' if wcagr.knack_damage_on_check else 'HP lost'}; Pin "
            f"{pins}; "
            f"prey's weight on 1d{PREY_WEIGHT_DIE}: {weight_words(wcagr.prey_weights)}; herb "
            "stocks (the "
            f"extra healing rules): {'yes' if wcagr.herb_stocks else 'no'}"
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
    knack_damage: str | None = None,
    pin_after_win: str | None = None,
    prey_weights: str | None = None,
    herb_stocks: str | None = None,
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
    if knack_damage is not None and knack_damage not in KNACK_DAMAGE:
        raise PawpostError("Mighty Swat and Belly Rake add to the hp-lost or the damage-check.")
    weights = None if prey_weights is None else weight_table(_faces(prey_weights))
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
        if knack_damage is not None:
            wcagr.knack_damage_on_check = knack_damage == DAMAGE_CHECK
        if pin_after_win is not None:
            wcagr.pin_after_win = pin_after_win.strip().lower() == "yes"
        if weights is not None:
            wcagr.prey_weights = weights
        if herb_stocks is not None:
            wcagr.herb_stocks = herb_stocks.strip().lower() == "yes"
        wcagr.store_in(guild.settings)
        tx.guilds.save(guild)
        field = settings_field(guild.settings)
        tx.audit.add(audit.entry(actor, "config", f"WCAGR: {field.value}", services.clock()))
    return Reply(lines=[f"WCAGR now: {field.value}."])
