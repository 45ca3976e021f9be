"""A cat's death (l.425, the coughs), and a Clan leader's lives (l.107; RULINGS: a leader's
death takes a life while more than one is left, config)."""

from __future__ import annotations

from rules.wcagr.sheet import WcagrSheet

REVIVED_HP = 1  # docs/rulings.md: a leader that loses a life wakes with 1 HP


def dies(sheet: WcagrSheet, *, lives_save: bool = True) -> tuple[WcagrSheet, bool]:
    """The sheet after a death, and whether it only cost a life: a leader with more than one
    life left loses one, wakes with 1 HP and is rid of the illness that killed it; any other cat
    is dead."""
    if lives_save and sheet.lives is not None and sheet.lives > 1:
        revived = sheet.changed(
            lives=sheet.lives - 1,
            hp_lost=sheet.hp_max - REVIVED_HP,
            illness=None,
            illness_day=None,
        )
        return revived, True
    return sheet.changed(dead=True), False
