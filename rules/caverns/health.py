"""Health and Vitae: losing Health (a Viscanti's wounds outlast a Short Rest), healing, and
coming back from death by Vitae (book l. 96-98, 298)."""

from __future__ import annotations

from rules.caverns.constants import TRANSMUTE_VITAE_COST, VITAE_PER_DEATH
from rules.caverns.sheet import CavernsSheet
from rules.errors import PawpostError


def lose_health(sheet: CavernsSheet, amount: int, *, from_viscanti: bool = False) -> CavernsSheet:
    """Lose Health, down to 0 (dead). Health a Viscanti takes "does not heal on a Short
    Rest" (l. 93): it is kept as lasting wounds until a Long Rest or a full restore."""
    if amount < 0:
        raise ValueError("lose a positive amount")
    lost = min(amount, sheet.health)
    lasting = sheet.lasting_wounds + (lost if from_viscanti else 0)
    return sheet.model_copy(update={"health": sheet.health - lost, "lasting_wounds": lasting})


def heal(sheet: CavernsSheet, amount: int, *, short_rest: bool = False) -> CavernsSheet:
    """Regain Health up to the maximum; a Short Rest cannot heal a Viscanti's wounds."""
    if amount < 0:
        raise ValueError("heal a positive amount")
    ceiling = sheet.max_health - (sheet.lasting_wounds if short_rest else 0)
    health = max(sheet.health, min(ceiling, sheet.health + amount))
    return sheet.model_copy(update={"health": health})


def restore_health(sheet: CavernsSheet, *, short_rest: bool = False) -> CavernsSheet:
    """All Health back (all but a Viscanti's wounds on a Short Rest); outside a Short Rest
    the lasting wounds heal too."""
    if short_rest:
        return heal(sheet, sheet.max_health, short_rest=True)
    return sheet.model_copy(update={"health": sheet.max_health, "lasting_wounds": 0})


def transmute(sheet: CavernsSheet) -> CavernsSheet:
    """Athletics' Transmute (l. 197): spend one Vitae to restore Health to full."""
    if not sheet.has_skill("athletics:transmute"):
        raise PawpostError("You do not have the Transmute skill.")
    if sheet.vitae < TRANSMUTE_VITAE_COST:
        raise PawpostError("Transmute costs one Vitae and you have none.")
    if sheet.health >= sheet.max_health:
        raise PawpostError(
            f"Your Health is already full ({sheet.health}): Transmute would spend a Vitae for "
            "nothing."
        )
    spent = sheet.model_copy(update={"vitae": sheet.vitae - TRANSMUTE_VITAE_COST})
    return restore_health(spent)


def return_from_death(sheet: CavernsSheet, *, revivified: bool = False) -> CavernsSheet:
    """After the battle (l. 298): a dead character with Vitae left marks off one and comes
    back with full Health (Revivify spares the Vitae, l. 221); one with none retires."""
    if not sheet.is_dead:
        raise PawpostError("This character is not dead.")
    if sheet.vitae < VITAE_PER_DEATH and not revivified:
        return sheet.model_copy(update={"retired": True})
    vitae = sheet.vitae if revivified else sheet.vitae - VITAE_PER_DEATH
    return restore_health(sheet.model_copy(update={"vitae": vitae}))


def revive(sheet: CavernsSheet) -> CavernsSheet:
    """The MC brings a dead or retired character back at once: full Health for one Vitae, as a
    death's return costs (l. 298); the MC's word brings back one with no Vitae left too."""
    if not sheet.is_dead and not sheet.retired:
        raise PawpostError("This character is alive and adventuring.")
    vitae = max(0, sheet.vitae - VITAE_PER_DEATH) if sheet.is_dead else sheet.vitae
    back = sheet.model_copy(update={"vitae": vitae, "retired": False})
    return restore_health(back)
