"""Healing: one scar per game week (book l. 44); the player picks which, and a lost rank never
comes back (RULINGS).

A cat's week is counted from the game day it took its first scar (and then from week to week),
not from a server-wide weekday: a scar taken the day before a server's week turned would
otherwise heal overnight, which is not "one Scar per week". Weeks that pass while the player has
not picked are kept as heals due, never more than the scars the cat has, so nothing is lost when
the bot restarts or a player is away.
"""

from __future__ import annotations

from rules.cat.constants import GAME_DAYS_PER_WEEK, SCARS_HEALED_PER_WEEK
from rules.cat.scars import settle_healing
from rules.cat.sheet import CatSheet, Trait, TraitState, require_alive, with_trait
from rules.errors import PawpostError


def on_game_day(sheet: CatSheet, today: int) -> CatSheet:
    """Count the full weeks since the healing week began: each makes one heal due. Running it
    again on the same day changes nothing."""
    since = sheet.healing_since_day
    if since is None or sheet.dead:
        return sheet
    weeks = (today - since) // GAME_DAYS_PER_WEEK
    if weeks <= 0:
        return sheet
    due = min(sheet.heals_due + weeks * SCARS_HEALED_PER_WEEK, sheet.total_scars)
    return sheet.model_copy(
        update={"heals_due": due, "healing_since_day": since + weeks * GAME_DAYS_PER_WEEK}
    )


def heal_scar(sheet: CatSheet, trait: Trait, *, today: int, due_only: bool = True) -> CatSheet:
    """Heal one scar of `trait`: one that is due (the player's weekly pick), or with
    `due_only=False` an admin's healing outside the week."""
    require_alive(sheet)
    if not sheet.total_scars:  # three scars that dropped a rank were cleared with it
        raise PawpostError("The cat has no scars to heal.")
    if due_only and not sheet.heals_due:
        raise PawpostError("No scar is due to heal yet; a cat heals one scar per game week.")
    state = sheet.traits[trait]
    if not state.scars:
        raise PawpostError(f"{trait.label} has no scars to heal.")
    sheet = with_trait(sheet, trait, TraitState(rank=state.rank, scars=state.scars - 1))
    if due_only:
        sheet = sheet.model_copy(update={"heals_due": sheet.heals_due - 1})
    return settle_healing(sheet, today)
