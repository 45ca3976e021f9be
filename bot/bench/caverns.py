"""Caverns and Cloiers' part of `pawpost bench`: its seeded adventurers, grouped five to a
party, and a mix of moves, the market, sheets and the party's rests."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.actions import characters
from bot.actions.caverns import characters as caverns_characters
from bot.actions.caverns import market, moves, rests
from bot.actions.context import Actor, Services
from bot.actions.reply import Reply
from bot.bench.mix import Cat, Mix, RulesetBench, Share, World
from rules.caverns.attributes import Attribute, parse_attributes
from rules.caverns.choices import NewCharacter
from rules.caverns.classes import CharacterClass
from rules.caverns.races import Race
from rules.caverns.sheet import create_sheet
from rules.caverns.skillsets import Skillset
from rules.dice import ScriptedDice
from storage.caverns import caverns
from storage.repositories import Transaction

RULESET = "caverns"
PARTY_SIZE = 5
ATTRIBUTES = ("wind", "water", "wood", "fire", "metal", "harmony")
ROUTES = ("front-to-back", "back-to-out", "front-to-out")
ITEMS = ("Torch", "Helmet", "Dagger", "Chainmail")
FOES = ("Urchin", "Brigand", "Centipede")
# Three classes that need no implement or totem, so every seeded sheet is a one-liner.
SEEDS = (
    (Race.HUMAN, CharacterClass.WARRIOR, Skillset.HUNTING, "Parry", None),
    (Race.DWARF, CharacterClass.WARRIOR, Skillset.RITUALS, "Cleave", None),
    (Race.ELFEN, CharacterClass.MONK, Skillset.STEALTH, "Parry", Skillset.ACROBATICS),
)
_SHEETS = [
    create_sheet(
        NewCharacter(
            race=race,
            character_class=character_class,
            attributes=parse_attributes("wind +2, water +1, wood +1, fire 0, metal -1"),
            extra=Attribute.WATER,  # none of the three races raises Water
            tertiary=tertiary,
            secondary=secondary,
            advanced=advanced,
        ),
        ScriptedDice([]),
    ).model_dump_json()
    for race, character_class, tertiary, advanced, secondary in SEEDS
]


def sheet_json(character_id: int) -> str:
    return _SHEETS[character_id % len(_SHEETS)]


@dataclass
class CavernsMix(Mix):
    """Nothing more than the world: each adventurer's party is stored."""


def _actor(mix: CavernsMix, rng: random.Random) -> Actor:
    return mix.world.actor(mix.any_cat(rng))


async def verb_move(mix: CavernsMix, rng: random.Random) -> Reply:
    difficulty = rng.choice((None, 8, 10))
    return await moves.roll_move(mix.services, _actor(mix, rng), rng.choice(ATTRIBUTES), difficulty)


async def verb_flee(mix: CavernsMix, rng: random.Random) -> Reply:
    return await moves.flee_move(mix.services, _actor(mix, rng), rng.choice(ROUTES))


async def verb_advance(mix: CavernsMix, rng: random.Random) -> Reply:
    return await moves.advance_move(mix.services, _actor(mix, rng))


async def verb_battle(mix: CavernsMix, rng: random.Random) -> Reply:
    return await moves.battle(mix.services, _actor(mix, rng), rng.choice(FOES))


async def verb_market(mix: CavernsMix, rng: random.Random) -> Reply:
    return await market.ask(mix.services, _actor(mix, rng), rng.choice(ITEMS))


async def verb_show(mix: CavernsMix, rng: random.Random) -> Reply:
    return await characters.show(mix.services, _actor(mix, rng))


async def verb_short_rest(mix: CavernsMix, rng: random.Random) -> Reply:
    return await rests.rest_short(mix.services, _actor(mix, rng))


async def verb_long_rest(mix: CavernsMix, rng: random.Random) -> Reply:
    return await rests.rest_long(mix.services, _actor(mix, rng))


async def start(services: Services, world: World) -> CavernsMix:
    """Before the clock starts: each server's adventurers in parties of five, as its admins
    would group them."""
    for guild_id, members in world.guilds.items():

        def group(tx: Transaction, guild_id: int = guild_id, members: list[Cat] = members) -> None:
            parties = caverns(tx).parties
            for first in range(0, len(members), PARTY_SIZE):
                party = parties.named(
                    guild_id, f"Party {first // PARTY_SIZE + 1}", services.clock()
                )
                for member in members[first : first + PARTY_SIZE]:
                    parties.join(guild_id, member.id, party.id, pinned=True)

        await services.db.transact(group)
    return CavernsMix(services, world, sorted(world.guilds))


def _plays_caverns(tx: Transaction, guild_id: int) -> None:
    """The size figure's servers are new (Germ by default): they pick Caverns first."""
    guild = tx.guilds.get(guild_id)
    if guild.ruleset != RULESET:
        guild.ruleset = RULESET
        tx.guilds.save(guild)


async def create(services: Services, actor: Actor, name: str) -> Reply:
    """`/character create` in one line, for the size figure."""
    await services.db.transact(lambda tx: _plays_caverns(tx, actor.guild_id))
    return await caverns_characters.create(
        services,
        actor,
        name,
        race="human",
        character_class="warrior",
        attributes="wind +2, water +1, wood +1, fire 0, metal -1",
        extra="water",
        advanced="Parry",
        tertiary="hunting",
    )


async def daily(services: Services, actor: Actor) -> Reply:
    return await moves.roll_move(services, actor, "wood", 8, "squeezing through")


CAVERNS_BENCH = RulesetBench(
    # Adventurers between fights: /move 30 %, Flee and Advance 10 % each, Do Battle 10 %,
    # the market 10 %, /character show 15 %, a Short Rest 10 % and a Long Rest 5 %.
    shares=(
        Share("move", 30, verb_move),
        Share("flee", 10, verb_flee),
        Share("advance", 10, verb_advance),
        Share("battle target", 10, verb_battle),
        Share("market", 10, verb_market),
        Share("character show", 15, verb_show),
        Share("rest short", 10, verb_short_rest),
        Share("rest long", 5, verb_long_rest),
    ),
    sheet_json=sheet_json,
    start=start,
    create=create,
    daily=daily,
)
