"""What every Taking Risks verb needs: the server plays it, and the cat's sheet."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.actions.formatting import safe
from bot.actions.lookup import require_built
from rules.cat.sheet import CatSheet, Trait, trait_named
from rules.errors import PawpostError
from storage.models import Character
from storage.repositories import Transaction
from storage.settings import Guild

CAT = "cat"


def require_cat(guild: Guild) -> None:
    """Refuse a Taking Risks verb on a server that plays another ruleset."""
    require_built(guild)
    if guild.ruleset != CAT:
        raise PawpostError("This server does not play Taking Risks, so that command does nothing.")


def cat_sheet(character: Character) -> CatSheet:
    if not isinstance(character.sheet, CatSheet):
        raise PawpostError(f"{safe(character.name)} is not a Taking Risks cat.")
    return character.sheet


def traits_named(text: str) -> list[Trait]:
    """Traits typed as a list: "claws, coat fangs" (commas or spaces between)."""
    return [trait_named(word) for word in re.split(r"[,;\s]+", text) if word]


def day_label(tx: Transaction, guild_id: int) -> Callable[[int], str]:
    """Game day numbers as `/time` names them: "Day 1" is the first day of the server's
    calendar (before the clock has seen the server, the day asked about)."""
    first = tx.clock.of(guild_id).first_day

    def label(number: int) -> str:
        return f"Day {number - (number if first is None else first) + 1}"

    return label
