"""Flourishes in a battle (book l. 294-297, 373-378, 155-165): after an attack's doubles (or a
paid Assault, or a Riposte) the attacker's player picks one with a button, and the bot applies
it: a condition, Destructive (the hit ignores armour), Forceful (a shove into the back row) or
Area (`/battle area` divides the damage). An enemy's doubles apply its creature's Flourish."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.actions.caverns.battle.scene import STALE, Scene, hurt_npc, open_battle, pressed_battle
from bot.actions.caverns.common import catalogue, caverns_sheet
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Button, Reply, Style
from rules.caverns.battle.bestiary import find_creature
from rules.caverns.battle.flourishes import (
    GREATER_IMPLEMENT_FLOURISH,
    LUNGE_RANGE,
    AttackWith,
    Boost,
    PendingFlourish,
    attack_with,
    available_flourishes,
    check_split,
    flourish_label,
    parse_flourish,
    parse_split,
)
from rules.caverns.battle.rows import PARTY, Combatant, Row, close_lines, in_reach, replace
from rules.caverns.catalogue import Flourish, Range, Special
from rules.caverns.conditions import Condition
from rules.caverns.constants import ARMOUR_BLOCKS, BATTLE_HIT, FLOURISHES_PER_ATTACK
from rules.caverns.moves import BattleResult
from rules.caverns.party.harmony_skills import HarmonyBenefit
from rules.caverns.rolling import is_doubles
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skills.hunting import trapper_flourish
from rules.caverns.skills.nature import tree_form_range
from rules.errors import PawpostError
from rules.rolls import Roll
from storage.models import Character

if TYPE_CHECKING:
    from bot.actions.buttons import ButtonHandler, Press

AREA = "caverns-flourish"
DECLINE = "none"
RIPOSTE = "combat:riposte"


# --- Before the roll -----------------------------------------------------------------------


def armed(
    scene: Scene, sheet: CavernsSheet, fighter: Combatant, foe: Combatant, boost: Boost | None
) -> AttackWith:
    """What the attack is made with; a target out of reach is refused (Lunge reaches one row
    further with a melee weapon, l. 161, and is refused where it is not needed)."""
    lunge = boost is Boost.LUNGE
    if lunge and in_reach(fighter, foe):
        raise PawpostError(f"{safe(foe.name)} is in your reach already; Lunge is not needed.")
    if not in_reach(fighter, foe) and not (lunge and in_reach(fighter, foe, LUNGE_RANGE)):
        raise PawpostError(f"{safe(foe.name)} is out of your {fighter.range.value} reach.")
    known = catalogue(scene.tx, scene.guild)
    envenomed = sheet.envenomed.weapon if sheet.envenomed is not None else None
    hands = hands_of(fighter)
    return attack_with(
        sheet, known, lambda weapon: in_reach(fighter, foe, weapon), lunge=lunge,
        prefer=fighter.main_hand or envenomed, held=hands,
    )  # fmt: skip


# --- After the roll ------------------------------------------------------------------------


def hands_of(fighter: Combatant) -> tuple[str, ...] | None:
    """The items in the fighter's hands, once it has said (l. 370); None: not said."""
    if fighter.main_hand is None:
        return None
    return tuple(name for name in (fighter.main_hand, fighter.off_hand) if name)


def _soaked(before: Combatant, after: Combatant, amount: int) -> int:
    """How much of the hit the NPC's armour negated (harm_npc spends a piece while it has one)."""
    return min(amount, ARMOUR_BLOCKS) if amount > 0 and after.armour < before.armour else 0


def battle_flourishes(scene: Scene, fighter: Combatant) -> tuple[Flourish, ...]:
    """What the battle adds to every attack of this fighter: Trapper's third condition."""
    trapped = trapper_flourish(scene.state, fighter.id)
    return () if trapped is None else (trapped,)


def any_flourish(
    scene: Scene, fighter: Combatant, result: BattleResult, boost: Boost | None, attack: AttackWith
) -> bool:
    """Whether this attack had a Flourish (or an envenomed weapon's poison) to apply at all."""
    options = available_flourishes(
        result.sheet, attack, boost=boost, damage=result.foe_loses,
        battle=battle_flourishes(scene, fighter),
    )  # fmt: skip
    return bool(options) or result.sheet.envenomed is not None


def on_doubles(
    scene: Scene,
    fighter: Combatant,
    before: Combatant,
    result: BattleResult,
    boost: Boost | None,
    attack: AttackWith,
    melded: tuple[Flourish, ...] = (),
) -> None:
    """The one place an attack's doubles are handled: Greater Implement's paid Forceful, then
    the Flourishes offered (one on doubles; Assault one without and two with, l. 155);
    `melded`: the Flourish an implement gains at the site its wielder melded (l. 172, 181)."""
    picked: tuple[Flourish, ...] = ()
    if boost is Boost.GREATER_IMPLEMENT:
        scene.say("Greater Implement: the attack is Forceful.")
        shove(scene, scene.state.combatant(before.id))
        picked = (GREATER_IMPLEMENT_FLOURISH,)
    if not result.flourishes:
        return
    dealt = result.foe_loses
    extra = (*battle_flourishes(scene, fighter), *melded)
    options = available_flourishes(result.sheet, attack, boost=boost, damage=dealt, battle=extra)
    options = tuple(f for f in options if f not in picked)
    if before.character_id is not None:  # an ally a Paranoid attacker struck: no Area to share
        options = tuple(f for f in options if f is not Special.AREA)
    why = "Doubles"
    if boost is Boost.ASSAULT:
        why = "Assault and doubles" if is_doubles(result.roll) else "Assault"
    if not options:
        scene.say(f"{why}, but {safe(attack.name)} gives this attack no Flourish to apply.")
        return
    after = scene.state.combatant(before.id)
    reach = tree_form_range(result.sheet, LUNGE_RANGE if boost is Boost.LUNGE else attack.range)
    _offer(
        scene, fighter, before, options, result.flourishes, dealt,
        _soaked(before, after, dealt), reach=reach,
    )  # fmt: skip
    count = "a Flourish" if result.flourishes == 1 else f"{result.flourishes} Flourishes"
    scene.say(f"{why}: {safe(fighter.name)} may apply {count} (the buttons below), or none.")


def _offer(
    scene: Scene,
    fighter: Combatant,
    target: Combatant,
    options: tuple[Flourish, ...],
    picks: int,
    damage: int,
    soaked: int,
    *,
    riposte: bool = False,
    reach: Range | None = None,
) -> None:
    pending = PendingFlourish(
        attacker=fighter.id,
        attacker_name=fighter.name,
        target=target.id,
        options=options,
        picks=min(picks, len(options)),
        version=scene.read_version + 1,
        damage=damage,
        health_before=target.health,
        armour_before=target.armour,
        soaked={target.id: soaked} if soaked else {},
        riposte=riposte,
        reach=reach,
    )
    scene.state = scene.state.model_copy(update={"flourish": pending})


def riposte(
    scene: Scene, victim: Combatant, character: Character, before: Combatant, hit_back: int
) -> None:
    """Riposte (l. 157): an opponent attacked and did no damage; the counter attack may apply a
    Flourish without doubles."""
    sheet = caverns_sheet(character)
    if not sheet.has_skill(RIPOSTE):
        return
    known = catalogue(scene.tx, scene.guild)
    guard = victim.off_hand or victim.main_hand  # the off hand's traits when attacked (l. 370)
    attack = attack_with(
        sheet, known, lambda weapon: in_reach(victim, before, weapon), prefer=guard,
        held=hands_of(victim),
    )  # fmt: skip
    extra = battle_flourishes(scene, victim)
    options = available_flourishes(sheet, attack, damage=hit_back, battle=extra)
    if not options:
        scene.say(f"Riposte, but {safe(attack.name)} gives the counter attack no Flourish.")
        return
    after = scene.state.combatant(before.id)
    fighter = scene.state.combatant(victim.id)
    soaked = _soaked(before, after, hit_back)
    _offer(
        scene, fighter, before, options, FLOURISHES_PER_ATTACK, hit_back, soaked, riposte=True,
        reach=tree_form_range(sheet, attack.range),
    )  # fmt: skip
    scene.say(
        f"Riposte: {safe(fighter.name)} may apply a Flourish to the counter attack (the "
        "buttons below), or none."
    )


def own_flourish(mover: Combatant) -> bool:
    """Whether an enemy's creature has a Flourish of its own (the bestiary's D column)."""
    return mover.creature is not None and find_creature(mover.creature).flourish is not None


def creature_flourish(scene: Scene, mover: Combatant, victim: Combatant, roll: Roll) -> None:
    """An enemy's doubles: its creature's Flourish (the bestiary's D column) on the character
    it attacked, applied at once; immunities refuse a condition."""
    if not is_doubles(roll) or mover.creature is None:
        return
    flourish = find_creature(mover.creature).flourish
    if flourish is None:
        scene.say(f"Doubles, but {safe(mover.name)} has no Flourish.")
        return
    target = scene.state.combatant(victim.id)
    if not target.present:
        return
    scene.say(f"Doubles: {safe(mover.name)}'s Flourish, {flourish_label(flourish)}.")
    if isinstance(flourish, Condition):
        scene.afflict(target, flourish, from_flourish=True)
    elif flourish is Special.DESTRUCTIVE:
        if roll.total >= BATTLE_HIT:
            fresh = scene.read_version + 1
            kept = [h for h in scene.state.hits if h.combatant != target.id or h.version != fresh]
            scene.state = scene.state.model_copy(update={"hits": kept})
            scene.say(f"Destructive: {safe(target.name)}'s armour cannot stop that hit.")
    elif flourish is Special.FORCEFUL:
        shove(scene, target)
    else:
        scene.say("Area: the MC divides its damage among the party.")


# --- Applying a pick -----------------------------------------------------------------------


def shove(scene: Scene, target: Combatant) -> None:
    """Forceful (l. 378): a target in its front row is shoved into its back row."""
    name = safe(target.name)
    if not target.present:
        scene.say(f"Forceful: {name} is out of the fight.")
        return
    if target.character_id is not None and caverns_sheet(scene.character(target)).has_benefit(
        HarmonyBenefit.UNMOVABLE
    ):
        scene.say(f"Forceful: {name} cannot be moved (Flow Like the River).")
        return
    if target.row is Row.BACK:
        scene.say(f"Forceful: {name} is in its back row already.")
        return
    scene.state = close_lines(replace(scene.state, target.model_copy(update={"row": Row.BACK})))
    if scene.state.combatant(target.id).row is Row.FRONT:
        scene.say(
            f"Forceful: {name} is shoved back, but with nobody else in its front row the line "
            "closes up again."
        )
    else:
        scene.say(f"Forceful: {name} is shoved into its back row.")


def _bare_hit(scene: Scene, victim: Combatant, amount: int, by: Combatant) -> None:
    """A hit no armour stops: the NPC (as given: a piece given back) keeps its pieces."""
    scene.state = replace(scene.state, victim)
    hurt_npc(scene, scene.state.combatant(victim.id), amount, by, ignore_armour=True)


def _destructive(scene: Scene, pending: PendingFlourish) -> PendingFlourish:
    """Destructive (l. 377): the armour spent against this attack is not spent, and what it
    negated is lost after all."""
    undone = False
    for combatant_id, soaked in pending.soaked.items():
        victim = scene.state.combatant(combatant_id)
        if soaked and victim.present:
            scene.say(f"Destructive: {safe(victim.name)}'s armour does not stop the blow.")
            given = victim.model_copy(update={"armour": victim.armour + 1})
            _bare_hit(scene, given, soaked, scene.state.combatant(pending.attacker))
            undone = True
    if not undone:
        scene.say("Destructive: no armour stood in the way.")
    return pending.model_copy(update={"soaked": {}})


def _apply(scene: Scene, pending: PendingFlourish, flourish: Flourish) -> PendingFlourish:
    target = scene.state.combatant(pending.target)
    scene.say(f"{safe(pending.attacker_name)}'s Flourish: {flourish_label(flourish)}.")
    if isinstance(flourish, Condition):
        if target.present:
            scene.afflict(target, flourish, from_flourish=True)
        else:
            scene.say(f"{safe(target.name)} is out of the fight; the Flourish holds nobody.")
    elif flourish is Special.DESTRUCTIVE:
        return _destructive(scene, pending)
    elif flourish is Special.FORCEFUL:
        shove(scene, target)
    else:
        scene.say(
            f"Area: {safe(pending.attacker_name)} divides the {pending.damage} Damage between "
            'enemies in reach with /battle area targets:"A 1, B 1".'
        )
        return pending.model_copy(update={"area_owed": True})
    return pending


def _carry(scene: Scene, pending: PendingFlourish | None) -> None:
    """Store what still waits for the next version, and keep the exchange's hit open to
    armour (its button is of the version read)."""
    version = scene.read_version + 1
    waiting = pending is not None and (pending.open_options or pending.area_owed)
    kept = pending.model_copy(update={"version": version}) if waiting and pending else None
    hits = [
        h.model_copy(update={"version": version}) if h.version == scene.read_version else h
        for h in scene.state.hits
    ]
    scene.state = scene.state.model_copy(update={"flourish": kept, "hits": hits})


def _attacker(scene: Scene, pending: PendingFlourish, actor: Actor) -> Character:
    found = scene.character(scene.state.combatant(pending.attacker))
    if found.owner_id != actor.user_id:
        raise PawpostError(f"Only {safe(found.name)}'s player picks its Flourish.")
    return found


@runs_in_database
def flourish_pressed(
    services: Services, actor: Actor, combat_id: int, choice: str, version: int
) -> Reply:
    """A Flourish button (or No flourish): for the offer of that state version only, by the
    attacker's player."""
    now = services.clock()
    with services.db.transaction() as tx:
        scene = pressed_battle(tx, actor, combat_id, version)
        pending = scene.state.flourish
        if pending is None or pending.version != version:
            raise PawpostError(STALE)
        found = _attacker(scene, pending, actor)
        if choice == DECLINE:
            scene.say(f"{safe(found.name)} uses no Flourish.")
            _carry(scene, pending.model_copy(update={"picks": 0}))
            return with_flourish_buttons(
                scene, scene.commit(actor, "flourish", f"{found.name} declines a Flourish", now)
            )
        flourish = parse_flourish(choice)
        if flourish not in pending.open_options:
            raise PawpostError(f"{flourish_label(flourish)} is not on offer for this attack.")
        chosen = _apply(scene, pending, flourish)
        chosen = chosen.model_copy(
            update={"picked": (*chosen.picked, flourish), "picks": chosen.picks - 1}
        )
        _carry(scene, chosen)
        summary = f"{found.name}'s Flourish: {flourish_label(flourish)}"
        return with_flourish_buttons(scene, scene.commit(actor, "flourish", summary, now))


@runs_in_database
def divide_area(
    services: Services, actor: Actor, targets: str, character: str | None = None
) -> Reply:
    """`/battle area`: the attacker who picked Area divides the attack's Damage between
    enemies in reach ("Brigand 1, Brigand 2 1"); each share is a hit of its own."""
    split = parse_split(targets)
    now = services.clock()
    with services.db.transaction() as tx:
        guild, scene = open_battle(tx, actor)
        pending = scene.state.flourish
        if pending is None or not pending.area_owed or pending.version != scene.read_version:
            raise PawpostError("No Area damage is waiting to be divided.")
        found = acting_character(tx, actor, guild, character)
        attacker = scene.state.combatant(pending.attacker)
        if attacker.character_id != found.id:
            raise PawpostError(f"Only {safe(pending.attacker_name)}'s player divides its damage.")
        shares: dict[int, int] = {}
        for name, amount in split:
            enemy = scene.state.by_name(name)
            if enemy.id != pending.target:  # the one struck stands again when the hit is undone
                paranoid = Condition.PARANOIA in scene.conditions_of(attacker)
                if (enemy.side == PARTY and not paranoid) or not enemy.is_npc or not enemy.present:
                    raise PawpostError(f"{safe(enemy.name)} is not an enemy still in the battle.")
                if not in_reach(attacker, enemy, pending.reach):
                    raise PawpostError(
                        f"{safe(enemy.name)} is out of the reach of {safe(attacker.name)}'s attack."
                    )
            shares[enemy.id] = shares.get(enemy.id, 0) + amount
        check_split(shares, pending.damage)
        target = scene.state.combatant(pending.target)
        undone = {"health": pending.health_before, "armour": pending.armour_before, "dead": False}
        scene.state = replace(scene.state, target.model_copy(update=undone))
        scene.say(f"{safe(found.name)} divides the blow: the hit on {safe(target.name)} is undone.")
        bare = Special.DESTRUCTIVE in pending.picked
        soaked: dict[int, int] = {}
        for enemy_id, amount in shares.items():
            before = scene.state.combatant(enemy_id)
            if bare:
                _bare_hit(scene, before, amount, attacker)
            else:
                hurt_npc(scene, before, amount, attacker)
                soaked[enemy_id] = _soaked(before, scene.state.combatant(enemy_id), amount)
        _carry(scene, pending.model_copy(update={"area_owed": False, "soaked": soaked}))
        summary = f"{found.name} divides the Area damage"
        return with_flourish_buttons(scene, scene.commit(actor, "area", summary, now))


# --- Buttons -------------------------------------------------------------------------------


def flourish_buttons(scene: Scene) -> list[Button]:
    """One button per Flourish still on offer, and No flourish, for the state just stored."""
    pending = scene.state.flourish
    if pending is None or pending.version != scene.state.version or not pending.open_options:
        return []
    base = f"pawpost:{AREA}:{scene.combat.id}"
    version = scene.state.version
    picks = [
        Button(
            label=f"Flourish: {flourish_label(f)}",
            custom_id=f"{base}:{f.value}:{version}",
            style=Style.primary,
        )
        for f in pending.open_options
    ]
    return [*picks, Button(label="No flourish", custom_id=f"{base}:{DECLINE}:{version}")]


def with_flourish_buttons(scene: Scene, reply: Reply) -> Reply:
    """The reply of a committed action, with the Flourish buttons of what waits."""
    buttons = flourish_buttons(scene)
    if not buttons:
        return reply
    return reply.model_copy(update={"buttons": [*reply.buttons, *buttons]})


async def _pressed(services: Services, actor: Actor, press: Press) -> Reply:
    return await flourish_pressed(services, actor, press.id, press.verb, press.arg or 0)


FLOURISH_BUTTONS: dict[tuple[str, str], ButtonHandler] = {
    (AREA, choice): _pressed
    for choice in (DECLINE, *(c.value for c in Condition), *(s.value for s in Special))
}
