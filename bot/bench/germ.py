"""Germ's part of `pawpost bench`: its seeded cats' sheets, its verbs and its mix."""

from __future__ import annotations

import asyncio
import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field

from bot.actions import buttons, characters, contests
from bot.actions.context import Actor, Services
from bot.actions.germ import cats, checks, combat
from bot.actions.germ import hunting as germ_hunting
from bot.actions.reply import Reply
from bot.bench.mix import Cat, Mix, RulesetBench, Share, World
from rules.germ.sheet import STATS, GermSheet

STAT_NAMES = tuple(stat.value for stat in STATS)
CONTEST_STATS = ("strength", "charisma", "stealth")
CONTEST_ID = "pawpost:contest:"
FIGHTS_PER_SERVER = 5
DISABILITIES = ("blinded", "lost-sense-of-smell", "disfigured-limb", "tail-torn-off")
# Legal splits of a Germ cat's 22 points (at most 8 in a stat) the seeded cats take turns with.
SPLITS = (
    (4, 4, 4, 4, 3, 3),
    (6, 4, 2, 2, 4, 4),
    (2, 3, 5, 5, 3, 4),
    (3, 5, 3, 3, 5, 3),
    (8, 2, 2, 2, 4, 4),
)


def sheet_json(cat_id: int) -> str:
    """A different sheet for nearly every cat (split, age and scars vary), as on a real server,
    so nothing that caches sheets gets an easy ride."""
    strength, agility, charisma, intelligence, stealth, perception = SPLITS[cat_id % len(SPLITS)]
    age = 7 + (cat_id // len(SPLITS)) % 110  # never a kit, rarely an elder
    sheet = GermSheet(
        strength=strength,
        agility=agility,
        charisma=charisma,
        intelligence=intelligence,
        stealth=stealth,
        perception=perception,
        age_moons=age,
        scars=cat_id // 550 % 8,
    )
    return sheet.model_dump_json()


@dataclass
class RunningFight:
    """A combat of two cats in its turns: whose turn it is, and whether that cat must first
    choose the disability a 21+ hit left it with."""

    combat_id: int
    attacker: Cat
    defender: Cat
    disability_id: str | None = None  # the select the attacker must answer first


@dataclass
class GermMix(Mix):
    """Germ's shared state: open contests, whose turn it is to hunt, and the running fights."""

    open_contests: deque[tuple[int, Cat]] = field(default_factory=deque)
    hunters: Iterator[Cat] | None = None
    fights: deque[RunningFight] = field(default_factory=deque)
    fight_back: asyncio.Event = field(default_factory=asyncio.Event)


async def verb_check(mix: GermMix, rng: random.Random) -> Reply:
    cat = mix.any_cat(rng)
    dc = rng.randint(5, 25) if rng.random() < 0.7 else None
    reason = "stalking a mouse" if rng.random() < 0.3 else None
    return await checks.check(
        mix.services, mix.world.actor(cat), rng.choice(STAT_NAMES), dc=dc, reason=reason
    )


def _contest_id(reply: Reply) -> int:
    custom_id = reply.buttons[0].custom_id
    return int(custom_id.removeprefix(CONTEST_ID).split(":", 1)[0])


async def verb_contest_start(mix: GermMix, rng: random.Random) -> Reply:
    initiator, defender = mix.two_cats(rng)
    reply = await checks.start_contest(
        mix.services, mix.world.actor(initiator), rng.choice(CONTEST_STATS), defender.name
    )
    mix.open_contests.append((_contest_id(reply), defender))
    return reply


async def verb_contest_answer(mix: GermMix, rng: random.Random) -> Reply:
    """The defender's button on the oldest open contest (a new contest when none is open)."""
    if not mix.open_contests:
        return await verb_contest_start(mix, rng)
    contest_id, defender = mix.open_contests.popleft()
    return await contests.answer_contest(mix.services, mix.world.actor(defender), contest_id)


async def verb_show(mix: GermMix, rng: random.Random) -> Reply:
    cat = mix.any_cat(rng)
    if rng.random() < 0.5:
        return await characters.show(mix.services, mix.world.actor(cat))
    other = rng.choice(mix.world.guilds[cat.guild_id])
    return await characters.show(mix.services, mix.world.actor(cat), other.name)


async def verb_hunt(mix: GermMix, rng: random.Random) -> Reply:
    """`/hunt`: cats hunt in turn, and the clock moves so each turn comes round after a day or
    more."""
    assert mix.hunters is not None
    cat = next(mix.hunters)
    return await germ_hunting.hunt(mix.services, mix.world.actor(cat))


def _custom_id(reply: Reply, verb: str) -> str:
    ids = [button.custom_id for button in reply.buttons]
    if reply.select is not None:
        ids.append(reply.select.custom_id)
    return next(i for i in ids if i.split(":")[3] == verb)


async def start_fights(mix: GermMix) -> None:
    """Before the clock starts: in each server, pairs of cats challenge, accept and agree who
    attacks first, through the same actions and buttons players use."""
    services, world = mix.services, mix.world
    for guild_id in mix.guild_ids:
        members = world.guilds[guild_id]
        for first, second in zip(
            members[: 2 * FIGHTS_PER_SERVER : 2],
            members[1 : 2 * FIGHTS_PER_SERVER : 2],
            strict=False,
        ):
            reply = await combat.challenge(services, world.actor(first), second.name)
            combat_id = int(_custom_id(reply, "accept").split(":")[2])
            reply = await buttons.press(services, world.actor(second), _custom_id(reply, "accept"))
            reply = await buttons.press(services, world.actor(first), _custom_id(reply, "me-first"))
            await buttons.press(services, world.actor(second), _custom_id(reply, "them-first"))
            mix.fights.append(RunningFight(combat_id, first, second))


async def verb_attack(mix: GermMix, rng: random.Random) -> Reply:
    """`/attack` in running combats (the cat on turn attacks; when a 21+ hit asked for one,
    the wounded cat's player first picks the disability, a click on the same combat)."""
    while not mix.fights:  # only on a tiny seed: more workers than fights
        mix.fight_back.clear()
        await mix.fight_back.wait()
    fight = mix.fights.popleft()  # nobody else acts on it meanwhile
    try:
        actor = mix.world.actor(fight.attacker)
        if fight.disability_id is not None:
            chosen = (rng.choice(DISABILITIES),)
            reply: Reply = await buttons.press(mix.services, actor, fight.disability_id, chosen)
            fight.disability_id = None
            return reply
        reply = await combat.attack(mix.services, actor)
        fight.attacker, fight.defender = fight.defender, fight.attacker
        if reply.select is not None and reply.select.custom_id.split(":")[3] == "disability":
            fight.disability_id = reply.select.custom_id
        return reply
    finally:
        mix.fights.append(fight)
        mix.fight_back.set()


def _hunters(world: World, rng: random.Random) -> Iterator[Cat]:
    order = [cat for members in world.guilds.values() for cat in members]
    rng.shuffle(order)
    while True:
        yield from order


async def start(services: Services, world: World) -> GermMix:
    """A run's state before the clock starts: the cats' hunting order, and the fights."""
    mix = GermMix(services, world, sorted(world.guilds), hunters=_hunters(world, random.Random(1)))
    await start_fights(mix)
    return mix


async def create_cat(services: Services, actor: Actor, name: str) -> Reply:
    """`/character create` with one legal split, for the size figure."""
    return await cats.create(
        services,
        actor,
        name,
        strength=4,
        agility=4,
        charisma=4,
        intelligence=4,
        stealth=3,
        perception=3,
        age=20,
    )


GERM_BENCH = RulesetBench(
    # The mix of a busy server: /check 35 %, /contest 15 % (half started, half answered),
    # /hunt 20 %, /attack 20 %, /character show 10 %.
    shares=(
        Share("check", 35, verb_check),
        Share("contest start", 7.5, verb_contest_start),
        Share("contest answer", 7.5, verb_contest_answer),
        Share("hunt", 20, verb_hunt, once_a_day=True),
        Share("attack", 20, verb_attack),
        Share("character show", 10, verb_show),
    ),
    sheet_json=sheet_json,
    start=start,
    create=create_cat,
    daily=germ_hunting.hunt,
)
