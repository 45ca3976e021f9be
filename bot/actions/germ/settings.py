"""Germ's settings as `/config show` lists them."""

from __future__ import annotations

from bot.actions.formatting import plural
from bot.actions.reply import ReplyField
from storage.germ.settings import GermSettings
from storage.settings import GuildSettings


def settings_field(settings: GuildSettings) -> ReplyField:
    germ = GermSettings.of(settings)
    return ReplyField(
        name="Germ",
        value=(
            f"{germ.points_to_spend} points, at most {germ.max_points_in_stat} in a stat; "
            f"catches can be stolen for {plural(germ.steal_window_days, 'day')}; "
            f"free attacks cut by the target's Agility: "
            f"{'on' if germ.free_attack_agility_cuts_damage else 'off'}; "
            f"a mother is at least {plural(germ.mother_min_age_gap_moons, 'moon')} older than "
            "her kit"
        ),
    )
