"""An adventurer's values by name for saved rolls (`2d6+{fire}`): the six attributes as rolled
(a Moon bond's shift and Reversal included)."""

from __future__ import annotations

from rules.caverns.sheet import CavernsSheet


def roll_values(sheet: CavernsSheet) -> dict[str, int]:
    return {attribute.value: value for attribute, value in sheet.attributes.items()}
