"""A character's sheet values by name in dice (`1d20+{stealth}`), where the server's ruleset
offers them (its `roll_values` hook): for saved rolls and inline rolls."""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.actions.context import Services
from bot.actions.formatting import safe
from rules.errors import PawpostError
from storage.models import Character
from storage.settings import Guild

VALUE = re.compile(r"\{([^{}]*)\}")


def sheet_values(services: Services, guild: Guild, character: Character) -> Mapping[str, int]:
    """The values the server's ruleset offers by name for this character's sheet."""
    ruleset = services.ruleset(guild.ruleset)
    if ruleset is None or ruleset.roll_values is None or character.ruleset != guild.ruleset:
        return {}
    return ruleset.roll_values(character.sheet)


def filled(expression: str, values: Mapping[str, int]) -> str:
    """The expression with each `{name}` replaced by the sheet's value (a negative one in
    brackets); an unknown name is one sentence listing the known ones."""

    def value(found: re.Match[str]) -> str:
        key = found.group(1).strip().lower()
        if key not in values:
            if not values:
                raise PawpostError(
                    f"{{{safe(found.group(1))}}}: this server's sheets offer no values by name."
                )
            raise PawpostError(
                f"{{{safe(found.group(1))}}} is not a value of this character's sheet; it has "
                f"{', '.join(values)}."
            )
        number = values[key]
        return str(number) if number >= 0 else f"({number})"

    return VALUE.sub(value, expression)
