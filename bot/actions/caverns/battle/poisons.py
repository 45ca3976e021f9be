"""Poisons in play (book l. 387-402): `/envenom` at the party's Short Rest, a dose delivered
instead of a Flourish (an envenomed weapon, an Adorath's or Assassin's) or by Stealth's
Blowgun, Athletics' Immunity rolled on exposure, and the poisoning suffered on each action."""

from __future__ import annotations

from collections.abc import Mapping

from bot.actions import audit
from bot.actions.caverns.battle.scene import Scene
from bot.actions.caverns.common import (
    catalogue,
    caverns_sheet,
    party_of,
    require_caverns,
    save,
)
from bot.actions.caverns.skills.common import is_foe
from bot.actions.caverns.skills.turn import BattleSkill, SkillTurn
from bot.actions.context import Actor, Services, runs_in_database
from bot.actions.formatting import safe
from bot.actions.lookup import acting_character
from bot.actions.reply import Reply
from rules.caverns.battle.poisons import (
    BLOWGUN_TARGETS,
    PoisonedAction,
    blowgun_targets,
    carried_poison,
    creature_poison,
    deliver,
    describe,
    describe_envenoming,
    envenom,
    lose_harmony,
    poisoned_action,
    poisons_with,
    suffer,
    use_up,
)
from rules.caverns.battle.rows import Combatant, replace
from rules.caverns.catalogue import (
    STARTER_CATALOGUE,
    CatalogueItem,
    Poison,
    Range,
    find_item,
    find_poison,
)
from rules.caverns.conditions import Condition
from rules.caverns.party.rests import RestKind
from rules.caverns.records import Poisoning
from rules.caverns.sheet import CavernsSheet
from rules.caverns.skill_uses import resist_poison
from rules.caverns.wording import signed
from rules.errors import PawpostError
from rules.rolls import Roll
from storage.caverns import caverns
from storage.repositories import Transaction
from storage.settings import Guild

POISONED = " to the poison"  # how its Health loss is told
# What carries a creature's poison, for the story (l. 502, 559).
CREATURE_WEAPONS: Mapping[str, str] = {"Adorath": "tentacles", "Assassin": "dagger"}

# --- Envenoming at a Short Rest ------------------------------------------------------------


def _poison_item(tx: Transaction, guild: Guild, name: str) -> CatalogueItem:
    """The poison as the server's catalogue sells it (the starter's, if an admin removed it)."""
    try:
        return find_item(name, catalogue(tx, guild))
    except PawpostError:
        return find_item(find_poison(name).name, STARTER_CATALOGUE)


@runs_in_database
def envenom_weapon(
    services: Services, actor: Actor, weapon: str, poison: str, character: str | None = None
) -> Reply:
    """`/envenom`: during the party's Short Rest (its latest rest is a Short Rest and the
    character has not fought since), envenom one weapon with a dose of poison it carries."""
    now = services.clock()
    with services.db.transaction() as tx:
        guild = tx.guilds.get(actor.guild_id)
        require_caverns(guild)
        found = acting_character(tx, actor, guild, character)
        party = party_of(tx, guild, found, actor, now)
        tables = caverns(tx)
        if tables.battles.fighting(guild.guild_id, [found.id]):
            raise PawpostError(
                f"{safe(found.name)} is in a battle; weapons are envenomed during a Short Rest."
            )
        latest = tables.rests.latest(guild.guild_id, party.id)
        if latest is None or latest.kind != RestKind.SHORT.value:
            raise PawpostError(
                "Weapons are envenomed during a Short Rest, and the party's last rest is not "
                "one: rest with /rest short first."
            )
        goods = catalogue(tx, guild)
        sheet = envenom(
            caverns_sheet(found),
            find_item(weapon, goods),
            _poison_item(tx, guild, poison),
            latest.id,
        )
        save(tx, found, sheet)
        envenomed = sheet.envenomed
        assert envenomed is not None
        summary = describe_envenoming(envenomed)
        tx.audit.add(audit.entry(actor, "envenom", summary, now, character=found))
    return Reply(
        title=f"{safe(found.name)} envenoms a weapon",
        lines=[
            f"{safe(found.name)} envenoms the {safe(envenomed.weapon)} with "
            f"{envenomed.poison} (the dose is used up).",
            f"Until the next rest its Flourishes are gone: on doubles it delivers "
            f"{envenomed.poison} instead.",
        ],
    )


def close_envenoming(scene: Scene, fighter: Combatant) -> None:
    """A character acting in battle has left the party's Short Rest behind: its envenoming of
    that rest, if unused, is spent (the party has moved on)."""
    if fighter.character_id is None:
        return
    tables = caverns(scene.tx)
    membership = tables.parties.membership(fighter.character_id)
    latest = (
        None if membership is None else tables.rests.latest(scene.guild.guild_id, membership[0])
    )
    if latest is None or latest.kind != RestKind.SHORT.value:
        return
    found = scene.character(fighter)
    sheet = caverns_sheet(found)
    if sheet.envenom_rest != latest.id:
        save(scene.tx, found, sheet.model_copy(update={"envenom_rest": latest.id}))


# --- Delivery ------------------------------------------------------------------------------


def expose(services: Services, scene: Scene, victim: Combatant, poison: Poison, by: str) -> None:
    """One dose reaches the victim: a character with Immunity rolls Water first (4+ shrugs it
    off, l. 198); else the potency joins its duration and the effect its set (l. 389)."""
    victim = scene.state.combatant(victim.id)
    if not victim.present:
        return
    name = safe(victim.name)
    if victim.character_id is None:
        delivered = deliver(victim.poisoning, poison)
        scene.state = replace(
            scene.state, victim.model_copy(update={"poisoning": delivered.poisoning})
        )
    else:
        found = scene.character(victim)
        sheet = caverns_sheet(found)
        if sheet.has_skill("athletics:immunity"):
            rolled = resist_poison(sheet, services.dice)
            save(scene.tx, found, rolled.sheet)
            scene.say(f"{name} is exposed to {poison.name}: Immunity's roll.", rolled.roll)
            if rolled.roll.succeeded:
                scene.say(f"**Shrugged off**: the {poison.name} does nothing to {name}.")
                return
            sheet = rolled.sheet
        delivered = deliver(sheet.poisoning, poison)
        save(scene.tx, found, sheet.model_copy(update={"poisoning": delivered.poisoning}))
    scene.say(f"{by} delivers {poison.name} to {name}: {describe(delivered.poisoning)}.")
    for condition in delivered.conditions:
        scene.afflict(victim, condition, note=poison.name)


def deliver_poison(
    services: Services,
    scene: Scene,
    attacker: Combatant,
    victim: Combatant,
    weapon: str | None = None,
) -> bool:
    """Where an attack would give a Flourish: an envenomed weapon delivers its poison instead
    (l. 389). True when it did (the Flourish is not used, even if Immunity shrugs the dose
    off or the blow already killed the victim); False: no envenomed weapon in this attack."""
    if attacker.character_id is None:
        return False
    found = scene.character(attacker)
    sheet = caverns_sheet(found)
    poison = poisons_with(sheet, weapon)
    if poison is None or sheet.envenomed is None:
        return False
    by = f"{safe(found.name)}'s envenomed {safe(sheet.envenomed.weapon)}"
    scene.say(f"{by} cannot Flourish; it delivers its poison instead.")
    expose(services, scene, victim, poison, by)
    return True


def enemy_poison(
    services: Services, scene: Scene, mover: Combatant, victim: Combatant, roll: Roll
) -> bool:
    """An enemy's doubles with poisoned weapons (the Adorath's tentacles, the Assassin's
    daggers: see CREATURE_POISONS) deliver a poison instead of a Flourish. True when one was
    delivered."""
    poison = creature_poison(mover.creature, roll.dice[0].face)
    ranged = mover.creature == "Adorath" and mover.range is not Range.MELEE
    if poison is None or ranged:  # the Adorath is Ranged OR Poisoned (l. 505)
        return False
    weapon = CREATURE_WEAPONS.get(mover.creature or "", "attack")
    expose(services, scene, victim, poison, f"{safe(mover.name)}'s poisoned {weapon}")
    return True


# --- The poisoning, on each action ---------------------------------------------------------


def _poisoning(scene: Scene, fighter: Combatant) -> Poisoning | None:
    if fighter.character_id is None:
        return scene.state.combatant(fighter.id).poisoning
    return caverns_sheet(scene.character(fighter)).poisoning


def poisoned_turn(services: Services, scene: Scene, fighter: Combatant) -> bool:
    """Before a poisoned combatant acts (l. 389): it suffers its poisoning's effects, then the
    duration drops by one; at 0 (or after Charybdon) the poisoning ends. False when the
    poison leaves it unable to act: dead, or fallen Asleep."""
    close_envenoming(scene, fighter)
    poisoning = _poisoning(scene, fighter)
    if poisoning is None:
        return True
    name = safe(fighter.name)
    action = poisoned_action(poisoning)
    scene.say(f"{name} suffers the poisoning ({', '.join(poisoning.poisons)}).")
    asleep = False
    for condition in action.conditions:
        took = scene.afflict(fighter, condition, note="poison")
        asleep = asleep or (took and condition is Condition.SLEEPING)
    dead = _losses(scene, fighter, action)
    if action.charybdon:
        scene.say(f"The Charybdon has done its work: {name}'s poisoning ends.")
    elif action.poisoning is None:
        scene.say(f"The poison runs its course: {name} is no longer poisoned.")
    else:
        scene.say(f"{name} stays poisoned: {action.poisoning.duration} turn(s) left.")
    if asleep and not dead:
        scene.say(f"{name} falls Asleep and cannot act.")
    return not dead and not asleep


def _losses(scene: Scene, fighter: Combatant, action: PoisonedAction) -> bool:
    """Health and Harmony lost to the poison (armour does not stop it: it is in the blood;
    Anesthesia, Death Prophesy and Vitality do, as against any harm) and the poisoning kept;
    True when the victim dies of it (and then keeps no poisoning)."""
    from bot.actions.caverns.battle.scene import hurt_character, hurt_npc

    name = safe(fighter.name)
    health, harmony = action.health_lost, action.harmony_lost
    if fighter.character_id is None:
        current = scene.state.combatant(fighter.id)
        mood = lose_harmony(current.harmony, harmony)
        kept = current.model_copy(update={"harmony": mood, "poisoning": action.poisoning})
        scene.state = replace(scene.state, kept)
        if health:
            hurt_npc(scene, kept, health, ignore_armour=True, attack=False, cause=POISONED)
        if harmony:
            scene.say(f"{name} loses {harmony} Harmony to the poison ({signed(mood)}).")
        dead = not scene.state.combatant(fighter.id).present
        if dead:
            gone = scene.state.combatant(fighter.id).model_copy(update={"poisoning": None})
            scene.state = replace(scene.state, gone)
        return dead
    found = scene.character(fighter)
    sheet = suffer(caverns_sheet(found), action.model_copy(update={"health_lost": 0}))
    save(scene.tx, found, sheet)
    if harmony:
        scene.say(f"{name} loses {harmony} Harmony to the poison ({signed(sheet.harmony)}).")
    if health:
        fighter = scene.state.combatant(fighter.id)
        hurt_character(
            scene, found, fighter, health, preventable=False, attack=False, cause=POISONED
        )
    if caverns_sheet(found).is_dead:
        save(scene.tx, found, caverns_sheet(found).model_copy(update={"poisoning": None}))
        return True
    return False


# --- Stealth's Blowgun ---------------------------------------------------------------------


def _blowgun(turn: SkillTurn) -> None:
    """Blowgun (l. 271): up to three enemies, any row, are afflicted with one poison; the
    dose comes from the user's equipment and is used up (one dose for the three darts)."""
    scene = turn.scene
    poison_name, names = blowgun_targets(turn.text)
    victims = [scene.state.by_name(n) for n in names]
    for victim in victims:
        if not is_foe(scene, turn.fighter, victim):  # anyone, for the Paranoid (l. 363)
            raise PawpostError(f"{safe(victim.name)} is not an enemy still in the battle.")
    found = turn.character
    sheet = caverns_sheet(found)
    poison, dose = carried_poison(sheet, poison_name)
    save(scene.tx, found, use_up(sheet, dose))
    scene.say(
        f"{safe(found.name)} fires a blowgun: {poison.name} darts at "
        + ", ".join(safe(v.name) for v in victims)
        + f" (a dose used up; up to {BLOWGUN_TARGETS} enemies)."
    )
    for victim in victims:
        expose(turn.services, scene, victim, poison, f"{safe(found.name)}'s dart")


POISON_SKILLS: Mapping[str, BattleSkill] = {
    "stealth:blowgun": BattleSkill(run=_blowgun, names_combatant=False),
}


# --- What /battle status and the sheet show ------------------------------------------------


def status_note(poisoning: Poisoning | None, sheet: CavernsSheet | None = None) -> str:
    """ ", poisoned: 3 turn(s) (Crotamine), Dagger envenomed with Anatine" for /battle status."""
    parts = [describe(poisoning)]
    if sheet is not None:
        parts.append(describe_envenoming(sheet.envenomed))
    return "".join(f", {part}" for part in parts if part)
