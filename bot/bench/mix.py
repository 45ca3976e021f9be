"""What a ruleset gives the benchmark (`Ruleset.bench`): its mix of verbs, its seeded sheets,
and what the size figure makes and does each day."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from bot.actions.context import Actor

if TYPE_CHECKING:
    from bot.actions.context import Services
    from bot.actions.reply import Reply


@dataclass(frozen=True)
class Cat:
    id: int
    guild_id: int
    owner_id: int
    name: str


@dataclass
class World:
    """What was seeded: each server's cats, and one channel per server."""

    guilds: dict[int, list[Cat]]

    def actor(self, cat: Cat, *, admin: bool = False) -> Actor:
        return Actor(
            guild_id=cat.guild_id,
            channel_id=cat.guild_id * 100 + 1,
            user_id=cat.owner_id,
            is_admin=admin,
        )


@dataclass
class Mix:
    """The state a run's verbs share; a ruleset adds its own (open contests, fights, ...)."""

    services: Services
    world: World
    guild_ids: list[int]

    def any_cat(self, rng: random.Random) -> Cat:
        return rng.choice(self.world.guilds[rng.choice(self.guild_ids)])

    def two_cats(self, rng: random.Random) -> tuple[Cat, Cat]:
        first, second = rng.sample(self.world.guilds[rng.choice(self.guild_ids)], 2)
        return first, second


MixT = TypeVar("MixT", bound=Mix)


@dataclass(frozen=True)
class Share(Generic[MixT]):
    """One verb of the mix and its weight."""

    name: str
    weight: float
    verb: Callable[[MixT, random.Random], Awaitable[Reply]]
    once_a_day: bool = False  # each cat may do it once a real day: the clock is paced by it


@dataclass(frozen=True)
class RulesetBench(Generic[MixT]):
    """A ruleset's part of `pawpost bench`, set as its `Ruleset.bench`."""

    shares: tuple[Share[MixT], ...]
    sheet_json: Callable[[int], str]  # the stored sheet of the seeded character of that id
    start: Callable[[Services, World], Awaitable[MixT]]  # a run's state, before the clock starts
    create: Callable[[Services, Actor, str], Awaitable[Reply]]  # /character create, one sheet
    daily: Callable[[Services, Actor], Awaitable[Reply]]  # the size figure's once-a-day verb
