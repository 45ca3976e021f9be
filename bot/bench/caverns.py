"""Caverns and Cloiers' part of `pawpost bench`: its seeded adventurers, grouped five to a
party, and a mix of moves, the market, sheets and the party's rests."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from bot.actions import characters
from bot.actions.caverns import characters as caverns_characters
from bot.actions.caverns import moves
from bot.actions.caverns.battle import rows as battle
from bot.actions.caverns.party import market, rests
from bot.actions.context import Actor, Services
from bot.actions.reply import Reply
from bot.bench.mix import Cat, Mix, RulesetBench, Share, World
from rules.caverns.attributes import Attribute, parse_attributes
from rules.caverns.battle.rows import BattleState, Phase, in_reach
from rules.caverns.choices import NewCharacter
from rules.caverns.classes import CharacterClass
from rules.caverns.races import Race
from rules.caverns.sheet import create_sheet
from rules.caverns.skillsets import Skillset
from rules.dice import ScriptedDice
from rules.errors import PawpostError
from storage.caverns import caverns
from storage.repositories import Transaction

RULESET = "caverns"
PARTY_SIZE = 5
ATTRIBUTES = ("wind", "water", "wood", "fire", "metal", "harmony")
ROUTES = ("front-to-back", "back-to-out", "front-to-out")
ITEMS = ("Torch", "Helmet", "Dagger", "Chainmail")
FOES = ("Urchin", "Brigand", "Centipede")
FIGHTERS = 3  # each server's first three adventurers fight in its battle channel
BATTLE_CHANNEL = 2  # the server's second channel (its first is the mix's own)
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


def _in_battle(actor: Actor) -> Actor:
    return dataclasses.replace(actor, channel_id=actor.guild_id * 100 + BATTLE_CHANNEL)


def _battle_state(tx: Transaction, guild_id: int, channel_id: int) -> BattleState | None:
    found = caverns(tx).battles.active_in_channel(guild_id, channel_id, 1)
    return found[0].state if found else None


async def _new_battle(mix: CavernsMix, mc: Actor, fighters: list[Cat]) -> Reply:
    await battle.start(mix.services, mc)
    for cat in fighters:
        try:
            await battle.join(mix.services, _in_battle(mix.world.actor(cat)), "front")
        except PawpostError:  # retired after dying with no Vitae left
            continue
    await battle.add_enemy(mix.services, mc, "Brigand", count=2)
    return await battle.set_order(mix.services, mc, ", ".join(c.name for c in fighters))


async def verb_battle_turn(mix: CavernsMix, rng: random.Random) -> Reply:
    """Whoever's turn it is in the server's running battle acts: the character Does Battle with
    an enemy in reach, or the MC has an enemy (not the last one) attack; a decided battle is
    ended and a new one begun."""
    fighters = mix.world.guilds[rng.choice(mix.guild_ids)][:FIGHTERS]
    mc = _in_battle(mix.world.actor(fighters[0], admin=True))
    state = await mix.services.db.transact(
        lambda tx: _battle_state(tx, mc.guild_id, mc.channel_id), write=False
    )
    if state is None:
        return await _new_battle(mix, mc, fighters)
    if state.phase is Phase.PLAYER and state.current is not None:
        me = state.combatant(state.current)
        owner = next(c for c in fighters if c.id == me.character_id)
        foes = [e for e in state.enemies() if in_reach(me, e)]
        if not foes:
            return await battle.skip(mix.services, mc)
        player = _in_battle(mix.world.actor(owner))
        return await battle.attack(mix.services, player, rng.choice(foes).name)
    if state.phase is Phase.ENEMY:
        movers = [e for e in state.enemies() if e.id != state.last_enemy] or state.enemies()
        mover = rng.choice(movers)
        targets = [p for p in state.players() if in_reach(mover, p)]
        if not targets:
            return await battle.skip(mix.services, mc)
        return await battle.enemy_act(
            mix.services, mc, mover.name, "battle", rng.choice(targets).name
        )
    return await battle.end(mix.services, mc)


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
    # Adventurers between and in fights: /move 25 %, Flee and Advance 10 % each, Do Battle
    # outside a battle 5 %, a turn of a running battle 10 %, the market 10 %, /character show
    # 15 %, a Short Rest 10 % and a Long Rest 5 %.
    shares=(
        Share("move", 25, verb_move),
        Share("flee", 10, verb_flee),
        Share("advance", 10, verb_advance),
        Share("battle roll", 5, verb_battle),
        Share("battle turn", 10, verb_battle_turn),
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
