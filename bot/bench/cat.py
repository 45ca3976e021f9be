"""Taking Risks' part of `pawpost bench`: its seeded cats' sheets, its verbs and its mix, with
Risks the most of it."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from bot.actions import buttons, characters, contests, server_config
from bot.actions.cat import cats, fights, magic, risks
from bot.actions.context import Actor, Services
from bot.actions.reply import Reply
from bot.bench.mix import Cat, Mix, RulesetBench, Share, World
from rules.cat.magic import Trick
from rules.cat.risks import Difficulty
from rules.cat.sheet import TRAITS, create_sheet
from rules.errors import PawpostError

CONTEST_ID = "pawpost:contest:"
TRAIT_NAMES = tuple(trait.value for trait in TRAITS)
DIFFICULTIES = tuple(difficulty.value for difficulty in Difficulty)
TRICKS = (Trick.SNEAK.value, Trick.HIDE_IN_PLAIN_SIGHT.value, Trick.DREAM_BITE.value)
REPUTATIONS = {"Brave": 3, "Clever": 2, "Sly": 2}
STYLE_KEPT = 200  # Risks whose Style may still be banked, newest kept
ATTACKS = ("claws", "fangs")
PAIRS_TRIED = 20  # picks of two cats for a fight, until one has no fight waiting between them
T = TypeVar("T")


def sheet_json(cat_id: int) -> str:
    """The traits turn round with the cat's id, so the seeded cats differ as on a server."""
    turn = cat_id % len(TRAITS)
    order = TRAITS[turn:] + TRAITS[:turn]
    sheet = create_sheet(order[:1], order[1:4], order[4:], REPUTATIONS)
    return sheet.model_dump_json()


@dataclass
class CatMix(Mix):
    """Taking Risks' shared state: open cat fights and Risks with Style to bank."""

    open_fights: deque[tuple[int, Cat, Cat]] = field(default_factory=deque)
    # (challenger's player, defender) of the fights being started or answered right now: at
    # concurrency 32 another start could otherwise pick a pair whose fight is not yet in
    # `open_fights`, or not yet settled, and be refused ("already have a contest waiting").
    fights_in_flight: set[tuple[int, int]] = field(default_factory=set)
    style_to_bank: deque[tuple[str, Cat]] = field(default_factory=lambda: deque(maxlen=STYLE_KEPT))


async def _usable(choices: Sequence[T], act: Callable[[T], Awaitable[Reply]]) -> Reply:
    """The first choice whose trait is not Crippled, as a player picks another trait when a
    fight's scars (placed as the Narrator would) crippled the one it wanted."""
    for choice in choices[:-1]:
        try:
            return await act(choice)
        except PawpostError as refused:
            if "Crippled" not in refused.message:
                raise
    return await act(choices[-1])


async def verb_risk(mix: CatMix, rng: random.Random) -> Reply:
    """`/risk` with a trait, a difficulty, sometimes a Reputation, Advantage or danger."""
    cat = mix.any_cat(rng)
    difficulty = rng.choice(DIFFICULTIES)
    advantage = 1 if rng.random() < 0.2 else None
    reputation = "Brave" if rng.random() < 0.3 else None
    dangerous = "yes" if rng.random() < 0.3 else None
    reply = await _usable(
        rng.sample(TRAIT_NAMES, len(TRAIT_NAMES)),
        lambda trait: risks.risk(
            mix.services,
            mix.world.actor(cat),
            trait,
            difficulty,
            advantage=advantage,
            reputation=reputation,
            dangerous=dangerous,
        ),
    )
    bank = next((b.custom_id for b in reply.buttons if b.label.startswith("Bank")), None)
    if bank is not None:
        mix.style_to_bank.append((bank, cat))
    return reply


async def verb_bank(mix: CatMix, rng: random.Random) -> Reply:
    """The Bank button of a recent Risk (a new Risk when none waits)."""
    if not mix.style_to_bank:
        return await verb_risk(mix, rng)
    custom_id, cat = mix.style_to_bank.popleft()
    return await buttons.press(mix.services, mix.world.actor(cat), custom_id)


async def verb_fight_start(mix: CatMix, rng: random.Random) -> Reply:
    waiting = {(challenger.owner_id, defender.id) for _, challenger, defender in mix.open_fights}
    waiting |= mix.fights_in_flight
    challenger, defender = mix.two_cats(rng)
    for _ in range(PAIRS_TRIED):  # a player has one fight waiting against a cat at a time
        if (challenger.owner_id, defender.id) not in waiting:
            break
        challenger, defender = mix.two_cats(rng)
    pair = (challenger.owner_id, defender.id)
    mix.fights_in_flight.add(pair)
    try:
        reply = await _usable(
            rng.sample(ATTACKS, len(ATTACKS)),
            lambda move: fights.challenge(
                mix.services, mix.world.actor(challenger), defender.name, move
            ),
        )
    finally:
        mix.fights_in_flight.discard(pair)
    contest_id = int(reply.buttons[0].custom_id.removeprefix(CONTEST_ID).split(":", 1)[0])
    mix.open_fights.append((contest_id, challenger, defender))
    return reply


async def verb_fight_answer(mix: CatMix, rng: random.Random) -> Reply:
    """The defender's Claws, Fangs or Dodge on the oldest open fight (a new one when none is)."""
    if not mix.open_fights:
        return await verb_fight_start(mix, rng)
    contest_id, challenger, defender = mix.open_fights.popleft()
    pair = (challenger.owner_id, defender.id)
    mix.fights_in_flight.add(pair)  # waiting until its answer has settled it
    try:
        return await _usable(
            rng.sample(range(len(fights.DEFENCES)), len(fights.DEFENCES)),
            lambda choice: contests.answer_contest(
                mix.services, mix.world.actor(defender), contest_id, choice=choice
            ),
        )
    finally:
        mix.fights_in_flight.discard(pair)


async def verb_trick(mix: CatMix, rng: random.Random) -> Reply:
    cat = mix.any_cat(rng)
    return await magic.trick(mix.services, mix.world.actor(cat), rng.choice(TRICKS))


async def verb_sleep(mix: CatMix, rng: random.Random) -> Reply:
    cat = mix.any_cat(rng)
    return await magic.nap(mix.services, mix.world.actor(cat), rng.randint(1, 8))


async def verb_show(mix: CatMix, rng: random.Random) -> Reply:
    cat = mix.any_cat(rng)
    return await characters.show(mix.services, mix.world.actor(cat))


async def start(services: Services, world: World) -> CatMix:
    return CatMix(services, world, sorted(world.guilds))


async def create_cat(services: Services, actor: Actor, name: str) -> Reply:
    """`/character create` with one legal cat, for the size figure (its server is made to play
    Taking Risks first, as its admin would)."""
    admin = Actor(
        guild_id=actor.guild_id, channel_id=actor.channel_id, user_id=actor.user_id, is_admin=True
    )
    await server_config.set_ruleset(services, admin, "cat")
    return await cats.create(
        services,
        actor,
        name,
        "legs",
        "claws, coat, fangs",
        "face, tail",
        "Brave 3, Clever 2, Sly 2",
    )


async def daily(services: Services, actor: Actor) -> Reply:
    """The size figure's daily verb: a cat's Risk."""
    return await risks.risk(services, actor, "legs", "moderate", dangerous="yes")


CAT_BENCH = RulesetBench(
    # A busy Taking Risks server: /risk 45 %, its Bank button 10 %, /fight cat 15 % (half
    # started, half answered), /trick 10 %, /sleep 5 %, /character show 15 %.
    shares=(
        Share("risk", 45, verb_risk),
        Share("bank style", 10, verb_bank),
        Share("fight start", 7.5, verb_fight_start),
        Share("fight answer", 7.5, verb_fight_answer),
        Share("trick", 10, verb_trick),
        Share("sleep", 5, verb_sleep),
        Share("character show", 15, verb_show),
    ),
    sheet_json=sheet_json,
    start=start,
    create=create_cat,
    daily=daily,
)
