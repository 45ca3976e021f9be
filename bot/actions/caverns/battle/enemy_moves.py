"""An enemy's moves on the enemies' turn (book l. 284-298, RULINGS): Do Battle with a character
or a creature of another side (a Paranoid one attacks anyone, l. 363), the Cloier's blow all
around (l. 607), Advance and Flee rolled with their bands, and the Cave Fisher's Lure."""

from __future__ import annotations

from bot.actions.caverns.battle import conditions as battle_conditions
from bot.actions.caverns.battle import entourages, specials
from bot.actions.caverns.battle import harmony as harmony_battle
from bot.actions.caverns.battle.flourishes import creature_flourish, own_flourish, riposte, shove
from bot.actions.caverns.battle.hands import guard_reach
from bot.actions.caverns.battle.poisons import enemy_poison
from bot.actions.caverns.battle.scene import Scene, hurt_npc
from bot.actions.caverns.common import caverns_sheet, items
from bot.actions.caverns.skills import acrobatics, combat, divination, hooks, music, totems
from bot.actions.caverns.skills.hunting import after_enemy_move
from bot.actions.caverns.skills.illusions import enemy_advance_modifiers, enemy_flee_modifiers
from bot.actions.caverns.skills.stealth import check_may_attack
from bot.actions.context import Services
from bot.actions.formatting import safe
from rules.caverns.attributes import Attribute
from rules.caverns.battle.effects import Effect, EffectKind, with_effect
from rules.caverns.battle.rows import (
    RANGE_ROWS,
    Combatant,
    Row,
    enemy_attack,
    fled,
    flee_route,
    in_reach,
    replace,
    rows_between,
)
from rules.caverns.battle.specials import counter_damage, flee_attribute, split_damage
from rules.caverns.catalogue import Range
from rules.caverns.conditions import Condition
from rules.caverns.constants import (
    ADVANCE_STRONG_DAMAGE,
    BATTLE_HIT,
    BATTLE_SAFE,
    CAVE_FISHER_LURED,
)
from rules.caverns.moves import Move
from rules.caverns.rolling import Band, band_of, is_doubles, plain_roll
from rules.caverns.skills.stealth import may_attack
from rules.errors import PawpostError
from rules.rolls import Modifier, Roll


def turn_damage(scene: Scene, fighter: Combatant) -> int:
    """Damage lasting "for the rest of the turn" (Advance's 10+, l. 290)."""
    return sum(
        e.amount for e in scene.state.effects if e.kind is EffectKind.TURN_DAMAGE
        and e.owner == fighter.id
    )  # fmt: skip


def strong_advance(scene: Scene, fighter: Combatant) -> None:
    """Advance's 10+: +1 Damage for the rest of the turn."""
    bonus = Effect(kind=EffectKind.TURN_DAMAGE, owner=fighter.id, amount=ADVANCE_STRONG_DAMAGE)
    scene.state = with_effect(scene.state, bonus)
    scene.say(f"10+: +{ADVANCE_STRONG_DAMAGE} Damage for the rest of the turn.")


# --- Do Battle -------------------------------------------------------------------------------


def victim_of(scene: Scene, mover: Combatant, target: str) -> Combatant:
    """Whom an enemy may attack: anyone of another side still fighting; a Paranoid creature
    "has no allies, only enemies" (l. 363), so anyone but itself."""
    victim = scene.state.by_name(target)
    specials.check_target(victim)
    if not victim.present or victim.id == mover.id:
        raise PawpostError(f"{safe(victim.name)} is not someone {safe(mover.name)} can attack.")
    paranoid = Condition.PARANOIA in scene.conditions_of(mover)
    if victim.side == mover.side and not paranoid:
        raise PawpostError(
            f"{safe(victim.name)} fights on {safe(mover.name)}'s side; only a Paranoid creature "
            "attacks its own."
        )
    return victim


def enemy_battle(services: Services, scene: Scene, mover: Combatant, target: str) -> None:
    """The bot's roll: 2d6 + the enemy's Wood − the target's Wind, with its penalties and the
    target's defences; 5+ a hit, under 8 the target strikes back if it can, doubles its
    creature's Flourish. The Cloier's hit is divided among everyone in its melee range."""
    victim = victim_of(scene, mover, target)
    cloier = specials.creature_is(mover, "Cloier")
    reach = Range.MELEE if cloier else None
    if not in_reach(mover, victim, reach):
        raise PawpostError(f"{safe(victim.name)} is out of {safe(mover.name)}'s reach.")
    check_may_attack(mover, victim)
    totems.check_attack(scene, mover, victim)
    if victim.character_id is None:
        _against_creature(services, scene, mover, victim)
    else:
        _against_character(services, scene, mover, victim, cloier)
    battle_conditions.side_attacked(scene, victim)


def _roll(
    services: Services, scene: Scene, mover: Combatant, victim: Combatant, wind: int,
    defences: list[Modifier],
) -> Roll:  # fmt: skip
    divination.harm_attempted(scene, mover, victim)
    roll = enemy_attack(
        mover, victim.name, wind, services.dice,
        [
            *battle_conditions.npc_modifiers(scene, mover, Move.DO_BATTLE),
            *defences,
            *specials.roll_modifiers(scene, mover),
            *harmony_battle.passion(scene, mover, mover.attribute(Attribute.WOOD)),
        ],
    )  # fmt: skip
    scene.say(f"{safe(mover.name)} does battle with {safe(victim.name)}.", roll)
    return roll


def _against_character(
    services: Services, scene: Scene, mover: Combatant, victim: Combatant, cloier: bool
) -> None:
    character = scene.character(victim)
    sheet = caverns_sheet(character)
    defences = acrobatics.defence_modifiers(scene, mover, victim, sheet)
    roll = _roll(services, scene, mover, victim, sheet.attribute(Attribute.WIND), defences)
    forceful = harmony_battle.flow_attacked(scene, victim, character, hit=roll.total >= BATTLE_HIT)
    answers = hooks.character_answers(
        scene, roll.total, victim, mover
    ) and battle_conditions.strikes_back(scene, victim)  # asleep or a Pacifist: no blow back
    doubles = is_doubles(roll)
    shielded = doubles and entourages.shielded(scene, mover, victim)  # no Flourish lands
    damage = mover.damage + turn_damage(scene, mover)
    if roll.total >= BATTLE_HIT:
        parried = combat.parried(scene, victim, mover, sheet, answers)
        if cloier:
            _all_around(scene, mover, victim, doubles, damage - parried)
        else:
            specials.enemy_hits(
                scene, mover, character, victim, doubles and not shielded, damage - parried,
                by=mover,
            )  # fmt: skip
    else:
        scene.say(f"Under {BATTLE_HIT}: a miss.")
    mover = scene.state.combatant(mover.id)
    if answers and in_reach(scene.state.combatant(victim.id), mover, guard_reach(scene, victim)):
        # The results add up (l. 296): a blow that kills does not stop the one struck back.
        hit_back = hooks.counter_damage(scene, victim, caverns_sheet(character))
        scene.say(f"Under {BATTLE_SAFE}: {safe(character.name)} strikes back.")
        before = scene.state.combatant(mover.id)
        if music.musical(caverns_sheet(character)):
            music.sick_beat(scene, victim, before, hit_back)
        else:
            hurt_npc(scene, before, hit_back, by=victim)
            if roll.total < BATTLE_HIT or mover.damage == 0:
                riposte(scene, victim, character, before, hit_back)
    applied = roll.total >= BATTLE_HIT and specials.flourish_on_hit(mover)  # with the hit
    flow = forceful and doubles and not own_flourish(mover)  # Flow's Forceful is its Flourish
    if shielded and (specials.has_flourish(mover) or flow):
        scene.say(f"{safe(victim.name)}'s Entourage turns the Flourish aside (l. 383).")
    elif flow:
        scene.say(f"Doubles: Forceful (Flow Like the River) on {safe(victim.name)}.")
        shove(scene, scene.state.combatant(victim.id))
    elif (
        not shielded
        and not applied
        and not (doubles and enemy_poison(services, scene, mover, victim, roll))
    ):
        bound = Condition.BOUND in scene.conditions_of(victim)
        creature_flourish(scene, mover, victim, roll)
        if not bound and Condition.BOUND in scene.conditions_of(victim):
            specials.bound_by(scene, scene.state.combatant(mover.id), victim)  # l. 451, 494


def _all_around(
    scene: Scene, cloier: Combatant, named: Combatant, doubles: bool, damage: int
) -> None:
    """The Cloier's Damage divided as equally as possible among every character in its melee
    range, the one it rolled against first (l. 607)."""
    melee = RANGE_ROWS[Range.MELEE]
    around = [named] + [
        c
        for c in scene.state.players()
        if c.id != named.id and rows_between(cloier, c) <= melee and may_attack(cloier, c)
    ]
    scene.say(f"{safe(cloier.name)} attacks all around: {len(around)} in its reach.")
    for fighter, share in zip(around, split_damage(damage, len(around)), strict=True):
        hit = scene.character(fighter)
        specials.enemy_hits(
            scene, cloier, hit, scene.state.combatant(fighter.id), doubles, share, by=cloier
        )


def _against_creature(
    services: Services, scene: Scene, mover: Combatant, victim: Combatant
) -> None:
    """A creature against another side's creature (or a Paranoid one against its own): the
    same bands, its armour taking from each blow (RULINGS)."""
    roll = _roll(services, scene, mover, victim, victim.attribute(Attribute.WIND), [])
    answers = (
        roll.total < BATTLE_SAFE
        and in_reach(victim, mover, None)
        and battle_conditions.strikes_back(scene, victim)
    )
    if roll.total >= BATTLE_HIT:
        hurt_npc(scene, victim, mover.damage + turn_damage(scene, mover), by=mover)
    else:
        scene.say(f"Under {BATTLE_HIT}: a miss.")
    if answers:
        scene.say(f"Under {BATTLE_SAFE}: {safe(victim.name)} strikes back.")
        hurt_npc(scene, scene.state.combatant(mover.id), counter_damage(victim, mover), by=victim)
    if is_doubles(roll) and not enemy_poison(services, scene, mover, victim, roll):
        creature_flourish(scene, mover, victim, roll)


# --- Advance and Flee ------------------------------------------------------------------------


def enemy_advance(services: Services, scene: Scene, mover: Combatant) -> bool:
    """Advance! for an enemy (l. 289-292): 2d6 + its Fire, Prone −3, Illusory Wall's −1 per
    Illusion in the row; it advances whatever the roll; 10+ +1 Damage for the rest of the
    turn; 7+ it may still act this turn. True when it may."""
    if mover.row is Row.FRONT:
        raise PawpostError(f"{safe(mover.name)} is in its front row already.")
    modifiers = [
        Modifier(value=mover.attribute(Attribute.FIRE), reason=Attribute.FIRE.label),
        *harmony_battle.passion(scene, mover, mover.attribute(Attribute.FIRE)),
        *battle_conditions.npc_modifiers(scene, mover, Move.ADVANCE),
        *enemy_advance_modifiers(scene, mover),
        *specials.roll_modifiers(scene, mover),
    ]
    roll = plain_roll(services.dice, f"{mover.name} advances", modifiers)
    band = band_of(roll.total)
    scene.state = replace(scene.state, mover.model_copy(update={"row": Row.FRONT}))
    scene.say(f"{safe(mover.name)} advances to its front row: **{band.value}**.", roll)
    after_enemy_move(scene, mover, "advance")
    if band is Band.STRONG:
        strong_advance(scene, mover)
    if band is Band.MISS:
        scene.say("6-: the advance takes its action.")
        return False
    scene.say(f"7+: {safe(mover.name)} may still act this turn (/enemy act).")
    return True


def enemy_flee(services: Services, scene: Scene, mover: Combatant) -> None:
    """Flee! for an enemy: a plain 2d6 + its attribute for the route (RULINGS)."""
    route = flee_route(scene.state, mover)
    attribute = flee_attribute(mover, route.attribute)  # a Rockeater's Metal
    roll = plain_roll(
        services.dice,
        f"{mover.name} flees",
        [
            Modifier(value=mover.attribute(attribute), reason=attribute.label),
            *harmony_battle.passion(scene, mover, mover.attribute(attribute)),
            *enemy_flee_modifiers(scene, mover),
            *battle_conditions.npc_modifiers(scene, mover, Move.FLEE),
            *specials.roll_modifiers(scene, mover),
        ],
    )
    band: Band = band_of(roll.total)
    scene.say(f"{safe(mover.name)} flees ({route.value}): **{band.value}**.", roll)
    scene.state = fled(scene.state, scene.state.combatant(mover.id), route, band)
    battle_conditions.fled(scene, mover, band)
    after_enemy_move(scene, mover, "flee")


def lure(scene: Scene, fisher: Combatant, targets: str | None) -> None:
    """The Cave Fisher's Lure (l. 444): on its first turn, three enemies become Entranced."""
    if fisher.acted:
        raise PawpostError("The Cave Fisher lures only on its first turn in battle.")
    names = items(targets)
    if not 1 <= len(names) <= CAVE_FISHER_LURED:
        raise PawpostError(f"Name up to {CAVE_FISHER_LURED} characters it lures: A, B, C.")
    for name in names:
        victim = scene.state.by_name(name)
        if victim.character_id is None or not victim.present:
            raise PawpostError(f"{safe(victim.name)} is not a character still in the battle.")
        scene.afflict(
            victim, Condition.ENTRANCEMENT, note=fisher.name, by="the Cave Fisher's glowing orb"
        )
