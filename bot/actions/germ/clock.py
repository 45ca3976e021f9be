"""Germ on the game clock: a game day's summary of the server's hunting, and cats growing older."""

from __future__ import annotations

from collections.abc import Sequence

from bot.actions.game_time import GameDay, game_day_numbered
from bot.actions.hunting import plural
from storage.germ import germ
from storage.hunting import Outcome
from storage.models import IdRange
from storage.repositories import Transaction
from storage.settings import Guild

_OUTCOME_WORDS = (
    (Outcome.CAUGHT, "caught prey"),
    (Outcome.NO_PREY, "found no prey"),
    (Outcome.GOT_AWAY, "let it get away"),
)


def on_game_day(tx: Transaction, guild: Guild, day: GameDay) -> list[str]:
    """As `day` dawns: the day before's hunts by outcome, and how many cats are starving. A day
    caught up after downtime (`late`) tells only its hunts: how many starve now is not how many
    starved then."""
    before = game_day_numbered(day.number - 1, guild.settings)
    counts = tx.hunting.outcomes_between(guild.guild_id, before.start, before.end)
    parts = [f"{counts[o]} {words}" for o, words in _OUTCOME_WORDS if counts.get(o)]
    hunts = f"Hunts that day: {', '.join(parts)}." if parts else "No cat hunted that day."
    if day.late:
        return [hunts]
    starving = tx.hunting.starving_count(guild.guild_id)
    hunger = f"{plural(starving, 'cat')} starving." if starving else "No cat is starving."
    return [hunts, hunger]


def on_moon(
    tx: Transaction, guild: Guild, moons: int, character_ids: Sequence[int] | IdRange | None
) -> None:
    """The server's cats (or those given) grow `moons` moons older."""
    germ(tx).cats.grow_older(guild.guild_id, moons, character_ids)
