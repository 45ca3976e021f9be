"""The bestiary's specials in a running battle (book l. 429-607): what happens as a creature is
attacked or attacks, `/enemy act action:skill`, the creatures added with their kin or purse,
the drowning Bound, a surrender to brigands and armour shed. Rules in
rules/caverns/battle/specials."""

from __future__ import annotations

from bot.actions.caverns.battle.scene import Scene, hurt_character, open_battle
from bot.actions.caverns.common import caverns_sheet, save
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import require_admin
from bot.actions.reply import Reply
from rules.caverns.battle.bestiary import Creature, find_creature
from rules.caverns.battle.poisons import creature_poison
from rules.caverns.battle.rows import PARTY, Combatant, Phase, fled, in_reach, npc, place, replace
from rules.caverns.battle.special_state import SpecialState
from rules.caverns.battle.specials import (
    DEFENDER_LEVEL,
    DROWNING_HEALTH,
    EGGSAC_ARMOUR,
    EGGSAC_HEALTH,
    ELECTRICAL_SHOCK,
    GUARD,
    LEADER_LEVEL,
    MERCHANT_GOLD_FACTOR,
    Offering,
    brigands,
    brigands_break,
    burrow_roll,
    counter_binds,
    cowardly,
    creature_is,
    destructive_flourish,
    drag,
    eggsac,
    fed_zombie,
    indoctrinate,
    is_villager,
    merchant_purse,
    reveal,
    roll_defenders,
    roll_guards,
    sacrifice,
    sacrifice_armour,
    shocks,
    special_uses_left,
    spend_special,
    spidion_of,
    village_rolled,
    yielded,
)
from rules.caverns.conditions import Condition
from rules.caverns.moves import BattleResult, FleeRoute
from rules.caverns.rolling import band_of
from rules.errors import PawpostError
from rules.rolls import Modifier
from storage.models import Character

# Creatures whose Bound Flourish their special builds on: the bot applies it on a doubles hit.
BINDERS = ("Mantekarr", "Kraken")


# --- Adding creatures ----------------------------------------------------------------------


def on_added(services: Services, scene: Scene, creature: Creature, added: list[Combatant]) -> None:
    """What comes with a creature: the Spidion's eggsac, the Village Leader's guards, the
    Merchant's purse, the Assassin's hiding (l. 465, 545, 585, 562)."""
    for fighter in added:
        if creature.name == "Spidion":
            scene.state = place(scene.state, eggsac(scene.state.combatant(fighter.id)))
            scene.say(
                f"{safe(fighter.name)}'s eggsac lies beside it (Health {EGGSAC_HEALTH}, "
                f"Armour {EGGSAC_ARMOUR})."
            )
        elif creature.name == "Village Leader":
            _guards(services, scene, fighter)
        elif creature.name == "Merchant":
            purse = merchant_purse(services.dice)
            special = fighter.special.model_copy(update={"wares": purse.wares, "gold": purse.gold})
            scene.state = replace(scene.state, fighter.model_copy(update={"special": special}))
            f, times = purse.faces, MERCHANT_GOLD_FACTOR
            scene.say(
                f"{safe(fighter.name)} carries wares worth ({f[0]} + {f[1]}) × ({f[2]} + {f[3]}) "
                f"× {times} = {purse.wares} gp and gold ({f[4]} + {f[5]} + {f[6]} + {f[7]}) × "
                f"{times} = {purse.gold} gp."
            )
        elif creature.name == "Assassin":
            hidden = fighter.special.model_copy(update={"hidden": True})
            scene.state = replace(scene.state, fighter.model_copy(update={"special": hidden}))


def _guards(services: Services, scene: Scene, leader: Combatant) -> None:
    count = roll_guards(services.dice)
    villager = find_creature("Villager")
    for _ in range(count):
        guard = npc(villager, leader.side, leader.row).model_copy(
            update={"name": GUARD, "special": SpecialState(guard_of=leader.id)}
        )
        scene.state = place(scene.state, guard)
    scene.say(
        f"1d6 = {count}: {safe(leader.name)} has {count} Guards (Villagers) and the Entourage "
        f"trait while one lives. It is a {LEADER_LEVEL}rd-level example of the class the MC "
        "chooses; its Guards each have that class's Basic Primary skill."
    )


def among(creature: Creature, text: str | None) -> str | None:
    """Where an added creature stands: its own side's rows, or an Assassin's among the party's
    (it "may begin in any row (allied or enemy)", l. 562)."""
    if not text or text.strip().lower() in ("", "its side"):
        return None
    if text.strip().lower() != PARTY:
        raise PawpostError("An enemy starts in its own side's rows or among the party's.")
    if creature.name != "Assassin":
        raise PawpostError("Only an Assassin starts among the party's rows.")
    return PARTY


def hides(creature: Creature) -> bool:
    """An Assassin's arrival is told to the MC alone (l. 562)."""
    return creature.name == "Assassin"


# --- A character attacks a creature --------------------------------------------------------


def check_target(foe: Combatant) -> None:
    """A hidden Assassin cannot be attacked: nobody knows it is there."""
    if foe.special.hidden:
        raise PawpostError(f'Nobody called "{foe.name}" is in this battle.')


def destructive_attack(scene: Scene, found: Character, sacrificing: bool) -> bool:
    """A Taurian's sacrifice, paid before the roll; an Igasho's attacks always are (l. 81, 92)."""
    if not sacrificing:
        return False
    sheet, piece = sacrifice_armour(caverns_sheet(found))
    save(scene.tx, found, sheet)
    scene.say(
        f"{safe(found.name)} sacrifices their {safe(piece.name)}: this attack is Destructive."
    )
    return True


def after_attack(
    services: Services,
    scene: Scene,
    found: Character,
    fighter: Combatant,
    foe: Combatant,
    result: BattleResult,
) -> None:
    """The creature's answer to being attacked: the eel's shock, the village's call, the
    Spidion's ire, the Solifugid's webs, the Zombie's feeding, an Entourage's shrug."""
    attacker = scene.state.combatant(fighter.id)
    target = scene.state.combatant(foe.id)
    if result.you_lose and counter_binds(target) and attacker.present:
        scene.afflict(attacker, Condition.BOUND, note=target.name, by=f"{target.name}'s webs")
    if result.you_lose and creature_is(target, "Zombie") and target.present:
        _zombie_feeds(scene, target)
    if shocks(target):
        shocked = target.special.model_copy(update={"shocked": True})
        scene.state = replace(scene.state, target.model_copy(update={"special": shocked}))
        scene.say(f"{safe(target.name)} crackles: {safe(found.name)} is shocked.")
        if scene.state.combatant(fighter.id).present:
            hurt_character(scene, found, scene.state.combatant(fighter.id), ELECTRICAL_SHOCK)
    if is_villager(target) and not village_rolled(scene.state):
        _call_defenders(services, scene, target)
    spidion = spidion_of(scene.state, target)
    if spidion is not None and spidion.present:
        scene.say(f"{safe(found.name)} has earned the full ire of {safe(spidion.name)}.")


def _call_defenders(services: Services, scene: Scene, villager: Combatant) -> None:
    leader = creature_is(villager, "Village Leader")
    coming, roll = roll_defenders(services.dice, scene.state, leader)
    special = villager.special.model_copy(update={"loyal": coming})
    scene.state = replace(
        scene.state, scene.state.combatant(villager.id).model_copy(update={"special": special})
    )
    doubled = " (doubled: a Village Leader)" if leader else ""
    scene.say(
        f"The village comes to defend{doubled}: {coming.defenders} defenders arrive in "
        f"{coming.turns} of the players' turns, each a {DEFENDER_LEVEL}th-level example of a "
        "random class.",
        roll,
    )


def _zombie_feeds(scene: Scene, zombie: Combatant) -> None:
    fed = fed_zombie(scene.state.combatant(zombie.id))
    scene.state = replace(scene.state, fed)
    scene.say(f"{safe(fed.name)} feeds: Health {fed.health}.")


# --- A creature attacks --------------------------------------------------------------------


def before_enemy_acts(scene: Scene, mover: Combatant) -> None:
    """An Assassin shows itself on its first turn (l. 562)."""
    if mover.special.hidden:
        scene.state = reveal(scene.state, mover)
        whose = f"the {mover.among} side's" if mover.among else "its side's"
        scene.say(f"**{safe(mover.name)} strikes from hiding**, in {whose} {mover.row.value} row!")


def roll_modifiers(scene: Scene, mover: Combatant) -> list[Modifier]:
    """A brigand's cowardice on its rolls, and the warning when they break (l. 555)."""
    if brigands_break(scene.state, mover):
        scene.say(
            "The brigands' penalty exceeds their number: they will attempt to flee "
            f"({len(brigands(scene.state, mover.side))} left)."
        )
    return cowardly(scene.state, mover)


def enemy_hits(scene: Scene, mover: Combatant, character: Character, victim: Combatant,
               doubles: bool, amount: int | None = None, *,
               by: Combatant | None = None) -> None:  # fmt: skip
    """A creature's hit: a Destructive Flourish ignores armour, a Zombie feeds, a Mantekarr's
    or a Kraken's Bind takes hold (and the Mantekarr drags its prey)."""
    damage = mover.damage if amount is None else amount
    destructive = doubles and destructive_flourish(mover.creature)
    if destructive:
        scene.say(f"Doubles: {safe(mover.name)}'s Flourish is Destructive; armour cannot help.")
    taken = hurt_character(scene, character, victim, damage, by, preventable=not destructive)
    if taken and creature_is(mover, "Zombie"):
        _zombie_feeds(scene, mover)
    prey = scene.state.combatant(victim.id)
    binds = doubles and mover.creature in BINDERS and prey.present
    if binds and scene.afflict(
        prey, Condition.BOUND, from_flourish=True, note=mover.name, by=mover.name
    ):
        bound_by(scene, scene.state.combatant(mover.id), scene.state.combatant(prey.id))


def bound_by(scene: Scene, mover: Combatant, prey: Combatant) -> None:
    """Bound by a Kraken, the prey drowns; by a Mantekarr, it is dragged (l. 451, 494)."""
    if creature_is(mover, "Kraken"):
        scene.say(
            f"{safe(prey.name)} begins to drown: {DROWNING_HEALTH} Health each turn while Bound."
        )
    elif creature_is(mover, "Mantekarr"):
        try:
            scene.state = drag(scene.state, mover, prey)
        except PawpostError as stuck:
            scene.say(str(stuck))
            return
        scene.say(
            f"{safe(mover.name)} flees to its back row dragging {safe(prey.name)}: there they "
            "take double damage, and return to their front row when harmed."
        )


def has_flourish(mover: Combatant) -> bool:
    """Whether the creature has a Flourish (or a poison in its place) to turn aside."""
    if mover.creature is None:
        return False
    return (
        find_creature(mover.creature).flourish is not None
        or creature_poison(mover.creature, 1) is not None
    )


def flourish_on_hit(mover: Combatant) -> bool:
    """Whether `enemy_hits` applies this creature's Flourish itself on a hit (a Bind that drags
    or drowns, a Destructive blow), so it is not applied twice."""
    return mover.creature in BINDERS or destructive_flourish(mover.creature)


# --- /enemy act action:skill ---------------------------------------------------------------


def use_special(services: Services, scene: Scene, mover: Combatant, target: str | None) -> None:
    """Run the creature's special where the bot can compute it, else post its text for the MC;
    each use costs one of its three (l. 429)."""
    scene.state = replace(scene.state, spend_special(mover))
    mover = scene.state.combatant(mover.id)
    left = special_uses_left(mover)
    if creature_is(mover, "Mantekarr"):
        _drag_skill(scene, mover, target)
    elif creature_is(mover, "Rockeater"):
        roll = burrow_roll(services.dice, mover)
        band = band_of(roll.total)
        scene.say(f"{safe(mover.name)} burrows into the ground: **{band.value}**.", roll)
        scene.state = fled(scene.state, mover, FleeRoute.BACK_TO_OUT, band)
    elif creature_is(mover, "Cult Leader"):
        _cult_skill(services, scene, mover, target)
    else:
        creature = find_creature(mover.creature) if mover.creature else None
        named = ", ".join(s.name for s in creature.specials) if creature else ""
        scene.say(f"{safe(mover.name)} uses its special; the MC rules what it does.")
        if named:  # their texts were posted as it joined the battle
            scene.say(f"Its specials: {safe(named)} (told as it joined the battle).")
    scene.say(f"({left} use(s) of its special left.)")


def _drag_skill(scene: Scene, mover: Combatant, target: str | None) -> None:
    if not target:
        raise PawpostError("Name the Bound creature the Mantekarr drags.")
    prey = scene.state.by_name(target)
    if not prey.present or prey.side == mover.side or not in_reach(mover, prey):
        raise PawpostError(f"{safe(prey.name)} is not prey within {safe(mover.name)}'s reach.")
    if Condition.BOUND not in scene.conditions_of(prey):
        raise PawpostError(
            f"{safe(prey.name)} is not Bound; the Mantekarr drags only its bound prey."
        )
    scene.state = drag(scene.state, mover, prey)  # refused (nothing spent) when it cannot
    scene.say(f"{safe(mover.name)} flees to its back row dragging {safe(prey.name)}.")


def _cult_skill(services: Services, scene: Scene, leader: Combatant, target: str | None) -> None:
    """ "indoctrinate", or "sacrifice" with what is offered: creature, humanoid or cultist."""
    words = (target or "").strip().lower().split()
    if words[:1] == ["indoctrinate"]:
        roll = indoctrinate(services.dice, leader)
        outcome = "the villager is converted" if roll.succeeded else "there is a fight"
        scene.say(f"{safe(leader.name)} attempts an indoctrination: {outcome}.", roll)
        return
    if words[:1] == ["sacrifice"]:
        try:
            offering = Offering(words[1] if len(words) > 1 else Offering.CREATURE)
        except ValueError:
            raise PawpostError("A sacrifice is a creature, a humanoid or a cultist.") from None
        first, second = sacrifice(services.dice, offering)
        scene.say(
            f"{safe(leader.name)} sacrifices a {offering.value}: the dice show {first} and "
            f"{second}; the MC grants the dark blessings."
        )
        return
    raise PawpostError('Say "indoctrinate", or "sacrifice" with creature, humanoid or cultist.')


# --- Yield to brigands (l. 553) ------------------------------------------------------------


@runs_in_database
def surrender(services: Services, actor: Actor) -> Reply:
    """`/battle yield` (the MC): the party surrenders to the brigands, each character giving up
    all their gold and one Vitae; the fighting is over."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        require_admin(actor, guild)
        if scene.state.phase not in (Phase.PLAYER, Phase.ENEMY):
            raise PawpostError("The party yields only while the fighting goes on.")
        if not brigands(scene.state):
            raise PawpostError("Only brigands take a surrender.")
        party = [c for c in scene.state.players() if c.character_id is not None]
        for fighter in party:
            found = scene.character(fighter)
            before = caverns_sheet(found)
            save(tx, found, yielded(before))
            scene.say(f"{safe(found.name)} hands over {before.gold} gold and one Vitae.")
        scene.state = scene.state.model_copy(update={"phase": Phase.DECIDED, "current": None})
        return scene.commit(actor, "yield", "The party yields to the brigands", now)
