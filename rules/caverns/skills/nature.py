"""Nature in battle (book l. 176-183), the pure part: Tree Form's Reach. Vines and Pathtwist
are Flourishes (battle/flourishes.py), Fae Allies an Entourage (battle/entourages.py), the
meld and the Mushroom Circle are the land's (melding.py)."""

from __future__ import annotations

from rules.caverns.catalogue import Range
from rules.caverns.sheet import CavernsSheet


def tree_form_range(sheet: CavernsSheet, weapon: Range) -> Range:
    """Tree Form: every attack at Reach range at minimum (l. 180)."""
    if sheet.has_skill("nature:tree-form") and weapon is Range.MELEE:
        return Range.REACH
    return weapon
