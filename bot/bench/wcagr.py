"""WCAGR's part of `pawpost bench`: its seeded cats' sheets, its verbs and its mix."""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

from bot.actions import buttons, characters, contests, server_config
from bot.actions.context import Actor, Services
from bot.actions.reply import Reply
from bot.actions.wcagr import cats, checks, fight_moves, fights, freshkill, hunting, knacks
from bot.actions.wcagr import contests as wcagr_contests
from bot.bench.mix import Cat, Mix, RulesetBench, Share, World
from rules.errors import PawpostError
from rules.wcagr import CLANS, Ability, Clan, Knack, NewCat, Skill, create_sheet
from storage.repositories import Transaction
from storage.wcagr import wcagr

CONTEST_ID = "pawpost:contest:"
# Legal spreads of the five creation points the seeded cats take turns with.
SPREADS = ((3, 1, 1), (1, 3, 1), (1, 1, 3), (2, 2, 1), (2, 1, 2), (1, 2, 2))
SKILL_SETS = (
    (Skill.LISTEN, Skill.SNEAK, Skill.POUNCE),
    (Skill.SEE, Skill.SWAT, Skill.JUMP),
    (Skill.SMELL, Skill.BITE, Skill.CLIMB),
)
KNACK_SETS = (
    (Knack.ALERTNESS, Knack.DASH, Knack.HIDE),
    (Knack.TRACK, Knack.DODGE, Knack.FEINT),
    (Knack.STALK, Knack.YOWL, Knack.INTUITION),
)
FIXED_CLANS = tuple(c for c in Clan if not CLANS[c].chooses_bonuses)
CHECK_SKILLS = tuple(s.value for s in Skill)


def sheet_json(cat_id: int) -> str:
    """A different sheet for nearly every cat (clan, spread, skills, knacks and age vary)."""
    strength, intelligence, spirit = SPREADS[cat_id % len(SPREADS)]
    sheet = create_sheet(
        NewCat(
            clan=FIXED_CLANS[cat_id % len(FIXED_CLANS)],
            strength=strength,
            intelligence=intelligence,
            spirit=spirit,
            skills=SKILL_SETS[cat_id % len(SKILL_SETS)],
            knacks=KNACK_SETS[cat_id % len(KNACK_SETS)],
            ten_moon_bonus=Ability.SPIRIT if cat_id % 2 else Ability.INTELLIGENCE,
        )
    )
    return sheet.changed(age_moons=10 + (cat_id // 7) % 50).model_dump_json()


@dataclass
class RunningFight:
    """A fight of two cats: whose turn it is."""

    fight_id: int
    attacker: Cat
    defender: Cat


@dataclass
class WcagrMix(Mix):
    """WCAGR's shared state: the open contests waiting for their defender's button, the cats
    on a hunt, the running fights and each server's cats that have not fought yet."""

    open_contests: deque[tuple[int, Cat]] = field(default_factory=deque)
    hunting: set[int] = field(default_factory=set)  # cats whose hunt waits for /hunt continue
    fights: deque[RunningFight] = field(default_factory=deque)
    unfought: dict[int, deque[Cat]] = field(default_factory=dict)


async def verb_check(mix: WcagrMix, rng: random.Random) -> Reply:
    """`/check` of any skill, against a DC most of the time, spending a point now and then."""
    cat = mix.any_cat(rng)
    dc = rng.randint(8, 20) if rng.random() < 0.7 else None
    spend = 1 if rng.random() < 0.2 else 0
    return await checks.check(
        mix.services, mix.world.actor(cat), skill=rng.choice(CHECK_SKILLS), dc=dc, spend=spend
    )


async def verb_contest_start(mix: WcagrMix, rng: random.Random) -> Reply:
    initiator, defender = mix.two_cats(rng)
    reply = await wcagr_contests.start_contest(
        mix.services, mix.world.actor(initiator), "sneak", defender.name, "see"
    )
    contest_id = int(reply.buttons[0].custom_id.removeprefix(CONTEST_ID).split(":", 1)[0])
    mix.open_contests.append((contest_id, defender))
    return reply


async def verb_contest_answer(mix: WcagrMix, rng: random.Random) -> Reply:
    """The defender's button on the oldest open contest (a new contest when none is open)."""
    if not mix.open_contests:
        return await verb_contest_start(mix, rng)
    contest_id, defender = mix.open_contests.popleft()
    return await contests.answer_contest(mix.services, mix.world.actor(defender), contest_id)


async def verb_points(mix: WcagrMix, rng: random.Random) -> Reply:
    """`/points show`, or an admin's refresh of one cat now and then (pools must refill)."""
    cat = mix.any_cat(rng)
    if rng.random() < 0.5:
        return await checks.show_points(mix.services, mix.world.actor(cat))
    admin = mix.world.actor(cat, admin=True)
    return await checks.refresh_points(mix.services, admin, cat.name)


async def verb_show(mix: WcagrMix, rng: random.Random) -> Reply:
    cat = mix.any_cat(rng)
    return await characters.show(mix.services, mix.world.actor(cat))


async def verb_yowl(mix: WcagrMix, rng: random.Random) -> Reply:
    """A knack on its own, by the cats that know Yowl; the others check instead."""
    cat = mix.any_cat(rng)
    if cat.id % len(KNACK_SETS) != 2:
        return await verb_check(mix, rng)
    return await knacks.use(mix.services, mix.world.actor(cat), "yowl")


PREY = ("mice", "vole", "rabbit", "fish", "small-birds")
LOCATE = ("listen", "see", "smell")


async def verb_hunt(mix: WcagrMix, rng: random.Random) -> Reply:
    """`/hunt start`, or `/hunt continue` for a cat whose hunt waits on a failed stage."""
    cat = mix.any_cat(rng)
    actor = mix.world.actor(cat)
    if cat.id in mix.hunting:
        mix.hunting.discard(cat.id)
        reply = await hunting.continue_hunt(mix.services, actor)
    else:
        reply = await hunting.hunt(mix.services, actor, rng.choice(PREY), rng.choice(LOCATE))
    if reply.lines and "/hunt continue" in reply.lines[-1]:
        mix.hunting.add(cat.id)
    return reply


async def verb_eat(mix: WcagrMix, rng: random.Random) -> Reply:
    """`/eat` a ration, or `/freshkill` when the pile is bare (one sentence otherwise)."""
    cat = mix.any_cat(rng)
    actor = mix.world.actor(cat)
    if rng.random() < 0.5:
        return await freshkill.show_pile(mix.services, actor)
    return await freshkill.eat(mix.services, actor)


FIGHTS_PER_SERVER = 5


async def _new_fight(mix: WcagrMix, guild_id: int) -> RunningFight | None:
    """Two cats of the server that have not fought yet: a challenge, its Accept, and who is on
    turn after initiative (read back from the stored fight)."""
    waiting = mix.unfought[guild_id]
    if len(waiting) < 2:
        return None
    first, second = waiting.popleft(), waiting.popleft()
    services, world = mix.services, mix.world
    asked = await fights.start(services, world.actor(first), second.name)
    accept = next(b.custom_id for b in asked.buttons if _verb(b.custom_id) == "accept")
    await buttons.press(services, world.actor(second), accept)
    fight_id = int(accept.split(":")[2])

    def on_turn(tx: Transaction) -> int | None:
        found = wcagr(tx).fights.get(guild_id, fight_id)
        return None if found is None else found.state.attacker

    attacker = await services.db.transact(on_turn, write=False)
    if attacker == second.id:
        first, second = second, first
    return RunningFight(fight_id, first, second)


def _verb(custom_id: str) -> str:
    """ "pawpost:wcagr-fight:<id>:<verb>:<version>" -> the verb."""
    return custom_id.split(":")[3]


async def verb_swat(mix: WcagrMix, rng: random.Random) -> Reply:
    """`/swat` in running fights, the cat on turn at the other; a fight that ends makes way
    for two fresh cats of its server (a check when none is left)."""
    if not mix.fights:
        return await verb_check(mix, rng)
    fight = mix.fights.popleft()  # nobody else acts on it meanwhile
    running = True
    actor = mix.world.actor(fight.attacker)
    try:
        try:
            reply = await fight_moves.swat(mix.services, actor, fight.defender.name)
        except PawpostError:  # it sprained or fell ill meanwhile: it limps away
            reply = await fights.flee(mix.services, actor)
        jump = next((b.custom_id for b in reply.buttons if _verb(b.custom_id) == "defend"), None)
        if jump is not None:  # the target's player jumps, as players do
            reply = await buttons.press(mix.services, mix.world.actor(fight.defender), jump)
        if reply.lines and reply.lines[-1].startswith("The fight is over"):
            running = False
            fresh = await _new_fight(mix, fight.attacker.guild_id)
            if fresh is not None:
                mix.fights.append(fresh)
        else:
            fight.attacker, fight.defender = fight.defender, fight.attacker
        return reply
    finally:
        if running:
            mix.fights.append(fight)


async def start(services: Services, world: World) -> WcagrMix:
    """A run's state before the clock starts: the fights of each server."""
    mix = WcagrMix(services, world, sorted(world.guilds))
    for guild_id in mix.guild_ids:
        mix.unfought[guild_id] = deque(world.guilds[guild_id])
        for _ in range(FIGHTS_PER_SERVER):
            fight = await _new_fight(mix, guild_id)
            if fight is not None:
                mix.fights.append(fight)
    return mix


async def create_cat(services: Services, actor: Actor, name: str) -> Reply:
    """`/character create` with one legal choice, for the size figure; its server is made a
    WCAGR server first (a no-op once it is one)."""
    admin = Actor(actor.guild_id, actor.channel_id, actor.user_id, is_admin=True)
    await server_config.set_ruleset(services, admin, "wcagr")
    return await cats.create(
        services,
        actor,
        name,
        clan="thunderclan",
        strength=2,
        intelligence=2,
        spirit=1,
        skills="Sneak, Pounce, Listen",
        knacks="Alertness, Dash, Hide",
        ten_moon_bonus="spirit",
    )


async def daily_check(services: Services, actor: Actor) -> Reply:
    """The size figure's once-a-day verb: a Listen check against a DC."""
    return await checks.check(services, actor, skill="listen", dc=12)


WCAGR_BENCH = RulesetBench(
    # A busy WCAGR server: /check 30 %, /hunt 15 %, /swat 15 %, /contest 10 % (half started,
    # half answered), /points 8 %, /eat and /freshkill 7 %, /knack 5 %, /character show 10 %.
    shares=(
        Share("check", 30, verb_check),
        Share("hunt", 15, verb_hunt),
        Share("swat", 15, verb_swat),
        Share("contest start", 5, verb_contest_start),
        Share("contest answer", 5, verb_contest_answer),
        Share("points", 8, verb_points),
        Share("eat", 7, verb_eat),
        Share("knack", 5, verb_yowl),
        Share("character show", 10, verb_show),
    ),
    sheet_json=sheet_json,
    start=start,
    create=create_cat,
    daily=daily_check,
)
